"""Fixtures for the HTML pages: an app on a fresh database per test, its client, page helpers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


@pytest.fixture
def csrf_token(client):
    """The token the validation form of this client's session carries."""
    page = client.get("/validate").get_data(as_text=True)
    match = _TOKEN.search(page)
    assert match, "the validation form has no CSRF field"
    return match.group(1)


@pytest.fixture
def example():
    """The text of a decklist in ``examples/``, e.g. ``example("era-legal")``."""

    def read(name: str) -> str:
        return (EXAMPLES / f"{name}.txt").read_text(encoding="utf-8")

    return read
