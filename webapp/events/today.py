"""What an event's lists on file read to against today's card pool, where that is not the
verdict each got when it came: the dashboard's filters and counts, the API's listings and
the exports go by it. Nothing stored changes: the lists, their verdicts and receipts stay
as given."""

from __future__ import annotations

from dataclasses import replace

import sqlite_utils

from cardpool import Game

from .records import Entry, Organizer, Recheck
from .rules import read_today as _read_today
from .store import listed, version_bodies


def read_today(db: sqlite_utils.Database, game: Game, organizer: Organizer) -> dict[str, Recheck]:
    """The entries whose list on file reads to another verdict against today's card pool
    than the one it got, by entry id, each with what it reads to. Every list of the event is
    read again once against a game (the pool as loaded), then only looked up."""
    return _read_today(
        game,
        organizer.event,
        listed(db, organizer),
        lambda wanted: version_bodies(db, organizer, wanted),
    )


def as_read_today(entries: list[Entry], changed: dict[str, Recheck]) -> list[Entry]:
    """The entries, each carrying what its list reads to today where that is not its
    verdict (:attr:`Entry.today`)."""
    return [replace(e, today=changed[e.id]) if e.id in changed else e for e in entries]
