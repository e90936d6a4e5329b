"""An organizer changes the event's settings after making it, until its lists are published:
its name, its deadline (round one is late: "extend the deadline by 15 minutes"), its format
and its banned-list day. Every list on file stays as it was sent, and is judged in the event's
settings as they are now, wherever a verdict is shown."""

from __future__ import annotations

import csv
import html
import io
from datetime import timedelta

import pytest

from tests.api.support import error_of
from tests.events.conftest import DEADLINE, START, bearer, example, http
from tests.events.test_pool_changes import (  # noqa: F401 (pool_app: a fixture)
    drop_singleton_matrix,
    open_event,
    pool_app,
    submit,
)
from webapp import events
from webapp.db import connect

# A Fire/Water ERA deck whose Fire dino is a promo: no eligible product printed it, so the
# deck is not legal in Standard ("Only cards from eligible products") and is in Open.
PROMO_DECK = example("era-legal").replace("1 Ember Rex", "1 Riftborn Velociraptor")


def change(event, **body):
    return event.client.patch(event.url(), json=body, headers=event.admin)


def test_the_deadline_is_extended_by_fifteen_minutes(event):
    later = DEADLINE + timedelta(minutes=15)
    answer = change(event, deadline="2030-05-03T12:15:00Z")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    changed = answer.get_json()
    assert changed["deadline"] == later.isoformat()
    assert changed == event.client.get(event.url()).get_json()


def test_the_name_format_and_banned_list_day_change_and_the_answer_is_the_event(event):
    answer = change(event, name="Spring Regionals (Open)", format="open", as_of="2024-05-21")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    changed = answer.get_json()
    assert (changed["name"], changed["format"], changed["as_of"]) == (
        "Spring Regionals (Open)",
        "open",
        "2024-05-21",
    )
    assert changed["deadline"] == DEADLINE.isoformat()
    assert changed == event.client.get(event.url()).get_json()
    # null is no banned-list day again: each list judged on the day it came.
    assert change(event, as_of=None).get_json()["as_of"] is None


def test_a_change_of_format_judges_every_list_on_file_again_and_keeps_it_as_sent(event):
    assert event.submit("Ann", PROMO_DECK).get_json()["entry"]["latest"]["legal"] is False
    sent = event.players["Ann"]
    assert change(event, format="open").status_code == 200

    (entry,) = event.entries()
    assert (entry["status"], entry["status_today"]) == ("legal", "legal")
    assert (entry["latest"]["legal"], entry["latest"]["errors"]) == (True, 0)
    assert entry["latest"]["receipt"] == sent["receipt"]
    own = event.client.get(
        event.url(f"/entries/{entry['entry']}"), headers=bearer(sent["player_token"])
    ).get_json()
    assert own["latest"]["body"] == PROMO_DECK
    assert own["latest"]["problems"] == []
    versions = event.client.get(
        event.url(f"/entries/{entry['entry']}/versions"), headers=event.admin
    ).get_json()["versions"]
    assert [(v["version"], v["legal"], v["sha256"]) for v in versions] == [
        (1, True, sent["entry"]["latest"]["sha256"])
    ]
    exported = event.client.get(event.url("/export.csv"), headers=event.admin).get_data(
        as_text=True
    )
    (row,) = csv.DictReader(io.StringIO(exported))
    assert (row["player"], row["legal"], row["errors"]) == ("Ann", "yes", "0")
    export = event.client.get(event.url("/export.json"), headers=event.admin).get_json()
    assert export["counts"]["legal"] == 1
    assert export["counts"]["illegal"] == 0

    # And back: the list is judged in Standard again, not left with Open's verdict.
    assert change(event, format="standard").status_code == 200
    (entry,) = event.entries()
    assert (entry["status"], entry["latest"]["errors"]) == ("not legal", 1)
    assert entry["latest"]["problems"][0]["rule"] == "era-eligible-products"


def test_a_list_sent_after_the_change_is_judged_in_the_new_format(event):
    change(event, format="open")
    sent = event.submit("Bo", PROMO_DECK)
    assert sent.get_json()["entry"]["latest"]["legal"] is True


