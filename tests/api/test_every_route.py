"""Every API route, asked with every method and with hostile values in its address, answers
in the one JSON error shape when it refuses, and never with a 5xx (the fuzzing of all
operations, kept as a test: a new route is covered as soon as it exists)."""

from __future__ import annotations

import re

import pytest

METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]
# Path values: the real one, bytes that are no UTF-8, a NUL, a surrogate's bytes, a number
# past 64 bits, a dot segment, a long one.
HOSTILE = ["%FF%FE", "%00", "%ED%A0%80", "9" * 30, "..%2F..", "x" * 3000]
# Bodies the API may meet at any route: JSON it refuses, and JSON a deck route reads.
BODIES = [
    (b'{"a": 1, "a": 2}', "application/json"),
    (b"[" * 5000 + b"]" * 5000, "application/json"),
    (b'{"sections": {"deck": [{"card": "Kindle", "count": -2.5}]}}', "application/json"),
    (b"\xff\xfe3\x00 \x00K\x00", "text/plain"),
]


@pytest.fixture
def real(client):
    """Values of every path parameter that name things that exist."""
    made = client.post(
        "/api/v1/events",
        json={"name": "Cup", "game": "era", "deadline": "2099-01-01T00:00:00Z"},
    ).get_json()
    event, token = made["event"]["id"], made["admin_token"]
    deck = client.post(
        "/api/v1/decks", json={"game": "era", "name": "D", "text": "Dinos:\n1 Ember Rex\n"}
    ).get_json()["id"]
    entry = client.post(
        f"/api/v1/events/{event}/entries", json={"player": "Ann", "text": "1 Ember Rex"}
    ).get_json()["entry"]["entry"]
    values = {
        "game_id": "era",
        "card_id": "era-ember-rex",
        "deck_id": deck,
        "event_id": event,
        "entry_id": entry,
    }
    return values, {"Authorization": f"Bearer {token}"}


def api_rules(app) -> list[str]:
    return sorted({r.rule for r in app.url_map.iter_rules() if r.rule.startswith("/api/")})


def address(rule: str, values: dict, hostile: str | None = None) -> str:
    def value(match: re.Match) -> str:
        return hostile if hostile is not None else values.get(match[1], "x")

    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", value, rule)


def assert_answered(response, method: str) -> None:
    assert response.status_code < 500, response.get_data(as_text=True)[:300]
    body = response.get_data(as_text=True)
    assert "Traceback" not in body
    if response.status_code >= 400 and method != "HEAD":
        assert response.mimetype == "application/json", body[:300]
        assert set(response.get_json()["error"]) == {"status", "code", "message", "details"}


def test_every_api_route_answers_every_method(app, client, real):
    values, auth = real
    for rule in api_rules(app):
        for method in METHODS:
            response = client.open(address(rule, values), method=method, headers=auth)
            assert_answered(response, method)


def test_every_api_route_refuses_hostile_values_in_its_address_in_json(app, client, real):
    values, auth = real
    for rule in api_rules(app):
        if "<" not in rule:
            continue
        for hostile in HOSTILE:
            for method in ("GET", "POST", "HEAD"):
                response = client.open(address(rule, values, hostile), method=method, headers=auth)
                assert_answered(response, method)


def test_every_api_route_that_reads_a_body_refuses_a_hostile_one_in_json(app, client, real):
    values, auth = real
    for rule in api_rules(app):
        methods = {m for r in app.url_map.iter_rules() if r.rule == rule for m in r.methods}
        for method in methods & {"POST", "PUT"}:
            for body, media_type in BODIES:
                response = client.open(
                    address(rule, values),
                    method=method,
                    data=body,
                    content_type=media_type,
                    headers=auth,
                )
                assert_answered(response, method)


def test_repeated_query_parameters_and_a_method_override_change_nothing(app, client, real):
    values, auth = real
    for rule in api_rules(app):
        target = address(rule, values) + "?format=standard&format=open&page=1&page=2"
        response = client.get(target, headers={**auth, "X-HTTP-Method-Override": "DELETE"})
        assert_answered(response, "GET")
    # No route is deleted or changed by an override: the deck is still there.
    assert client.get(f"/api/v1/decks/{values['deck_id']}").status_code == 200
