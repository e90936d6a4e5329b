"""The card pools compiled into SQLite for search, compiled again only when a pool file changes.

The YAML pools stay the source of truth. Compiling writes, in the app's one
database file:

- ``cards``: one row per card as the API shows it (facts as JSON);
- ``card_search``, one FTS5 table holding every card once per sort order of
  its game: a document of its words (name, type, text facts; prefix-indexed) and
  its facts as tokens (``facts``). A document's rowid is ``segment | rank | pk``:
  the segment is the (game, sort) pair, the rank the card's place in that sort.
  Filters are full-text matches on the tokens, restricted to one segment's rowid
  range, and rowid order *is* the sort order, so a page of any search in any
  order is read straight off the index without sorting. One table, not one per
  sort, keeps the schema small: each request's new connection reads it;
- ``search_segments`` (where each segment's rowids lie and where its cards
  without the sort's value begin) and ``fact_values`` (the whole numbers each
  attribute takes, to turn a range into tokens).

A fingerprint of the pool files' content is kept in ``meta``. Compiling runs in
one ``BEGIN IMMEDIATE`` transaction: workers starting together take turns, the
later ones find the fingerprint current, and readers never see a half-built
index.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from cardpool import Card, Game, PoolError, PoolLibrary, PoolProblem

from .db import transaction

# Bump when the compiled layout changes, so files compiled before are compiled again.
INDEX_VERSION = "4"
# rowid = segment << SEGMENT_SHIFT | rank << RANK_SHIFT | pk: 2^23 cards, 2^16 segments.
RANK_SHIFT = 23
SEGMENT_SHIFT = 47
BASE_SORTS = ("name", "type", "set", "number")
TEXT_KINDS = ("text", "choice", "list")
FTS_OPTIONS = (
    "content='', columnsize=0, detail=column, prefix='2 3',"
    " tokenize=\"unicode61 remove_diacritics 2 tokenchars '_'\""
)
# In every document's facts (no fact token can be it: those are hex): a search without
# words or filters matches it, as the contentless table cannot be scanned.
EVERY_CARD = "all"
_OWN_TABLES = ("card_search", "search_segments", "fact_values", "cards")
_OLD_TABLES = ("cards_fts", "card_values", "search_tables")  # from earlier layouts


def pool_fingerprint(root: Path) -> str:
    """A hash of every pool file's name and content (not its mtime: a touch is no change)."""
    digest = hashlib.sha256(INDEX_VERSION.encode())
    for path in sorted(Path(root).glob("*/*.yaml")):
        digest.update(str(path.relative_to(root)).encode())
        try:
            digest.update(hashlib.sha256(path.read_bytes()).digest())
        except OSError as exc:  # a link to nothing, a file gone as an editor saves it
            digest.update(f"unreadable: {exc.errno}".encode())
    return digest.hexdigest()


def meta_value(db: sqlite_utils.Database, key: str) -> str | None:
    """A value of the ``meta`` table: ``pool_fingerprint``, ``pool_compiled_at``."""
    if not db["meta"].exists():
        return None
    row = db.execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
    return row[0] if row else None


def compile_pools(db: sqlite_utils.Database, library: PoolLibrary) -> bool:
    """Bring the compiled pools up to date with the YAML; True when they were compiled now."""
    fingerprint = pool_fingerprint(library.root)
    if meta_value(db, "pool_fingerprint") == fingerprint:
        return False
    games = library.games()
    total = sum(len(g.cards) for g in games.values())
    segments = sum(len(sort_names(g)) for g in games.values())
    if total >= 1 << RANK_SHIFT or segments >= 1 << (63 - SEGMENT_SHIFT):
        raise PoolError(
            [PoolProblem(str(library.root), f"{total} cards, {segments} sorts: too many to index")]
        )
    with transaction(db):
        # Another worker may have compiled while this one waited for the write lock.
        if meta_value(db, "pool_fingerprint") == fingerprint:
            return False
        _drop_index(db)
        _create_tables(db)
        next_pk, next_segment = 1, 1
        for game in games.values():
            _insert_game(db, game, next_pk, next_segment)
            next_pk += len(game.cards)
            next_segment += len(sort_names(game))
        # One merged segment: fewer b-trees per term, and a small structure record for
        # each new connection to read.
        db.execute("INSERT INTO card_search(card_search) VALUES ('optimize')")
        db.conn.executemany(
            "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
            [
                ("pool_fingerprint", fingerprint),
                ("pool_compiled_at", datetime.now(UTC).isoformat()),
            ],
        )
    return True


