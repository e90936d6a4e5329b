"""What one event stores and answers stays bounded, however long the lists people send."""

from __future__ import annotations

import io

import pytest

from tests.api.support import refusal_at_start
from tests.events.conftest import DEADLINE, csrf_of, http
from webapp.db import connect

# 100 KB of one unknown card name: every line is a problem.
UNKNOWN_LINES = ("1 A\n" * 25_000)[:100_000]
KEPT = 4
# As long as a decklist may be when the site runs with its default limits.
LONGEST_DEFAULT_LIST = "1 A\n" * 1_000


@pytest.fixture
def app_config(clock) -> dict:
    return {
        "EVENT_CLOCK": clock,
        "EVENT_MAX_ENTRIES": 3,
        "EVENT_MAX_VERSIONS": 2,
        "EVENT_MAX_PROBLEMS": KEPT,
        "EVENT_DASHBOARD_PAGE": 2,
        # These lists are longer than a decklist may be by default, on purpose.
        "MAX_DECKLIST_LINES": 30_000,
        # Three of them are more lines than one address may validate a minute: that limit
        # is tests/api/test_rate_limits.py's, and these are about what is stored.
        "RATE_LIMITS": {"validation": None},
    }


def stored_bytes(app, column: str) -> int:
    db = connect(app.config["DATABASE"])
    total = db.execute(f"SELECT SUM(length(CAST({column} AS BLOB))) FROM event_versions").fetchone()
    db.close()
    return total[0]


def test_a_long_list_of_unknown_cards_is_kept_as_its_text_and_a_short_verdict(app, event):
    response = event.submit("Alice", UNKNOWN_LINES)
    assert response.status_code == 201
    latest = response.get_json()["entry"]["latest"]
    assert latest["errors"] >= 25_000
    assert len(latest["problems"]) == KEPT
    assert latest["problems_not_kept"] == latest["errors"] + latest["warnings"] - KEPT
    assert latest["body"] == UNKNOWN_LINES
    assert len(response.data) < 2 * len(UNKNOWN_LINES)
    assert stored_bytes(app, "problems") < 10_000


def test_the_dashboard_and_exports_of_long_lists_stay_small(client, event):
    for player in ("Alice", "Bob", "Carol"):
        assert event.submit(player, UNKNOWN_LINES).status_code == 201
    dashboard = client.get(f"/events/{event.id}/admin/{event.token}?show=illegal")
    assert dashboard.status_code == 200
    assert len(dashboard.data) < 60_000
    assert "And " in dashboard.get_data(as_text=True)
    for path in ("/export.json", "/export.csv", "/entries"):
        answer = client.get(event.url(path), headers=event.admin)
        assert answer.status_code == 200
        assert len(answer.data) < 60_000, path


def test_an_event_holds_at_most_its_limit_of_players(client, event, era_legal):
    for player in ("Alice", "Bob", "Carol"):
        assert event.submit(player, era_legal).status_code == 201
    refused = event.submit("Dave", era_legal)
    assert refused.status_code == 409
    assert refused.get_json()["error"]["code"] == "limit-reached"
    more = client.post(
        event.url("/players"), json={"players": [{"name": "Eve"}]}, headers=event.admin
    )
    assert more.status_code == 409
    assert len(event.entries()) == 3


def test_an_entry_keeps_at_most_its_limit_of_versions(event, era_legal, era_illegal):
    event.submit("Alice", era_illegal)
    assert event.resubmit("Alice", era_legal).status_code == 200
    refused = event.resubmit("Alice", era_illegal)
    assert refused.status_code == 409
    assert refused.get_json()["error"]["code"] == "limit-reached"
    assert [e["versions"] for e in event.entries()] == [2]
    assert event.entries()[0]["status"] == "legal"


