"""Saved decks: immutable rows in SQLite, shared by an unguessable id.

A saved deck never changes under its id. Editing a deck saves a new row whose
``parent`` is the old id, so a share link always shows what was shared and
the chain of edits is kept. A deck is saved only when every line of it was
read: unknown cards or unreadable lines are refused with their problems rather
than dropped. A deck its owner deletes (:func:`delete_saved`) is gone from its id
for good, which then answers that it was deleted.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlite_utils
from flask import current_app, has_request_context

from cardpool import DeckwrightError, Game, NotFoundError
from validator import ERROR, ParsedDeck, Problem, to_mapping, to_text

from .db import create_once, has_trigger, transaction, under_write_lock

ID_BYTES = 12  # 16 url-safe characters: 96 random bits
MAX_DESCRIPTION = 5000
# How far back a deck's page follows its chain of edits.
MAX_HISTORY = 50


class UnknownDeckError(NotFoundError):
    code = "unknown-deck"


class DeletedDeckError(UnknownDeckError):
    """A share link of a deck its owner deleted: gone for good, and said so (410 Gone)."""

    code = "deck-deleted"
    status = 410


class UnsavableDeckError(DeckwrightError):
    """A deck that cannot be saved as sent; ``problems`` say which lines and why."""

    code = "unsavable-deck"
    status = 422

    def __init__(self, message: str, problems: list[Problem]):
        super().__init__(message)
        self.problems = problems

    @property
    def details(self) -> list[dict[str, Any]]:
        return [problem.as_dict() for problem in self.problems]


@dataclass(frozen=True)
class SavedDeck:
    id: str
    game: str
    name: str
    format: str
    created: datetime
    parent: str | None
    deck: dict[str, Any]
    text: str
    description: str = ""


def create_table(db: sqlite_utils.Database) -> None:
    db["decks"].create(
        {
            "id": str,
            "game": str,
            "name": str,
            "format": str,
            "created": str,
            "parent": str,
            "deck": str,
            "text": str,
            "description": str,
        },
        pk="id",
        foreign_keys=[("parent", "decks", "id")],
        if_not_exists=True,
    )
    # Tables made before decks had a description get the column.
    if "description" not in db["decks"].columns_dict:
        db["decks"].add_column("description", str)
    db["decks"].create_index(["parent"], if_not_exists=True)
    _tombstones(db)
    _card_index(db)


# The cards each saved deck holds, by card id, so the public decks are found by a card at
# once (GET /api/v1/decks?card=): one row a card in the deck's sections ("deck") or in one
# of its boards ("sideboard", "maybeboard"). The key leads with the card id: its decks are
# one look-up away. A deck's rows go with its row.
_CARD_INDEX = (
    """CREATE TABLE IF NOT EXISTS deck_cards (
        card_id TEXT NOT NULL,
        deck_id TEXT NOT NULL REFERENCES decks(id) ON DELETE CASCADE,
        board TEXT NOT NULL,
        PRIMARY KEY (card_id, deck_id, board)
    ) WITHOUT ROWID""",
    "CREATE INDEX IF NOT EXISTS deck_cards_deck ON deck_cards (deck_id)",
)
IN_THE_DECK = "deck"


def _card_index(db: sqlite_utils.Database) -> None:
    create_once(db, "deck cards", _CARD_INDEX, _index_saved_decks)


# Decks saved since the file was last opened, by any server: a trigger in the file puts each
# new deck here, so a start indexes those alone and never reads every deck again. A deck this
# server saves is indexed as it is saved, and taken off at once.
_TO_INDEX = (
    """CREATE TABLE IF NOT EXISTS deck_cards_to_index (
        deck_id TEXT PRIMARY KEY
    ) WITHOUT ROWID""",
    """CREATE TRIGGER IF NOT EXISTS decks_to_index AFTER INSERT ON decks
        BEGIN INSERT OR IGNORE INTO deck_cards_to_index (deck_id) VALUES (NEW.id); END""",
)
# The first time this version opens a file, every deck not indexed yet joins the queue.
_QUEUE_UNINDEXED = """INSERT OR IGNORE INTO deck_cards_to_index (deck_id)
                      SELECT id FROM decks WHERE id NOT IN (SELECT deck_id FROM deck_cards)"""
_QUEUED = """SELECT q.deck_id, d.deck FROM deck_cards_to_index AS q
             LEFT JOIN decks AS d ON d.id = q.deck_id LIMIT ?"""
# Decks indexed in one write transaction when the queue is worked through outside any: a
# file of 200,000 decks queued at once held the write lock longer than a writer waits for
# it (10 s), so the other workers' saves and submissions failed as "store busy".
INDEX_BATCH = 2000


def _index_saved_decks(db: sqlite_utils.Database) -> None:
    """Decks saved before their cards were indexed (or by a server that did not index them)
    get their rows, read from the deck each holds; the decks themselves are left as saved.
    The first time this version opens the file, every deck not indexed yet is queued; then
    a deck saved since by a server that does not index joins the queue by the file's trigger.

    Inside the caller's transaction the whole queue is indexed there. Outside any (the
    start, :func:`index_at_start`), it is indexed a batch a transaction, each batch taken
    off the queue with its rows: others write between batches, and an interrupted start
    leaves the rest queued for the next."""
    if not has_trigger(db, "decks_to_index"):
        under_write_lock(db, _queue_unindexed)
    if not db.execute("SELECT 1 FROM deck_cards_to_index LIMIT 1").fetchone():
        return
    if db.conn.in_transaction:
        while _index_queued(db, INDEX_BATCH):
            pass
        return
    while True:
        with transaction(db):
            if not _index_queued(db, INDEX_BATCH):
                return


def _queue_unindexed(db: sqlite_utils.Database) -> None:
    if not has_trigger(db, "decks_to_index"):
        queue, trigger = _TO_INDEX
        db.execute(queue)
        db.execute(_QUEUE_UNINDEXED)
        db.execute(trigger)


def _index_queued(db: sqlite_utils.Database, most: int) -> int:
    """Index up to ``most`` queued decks and take them off the queue; how many were taken."""
    queued = db.execute(_QUEUED, [most]).fetchall()
    for deck_id, deck in queued:
        if deck in (None, "", "{}"):
            continue  # gone since it was queued, or a deleted deck's bare row: no cards
        try:
            mapping = json.loads(deck)
        except ValueError:
            continue  # a deck that cannot be read is shown as saved, and found by no card
        _index_deck(db, deck_id, mapping)
    db.conn.executemany(
        "DELETE FROM deck_cards_to_index WHERE deck_id = ?", [(d,) for d, _ in queued]
    )
    return len(queued)


def index_at_start(db: sqlite_utils.Database) -> None:
    """Make the saved decks' tables and index the decks queued, before a worker serves:
    the first start of this version on a file of many decks reads them all, in batches."""
    create_table(db)


def _index_deck(db: sqlite_utils.Database, deck_id: str, mapping: Any) -> None:
    rows = {(card_id, deck_id, board) for card_id, board in cards_held(mapping)}
    if rows:
        db.conn.executemany(
            "INSERT OR IGNORE INTO deck_cards (card_id, deck_id, board) VALUES (?, ?, ?)",
            sorted(rows),
        )


def cards_held(mapping: Any) -> list[tuple[str, str]]:
    """The ids of the cards a deck's JSON form holds, each with where: ``deck`` for its
    sections, else the board's name."""
    held: list[tuple[str, str]] = []
    if not isinstance(mapping, dict):
        return held
    sections, boards = mapping.get("sections"), mapping.get("boards")
    parts = [(IN_THE_DECK, e) for e in sections.values()] if isinstance(sections, dict) else []
    parts += list(boards.items()) if isinstance(boards, dict) else []
    for board, entries in parts:
        for entry in entries if isinstance(entries, list) else []:
            card_id = entry.get("id") if isinstance(entry, dict) else None
            if isinstance(card_id, str) and card_id:
                held.append((card_id, str(board)))
    return held


