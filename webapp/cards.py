"""Card search over SQLite: words typed, facts filtered, any order, one page at a time.

The pools are compiled into one full-text table by :mod:`webapp.card_index`; a
search is a full-text match (filters become token matches, typed words prefix
matches) within the rowid segment of its game and sort, read in rowid order,
which is the sort order. :func:`search_cards` is what the API and the site's
pages call; it compiles the pools first if a pool file changed.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import sqlite_utils
from flask import current_app

from cardpool import DeckwrightError, Game, PoolLibrary, UnknownCardError
from validator.decklist_lines import UNSEEN_MARKS

from . import card_index
from .card_index import compile_pools, meta_value, pool_fingerprint, sort_names
from .db import get_db

__all__ = [
    "CardPage",
    "CardQuery",
    "SearchError",
    "compile_pools",
    "ensure_compiled",
    "filter_names",
    "get_card",
    "meta_value",
    "parse_query",
    "pool_fingerprint",
    "search",
    "search_cards",
]

DEFAULT_PER_PAGE = 50
MAX_PER_PAGE = 200
MAX_PAGE = 100_000
# Numbers a search takes end in SQLite's 64-bit integers: far larger ones are refused here
# rather than overflow there.
MAX_WHOLE_NUMBER = 10**9
MAX_READ_AHEAD = 1000
EVERY_CARD = f"facts : {card_index.EVERY_CARD}"
_WORD = re.compile(r"\w+")


class SearchError(DeckwrightError):
    """A card search the API cannot run: an unknown filter, a bad number, a bad sort."""

    code = "bad-search"
    status = 400

    def __init__(self, message: str, details: Iterable[str] = ()):
        super().__init__(message)
        self.details = list(details)


# -- keeping the index current ----------------------------------------------------


def ensure_compiled(db: sqlite_utils.Database | None = None) -> sqlite_utils.Database:
    """The request's database with the pools compiled and current.

    The cheap check (file names, sizes, mtimes) runs at most every
    ``POOL_RECHECK_SECONDS`` (default 1); the file hashes are read only when
    it finds a change.
    """
    db = db or get_db()
    library: PoolLibrary = current_app.extensions["deckwright.pools"]
    seen = current_app.extensions.setdefault("deckwright.compiled", {})
    key = current_app.config["DATABASE"]
    interval = current_app.config.get("POOL_RECHECK_SECONDS", 1.0)
    now = time.monotonic()
    checked_at, known = seen.get(key, (None, None))
    if checked_at is None or now - checked_at >= interval:
        stamp = library.stamp()
        if stamp != known:
            compile_pools(db, library)
        seen[key] = (now, stamp)
    return db


# -- searching ------------------------------------------------------------------


@dataclass(frozen=True)
class CardQuery:
    """A card search: words, value filters (OR within one attribute), ranges, order and page."""

    text: str = ""
    filters: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    ranges: Mapping[str, tuple[int | None, int | None]] = field(default_factory=dict)
    sort: str = "name"
    order: str = "asc"
    page: int = 1
    per_page: int = DEFAULT_PER_PAGE


@dataclass
class CardPage:
    """One page of search results; ``cards`` are JSON-ready dicts."""

    cards: list[dict[str, Any]]
    total: int
    page: int
    per_page: int
    # When the words typed match no card: the names closest to them ("did you mean"), best
    # first, each of a card the search's filters let through.
    suggestions: list[str] = field(default_factory=list)

    @property
    def pages(self) -> int:
        return math.ceil(self.total / self.per_page)


def filter_names(game: Game) -> list[str]:
    """Every query parameter a search of ``game`` understands."""
    names = ["q", "type", "set", *game.attributes, "sort", "order", "page", "per_page"]
    for name, attribute in game.attributes.items():
        if attribute.kind == "int":
            names.extend((f"{name}_min", f"{name}_max"))
    return names


# What an answer repeats of a request it refuses: a query string of thousands of made-up
# parameters is answered in a line, not echoed whole.
SHOWN_NAMES = 10
SHOWN_NAME_CHARS = 40


def _some(names: list[str]) -> str:
    """The first few names, each cut short, and how many more there are."""
    shown = [n if len(n) <= SHOWN_NAME_CHARS else n[: SHOWN_NAME_CHARS - 1] + "…" for n in names]
    listed = ", ".join(shown[:SHOWN_NAMES])
    more = len(names) - SHOWN_NAMES
    return f"{listed} and {more} more" if more > 0 else listed


def parse_query(game: Game, args: Mapping[str, list[str]]) -> CardQuery:
    """Read search parameters (``{name: [values]}``, as a query string gives them).

    Raises :class:`SearchError` naming the valid parameters or values when a
    parameter is unknown or a value cannot be used.
    """
    known = filter_names(game)
    understood = frozenset(known)
    unknown = sorted(name for name in args if name not in understood)
    if unknown:
        raise SearchError(
            f"{game.short_name} cards cannot be searched by {_some(unknown)};"
            f" the parameters are: {', '.join(known)}",
            known,
        )
    filters: dict[str, tuple[str, ...]] = {}
    ranges: dict[str, tuple[int | None, int | None]] = {}
    for name in ("type", "set", *game.attributes):
        values = tuple(v for v in args.get(name, ()) if v != "")
        if values:
            filters[name] = _checked_values(game, name, values)
    for name, attribute in game.attributes.items():
        if attribute.kind == "int":
            low = _int_arg(args, f"{name}_min")
            high = _int_arg(args, f"{name}_max")
            if low is not None or high is not None:
                ranges[name] = (low, high)
    sort = _last(args, "sort") or "name"
    sorts = sort_names(game)
    if sort not in sorts:
        raise SearchError(f"cannot sort by {sort!r}; sort by one of: {', '.join(sorts)}", sorts)
    order = (_last(args, "order") or "asc").lower()
    if order not in ("asc", "desc"):
        raise SearchError(f"order must be asc or desc, not {order!r}", ["asc", "desc"])
    page = _int_arg(args, "page", 1, low=1)
    per_page = _int_arg(args, "per_page", DEFAULT_PER_PAGE)
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise SearchError(f"per_page must be from 1 to {MAX_PER_PAGE}")
    return CardQuery(
        # "em\u200bber" pasted from a web page is "ember", as a list's line is read
        text=UNSEEN_MARKS.sub("", _last(args, "q") or ""),
        filters=filters,
        ranges=ranges,
        sort=sort,
        order=order,
        page=page,
        per_page=per_page,
    )


def _last(args: Mapping[str, list[str]], name: str) -> str | None:
    values = args.get(name) or []
    return values[-1].strip() if values else None


def _int_arg(
    args, name: str, default: int | None = None, low: int = -MAX_WHOLE_NUMBER
) -> int | None:
    text = _last(args, name)
    if not text:
        return default
    return _whole_number(name, text, low, MAX_PAGE if name == "page" else MAX_WHOLE_NUMBER)


def _checked_values(game: Game, name: str, values: tuple[str, ...]) -> tuple[str, ...]:
    """The values as stored (case-folded); choices must be ones the game has."""
    if name == "type":
        allowed: Iterable[str] = game.card_types
    elif name == "set":
        allowed = game.sets
    else:
        attribute = game.attributes[name]
        if attribute.kind == "int":
            for value in values:
                _whole_number(name, value)
            return tuple(str(int(v)) for v in values)
        allowed = ("true", "false") if attribute.kind == "bool" else attribute.values
    allowed = list(allowed)
    if allowed:
        by_key = {a.casefold(): a for a in allowed}
        wrong = [v for v in values if v.casefold() not in by_key]
        if wrong:
            raise SearchError(
                f"{game.short_name} has no {name} {', '.join(map(repr, wrong))};"
                f" the values are: {', '.join(allowed)}",
                allowed,
            )
    return tuple(v.casefold() for v in values)


def _whole_number(
    name: str, value: str, low: int = -MAX_WHOLE_NUMBER, high: int = MAX_WHOLE_NUMBER
) -> int:
    shown = value if len(value) <= 40 else value[:40] + "..."
    try:
        # Length first: int() of thousands of digits is refused by Python with a ValueError
        # too, but only after reading them all.
        number = int(value) if len(value) <= 40 else None
    except ValueError:
        number = None
    if number is None:
        raise SearchError(f"{name} must be a whole number, not {shown!r}")
    if not low <= number <= high:
        raise SearchError(f"{name} must be from {low} to {high}, not {shown}")
    return number


def match_expression(db: sqlite_utils.Database, game: Game, query: CardQuery) -> str | None:
    """The full-text match of a search, or None when it has no words and no filters.

    Every typed word must begin a word of the card (``nish`` finds Nishaven);
    each filter must match one of its values; a range is the values within it.
    An empty string means nothing can match (a range no card's value falls in).
    """
    parts = []
    words = _WORD.findall(query.text)
    if words:
        parts.append("words : (" + " ".join(f'"{w}"*' for w in words) + ")")
    for name, keys in query.filters.items():
        parts.append(_any_of(card_index.iter_tokens(name, keys)))
    for name, (low, high) in query.ranges.items():
        values = card_index.whole_numbers_between(db, game, name, low, high)
        if not values:
            return ""
        parts.append(_any_of(card_index.iter_tokens(name, map(str, values))))
    return " AND ".join(parts) if parts else None


def _any_of(tokens: list[str]) -> str:
    return "facts : (" + " OR ".join(tokens) + ")"


def search(db: sqlite_utils.Database, game: Game, query: CardQuery) -> CardPage:
    """The page of ``game``'s cards matching ``query``, in its order.

    Cards without the sorted-by value come last in either direction; going
    down, cards with equal values come in reverse name order.
    """
    segment = card_index.segment_of(db, game, query.sort)
    match = match_expression(db, game, query)
    if segment is None or match == "":
        return CardPage([], 0, query.page, query.per_page)
    offset, limit = (query.page - 1) * query.per_page, query.per_page
    first, end, missing = segment.first, segment.end, segment.missing_from
    if query.order == "asc" or missing is None:
        direction = "ASC" if query.order == "asc" else "DESC"
        if match and offset <= MAX_READ_AHEAD:
            # Read up to one card past the page: if the matches end sooner, that
            # also counts them, and the match is run once instead of twice.
            ahead = _rowids(db, match, first, end, direction, offset + limit + 1, 0)
            rowids = ahead[offset : offset + limit]
            if len(ahead) <= offset + limit:
                return _page(db, rowids, len(ahead), query)
        else:
            rowids = _rowids(db, match, first, end, direction, limit, offset)
        return _page(db, rowids, _count(db, segment, match, first, end), query)
    total = _count(db, segment, match, first, end)
    # Going down: the cards with the value from the top, then those without it.
    valued = _count(db, segment, match, first, missing)
    rowids = []
    if offset < valued:
        rowids = _rowids(db, match, first, missing, "DESC", limit, offset)
    if len(rowids) < limit:
        rest = max(0, offset - valued)
        rowids += _rowids(db, match, missing, end, "ASC", limit - len(rowids), rest)
    return _page(db, rowids, total, query)


def _page(db, rowids: list[int], total: int, query: CardQuery) -> CardPage:
    pks = [card_index.pk_of(rowid) for rowid in rowids]
    return CardPage(_cards_by_pk(db, pks), total, query.page, query.per_page)


def _count(db, segment: card_index.Segment, match: str | None, low: int, high: int) -> int:
    """How many matching cards have rowids in [low, high)."""
    if not match:
        # Ranks run without gaps, so the count is arithmetic.
        if high >= segment.end:
            return segment.cards - max(0, segment.ranked_before(low))
        return segment.ranked_before(high) - max(0, segment.ranked_before(low))
    return db.execute(
        "SELECT count(*) FROM card_search WHERE card_search MATCH ? AND rowid >= ? AND rowid < ?",
        [match, low, high],
    ).fetchone()[0]


def _rowids(db, match, low, high, direction, limit, offset) -> list[int]:
    return [
        row[0]
        for row in db.execute(
            "SELECT rowid FROM card_search WHERE card_search MATCH ? AND rowid >= ? AND rowid < ?"
            f" ORDER BY rowid {direction} LIMIT ? OFFSET ?",
            [match or EVERY_CARD, low, high, limit, offset],
        )
    ]


def _cards_by_pk(db: sqlite_utils.Database, pks: list[int]) -> list[dict[str, Any]]:
    if not pks:
        return []
    rows = db.execute(
        "SELECT pk, id, name, type, set_code, set_name, number, facts FROM cards"
        f" WHERE pk IN ({', '.join('?' * len(pks))})",
        pks,
    ).fetchall()
    by_pk = {row[0]: _card_view(row[1:]) for row in rows}
    return [by_pk[pk] for pk in pks]


def get_card(db: sqlite_utils.Database, game: Game, card_id: str) -> dict[str, Any]:
    """One card by id, as search returns it."""
    row = db.execute(
        "SELECT id, name, type, set_code, set_name, number, facts FROM cards"
        " WHERE game = ? AND id = ?",
        [game.id, card_id],
    ).fetchone()
    if row is None:
        raise UnknownCardError(f"{game.short_name} has no card with id {card_id!r}")
    return _card_view(row)


def _card_view(row: tuple) -> dict[str, Any]:
    card_id, name, card_type, set_code, set_name, number, facts = row
    return {
        "id": card_id,
        "name": name,
        "type": card_type,
        "set": set_code,
        "set_name": set_name,
        "number": number,
        "facts": json.loads(facts),
    }


def search_cards(game: Game, args: Mapping[str, list[str]]) -> CardPage:
    """Search from query-string arguments in a request: what the API and the site pages call.

    A search whose words match no card names the cards closest to them, as a misspelt name
    in a decklist is answered ("Embr Rex": did you mean Ember Rex?)."""
    db = ensure_compiled()
    query = parse_query(game, args)
    page = search(db, game, query)
    if page.total == 0 and query.text:
        page.suggestions = suggested_names(db, game, query)
    return page


def suggested_names(db: sqlite_utils.Database, game: Game, query: CardQuery) -> list[str]:
    """The card names closest to the words of ``query``, of cards its filters let through."""
    names = []
    for name in game.suggest(query.text):
        if search(db, game, replace(query, text=name, page=1, per_page=1)).total:
            names.append(name)
    return names
