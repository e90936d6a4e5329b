"""A player whose answer was lost can send the same submission again and get their private link."""

from __future__ import annotations

import re

import pytest

from tests.events.conftest import DEADLINE, csrf_of, http

KEY = "retry-7f3a9c2e51d84b06"


def post(event, body: dict, key: str | None = KEY):
    headers = {"Idempotency-Key": key} if key else {}
    return event.client.post(event.url("/entries"), json=body, headers=headers)


def test_the_same_key_and_request_answer_with_the_same_entry_and_link(event, era_legal):
    body = {"player": "Alice", "text": era_legal}
    first, again = post(event, body), post(event, body)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.headers["Idempotent-Replayed"] == "true"
    for field in ("entry", "private_url", "player_token", "receipt"):
        assert again.get_json()[field] == first.get_json()[field]
    assert [e["versions"] for e in event.entries()] == [1]


def test_a_key_sent_again_with_another_request_is_refused(event, era_legal, era_illegal):
    assert post(event, {"player": "Alice", "text": era_legal}).status_code == 201
    for other in ({"player": "Alice", "text": era_illegal}, {"player": "Bob", "text": era_legal}):
        refused = post(event, other)
        assert refused.status_code == 422
        assert refused.get_json()["error"]["code"] == "idempotency-key-reused"
    assert [e["player"] for e in event.entries()] == ["Alice"]


def test_without_a_key_a_second_submission_is_still_refused(event, era_legal):
    body = {"player": "Alice", "text": era_legal}
    assert post(event, body, key=None).status_code == 201
    assert post(event, body, key=None).status_code == 409


def test_the_link_is_found_again_after_the_deadline(event, era_legal, clock):
    body = {"player": "Alice", "text": era_legal}
    first = post(event, body)
    clock.now = DEADLINE
    again = post(event, body)
    assert again.status_code == 201
    assert again.get_json()["private_url"] == first.get_json()["private_url"]


@pytest.mark.parametrize("key", ["short", "x" * 101, "has spaces in it here"])
def test_a_key_that_cannot_be_random_is_refused(event, era_legal, key):
    response = post(event, {"player": "Alice", "text": era_legal}, key=key)
    assert response.status_code == 422
    assert event.entries() == []


def test_the_submission_form_sent_twice_leads_to_the_same_private_page(client, event, era_legal):
    page = client.get(f"/events/{event.id}").get_data(as_text=True)
    key = re.search(r'name="idempotency_key" value="([^"]+)"', page).group(1)
    form = {
        "csrf_token": csrf_of(page),
        "player": "Pat",
        "decklist": era_legal,
        "idempotency_key": key,
    }
    first = client.post(f"/events/{event.id}", data=form)
    again = client.post(f"/events/{event.id}", data=form)
    assert (first.status_code, again.status_code) == (303, 303)
    assert again.headers["Location"] == first.headers["Location"]
    assert [e["versions"] for e in event.entries()] == [1]


@pytest.mark.server
def test_over_http_a_retry_with_the_key_gets_the_private_link(live_server, era_legal, era_illegal):
    created = http(
        live_server,
        "POST",
        "/api/v1/events",
        {
            "name": "Flaky Wifi Open",
            "game": "era",
            "deadline": DEADLINE.replace(year=2099).isoformat(),
        },
    ).json()
    entries = f"/api/v1/events/{created['event']['id']}/entries"
    body = {"player": "Alice", "text": era_legal}
    headers = {"Idempotency-Key": KEY}
    first = http(live_server, "POST", entries, body, headers=headers)
    again = http(live_server, "POST", entries, body, headers=headers)
    assert (first.status, again.status) == (201, 201)
    assert again.json()["private_url"] == first.json()["private_url"]
    other = http(live_server, "POST", entries, {**body, "text": era_illegal}, headers=headers)
    assert other.status == 422
    assert http(live_server, "POST", entries, body).status == 409


def test_the_submission_form_sent_again_changed_is_a_new_submission(
    client, event, era_legal, era_illegal
):
    # A page kept open (or brought back) after its first list was stored still holds that
    # list's key; a player never sees the key, so another list sent from it is a submission of
    # its own, answered in its own words, not refused for "an idempotency key".
    page = client.get(f"/events/{event.id}").get_data(as_text=True)
    key = re.search(r'name="idempotency_key" value="([^"]+)"', page).group(1)
    form = {"csrf_token": csrf_of(page), "player": "Kim", "decklist": era_illegal}
    first = client.post(f"/events/{event.id}", data={**form, "idempotency_key": key})
    assert first.status_code == 303
    other_player = client.post(
        f"/events/{event.id}",
        data={**form, "player": "Lee", "decklist": era_legal, "idempotency_key": key},
    )
    assert other_player.status_code == 303
    assert other_player.headers["Location"] != first.headers["Location"]
    changed = client.post(
        f"/events/{event.id}", data={**form, "decklist": era_legal, "idempotency_key": key}
    )
    assert changed.status_code == 409
    text = changed.get_data(as_text=True)
    assert "A list is already on file for Kim" in text
    assert "idempotency key" not in text
    # The form shown again holds a key of its own, so sending it again is not refused for it.
    assert re.search(r'name="idempotency_key" value="([^"]+)"', text).group(1) != key
    assert sorted((e["player"], e["versions"]) for e in event.entries()) == [("Kim", 1), ("Lee", 1)]
