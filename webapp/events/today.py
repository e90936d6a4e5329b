"""What an event's lists on file read to against today's card pool, where that is not the
verdict each got when it came: the dashboard's filters and counts, the API's listings and
the exports go by it. Nothing stored changes: the lists, their verdicts and receipts stay
as given."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

import sqlite_utils

from cardpool import Game

from .records import Entry, EntryPage, Organizer, Recheck
from .rules import ReadToday, known_today
from .rules import read_today as _read_today
from .store import entry_page, listed, version_bodies


def read_today(
    db: sqlite_utils.Database,
    game: Game,
    organizer: Organizer,
    *,
    seconds: float | None = None,
    first: Collection[str] = (),
) -> ReadToday:
    """The entries whose list on file reads to another verdict against today's card pool
    than the one it got, by entry id, each with what it reads to. Every list of the event is
    read again once against a game (the pool as loaded), then only looked up; with
    ``seconds``, for that long at most, the lists of the entries ``first`` first, those left
    for a later request named unread (:func:`.rules.read_today`)."""
    return _read_today(
        game,
        organizer.event,
        listed(db, organizer),
        lambda wanted: version_bodies(db, organizer, wanted),
        seconds=seconds,
        first=first,
    )


def page_read_today(
    db: sqlite_utils.Database,
    game: Game,
    organizer: Organizer,
    show: str,
    page: int,
    per_page: int,
    *,
    seconds: float | None = None,
) -> tuple[ReadToday, EntryPage]:
    """A page of entries filtered by what each list reads to today, the lists it shows read
    again first: those the filter puts on it by what was read before (a later list read may
    move one off it, or another on)."""
    known = known_today(game, organizer.event, listed(db, organizer))
    if not known.unread:
        return known, entry_page(db, organizer, show, page, per_page, known)
    ahead = entry_page(db, organizer, show, page, per_page, known)
    first = [e.id for e in ahead.entries]
    changed = read_today(db, game, organizer, seconds=seconds, first=first)
    return changed, entry_page(db, organizer, show, page, per_page, changed)


def as_read_today(entries: list[Entry], changed: dict[str, Recheck]) -> list[Entry]:
    """The entries, each carrying what its list reads to today where that is not its
    verdict (:attr:`Entry.today`), or that it is not read again yet (:attr:`Entry.unread_today`)."""
    unread = changed.unread if isinstance(changed, ReadToday) else frozenset()
    return [
        replace(e, today=changed.get(e.id), unread_today=e.id in unread)
        if e.id in changed or e.id in unread
        else e
        for e in entries
    ]
