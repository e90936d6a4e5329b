"""Text that is not valid Unicode never breaks an event: refused when sent, shown safe when stored.

A lone surrogate cannot be written as UTF-8, so a page holding one fails as a
whole. Rows may hold one anyway (stored before it was refused, or written by
hand): every page shows it as U+FFFD instead.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from datetime import timedelta

import pytest

from tests.events.conftest import DEADLINE, START, csrf_of, example, http
from webapp.db import connect

REPLACEMENT = "\ufffd"
SURROGATE_SECTION = (
    b'{"player":"M","deck":{"sections":{"\\ud800":[{"card":"Ember Rex","count":1}]}}}'
)
SURROGATE_TEXT = b'{"player":"S","text":"1 \\udc00x"}'
SURROGATE_NAME = b'{"player":"\\udfffM","text":"1 Ember Rex"}'
SURROGATE_EVENT = b'{"name":"Cup \\ud800","game":"era","deadline":"2099-01-01T00:00:00"}'

# Bytes a row may hold though no request can store them any more.
BAD_PLAYER = b"M\xed\xa0\x80ller"  # a lone surrogate as UTF-8 would spell it
BAD_PLAYER_ID = b"\xff1"
BAD_EVENT_NAME = b"Spring \xed\xb0\x80Cup"
BAD_BODY = b'{"player":"M","deck":{"sections":{"\xed\xa0\x80":[]}}}'
BAD_CANONICAL = b"Dinos:\n1 Ember Rex\n1 \xff\xfeRex\n"
BAD_PROBLEMS = json.dumps(
    [
        {
            "rule": "unknown-section",
            "severity": "error",
            "message": "no section \ud800 in this game",
            "section": "\ud800",
            "cards": ["\udc00"],
            "expected": None,
            "actual": None,
            "lines": [1],
            "line": 1,
            "cite": "",
            "suggestions": ["\udfff"],
        }
    ]
)
FAR_DEADLINE = DEADLINE.replace(year=2099).isoformat()
BAD_DIGEST = hashlib.sha256(b"stored by hand").hexdigest()


def corrupt(database: str, event_id: str, entry_id: str) -> None:
    """Write the bad bytes straight into the rows of one event and one entry."""
    db = connect(database)
    db.execute("UPDATE events SET name = CAST(? AS TEXT) WHERE id = ?", [BAD_EVENT_NAME, event_id])
    db.execute(
        "UPDATE event_entries SET player = CAST(? AS TEXT), player_id = CAST(? AS TEXT)"
        " WHERE id = ?",
        [BAD_PLAYER, BAD_PLAYER_ID, entry_id],
    )
    db.execute(
        """INSERT INTO event_versions (entry_id, number, received, source, kind, body, canonical,
                                       digest, legal, errors, warnings, problems)
           VALUES (?, 2, ?, 'player', 'json', CAST(? AS TEXT), CAST(? AS TEXT), ?, 0, 1, 0, ?)""",
        [
            entry_id,
            (START + timedelta(minutes=5)).isoformat(),
            BAD_BODY,
            BAD_CANONICAL,
            BAD_DIGEST,
            BAD_PROBLEMS,
        ],
    )
    db.close()


def pages(event_id: str, token: str, entry_id: str, player_token: str) -> list[tuple[str, str]]:
    """Every page and answer that shows the entry's stored text: (path, bearer token or "")."""
    admin = f"/events/{event_id}/admin/{token}"
    api = f"/api/v1/events/{event_id}"
    return [
        (admin, ""),
        (f"{admin}?show=illegal", ""),
        (f"{admin}/entries/{entry_id}", ""),
        (f"{admin}/entries/{entry_id}/sheet", ""),
        (f"{admin}/sheets", ""),
        (f"{admin}/export.csv", ""),
        (f"{admin}/export.json", ""),
        (f"{admin}/verify?receipt={BAD_DIGEST[:12]}", ""),
        (f"/events/{event_id}/entries/{entry_id}/{player_token}", ""),
        (f"/events/{event_id}", ""),
        (f"{api}", ""),
        (f"{api}/entries", token),
        (f"{api}/entries/{entry_id}", token),
        (f"{api}/entries/{entry_id}", player_token),
        (f"{api}/entries/{entry_id}/versions", player_token),
        (f"{api}/export.csv", token),
        (f"{api}/export.json", token),
        (f"{api}/verify?receipt={BAD_DIGEST[:12]}", token),
    ]


