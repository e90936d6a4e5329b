"""The Deckwright site and JSON API: a thin Flask layer over the validator and card pools."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

from cardpool import PoolLibrary, default_pool_dir

MAX_REQUEST_BYTES = 512 * 1024


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app; ``config`` overrides the defaults (tests pass a temp DATABASE)."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "deckwright.sqlite"),
        POOLS=str(default_pool_dir()),
        MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES,
        MAX_BATCH_DECKS=100,
    )
    app.config.from_prefixed_env("DECKWRIGHT")
    if config:
        app.config.update(config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
    app.extensions["deckwright.pools"] = PoolLibrary(Path(app.config["POOLS"]))

    from . import api, db, errors, site
    from .events import api as event_api
    from .events import site as event_site

    db.init_app(app)
    errors.init_app(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(site.bp)
    app.register_blueprint(event_api.bp)
    app.register_blueprint(event_site.bp)
    return app


def _instance_secret(instance: Path) -> str:
    """A signing key kept in the instance folder, so sessions survive restarts and workers agree."""
    path = instance / "secret_key"
    if not path.exists():
        # Written aside then linked into place: workers starting together all read one key.
        draft = instance / f".secret_key.{os.getpid()}"
        draft.write_text(secrets.token_hex(32))
        draft.chmod(0o600)
        try:
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text().strip()
