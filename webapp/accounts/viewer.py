"""Who is asking, for the pages and APIs that show decks: the logged-in account (its cookie)
or the account of a personal access token (``Authorization: Bearer dwp_…``), else nobody."""

from __future__ import annotations

from flask import Flask, Response, g, request

from ..db import get_db
from ..decks import SavedDeck
from ..errors import error_response, is_api_request
from ..requests import bearer
from . import decks, sessions, store


def viewer() -> store.Account | None:
    if "viewer" not in g:
        g.viewer = sessions.current() or sessions.token_account()
    return g.viewer


def deck_saved(saved: SavedDeck) -> str | None:
    """A deck saved through the API: the viewer's, when someone is logged in; else its claim
    key, which the answer gives the saver (and no one else) to claim it after logging in."""
    account = viewer()
    if account is None:
        return decks.issue_key(get_db(), saved)
    decks.owned(get_db(), account, saved)
    return None


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


def login_hint() -> str:
    """Words for an edit of a deck the sender may not see (:func:`webapp.decks.save_deck`):
    a private deck's owner whose login ended hears that it ended, and that saving again once
    logged in loses nothing. A logged-in account hears nothing more: whose the deck is stays
    unsaid. Said alike for an unknown id and a private one, so nothing is learnt from it."""
    if viewer() is not None:
        return ""
    again = "log in again (in another tab: this page keeps the deck you built) and save once more"
    if sessions.session_id():
        return f"Your login has ended: if the deck is a private one of yours, {again}."
    return f"If it is a private deck of yours, {again.replace('log in again', 'log in')}."


def keep_private(response: Response) -> Response:
    if g.get("private_deck_shown"):
        response.headers["Cache-Control"] = "private, no-store"
    return response


def refuse_dead_token() -> Response | None:
    """An API request sending a personal access token that opens no account (revoked, of a
    deleted account, mistyped) is a 401 before it does anything: read as no token, a deck
    or an event it saved went to no account, and the app never learnt its token was dead."""
    # Most requests send no Authorization header: that is asked first, of the environ itself.
    if not request.environ.get("HTTP_AUTHORIZATION") or not is_api_request():
        return None
    token = bearer()
    if not token or not token.startswith(store.TOKEN_PREFIX):
        return None
    if sessions.token_account() is not None:
        return None
    response = error_response(
        401,
        "unauthorized",
        "This personal access token opens no account: it was revoked, its account deleted,"
        " or it is mistyped. Make a new one on your account page.",
    )
    response.headers["WWW-Authenticate"] = 'Bearer realm="deckwright", error="invalid_token"'
    return response


def install(app: Flask) -> None:
    app.extensions["deckwright.deck_guard"] = may_see
    app.extensions["deckwright.login_hint"] = login_hint
    app.extensions["deckwright.same_saver"] = lambda deck_id, edit_id: decks.same_saver(
        get_db(), deck_id, edit_id
    )
    app.before_request(refuse_dead_token)
    app.after_request(keep_private)
