"""The account in the JSON API, under ``/api/v1/account``, for apps and bots.

They authenticate with a personal access token (``dwp_…``, made on the
account page) as ``Authorization: Bearer``. A missing, unknown or revoked
token is a 401. ``POST /api/v1/events`` with such a token puts the event on
the account's "My events".
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask import Blueprint, Response, request, url_for
from marshmallow import Schema, fields, validate

from .. import errors
from ..cards import MAX_PAGE
from ..db import get_db
from ..decks import load_deck
from ..openapi import PAT, documented
from . import decks, sessions, store

bp = Blueprint("account_api", __name__, url_prefix="/api/v1/account")


class AccountSchema(Schema):
    name = fields.Str(required=True)
    created = fields.DateTime(required=True)


class MyEventSchema(Schema):
    id = fields.Str(required=True)
    name = fields.Str(required=True)
    game = fields.Str(required=True)
    deadline = fields.DateTime(required=True)
    locked = fields.Bool(required=True)
    published = fields.Bool(required=True)
    role = fields.Str(
        required=True,
        validate=validate.OneOf([store.OWNER, store.CO_ORGANIZER]),
        metadata={"description": "owner or co-organizer"},
    )
    organizers = fields.List(fields.Str(), required=True)


class MyEventsSchema(Schema):
    events = fields.List(fields.Nested(MyEventSchema), required=True)


class DeckVersionSchema(Schema):
    id = fields.Str(required=True)
    name = fields.Str(required=True)
    game = fields.Str(required=True)
    format = fields.Str(required=True)
    created = fields.DateTime(required=True)
    url = fields.Str(required=True, metadata={"description": "The deck's page."})


class MyDeckSchema(Schema):
    id = fields.Str(required=True, metadata={"description": "The deck's first id."})
    visibility = fields.Str(
        required=True,
        validate=validate.OneOf(decks.VISIBILITIES),
        metadata={"description": "private, unlisted or public"},
    )
    versions = fields.List(
        fields.Nested(DeckVersionSchema), required=True, metadata={"description": "Newest first."}
    )


class DeckPageSchema(Schema):
    """A page of a list of decks, and where the next one is: each list's own fields added."""

    page = fields.Int(required=True, metadata={"description": "This page's number, from 1."})
    per_page = fields.Int(required=True)
    pages = fields.Int(required=True, metadata={"description": "How many pages there are."})
    next = fields.Str(
        required=True,
        allow_none=True,
        metadata={"description": "The next page's address; null on the last page."},
    )


class DeckPageQuerySchema(Schema):
    """Which page of a list of decks, and how many decks a page: each list's own added."""

    page = fields.Int(
        load_default=1,
        validate=validate.Range(min=1, max=MAX_PAGE),
        metadata={"description": f"From 1 to {MAX_PAGE:,}."},
    )
    per_page = fields.Int(
        load_default=decks.API_PER_PAGE,
        validate=validate.Range(min=1, max=decks.MAX_PER_PAGE),
        metadata={"description": f"Decks a page, 1 to {decks.MAX_PER_PAGE}."},
    )


class MyDecksSchema(DeckPageSchema):
    decks = fields.List(fields.Nested(MyDeckSchema), required=True)
    total = fields.Int(required=True, metadata={"description": "How many decks the account has."})
    sort = fields.Str(required=True)


class MyDecksQuerySchema(DeckPageQuerySchema):
    sort = fields.Str(
        load_default="changed",
        validate=validate.OneOf(list(decks.SORTS)),
        metadata={
            "description": "changed (the newest version first, the default), created (the"
            " deck first saved most recently first) or name"
        },
    )


class PublicDeckSchema(Schema):
    id = fields.Str(
        required=True,
        metadata={"description": "Its latest version's id: GET /api/v1/decks/{id} has it whole."},
    )
    first_id = fields.Str(
        required=True, metadata={"description": "The deck's first id, shared by its versions."}
    )
    name = fields.Str(required=True)
    game = fields.Str(required=True)
    format = fields.Str(required=True)
    description = fields.Str(required=True)
    owner = fields.Str(required=True, metadata={"description": "Its owner's user name."})
    created = fields.DateTime(
        required=True, metadata={"description": "When its latest version was saved."}
    )
    url = fields.Str(required=True, metadata={"description": "The deck's page."})
    api = fields.Str(required=True, metadata={"description": "The deck in the API."})