# The ids of deleted decks. ``said`` is 1 when the link answers that the deck was deleted
# (410), 0 when it answers as an unknown id does (a private deck: no one else ever saw it).
_TOMBSTONES = (
    """CREATE TABLE IF NOT EXISTS deleted_decks (
        deck_id TEXT PRIMARY KEY,
        deleted TEXT NOT NULL,
        said INTEGER NOT NULL
    )""",
)


def _tombstones(db: sqlite_utils.Database) -> None:
    create_once(db, "deleted decks", _TOMBSTONES)


def save_deck(
    db: sqlite_utils.Database,
    game: Game,
    parsed: ParsedDeck,
    name: str,
    format_id: str | None = None,
    parent: str | None = None,
    description: str = "",
) -> SavedDeck:
    """Store a read deck under a new id; refuse it when any of its lines was not read.

    Warnings (a line of 0 copies ignored, a name read through an alias) say how a line
    was read; they do not keep the deck from being saved.
    """
    unread = [p for p in parsed.problems if p.severity == ERROR]
    if unread:
        raise UnsavableDeckError(
            f"the deck was not saved: {len(unread)} of its lines could not be read", unread
        )
    fmt = game.format(format_id)  # an unknown format is refused before anything is stored
    # The name is the first line of the deck's text ("# name"): a line break in it would put
    # what follows into the deck its text export gives back (a name "Fire\n3 Kindle" added
    # three Kindles). Every run of spaces, tabs and line breaks is one space.
    name = " ".join(name.split())
    if not name:
        raise UnsavableDeckError("a deck's name cannot be only spaces", [])
    deck = parsed.deck
    deck.name = name
    if parent is not None:
        try:
            original = load_deck(db, parent)
        except DeletedDeckError:
            raise DeletedDeckError(
                f"deck {parent!r}, the deck this is an edit of, was deleted by its owner, so"
                " nothing was saved; save this one as a new deck (without a parent)"
            ) from None
        except UnknownDeckError:
            raise UnknownDeckError(_unknown_parent(parent)) from None
        if original.game != game.id:
            raise UnsavableDeckError(
                f"deck {parent!r} is a {original.game} deck; an edit stays in its game", []
            )
    saved = SavedDeck(
        id=secrets.token_urlsafe(ID_BYTES),
        game=game.id,
        name=name,
        format=fmt.id,
        created=datetime.now(UTC).replace(microsecond=0),
        parent=parent,
        deck=to_mapping(deck),
        text=to_text(deck, fmt.id),  # naming its format when not the game's default
        description=description.strip(),
    )
    with transaction(db):
        create_table(db)
        db["decks"].insert(
            {
                "id": saved.id,
                "game": saved.game,
                "name": saved.name,
                "format": saved.format,
                "created": saved.created.isoformat(),
                "parent": saved.parent,
                "deck": json.dumps(saved.deck),
                "text": saved.text,
                "description": saved.description,
            }
        )
        _index_deck(db, saved.id, saved.deck)
        db.execute("DELETE FROM deck_cards_to_index WHERE deck_id = ?", [saved.id])
    return saved


