"""Decks owned by accounts: "My decks", who may see a deck, and the public decks of a game.

A saved deck never changes under its id (:mod:`webapp.decks`); an edit is a new
id whose ``parent`` is the old one. A deck saved while logged in belongs to the
account, and so does every later version saved from it: they form one deck of
"My decks", named by its first id (``root``), with one visibility for all its
versions:

- ``unlisted`` (the default, as before accounts): anyone with the link sees it;
- ``private``: only its owner; everyone else gets the 404 of an unknown id,
  through every page and API that loads a deck (:func:`may_see`);
- ``public``: also listed on the game's public decks page.

A deck saved with no one logged in comes with a claim key (:func:`issue_key`), a
secret given only in the answer to its save, which the saving browser keeps with
the deck's id; only its SHA-256 hash is stored. Logged in, the player claims the
deck with its id and key (:func:`claim`): its link alone, which anyone it was
shared with holds, never makes it theirs. Decks saved before claim keys have
none and cannot be claimed by anyone; they stay at their links, and saving a
new version of one while logged in makes a deck the account owns.

Links of claimed decks may already be shared, so a claimed deck is never made
private (that would take a shared deck away from whoever holds its link);
saving a new version of it starts a deck the account owns from the first id.

The owner may delete a deck (:func:`delete_deck`): every version of it goes, and
its links say its owner deleted it. A deck saved with no one logged in is
deleted with its claim key (:func:`delete_keyed`), which could claim it and then
delete it anyway; by no one once claimed but its new owner. "My decks" is shown
a page at a time (:func:`decks_page`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime

import sqlite_utils

from cardpool import Game
from validator.deck import SIDEBOARD

from ..db import create_once, transaction
from ..decks import IN_THE_DECK, SavedDeck, _saved, create_table, delete_saved
from ..events.tokens import as_pasted, new_token, token_hash, token_matches
from .refusals import AccountNotFoundError, InvalidAccountError
from .store import Account
from .store import ensure_schema as ensure_accounts

PRIVATE = "private"
UNLISTED = "unlisted"
PUBLIC = "public"
VISIBILITIES = (PRIVATE, UNLISTED, PUBLIC)
MAX_CLAIM = 200
PUBLIC_PAGE = 50
# "My decks", a page at a time: by last change (the newest version saved), first saved,
# or name.
# (A deck's rows are in the order its versions were saved: the rowid breaks a tie of times.)
SORTS = {
    "changed": "g.changed DESC, g.last_row DESC",
    "created": "g.created DESC, g.first_row DESC",
    "name": "lower(latest.name), g.last_row DESC",
}
PER_PAGE = 20
API_PER_PAGE = 50
MAX_PER_PAGE = 100

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS account_decks (
        deck_id TEXT PRIMARY KEY REFERENCES decks(id),
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        root TEXT NOT NULL,
        visibility TEXT NOT NULL,
        claimed INTEGER NOT NULL DEFAULT 0
    )""",
    "CREATE INDEX IF NOT EXISTS account_decks_owner ON account_decks (account_id, root)",
    "CREATE INDEX IF NOT EXISTS account_decks_visibility ON account_decks (visibility)",
    # A deck's versions, for the latest of each that the public decks list.
    "CREATE INDEX IF NOT EXISTS account_decks_root ON account_decks (root)",
    # Private versions of a deleted account that a later deck still names as its parent.
    "CREATE TABLE IF NOT EXISTS withdrawn_decks (deck_id TEXT PRIMARY KEY)",
    # The hash of the claim key of a deck saved with no one logged in, until it is claimed.
    """CREATE TABLE IF NOT EXISTS deck_claim_keys (
        deck_id TEXT PRIMARY KEY REFERENCES decks(id),
        key_hash TEXT NOT NULL
    )""",
)


def ensure_schema(db: sqlite_utils.Database) -> None:
    # The saved decks' own table too, which these rows point into.
    create_once(db, "account decks", _SCHEMA, create_table)


@dataclass(frozen=True)
class MyDeck:
    """One deck of "My decks": every version the account saved, newest first."""

    root: str
    visibility: str
    claimed: bool
    versions: list[SavedDeck]

    @property
    def latest(self) -> SavedDeck:
        return self.versions[0]


