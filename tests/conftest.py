"""Shared fixtures: the shipped pools, loaded once per test session (they are read-only)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardpool import PoolLibrary, default_pool_dir
from validator import parse_text, validate
from webapp import create_app
from webapp.db import connections

# live_server: the real site under gunicorn, started as the README starts it.
pytest_plugins = ("tests.live",)

REPO = Path(__file__).resolve().parent.parent
RULEBOOKS = REPO.parent / "shared" / "rulebooks"


@pytest.fixture(scope="session", autouse=True)
def pool_cache(tmp_path_factory) -> Iterator[Path]:
    """Compiled games go to a folder of the test session, never to the user's cache; the
    command line and the live server started by tests inherit it."""
    folder = tmp_path_factory.mktemp("pool-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DECKWRIGHT_CACHE", str(folder))
        yield folder


@pytest.fixture(scope="session")
def library() -> PoolLibrary:
    return PoolLibrary(default_pool_dir())


@pytest.fixture(scope="session")
def games(library):
    return library.games()


@pytest.fixture(scope="session")
def era(games):
    return games["era"]


@pytest.fixture(scope="session")
def shadow_era(games):
    return games["shadow-era"]


@pytest.fixture(scope="session")
def ryft(games):
    return games["ryft"]


@pytest.fixture(scope="session")
def arcmage(games):
    return games["arcmage"]


@pytest.fixture(scope="session")
def eruma(games):
    return games["eruma"]


@pytest.fixture
def check():
    """Validate a text decklist: ``check(game, text, format_id=None, as_of=None)``."""

    def run(game, text, format_id=None, as_of=None):
        parsed = parse_text(text, game)
        return validate(parsed.deck, format_id, as_of, parsed.problems)

    return run


@pytest.fixture
def pool_copy(tmp_path) -> Path:
    """A private copy of the shipped pools that a test may edit or break."""
    root = tmp_path / "pools"
    for game_dir in sorted(default_pool_dir().glob("*/game.yaml")):
        shutil.copytree(game_dir.parent, root / game_dir.parent.name)
    return root


@pytest.fixture
def app_config() -> dict:
    """Settings a test folder adds to the app's (override this fixture there)."""
    return {}


@pytest.fixture
def app(tmp_path, library, app_config):
    """The site and API on a fresh database file of this test's own."""
    app = create_app(
        {"DATABASE": str(tmp_path / "deckwright.sqlite"), "TESTING": True, **app_config}
    )
    # The shipped pools are read-only: share the session's loaded copy.
    app.extensions["deckwright.pools"] = library
    yield app
    connections(app).close()


@pytest.fixture
def client(app):
    return app.test_client()
