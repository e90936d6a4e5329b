"""Fixtures for the JSON API: an app on a fresh database per test, and its test client."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.api.support import make_app
from webapp.card_index import compile_pools
from webapp.db import connect, connections

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="session")
def compiled_database(tmp_path_factory, library) -> Path:
    """A database with the shipped pools compiled, made once; tests get copies of it."""
    path = tmp_path_factory.mktemp("compiled") / "pools.sqlite"
    db = connect(path)
    compile_pools(db, library)
    db.close()  # the last connection's close folds the WAL into the file
    return path


@pytest.fixture
def app(tmp_path, library, compiled_database):
    # A fresh database per test, starting as a copy with the pools already compiled:
    # compiling for every test would cost more than most tests.
    shutil.copyfile(compiled_database, tmp_path / "db.sqlite")
    app = make_app(tmp_path)
    # The shipped pools are read-only: share the session's loaded copy instead of
    # reading the YAML again for every test.
    app.extensions["deckwright.pools"] = library
    yield app
    connections(app).close()


@pytest.fixture
def example():
    """The text of a decklist in ``examples/``: ``example("era-legal")``."""

    def read(name: str) -> str:
        return (EXAMPLES / f"{name}.txt").read_text(encoding="utf-8")

    return read


# Example counts stay modest so the suite stays fast; no deadline because a shared
# 2-core machine makes single examples slow at random.
settings.register_profile(
    "deckwright-api",
    deadline=None,
    max_examples=40,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
