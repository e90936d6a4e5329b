"""Personal access tokens: made and revoked on the account page, kept hashed, sent as
``Authorization: Bearer``, with more room under the rate limits, and in the OpenAPI document."""

from __future__ import annotations

import re

import pytest

from tests.accounts.conftest import csrf
from tests.events.conftest import DEADLINE


def make_token(client, name: str = "pairings bot") -> str:
    page = client.post(
        "/account/tokens", data={"csrf_token": csrf(client, "/account"), "name": name}
    ).get_data(as_text=True)
    return re.search(r'<code id="new-token">([^<]+)</code>', page).group(1)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def token(alice) -> str:
    return make_token(alice)


def new_event(client, headers=None, name="Bot Cup"):
    body = {"name": name, "game": "era", "deadline": DEADLINE.isoformat()}
    return client.post("/api/v1/events", json=body, headers=headers or {})


def test_the_notice_atop_the_page_says_where_the_token_is_and_that_it_is_shown_once(alice):
    """On a phone the page opens at its top, screens above the token: the notice there says
    to copy it now, and where, before it is gone."""
    page = alice.post(
        "/account/tokens", data={"csrf_token": csrf(alice, "/account"), "name": "pairings bot"}
    ).get_data(as_text=True)
    notice = re.search(r'<p class="notice" role="status"[^>]*>([^<]+)</p>', page).group(1)
    assert "copy it now from Personal access tokens below" in notice
    assert "shown only this once" in notice


def test_a_token_is_shown_once_and_kept_only_as_a_hash(app, alice, token):
    assert token.startswith("dwp_")
    assert len(token) > 40
    page = alice.get("/account").get_data(as_text=True)
    assert token not in page
    assert "<strong>pairings bot</strong>" in page
    with app.app_context():
        from webapp.db import get_db

        (stored,) = get_db().execute("SELECT hash FROM account_tokens").fetchone()
    assert token not in stored
    assert len(stored) == 64


def test_the_api_knows_the_account_by_its_token(client, alice, token):
    answer = client.get("/api/v1/account", headers=bearer(token))
    assert answer.status_code == 200
    assert answer.get_json()["name"] == "alice"
    assert "last used" in alice.get("/account").get_data(as_text=True)


def test_without_a_token_or_with_a_wrong_one_the_api_answers_401(client):
    for headers in ({}, bearer("dwp_not-a-token"), bearer("something else")):
        answer = client.get("/api/v1/account", headers=headers)
        assert answer.status_code == 401
        assert answer.get_json()["error"]["code"] == "unauthorized"
        assert answer.headers["WWW-Authenticate"].startswith("Bearer")


def test_a_revoked_token_opens_nothing(app, alice, token):
    page = alice.get("/account").get_data(as_text=True)
    token_id = re.search(r'data-token="([^"]+)"', page).group(1)
    revoked = alice.post(
        f"/account/tokens/{token_id}/revoke", data={"csrf_token": csrf(alice, "/account")}
    )
    assert "Token revoked" in revoked.get_data(as_text=True)
    assert app.test_client().get("/api/v1/account", headers=bearer(token)).status_code == 401
    assert new_event(app.test_client(), bearer(token)).status_code == 401


def test_another_account_cannot_revoke_my_token(app, alice, bob, token):
    token_id = re.search(r'data-token="([^"]+)"', alice.get("/account").get_data(as_text=True))
    answer = bob.post(
        f"/account/tokens/{token_id.group(1)}/revoke", data={"csrf_token": csrf(bob, "/account")}
    )
    assert answer.status_code == 404
    assert app.test_client().get("/api/v1/account", headers=bearer(token)).status_code == 200


def test_an_event_created_with_a_token_is_on_my_events(app, alice, token):
    created = new_event(app.test_client(), bearer(token), "Bot Cup")
    assert created.status_code == 201
    listed = app.test_client().get("/api/v1/account/events", headers=bearer(token)).get_json()
    assert [(e["name"], e["role"], e["organizers"]) for e in listed["events"]] == [
        ("Bot Cup", "owner", ["alice"])
    ]
    assert "<h2>Bot Cup</h2>" in alice.get("/account/events").get_data(as_text=True)


def test_tokens_get_more_room_under_the_rate_limits(app, alice, token):
    app.config["RATE_LIMITS"] = {"event-creation": [2, 600]}
    anonymous = app.test_client()
    assert [new_event(anonymous).status_code for _ in range(3)] == [201, 201, 429]
    bot = app.test_client()
    assert [new_event(bot, bearer(token)).status_code for _ in range(5)] == [201] * 5


def test_the_openapi_document_describes_the_tokens(client):
    document = client.get("/api/v1/openapi.json").get_json()
    scheme = document["components"]["securitySchemes"]["personalAccessToken"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
    assert "401" in document["paths"]["/api/v1/account"]["get"]["responses"]
    assert "/api/v1/account/events" in document["paths"]


def test_tokens_get_more_room_for_validation_too(app, alice, token):
    """Validation is counted by the lines read, per account for a token, with its room."""
    app.config["RATE_LIMITS"] = {"validation": [20, 60]}
    text = "\n".join(["3 Ember Rex"] * 10)

    def validate(client, headers=None):
        return client.post(
            "/api/v1/games/era/validate", data=text, content_type="text/plain", headers=headers
        ).status_code

    anonymous = app.test_client()
    assert [validate(anonymous) for _ in range(3)] == [200, 200, 429]
    bot = app.test_client()
    assert [validate(bot, bearer(token)) for _ in range(5)] == [200] * 5
