"""The versioned JSON API under ``/api/v1``: thin views over the validator and storage.

Each view reads its input through a schema of :mod:`webapp.schemas`, calls the
library (:mod:`validator`, :mod:`webapp.cards`, :mod:`webapp.decks`) and dumps
its answer through a schema. Errors are raised, and :mod:`webapp.errors` turns
them into the one JSON error shape.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Container
from dataclasses import asdict
from datetime import date
from typing import Any

from flask import Blueprint, Response, current_app, request, url_for
from marshmallow import Schema, ValidationError, fields
from werkzeug.exceptions import MethodNotAllowed

from cardpool import Game, PoolLibrary, RuleSpec, name_key
from validator import (
    DecklistError,
    DecklistTooLongError,
    ParsedDeck,
    describe_rules,
    parse_mapping,
    parse_text,
    summarize,
    validate_all_formats,
)
from validator.decklist_export import as_written_now, exported
from validator.decklist_json import names_other_game, saved_deck
from validator.fits import fits as fits_of
from validator.problems import ERROR, WARNING, Result

from . import accounts, cards, decks, limits, requests, schemas
from .db import get_db
from .errors import ApiError
from .openapi import CLAIM_KEY, PAT, build_spec, documented

bp = Blueprint("api", __name__, url_prefix="/api/v1")

# The sizes the app reads as requests come (DECKWRIGHT_MAX_... in the environment), each
# with the least it may be.
SIZE_SETTINGS = {
    "MAX_CONTENT_LENGTH": 1,
    "MAX_BATCH_DECKS": 1,
    "MAX_DECKLIST_LINES": 1,
    "MAX_REQUEST_LINES": 1,
    "MAX_PROBLEMS_REPORTED": 0,
}


@bp.record_once
def check_sizes(state: Any) -> None:
    """Refuse at start a size no request could be read by ("1k" lines answered every
    request with a 500)."""
    limits.check_whole_numbers(state.app.config, SIZE_SETTINGS)


# Schemas are built once: a dump through a kept instance skips rebuilding its nested fields.
HEALTH = schemas.HealthSchema()
GAME_LIST = schemas.GameListSchema()
GAME_DETAIL = schemas.GameDetailSchema()
CARD = schemas.CardSchema()
CARD_PAGE = schemas.CardPageSchema()
VALIDATION = schemas.ValidationSchema()
BATCH = schemas.BatchSchema()
SAVED_DECK = schemas.SavedDeckSchema()
VALIDATE_QUERY = schemas.ValidateQuerySchema()
DECK_BODY = schemas.DeckBodySchema()
BATCH_BODY = schemas.BatchBodySchema()
SAVE_DECK_BODY = schemas.SaveDeckBodySchema()
FITS_BODY = schemas.FitsBodySchema()
FITS = schemas.FitsSchema()


def as_built(schema: Schema, answer: dict[str, Any], source: Any = None) -> dict[str, Any]:
    """An answer built in its schema's shape, sent as it is.

    Dumping it through marshmallow would cost a quarter of a validation for nothing, on
    the API's busiest paths. Under test the schema dumps ``source`` (the records the
    answer was built from; the answer itself when none is given) too, and the two must
    be equal: the schema (which the OpenAPI document is made from) and the answer cannot
    drift apart.
    """
    # (TESTING asked of the config: Flask's ``testing`` property reads it through a call.)
    if current_app._get_current_object().config["TESTING"]:
        dumped = schema.dump(answer if source is None else source)
        if dumped != answer:
            raise AssertionError(f"the answer is not what {type(schema).__name__} makes")
    return answer


def pools() -> PoolLibrary:
    return current_app.extensions["deckwright.pools"]


def game_of(game_id: str) -> Game:
    """A game by id, from pools re-read when their files change (checked now and then)."""
    return current_games().get(game_id) or pools().game(game_id)


def current_games() -> dict[str, Game]:
    """The loaded games; whether a pool file changed is checked at most every
    ``POOL_RECHECK_SECONDS`` (default 1), as the check costs more than a validation."""
    app = current_app._get_current_object()  # one look-up, not one per use of the proxy
    state = app.extensions.get("deckwright.pool_check")
    if state is None:
        state = app.extensions.setdefault("deckwright.pool_check", {})
    now = time.monotonic()
    if "games" not in state or now - state["at"] >= app.config.get("POOL_RECHECK_SECONDS", 1.0):
        state["games"] = pools().games()
        state["at"] = now
    return state["games"]


class RecheckedPools:
    """The app's pools as the event library asks for them (``game``, ``games``), through
    :func:`current_games`: a submission does not glob and stat every pool file."""

    def games(self) -> dict[str, Game]:
        return current_games()

    def game(self, game_id: str) -> Game:
        return game_of(game_id)


RECHECKED_POOLS = RecheckedPools()


# -- reading requests -----------------------------------------------------------------


def _flat_messages(messages: Any, path: str = "") -> list[str]:
    """marshmallow's nested messages as ``"field.sub: message"`` lines."""
    if isinstance(messages, dict):
        lines = []
        for key, value in messages.items():
            where = path if key == "_schema" else f"{path}.{key}" if path else str(key)
            lines.extend(_flat_messages(value, where))
        return lines
    if isinstance(messages, list):
        return [line for m in messages for line in _flat_messages(m, path)]
    return [f"{path}: {messages}" if path else str(messages)]


