"""A form sent twice (a double click, a browser resending after a lost answer) is one
submission, and costs nothing more than the first did under the validation limit; a list
changed in another tab (or by the organizer) since the page was opened is not silently
replaced."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from tests.events.conftest import DEADLINE, csrf_of
from webapp.api import lines_of

_KEY = re.compile(r'name="idempotency_key" value="([^"]+)"')
_BASED_ON = re.compile(r'name="based_on" value="([^"]*)"')


@pytest.fixture
def app_config(clock, era_legal) -> dict:
    # Room for the lines of three lists a minute, and no more.
    return {"EVENT_CLOCK": clock, "RATE_LIMITS": {"validation": [3 * lines_of(era_legal), 60]}}


def page_form(client, path: str) -> dict:
    page = client.get(path).get_data(as_text=True)
    form = {"csrf_token": csrf_of(page)}
    for name, pattern in (("idempotency_key", _KEY), ("based_on", _BASED_ON)):
        if found := pattern.search(page):
            form[name] = found.group(1)
    return form


def test_the_submission_form_sent_again_costs_no_lines(client, event, era_legal):
    form = {**page_form(client, f"/events/{event.id}"), "player": "Pat", "decklist": era_legal}
    answers = [client.post(f"/events/{event.id}", data=form) for _ in range(5)]
    assert [a.status_code for a in answers] == [303] * 5
    assert len({a.headers["Location"] for a in answers}) == 1
    # The room left is two lists' worth: the resends took none of it.
    for player in ("Quinn", "Ray"):
        assert event.submit(player, era_legal).status_code == 201


def test_an_api_submission_sent_again_with_its_key_costs_no_lines(client, event, era_legal):
    body = {"player": "Pat", "text": era_legal}
    headers = {"Idempotency-Key": "resend-4c1d2b7a9e0f3355"}
    answers = [client.post(event.url("/entries"), json=body, headers=headers) for _ in range(5)]
    assert [a.status_code for a in answers] == [201] * 5
    for player in ("Quinn", "Ray"):
        assert event.submit(player, era_legal).status_code == 201


def test_the_fix_form_sent_twice_stores_one_version(client, event, era_legal, era_illegal):
    event.submit("Pat", era_illegal)
    private = event.players["Pat"]["private_url"]
    form = {**page_form(client, private), "decklist": era_legal}
    answers = [client.post(private, data=form) for _ in range(3)]
    assert [a.status_code for a in answers] == [303] * 3
    (entry,) = event.entries()
    assert (entry["versions"], entry["status"]) == (2, "legal")
    # One resubmission counted: room is left for one list more.
    assert event.submit("Quinn", era_legal).status_code == 201


def test_a_list_changed_in_another_tab_is_not_silently_replaced(
    client, event, era_legal, era_illegal
):
    event.submit("Pat", era_illegal)
    private = event.players["Pat"]["private_url"]
    first_tab, second_tab = page_form(client, private), page_form(client, private)
    assert client.post(private, data={**first_tab, "decklist": era_legal}).status_code == 303
    mine = era_illegal + "\n1 Ember Rex\n"
    answer = client.post(private, data={**second_tab, "decklist": mine})
    assert answer.status_code == 409
    page = answer.get_data(as_text=True)
    assert "changed since this page was opened" in page
    assert "version 2" in page
    assert mine.strip() in page.replace("&#34;", '"').replace("&#39;", "'")
    assert [e["versions"] for e in event.entries()] == [2]
    # Sent again from the page that said so, it replaces the list on purpose.
    again = {**page_form_of(page), "decklist": mine}
    assert client.post(private, data=again).status_code == 303
    assert [e["versions"] for e in event.entries()] == [3]


def page_form_of(page: str) -> dict:
    return {"csrf_token": csrf_of(page), "based_on": _BASED_ON.search(page).group(1)}


def test_a_list_the_organizer_uploaded_since_is_not_silently_replaced(
    client, event, era_legal, era_illegal
):
    event.submit("Pat", era_illegal)
    private = event.players["Pat"]["private_url"]
    form = page_form(client, private)
    uploaded = client.post(
        event.url("/uploads"),
        json={"csv": "player,list\nPat," + '"' + era_legal + '"\n'},
        headers=event.admin,
    )
    assert uploaded.status_code == 200, uploaded.get_data(as_text=True)
    answer = client.post(private, data={**form, "decklist": era_illegal})
    assert answer.status_code == 409
    assert "the organizer" in answer.get_data(as_text=True)
    assert [e["status"] for e in event.entries()] == ["legal"]


def test_a_fix_form_without_its_version_still_stores(client, event, era_legal, era_illegal):
    """A form made before the pages said which version they hold is sent as it always was."""
    event.submit("Pat", era_illegal)
    private = event.players["Pat"]["private_url"]
    form = page_form(client, private)
    del form["based_on"]
    assert client.post(private, data={**form, "decklist": era_legal}).status_code == 303
    assert [e["versions"] for e in event.entries()] == [2]


def test_over_the_api_a_fix_names_the_version_it_was_made_from(
    client, event, era_legal, era_illegal
):
    event.submit("Pat", era_illegal)
    entry = event.players["Pat"]["entry"]["entry"]
    headers = {"Authorization": f"Bearer {event.players['Pat']['player_token']}"}

    def put(body):
        return client.put(event.url(f"/entries/{entry}"), json=body, headers=headers)

    sent = [put({"text": era_legal, "based_on": 1}) for _ in range(3)]
    assert [a.status_code for a in sent] == [200] * 3
    assert {a.get_json()["entry"]["latest"]["version"] for a in sent} == {2}
    stale = put({"text": era_illegal, "based_on": 1})
    assert stale.status_code == 409
    assert stale.get_json()["error"]["code"] == "list-changed"
    assert put({"text": era_illegal}).status_code == 200  # without it, stored as the newest
    assert [e["versions"] for e in event.entries()] == [3]


def test_over_the_api_a_refused_fix_says_which_based_on_puts_it_in_place(
    client, event, era_legal, era_illegal
):
    """Sent again as it was (based_on 1), the list is refused again: the answer names the
    version it must be made from, in its words and its details, for a program to send."""
    event.submit("Pat", era_illegal)
    entry = event.players["Pat"]["entry"]["entry"]
    headers = {"Authorization": f"Bearer {event.players['Pat']['player_token']}"}

    def put(body):
        return client.put(event.url(f"/entries/{entry}"), json=body, headers=headers)

    assert put({"text": era_legal, "based_on": 1}).status_code == 200
    mine = era_illegal + "\n1 Ember Rex\n"
    refused = put({"text": mine, "based_on": 1})
    assert refused.status_code == 409
    error = refused.get_json()["error"]
    assert error["code"] == "list-changed"
    assert "send it again with based_on: 2 to put it in place of version 2" in error["message"]
    assert error["details"] == [{"latest_version": 2, "based_on": 1}]
    assert put({"text": mine, "based_on": 1}).status_code == 409  # as it was: refused again
    stored = put({"text": mine, "based_on": error["details"][0]["latest_version"]})
    assert stored.status_code == 200
    assert stored.get_json()["entry"]["latest"]["version"] == 3


def test_over_the_api_a_fix_from_a_version_never_on_file_names_the_newest(client, event, era_legal):
    event.submit("Pat", era_legal)
    entry = event.players["Pat"]["entry"]["entry"]
    headers = {"Authorization": f"Bearer {event.players['Pat']['player_token']}"}
    answer = client.put(
        event.url(f"/entries/{entry}"),
        json={"text": "3 Ember Rex\n", "based_on": 4},
        headers=headers,
    )
    error = answer.get_json()["error"]
    assert (answer.status_code, error["code"]) == (409, "list-changed")
    assert "send it again with based_on: 1 to put it in place of version 1" in error["message"]
    assert error["details"] == [{"latest_version": 1, "based_on": 4}]


def test_a_stale_fix_after_the_event_closed_is_told_it_closed(client, event, era_legal, clock):
    event.submit("Pat", era_legal)
    private = event.players["Pat"]["private_url"]
    form = page_form(client, private)
    event.resubmit("Pat", era_legal + "\n")
    clock.now = DEADLINE + timedelta(minutes=1)
    answer = client.post(private, data={**form, "decklist": "3 Ember Rex\n"})
    assert answer.status_code == 409
    page = answer.get_data(as_text=True)
    assert "deadline" in page
    assert "send it again" not in page
    assert "3 Ember Rex" in page


def test_a_fix_made_from_a_version_not_on_file_is_refused_and_stores_nothing(
    client, event, era_legal, era_illegal
):
    event.submit("Pat", era_illegal)
    entry = event.players["Pat"]["entry"]["entry"]
    headers = {"Authorization": f"Bearer {event.players['Pat']['player_token']}"}
    answer = client.put(
        event.url(f"/entries/{entry}"), json={"text": era_legal, "based_on": 5}, headers=headers
    )
    assert answer.status_code == 409
    error = answer.get_json()["error"]
    assert error["code"] == "list-changed"
    assert "version 5" in error["message"]
    assert "version 1" in error["message"]
    assert [(e["versions"], e["status"]) for e in event.entries()] == [(1, "not legal")]


def test_a_fix_form_naming_a_version_not_on_file_is_made_anew(client, event, era_legal):
    event.submit("Pat", era_legal)
    private = event.players["Pat"]["private_url"]
    form = {**page_form(client, private), "based_on": "7", "decklist": "3 Ember Rex\n"}
    answer = client.post(private, data=form)
    assert answer.status_code == 409
    page = answer.get_data(as_text=True)
    assert "3 Ember Rex" in page  # what was sent stays on the page
    assert _BASED_ON.search(page).group(1) == "1"  # sent again, it replaces version 1
    assert [e["versions"] for e in event.entries()] == [1]
