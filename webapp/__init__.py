"""The Deckwright site and JSON API: a thin Flask layer over the validator and card pools."""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from types import FunctionType
from typing import Any

from flask import Flask, Request, Response
from werkzeug.routing import MapAdapter

from cardpool import PoolLibrary, default_pool_dir
from validator.engine import compile_all

from . import addresses
from .json_provider import OrjsonProvider
from .requests import EdgeRequest

MAX_REQUEST_BYTES = 512 * 1024
MAX_DECKLIST_LINES = 1_000


class Deckwright(Flask):
    """Flask, reading every request strictly (:mod:`webapp.requests`), building external
    links on the public URL and logging addresses with their tokens masked
    (:mod:`webapp.addresses`), answering JSON through orjson (:mod:`webapp.json_provider`),
    and asking each hook and view once, not on every request, whether it is a coroutine."""

    request_class = EdgeRequest
    json_provider_class = OrjsonProvider

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sync_functions: dict[Callable[..., Any], Callable[..., Any]] = {}

    def create_url_adapter(self, request: Request | None) -> MapAdapter | None:
        adapter = super().create_url_adapter(request)
        if request is not None:
            addresses.check_host(request)
            if adapter is not None:
                adapter = addresses.public_adapter(self, adapter)
        return adapter

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        # Flask asks this of every hook and view on every request, and inspect's answer costs
        # more than some views. The app's functions never change kind: asked once each.
        if type(func) is not FunctionType:
            return super().ensure_sync(func)
        known = self._sync_functions.get(func)
        if known is None:
            known = self._sync_functions[func] = super().ensure_sync(func)
        return known

    def make_default_options_response(self) -> Response:
        # Flask's answer is a 200 with an empty body labelled text/html: under /api/, where
        # every answer is JSON, a 204 naming the methods taken, labelled nothing.
        from .errors import is_api_request

        response = super().make_default_options_response()
        if is_api_request():
            response.status_code = 204
            del response.headers["Content-Type"]
        return response

    def log_exception(self, exc_info) -> None:
        from flask import request

        self.logger.error(
            "Exception on %s [%s]", addresses.masked_path(), request.method, exc_info=exc_info
        )


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app; ``config`` overrides the defaults (tests pass a temp DATABASE)."""
    app = Deckwright(__name__, instance_relative_config=True)
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "deckwright.sqlite"),
        POOLS=str(default_pool_dir()),
        MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES,
        MAX_BATCH_DECKS=100,
        # The lines of one decklist, and of all the decklists of one request (a batch).
        MAX_DECKLIST_LINES=MAX_DECKLIST_LINES,
        MAX_REQUEST_LINES=10 * MAX_DECKLIST_LINES,
        # Problems listed in one verdict; the rest are counted.
        MAX_PROBLEMS_REPORTED=100,
        # External links (an organizer's admin link) are built on this, never on Host.
        PUBLIC_URL=None,
        RATE_LIMITS={},
        SESSION_COOKIE_SAMESITE="Lax",
    )
    app.config.from_prefixed_env("DECKWRIGHT")
    if config:
        app.config.update(config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
    # Games start from compiled files beside the database; loaded here, before gunicorn
    # (--preload) forks its workers, so that every worker shares the one loaded copy.
    # Partial: a game whose files have problems is left out, the others still served; so is
    # a game whose rule entries do not compile (no deck could be checked against them).
    pools = PoolLibrary(
        Path(app.config["POOLS"]), _pool_cache(app.config), partial=True, vet=compile_all
    )
    app.extensions["deckwright.pools"] = pools
    if not app.testing:
        pools.preload(app.logger)

    _refuse_no_host(app.config.get("TRUSTED_HOSTS"))
    addresses.check_settings(app)
    app.logger.addFilter(addresses.MaskSecrets())

    from . import api, db, decks, errors, headers, limits, requests, site
    from .accounts import api as account_api
    from .accounts import site as account_site
    from .events import api as event_api
    from .events import site as event_site

    # A file an older version left has its saved decks' cards indexed once, at start.
    db.init_app(app, prepare=decks.index_at_start)
    errors.init_app(app)
    headers.init_app(app)
    # Counted first (a flood is refused before its bodies are read), then read strictly.
    limits.init_app(app)
    app.before_request(requests.check_request)
    app.before_request(requests.limit_decklists)
    app.teardown_request(requests.release_decklists)
    app.register_blueprint(api.bp)
    app.register_blueprint(site.bp)
    app.register_blueprint(event_api.bp)
    app.register_blueprint(event_site.bp)
    app.register_blueprint(account_site.bp)
    app.register_blueprint(account_site.public_bp)
    app.register_blueprint(account_api.bp)
    return app


def _refuse_no_host(hosts: Any) -> None:
    """``TRUSTED_HOSTS`` written as no host (``[]``, ``[""]``, ``,``) stops the start, as a
    setting naming something else does (:func:`webapp.addresses.check_settings`): an empty
    list turned the Host check off, trusting every host, and a site trusting none would
    answer no one. Left unset (or set to nothing), it is this machine's own names."""
    names = re.split(r"[\s,]+", hosts) if isinstance(hosts, str) and hosts.strip() else hosts
    if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
        return
    if not any(name.strip() for name in names):
        raise ValueError(
            "TRUSTED_HOSTS names no host, and a site trusting none would answer no one: name"
            " the hosts it answers to, separated by commas (decks.example.org; .example.org"
            " for its subdomains too), or leave it unset for this machine's own names"
        )


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


def _pool_cache(config) -> Path | None:
    """Where compiled games are kept: ``POOL_CACHE`` ("off": nowhere), else a ``pool-cache``
    folder beside the database."""
    configured = config.get("POOL_CACHE")
    if configured is not None:
        off = str(configured).strip().lower() in ("", "off", "0", "no", "false")
        return None if off else Path(configured)
    return Path(config["DATABASE"]).resolve().parent / "pool-cache"