def _day_alone(messages: Any) -> str | None:
    """The words for a refused ``as_of`` when it is the only thing refused, else None: the
    day asked for is no part of the deck, and a message blaming the deck sends its sender
    looking through cards that are fine."""
    if isinstance(messages, dict) and set(messages) == {"as_of"}:
        [said] = _flat_messages(messages["as_of"])
        return f"as_of: {said}"
    return None


def load_body(schema: Schema, data: Any, where: str = "body") -> dict[str, Any]:
    """Load a JSON value through ``schema``; a value it refuses is a 422 naming each field."""
    try:
        return schema.load(data)
    except ValidationError as exc:
        details = _flat_messages(exc.messages)
        message = f"the {where} is not what this endpoint takes"
        if day := _day_alone(exc.messages):
            # "deck decks[1]" (a deck of a batch) is named by its place; "deck", "body" not.
            place = where.partition(" ")[2]
            message = f"{place}: {day}" if place else day
        raise ApiError(422, "invalid-body", message, details) from None


def refuse_repeated(single: Container[str]) -> None:
    """A parameter of ``single`` (those taking one value) given more than once is a 400
    naming it: which of ``?format=a&format=b`` was meant cannot be known, and using the
    first would judge a deck in a format its sender may not have asked for."""
    args = request.args
    repeated = [(name, n) for name in args if name in single if (n := len(args.getlist(name))) > 1]
    if repeated:
        listed = " and ".join(f"'{name}'" for name, _n in repeated)
        each = "each take" if len(repeated) > 1 else "takes"
        raise ApiError(
            400,
            "invalid-query",
            f"the query parameter {listed} {each} one value but was given more than once",
            [f"{name}: given {n} times; it takes one value" for name, n in repeated],
        )


@functools.cache  # the schemas are the module's own, made once
def single_valued(schema: Schema) -> frozenset[str]:
    """The parameters of a query schema that take one value (all but its lists)."""
    return frozenset(n for n, f in schema.fields.items() if not isinstance(f, fields.List))


