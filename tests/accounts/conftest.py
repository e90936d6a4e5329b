"""Fixtures for accounts: an app with cheap scrypt settings, and helpers to register and log in
through the forms as a browser would."""

from __future__ import annotations

import re

import pytest

from tests.events.conftest import DEADLINE, Clock

# A cheap scrypt for speed (1 MiB); the hash records its settings, the code path is the same.
TEST_SCRYPT_N = 2**10
PASSWORD = "correct horse battery"
_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app_config(clock) -> dict:
    return {"EVENT_CLOCK": clock, "ACCOUNT_SCRYPT_N": TEST_SCRYPT_N}


def csrf(client, path: str = "/account/login") -> str:
    return token_of(client.get(path).get_data(as_text=True), path)


def token_of(page: str, where: str = "the page") -> str:
    """The CSRF token of the form on ``page``."""
    match = _CSRF.search(page)
    assert match, f"{where} has no form with a CSRF field"
    return match.group(1)


def register(client, name: str, password: str = PASSWORD):
    return client.post(
        "/account/register",
        data={"csrf_token": csrf(client, "/account/register"), "name": name, "password": password},
    )


def log_in(client, name: str, password: str = PASSWORD):
    return client.post(
        "/account/login", data={"csrf_token": csrf(client), "name": name, "password": password}
    )


def account_cookie(client) -> str | None:
    cookie = client.get_cookie("deckwright_account")
    return cookie.value if cookie else None


def create_event(client, name: str = "Owner's Open") -> str:
    """Create an event through the form; the dashboard path (its admin link)."""
    page = client.get("/events/new").get_data(as_text=True)
    response = client.post(
        "/events/new",
        data={
            "csrf_token": _CSRF.search(page).group(1),
            "name": name,
            "game": "era",
            "deadline": DEADLINE.strftime("%Y-%m-%dT%H:%M"),
        },
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    url = re.search(r'<code id="admin-url">([^<]+)</code>', response.get_data(as_text=True))
    return "/" + url.group(1).split("/", 3)[3]


@pytest.fixture
def alice(app):
    """A client logged in as alice."""
    client = app.test_client()
    assert register(client, "alice").status_code == 303
    return client


@pytest.fixture
def bob(app):
    client = app.test_client()
    assert register(client, "bob").status_code == 303
    return client