def assert_shown_safely(path: str, status: int, body: bytes) -> None:
    assert status == 200, (path, status, body[:300])
    text = body.decode("utf-8")  # strict: the answer is valid UTF-8
    if path.endswith(".csv"):
        text = "".join(",".join(row) for row in csv.reader(io.StringIO(text)))
    elif path.endswith(".json") or "/api/" in path:
        text = json.dumps(json.loads(text), ensure_ascii=False)
    assert REPLACEMENT in text, path


@pytest.fixture
def stored(app, event):
    """An event whose one entry's rows hold text that is not valid Unicode."""
    assert event.submit("Müller", example("era-legal"), player_id="1").status_code == 201
    receipt = event.players["Müller"]
    entry_id = receipt["entry"]["entry"]
    corrupt(app.config["DATABASE"], event.id, entry_id)
    return event, entry_id, receipt["player_token"]


def test_stored_text_that_is_not_unicode_is_shown_as_replacement_characters(client, stored):
    event, entry_id, player_token = stored
    for path, token in pages(event.id, event.token, entry_id, player_token):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = client.get(path, headers=headers)
        assert_shown_safely(path, response.status_code, response.data)


def test_published_lists_with_text_that_is_not_unicode_are_shown_safely(client, stored):
    event, _, _ = stored
    assert client.post(event.url("/publish"), headers=event.admin).status_code == 200
    for path in (f"/events/{event.id}/lists", event.url("/lists")):
        response = client.get(path)
        assert_shown_safely(path, response.status_code, response.data)


@pytest.mark.parametrize("body", [SURROGATE_SECTION, SURROGATE_TEXT, SURROGATE_NAME])
def test_a_submission_holding_a_lone_surrogate_is_refused_and_nothing_is_stored(
    client, event, body
):
    response = client.post(event.url("/entries"), data=body, content_type="application/json")
    assert response.status_code in (400, 422)
    assert set(response.get_json()) == {"error"}
    assert event.entries() == []
    assert client.get(f"/events/{event.id}/admin/{event.token}").status_code == 200


def test_a_pasted_json_list_holding_a_lone_surrogate_is_refused_on_the_page(client, event):
    page = client.get(f"/events/{event.id}")
    response = client.post(
        f"/events/{event.id}",
        data={
            "csrf_token": csrf_of(page.get_data(as_text=True)),
            "player": "Pat",
            "decklist": SURROGATE_SECTION.decode().replace('"player":"M",', ""),
        },
    )
    assert response.status_code == 422
    assert "not valid Unicode" in response.get_data(as_text=True)
    assert event.entries() == []


def test_an_event_named_with_a_lone_surrogate_is_refused(client):
    response = client.post("/api/v1/events", data=SURROGATE_EVENT, content_type="application/json")
    assert response.status_code in (400, 422)
    assert set(response.get_json()) == {"error"}


# -- the same over real HTTP, against gunicorn ----------------------------------------------


@pytest.mark.server
def test_over_http_stored_text_that_is_not_unicode_breaks_no_page(live_server, live_database):
    created = http(
        live_server,
        "POST",
        "/api/v1/events",
        {
            "name": "Unicode Open",
            "game": "era",
            "deadline": DEADLINE.replace(year=2099).isoformat(),
        },
    ).json()
    event_id, token = created["event"]["id"], created["admin_token"]
    for body in (SURROGATE_SECTION, SURROGATE_TEXT, SURROGATE_NAME):
        refused = http(live_server, "POST", f"/api/v1/events/{event_id}/entries", data=body)
        assert refused.status in (400, 422), refused.body[:300]
        assert set(refused.json()) == {"error"}
    submitted = http(
        live_server,
        "POST",
        f"/api/v1/events/{event_id}/entries",
        {"player": "Müller", "player_id": "1", "text": example("era-legal")},
    )
    assert submitted.status == 201
    entry_id = submitted.json()["entry"]["entry"]
    corrupt(str(live_database), event_id, entry_id)
    for path, bearer in pages(event_id, token, entry_id, submitted.json()["player_token"]):
        answer = http(live_server, "GET", path, token=bearer or None)
        assert_shown_safely(path, answer.status, answer.body)