def owned(db: sqlite_utils.Database, account: Account, saved: SavedDeck) -> None:
    """A deck the account just saved: a version of one of its decks, or a new deck of its own."""
    ensure_schema(db)
    with transaction(db):
        parent = None
        if saved.parent:
            parent = db.execute(
                "SELECT root, visibility FROM account_decks WHERE deck_id = ? AND account_id = ?",
                [saved.parent, account.id],
            ).fetchone()
        root, visibility = parent if parent else (saved.id, UNLISTED)
        db.execute(
            "INSERT INTO account_decks (deck_id, account_id, root, visibility) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (deck_id) DO NOTHING",
            [saved.id, account.id, root, visibility],
        )


def issue_key(db: sqlite_utils.Database, saved: SavedDeck) -> str:
    """A deck just saved with no one logged in: the key that claims it, given once."""
    ensure_schema(db)
    key = new_token()
    db.execute(
        "INSERT INTO deck_claim_keys (deck_id, key_hash) VALUES (?, ?)", [saved.id, token_hash(key)]
    )
    return key


@dataclass
class Claimed:
    """What a claim did: how many decks it took, and the ids it could not take, why."""

    count: int = 0
    # Ids with no claim key (saved before keys, or by an account), or whose key was wrong.
    refused: list[str] = field(default_factory=list)
    # Ids no saved deck has.
    unknown: list[str] = field(default_factory=list)


def claim(db: sqlite_utils.Database, account: Account, keyed: list[tuple[str, str]]) -> Claimed:
    """Take decks saved with no one logged in, each by its id and the claim key its save gave.

    A deck is taken only with its key: its id is public (every share link has it), the key
    only the browser that saved it has. A key works once: a claimed deck keeps no key. A
    deck that has no key (an account's, or saved before keys) is never taken.

    A version saved from one of the account's own decks (its login had ended, say) joins
    that deck, with its history, rather than starting a deck of its own. They are taken in
    the order they were saved, so a run of such versions joins as one.
    """
    ensure_schema(db)
    # An id given twice (pasted again with another key) is claimed if either key is its own.
    wanted: dict[str, list[str]] = {}
    for deck_id, key in keyed[:MAX_CLAIM]:
        wanted.setdefault(deck_id, []).append(as_pasted(key))
    result = Claimed()
    if not wanted:
        return result
    with transaction(db):
        found = db.execute(
            f"""SELECT d.id, d.parent, k.key_hash FROM decks d
                LEFT JOIN deck_claim_keys k ON k.deck_id = d.id
                WHERE d.id IN ({", ".join("?" * len(wanted))}) ORDER BY d.rowid""",
            list(wanted),
        ).fetchall()
        known = {deck_id for deck_id, _parent, _hash in found}
        result.unknown = [deck_id for deck_id in wanted if deck_id not in known]
        for deck_id, parent, key_hash in found:
            # Compared in constant time, and a missing key is compared too; every key given is
            # compared, so the time taken says nothing of which one was right.
            if True not in [token_matches(key, key_hash) for key in wanted[deck_id]]:
                result.refused.append(deck_id)
                continue
            joined = None
            if parent:
                joined = db.execute(
                    "SELECT root, visibility FROM account_decks"
                    " WHERE deck_id = ? AND account_id = ? AND visibility != ?",
                    [parent, account.id, PRIVATE],
                ).fetchone()
            root, visibility = joined if joined else (deck_id, UNLISTED)
            db.execute("DELETE FROM deck_claim_keys WHERE deck_id = ?", [deck_id])
            result.count += db.execute(
                "INSERT INTO account_decks (deck_id, account_id, root, visibility, claimed)"
                " VALUES (?, ?, ?, ?, 1) ON CONFLICT (deck_id) DO NOTHING",
                [deck_id, account.id, root, visibility],
            ).rowcount
    return result


def my_decks(db: sqlite_utils.Database, account: Account) -> list[MyDeck]:
    """Every deck of the account, the most recently changed first, each with its versions
    (for the download of its data; the pages and the API take :func:`decks_page`)."""
    return _decks_of(db, account, _roots(db, account, "changed", None, 0))


@dataclass(frozen=True)
class Paged:
    """Where a page of a list is among its pages (at least one, the first when it is empty)."""

    page: int
    per_page: int
    total: int

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / self.per_page))


def skipped(page: int, per_page: int) -> int:
    """The rows before a page; past what SQLite counts (a page number of 19 digits) as many
    as it counts, so such a page is empty, like any page past the last."""
    return min((page - 1) * per_page, 2**63 - 1)