def test_the_dashboard_and_the_entry_list_come_a_page_at_a_time(client, event, era_legal):
    for player in ("Alice", "Bob", "Carol"):
        event.submit(player, era_legal)
    dashboard = f"/events/{event.id}/admin/{event.token}"
    first = client.get(dashboard).get_data(as_text=True)
    second = client.get(f"{dashboard}?page=2").get_data(as_text=True)
    assert ("Alice" in first, "Carol" in first, "Carol" in second) == (True, False, True)
    assert "Page 1 of 2" in first
    assert client.get(f"{dashboard}?page=99999999999999999999").status_code == 200
    listed = client.get(event.url("/entries?per_page=2&page=2"), headers=event.admin).get_json()
    assert ([e["player"] for e in listed["entries"]], listed["pages"], listed["total"]) == (
        ["Carol"],
        2,
        3,
    )
    assert (listed["per_page"], listed["next"]) == (2, None)
    first_page = client.get(event.url("/entries?per_page=2&show=all"), headers=event.admin)
    following = first_page.get_json()["next"]
    assert following == event.url("/entries?show=all&page=2&per_page=2")
    again = client.get(following, headers=event.admin).get_json()
    assert [e["player"] for e in again["entries"]] == ["Carol"]
    huge = client.get(event.url("/entries?page=99999999999999999999"), headers=event.admin)
    assert huge.status_code == 400
    assert "body" not in listed["entries"][0]["latest"]


@pytest.mark.server
def test_over_http_a_long_list_is_answered_and_listed_in_bounded_sizes(live_server):
    created = http(
        live_server,
        "POST",
        "/api/v1/events",
        {"name": "Big Lists", "game": "era", "deadline": DEADLINE.replace(year=2099).isoformat()},
    ).json()
    event_id, token = created["event"]["id"], created["admin_token"]
    too_long = http(
        live_server,
        "POST",
        f"/api/v1/events/{event_id}/entries",
        {"player": "P", "text": UNKNOWN_LINES},
    )
    assert too_long.status == 413
    answers = [
        http(
            live_server,
            "POST",
            f"/api/v1/events/{event_id}/entries",
            {"player": f"P{n}", "text": LONGEST_DEFAULT_LIST},
        )
        for n in range(4)
    ]
    assert [a.status for a in answers] == [201] * 4
    assert max(len(a.body) for a in answers) < 400_000
    assert len(answers[0].json()["entry"]["latest"]["problems"]) <= 100
    dashboard = http(live_server, "GET", f"/events/{event_id}/admin/{token}")
    exported = http(live_server, "GET", f"/api/v1/events/{event_id}/export.json", token=token)
    assert (dashboard.status, exported.status) == (200, 200)
    assert len(dashboard.body) < 500_000
    assert len(exported.body) < 500_000


def test_the_organizer_of_a_full_event_is_told_so_in_their_own_words(client, event, era_legal):
    for player in ("Alice", "Bob", "Carol"):
        event.submit(player, era_legal)
    # The player is sent to the organizer; the organizer is not sent to themself.
    assert "ask the organizer" in event.submit("Dave", era_legal).get_json()["error"]["message"]
    registering = client.post(
        event.url("/players"), json={"players": [{"name": "Eve"}]}, headers=event.admin
    )
    message = registering.get_json()["error"]["message"]
    assert message == "The event is full: it has room for 3 players, the most this site allows."
    uploaded = client.post(
        event.url("/uploads"),
        json={"csv": f'player,list\nEve,"{era_legal}"\n'},
        headers=event.admin,
    )
    assert uploaded.get_json()["skipped"] == [
        "row 2: skipped: The event is full: it has room for 3 players, the most this site allows."
    ]
    dashboard = f"/events/{event.id}/admin/{event.token}"
    page = client.get(dashboard).get_data(as_text=True)
    form = client.post(f"{dashboard}/players", data={"csrf_token": csrf_of(page), "players": "Eve"})
    assert "The event is full: it has room for 3 players" in form.get_data(as_text=True)
    assert "ask the organizer" not in form.get_data(as_text=True)


