"""Answers encoded by orjson say exactly what the standard encoder said, and never fail."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, date, datetime

from flask import jsonify


@dataclass
class Pair:
    left: int
    right: str


def answer(app, value):
    with app.test_request_context():
        return jsonify(value)


def test_an_answer_is_the_same_json_value_the_standard_encoder_gives(app):
    value = {"z": 1, "a": [1.5, None, True], "name": "Ignis Spéculum", "nested": {"2": "two"}}
    body = answer(app, value).get_data()
    assert json.loads(body) == value
    assert body.endswith(b"\n")
    # Keys keep the order the answer was built in; text is sent as UTF-8.
    assert body.startswith(b'{"z":1,"a":')
    assert "Spéculum".encode() in body


def test_dates_and_dataclasses_are_written_as_flask_writes_them(app):
    value = {"day": date(2026, 11, 23), "at": datetime(2026, 11, 23, 9, 30, tzinfo=UTC)}
    value["pair"] = Pair(1, "x")
    assert json.loads(answer(app, value).get_data()) == {
        "day": "Mon, 23 Nov 2026 00:00:00 GMT",
        "at": "Mon, 23 Nov 2026 09:30:00 GMT",
        "pair": {"left": 1, "right": "x"},
    }


def test_what_orjson_refuses_is_encoded_by_the_standard_library(app):
    # A lone surrogate is not UTF-8 and an integer past 64 bits is past orjson: neither
    # may turn an answer into a server error.
    value = {"text": "a\ud800b", "big": 2**70, 1: "integer key"}
    body = answer(app, value).get_data()
    assert body == b'{"text":"a\\ud800b","big":1180591620717411303424,"1":"integer key"}\n'


def test_a_debugging_server_indents_its_answers(app):
    app.debug = True
    assert answer(app, {"a": [1]}).get_data() == b'{\n  "a": [\n    1\n  ]\n}\n'


def test_templates_and_helpers_that_ask_for_options_get_them(app):
    with app.app_context():
        assert app.json.dumps({"b": 1, "a": 2}, sort_keys=True) == '{"a": 2, "b": 1}'
        assert app.json.dumps({"b": 1}) == '{"b":1}'
