"""Every answer carries the headers that keep a page from being framed, sniffed or made to
run a script it did not ship, and the session cookie cannot be read by a script or sent
along by another site's forms (the test client; the real-HTTP checks are in
tests/api/test_hostile_live.py)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from webapp import headers

TEMPLATES = Path(headers.__file__).resolve().parent / "templates"
SCRIPT_TAG = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S | re.I)
EVENT_HANDLER = re.compile(r"<[a-z][^>]*\s(on[a-z]+)\s*=", re.I)
JAVASCRIPT_URL = re.compile(r"""(?:href|src|action)\s*=\s*["']?\s*javascript:""", re.I)


def directives(policy: str) -> dict[str, list[str]]:
    parsed = {}
    for part in policy.split(";"):
        name, *values = part.split()
        parsed[name] = values
    return parsed


def new_event(client) -> tuple[str, str]:
    deadline = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    answer = client.post(
        "/api/v1/events", json={"name": "Cup", "game": "era", "deadline": deadline}
    )
    assert answer.status_code == 201
    created = answer.get_json()
    return created["event"]["id"], created["admin_token"]


@pytest.fixture
def answers(client):
    """Answers of every kind: JSON, pages, a static file, errors of the API and of the site."""
    event_id, token = new_event(client)
    collected = {
        "api json": client.get("/api/v1/games"),
        "api error": client.get("/api/v1/games/nope"),
        "api 405": client.put("/api/v1/games"),
        "api 413": client.post(
            "/api/v1/games/era/validate", data="x" * (600 * 1024), content_type="text/plain"
        ),
        "home page": client.get("/"),
        "builder page": client.get("/games/era/build"),
        "page 404": client.get("/no/such/page"),
        "static file": client.get("/static/favicon.svg"),
        "dashboard": client.get(f"/events/{event_id}/admin/{token}"),
        "csv export": client.get(
            f"/api/v1/events/{event_id}/export.csv", headers={"Authorization": f"Bearer {token}"}
        ),
    }
    for answer in collected.values():
        answer.close()  # a static file is streamed from an open file until closed
    return collected


def test_every_answer_carries_the_security_headers(answers):
    for kind, answer in answers.items():
        assert answer.headers["X-Content-Type-Options"] == "nosniff", kind
        assert answer.headers["Referrer-Policy"] in ("same-origin", "no-referrer"), kind
        policy = directives(answer.headers["Content-Security-Policy"])
        assert policy["frame-ancestors"] == ["'none'"], kind
        assert policy["object-src"] == ["'none'"], kind


def test_the_policy_runs_no_inline_script_and_scripts_from_this_site_only():
    policy = directives(headers.CONTENT_SECURITY_POLICY)
    assert policy["script-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"]
    assert policy["form-action"] == ["'self'"]
    assert policy["base-uri"] == ["'none'"]


def test_pages_holding_a_secret_send_no_referrer(answers):
    assert answers["dashboard"].headers["Referrer-Policy"] == "no-referrer"


@pytest.mark.parametrize(
    "template", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: str(p.relative_to(TEMPLATES))
)
def test_no_template_holds_a_script_the_policy_would_block(template):
    """Inline code would be blocked by the policy: every script is a file or JSON data."""
    source = template.read_text(encoding="utf-8")
    for attributes, body in SCRIPT_TAG.findall(source):
        if "src=" in attributes:
            assert not body.strip(), f"{template.name}: a script with src has a body"
        else:
            assert 'type="application/json"' in attributes, f"{template.name}: inline script"
    assert not EVENT_HANDLER.search(source), f"{template.name}: an on* handler attribute"
    assert not JAVASCRIPT_URL.search(source), f"{template.name}: a javascript: address"


def session_cookie(answer) -> str:
    (cookie,) = [c for c in answer.headers.getlist("Set-Cookie") if c.startswith("session=")]
    return cookie


def cookie_flags(cookie: str) -> set[str]:
    return {part.strip().split("=")[0].lower() for part in cookie.split(";")[1:]}


def test_the_session_cookie_is_httponly_and_samesite_lax(client):
    cookie = session_cookie(client.get("/events/new"))
    assert {"httponly", "samesite"} <= cookie_flags(cookie)
    assert "SameSite=Lax" in cookie
    # Over plain HTTP a Secure cookie would never come back, and the forms would fail.
    assert "secure" not in cookie_flags(cookie)


def test_the_session_cookie_is_secure_when_the_request_came_over_https(client):
    cookie = session_cookie(client.get("/events/new", base_url="https://localhost"))
    assert {"httponly", "secure"} <= cookie_flags(cookie)
    assert "SameSite=Lax" in cookie


def test_the_session_cookie_is_secure_when_the_settings_say_so(tmp_path, library):
    from tests.api.support import make_app

    app = make_app(tmp_path, SESSION_COOKIE_SECURE=True)
    app.extensions["deckwright.pools"] = library
    cookie = session_cookie(app.test_client().get("/events/new"))
    assert "secure" in cookie_flags(cookie)