@dataclass(frozen=True)
class DecksPage(Paged):
    """One page of "My decks": its decks, and where it is among them."""

    decks: list[MyDeck]
    sort: str


def decks_page(
    db: sqlite_utils.Database,
    account: Account,
    page: int = 1,
    per_page: int = PER_PAGE,
    sort: str = "changed",
) -> DecksPage:
    """A page of the account's decks: ``sort`` is one of :data:`SORTS` (last change by
    default), ``page`` counts from 1. A page past the last is empty, not an error."""
    if sort not in SORTS:
        raise InvalidAccountError(f"Decks are sorted by {', '.join(SORTS)}.")
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise InvalidAccountError(f"A page holds 1 to {MAX_PER_PAGE} decks.")
    if page < 1:
        raise InvalidAccountError("Pages are counted from 1.")
    ensure_schema(db)
    total = db.execute(
        "SELECT COUNT(DISTINCT root) FROM account_decks WHERE account_id = ?", [account.id]
    ).fetchone()[0]
    roots = _roots(db, account, sort, per_page, skipped(page, per_page))
    return DecksPage(page, per_page, total, decks=_decks_of(db, account, roots), sort=sort)


def _roots(
    db: sqlite_utils.Database, account: Account, sort: str, limit: int | None, offset: int
) -> list[str]:
    ensure_schema(db)
    return [
        root
        for (root,) in db.execute(
            f"""SELECT g.root FROM (
                    SELECT o.root, MAX(d.created) AS changed, MAX(d.rowid) AS last_row,
                           MIN(d.created) AS created, MIN(d.rowid) AS first_row
                    FROM account_decks o JOIN decks d ON d.id = o.deck_id
                    WHERE o.account_id = ? GROUP BY o.root
                ) g JOIN decks latest ON latest.rowid = g.last_row
                ORDER BY {SORTS[sort]} LIMIT ? OFFSET ?""",
            [account.id, -1 if limit is None else limit, offset],
        ).fetchall()
    ]


def _decks_of(db: sqlite_utils.Database, account: Account, roots: list[str]) -> list[MyDeck]:
    """These decks of the account, in the order given, each with its versions newest first."""
    if not roots:
        return []
    found: dict[str, MyDeck] = {}
    # A page's roots at a time, in batches SQLite takes as parameters.
    for start in range(0, len(roots), 500):
        batch = roots[start : start + 500]
        rows = db.execute(
            f"""SELECT o.root, o.visibility, o.claimed, d.id, d.game, d.name, d.format,
                       d.created, d.parent, d.deck, d.text, COALESCE(d.description, '')
                FROM account_decks o JOIN decks d ON d.id = o.deck_id
                WHERE o.account_id = ? AND o.root IN ({", ".join("?" * len(batch))})
                ORDER BY d.created DESC, d.rowid DESC""",
            [account.id, *batch],
        ).fetchall()
        for root, visibility, claimed, *deck in rows:
            mine = found.setdefault(root, MyDeck(root, visibility, bool(claimed), []))
            mine.versions.append(_saved(tuple(deck)))
    return [found[root] for root in roots if root in found]


def deck_of(db: sqlite_utils.Database, account: Account, deck_id: str) -> MyDeck | None:
    """The account's deck a saved version belongs to (by any of its ids), or None."""
    ensure_schema(db)
    row = db.execute(
        "SELECT root FROM account_decks WHERE deck_id = ? AND account_id = ?",
        [deck_id, account.id],
    ).fetchone()
    found = _decks_of(db, account, [row[0]]) if row else []
    return found[0] if found else None


@dataclass(frozen=True)
class Deleted:
    """A deck deleted: its name and every id (version) of it that went."""

    root: str
    name: str
    versions: list[str]


def delete_deck(
    db: sqlite_utils.Database, account: Account, deck_id: str, now: datetime
) -> Deleted:
    """Delete one of the account's decks, by any of its versions' ids: every version goes.

    Its links answer that its owner deleted it (a private deck's, that no such deck is).
    Copies others saved from any of its versions are theirs: they stay whole, at their own
    links (see :func:`webapp.decks.delete_saved`). Nothing else of the account changes.
    """
    ensure_schema(db)
    with transaction(db):
        mine = deck_of(db, account, deck_id)
        if mine is None:
            raise AccountNotFoundError("No such deck among yours.")
        ids = [v.id for v in mine.versions]
        db.execute(
            "DELETE FROM account_decks WHERE account_id = ? AND root = ?", [account.id, mine.root]
        )
        delete_saved(db, ids, now, said=mine.visibility != PRIVATE)
    return Deleted(mine.root, mine.latest.name, ids)


