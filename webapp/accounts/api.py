"""The account in the JSON API, under ``/api/v1/account``, for apps and bots.

They authenticate with a personal access token (``dwp_…``, made on the
account page) as ``Authorization: Bearer``. A missing, unknown or revoked
token is a 401. ``POST /api/v1/events`` with such a token puts the event on
the account's "My events".
"""

from __future__ import annotations

from dataclasses import asdict

from flask import Blueprint, Response, url_for
from marshmallow import Schema, fields

from .. import errors
from ..db import get_db
from ..openapi import documented
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
    role = fields.Str(required=True, metadata={"description": "owner or co-organizer"})
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
    visibility = fields.Str(required=True, metadata={"description": "private, unlisted or public"})
    versions = fields.List(
        fields.Nested(DeckVersionSchema), required=True, metadata={"description": "Newest first."}
    )


class MyDecksSchema(Schema):
    decks = fields.List(fields.Nested(MyDeckSchema), required=True)


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
@documented("The account a personal access token belongs to", AccountSchema, errors=[401])
def whoami():
    return AccountSchema().dump(required())


@bp.get("/events")
@documented("The account's events: its own and those it co-organizes", MyEventsSchema, errors=[401])
def my_events():
    """Open each one's dashboard from the site's "My events"; the API answers with its facts."""
    account = required()
    return MyEventsSchema().dump({"events": store.my_events(get_db(), account)})


@bp.get("/decks")
@documented(
    "The account's decks, each with its versions, newest first", MyDecksSchema, errors=[401]
)
def my_decks():
    """Decks saved with the account's cookie or token; ``GET /api/v1/decks/{id}`` has each."""
    account = required()
    found = decks.my_decks(get_db(), account)
    return MyDecksSchema().dump(
        {
            "decks": [
                {
                    "id": d.root,
                    "visibility": d.visibility,
                    "versions": [
                        {**asdict(v), "url": url_for("site.deck", deck_id=v.id)} for v in d.versions
                    ],
                }
                for d in found
            ]
        }
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