def load_deck(db: sqlite_utils.Database, deck_id: str) -> SavedDeck:
    row = None
    if db["decks"].exists():
        said = deletion_said(db, deck_id)
        if said:
            raise DeletedDeckError(
                f"the deck {deck_id!r} was deleted by its owner: its link shows nothing any"
                " more. Copies others saved from it are theirs and stay at their own links."
            )
        if said is None:
            row = db.execute(f"SELECT {_columns(db)} FROM decks WHERE id = ?", [deck_id]).fetchone()
    if row is None or _hidden(deck_id):
        raise UnknownDeckError(f"no saved deck has the id {deck_id!r}")
    return _saved(row)


def deletion_said(db: sqlite_utils.Database, deck_id: str) -> bool | None:
    """None for a deck not deleted; of a deleted one, whether its link says it was deleted
    (a private one's answers as an unknown id does: it was never shown to anyone else)."""
    _tombstones(db)
    row = db.execute("SELECT said FROM deleted_decks WHERE deck_id = ?", [deck_id]).fetchone()
    return None if row is None else bool(row[0])


def delete_saved(
    db: sqlite_utils.Database, deck_ids: list[str], when: datetime, said: bool
) -> None:
    """Delete saved decks, inside the caller's transaction: each id is kept as deleted (its
    link answers so from now on, see :func:`deletion_said`) and its row goes.

    A row another deck names as its parent (a copy someone saved from it) cannot go, as the
    copy points at it: what it held (its cards, text, name and description) is wiped and the
    bare row stays, shown to no one. The copy is a whole deck of its own and loses nothing:
    its page no longer lists the deleted versions it came from. The newest go first, so a
    chain of versions deleted together takes every row it can.
    """
    if not deck_ids:
        return
    _tombstones(db)
    _card_index(db)
    found: list[tuple[int, str]] = []
    for start in range(0, len(deck_ids), 500):  # as many ids as SQLite takes at once
        batch = deck_ids[start : start + 500]
        found += db.execute(
            f"SELECT rowid, id FROM decks WHERE id IN ({', '.join('?' * len(batch))})", batch
        ).fetchall()
    for _row, deck_id in sorted(found, reverse=True):
        db.execute(
            "INSERT OR REPLACE INTO deleted_decks (deck_id, deleted, said) VALUES (?, ?, ?)",
            [deck_id, when.isoformat(), int(said)],
        )
        if db.execute("SELECT 1 FROM decks WHERE parent = ? LIMIT 1", [deck_id]).fetchone():
            db.execute("DELETE FROM deck_cards WHERE deck_id = ?", [deck_id])
            db.execute(
                "UPDATE decks SET name = '', deck = '{}', text = '', description = '' WHERE id = ?",
                [deck_id],
            )
        else:
            db.execute("DELETE FROM decks WHERE id = ?", [deck_id])


