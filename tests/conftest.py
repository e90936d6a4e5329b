"""Shared fixtures: the shipped pools, loaded once per test session (they are read-only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardpool import PoolLibrary, default_pool_dir
from validator import parse_text, validate

# live_server: the real site under gunicorn, started as the README starts it.
pytest_plugins = ("tests.live",)

REPO = Path(__file__).resolve().parent.parent
RULEBOOKS = REPO.parent / "shared" / "rulebooks"


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