def delete_keyed(db: sqlite_utils.Database, deck_id: str, key: str, now: datetime) -> bool:
    """Delete a deck saved with no one logged in, with the claim key its save gave (the key
    that could claim it and then delete it): whether the key was its own. A deck no key
    opens (claimed, an account's, saved before keys) is not deleted this way."""
    ensure_schema(db)
    with transaction(db):
        row = db.execute(
            "SELECT key_hash FROM deck_claim_keys WHERE deck_id = ?", [deck_id]
        ).fetchone()
        if not token_matches(as_pasted(key), row[0] if row else None):
            return False
        db.execute("DELETE FROM deck_claim_keys WHERE deck_id = ?", [deck_id])
        delete_saved(db, [deck_id], now, said=True)
    return True


def set_visibility(db: sqlite_utils.Database, account: Account, root: str, visibility: str) -> None:
    if visibility not in VISIBILITIES:
        raise InvalidAccountError(f"A deck is {', '.join(VISIBILITIES)}.")
    ensure_schema(db)
    row = db.execute(
        "SELECT MAX(claimed) FROM account_decks WHERE account_id = ? AND root = ?",
        [account.id, root],
    ).fetchone()
    if row is None or row[0] is None:
        raise AccountNotFoundError("No such deck among yours.")
    if row[0] and visibility == PRIVATE:
        raise InvalidAccountError(
            "This deck was saved before you logged in and its link may be shared: it stays"
            " visible by link. Save a new version of it to have one you can make private."
        )
    db.execute(
        "UPDATE account_decks SET visibility = ? WHERE account_id = ? AND root = ?",
        [visibility, account.id, root],
    )


def may_see(db: sqlite_utils.Database, deck_id: str, viewer: Account | None) -> bool:
    """Whether ``viewer`` (an account, or None for anyone) may see a saved deck."""
    ensure_schema(db)
    row = db.execute(
        "SELECT account_id, visibility FROM account_decks WHERE deck_id = ?", [deck_id]
    ).fetchone()
    if row is None:
        return not db.execute(
            "SELECT 1 FROM withdrawn_decks WHERE deck_id = ?", [deck_id]
        ).fetchone()
    if row[1] != PRIVATE:
        return True
    return viewer is not None and viewer.id == row[0]


def same_saver(db: sqlite_utils.Database, deck_id: str, edit_id: str) -> bool:
    """Whether an edit of a deck may be shown as its newer version: of a deck an account
    owns, only that account's edits are; of a deck no account owns, whose an edit is cannot
    be told, and every edit is."""
    ensure_schema(db)
    owners = dict(
        db.execute(
            "SELECT deck_id, account_id FROM account_decks WHERE deck_id IN (?, ?)",
            [deck_id, edit_id],
        ).fetchall()
    )
    return deck_id not in owners or owners.get(edit_id) == owners[deck_id]


@dataclass(frozen=True)
class PublicPage(Paged):
    """One page of a game's public decks: the latest version of each with its owner's name,
    and where the page is among them."""

    decks: list[tuple[SavedDeck, str]]
    # Each version's deck: the first id, which every version of it shares.
    roots: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CardSought:
    """The card public decks are searched by: its name, and in each game that has it the ids
    of its printings (its reprints and revisions, which are the same card for the rules)."""

    name: str
    ids: dict[str, tuple[str, ...]]


def card_sought(games: list[Game], text: str) -> CardSought | None:
    """The card ``text`` names in these games, read as the decklist reader reads a card's
    name (any case, spacing or accents; a card id, alias or number too); None when it names
    no card of them (:func:`close_names` has the names it may have meant)."""
    ids: dict[str, tuple[str, ...]] = {}
    name = None
    for game in games:
        card = game.find_card(text)
        if card is not None:
            ids[game.id] = tuple(printing.id for printing in game.printings(card))
            name = name or card.name
    return CardSought(name, ids) if name is not None else None


def close_names(games: list[Game], text: str, limit: int = 3) -> list[str]:
    """The card names of these games closest to ``text``, best first ("did you mean")."""
    names: list[str] = []
    for game in games:
        names += [name for name in game.suggest(text, limit) if name not in names]
    return names[:limit]


