"""The app's connections: one per thread of a worker, kept between requests, never across a fork."""

from __future__ import annotations

import os
import threading

from webapp.db import WAL_CHECKPOINT_PAGES, connections


def test_a_thread_keeps_one_connection_across_requests(app, client):
    assert client.get("/api/v1/games/era/cards?q=a").status_code == 200
    with app.app_context():
        first = connections(app).get()
    assert client.get("/api/v1/games/era/cards?q=b").status_code == 200
    with app.app_context():
        assert connections(app).get() is first
        assert first.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert first.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        assert first.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == WAL_CHECKPOINT_PAGES


def test_the_event_tables_exist_before_the_first_request(app):
    kept = connections(app)
    assert kept.open == {}
    db = kept.get()
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"events", "event_entries", "event_versions", "event_requests", "event_log"} <= tables


def test_each_thread_has_its_own_connection_and_an_ended_threads_is_closed(app):
    kept = connections(app)
    mine = kept.get()
    theirs = []
    thread = threading.Thread(target=lambda: theirs.append(kept.get()))
    thread.start()
    thread.join()
    assert theirs[0] is not mine
    # The next thread to open one closes the connections of threads that have ended.
    later = threading.Thread(target=kept.get)
    later.start()
    later.join()
    assert [db for _, db in kept.open.values()].count(theirs[0]) == 0
    assert mine in [db for _, db in kept.open.values()]


def test_a_forked_child_opens_its_own_connection_and_leaves_the_parents_alone(app):
    kept = connections(app)
    parent = kept.get()
    parent.execute("CREATE TABLE forked (pid INTEGER, same INTEGER)")
    child = os.fork()
    if child == 0:  # pragma: no cover - the child reports through the database
        code = 1
        try:
            db = kept.get()
            db.execute("INSERT INTO forked VALUES (?, ?)", [os.getpid(), int(db is parent)])
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert parent.execute("SELECT pid, same FROM forked").fetchall() == [(child, 0)]
    assert kept.get() is parent


def test_closing_the_apps_connections_ends_them_all(app):
    kept = connections(app)
    db = kept.get()
    kept.close()
    assert kept.open == {}
    assert kept.get() is not db
