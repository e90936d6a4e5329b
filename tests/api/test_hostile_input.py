"""Hostile or broken input is refused at the edge in the one error shape, never a 500,
never silently changed, and no request can make unbounded work (the test client;
tests/api/test_hostile_live.py sends the same over real HTTP to gunicorn)."""

from __future__ import annotations

import gzip
import io
import json
import re
from datetime import UTC, datetime, timedelta

import pytest

from tests.api.support import error_of, make_app

VALIDATE = "/api/v1/games/era/validate"
FORM = "application/x-www-form-urlencoded"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def post_json_text(client, path: str, text: str | bytes, **kwargs):
    """A JSON body sent exactly as written (escapes such as \\ud800 kept as text)."""
    return client.post(path, data=text, content_type="application/json", **kwargs)


def new_event(client) -> str:
    deadline = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    answer = client.post(
        "/api/v1/events", json={"name": "Cup", "game": "era", "deadline": deadline}
    )
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()["event"]["id"]


# -- text that is not Unicode -------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        r'{"sections": {"\ud800": [{"card": "Ember Rex", "count": 1}]}}',
        r'{"sections": {"dinos": [{"card": "Ember \udc00Rex", "count": 1}]}}',
        r'{"name": "\udfff", "sections": {"dinos": ["Ember Rex"]}}',
    ],
)
def test_a_lone_surrogate_anywhere_in_a_json_deck_is_refused(client, body):
    error = error_of(post_json_text(client, VALIDATE, body), 400)
    assert error["code"] == "invalid-text"


def test_a_lone_surrogate_in_an_event_submission_is_refused_before_it_is_stored(client):
    event_id = new_event(client)
    entries = f"/api/v1/events/{event_id}/entries"
    for body in (
        r'{"player": "M", "deck": {"sections": {"\ud800": [{"card": "Ember Rex", "count": 1}]}}}',
        r'{"player": "S", "text": "1 \udc00x"}',
        r'{"player": "\ud800", "text": "1 Ember Rex"}',
    ):
        error = error_of(post_json_text(client, entries, body), 400)
        assert error["code"] == "invalid-text"
    assert client.get(f"/events/{event_id}").status_code == 200


def test_a_surrogate_pair_is_one_character_and_welcome(client):
    answer = post_json_text(client, VALIDATE, r'{"name": "\ud83e\udd96 Rex", "sections": {}}')
    assert answer.status_code == 200
    assert answer.get_json()["deck"]["name"] == "\U0001f996 Rex"


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("text/plain", b"\xff\xfe\x00garbage"),
        ("text/plain; charset=utf-8", b"1 Ember Rex\n1 Fire \xc3("),
        ("application/json", b'{"sections": {"dinos": ["\xff"]}}'),
    ],
)
def test_a_body_that_is_not_utf8_is_refused_not_replaced(client, content_type, body):
    error = error_of(client.post(VALIDATE, data=body, content_type=content_type), 400)
    assert error["code"] == "invalid-text"


def test_utf16_text_without_its_mark_is_refused_saying_so_not_read_as_unknown_cards(client):
    """UTF-16 without its byte order mark is valid UTF-8 with a NUL byte beside every
    letter: it was read as a list of unknown cards ('3\\x00 \\x00E...') and judged."""
    body = "3 Ember Rex\n3 Kindle".encode("utf-16-le")
    error = error_of(client.post(VALIDATE, data=body, content_type="text/plain"), 400)
    assert error["code"] == "invalid-text"
    assert "NUL" in error["message"]
    assert "UTF-16" in error["message"]
    saved = client.post("/api/v1/decks", json={"game": "era", "name": "x", "text": "3 Ember Rex"})
    assert saved.status_code == 201
    token = CSRF.search(client.get("/validate").get_data(as_text=True)).group(1)
    form = f"csrf_token={token}&game=era&decklist=3%00Ember%00Rex".encode()
    assert client.post("/validate", data=form, content_type=FORM).status_code == 400


def test_a_player_named_by_an_invalid_byte_is_refused(client):
    event_id = new_event(client)
    body = b'{"player": "\xff", "text": "1 Ember Rex"}'
    answer = client.post(
        f"/api/v1/events/{event_id}/entries", data=body, content_type="application/json"
    )
    assert error_of(answer, 400)["code"] == "invalid-text"