def load_query(schema: Schema) -> dict[str, Any]:
    """Load the query string through ``schema`` (unknown parameters are ignored, empty
    ones too; one that takes one value, given twice, is refused)."""
    # Most requests have none: asked of the environ, no empty MultiDict is parsed. (The
    # request itself, not its proxy: an attribute read through the proxy costs more than
    # the question.)
    req = request._get_current_object()
    if not req.environ.get("QUERY_STRING") or not req.args:
        return {}
    names = schema.fields.keys()
    refuse_repeated(single_valued(schema))
    # An empty value is no value, as a form sends a field left empty: ``?format=&as_of=``
    # is the default format judged today (an empty day was a 400, an empty format not).
    args = {k: v for k, v in req.args.items() if k in names and v != ""}
    try:
        return schema.load(args)
    except ValidationError as exc:
        details = _flat_messages(exc.messages)
        message = "the query string cannot be used"
        if day := _day_alone(exc.messages):
            message = f"the query parameter {day}"
        raise ApiError(400, "invalid-query", message, details) from None


# The request's JSON, read strictly at the edge (the event endpoints import it from here).
json_body = requests.json_body


# -- games -----------------------------------------------------------------------------


def readings_of(game: Game, rule_id: str, format_id: str) -> list[dict[str, Any]]:
    """How Deckwright reads the rulebook sentence behind a rule in a format, and why."""
    return [
        {
            "reading": d.reading,
            "reason": d.reason,
            "alternative": d.alternative,
            "alternative_name": game.formats[d.alternative].name if d.alternative else None,
        }
        for d in game.decisions_for(rule_id, format_id)
    ]


def _one_section(spec: RuleSpec) -> str | None:
    """The section a rule entry looks at when it looks at one only (``section:`` and no other
    ``sections:``), else None: its problems are about the cards in that section, not about
    copies of them elsewhere in the deck."""
    section = spec.params.get("section")
    counted = spec.params.get("sections", [section])
    if isinstance(section, str) and counted in (section, [section]):
        return section
    return None


def game_view(game: Game, with_rules: bool = False) -> dict:
    """A game as the API shows it: everything a client needs to build and filter decks."""
    formats = []
    for fmt in game.formats.values():
        entry = {
            "id": fmt.id,
            "name": fmt.name,
            "description": fmt.description,
            "default": fmt.id == game.default_format,
        }
        if with_rules:
            specs = {spec.id: spec for spec in fmt.rules}
            entry["rules"] = [
                {
                    **rule,
                    "section": _one_section(specs[rule["id"]]),
                    "readings": readings_of(game, rule["id"], fmt.id),
                }
                for rule in describe_rules(game, fmt.id)
            ]
        formats.append(entry)
    return {
        "id": game.id,
        "name": game.name,
        "short_name": game.short_name,
        "description": game.description,
        "illustrative": game.illustrative,
        "rulebook": game.rulebook,
        "sections": [
            {"id": s.id, "name": s.name, "noun": s.noun, "types": list(s.types)}
            for s in game.sections
        ],
        "formats": formats,
        "default_format": game.default_format,
        "main_attribute": game.main_attribute,
        "attributes": [{**asdict(a), "values": list(a.values)} for a in game.attributes.values()],
        "colors": dict(game.colors),
        "card_types": list(game.card_types),
    }


@bp.get("/health")
@documented("The server is up", schemas.HealthSchema)
def health():
    return HEALTH.dump({"status": "ok"})


@bp.get("/games")
@documented("Every game: sections, formats, attributes and colours", schemas.GameListSchema)
def list_games():
    games = [game_view(g) for g in current_games().values()]
    return GAME_LIST.dump({"games": games})


@bp.get("/games/<game_id>")
@documented("One game, with each format's rules in words", schemas.GameDetailSchema, errors=[404])
def get_game(game_id: str):
    return GAME_DETAIL.dump(game_view(game_of(game_id), with_rules=True))


# -- cards -----------------------------------------------------------------------------


