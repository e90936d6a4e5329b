"""The app asks each of its functions once whether it is a coroutine, not on every request."""

from __future__ import annotations

import importlib.util

import flask.app
import pytest


def test_each_hook_and_view_is_asked_once_whether_it_is_a_coroutine(client, monkeypatch):
    asked = []
    real = flask.app.iscoroutinefunction

    def counted(func):
        asked.append(func)
        return real(func)

    monkeypatch.setattr(flask.app, "iscoroutinefunction", counted)
    for _ in range(3):
        assert client.get("/api/v1/health").status_code == 200
    assert asked, "the hooks and the view were never asked"
    assert len(asked) == len(set(asked))


def test_a_coroutine_function_is_still_handed_to_flask(app):
    async def view():
        return "never run here"

    if importlib.util.find_spec("asgiref") is None:
        # Without Flask's async extra, Flask says what it needs.
        with pytest.raises(RuntimeError, match="async"):
            app.ensure_sync(view)
    else:
        assert app.ensure_sync(view) is not view


def test_a_plain_function_is_returned_as_it_is(app):
    def view():
        return "ok"

    assert app.ensure_sync(view) is view
    assert app.ensure_sync(view) is view


def test_a_test_client_keeping_its_request_context_ends_it_cleanly(app):
    """``with app.test_client() as c`` keeps the last request's context until the block ends,
    and its teardown ran again then: the decklist line limit, reset twice, raised."""
    with app.test_client() as kept:
        assert kept.get("/api/v1/health").status_code == 200
        assert kept.post("/api/v1/games/era/validate", json={"sections": {}}).status_code == 200
