"""When the database fails on an event day (its disk full, its file read-only, locked by an
organizer's shell, deleted, damaged): the player is told, in the API's one error shape or
on a page, that nothing was saved and when to send it again; nothing is acknowledged that
was not stored; and the site works again by itself once the cause is gone."""

from __future__ import annotations

import os
import shutil
import sqlite3
import time

import pytest

from tests.api.support import error_of
from webapp import create_app, limits
from webapp import db as store_db
from webapp.db import connect, connections

from .test_site import csrf_of


def players_stored(app, event_id: str) -> list[str]:
    """The players with a list in the file itself, read on a connection of its own."""
    db = connect(app.config["DATABASE"])
    try:
        rows = db.execute(
            "SELECT player FROM event_entries WHERE event_id = ? ORDER BY player", [event_id]
        ).fetchall()
    finally:
        db.close()
    return [player for (player,) in rows]


def says_nothing_was_saved(response, code: str) -> dict:
    error = error_of(response, 503)
    assert error["code"] == code
    assert "Nothing was saved" in error["message"]
    assert int(response.headers["Retry-After"]) > 0
    return error


def fill_the_disk(app) -> None:
    """The file may grow no further than it is (what a full disk does to SQLite)."""
    with app.app_context():
        db = connections(app).get()
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")


def free_the_disk(app) -> None:
    with app.app_context():
        connections(app).get().execute("PRAGMA max_page_count = 1073741823")


def submit_until_refused(event, text: str, players: int = 60):
    for n in range(players):
        response = event.submit(f"Player {n}", text)
        if response.status_code != 201:
            return f"Player {n}", response
    pytest.fail(f"{players} lists were stored on a full disk")


def test_a_list_sent_to_a_full_disk_is_refused_as_not_saved_and_stored_once_there_is_room(
    app, event, era_legal
):
    fill_the_disk(app)
    player, response = submit_until_refused(event, era_legal)
    error = says_nothing_was_saved(response, "store-full")
    assert "full" in error["message"]
    # Every player told 201 is stored; the refused one is not.
    assert players_stored(app, event.id) == sorted(event.players)
    assert player not in players_stored(app, event.id)

    free_the_disk(app)
    assert event.submit(player, era_legal).status_code == 201
    assert player in players_stored(app, event.id)


def decks_stored(app) -> list[str]:
    db = connect(app.config["DATABASE"])
    try:
        return sorted(name for (name,) in db.execute("SELECT name FROM decks").fetchall())
    finally:
        db.close()


def test_a_saved_deck_sent_to_a_full_disk_is_refused_as_not_saved(app, client, era_legal):
    first = client.post("/api/v1/decks", json={"game": "era", "name": "First", "text": era_legal})
    assert first.status_code == 201
    fill_the_disk(app)
    saved = ["First"]
    for n in range(60):
        response = client.post(
            "/api/v1/decks", json={"game": "era", "name": f"Deck {n}", "text": era_legal}
        )
        if response.status_code != 201:
            break
        saved.append(f"Deck {n}")
    says_nothing_was_saved(response, "store-full")
    assert decks_stored(app) == sorted(saved)
    free_the_disk(app)
    again = client.post("/api/v1/decks", json={"game": "era", "name": "Again", "text": era_legal})
    assert again.status_code == 201
    assert decks_stored(app) == sorted([*saved, "Again"])


def test_a_list_sent_while_an_organizer_holds_the_database_is_refused_after_the_wait(
    app, event, era_legal, monkeypatch
):
    # The organizer's sqlite3 shell: BEGIN IMMEDIATE, then nothing for longer than the wait.
    monkeypatch.setattr(store_db, "BUSY_TIMEOUT_MS", 50)
    monkeypatch.setattr(limits, "COUNT_WAIT_MS", 20)
    connections(app).close()  # opened again with the short wait
    shell = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    shell.execute("BEGIN IMMEDIATE")
    try:
        response = event.submit("Alice", era_legal)
        error = says_nothing_was_saved(response, "store-busy")
        assert "busy" in error["message"]
        # Reading still works beside the organizer's transaction.
        assert event.client.get(event.url()).status_code == 200
    finally:
        shell.execute("ROLLBACK")
        shell.close()
    assert players_stored(app, event.id) == []
    assert event.submit("Alice", era_legal).status_code == 201


def test_a_database_that_cannot_be_written_is_said_as_such_and_opened_again_after(
    app, event, era_legal
):
    # A connection that opened a file it could not write stays read-only for good, as
    # this one does: the next request opens the file afresh.
    with app.app_context():
        connections(app).get().execute("PRAGMA query_only = ON")
    error = says_nothing_was_saved(event.submit("Alice", era_legal), "store-read-only")
    assert "cannot be written" in error["message"]
    assert event.submit("Alice", era_legal).status_code == 201
    assert players_stored(app, event.id) == ["Alice"]