@pytest.mark.parametrize(
    "form",
    [
        b"game=era&decklist=1%20Ember%20Rex%0A%FF%FE",  # percent-encoded bytes
        b"game=era&decklist=1 Ember Rex\xff",  # raw bytes
        b"game=era&decklist=%ED%A0%80",  # a surrogate, as UTF-8 cannot hold one
    ],
)
def test_a_form_post_that_is_not_utf8_is_refused(client, form):
    answer = client.post("/validate", data=form, content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 400
    assert "not valid UTF-8" in answer.get_data(as_text=True)


def test_a_multipart_form_field_that_is_not_utf8_is_refused(client):
    body = (
        b'--B\r\nContent-Disposition: form-data; name="game"\r\n\r\nera\r\n'
        b'--B\r\nContent-Disposition: form-data; name="decklist"\r\n\r\n1 Ember\xff\r\n'
        b"--B--\r\n"
    )
    answer = client.post("/validate", data=body, content_type="multipart/form-data; boundary=B")
    assert answer.status_code == 400
    assert "not valid UTF-8" in answer.get_data(as_text=True)


def test_an_address_that_is_not_utf8_is_refused(client):
    error = error_of(client.get("/api/v1/games/era/cards?q=%FF%FE"), 400)
    assert error["code"] == "invalid-text"


# -- 500s that were: depth, long numbers, huge pages ---------------------------------------


@pytest.mark.parametrize("depth", [40, 1_000, 100_000])
def test_json_nested_deeper_than_any_body_needs_is_a_400(client, depth):
    body = '{"sections": {"dinos": ' + "[" * depth + "]" * depth + "}}"
    error = error_of(post_json_text(client, VALIDATE, body), 400)
    assert error["code"] == "json-too-deep"


def test_a_key_named_twice_in_one_json_object_is_a_400_not_half_the_deck(client):
    """JSON readers keep the last of two equal keys: a deck edited by hand with two "dinos"
    lists was validated with the second alone, its first cards dropped without a word."""
    body = (
        '{"sections": {"dinos": [{"card": "Ember Rex", "count": 3}],'
        ' "dinos": [{"card": "Kindle", "count": 3}]}}'
    )
    error = error_of(post_json_text(client, VALIDATE, body), 400)
    assert error["code"] == "duplicate-key"
    assert "'dinos'" in error["message"]
    assert error["details"] == [{"key": "dinos"}]
    event_id = new_event(client)
    twice = '{"player": "Ann", "player": "Bob", "text": "3 Ember Rex"}'
    answer = post_json_text(client, f"/api/v1/events/{event_id}/entries", twice)
    assert error_of(answer, 400)["code"] == "duplicate-key"
    # Equal keys in different objects are no repetition.
    fine = '{"sections": {"dinos": [{"card": "Ember Rex", "count": 3}, {"card": "Kindle"}]}}'
    assert post_json_text(client, VALIDATE, fine).status_code == 200


def test_a_json_count_of_5000_digits_is_a_400(client):
    body = '{"sections": {"dinos": [{"card": "Ember Rex", "count": ' + "9" * 5000 + "}]}}"
    error = error_of(post_json_text(client, VALIDATE, body), 400)
    assert error["code"] == "number-too-large"


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_json_constants_that_are_not_numbers_are_refused(client, constant):
    body = '{"sections": {"dinos": [{"card": "Ember Rex", "count": ' + constant + "}]}}"
    assert error_of(post_json_text(client, VALIDATE, body), 400)["code"] == "malformed-json"


def test_a_text_count_of_5000_digits_is_a_problem_of_its_line(client):
    answer = client.post(VALIDATE, data="9" * 5000 + " Ember Rex", content_type="text/plain")
    assert answer.status_code == 200
    (problem,) = [p for p in answer.get_json()["problems"] if p["lines"] == [1]]
    assert problem["message"] == (
        "Line 1: a count of 19 digits or more is more copies of Ember Rex than a line may hold"
        " (1 to 999)"
    )


@pytest.mark.parametrize("page", ["99999999999999999999", "9" * 5000, "100001", "0"])
def test_a_page_past_any_search_is_a_400_on_the_api_and_the_cards_page(client, page):
    error = error_of(client.get(f"/api/v1/games/era/cards?page={page}"), 400)
    assert error["code"] == "bad-search"
    assert client.get(f"/games/era/cards?page={page}").status_code == 400


def test_a_range_bound_past_any_card_is_a_400(client):
    error = error_of(client.get("/api/v1/games/era/cards?cost_min=99999999999999999999"), 400)
    assert "cost_min" in error["message"]


# -- bodies in chunks ----------------------------------------------------------------------


def chunked(client, path: str, body: bytes, content_type: str):
    """A body with no Content-Length, as a server reading chunked encoding passes it on."""
    return client.post(
        path,
        input_stream=io.BytesIO(body),
        content_type=content_type,
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )


def test_a_chunked_body_over_the_limit_is_a_413_not_a_cut_list(app, client):
    limit = app.config["MAX_CONTENT_LENGTH"]
    body = b"1 Ember Rex\n" * (limit // 12 + 10)
    error = error_of(chunked(client, VALIDATE, body, "text/plain"), 413)
    assert error["code"] == "request-entity-too-large"


def test_a_chunked_body_within_the_limit_is_read_whole(client):
    body = b"Dinos:\n" + b"1 Ember Rex\n" * 3
    answer = chunked(client, VALIDATE, body, "text/plain")
    assert answer.status_code == 200
    assert answer.get_json()["summary"]["total"] == 3


def test_a_chunked_json_body_over_the_limit_is_a_413(app, client):
    limit = app.config["MAX_CONTENT_LENGTH"]
    body = json.dumps({"game": "era", "name": "x", "text": "1 Ember Rex\n" * (limit // 12)})
    assert len(body) > limit
    answer = chunked(client, "/api/v1/decks", body.encode(), "application/json")
    error_of(answer, 413)


# -- bodies of a stated length ------------------------------------------------------------


def test_a_body_shorter_than_its_content_length_is_a_400_not_a_cut_list(client):
    body = b"Dinos:\n1 Ember Rex\n"
    answer = client.post(
        VALIDATE,
        input_stream=io.BytesIO(body),
        content_type="text/plain",
        environ_overrides={"CONTENT_LENGTH": str(len(body) + 40)},
    )
    error = error_of(answer, 400)
    assert error["code"] == "bad-request"


def test_a_stated_length_over_the_limit_is_a_413_before_the_body_is_read(app, client):
    limit = app.config["MAX_CONTENT_LENGTH"]
    answer = client.post(
        VALIDATE,
        input_stream=io.BytesIO(b"1 Ember Rex\n"),
        content_type="text/plain",
        environ_overrides={"CONTENT_LENGTH": str(limit + 1)},
    )
    assert error_of(answer, 413)["code"] == "request-entity-too-large"


@pytest.mark.parametrize(
    "content_type", ["Text/Plain; Charset=UTF-8", " text/plain ;charset=utf-8"]
)
def test_a_media_type_is_read_whatever_its_case_and_spacing(client, content_type):
    body = b"Dinos:\n1 Ember Rex\n"
    answer = client.post(VALIDATE, data=body, headers={"Content-Type": content_type})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.get_json()["summary"]["total"] == 1


# -- the work of one request is bounded ----------------------------------------------------


def post_text(client, text: str):
    return client.post(VALIDATE, data=text, content_type="text/plain")


def unknown_lines(count: int) -> str:
    return "".join(f"1 Nocard {n}\n" for n in range(count))


def test_a_decklist_over_the_line_limit_is_refused_whole(client):
    error = error_of(post_text(client, unknown_lines(1001)), 413)
    assert error["code"] == "decklist-too-long"
    assert error["details"] == [{"lines": 1001, "limit": 1000}]
    assert post_text(client, unknown_lines(1000)).status_code == 200


def test_a_json_deck_over_the_line_limit_is_refused_whole(client):
    deck = {"sections": {"dinos": [{"card": f"Nocard {n}", "count": 1} for n in range(1001)]}}
    assert error_of(client.post(VALIDATE, json=deck), 413)["code"] == "decklist-too-long"


def test_a_saved_deck_and_an_event_list_have_the_same_line_limit(client):
    body = {"game": "era", "name": "Long", "text": unknown_lines(1001)}
    assert error_of(client.post("/api/v1/decks", json=body), 413)["code"] == "decklist-too-long"
    event_id = new_event(client)
    answer = client.post(
        f"/api/v1/events/{event_id}/entries", json={"player": "Al", "text": unknown_lines(1001)}
    )
    assert error_of(answer, 413)["code"] == "decklist-too-long"


def test_the_line_limit_is_a_setting(tmp_path, library):
    app = make_app(tmp_path, MAX_DECKLIST_LINES=5)
    app.extensions["deckwright.pools"] = library
    client = app.test_client()
    assert post_text(client, unknown_lines(5)).status_code == 200
    error_of(post_text(client, unknown_lines(6)), 413)
    token = CSRF.search(client.get("/validate").get_data(as_text=True)).group(1)
    form = {"game": "era", "decklist": unknown_lines(6), "csrf_token": token}
    page = client.post("/validate", data=form)
    assert page.status_code == 413
    assert "at most 5 lines" in page.get_data(as_text=True)


def test_a_batch_has_a_limit_of_lines_in_all(client):
    decks = [unknown_lines(900)] * 12
    error = error_of(client.post(VALIDATE + "/batch", json={"decks": decks}), 413)
    assert error["code"] == "batch-too-long"


def test_a_long_list_reports_its_first_problems_and_counts_the_rest(client):
    answer = post_text(client, unknown_lines(250))
    verdict = answer.get_json()
    counts = verdict["formats"][verdict["format"]]
    assert counts["errors"] >= 250
    assert len(verdict["problems"]) == 100
    assert verdict["more_problems"] == counts["errors"] + counts["warnings"] - 100
    assert all(len(p["suggestions"]) <= 3 for p in verdict["problems"])


def test_a_short_list_reports_every_problem(client, example):
    answer = client.post(VALIDATE, data=example("era-illegal"), content_type="text/plain")
    verdict = answer.get_json()
    assert verdict["more_problems"] == 0
    assert verdict["problems"]


def test_a_body_sent_compressed_is_a_415_saying_so_not_text_that_is_not_utf8(client):
    body = gzip.compress(json.dumps({"cards": [{"card": "Kindle", "count": 3}]}).encode())
    response = client.post(
        "/api/v1/games/era/validate",
        data=body,
        content_type="application/json",
        headers={"Content-Encoding": "gzip"},
    )
    error = error_of(response, 415)
    assert error["code"] == "unsupported-content-encoding"
    assert error["message"] == (
        "the body is sent with Content-Encoding: gzip; send it uncompressed"
    )


def test_a_content_encoding_of_identity_or_on_no_body_changes_nothing(client):
    answer = client.post(
        "/api/v1/games/era/validate",
        data="1 Kindle",
        content_type="text/plain",
        headers={"Content-Encoding": "identity"},
    )
    assert answer.status_code == 200
    assert client.get("/api/v1/games", headers={"Content-Encoding": "gzip"}).status_code == 200


def test_a_json_body_saved_with_a_byte_order_mark_is_read_as_its_json(client):
    # Notepad (before 2019) and PowerShell 5's Set-Content -Encoding UTF8 save a UTF-8 BOM:
    # `curl --data @deck.json` then sent it, refused in Python's words ("Unexpected UTF-8
    # BOM (decode using utf-8-sig)"). RFC 8259 lets a reader ignore it; the JSON is the same.
    deck = {"sections": {"deck": [{"card": "Kindle", "count": 3}]}}
    plain = client.post(VALIDATE, data=json.dumps(deck), content_type="application/json")
    marked = client.post(
        VALIDATE, data="\ufeff" + json.dumps(deck), content_type="application/json"
    )
    assert marked.status_code == plain.status_code == 200, marked.get_data(as_text=True)
    assert marked.get_json() == plain.get_json()
    # Only the one mark a file starts with: a second is no JSON.
    twice = client.post(VALIDATE, data="\ufeff\ufeff{}", content_type="application/json")
    assert error_of(twice, 400)["code"] == "malformed-json"


@pytest.mark.parametrize(
    ("charset", "codec"),
    [("windows-1252", "cp1252"), ("ISO-8859-1", "cp1252"), ("utf-16", "utf-16")],
)
def test_a_text_list_is_read_in_the_charset_its_content_type_declares(client, charset, codec):
    # Declared and ignored, "Renée’s Card" in Windows-1252 was refused as "not valid UTF-8
    # text", as if the charset had not been said. ISO-8859-1 is read as browsers read it.
    body = "3 Kindle\n1 Renée’s Card\n".encode(codec)
    answer = client.post(VALIDATE, data=body, content_type=f"text/plain; charset={charset}")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    messages = [p["message"] for p in answer.get_json()["problems"]]
    assert any("Renée’s Card" in message for message in messages), messages


def test_text_not_in_the_charset_it_declares_is_refused_naming_that_charset(client):
    answer = client.post(
        VALIDATE, data=b"1 Kindle\x81\n", content_type="text/plain; charset=windows-1252"
    )
    error = error_of(answer, 400)
    assert error["message"] == "the body is not valid windows-1252 text, the charset it declares"
    # A charset no server reads text in is not taken at its word: the body is read as UTF-8.
    odd = client.post(VALIDATE, data=b"3 Kindle\n", content_type="text/plain; charset=base64")
    assert odd.status_code == 200


@pytest.mark.parametrize(
    ("charset", "codec"),
    [("latin-1", "cp1252"), ("l1", "cp1252"), ("ascii", "cp1252"), ("utf-16le", "utf-16-le")],
)
def test_a_charset_declared_by_another_of_its_names_is_read_in_it(client, charset, codec):
    # 'latin-1' (Python's name for ISO-8859-1) was not taken for it: "Renée’s" sent so was
    # refused as "not valid UTF-8 text", a charset the client had not declared.
    body = "3 Kindle\n1 Renée’s Card\n".encode(codec)
    answer = client.post(VALIDATE, data=body, content_type=f"text/plain; charset={charset}")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    messages = [p["message"] for p in answer.get_json()["problems"]]
    assert any("Renée’s Card" in message for message in messages), messages


@pytest.mark.parametrize(
    "content_type",
    [
        'text/plain; charset="windows-1252"',
        "text/plain;charset=Windows-1252",
        "TEXT/PLAIN; format=flowed; CHARSET=windows-1252",
    ],
)
def test_a_charset_is_read_however_its_content_type_is_written(client, content_type):
    # Quoted, in capitals or after another parameter, the charset is the one
    # declared, each time a client sends the header so (it is read once per header).
    body = "3 Kindle\n1 Renée’s Card\n".encode("cp1252")
    for _ in range(2):
        answer = client.post(VALIDATE, data=body, content_type=content_type)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        messages = [p["message"] for p in answer.get_json()["problems"]]
        assert any("Renée’s Card" in message for message in messages), messages


def test_text_in_a_charset_not_read_here_is_refused_naming_it(client):
    # "the body is not valid UTF-8 text" sent a client that had declared Shift_JIS looking
    # for a UTF-8 it never claimed.
    body = "3 Kindle\n1 ドラゴン\n".encode("shift_jis")
    answer = client.post(VALIDATE, data=body, content_type="text/plain; charset=Shift_JIS")
    error = error_of(answer, 400)
    assert error["code"] == "invalid-text"
    assert error["message"] == (
        "the body is in Shift_JIS, the charset it declares, which is not read here: send it as"
        " UTF-8 (windows-1252, ISO-8859-1 and UTF-16 are read too)"
    )


def test_json_declared_in_another_charset_is_told_json_is_utf8(client):
    # "the body is not valid UTF-8 text" left a client that had declared charset=utf-16
    # wondering why its charset was not read: JSON is UTF-8 whatever it declares (RFC 8259).
    body = json.dumps({"sections": {"deck": [{"card": "Kindle", "count": 3}]}}).encode("utf-16")
    answer = client.post(VALIDATE, data=body, content_type="application/json; charset=utf-16")
    error = error_of(answer, 400)
    assert error["message"] == (
        "the body is not valid UTF-8 text: JSON is read as UTF-8 whatever charset it declares"
        " (utf-16 here), as RFC 8259 has it; send it as UTF-8"
    )
