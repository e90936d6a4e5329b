"""Storing lists: a player's first list and later versions, and the organizer's bulk upload."""

from __future__ import annotations

from datetime import datetime

import sqlite_utils

from cardpool import PoolLibrary

from ..db import transaction
from .names import clean_player_id, clean_player_name, player_key
from .records import (
    ORGANIZER,
    PLAYER,
    BulkItem,
    BulkReport,
    Checked,
    Organizer,
    Player,
    Receipt,
    Submission,
)
from .refusals import InvalidSubmissionError, PlayerTakenError
from .rules import check
from .store import _append_version, _one_entry, _require_open, get_event
from .tokens import new_id, new_token, token_hash


def submit(
    db: sqlite_utils.Database,
    pools: PoolLibrary,
    event_id: str,
    *,
    player: str,
    submission: Submission,
    now: datetime,
    player_id: str | None = None,
) -> Receipt:
    """A first submission through the event's public link.

    It creates the player's entry, or claims the entry the organizer registered
    under that name, and hands out the entry's private token. A name that
    already has a list on file is refused: only its private link changes it.
    """
    name = clean_player_name(player)
    player_id = clean_player_id(player_id)
    event = get_event(db, event_id)
    checked = check(pools.game(event.game), event, submission)
    token = new_token()
    with transaction(db):
        event = _require_open(db, event_id, now)
        row = db.execute(
            """SELECT e.id, e.token_hash, e.player_id,
                      (SELECT COUNT(*) FROM event_versions WHERE entry_id = e.id)
               FROM event_entries e WHERE e.event_id = ? AND e.player_key = ?""",
            [event_id, player_key(name)],
        ).fetchone()
        if row is None:
            entry_id = new_id()
            db.execute(
                """INSERT INTO event_entries (id, event_id, player, player_key, player_id,
                                              token_hash, registered, created)
                   VALUES (?, ?, ?, ?, ?, ?, 0, ?)""",
                [
                    entry_id,
                    event_id,
                    name,
                    player_key(name),
                    player_id,
                    token_hash(token),
                    now.isoformat(),
                ],
            )
        else:
            entry_id, claimed, registered_id, versions = row
            if claimed or versions:
                raise PlayerTakenError(
                    f"A list is already on file for {name}. Change it through the private link"
                    " you were given, or ask the organizer."
                )
            if registered_id and player_id and registered_id != player_id:
                raise PlayerTakenError(
                    f"{name} is registered with another player id; ask the organizer."
                )
            db.execute(
                "UPDATE event_entries SET token_hash = ?, player_id = COALESCE(player_id, ?)"
                " WHERE id = ?",
                [token_hash(token), player_id, entry_id],
            )
        _append_version(db, entry_id, checked, PLAYER, now)
    entry = _one_entry(db, event_id, entry_id)
    return Receipt(event, entry, entry.latest, token)


def resubmit(
    db: sqlite_utils.Database,
    pools: PoolLibrary,
    player: Player,
    submission: Submission,
    now: datetime,
) -> Receipt:
    """A player's new version of their own list, stored beside the earlier ones."""
    checked = check(pools.game(player.event.game), player.event, submission)
    with transaction(db):
        _require_open(db, player.event.id, now)
        _append_version(db, player.entry_id, checked, PLAYER, now)
    entry = _one_entry(db, player.event.id, player.entry_id)
    return Receipt(get_event(db, player.event.id), entry, entry.latest)


def submit_for_players(
    db: sqlite_utils.Database,
    pools: PoolLibrary,
    organizer: Organizer,
    items: list[BulkItem],
    now: datetime,
) -> BulkReport:
    """The organizer's bulk upload: each list stored for its player, all of them or none.

    A player not yet in the event is added; one who is gets a new version, as if
    they had resubmitted. A list that cannot be read at all is skipped with the reason.
    """
    report = BulkReport()
    game = pools.game(organizer.event.game)
    ready: list[tuple[BulkItem, str, Checked]] = []
    seen: set[str] = set()
    for item in items:
        try:
            name = clean_player_name(item.player)
            player_id = clean_player_id(item.player_id)
            checked = check(game, organizer.event, item.submission)
        except InvalidSubmissionError as exc:
            report.skipped.append(f"{item.source}: skipped: {exc}")
            continue
        if player_key(name) in seen:
            report.skipped.append(f"{item.source}: skipped: a second list for {name}")
            continue
        seen.add(player_key(name))
        item.player_id = player_id
        ready.append((item, name, checked))
    entry_ids: list[tuple[str, str]] = []
    with transaction(db):
        _require_open(db, organizer.event.id, now)
        for item, name, checked in ready:
            row = db.execute(
                "SELECT id FROM event_entries WHERE event_id = ? AND player_key = ?",
                [organizer.event.id, player_key(name)],
            ).fetchone()
            if row is None:
                entry_id = new_id()
                db.execute(
                    """INSERT INTO event_entries
                           (id, event_id, player, player_key, player_id, registered, created)
                       VALUES (?, ?, ?, ?, ?, 1, ?)""",
                    [
                        entry_id,
                        organizer.event.id,
                        name,
                        player_key(name),
                        item.player_id,
                        now.isoformat(),
                    ],
                )
            else:
                entry_id = row[0]
            _append_version(db, entry_id, checked, ORGANIZER, now)
            entry_ids.append((item.source, entry_id))
    for source, entry_id in entry_ids:
        entry = _one_entry(db, organizer.event.id, entry_id)
        report.stored.append((source, Receipt(organizer.event, entry, entry.latest)))
    return report