def test_an_upload_over_its_own_limit_is_a_413_naming_that_limit(client, event):
    # The upload takes a larger body than other endpoints: its 413 names its own limit.
    answer = client.post(
        event.url("/uploads"),
        input_stream=io.BytesIO(b"{}"),
        content_type="application/json",
        headers=event.admin,
        environ_overrides={"CONTENT_LENGTH": str(8 * 1024 * 1024 + 1)},
    )
    assert answer.status_code == 413
    error = answer.get_json()["error"]
    assert error["message"] == (
        "the body is larger than the 8 MB (8,388,608 bytes) this endpoint accepts;"
        " nothing in it was read"
    )
    assert error["details"] == [{"max_bytes": 8 * 1024 * 1024}]


def test_a_dashboard_page_past_the_last_shows_the_last(client, event, era_legal, era_illegal):
    # A page kept from when more lists were not legal: three fixed since, the page is gone.
    for player in ("Alice", "Bob", "Carol"):
        event.submit(player, era_illegal)
    dashboard = f"/events/{event.id}/admin/{event.token}"
    assert "Carol" in client.get(f"{dashboard}?show=illegal&page=2").get_data(as_text=True)
    event.resubmit("Alice", era_legal)
    event.resubmit("Bob", era_legal)
    page = client.get(f"{dashboard}?show=illegal&page=2").get_data(as_text=True)
    assert "Carol" in page
    assert "None." not in page
    beyond = client.get(f"{dashboard}?page=7").get_data(as_text=True)
    assert "Page 2 of 2 (3 entries)" in beyond
    assert "No lists yet." not in beyond


@pytest.mark.parametrize(
    ("variable", "value", "said"),
    [
        (
            "DECKWRIGHT_EVENT_MAX_ENTRIES",
            "2k",
            "EVENT_MAX_ENTRIES must be a whole number from 1, not '2k'",
        ),
        (
            "DECKWRIGHT_EVENT_MAX_VERSIONS",
            "0",
            "EVENT_MAX_VERSIONS must be a whole number from 1, not 0",
        ),
        (
            "DECKWRIGHT_EVENT_MAX_PROBLEMS",
            "-1",
            "EVENT_MAX_PROBLEMS must be a whole number from 0, not -1",
        ),
        (
            "DECKWRIGHT_EVENT_DASHBOARD_PAGE",
            "[50]",
            "EVENT_DASHBOARD_PAGE must be a whole number from 1, not [50]",
        ),
    ],
)
def test_an_event_limit_no_event_could_be_held_to_stops_the_start(
    tmp_path, monkeypatch, variable, value, said
):
    # "2k" players started the site, which then answered every event's pages and every
    # submission with a 500; 0 lists kept per player refused every list.
    monkeypatch.setenv(variable, value)
    assert refusal_at_start(tmp_path, r"^EVENT_\w+ must be a whole number") == said


@pytest.mark.parametrize(("value", "shown"), [("5s", "'5s'"), ("nan", "'nan'"), ("-1", "-1")])
def test_a_time_to_read_lists_again_that_is_no_number_of_seconds_stops_the_start(
    tmp_path, monkeypatch, value, shown
):
    # Read only as an organizer's page came, "5s" answered every dashboard with a 500.
    monkeypatch.setenv("DECKWRIGHT_EVENT_REREAD_SECONDS", value)
    assert refusal_at_start(tmp_path, r"^EVENT_REREAD_SECONDS must") == (
        "EVENT_REREAD_SECONDS must be a number of seconds from 0 (well below the worker"
        f" timeout), not {shown}"
    )


def test_a_dashboard_page_written_in_superscript_digits_is_the_first_page(client, event):
    """'?page=²' passed the check for digits (str.isdigit says yes), then int() refused it:
    a 500 where any other page that is no number opens the first."""
    dashboard = f"/events/{event.id}/admin/{event.token}"
    assert client.get(f"{dashboard}?page=%C2%B2").status_code == 200
