"""The API over real HTTP: gunicorn with its workers, started as the README starts it."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

pytestmark = pytest.mark.server


def call(base_url, method, path, body=None, content_type="application/json"):
    """(status, headers, body text) of one request; error statuses are answers too."""
    data = None
    if body is not None:
        data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
    request = urllib.request.Request(f"{base_url}{path}", data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.headers, error.read().decode()


def call_json(base_url, method, path, body=None, content_type="application/json"):
    status, headers, text = call(base_url, method, path, body, content_type)
    assert headers.get_content_type() == "application/json", text
    return status, json.loads(text)


def test_a_text_decklist_is_validated_over_http(live_server, example):
    status, answer = call_json(
        live_server, "POST", "/api/v1/games/era/validate", example("era-illegal"), "text/plain"
    )
    assert status == 200
    assert answer["legal"] is False
    unknown = next(p for p in answer["problems"] if p["rule"] == "decklist-unknown-card")
    assert unknown["suggestions"] == ["Ember Rex"]
    assert answer["formats"]["standard"]["legal"] is False


def test_a_batch_is_validated_over_http(live_server, example):
    body = {"decks": [example("shadow-era-legal"), example("shadow-era-illegal")]}
    status, answer = call_json(live_server, "POST", "/api/v1/games/shadow-era/validate/batch", body)
    assert status == 200
    assert [r["legal"] for r in answer["results"]] == [True, False]


def test_a_deck_saved_over_http_is_read_back_by_any_worker(live_server, example):
    body = {"game": "ryft", "name": "Over the wire", "text": example("ryft-legal")}
    status, saved = call_json(live_server, "POST", "/api/v1/decks", body)
    assert status == 201
    # The key that claims it is in the answer to its save alone.
    assert len(saved.pop("claim_key")) >= 40
    # Several reads: with two workers, both must find the deck in the shared file.
    for _ in range(6):
        status, again = call_json(live_server, "GET", f"/api/v1/decks/{saved['id']}")
        assert (status, again) == (200, saved)
    status, headers, text = call(live_server, "GET", f"/api/v1/decks/{saved['id']}.txt")
    assert status == 200
    assert headers.get_content_type() == "text/plain"
    assert text == saved["text"]


def test_errors_over_http_are_json(live_server):
    status, answer = call_json(live_server, "GET", "/api/v1/games/magic")
    assert (status, answer["error"]["code"]) == (404, "unknown-game")
    status, answer = call_json(live_server, "POST", "/api/v1/decks", "{nope")
    assert (status, answer["error"]["code"]) == (400, "malformed-json")
    status, answer = call_json(live_server, "PUT", "/api/v1/games")
    assert (status, answer["error"]["code"]) == (405, "method-not-allowed")
    big = "1 Ember Rex\n" * 60_000
    status, answer = call_json(live_server, "POST", "/api/v1/games/era/validate", big, "text/plain")
    assert (status, answer["error"]["code"]) == (413, "request-entity-too-large")


def test_concurrent_searches_and_saves_all_succeed(live_server):
    def search(i):
        return call(live_server, "GET", f"/api/v1/games/shadow-era/cards?q=a&page={i % 3 + 1}")[0]

    def save(i):
        body = {"game": "era", "name": f"deck {i}", "text": "1 Ember Rex"}
        return call(live_server, "POST", "/api/v1/decks", body)[0]

    with ThreadPoolExecutor(max_workers=8) as pool:
        statuses = list(pool.map(search, range(16))) + list(pool.map(save, range(16)))
    assert statuses == [200] * 16 + [201] * 16
