"""Every path of the API is said in words (README.md and docs/), and every path the words name
is one the server serves: docs/api.md says what each entry point takes, and the event's
entry points, the single card, the account and the health check were named nowhere."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


def _shape(path: str) -> str:
    """A path with its parameters unnamed: /api/v1/games/{} (the documents write {game},
    the OpenAPI document {game_id}); a query string and a trailing dot are left out."""
    path = re.sub(r"\{[^}]*\}", "{}", path.split("?", 1)[0])
    return path.rstrip(".,;:")


def _documented() -> tuple[set[str], set[str]]:
    """The paths the documents name whole, and the ends of those named from an elided start
    (`…/entries`, `.../validate/batch`). A path in a JSON example ends at its quote, and an
    address with two slashes together (`/api/v1//health`) is the mistake docs/api.md says
    the API refuses, not a path."""
    whole, ends = set(), set()
    for doc in DOCS:
        for code in re.findall(r"`([^`]*)`", doc.read_text(encoding="utf-8")):
            for found in re.findall(r"(?:/api/v1|…|\.\.\.)/[^\s`\"]*", code):
                if "//" in found:
                    continue
                if found.startswith("/api/v1"):
                    whole.add(_shape(found))
                else:
                    ends.add(_shape(found.lstrip(".…")))
    return whole, ends


def _served(client) -> set[str]:
    return {_shape(path) for path in client.get("/api/v1/openapi.json").get_json()["paths"]}


def test_every_path_served_is_documented(client):
    whole, ends = _documented()
    unsaid = [
        path
        for path in sorted(_served(client))
        if path not in whole and not any(path.endswith(end) for end in ends)
    ]
    assert unsaid == []


def test_every_path_documented_is_served(client):
    whole, _ends = _documented()
    served = _served(client)
    assert sorted(whole - served) == []
