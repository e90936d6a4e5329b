"""Many players submitting at once to the real server (gunicorn, started as the README says)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest

from tests.events.conftest import example

pytestmark = pytest.mark.server

SUBMISSIONS = 200
CLIENTS = 16


def call(base_url: str, method: str, path: str, body=None, token: str | None = None):
    """(status, JSON answer) of one request over real HTTP."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{base_url}{path}", data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def new_event(base_url: str, name: str) -> tuple[str, str]:
    deadline = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    status, body = call(
        base_url, "POST", "/api/v1/events", {"name": name, "game": "era", "deadline": deadline}
    )
    assert status == 201, body
    return body["event"]["id"], body["admin_token"]


def test_200_parallel_submissions_are_all_stored_with_the_right_verdicts(live_server):
    event_id, token = new_event(live_server, "Grand Prix")
    lists = {True: example("era-legal"), False: example("era-illegal")}
    expected = {f"Player {n:03d}": n % 3 != 0 for n in range(SUBMISSIONS)}

    def submit(player: str):
        body = {"player": player, "text": lists[expected[player]]}
        return player, *call(live_server, "POST", f"/api/v1/events/{event_id}/entries", body)

    with ThreadPoolExecutor(max_workers=CLIENTS) as pool:
        answers = list(pool.map(submit, expected))
    failed = [(player, status, body) for player, status, body in answers if status != 201]
    assert failed == []
    for player, _, body in answers:
        assert body["entry"]["player"] == player
        assert body["entry"]["latest"]["legal"] is expected[player]

    status, stored = call(
        live_server, "GET", f"/api/v1/events/{event_id}/entries?per_page=500", token=token
    )
    assert status == 200
    entries = stored["entries"]
    assert len(entries) == SUBMISSIONS
    assert {e["player"]: e["latest"]["legal"] for e in entries} == expected
    assert all(e["versions"] == 1 for e in entries)
    assert {e["latest"]["errors"] for e in entries if not e["latest"]["legal"]} == {9}


def test_one_name_submitted_at_once_from_many_clients_is_stored_once(live_server):
    event_id, token = new_event(live_server, "Race Cup")

    def submit(_):
        body = {"player": "Twin", "text": example("era-legal")}
        return call(live_server, "POST", f"/api/v1/events/{event_id}/entries", body)

    with ThreadPoolExecutor(max_workers=CLIENTS) as pool:
        statuses = sorted(status for status, _ in pool.map(submit, range(CLIENTS)))
    assert statuses == [201] + [409] * (CLIENTS - 1)
    _, stored = call(
        live_server, "GET", f"/api/v1/events/{event_id}/entries?per_page=500", token=token
    )
    assert [(e["player"], e["versions"]) for e in stored["entries"]] == [("Twin", 1)]