def test_each_change_is_logged_with_what_it_was_and_what_it_is(client, event):
    change(event, name="Spring Cup", format="open", deadline="2030-05-03T12:15:00Z")
    change(event, as_of="2024-05-21")
    change(event, name="Spring Cup")  # nothing changes: nothing logged
    page = client.get(f"/events/{event.id}/admin/{event.token}").get_data(as_text=True)
    assert "Name changed from Spring Regionals to Spring Cup" in page
    assert "Format changed from Standard (standard) to Open (casual) (open)" in page
    assert "Deadline moved from 2030-05-03 12:00 UTC to 2030-05-03 12:15 UTC" in page
    assert (
        "Banned-list day changed from none (each list judged on the day it came) to 2024-05-21"
        in page
    )
    assert page.count("changed from Spring Regionals") == 1


def test_a_deadline_passed_is_extended_and_players_can_send_again(event, clock):
    clock.now = DEADLINE + timedelta(minutes=5)
    assert event.submit("Ann", PROMO_DECK).status_code == 409
    answer = change(event, deadline=(DEADLINE + timedelta(minutes=30)).isoformat())
    assert answer.status_code == 200
    assert answer.get_json()["open"] is True
    assert event.submit("Ann", PROMO_DECK).status_code == 201


def test_a_later_deadline_leaves_a_locked_event_locked_until_it_is_reopened(event, clock):
    event.client.post(event.url("/lock"), headers=event.admin)
    later = change(event, deadline=(DEADLINE + timedelta(hours=1)).isoformat()).get_json()
    assert (later["locked"], later["open"]) == (True, False)
    clock.now = DEADLINE + timedelta(minutes=5)
    reopened = event.client.post(event.url("/reopen"), headers=event.admin)
    assert reopened.get_json()["open"] is True


def test_a_deadline_in_the_past_is_refused_naming_the_field_saying_to_lock_instead(event, clock):
    clock.now = DEADLINE - timedelta(hours=1)
    assert error_of(change(event, deadline="2030-05-03T10:00:00Z"), 422) == {
        "status": 422,
        "code": "invalid-body",
        "message": "the body is not what this endpoint takes",
        "details": [
            "deadline: the submission deadline must be in the future; to close submissions"
            " now, lock the event"
        ],
    }
    assert event.client.get(event.url()).get_json()["deadline"] == DEADLINE.isoformat()


def test_settings_are_refused_as_a_new_event_refuses_them(event):
    assert error_of(change(event, format="vintage"), 404)["code"] == "unknown-format"
    for blank in ("", "  "):
        refused = error_of(change(event, name=blank), 422)
        assert "an event needs a name" in " ".join([refused["message"], *refused["details"]])
    refused = error_of(change(event, deadline="2030-05-03"), 422)
    assert refused["details"] == [
        "deadline: '2030-05-03' is a day, not a moment: give the time submissions close too,"
        " e.g. 2030-05-03T18:00:00Z (without an offset, the time is UTC)"
    ]
    assert "as_of:" in " ".join(error_of(change(event, as_of="May 1st"), 422)["details"])
    unknown = error_of(change(event, game="ryft"), 422)
    assert unknown["details"] == ["game: Unknown field."]
    unchanged = change(event)
    assert unchanged.status_code == 200
    assert unchanged.get_json() == event.client.get(event.url()).get_json()
    assert error_of(change(event, format=None), 422)["code"] == "invalid-body"


def test_only_the_admin_token_changes_the_settings(event):
    event.submit("Ann", PROMO_DECK)
    player = bearer(event.players["Ann"]["player_token"])
    for headers in ({}, player, bearer("x" * 43)):
        answer = event.client.patch(event.url(), json={"name": "Mine"}, headers=headers)
        assert error_of(answer, 404)["code"] == "not-found"
    assert event.client.get(event.url()).get_json()["name"] == "Spring Regionals"


def test_a_published_event_s_settings_no_longer_change(event):
    event.client.post(event.url("/publish"), headers=event.admin)
    error = error_of(change(event, deadline=(DEADLINE + timedelta(hours=1)).isoformat()), 409)
    assert error["code"] == "event-closed"
    assert error["message"] == (
        "The lists are published: an event's settings no longer change once its lists are public."
    )


def test_the_change_is_in_the_openapi_document(client):
    document = client.get("/api/v1/openapi.json").get_json()
    operation = document["paths"]["/api/v1/events/{event_id}"]["patch"]
    assert set(operation["responses"]) >= {"200", "404", "409", "422"}
    body = operation["requestBody"]["content"]["application/json"]["schema"]
    name = body["$ref"].rsplit("/", 1)[1]
    fields = document["components"]["schemas"][name]
    assert set(fields["properties"]) == {"name", "format", "as_of", "deadline"}
    assert fields.get("additionalProperties") is False


