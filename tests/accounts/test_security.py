"""Accounts against an attacker: forged forms, guessing passwords, and telling names apart."""

from __future__ import annotations

import time

import pytest

from tests.accounts.conftest import PASSWORD, create_event, csrf, log_in, register
from webapp.accounts import passwords


@pytest.fixture
def event_id(alice) -> str:
    return create_event(alice).split("/")[2]


def test_every_account_form_refuses_a_missing_or_forged_csrf_token(app, alice, event_id):
    forms = [
        ("/account/register", {"name": "mallory", "password": PASSWORD}),
        ("/account/login", {"name": "alice", "password": PASSWORD}),
        ("/account/logout", {}),
        ("/account/logout-everywhere", {}),
        ("/account/password", {"current": PASSWORD, "new": "mallory's password"}),
        ("/account/delete", {"password": PASSWORD}),
        ("/account/email", {"email": "mallory@example.org"}),
        ("/account/email/confirm/any-link", {}),
        ("/account/email/undo/any-link", {}),
        ("/account/tokens", {"name": "mallory's bot"}),
        ("/account/tokens/any-token/revoke", {}),
        (f"/account/events/{event_id}/open", {}),
        (f"/account/events/{event_id}/organizers", {"name": "alice"}),
        (f"/account/events/{event_id}/organizers/remove", {"name": "alice"}),
        (f"/account/events/{event_id}/admin-link", {}),
    ]
    for path, data in forms:
        assert alice.post(path, data=data).status_code == 403, path
        assert alice.post(path, data={**data, "csrf_token": "forged"}).status_code == 403, path
    # Nothing happened: alice is logged in with her password, and nobody else registered.
    assert alice.get("/account").status_code == 200
    assert log_in(app.test_client(), "alice").status_code == 303
    assert log_in(app.test_client(), "mallory").status_code == 401


def test_a_wrong_name_and_a_wrong_password_get_the_same_answer(app, alice):
    wrong_name = log_in(app.test_client(), "nobody-here", PASSWORD)
    wrong_password = log_in(app.test_client(), "alice", "not her password")
    assert wrong_name.status_code == wrong_password.status_code == 401

    def message(response):
        page = response.get_data(as_text=True)
        return page[page.index('role="alert"') :].split("</div>")[0]

    assert message(wrong_name) == message(wrong_password)
    assert "That user name and password do not match." in message(wrong_name)


def test_a_wrong_name_costs_one_scrypt_like_a_wrong_password(app, alice, monkeypatch):
    derived = []
    real = passwords._derive

    def counting(password, salt, settings):
        derived.append(settings)
        return real(password, salt, settings)

    monkeypatch.setattr(passwords, "_derive", counting)
    log_in(app.test_client(), "nobody-here", PASSWORD)
    log_in(app.test_client(), "alice", "not her password")
    assert len(derived) == 2
    assert derived[0] == derived[1]


def test_a_wrong_name_takes_as_long_as_a_wrong_password(app, alice):
    # Real settings, so scrypt (not the rest of the request) is what takes the time.
    app.config["ACCOUNT_SCRYPT_N"] = 2**13
    app.config["RATE_LIMITS"] = {"account-login-name": None, "account-login-address": None}
    client = app.test_client()
    register(client, "timed-user")
    token = csrf(client)  # showing the login form makes the dummy hash ahead of the first try

    def timed(name: str) -> float:
        start = time.perf_counter()
        answer = client.post(
            "/account/login", data={"csrf_token": token, "name": name, "password": "wrong guess"}
        )
        assert answer.status_code == 401
        return time.perf_counter() - start

    names, users = [], []
    for _ in range(7):
        names.append(timed("no-such-user"))
        users.append(timed("timed-user"))
    # The fastest of each: on a shared machine other work only ever adds time, so the
    # minimum is the request's own cost (the count of hashes above is the exact check).
    ratio = min(names) / min(users)
    assert 0.5 < ratio < 2, (names, users)


def test_logins_are_limited_per_user_name(app, alice):
    app.config["RATE_LIMITS"] = {"account-login-name": [3, 600]}
    guesser = app.test_client()
    for guess in ("guess one!", "guess two!", "guess three"):
        assert log_in(guesser, "alice", guess).status_code == 401
    blocked = log_in(guesser, "alice", PASSWORD)
    assert blocked.status_code == 429
    assert int(blocked.headers["Retry-After"]) > 0
    # Even from elsewhere, and even with the right password: the name is what is limited.
    assert log_in(app.test_client(), "ALICE", PASSWORD).status_code == 429


def test_a_strangers_guesses_do_not_lock_the_logged_in_owner_out_of_their_account(app, alice):
    app.config["RATE_LIMITS"] = {"account-login-name": [3, 600]}
    guesser = app.test_client()
    for guess in ("guess one!", "guess two!", "guess three", "guess four"):
        log_in(guesser, "alice", guess)
    changed = alice.post(
        "/account/password",
        data={"csrf_token": csrf(alice, "/account"), "current": PASSWORD, "new": "a new password"},
    )
    assert changed.status_code == 200
    assert "Password changed" in changed.get_data(as_text=True)
    # Guessing the current password through the form is limited all the same.
    token = csrf(alice, "/account")
    for guess in ("guess one!", "guess two!"):
        wrong = {"csrf_token": token, "current": guess, "new": "another password"}
        assert alice.post("/account/password", data=wrong).status_code == 401
    assert alice.post("/account/password", data=wrong).status_code == 429


def test_logins_are_limited_per_address_across_names(app, alice):
    app.config["RATE_LIMITS"] = {"account-login-address": [4, 600]}
    sprayer = app.test_client()
    for name in ("ann", "ben", "cid", "dot"):
        assert log_in(sprayer, name, PASSWORD).status_code == 401
    assert log_in(sprayer, "alice", PASSWORD).status_code == 429
    other = app.test_client()
    answer = other.post(
        "/account/login",
        data={"csrf_token": csrf(other), "name": "alice", "password": PASSWORD},
        environ_overrides={"REMOTE_ADDR": "192.0.2.7"},
    )
    assert answer.status_code == 303


def test_registrations_are_limited_per_address(app):
    app.config["RATE_LIMITS"] = {"account-registration": [2, 3600]}
    client = app.test_client()
    assert register(client, "first").status_code == 303
    assert register(client, "second").status_code == 303
    assert register(client, "third").status_code == 429
