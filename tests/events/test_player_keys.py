"""Names on file keyed before accents were normalised are keyed again when the file is opened,
so a player already on file is one player however their name is typed next."""

from __future__ import annotations

import unicodedata

import pytest

from tests.events.conftest import START, example, old_event
from webapp import events
from webapp.db import connect
from webapp.events import Submission

COMPOSED = "Zo\u00eb Park"
DECOMPOSED = unicodedata.normalize("NFD", COMPOSED)


def old_key(name: str) -> str:
    """How keys were made before: case and spacing folded, nothing else."""
    return " ".join(name.split()).casefold()


def keys_on_file(db, event_id: str) -> list[str]:
    rows = db.execute(
        "SELECT player_key FROM event_entries WHERE event_id = ? ORDER BY created, id",
        [event_id],
    ).fetchall()
    return sorted(key for (key,) in rows)


def submit(db, library, event_id: str, player: str):
    return events.submit(
        db,
        library,
        event_id,
        player=player,
        submission=Submission.from_text(example("era-legal")),
        now=START,
    )


@pytest.fixture
def database(tmp_path):
    return tmp_path / "keys.sqlite"


def closed_as_before(db) -> None:
    """Close ``db`` without what keeps the entries written since to be keyed anew, as an
    earlier version left its file."""
    db.execute("DROP TRIGGER IF EXISTS event_entries_key_to_check")
    db.execute("DROP TABLE IF EXISTS event_keys_to_check")
    db.conn.commit()
    db.close()


def old_file(database, library, players: list[str]) -> str:
    """A file as an earlier version left it: each name keyed by case folding alone."""
    db = connect(database)
    made = old_event(db, library)
    for player in players:
        entry = submit(db, library, made.event.id, player).entry
        db.execute(
            "UPDATE event_entries SET player_key = ? WHERE id = ?", [old_key(player), entry.id]
        )
    closed_as_before(db)
    return made.event.id


def test_a_name_keyed_the_old_way_is_keyed_anew_when_the_file_is_opened(database, library):
    event_id = old_file(database, library, [DECOMPOSED, "Ann Lee"])
    assert old_key(DECOMPOSED) != events.player_key(COMPOSED)
    db = connect(database)
    try:
        events.get_event(db, event_id)  # the first use brings the file up to date
        assert keys_on_file(db, event_id) == ["ann lee", events.player_key(COMPOSED)]
        with pytest.raises(events.PlayerTakenError):
            submit(db, library, event_id, COMPOSED)
    finally:
        db.close()


def test_two_entries_that_are_now_one_name_both_stay_on_file(database, library):
    # Written before: the same name in two encodings was taken for two players.
    event_id = old_file(database, library, [DECOMPOSED, COMPOSED])
    db = connect(database)
    try:
        events.get_event(db, event_id)
        keys = keys_on_file(db, event_id)
        assert len(keys) == 2
        assert events.player_key(COMPOSED) in keys  # one holds the name from now on
        versions = db.execute("SELECT COUNT(*) FROM event_versions").fetchone()[0]
        assert versions == 2  # neither list is lost
        with pytest.raises(events.PlayerTakenError):
            submit(db, library, event_id, DECOMPOSED)
    finally:
        db.close()


@pytest.mark.parametrize(
    ("on_file", "typed"),
    [("O\u2019Brien", "O'Brien"), ("Jean-Luc", "Jean Luc"), ("Dave.", "Dave")],
)
def test_a_name_keyed_with_its_marks_is_keyed_anew_when_the_file_is_opened(
    database, library, on_file, typed
):
    # Keyed before apostrophes, hyphens and a closing full stop were one mark.
    event_id = old_file(database, library, [on_file])
    db = connect(database)
    try:
        events.get_event(db, event_id)
        assert keys_on_file(db, event_id) == [events.player_key(typed)]
        with pytest.raises(events.PlayerTakenError, match="reads as"):
            submit(db, library, event_id, typed)
    finally:
        db.close()