class PublicDecksSchema(DeckPageSchema):
    decks = fields.List(fields.Nested(PublicDeckSchema), required=True)
    total = fields.Int(required=True, metadata={"description": "How many decks are listed."})


class PublicDecksQuerySchema(DeckPageQuerySchema):
    game = fields.Str(metadata={"description": "One game's decks (its id); every game's if none."})
    format = fields.Str(
        metadata={"description": "Decks whose latest version is in this format of the game."}
    )
    card = fields.Str(
        validate=validate.Length(max=100),
        metadata={
            "description": "Decks that hold this card, any printing of it, in the deck or its"
            " sideboard (not its maybe-board): a card id (era-ember-rex) or name, read as a"
            " decklist reads one (any case, spacing or accents). A name that is no card of the"
            " game (of any game, without game) is refused with the names close to it."
        },
    )


def public_decks(games: dict[str, Any]) -> dict:
    """``GET /api/v1/decks`` (a view of the API blueprint, given its loaded games): a page of
    the public decks, the last changed first, each as its latest version. Unlisted, private
    and deleted decks are never listed, whoever asks."""
    from ..api import load_query  # the API's own reading of a query (it imports this package)

    query = load_query(PublicDecksQuerySchema())
    game, fmt, card = query.get("game"), query.get("format"), query.get("card")
    if game is not None and game not in games:
        raise errors.ApiError(
            400,
            "invalid-query",
            f"Deckwright has no game {game!r}",
            [f"game: one of {', '.join(games)}"],
        )
    if fmt is not None and game is None:
        raise errors.ApiError(
            400,
            "invalid-query",
            "a format is one game's: give the game too",
            ["format: given without game"],
        )
    if fmt is not None and fmt not in games[game].formats:
        raise errors.ApiError(
            400,
            "invalid-query",
            f"the game {game!r} has no format {fmt!r}",
            [f"format: one of {', '.join(games[game].formats)}"],
        )
    card = (card or "").strip() or None
    sought = None
    if card is not None:
        chosen = [games[game]] if game is not None else list(games.values())
        sought = decks.card_sought(chosen, card)
        if sought is None:
            raise _no_such_card(chosen, card, games[game].short_name if game else None)
    shown = decks.public_decks(
        get_db(), game, fmt, sought, query.get("page", 1), query.get("per_page", decks.API_PER_PAGE)
    )
    following = None
    if shown.page < shown.pages:
        asked = {k: v for k, v in (("game", game), ("format", fmt), ("card", card)) if v}
        following = url_for(
            "api.list_public_decks", page=shown.page + 1, per_page=shown.per_page, **asked
        )
    return PublicDecksSchema().dump(
        {
            "page": shown.page,
            "per_page": shown.per_page,
            "pages": shown.pages,
            "total": shown.total,
            "next": following,
            "decks": [
                {
                    **asdict(saved),
                    "first_id": shown.roots[saved.id],
                    "owner": owner,
                    "url": url_for("site.deck", deck_id=saved.id),
                    "api": url_for("api.get_deck", deck_id=saved.id),
                }
                for saved, owner in shown.decks
            ],
        }
    )


def _no_such_card(chosen: list, card: str, game: str | None) -> errors.ApiError:
    """A card filter naming no card: said so, with the names it may have meant, rather than
    a list of no decks (or of every deck)."""
    close = decks.close_names(chosen, card)
    where = f"{game} has no card" if game else "no game has a card"
    meant = f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
    return errors.ApiError(
        400,
        "invalid-query",
        f"{where} {card!r}{meant}",
        [f"card: did you mean {name!r}?" for name in close]
        or ["card: a card's name or id (the card search finds them)"],
    )


class DeletedDeckSchema(Schema):
    id = fields.Str(required=True, metadata={"description": "The deleted deck's first id."})
    name = fields.Str(required=True)
    deleted = fields.List(
        fields.Str(),
        required=True,
        metadata={"description": "Every id (version) deleted; each link now answers 410."},
    )


def token_account() -> store.Account | None:
    """The account of the request's personal access token, if it carries a live one."""
    return sessions.token_account()


def required() -> store.Account:
    account = token_account()
    if account is None:
        raise errors.ApiError(
            401,
            "unauthorized",
            "Send a personal access token (made on your account page) as Authorization: Bearer.",
        )
    return account


@bp.get("")
@documented(
    "The account a personal access token belongs to", AccountSchema, errors=[401], security=(PAT,)
)
def whoami():
    return AccountSchema().dump(required())