def put_back(copy: str, database: str) -> None:
    """A copy put in place as docs/serving.md says: the write-ahead log beside the path (of the
    file it replaces) is removed, or SQLite would read the copy through it."""
    for beside in (database + "-wal", database + "-shm"):
        if os.path.exists(beside):
            os.unlink(beside)
    os.replace(copy, database)


def restarted(app):
    """The app as a restarted server has it: its workers' connections closed, a new app on
    the same file and settings."""
    connections(app).close()
    again = create_app(dict(app.config))
    again.extensions["deckwright.pools"] = app.extensions["deckwright.pools"]
    return again


def test_a_database_file_deleted_while_the_server_runs_is_not_made_anew(app, event, era_legal):
    assert event.submit("Alice", era_legal).status_code == 201
    database = app.config["DATABASE"]
    connections(app).close()  # folds the write-ahead log into the file, to copy it whole
    kept = shutil.copy(database, database + ".kept")
    assert event.submit("Bob", era_legal).status_code == 201
    # Deleted while the server holds it open: writing on would go to a file no one opens
    # again, and every list told "stored" would be gone at the next restart.
    os.unlink(database)

    says_nothing_was_saved(event.submit("Carol", era_legal), "store-unavailable")
    error = says_nothing_was_saved(event.submit("Carol", era_legal), "store-unavailable")
    assert database not in error["message"]  # the log says where; a player is not told
    assert not os.path.exists(database), "an empty database took the lost one's place"

    # A copy put back is not written on until a restart: this worker still holds the
    # deleted file, and might hold a transaction on it.
    put_back(kept, database)
    says_nothing_was_saved(event.submit("Carol", era_legal), "store-unavailable")

    client = restarted(app).test_client()
    response = client.post(event.url("/entries"), json={"player": "Carol", "text": era_legal})
    assert response.status_code == 201
    assert players_stored(app, event.id) == ["Alice", "Carol"]


def test_a_database_file_replaced_while_the_server_runs_is_not_written_on(app, event, era_legal):
    assert event.submit("Alice", era_legal).status_code == 201
    database = app.config["DATABASE"]
    backup = database + ".backup"
    source = connect(database)
    try:
        source.conn.execute(f"VACUUM INTO '{backup}'")
    finally:
        source.close()
    assert event.submit("Bob", era_legal).status_code == 201
    os.replace(backup, database)  # an organizer puts a backup in place

    says_nothing_was_saved(event.submit("Carol", era_legal), "store-unavailable")
    # Done as docs/serving.md says: the server stopped, the copy put in place with the
    # write-ahead log beside it removed, the server started.
    connections(app).close()
    os.replace(database, backup)
    put_back(backup, database)
    client = restarted(app).test_client()
    response = client.post(event.url("/entries"), json={"player": "Carol", "text": era_legal})
    assert response.status_code == 201
    assert players_stored(app, event.id) == ["Alice", "Carol"]
    db = connect(database)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finally:
        db.close()


def test_a_damaged_database_file_is_a_clear_503_for_the_api_and_the_pages(app, client, tmp_path):
    database = app.config["DATABASE"]
    connections(app).close()
    with open(database, "wb") as damaged:
        damaged.write(os.urandom(8192))

    error = error_of(client.get("/api/v1/events/abcdefghijkl"), 503)
    assert error["code"] == "store-unavailable"
    assert error["message"].endswith("Try again in 30 seconds or so.")

    page = client.get("/events/new")
    assert page.status_code == 503
    assert page.mimetype == "text/html"
    assert page.headers["Retry-After"]
    assert "cannot be read right now" in page.get_data(as_text=True)
    home = client.get("/")
    assert home.status_code == 503
    assert "cannot be read right now" in home.get_data(as_text=True)

    os.unlink(database)  # the organizer puts a good file in its place
    fresh = connect(database)
    fresh.close()
    assert client.get("/events/new").status_code == 200