def test_two_entries_apart_by_a_hyphen_both_stay_on_file(database, library):
    event_id = old_file(database, library, ["Jean-Luc", "Jean Luc"])
    db = connect(database)
    try:
        events.get_event(db, event_id)
        assert sorted(keys_on_file(db, event_id)) == ["jean luc", "jean-luc"]
        assert db.execute("SELECT COUNT(*) FROM event_versions").fetchone()[0] == 2
        with pytest.raises(events.PlayerTakenError):
            submit(db, library, event_id, "JEAN-LUC")
    finally:
        db.close()


def test_a_later_opening_reads_only_the_entries_written_since(database, library):
    """Every opening read every entry whose key could change and wrote again each pair that
    stays two (50,000 entries: a sixth of a second and the write lock, per worker, each start);
    once keyed anew, an opening reads only the entries written since, by any server."""
    event_id = old_file(
        database, library, ["Jean-Luc", "Jean Luc", *(f"P-{n}" for n in range(300))]
    )
    db = connect(database)
    events.get_event(db, event_id)  # keyed anew, once
    db.close()

    db = connect(database)
    statements: list[str] = []
    db.conn.set_trace_callback(statements.append)
    events.get_event(db, event_id)
    db.conn.set_trace_callback(None)
    assert not [s for s in statements if "player_key GLOB" in s or "UPDATE OR" in s]
    assert "BEGIN IMMEDIATE" not in statements
    # An older server adds an entry keyed its way: the next opening keys it anew.
    db.execute(
        "INSERT INTO event_entries (id, event_id, player, player_key, registered, created)"
        " SELECT 'older', event_id, 'Anne-Marie.', 'anne-marie.', 0, created"
        " FROM event_entries LIMIT 1"
    )
    db.conn.commit()
    db.close()
    db = connect(database)
    try:
        events.get_event(db, event_id)
        assert "anne marie" in keys_on_file(db, event_id)
        assert "jean-luc" in keys_on_file(db, event_id)  # the pair still stays two
    finally:
        db.close()


def pair_on_file(database, library) -> tuple[str, str]:
    """An earlier version's file holding 'Jo-Jo', registered with an id and not yet
    submitted, and 'Jo Jo', another player who submitted (two names then, one now)."""
    db = connect(database)
    made = old_event(db, library, players=[("Jo-Jo", "B-1-2")])
    db.execute("UPDATE event_entries SET player_key = 'jo-jo' WHERE player = 'Jo-Jo'")
    submit(db, library, made.event.id, "Jo Jo")
    closed_as_before(db)
    return made.event.id, made.admin_token


def test_a_registered_player_left_on_an_old_key_still_submits_under_that_name(database, library):
    """'Jo-Jo', registered with an id, was refused as 'Jo Jo' (another player who submitted
    before names apart by a hyphen became one) once the file was keyed anew, and could not
    send a list at all; the name as registered is still theirs."""
    event_id, _admin = pair_on_file(database, library)
    db = connect(database)
    try:
        receipt = events.submit(
            db,
            library,
            event_id,
            player="Jo-Jo",
            player_id="B-1-2",
            submission=Submission.from_text(example("era-legal")),
            now=START,
        )
        assert receipt.entry.player == "Jo-Jo"
        assert receipt.entry.player_id == "B-1-2"
        with pytest.raises(events.PlayerTakenError, match="already on file for Jo Jo"):
            submit(db, library, event_id, "Jo Jo")
    finally:
        db.close()


def test_an_upload_for_a_player_left_on_an_old_key_is_theirs(database, library):
    """The organizer's upload of 'Jo-Jo.txt' was stored as a new list of Jo Jo's, the other
    player's, replacing it unsaid; it is Jo-Jo's."""
    event_id, admin = pair_on_file(database, library)
    db = connect(database)
    try:
        organizer = events.as_organizer(db, event_id, admin)
        item = events.BulkItem("Jo-Jo.txt", "Jo-Jo", Submission.from_text(example("era-illegal")))
        events.submit_for_players(db, library, organizer, [item], START)
        lists = {e.player: (e.versions, e.latest.legal) for e in events.entries(db, organizer)}
        assert lists == {"Jo Jo": (1, True), "Jo-Jo": (1, False)}
    finally:
        db.close()