def _drop_index(db: sqlite_utils.Database) -> None:
    """Drop what an earlier compile made, and nothing else (decks share the file)."""
    virtual = [
        row[0]
        for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL%'"
        )
    ]
    for name in virtual:
        if name.startswith("search:") or name in (*_OLD_TABLES, *_OWN_TABLES):
            db[name].drop(ignore=True)
    for name in db.table_names():
        if name.startswith("game_cards:"):
            db[name].drop(ignore=True)
    # Tables pointing at ``cards`` go first, or the foreign keys refuse the drop.
    for name in (*_OLD_TABLES, *_OWN_TABLES):
        db[name].drop(ignore=True)


def _create_tables(db: sqlite_utils.Database) -> None:
    db["meta"].create({"key": str, "value": str}, pk="key", if_not_exists=True)
    db["cards"].create(
        {
            "pk": int,
            "game": str,
            "id": str,
            "name": str,
            "type": str,
            "set_code": str,
            "set_name": str,
            "number": str,
            "facts": str,
        },
        pk="pk",
    )
    db["cards"].create_index(["game", "id"], unique=True)
    db["search_segments"].create(
        {"game": str, "sort": str, "first": int, "missing_from": int, "cards": int},
        pk=("game", "sort"),
    )
    db.execute(f"CREATE VIRTUAL TABLE card_search USING fts5(words, facts, {FTS_OPTIONS})")
    db["fact_values"].create({"game": str, "attribute": str, "value": int})
    db["fact_values"].create_index(["game", "attribute", "value"], unique=True)


def sort_names(game: Game) -> list[str]:
    """What a search of ``game`` can be sorted by."""
    return [*BASE_SORTS, *game.attributes]


def token(attribute: str, key: str) -> str:
    """The full-text token of one fact: unambiguous whatever characters the value has."""
    return f"{attribute.encode().hex()}_{key.encode().hex()}"