def test_a_list_sent_through_the_form_to_a_full_disk_is_refused_on_a_page(
    app, client, event, era_legal
):
    fill_the_disk(app)
    for n in range(60):
        form = client.get(f"/events/{event.id}")
        assert form.status_code == 200
        data = {"csrf_token": csrf_of(form.get_data(as_text=True)), "decklist": era_legal}
        response = client.post(f"/events/{event.id}", data={**data, "player": f"Player {n}"})
        if response.status_code >= 400:
            break
    assert response.status_code == 503
    assert response.headers["Retry-After"]
    text = response.get_data(as_text=True)
    assert "Nothing was saved" in text
    assert f"Player {n}" not in players_stored(app, event.id)
    # The form again, holding the list and the name: sent again once there is room.
    assert f'value="Player {n}"' in text
    assert "Ember Rex" in text
    free_the_disk(app)
    again = {"csrf_token": csrf_of(text), "decklist": era_legal, "player": f"Player {n}"}
    assert client.post(f"/events/{event.id}", data=again).status_code == 303
    assert f"Player {n}" in players_stored(app, event.id)


@pytest.mark.parametrize(
    "error",
    [
        sqlite3.OperationalError("no such table: decks"),
        sqlite3.IntegrityError("UNIQUE constraint failed: decks.id"),
    ],
)
def test_a_database_error_that_is_a_bug_is_not_passed_off_as_the_disk(error):
    assert store_db.store_error_of(error) is None


def test_an_organizer_reads_the_lists_while_the_disk_is_full(app, client, event, era_legal):
    # Every request an organizer's token makes is counted against the rate limits, in the
    # database: a count the full disk cannot keep does not refuse the reading.
    assert event.submit("Alice", era_legal).status_code == 201
    fill_the_disk(app)
    for n in range(300):  # new addresses, until the counts need more room than there is
        response = client.get(
            event.url("/entries"),
            headers=event.admin,
            environ_base={"REMOTE_ADDR": f"10.0.{n // 250}.{n % 250}"},
        )
        assert response.status_code == 200, (n, response.get_data(as_text=True))
        assert [entry["player"] for entry in response.get_json()["entries"]] == ["Alice"]


def test_an_organizer_reads_the_lists_at_once_while_a_shell_holds_the_database(
    app, client, event, era_legal, monkeypatch
):
    # Counting the request waits only a moment for the lock the shell holds, not the
    # database's whole busy timeout: reading needs no lock, and is served at once.
    monkeypatch.setattr(limits, "COUNT_WAIT_MS", 50)
    assert event.submit("Alice", era_legal).status_code == 201
    shell = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    shell.execute("BEGIN IMMEDIATE")
    try:
        started = time.monotonic()
        response = client.get(event.url("/entries"), headers=event.admin)
        waited = time.monotonic() - started
    finally:
        shell.execute("ROLLBACK")
        shell.close()
    assert response.status_code == 200
    assert [entry["player"] for entry in response.get_json()["entries"]] == ["Alice"]
    assert waited < store_db.BUSY_TIMEOUT_MS / 1000 / 2


def test_the_api_document_says_what_a_503_of_the_database_means(client):
    document = client.get("/api/v1/openapi.json").get_json()
    submit = document["paths"]["/api/v1/events/{event_id}/entries"]["post"]
    unavailable = submit["responses"]["503"]
    assert "nothing was saved" in unavailable["description"]
    assert "Retry-After" in unavailable["headers"]


def test_a_damaged_database_file_stops_the_start_saying_what_to_do(tmp_path, library):
    database = tmp_path / "damaged.sqlite"
    damaged = os.urandom(8192)
    database.write_bytes(damaged)
    with pytest.raises(RuntimeError) as stopped:
        create_app({"DATABASE": str(database), "TESTING": True})
    said = str(stopped.value)
    assert str(database) in said
    assert "file is not a database" in said
    assert "put back a copy" in said
    assert database.read_bytes() == damaged, "the damaged file is left as it was"


@pytest.mark.parametrize(("path", "kind"), [("/dev/null", "no file"), (None, "a folder")])
def test_a_database_that_is_no_file_stops_the_start_saying_so(tmp_path, path, kind):
    path = path or str(tmp_path)
    with pytest.raises(RuntimeError) as stopped:
        create_app({"DATABASE": path, "TESTING": True})
    assert str(stopped.value).startswith(f"The database {path} cannot be used: it is {kind}")
    assert "Set DECKWRIGHT_DATABASE to the path of a file" in str(stopped.value)


def test_a_database_whose_folder_cannot_be_made_stops_the_start_saying_so(tmp_path):
    (tmp_path / "taken").write_text("a file, not a folder")
    database = tmp_path / "taken" / "deckwright.sqlite"
    with pytest.raises(RuntimeError) as stopped:
        create_app({"DATABASE": str(database), "TESTING": True})
    said = str(stopped.value)
    assert str(database) in said
    assert "its folder cannot be made" in said
    assert "DECKWRIGHT_DATABASE" in said
