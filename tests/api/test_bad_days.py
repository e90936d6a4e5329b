"""A day asked for (``as_of``) that cannot be read: the error says what is wrong with the
day and how a day is written, not that the deck is wrong."""

from __future__ import annotations

import pytest

from tests.api.support import error_of

VALIDATE = "/api/v1/games/era/validate"
EMPTY_DECK = {"sections": {}}


def says_the_day(error: dict, given: str) -> None:
    """The message and the detail name as_of, the value given and the form of a day, and
    never blame the deck."""
    assert "deck" not in error["message"]
    assert "as_of" in error["message"]
    assert given in error["message"]
    assert "YYYY-MM-DD" in error["message"]
    [detail] = error["details"]
    assert detail.startswith("as_of: ")
    assert given in detail
    assert "YYYY-MM-DD" in detail


@pytest.mark.parametrize("value", ["yesterday", "21/05/2024", "2024-5-21x"])
def test_a_day_in_the_json_body_that_is_no_day_is_said_as_such(client, value):
    error = error_of(client.post(VALIDATE, json={**EMPTY_DECK, "as_of": value}), 422)
    assert error["code"] == "invalid-body"
    says_the_day(error, repr(value))
    assert "is not a day" in error["message"]


def test_a_day_the_calendar_has_not_is_said_as_such(client):
    error = error_of(client.post(VALIDATE, json={**EMPTY_DECK, "as_of": "2024-02-30"}), 422)
    says_the_day(error, "'2024-02-30'")
    assert "no day of the calendar" in error["message"]


def test_a_day_given_as_a_number_asks_for_the_text_of_a_day(client):
    error = error_of(client.post(VALIDATE, json={**EMPTY_DECK, "as_of": 20240521}), 422)
    says_the_day(error, "20240521")
    assert '"2024-05-21"' in error["message"]


def test_a_day_in_the_query_string_that_is_no_day_is_said_as_such(client):
    response = client.post(
        VALIDATE, data="", content_type="text/plain", query_string={"as_of": "tomorrow"}
    )
    error = error_of(response, 400)
    assert error["code"] == "invalid-query"
    says_the_day(error, "'tomorrow'")
    assert "query" in error["message"]


def test_a_batch_deck_with_no_day_names_the_deck_and_the_day(client):
    body = {"decks": ["", {**EMPTY_DECK, "as_of": "soon"}]}
    error = error_of(client.post(f"{VALIDATE}/batch", json=body), 422)
    assert error["message"].startswith("decks[1]: as_of")
    assert "'soon'" in error["message"]
    assert "YYYY-MM-DD" in error["message"]


def test_the_fits_filter_says_the_day_too(client):
    body = {**EMPTY_DECK, "cards": ["x"], "as_of": "later"}
    error = error_of(client.post("/api/v1/games/era/fits", json=body), 422)
    says_the_day(error, "'later'")
    assert "body" not in error["message"]


def test_a_long_value_is_shown_cut_short(client):
    error = error_of(client.post(VALIDATE, json={**EMPTY_DECK, "as_of": "x" * 5000}), 422)
    assert len(error["message"]) < 300
    assert "YYYY-MM-DD" in error["message"]


def test_a_bad_day_beside_another_bad_field_says_both(client):
    body = {**EMPTY_DECK, "format": 5, "as_of": "never"}
    error = error_of(client.post(VALIDATE, json=body), 422)
    assert any(d.startswith("as_of: 'never' is not a day") for d in error["details"])
    assert any(d.startswith("format:") for d in error["details"])


def test_a_null_day_is_today(client):
    response = client.post(VALIDATE, json={**EMPTY_DECK, "as_of": None})
    assert response.status_code == 200
    assert response.get_json()["as_of"] is None


def test_a_good_day_is_still_read(client):
    response = client.post(VALIDATE, json={**EMPTY_DECK, "as_of": "2023-01-01"})
    assert response.status_code == 200
    assert response.get_json()["as_of"] == "2023-01-01"


def test_an_event_made_with_no_day_says_the_day(client):
    body = {
        "name": "Spring Regionals",
        "game": "era",
        "as_of": "21.05.2024",
        "deadline": "2030-05-03T09:30:00+02:00",
    }
    error = error_of(client.post("/api/v1/events", json=body), 422)
    says_the_day(error, "'21.05.2024'")


@pytest.mark.parametrize(("value", "said"), [(True, "true"), ({"a": 1}, '{"a": 1}'), ([1], "[1]")])
def test_a_day_that_is_no_text_is_said_as_the_json_sent(client, value, said):
    """The client sent JSON: ``true`` is said as true, not as Python writes it."""
    error = error_of(client.post(VALIDATE, json={**EMPTY_DECK, "as_of": value}), 422)
    assert error["message"].startswith(f"as_of: {said} is not a day")


def test_digits_of_another_script_are_not_a_day_in_the_form_asked(client):
    """Arabic-Indic or full-width digits are no day written as YYYY-MM-DD: not a day of the
    calendar that does not exist."""
    for value in ("٢٠٢٤-٠٥-٢١", "２０２４-０５-２１"):
        error = error_of(client.post(VALIDATE, json={**EMPTY_DECK, "as_of": value}), 422)
        assert "is not a day: give the day as YYYY-MM-DD" in error["message"]
