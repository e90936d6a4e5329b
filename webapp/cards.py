"""Card search over SQLite: the card pools compiled into tables with a full-text index.

The YAML pools stay the source of truth. They are compiled into the app's
database (``cards``, ``card_values`` and the FTS5 table ``cards_fts``) and
compiled again only when a YAML file's content changes: a fingerprint of the
files is kept in the ``meta`` table. Compiling runs inside one ``BEGIN
IMMEDIATE`` transaction, so two workers starting together take turns, the
second finds the fingerprint already current, and readers never see a
half-built index.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils
from flask import current_app

from cardpool import DeckwrightError, Game, PoolLibrary, UnknownCardError

from .db import get_db, transaction

# Bump when the compiled layout changes, so old files are compiled again.
INDEX_VERSION = "1"
DEFAULT_PER_PAGE = 50
MAX_PER_PAGE = 200
BASE_SORTS = ("name", "type", "set", "number")
TEXT_KINDS = ("text", "choice", "list")
CARD_FIELDS = ("id", "name", "type", "set", "number")
_WORD = re.compile(r"\w+")


class SearchError(DeckwrightError):
    """A card search the API cannot run: an unknown filter, a bad number, a bad sort."""

    code = "bad-search"
    status = 400

    def __init__(self, message: str, details: Iterable[str] = ()):
        super().__init__(message)
        self.details = list(details)


# -- compiling the pools -----------------------------------------------------------


def pool_fingerprint(root: Path) -> str:
    """A hash of every pool file's name and content (not its mtime: a touch is no change)."""
    digest = hashlib.sha256(INDEX_VERSION.encode())
    for path in sorted(Path(root).glob("*/*.yaml")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def meta_value(db: sqlite_utils.Database, key: str) -> str | None:
    """A value of the ``meta`` table: ``pool_fingerprint``, ``pool_compiled_at``."""
    if not db["meta"].exists():
        return None
    row = db.execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
    return row[0] if row else None


def stored_fingerprint(db: sqlite_utils.Database) -> str | None:
    return meta_value(db, "pool_fingerprint")


def compile_pools(db: sqlite_utils.Database, library: PoolLibrary) -> bool:
    """Bring the compiled pools up to date with the YAML; True when they were compiled now."""
    fingerprint = pool_fingerprint(library.root)
    if stored_fingerprint(db) == fingerprint:
        return False
    games = library.games()
    with transaction(db):
        # Another worker may have compiled while this one waited for the write lock.
        if stored_fingerprint(db) == fingerprint:
            return False
        _create_tables(db)
        for game in games.values():
            _insert_game(db, game)
        db.execute("INSERT INTO cards_fts(cards_fts) VALUES ('optimize')")
        db.conn.executemany(
            "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
            [
                ("pool_fingerprint", fingerprint),
                ("pool_compiled_at", datetime.now(UTC).isoformat()),
            ],
        )
    return True


def _create_tables(db: sqlite_utils.Database) -> None:
    for table in ("cards_fts", "card_values", "cards"):
        db[table].drop(ignore=True)
    db["meta"].create({"key": str, "value": str}, pk="key", if_not_exists=True)
    db["cards"].create(
        {
            "pk": int,
            "game": str,
            "id": str,
            "name": str,
            "name_sort": str,
            "type": str,
            "set_code": str,
            "set_name": str,
            "number": str,
            "words": str,
            "facts": str,
        },
        pk="pk",
    )
    db["cards"].create_index(["game", "id"], unique=True)
    db["cards"].create_index(["game", "name_sort"])
    # One row per value of a filterable fact (a list attribute gives several rows);
    # ``position`` 0 is the value a card sorts by.
    db["card_values"].create(
        {"card_pk": int, "game": str, "attribute": str, "position": int, "key": str, "num": int},
        foreign_keys=[("card_pk", "cards", "pk")],
    )
    db["card_values"].create_index(["game", "attribute", "key", "card_pk"])
    db["card_values"].create_index(["game", "attribute", "num", "card_pk"])
    db["card_values"].create_index(["card_pk", "attribute", "position"])
    # Typed words ("nish") find "Nishaven": accents and case do not matter.
    db["cards"].enable_fts(
        ["name", "type", "words"], tokenize="unicode61 remove_diacritics 2", replace=True
    )


def _insert_game(db: sqlite_utils.Database, game: Game) -> None:
    next_pk = (db.execute("SELECT coalesce(max(pk), 0) FROM cards").fetchone()[0]) + 1
    card_rows, value_rows = [], []
    for pk, card in enumerate(game.cards, start=next_pk):
        facts = card_facts(game, card.facts)
        card_set = game.sets.get(card.set)
        words = []
        for name, attribute in game.attributes.items():
            if attribute.kind in TEXT_KINDS and name in facts:
                words.extend(_as_list(facts[name]))
        card_rows.append(
            (
                pk,
                game.id,
                card.id,
                card.name,
                card.name.casefold(),
                card.type,
                card.set,
                card_set.name if card_set else card.set,
                card.number,
                " ".join(str(w) for w in words),
                json.dumps(facts, separators=(",", ":")),
            )
        )
        value_rows.append((pk, game.id, "type", 0, card.type.casefold(), None))
        value_rows.append((pk, game.id, "set", 0, card.set.casefold(), None))
        value_rows.append((pk, game.id, "number", 0, (card.number or "").casefold(), None))
        for name in game.attributes:
            for position, value in enumerate(_as_list(facts.get(name))):
                value_rows.append((pk, game.id, name, position, *_key_and_num(value)))
    db.conn.executemany(
        "INSERT INTO cards (pk, game, id, name, name_sort, type, set_code, set_name, number,"
        " words, facts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        card_rows,
    )
    db.conn.executemany(
        "INSERT INTO card_values (card_pk, game, attribute, position, key, num)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        value_rows,
    )
    db.conn.execute(
        "INSERT INTO cards_fts (rowid, name, type, words)"
        " SELECT pk, name, type, words FROM cards WHERE game = ?",
        [game.id],
    )


def card_facts(game: Game, facts: Mapping[str, Any]) -> dict[str, Any]:
    """A card's facts under the game's attribute names (id, name, type, set are fields)."""
    return {name: facts[name] for name in game.attributes if facts.get(name) is not None}


def _as_list(value: Any) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


def _key_and_num(value: Any) -> tuple[str, int | None]:
    if isinstance(value, bool):
        return ("true" if value else "false"), int(value)
    if isinstance(value, int):
        return str(value), value
    return str(value).casefold(), None


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


def parse_query(game: Game, args: Mapping[str, list[str]]) -> CardQuery:
    """Read search parameters (``{name: [values]}``, as a query string gives them).

    Raises :class:`SearchError` naming the valid parameters or values when a
    parameter is unknown or a value cannot be used.
    """
    known = filter_names(game)
    unknown = sorted(name for name in args if name not in known)
    if unknown:
        raise SearchError(
            f"{game.short_name} cards cannot be searched by {', '.join(unknown)};"
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
    sorts = [*BASE_SORTS, *game.attributes]
    if sort not in sorts:
        raise SearchError(f"cannot sort by {sort!r}; sort by one of: {', '.join(sorts)}", sorts)
    order = (_last(args, "order") or "asc").lower()
    if order not in ("asc", "desc"):
        raise SearchError(f"order must be asc or desc, not {order!r}", ["asc", "desc"])
    page = _int_arg(args, "page", 1)
    per_page = _int_arg(args, "per_page", DEFAULT_PER_PAGE)
    if page < 1:
        raise SearchError("page counts from 1")
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise SearchError(f"per_page must be from 1 to {MAX_PER_PAGE}")
    return CardQuery(
        text=_last(args, "q") or "",
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


def _int_arg(args, name: str, default: int | None = None) -> int | None:
    text = _last(args, name)
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise SearchError(f"{name} must be a whole number, not {text!r}") from None


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


def _whole_number(name: str, value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise SearchError(f"{name} must be a whole number, not {value!r}") from None


def fts_query(text: str) -> str | None:
    """Every word of ``text`` as a prefix, all required: ``nish ha`` -> ``"nish"* "ha"*``."""
    words = _WORD.findall(text)
    return " ".join(f'"{w}"*' for w in words) if words else None


def search(db: sqlite_utils.Database, game: Game, query: CardQuery) -> CardPage:
    """The page of ``game``'s cards matching ``query``, in its order."""
    where = ["c.game = ?"]
    params: list[Any] = [game.id]
    match = fts_query(query.text)
    if match:
        where.append("c.pk IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH ?)")
        params.append(match)
    for name, values in query.filters.items():
        column = "num" if _is_int(game, name) else "key"
        marks = ", ".join("?" * len(values))
        where.append(
            "c.pk IN (SELECT card_pk FROM card_values"
            f" WHERE game = ? AND attribute = ? AND {column} IN ({marks}))"
        )
        params.extend((game.id, name, *(int(v) if column == "num" else v for v in values)))
    for name, (low, high) in query.ranges.items():
        where.append(
            "c.pk IN (SELECT card_pk FROM card_values"
            " WHERE game = ? AND attribute = ? AND num BETWEEN ? AND ?)"
        )
        params.extend(
            (game.id, name, -(2**62) if low is None else low, 2**62 if high is None else high)
        )
    where_sql = " AND ".join(where)
    total = db.execute(f"SELECT count(*) FROM cards c WHERE {where_sql}", params).fetchone()[0]
    direction = "DESC" if query.order == "desc" else "ASC"
    join, join_params = "", []
    if query.sort == "name":
        order_sql = f"c.name_sort {direction}, c.pk"
    elif query.sort == "type":
        order_sql = f"c.type {direction}, c.name_sort, c.pk"
    elif query.sort == "set":
        order_sql = f"c.set_code {direction}, c.name_sort, c.pk"
    else:
        # Cards without the fact come last whichever the direction.
        join = " LEFT JOIN card_values s ON s.card_pk = c.pk AND s.attribute = ? AND s.position = 0"
        join_params = [query.sort]
        order_sql = f"s.card_pk IS NULL, s.num {direction}, s.key {direction}, c.name_sort, c.pk"
    rows = db.execute(
        f"SELECT c.id, c.name, c.type, c.set_code, c.set_name, c.number, c.facts"
        f" FROM cards c{join} WHERE {where_sql} ORDER BY {order_sql} LIMIT ? OFFSET ?",
        [*join_params, *params, query.per_page, (query.page - 1) * query.per_page],
    ).fetchall()
    return CardPage([_card_view(row) for row in rows], total, query.page, query.per_page)


def _is_int(game: Game, name: str) -> bool:
    attribute = game.attributes.get(name)
    return attribute is not None and attribute.kind in ("int",)


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
    """Search from query-string arguments in a request: what the API and the site pages call."""
    return search(ensure_compiled(), game, parse_query(game, args))