def close_names_with_decks(
    db: sqlite_utils.Database, game: Game, format_id: str | None, text: str
) -> list[str]:
    """The names closest to ``text`` (:func:`close_names`) that find a public deck of
    ``game`` (in ``format_id``, given one), as the card search offers the names that find a
    card ("embr rex": Ember Rex)."""
    return [
        name
        for name in close_names([game], text)
        if public_decks(db, game.id, format_id, card_sought([game], name), 1).total
    ]


def public_decks(
    db: sqlite_utils.Database,
    game_id: str | None,
    format_id: str | None = None,
    card: CardSought | None = None,
    page: int = 1,
    per_page: int = PUBLIC_PAGE,
) -> PublicPage:
    """A page of a game's public decks (every game's, given None), the last changed first (the
    newest version saved, as "My decks" sorts): the latest version of each, with its owner's
    name; ``format_id`` keeps those whose latest version is in that format, ``card`` those
    whose latest version holds the card, any printing of it, in the deck or its sideboard (a
    maybe-board holds cards the deck does not play). ``page`` counts from 1; a page past the
    last is empty, not an error."""
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise InvalidAccountError(f"A page holds 1 to {MAX_PER_PAGE} decks.")
    if page < 1:
        raise InvalidAccountError("Pages are counted from 1.")
    ensure_schema(db)
    ensure_accounts(db)  # the owners' names: a site none has registered on yet lists none
    where, params = ["o.visibility = ?"], [PUBLIC]
    if game_id:
        where.append("d.game = ?")
        params.append(game_id)
    if format_id:
        where.append("d.format = ?")
        params.append(format_id)
    if card is not None:
        # Through the index of the cards each deck holds (webapp.decks): no deck's text is read.
        held = []
        for game, ids in card.ids.items():
            held.append(
                f"""(d.game = ? AND d.id IN (SELECT c.deck_id FROM deck_cards c
                       WHERE c.card_id IN ({", ".join("?" * len(ids))})
                       AND c.board IN (?, ?)))"""
            )
            params += [game, *ids, IN_THE_DECK, SIDEBOARD]
        where.append(f"({' OR '.join(held) or '0'})")
    # Each deck once, as its latest version (the one saved last: the rowid breaks a tie of
    # times), so the page is ordered by the deck's last change.
    public = f"""FROM account_decks o
            JOIN decks d ON d.id = o.deck_id
            JOIN accounts a ON a.id = o.account_id
            WHERE {" AND ".join(where)}
              AND d.rowid = (SELECT MAX(d2.rowid) FROM account_decks o2
                             JOIN decks d2 ON d2.id = o2.deck_id WHERE o2.root = o.root)"""
    total = db.execute(f"SELECT COUNT(*) {public}", params).fetchone()[0]
    rows = db.execute(
        f"""SELECT d.id, d.game, d.name, d.format, d.created, d.parent, d.deck, d.text,
                   COALESCE(d.description, ''), a.name, o.root
            {public}
            ORDER BY d.created DESC, d.rowid DESC LIMIT ? OFFSET ?""",
        [*params, per_page, skipped(page, per_page)],
    ).fetchall()
    shown = [(_saved(tuple(row[:9])), row[9]) for row in rows]
    return PublicPage(page, per_page, total, decks=shown, roots={r[0]: r[10] for r in rows})


def forget(db: sqlite_utils.Database, account: Account) -> None:
    """Before an account is deleted: its private decks go with it.

    A version another deck was saved from cannot be removed (the newer one names it as
    its parent); it is withdrawn instead, and shows to no one from then on.
    """
    ensure_schema(db)
    with transaction(db):
        private = [
            deck_id
            for (deck_id,) in db.execute(
                """SELECT o.deck_id FROM account_decks o JOIN decks d ON d.id = o.deck_id
                   WHERE o.account_id = ? AND o.visibility = ? ORDER BY d.rowid DESC""",
                [account.id, PRIVATE],
            ).fetchall()
        ]
        for deck_id in private:
            db.execute("DELETE FROM account_decks WHERE deck_id = ?", [deck_id])
            referenced = db.execute(
                "SELECT 1 FROM decks WHERE parent = ? LIMIT 1", [deck_id]
            ).fetchone()
            if referenced:
                db.execute("INSERT OR IGNORE INTO withdrawn_decks (deck_id) VALUES (?)", [deck_id])
            else:
                db.execute("DELETE FROM decks WHERE id = ?", [deck_id])