def test_over_real_http_the_deadline_is_extended(live_server):
    made = http(
        live_server,
        "POST",
        "/api/v1/events",
        {"name": "Live Cup", "game": "era", "deadline": "2099-05-03T18:00:00Z"},
    ).json()
    event_id, token = made["event"]["id"], made["admin_token"]
    answer = http(
        live_server,
        "PATCH",
        f"/api/v1/events/{event_id}",
        {"deadline": "2099-05-03T18:15:00Z"},
        token=token,
    )
    assert (answer.status, answer.json()["deadline"]) == (200, "2099-05-03T18:15:00+00:00")


@pytest.fixture
def db(tmp_path):
    database = connect(tmp_path / "settings.sqlite")
    yield database
    database.close()


def test_a_list_judged_as_the_format_changes_is_sent_again_not_stored_with_the_old_verdict(
    db, library
):
    made = events.create_event(db, library, name="Cup", game_id="era", deadline=DEADLINE, now=START)
    organizer = events.Organizer(made.event)

    def organizer_changes_the_format(_submission) -> None:
        # The list is read and judged in Standard, the event as it was read: the organizer's
        # change comes before it is stored.
        events.change_settings(db, library, organizer, {"format": "open"}, START)

    with pytest.raises(events.SettingsChangedError) as refused:
        events.submit(
            db,
            library,
            made.event.id,
            player="Ann",
            player_id=None,
            submission=events.Submission.from_text(PROMO_DECK),
            now=START,
            before_reading=organizer_changes_the_format,
        )
    assert str(refused.value) == (
        "The organizer changed the event's format or banned-list day as this list was being"
        " checked, so nothing was stored: send it again to have it checked in the event's"
        " settings now."
    )
    assert events.entries(db, organizer) == []


def test_an_event_whose_format_the_pool_dropped_takes_lists_again_in_another(
    pool_app,  # noqa: F811 (the fixture imported above)
    pool_copy,
):
    client = pool_app.test_client()
    event_id, token = open_event(client, "ryft", "singleton-matrix")
    submit(client, event_id, "Alice", example("ryft-legal"))
    drop_singleton_matrix(client, pool_copy)
    admin = f"/events/{event_id}/admin/{token}"
    dashboard = html.unescape(client.get(admin).get_data(as_text=True))
    assert (
        "To take lists, change the event's format to one of RYFT's formats (Standard"
        " (standard)) in its settings: every list on file is judged again in it, kept as it"
        " was sent."
    ) in dashboard
    assert 'id="settings"' in dashboard

    answer = client.patch(
        f"/api/v1/events/{event_id}", json={"format": "standard"}, headers=bearer(token)
    )
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert (answer.get_json()["open"], answer.get_json()["closed_reason"]) == (True, "")
    (entry,) = client.get(f"/api/v1/events/{event_id}/entries", headers=bearer(token)).get_json()[
        "entries"
    ]
    assert (entry["player"], entry["status"], entry["status_today"]) == ("Alice", "legal", "legal")
    assert "format-gone" not in client.get(admin).get_data(as_text=True)
    assert submit(client, event_id, "Bob", example("ryft-legal"))["entry"]["status"] == "legal"


def test_a_change_of_banned_list_day_judges_every_list_on_that_day(event, era_legal):
    """Flamecrest Mariners came out on 2023-09-01: on 2023-07-01 its cards are no eligible
    product's yet."""
    event.submit("Ann", era_legal)
    assert change(event, as_of="2023-07-01").status_code == 200
    (entry,) = event.entries()
    assert (entry["status"], entry["latest"]["errors"]) == ("not legal", 17)
    assert entry["latest"]["problems"][0]["message"] == (
        "Only cards from eligible products: Ember Rex is from Flamecrest Mariners, released"
        " 2023-09-01, after 2023-07-01"
    )
    assert event.client.get(event.url("/entries?show=illegal"), headers=event.admin).get_json()[
        "counts"
    ] == {"all": 1, "legal": 0, "illegal": 1, "missing": 0, "changed": 0, "unread_today": 0}
    assert change(event, as_of=None).status_code == 200
    assert [e["status"] for e in event.entries()] == ["legal"]
