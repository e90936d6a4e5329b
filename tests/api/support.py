"""Helpers the API tests share: an app on a fresh database, checks on error answers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from webapp import create_app


def make_app(tmp_path: Path, **config):
    """An app whose database is a new file in ``tmp_path``."""
    return create_app({"DATABASE": str(tmp_path / "db.sqlite"), "TESTING": True, **config})


def refusal_at_start(tmp_path: Path, match: str) -> str:
    """The words of the ValueError (matching ``match``) that stops an app's start, with the
    environment as the test set it."""
    with pytest.raises(ValueError, match=match) as refused:
        make_app(tmp_path)
    return str(refused.value)


def error_of(response, status: int) -> dict:
    """The error object of a JSON error answer, after checking its status and shape."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) == {"error"}
    error = body["error"]
    assert set(error) == {"status", "code", "message", "details"}
    assert error["status"] == status
    assert error["message"]
    return error


def path_template(document: dict, method: str, path: str) -> str:
    """The OpenAPI document's path template that ``method`` on ``path`` is an operation of."""
    # The template with the most fixed text first: /decks/{id}.txt before /decks/{id}.
    paths = document["paths"].items()
    for template, operations in sorted(paths, key=lambda p: -len(re.sub("{.*?}", "", p[0]))):
        pattern = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template))
        if method.lower() in operations and re.fullmatch(pattern, path):
            return template
    raise AssertionError(f"{method} {path} is in no path of the document")