def fact_key(value: Any) -> str:
    """A fact's value as filters compare it: case-folded text, whole numbers, true/false."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return str(value).casefold()


# What a card may carry besides the game's attributes: its rules text and its picture.
CARD_EXTRAS = ("text", "image")


def card_facts(game: Game, facts: Mapping[str, Any]) -> dict[str, Any]:
    """A card's facts under the game's attribute names (id, name, type, set are fields),
    with its rules text and picture when the pool gives them."""
    names = (*game.attributes, *(e for e in CARD_EXTRAS if e not in game.attributes))
    return {name: facts[name] for name in names if facts.get(name) is not None}


def _values(value: Any) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


def _sort_value(game: Game, card: Card, sort: str) -> Any:
    if sort == "name":
        return card.name.casefold()
    if sort == "type":
        return card.type.casefold()
    if sort == "set":
        return card.set.casefold()
    if sort == "number":
        return card.number.casefold() if card.number else None
    values = _values(card.facts.get(sort))
    if not values:
        return None
    first = values[0]
    return int(first) if isinstance(first, bool | int) else str(first).casefold()


def _insert_game(db: sqlite_utils.Database, game: Game, first_pk: int, segment: int) -> None:
    cards = list(game.cards)
    pks = {card.id: pk for pk, card in enumerate(cards, start=first_pk)}
    documents = {}
    card_rows = []
    whole_numbers: set[tuple[str, int]] = set()
    for card in cards:
        facts = card_facts(game, card.facts)
        card_set = game.sets.get(card.set)
        words = [card.name, card.type]
        if card.get("text") and "text" not in game.attributes:
            words.append(str(card.get("text")))
        tokens = [EVERY_CARD, token("type", fact_key(card.type)), token("set", fact_key(card.set))]
        for name, attribute in game.attributes.items():
            for value in _values(facts.get(name)):
                tokens.append(token(name, fact_key(value)))
                if attribute.kind in TEXT_KINDS:
                    words.append(str(value))
                if attribute.kind == "int" and not isinstance(value, bool):
                    whole_numbers.add((name, value))
        documents[card.id] = (" ".join(words), " ".join(tokens))
        card_rows.append(
            (
                pks[card.id],
                game.id,
                card.id,
                card.name,
                card.type,
                card.set,
                card_set.name if card_set else card.set,
                card.number,
                json.dumps(facts, separators=(",", ":")),
            )
        )
    db.conn.executemany(
        "INSERT INTO cards (pk, game, id, name, type, set_code, set_name, number, facts)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        card_rows,
    )
    db.conn.executemany(
        "INSERT INTO fact_values (game, attribute, value) VALUES (?, ?, ?)",
        [(game.id, name, value) for name, value in sorted(whole_numbers)],
    )
    for offset, sort in enumerate(sort_names(game)):
        _insert_segment(db, game, sort, segment + offset, cards, pks, documents)


def _insert_segment(db, game: Game, sort: str, segment: int, cards, pks, documents) -> None:
    """The game's cards as documents in ``sort`` order: without the value last, ties by name."""

    def order(card: Card):
        value = _sort_value(game, card, sort)
        kind = 0 if isinstance(value, int) else 1  # never compare a number with text
        return (
            value is None,
            kind,
            value if value is not None else 0,
            card.name.casefold(),
            card.id,
        )

    ranked = sorted(cards, key=order)
    first = segment << SEGMENT_SHIFT
    db.conn.executemany(
        "INSERT INTO card_search (rowid, words, facts) VALUES (?, ?, ?)",
        [
            (first | (rank << RANK_SHIFT) | pks[card.id], *documents[card.id])
            for rank, card in enumerate(ranked, start=1)
        ],
    )
    missing = next(
        (rank for rank, card in enumerate(ranked, 1) if _sort_value(game, card, sort) is None),
        None,
    )
    db.execute(
        "INSERT INTO search_segments (game, sort, first, missing_from, cards)"
        " VALUES (?, ?, ?, ?, ?)",
        [
            game.id,
            sort,
            first,
            None if missing is None else first | (missing << RANK_SHIFT),
            len(cards),
        ],
    )


@dataclass(frozen=True)
class Segment:
    """The rowids of one game's cards in one sort order: ``[first, end)``."""

    first: int
    missing_from: int | None  # the first rowid of the cards without the sort's value
    cards: int

    @property
    def end(self) -> int:
        return self.first + (1 << SEGMENT_SHIFT)

    def ranked_before(self, rowid: int) -> int:
        """How many of the segment's cards come before ``rowid`` (ranks have no gaps)."""
        return ((rowid - self.first) >> RANK_SHIFT) - 1


def segment_of(db: sqlite_utils.Database, game: Game, sort: str) -> Segment | None:
    row = db.execute(
        "SELECT first, missing_from, cards FROM search_segments WHERE game = ? AND sort = ?",
        [game.id, sort],
    ).fetchone()
    return Segment(*row) if row else None


def whole_numbers_between(
    db: sqlite_utils.Database, game: Game, attribute: str, low: int | None, high: int | None
) -> list[int]:
    """The values ``attribute`` takes on some card of ``game`` within [low, high]."""
    return [
        row[0]
        for row in db.execute(
            "SELECT value FROM fact_values WHERE game = ? AND attribute = ?"
            " AND value >= ? AND value <= ?",
            [
                game.id,
                attribute,
                -(2**63) if low is None else low,
                2**63 - 1 if high is None else high,
            ],
        )
    ]


def pk_of(rowid: int) -> int:
    return rowid & ((1 << RANK_SHIFT) - 1)


def iter_tokens(attribute: str, keys: Iterable[str]) -> list[str]:
    return [token(attribute, key) for key in keys]
