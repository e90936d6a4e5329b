"""An event's deadline, as an organizer's client writes it: a calendar date and a time, as
RFC 3339 writes a moment (the OpenAPI document's date-time), and without an offset, UTC. The
other ways ISO 8601 writes a day (a week, a day alone) are refused naming the form to write,
not read as a moment no one meant."""

from __future__ import annotations

import re

import pytest

from tests.api.support import error_of
from tests.events.conftest import csrf_of

BODY = {"name": "Spring Cup", "game": "era"}
TO_WRITE = (
    "give a calendar date and a time as RFC 3339 writes them, e.g. 2030-05-03T18:00:00Z or"
    " 2030-05-03T20:00:00+02:00 (without an offset, the time is UTC)"
)


@pytest.mark.parametrize(
    ("sent", "deadline"),
    [
        ("2030-05-03T18:00:00Z", "2030-05-03T18:00:00+00:00"),
        ("2030-05-03t18:00:00z", "2030-05-03T18:00:00+00:00"),
        ("2030-05-03T20:00:00+02:00", "2030-05-03T18:00:00+00:00"),
        ("2030-05-03 20:00:00+02:00", "2030-05-03T18:00:00+00:00"),
        ("2030-05-03T13:30:00.250-04:30", "2030-05-03T18:00:00.250000+00:00"),
        # Without an offset, UTC; seconds may be left out, as a browser's date and time
        # field writes them.
        ("2030-05-03T18:00:00", "2030-05-03T18:00:00+00:00"),
        ("2030-05-03T18:00", "2030-05-03T18:00:00+00:00"),
    ],
)
def test_a_deadline_written_as_rfc_3339_is_that_moment(client, sent, deadline):
    made = client.post("/api/v1/events", json={**BODY, "deadline": sent})
    assert made.status_code == 201, made.get_data(as_text=True)
    assert made.get_json()["event"]["deadline"] == deadline


@pytest.mark.parametrize(
    ("sent", "said"),
    [
        # A week of the year: Python read it as its Monday's first moment, 2098-12-29.
        ("2099-W01", f"deadline: '2099-W01' is a week, not a moment: {TO_WRITE}"),
        ("2099-W01-3", f"deadline: '2099-W01-3' is a week's day, not a moment: {TO_WRITE}"),
        ("2030-123", f"deadline: '2030-123' is not a moment: {TO_WRITE}"),
        ("20300503T180000Z", f"deadline: '20300503T180000Z' is not a moment: {TO_WRITE}"),
        ("2030-05-03T18", f"deadline: '2030-05-03T18' is not a moment: {TO_WRITE}"),
        ("2030-05-03T25:00:00Z", f"deadline: '2030-05-03T25:00:00Z' is not a moment: {TO_WRITE}"),
        ("2030-05-03 6pm", f"deadline: '2030-05-03 6pm' is not a moment: {TO_WRITE}"),
        (1893456000, f"deadline: 1893456000 is not a moment: {TO_WRITE}"),
        # A day alone was its first moment, midnight UTC: submissions closed a day early.
        (
            "2030-05-03",
            "deadline: '2030-05-03' is a day, not a moment: give the time submissions close"
            " too, e.g. 2030-05-03T18:00:00Z (without an offset, the time is UTC)",
        ),
    ],
)
def test_a_deadline_written_another_way_is_refused_saying_how_to_write_it(client, sent, said):
    refused = client.post("/api/v1/events", json={**BODY, "deadline": sent})
    assert error_of(refused, 422)["details"] == [said]


def test_the_openapi_document_says_how_a_deadline_is_written(client):
    document = client.get("/api/v1/openapi.json").get_json()
    deadline = document["components"]["schemas"]["EventBody"]["properties"]["deadline"]
    assert deadline["type"] == "string"
    assert deadline["format"] == "date-time"
    assert deadline["example"] == "2030-05-03T18:00:00Z"
    assert "without an offset, the time is UTC" in deadline["description"]
    assert "2099-W01" in deadline["description"]
    pattern = re.compile(deadline["pattern"])
    for taken in ("2030-05-03T18:00:00Z", "2030-05-03T18:00", "2030-05-03 20:00:00.5+02:00"):
        assert pattern.search(taken), taken
    for refused in ("2099-W01", "2030-05-03", "20300503T180000Z", "2030-05-03T18"):
        assert not pattern.search(refused), refused


def test_the_form_refuses_a_day_without_a_time(client):
    # Where a browser has no date and time field, the organizer types the deadline.
    form = client.get("/events/new").get_data(as_text=True)
    response = client.post(
        "/events/new",
        data={
            "csrf_token": csrf_of(form),
            "name": "Typed Cup",
            "game": "era",
            "deadline": "2030-05-03",
        },
    )
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Give the deadline as a date and a time (2030-05-03T18:00)." in page
    assert 'value="Typed Cup"' in page
