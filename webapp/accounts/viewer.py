"""Who is asking, for the pages and APIs that show decks: the logged-in account (its cookie)
or the account of a personal access token (``Authorization: Bearer dwp_…``), else nobody."""

from __future__ import annotations

from flask import Flask, Response, g, request

from ..db import get_db
from ..decks import SavedDeck
from . import decks, sessions, store


def viewer() -> store.Account | None:
    if "viewer" not in g:
        account = sessions.current()
        if account is None:
            scheme, _, token = request.headers.get("Authorization", "").partition(" ")
            if scheme.lower() == "bearer":
                account = store.token_account(get_db(), token.strip(), sessions.now())
        g.viewer = account
    return g.viewer


def deck_saved(saved: SavedDeck) -> None:
    """A deck saved through the API: the viewer's, when someone is logged in."""
    account = viewer()
    if account is not None:
        decks.owned(get_db(), account, saved)


def may_see(deck_id: str) -> bool:
    """The guard :func:`webapp.decks.load_deck` asks; a private deck shown to its owner marks
    the answer as not for shared caches."""
    db = get_db()
    allowed = decks.may_see(db, deck_id, None)
    if allowed:
        return True
    allowed = decks.may_see(db, deck_id, viewer())
    if allowed:
        g.private_deck_shown = True
    return allowed


def keep_private(response: Response) -> Response:
    if g.get("private_deck_shown"):
        response.headers["Cache-Control"] = "private, no-store"
    return response


def install(app: Flask) -> None:
    app.extensions["deckwright.deck_guard"] = may_see
    app.after_request(keep_private)