@bp.get("/games/<game_id>/cards")
@documented(
    "Search a game's cards",
    schemas.CardPageSchema,
    query=schemas.CardSearchQuerySchema,
    extra_query=(
        "Besides these, every attribute of the game is a parameter: `<attribute>=<value>`"
        " (repeat it for any of several values) and, for whole-number attributes,"
        " `<attribute>_min` and `<attribute>_max`. An unknown parameter is a 400 listing"
        " the ones the game has. Only `type`, `set` and the attributes may be given more"
        " than once: any other parameter given twice is a 400 naming it."
    ),
    errors=[400, 404],
)
def search_cards(game_id: str):
    game = game_of(game_id)
    several = {"type", "set", *game.attributes}
    refuse_repeated({name for name in cards.filter_names(game) if name not in several})
    asked = request.args.to_dict(flat=False)
    page = cards.search_cards(game, asked)
    following = None
    if page.page < page.pages:
        following = url_for("api.search_cards", game_id=game.id, **{**asked, "page": page.page + 1})
    return CARD_PAGE.dump({**asdict(page), "pages": page.pages, "next": following})


@bp.get("/games/<game_id>/cards/<card_id>")
@documented("One card by id", schemas.CardSchema, errors=[404])
def get_card(game_id: str, card_id: str):
    game = game_of(game_id)
    return CARD.dump(cards.get_card(cards.ensure_compiled(), game, card_id))


# -- validation ------------------------------------------------------------------------


def verdict(parsed: ParsedDeck, format_id: str | None, as_of: date | None) -> dict[str, Any]:
    """The validate answer: one format's verdict in full and every format's in short.

    At most ``MAX_PROBLEMS_REPORTED`` problems are listed, with the count of the rest:
    the verdict and the counts stay whole, and the answer stays small however long the list.
    """
    deck = parsed.deck
    game = deck.game
    chosen = game.format(format_id).id
    results = validate_all_formats(deck, as_of, parsed.problems)
    result = results[chosen]
    problems = result.problems
    shown = int(current_app._get_current_object().config["MAX_PROBLEMS_REPORTED"])
    # Loops, not comprehensions (each a function made and called), and none for a legal
    # deck's problems: this runs on every validation the API answers.
    formats = {}
    for fid, judged in results.items():
        formats[fid] = _in_short(judged)
    listed = []
    if problems:
        for p in problems[:shown]:
            listed.append({**p.as_dict(), "readings": readings_of(game, p.rule, chosen)})
    summary = summarize(deck)
    # the JSON form and the builder's text export (read back, it is judged in this format
    # again), written in one pass
    mapping, text = exported(deck, chosen)
    return {
        "game": game.id,
        "format": result.format,
        "format_name": result.format_name,
        "as_of": as_of.isoformat() if as_of else None,
        "legal": formats[chosen]["legal"],
        "problems": listed,
        "more_problems": max(len(problems) - shown, 0),
        "summary": summary,
        "formats": formats,
        "deck": mapping,
        "text": text,
    }


def _in_short(result: Result) -> dict[str, Any]:
    """A format's verdict in short: its name, whether the deck is legal in it, and how many
    errors and warnings it has (one pass over its problems: legal is no error)."""
    errors = warnings = 0
    for problem in result.problems:
        if problem.severity == ERROR:
            errors += 1
        elif problem.severity == WARNING:
            warnings += 1
    return {
        "name": result.format_name,
        "legal": errors == 0,
        "errors": errors,
        "warnings": warnings,
    }


def read_deck(game: Game, value: Any, defaults: dict[str, Any], where: str) -> dict[str, Any]:
    """A deck sent as a text decklist (a string) or in the JSON form, with its verdict."""
    if isinstance(value, str):
        parsed = parse_text(value, game)
        options = defaults
    else:
        body = load_body(DECK_BODY, value, where)
        # A saved deck's format (as GET /api/v1/decks/<id> gives it) is the deck's own, not
        # one asked for: as when it is sent as text, the query's format wins over it, and a
        # format its game no longer has is set aside for the default, not a 404.
        asked = body if saved_deck(value) is value else {k: body[k] for k in body if k != "format"}
        options = deck_options(defaults, asked)
        named = options.get("format") or body.get("format")
        refuse_other_games_format(game, body.get("game"), named, where)
        parsed = parse_mapping(body, game)
    # A deck in the JSON form names its own format (a saved deck's, sent as text, as its
    # JSON body does): it is judged in it unless the request names one.
    return verdict(parsed, options.get("format") or parsed.format, options.get("as_of"))