@bp.get("/events")
@documented(
    "The account's events: its own and those it co-organizes",
    MyEventsSchema,
    errors=[401],
    security=(PAT,),
)
def my_events():
    """Open each one's dashboard from the site's "My events"; the API answers with its facts."""
    account = required()
    return MyEventsSchema().dump({"events": store.my_events(get_db(), account)})


@bp.get("/decks")
@documented(
    "The account's decks, a page at a time, each with its versions newest first",
    MyDecksSchema,
    query=MyDecksQuerySchema,
    errors=[401],
    security=(PAT,),
)
def my_decks():
    """Decks saved with the account's cookie or token; ``GET /api/v1/decks/{id}`` has each.
    A page holds ``per_page`` decks (50 unless asked), the last changed first unless
    ``sort`` says otherwise; ``next`` is the next page's address. A page past the last one
    has no decks."""
    from ..api import load_query  # the API's own reading of a query (it imports this package)

    account = required()
    query = load_query(MyDecksQuerySchema())
    shown = decks.decks_page(
        get_db(),
        account,
        query.get("page", 1),
        query.get("per_page", decks.API_PER_PAGE),
        query.get("sort", "changed"),
    )
    found = shown.decks
    following = None
    if shown.page < shown.pages:
        following = url_for(
            "account_api.my_decks", page=shown.page + 1, per_page=shown.per_page, sort=shown.sort
        )
    return MyDecksSchema().dump(
        {
            "page": shown.page,
            "per_page": shown.per_page,
            "pages": shown.pages,
            "total": shown.total,
            "sort": shown.sort,
            "next": following,
            "decks": [
                {
                    "id": d.root,
                    "visibility": d.visibility,
                    "versions": [
                        {**asdict(v), "url": url_for("site.deck", deck_id=v.id)} for v in d.versions
                    ],
                }
                for d in found
            ],
        }
    )


CLAIM_KEY_HEADER = "Deckwright-Claim-Key"


def delete_deck(deck_id: str) -> dict:
    """``DELETE /api/v1/decks/{id}`` (a view of the API blueprint): the deck and what went.

    An account's deck is deleted with its personal access token, every version of it,
    whichever version's id is given. A deck saved with no one logged in is deleted with
    the claim key its save gave (the key that could claim it, then delete it), sent as
    :data:`CLAIM_KEY_HEADER`: that one id goes. A login cookie alone deletes nothing here.
    """
    db = get_db()
    saved = load_deck(db, deck_id)  # 404 for a deck the asker cannot see, 410 once deleted
    account = token_account()
    key = request.headers.get(CLAIM_KEY_HEADER, "")
    if account is not None and decks.deck_of(db, account, deck_id) is not None:
        gone = decks.delete_deck(db, account, deck_id, sessions.now())
        return DeletedDeckSchema().dump(
            {"id": gone.root, "name": gone.name, "deleted": gone.versions}
        )
    if key.strip():
        if decks.delete_keyed(db, deck_id, key, sessions.now()):
            return DeletedDeckSchema().dump(
                {"id": deck_id, "name": saved.name, "deleted": [deck_id]}
            )
        raise errors.ApiError(
            403,
            "not-your-deck",
            f"That claim key is not this deck's, or the deck was claimed since (its owner"
            f" deletes it with their token); the deck {deck_id!r} is not deleted.",
        )
    if account is None:
        raise errors.ApiError(
            401,
            "unauthorized",
            "Send your personal access token (made on your account page) as Authorization:"
            f" Bearer, or, for a deck saved with no one logged in, its claim key as"
            f" {CLAIM_KEY_HEADER}.",
        )
    raise errors.ApiError(
        403,
        "not-your-deck",
        f"Only the deck's owner deletes it; the deck {deck_id!r} is not yours and is not deleted.",
    )


@bp.after_request
def private(response: Response) -> Response:
    response.headers.setdefault("Cache-Control", "no-store")
    if response.status_code == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="deckwright"'
    return response


TOKEN_RATE_SCALE = 10  # a token's room under each rate limit, against an anonymous address's


def rate_holder() -> tuple[str, int] | None:
    """How :mod:`webapp.limits` counts a request with a live personal access token: per
    account, with :data:`TOKEN_RATE_SCALE` times the room. None for any other request."""
    account = sessions.token_account()
    return (f"account:{account.id}", TOKEN_RATE_SCALE) if account else None


@bp.record_once
def install(state) -> None:
    state.app.extensions["deckwright.rate_holder"] = rate_holder