def _unknown_parent(parent: str) -> str:
    """Why an edit of ``parent`` was not saved: no deck the sender may see has that id.

    A private deck's owner whose login ended is told so (by webapp.accounts, which knows
    who asks): their deck is not lost, they log in again and save once more."""
    words = (
        f"no saved deck you can see has the id {parent!r}, the deck this is an edit of,"
        " so nothing was saved"
    )
    hint = current_app.extensions.get("deckwright.login_hint") if has_request_context() else None
    return f"{words}. {hint()}".strip() if hint else f"{words}."


def _hidden(deck_id: str) -> bool:
    """A private deck of another account than the one asking: as unknown as a wrong id.

    The check is webapp.accounts' (installed in the app's extensions): it knows who asks.
    """
    if not has_request_context():
        return False
    guard = current_app.extensions.get("deckwright.deck_guard")
    return guard is not None and not guard(deck_id)


def _saved(row: tuple) -> SavedDeck:
    deck_id, game, name, fmt, created, parent, deck, text, description = row
    return SavedDeck(
        deck_id,
        game,
        name,
        fmt,
        datetime.fromisoformat(created),
        parent,
        json.loads(deck),
        text,
        description or "",
    )


def history(db: sqlite_utils.Database, saved: SavedDeck) -> list[SavedDeck]:
    """The deck and the versions it was edited from, newest first (at most MAX_HISTORY)."""
    chain = [saved]
    seen = {saved.id}
    while chain[-1].parent and len(chain) < MAX_HISTORY:
        try:
            older = load_deck(db, chain[-1].parent)
        except UnknownDeckError:
            break
        if older.id in seen:
            break
        seen.add(older.id)
        chain.append(older)
    return chain


def edits_of(db: sqlite_utils.Database, deck_id: str) -> list[SavedDeck]:
    """The decks saved as edits of this one, oldest first: newer versions of a shared link.

    Anyone may save an edit of a deck they can see; of a deck an account owns, only its
    owner's edits are its newer versions (webapp.accounts says whose an edit is): another's
    edit listed on its page would pass for the owner's own update. The edits not listed
    take no places: a page at a time is read until MAX_HISTORY are listed, or strangers'
    edits, saved first, would keep every later edit of the owner's off the page. At most
    _EDIT_PAGES pages are read, so a page view reads a bounded number of them.
    """
    listed: list[SavedDeck] = []
    _tombstones(db)
    for page in range(_EDIT_PAGES):
        rows = db.execute(
            f"SELECT {_columns(db)} FROM decks WHERE parent = ?"
            " AND id NOT IN (SELECT deck_id FROM deleted_decks) ORDER BY created, rowid"
            " LIMIT ? OFFSET ?",
            [deck_id, MAX_HISTORY, page * MAX_HISTORY],
        ).fetchall()
        listed += [
            _saved(row) for row in rows if not _hidden(row[0]) and _edited_by_saver(deck_id, row[0])
        ]
        if len(listed) >= MAX_HISTORY or len(rows) < MAX_HISTORY:
            break
    return listed[:MAX_HISTORY]


# The pages of MAX_HISTORY edits of one deck read for its page (see edits_of).
_EDIT_PAGES = 20


def _edited_by_saver(deck_id: str, edit_id: str) -> bool:
    if not has_request_context():
        return True
    same = current_app.extensions.get("deckwright.same_saver")
    return same is None or same(deck_id, edit_id)


_COLUMNS = "id, game, name, format, created, parent, deck, text, description"


def _columns(db: sqlite_utils.Database) -> str:
    # A table from before descriptions is read as it is: its decks have none.
    if "description" in db["decks"].columns_dict:
        return _COLUMNS
    return _COLUMNS.replace("description", "'' AS description")