def deck_options(defaults: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    """The ``format`` and ``as_of`` a deck is judged by: its JSON body's, else ``defaults``
    (the query string's)."""
    return {**defaults, **{k: body[k] for k in ("format", "as_of") if k in body}}


def refuse_other_games_format(game: Game, named: Any, format_id: Any, where: str) -> None:
    """A deck of another game (as a saved deck names its game) in a format this game has not
    is a 422 naming both games and where the deck is judged: answered 'no such format', its
    sender would look for a typo in the format. A deck of another game in a format this game
    has is judged, the reader warning that its cards are read as this game's."""
    if not names_other_game(game, named) or not format_id or format_id in game.formats:
        return
    other = next(
        (g for g in current_games().values() if name_key(named) in map(name_key, (g.id, g.name))),
        None,
    )
    path = url_for("api.validate_deck", game_id=other.id) if other else None
    send = f"validate it at {path}" if other else f"Deckwright has no game {named!r}"
    short, known = game.short_name, ", ".join(game.formats)
    raise ApiError(
        422,
        "deck-for-another-game",
        f"the {where} is for the game {named!r}, not {short}, and {short} has no format"
        f" {format_id!r}: {send}; to judge its cards as {short} cards, send it with one of"
        f" {short}'s formats ({known})",
        [{"deck_game": named, "game": game.id, "format": format_id, "validate": path}],
    )


@bp.post("/games/<game_id>/validate")
@documented(
    "Validate a deck: its verdict in one format and in every format",
    schemas.ValidationSchema,
    body=schemas.DeckBodySchema,
    text_body=True,
    json_text=True,
    query=schemas.ValidateQuerySchema,
    errors=[400, 404, 413, 415, 422],
)
def validate_deck(game_id: str):
    """Send the deck as JSON or as a text decklist (``Content-Type: text/plain``).

    ``format`` and ``as_of`` come from the JSON body, else from the query string.
    Lines that cannot be read are problems with their line numbers, not errors.
    """
    game = game_of(game_id)
    query = load_query(VALIDATE_QUERY)
    body = json_body(text=True)
    charge_deck(lines_of(body))
    return as_built(VALIDATION, read_deck(game, body, query, "deck"))


@bp.post("/games/<game_id>/fits")
@documented(
    "Which cards fit a deck: one more copy of each, tried against the format's rules",
    schemas.FitsSchema,
    body=schemas.FitsBodySchema,
    query=schemas.ValidateQuerySchema,
    errors=[400, 404, 413, 415, 422],
)
def fits(game_id: str):
    """The builder's "fits my deck" filter: a card fits when a copy more of it breaks no
    rule that names it (its leader's restrictions, legal sets, banned lists, copy limits,
    the sizes the deck keeps to).
    Card ids the game does not have are answered as not fitting."""
    game = game_of(game_id)
    query = load_query(VALIDATE_QUERY)
    body = load_body(FITS_BODY, json_body())
    charge_deck(lines_of(body), len(body["cards"]))
    deck = parse_mapping(body, game).deck
    options = deck_options(query, body)
    chosen = game.format(options.get("format")).id
    answers = fits_of(deck, chosen, options.get("as_of"), body["cards"])
    return FITS.dump(
        {
            "game": game.id,
            "format": chosen,
            "as_of": options.get("as_of"),
            "cards": [asdict(a) for a in answers],
        }
    )


@bp.post("/games/<game_id>/validate/batch")
@documented(
    "Validate several decks at once",
    schemas.BatchSchema,
    body=schemas.BatchBodySchema,
    query=schemas.ValidateQuerySchema,
    errors=[400, 404, 413, 415, 422],
)
def validate_batch(game_id: str):
    """Each deck is a JSON deck or a text decklist string; the answers come in the same order."""
    game = game_of(game_id)
    query = load_query(VALIDATE_QUERY)
    body = load_body(BATCH_BODY, json_body())
    limit = current_app.config["MAX_BATCH_DECKS"]
    if len(body["decks"]) > limit:
        raise ApiError(
            422, "too-many-decks", f"send at most {limit} decks at once, not {len(body['decks'])}"
        )
    lines, most = sum(map(lines_of, body["decks"])), int(current_app.config["MAX_REQUEST_LINES"])
    if lines > most:
        raise ApiError(
            413,
            "batch-too-long",
            f"the decks of one batch have at most {most} lines (or entries) in all, not {lines}",
            [{"lines": lines, "limit": most}],
        )
    limits.charge(lines)
    results = []
    for index, value in enumerate(body["decks"]):
        try:
            results.append(read_deck(game, value, query, f"deck decks[{index}]"))
        except DecklistError as exc:
            status = 413 if isinstance(exc, DecklistTooLongError) else 422
            details = getattr(exc, "details", None)
            raise ApiError(status, exc.code, f"decks[{index}]: {exc}", details) from None
    return as_built(BATCH, {"results": results})


def charge_deck(lines: int, more: int = 0) -> None:
    """Count a deck's lines (and ``more``) under the validation limit; a list longer than
    one may be is refused before its lines are read, so it counts as one."""
    read = (
        lines if lines <= int(current_app._get_current_object().config["MAX_DECKLIST_LINES"]) else 1
    )
    limits.charge(read + more)


def lines_of(value: Any) -> int:
    """A batch deck's lines: a text list's lines, or a JSON deck's entries.

    A text's lines are counted as the reader splits them (a last line break ends a line, a
    carriage return alone breaks one): counted otherwise, a list of the most lines allowed
    could be charged as one."""
    if isinstance(value, str):
        return max(text_lines(value), 1)
    if not isinstance(value, dict):
        return 1
    value = saved_deck(value)  # a saved deck as GET /api/v1/decks/<id> gives it: its deck
    parts = [value.get("sections"), value.get("boards")]
    entries = [e for part in parts if isinstance(part, dict) for e in part.values()]
    # A deck of its cards alone (beside sections, "cards" are a fits body's ids to try).
    if "sections" not in value and value.get("cards") is not None:
        entries.append(value["cards"])
    return max(sum(len(e) if isinstance(e, list) else 1 for e in entries), 1)


# What str.splitlines breaks a line at besides "\n": a carriage return, and the breaks a
# line is read as parts at (validator.decklist's _SOFT_BREAKS).
_OTHER_BREAKS = ("\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


def text_lines(text: str) -> int:
    """``len(text.splitlines())``: the lines of a text, a last line break ending the last."""
    for mark in _OTHER_BREAKS:
        if mark in text:
            return len(text.splitlines())
    # Broken at "\n" alone (most lists), its breaks are counted: splitting the text built
    # every line only to count them, on every validation.
    return text.count("\n") + (not text.endswith("\n")) if text else 0


# -- saved decks -----------------------------------------------------------------------


def saved_view(saved: decks.SavedDeck) -> dict[str, Any]:
    return {**asdict(saved), "url": f"/decks/{saved.id}"}


@bp.post("/decks")
@documented(
    "Save a deck under a new unguessable id",
    schemas.SavedDeckSchema,
    status=201,
    body=schemas.SaveDeckBodySchema,
    headers={"Location": "The saved deck's API address."},
    errors=[400, 404, 410, 413, 415, 422],
    security=(None, PAT),
)
def save_deck():
    """A saved deck never changes: to edit one, save the new version with ``parent``.

    Saved while logged in (or with a personal access token), the deck is the account's.
    Saved with no one logged in, the answer alone gives its ``claim_key``: keep it with
    the id to claim the deck on "My decks" after logging in; the id alone claims nothing.

    A deck with a line that cannot be read (an unknown card, say) is refused
    with 422 and the problems, never saved with the line dropped. An edit of a deck
    its owner deleted is refused with 410.
    """
    body = load_body(SAVE_DECK_BODY, json_body())
    game = game_of(body["game"])
    charge_deck(lines_of(body.get("text", body)))
    if "text" in body:
        parsed = parse_text(body["text"], game, name=body["name"])
    else:
        parsed = parse_mapping(body, game)
    saved = decks.save_deck(
        get_db(),
        game,
        parsed,
        body["name"],
        body.get("format"),
        body.get("parent"),
        description=body["description"],
    )
    claim_key = accounts.deck_saved(saved)
    view = saved_view(saved) if claim_key is None else {**saved_view(saved), "claim_key": claim_key}
    response = SAVED_DECK.dump(view)
    location = url_for("api.get_deck", deck_id=saved.id)
    return response, 201, {"Location": location}


@bp.get("/decks")
@documented(
    "The public decks, a page at a time, the last changed first",
    accounts.PublicDecksSchema,
    query=accounts.PublicDecksQuerySchema,
    errors=[400],
)
def list_public_decks():
    """Decks their owners made public, each once, as its latest version, by ``game``,
    ``format`` (with the game) and ``card``: the decks holding the card (its id, or its name
    as a decklist names it), any printing of it, in the deck or its sideboard; a name that is
    no card is refused with the names close to it. A page holds ``per_page`` decks (50
    unless asked); ``next`` is the next page's address. A page past the last one has no
    decks. Unlisted, private and deleted decks are never listed."""
    return accounts.public_decks(current_games())


@bp.get("/decks/<deck_id>")
@documented("A saved deck", schemas.SavedDeckSchema, errors=[404, 410])
def get_deck(deck_id: str):
    return SAVED_DECK.dump(saved_view(decks.load_deck(get_db(), deck_id)))


@bp.delete("/decks/<deck_id>")
@documented(
    "Delete a saved deck: its owner's, or one saved with no one logged in, with its claim key",
    accounts.DeletedDeckSchema,
    request_headers={
        "Deckwright-Claim-Key": (
            "The claim key the deck's save gave, for a deck saved with no one logged in.",
            {"type": "string"},
        )
    },
    errors=[401, 403, 404, 410],
    security=(PAT, CLAIM_KEY),
)
def delete_deck(deck_id: str):
    """With the account's personal access token, its deck goes with every version of it,
    whichever version's id is given. Each deleted id then answers 410 Gone (a private
    deck's, 404). Copies others saved from it are theirs: they stay whole at their links."""
    if deck_id.endswith(".txt"):  # no id holds a dot: the text export's address, GET alone
        raise MethodNotAllowed(valid_methods=["GET", "HEAD"])
    return accounts.delete_deck(deck_id)


@bp.get("/decks/<deck_id>.txt")
@documented("A saved deck as a text decklist", text_response=True, errors=[404, 410])
def export_deck(deck_id: str):
    saved = decks.load_deck(get_db(), deck_id)
    # A deck saved before its text named its format is exported naming it, as one saved
    # now is; one of a game taken out of the pools, as it was saved.
    game = current_games().get(saved.game)
    text = saved.text if game is None else as_written_now(saved.text, game, saved.format)
    return Response(text, mimetype="text/plain")


@bp.get("/openapi.json")
@documented("This document: the API in OpenAPI 3, generated from its schemas", None)
def openapi_document():
    spec = current_app.extensions.get("deckwright.openapi")
    if spec is None:
        spec = current_app.extensions["deckwright.openapi"] = build_spec(current_app).to_dict()
    return spec
