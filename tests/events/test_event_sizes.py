"""The players an event holds are counted as entries are added, so the limit checked on each
first submission reads one row; the count always equals the entries on file."""

from __future__ import annotations

import pytest

from tests.events.conftest import DEADLINE, START, example, old_event
from webapp import events
from webapp.db import connect
from webapp.events import Submission
from webapp.events.records import BulkItem
from webapp.events.store import count_players


@pytest.fixture
def database(tmp_path):
    return tmp_path / "sizes.sqlite"


@pytest.fixture
def db(database):
    opened = connect(database)
    yield opened
    opened.close()


def entries_on_file(db, event_id: str) -> int:
    return db.execute(
        "SELECT COUNT(*) FROM event_entries WHERE event_id = ?", [event_id]
    ).fetchone()[0]


def test_the_count_follows_registrations_submissions_and_uploads(db, library):
    made = events.create_event(
        db,
        library,
        name="Regionals",
        game_id="era",
        deadline=DEADLINE,
        now=START,
        players=[("Ann", None), ("Ben", None)],
    )
    other = events.create_event(
        db, library, name="Other", game_id="era", deadline=DEADLINE, now=START
    )
    event = made.event
    organizer = events.as_organizer(db, event.id, made.admin_token)
    assert count_players(db, event.id) == 2
    assert count_players(db, other.event.id) == 0
    events.register_players(db, organizer, [("Cy", None), ("Ann", None)], START)
    for player in ("Ann", "Dee", "Eve"):
        events.submit(
            db,
            library,
            event.id,
            player=player,
            submission=Submission.from_text(example("era-legal")),
            now=START,
        )
    items = [
        BulkItem("fay.txt", "Fay", Submission.from_text(example("era-legal"))),
        BulkItem("ben.txt", "Ben", Submission.from_text(example("era-illegal"))),
    ]
    events.submit_for_players(db, library, organizer, items, START)
    assert count_players(db, event.id) == entries_on_file(db, event.id) == 6
    assert count_players(db, other.event.id) == 0


def test_a_file_written_before_the_counts_were_kept_is_counted_when_opened(database, library):
    db = connect(database)
    made = old_event(db, library, players=[("Ann", None), ("Ben", None), ("Cy", None)])
    # As an earlier version left the file: no counts, and no trigger keeping them.
    db.execute("DROP TRIGGER event_entries_counted")
    db.execute("DROP TABLE event_sizes")
    db.close()
    reopened = connect(database)
    try:
        events.get_event(reopened, made.event.id)  # the first use checks the schema
        assert count_players(reopened, made.event.id) == 3
        events.submit(
            reopened,
            library,
            made.event.id,
            player="Dee",
            submission=Submission.from_text(example("era-legal")),
            now=START,
        )
        assert count_players(reopened, made.event.id) == 4
    finally:
        reopened.close()
