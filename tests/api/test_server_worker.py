"""gunicorn's worker for the site (webapp/server.py): which requests it answers in JSON, and
with what (tests/api/test_hostile_live.py sends gunicorn's refusals over real HTTP)."""

from __future__ import annotations

import json

import pytest
from gunicorn.config import Config
from gunicorn.http import errors

from webapp.server import is_api_target, json_error, refusal


@pytest.mark.parametrize(
    ("start", "api"),
    [
        (b"GET /api/v1/games HTTP/1.1\r\n", True),
        (b"\r\nPOST /api/v1/decks HTTP/1.1\r\n", True),
        (b"GET http://decks.example.org/api/v1/games?q=", True),
        (b"GET /apiary HTTP/1.1\r\n", False),
        (b"GET /cards?q=/api/ HTTP/1.1\r\n", False),
        (b"GET /ap", False),  # too little read to tell: gunicorn's own page
        # A method gunicorn refuses is still a request under /api/: a byte no method holds,
        # or more than its 20 characters.
        (b"G\x00T /api/v1/games HTTP/1.1\r\n", True),
        (b"A" * 21 + b" /api/v1/games HTTP/1.1\r\n", True),
        (b"A" * 3000 + b" /api/v1/games HTTP/1.1\r\n", True),
        (b"G\x00T /apiary HTTP/1.1\r\n", False),
        (b"", False),
    ],
)
def test_a_request_is_under_the_api_by_its_first_bytes(start, api):
    assert is_api_target(start) is api


def test_a_header_the_app_tried_to_send_is_the_servers_fault_not_the_clients():
    status, message, details = refusal(errors.InvalidResponseHeader("X-Bad"), Config())
    assert (status, details) == (500, [])
    assert message == "the server failed to answer this request; nothing was changed by it"


def test_the_limits_named_are_the_ones_gunicorn_applies():
    config = Config()
    config.set("limit_request_line", 0)  # "unlimited" is gunicorn's bound of 8190 bytes
    config.set("limit_request_fields", 50)
    assert refusal(errors.LimitRequestLine(9000, 8190), config)[2] == [{"max_bytes": 8190}]
    assert refusal(errors.LimitRequestHeaders("too many"), config)[2] == [
        {"max_headers": 50, "max_header_bytes": 8190}
    ]


def test_the_answer_is_whole_http_in_the_one_error_shape():
    answer = json_error(431, "too large", [{"max_headers": 100}])
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    assert lines[0] == "HTTP/1.1 431 Request Header Fields Too Large"
    assert f"Content-Length: {len(body)}" in lines
    assert "X-Content-Type-Options: nosniff" in lines
    assert json.loads(body) == {
        "error": {
            "status": 431,
            "code": "request-header-fields-too-large",
            "message": "too large",
            "details": [{"max_headers": 100}],
        }
    }
