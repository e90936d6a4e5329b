"""Names copied out of a spreadsheet come padded with spaces: each is judged by its limit
once its spaces are collapsed, and text far past any name is still refused unread."""

from __future__ import annotations

import pytest

from tests.events.conftest import DEADLINE
from tests.events.test_site import submit_form
from webapp.events import (
    MAX_EVENT_NAME_CHARS,
    MAX_NAME_CHARS,
    MAX_PLAYER_ID_CHARS,
    MAX_TYPED_CHARS,
    InvalidSubmissionError,
    clean_player_id,
    clean_player_name,
)

PAD = " " * 150  # past every limit on its own


def test_a_player_name_padded_past_the_limit_by_spaces_is_submitted_as_its_name(event, era_legal):
    answer = event.submit(f"{PAD}Alice  Smith{PAD}", era_legal, player_id=f"  A-7{PAD}")
    assert answer.status_code == 201, answer.get_data(as_text=True)
    assert answer.get_json()["entry"]["player"] == "Alice Smith"
    assert answer.get_json()["entry"]["player_id"] == "A-7"


def test_players_registered_with_padded_names_and_ids_are_registered_as_typed(client, event):
    players = [{"name": f"{PAD}Bob{PAD}", "player_id": f"{PAD}B-1"}]
    answer = client.post(event.url("/players"), json={"players": players}, headers=event.admin)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert [(e["player"], e["player_id"]) for e in event.entries()] == [("Bob", "B-1")]


def test_an_event_name_padded_past_the_limit_by_spaces_is_the_name(client):
    body = {"name": f"{PAD}Spring  Regionals{PAD}", "game": "era", "deadline": DEADLINE.isoformat()}
    answer = client.post("/api/v1/events", json=body)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    assert answer.get_json()["event"]["name"] == "Spring Regionals"


def test_the_submission_form_takes_a_padded_name(client, event, era_legal):
    answer = submit_form(client, event.id, f"{PAD}Carol{PAD}", era_legal, player_id=f"C-3{PAD}")
    assert answer.status_code in (201, 303), answer.get_data(as_text=True)
    assert [(e["player"], e["player_id"]) for e in event.entries()] == [("Carol", "C-3")]


def test_a_name_too_long_once_its_spaces_are_collapsed_is_still_refused(event, era_legal):
    for player, extra in [
        ("x" * (MAX_NAME_CHARS + 1), {}),
        ("Dora", {"player_id": "9" * (MAX_PLAYER_ID_CHARS + 1)}),
    ]:
        answer = event.submit(f"  {player}  ", era_legal, **extra)
        assert answer.status_code == 422, answer.get_data(as_text=True)


TOO_LONG = "an event name has at most 200 characters"


@pytest.mark.parametrize("chars", [MAX_EVENT_NAME_CHARS + 1, 500])
def test_an_event_name_too_long_once_collapsed_is_refused_naming_the_field(client, chars):
    body = {"name": "x" * chars, "game": "era", "deadline": DEADLINE.isoformat()}
    error = client.post("/api/v1/events", json=body).get_json()["error"]
    assert error == {
        "status": 422,
        "code": "invalid-body",
        "message": "the body is not what this endpoint takes",
        "details": [f"name: {TOO_LONG}"],
    }


def test_an_event_renamed_too_long_is_refused_naming_the_field_as_an_empty_name_is(event):
    def renamed(name: str) -> dict:
        answer = event.client.patch(event.url(), json={"name": name}, headers=event.admin)
        return answer.get_json()["error"]

    assert renamed("x" * 500) == {**renamed(""), "details": [f"name: {TOO_LONG}"]}
    assert event.client.get(event.url()).get_json()["name"] == "Spring Regionals"


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("   ", "an event needs a name"),
        (
            "Spring\u200bRegionals",
            "an event name cannot hold control or invisible characters or lone surrogates"
            " (it holds U+200B)",
        ),
    ],
)
def test_an_event_name_refused_once_read_names_the_field_too(client, name, said):
    body = {"name": name, "game": "era", "deadline": DEADLINE.isoformat()}
    error = client.post("/api/v1/events", json=body).get_json()["error"]
    assert (error["code"], error["details"]) == ("invalid-body", [f"name: {said}"])


@pytest.mark.parametrize("clean", [clean_player_name, clean_player_id])
def test_text_far_past_any_name_is_refused_before_it_is_read(clean):
    with pytest.raises(InvalidSubmissionError):
        clean(" " * MAX_TYPED_CHARS + "Alice")


def test_the_api_refuses_a_name_far_past_any_limit_as_a_body_it_does_not_take(event, era_legal):
    answer = event.submit("Alice" + " " * MAX_TYPED_CHARS, era_legal)
    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"] == "invalid-body"
