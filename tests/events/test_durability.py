"""An acknowledged submission is on disk: a worker killed right after answering loses none."""

from __future__ import annotations

import json
import os
import signal

from webapp import create_app
from webapp.db import connect

from .conftest import DEADLINE


def test_a_worker_killed_after_acknowledging_submissions_loses_none_of_them(
    tmp_path, library, era_legal, era_illegal
):
    database = tmp_path / "killed.sqlite"
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the worker reports through the pipe, then is killed
        try:
            app = create_app({"DATABASE": str(database), "TESTING": True})
            app.extensions["deckwright.pools"] = library
            client = app.test_client()
            body = {"name": "Kill", "game": "era", "deadline": DEADLINE.isoformat()}
            event = client.post("/api/v1/events", json=body).get_json()["event"]["id"]
            acknowledged = {}
            for n in range(20):
                answer = client.post(
                    f"/api/v1/events/{event}/entries",
                    json={"player": f"Player {n}", "text": (era_legal, era_illegal)[n % 2]},
                )
                if answer.status_code == 201:
                    acknowledged[f"Player {n}"] = answer.get_json()["entry"]["latest"]["legal"]
            os.write(write, json.dumps({"event": event, "acknowledged": acknowledged}).encode())
        finally:
            # Killed as the OS kills a worker: no close, no checkpoint, no exit handlers.
            os.kill(os.getpid(), signal.SIGKILL)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        report = json.loads(pipe.read())
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == -signal.SIGKILL
    assert len(report["acknowledged"]) == 20
    db = connect(database)
    try:
        stored = dict(
            db.execute(
                """SELECT e.player, v.legal FROM event_versions v
                   JOIN event_entries e ON e.id = v.entry_id WHERE e.event_id = ?""",
                [report["event"]],
            ).fetchall()
        )
    finally:
        db.close()
    assert {player: bool(legal) for player, legal in stored.items()} == report["acknowledged"]
