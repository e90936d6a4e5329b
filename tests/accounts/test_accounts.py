"""Accounts through the test client: registering, logging in and out, sessions, the password,
deleting the account and downloading its data."""

from __future__ import annotations

import json

from tests.accounts.conftest import (
    PASSWORD,
    account_cookie,
    create_event,
    csrf,
    log_in,
    register,
)
from webapp import create_app


def test_registering_logs_the_new_account_in(client):
    response = register(client, "alice")
    assert response.status_code == 303
    assert response.headers["Location"] == "/account"
    page = client.get("/account").get_data(as_text=True)
    assert "<h1>alice</h1>" in page
    assert 'href="/account">alice</a>' in client.get("/").get_data(as_text=True)


def test_accounts_are_optional_the_site_offers_a_login(client):
    home = client.get("/").get_data(as_text=True)
    assert 'href="/account/login">Log in</a>' in home
    assert client.get("/events/new").status_code == 200
    assert client.get("/account").headers["Location"] == "/account/login"


def test_a_taken_name_is_refused_whatever_its_case(client, app):
    register(client, "alice")
    again = register(app.test_client(), "ALICE")
    assert again.status_code == 409
    assert "is taken" in again.get_data(as_text=True)


def test_a_short_password_and_an_odd_name_are_refused(client):
    short = register(client, "carol", "short")
    assert short.status_code == 400
    assert "A password has 10 to 1000 characters." in short.get_data(as_text=True)
    odd = register(client, "<carol>")
    assert odd.status_code == 400
    assert "letters, digits" in odd.get_data(as_text=True)


def test_a_name_that_mixes_scripts_to_look_like_another_is_refused(client, app):
    register(client, "alice")
    # A Cyrillic "а" in a Latin name: it reads as "alice" on every page and organizer list.
    lookalike = register(app.test_client(), "\u0430lice")
    assert lookalike.status_code == 400
    assert "one alphabet" in lookalike.get_data(as_text=True)
    # A name in one alphabet, or with digits and marks beside it, is welcome.
    assert register(app.test_client(), "\u0430\u043d\u044f-2").status_code == 303
    assert register(app.test_client(), "Zo\u00eb_99").status_code == 303
    # Full-width letters are the same name as their plain ones.
    assert register(app.test_client(), "\uff41\uff4c\uff49\uff43\uff45").status_code == 409


def test_the_password_is_kept_only_as_a_scrypt_hash(app, alice):
    with app.app_context():
        from webapp.db import get_db

        (stored,) = get_db().execute("SELECT password_hash FROM accounts").fetchone()
    assert stored.startswith("scrypt$1024$8$1$")
    assert PASSWORD not in stored


def test_logging_in_and_out(app, alice):
    client = app.test_client()
    assert log_in(client, "alice").status_code == 303
    assert "<h1>alice</h1>" in client.get("/account").get_data(as_text=True)
    token = csrf(client, "/account")
    assert client.post("/account/logout", data={"csrf_token": token}).status_code == 303
    assert client.get("/account").status_code == 303


def test_a_logged_out_session_id_opens_nothing_when_replayed(app, alice):
    stolen = account_cookie(alice)
    alice.post("/account/logout", data={"csrf_token": csrf(alice, "/account")})
    replay = app.test_client()
    replay.set_cookie("deckwright_account", stolen)
    assert replay.get("/account").status_code == 303


def test_the_session_cookie_is_httponly_and_samesite_lax(client):
    response = register(client, "alice")
    cookie = next(
        c for c in response.headers.getlist("Set-Cookie") if c.startswith("deckwright_account=")
    )
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie
    assert "Path=/" in cookie


def test_a_session_survives_a_restart(app, alice, library):
    restarted = create_app({"DATABASE": app.config["DATABASE"], "TESTING": True})
    restarted.extensions["deckwright.pools"] = library
    client = restarted.test_client()
    client.set_cookie("deckwright_account", account_cookie(alice))
    assert "<h1>alice</h1>" in client.get("/account").get_data(as_text=True)


def test_a_session_id_planted_before_login_is_replaced_and_opens_nothing(app, alice):
    victim = app.test_client()
    victim.set_cookie("deckwright_account", "planted-by-an-attacker")
    planted_csrf = csrf(victim)
    log_in(victim, "alice")
    assert account_cookie(victim) not in (None, "planted-by-an-attacker")
    attacker = app.test_client()
    attacker.set_cookie("deckwright_account", "planted-by-an-attacker")
    assert attacker.get("/account").status_code == 303
    # The CSRF token is new after login too: one seen before it is no use.
    assert csrf(victim, "/account") != planted_csrf


def test_logging_in_again_ends_the_session_held_before(app, alice):
    before = account_cookie(alice)
    log_in(alice, "alice")
    assert account_cookie(alice) != before
    replay = app.test_client()
    replay.set_cookie("deckwright_account", before)
    assert replay.get("/account").status_code == 303


def test_log_out_everywhere_ends_every_session(app, alice):
    laptop = app.test_client()
    log_in(laptop, "alice")
    assert "2 sessions logged in" in laptop.get("/account").get_data(as_text=True)
    laptop.post("/account/logout-everywhere", data={"csrf_token": csrf(laptop, "/account")})
    assert alice.get("/account").status_code == 303
    assert laptop.get("/account").status_code == 303


def test_changing_the_password_needs_the_current_one_and_logs_out_other_sessions(app, alice):
    laptop = app.test_client()
    log_in(laptop, "alice")
    token = csrf(alice, "/account")
    wrong = alice.post(
        "/account/password",
        data={"csrf_token": token, "current": "not my password", "new": "a brand new secret"},
    )
    assert wrong.status_code == 401
    changed = alice.post(
        "/account/password",
        data={"csrf_token": token, "current": PASSWORD, "new": "a brand new secret"},
    )
    assert "Password changed" in changed.get_data(as_text=True)
    assert alice.get("/account").status_code == 200
    assert laptop.get("/account").status_code == 303
    assert log_in(app.test_client(), "alice").status_code == 401
    assert log_in(app.test_client(), "alice", "a brand new secret").status_code == 303


def test_deleting_the_account_removes_it_and_its_sessions_but_not_its_events(app, alice, clock):
    dashboard = create_event(alice)
    token = csrf(alice, "/account")
    refused = alice.post("/account/delete", data={"csrf_token": token, "password": "wrong one!"})
    assert refused.status_code == 401
    deleted = alice.post("/account/delete", data={"csrf_token": token, "password": PASSWORD})
    assert deleted.status_code == 303
    assert alice.get("/account").status_code == 303
    assert log_in(app.test_client(), "alice").status_code == 401
    # The name is free again, and the event (with its admin link) is still there.
    assert register(app.test_client(), "alice").status_code == 303
    assert app.test_client().get(dashboard).status_code == 200
    with app.app_context():
        from webapp.db import get_db

        db = get_db()
        assert db.execute("SELECT COUNT(*) FROM account_sessions").fetchone()[0] == 1
        assert db.execute("SELECT COUNT(*) FROM account_events").fetchone()[0] == 0


def test_the_data_download_holds_the_account_and_its_events_never_secrets(alice):
    create_event(alice, "Data Cup")
    response = alice.get("/account/data.json")
    assert response.headers["Content-Disposition"] == 'attachment; filename="deckwright-alice.json"'
    data = json.loads(response.get_data(as_text=True))
    assert data["account"]["name"] == "alice"
    assert [(e["name"], e["role"]) for e in data["events"]] == [("Data Cup", "owner")]
    assert len(data["sessions"]) == 1
    text = response.get_data(as_text=True)
    assert "scrypt" not in text
    assert PASSWORD not in text


def test_the_data_download_of_a_name_beyond_latin_1_is_named_in_utf_8(app):
    client = app.test_client()
    register(client, "\u0430\u043d\u044f-2")
    response = client.get("/account/data.json")
    assert response.status_code == 200
    disposition = response.headers["Content-Disposition"]
    # HTTP headers are Latin-1: a server refuses (a 500) to send the raw Cyrillic name.
    disposition.encode("latin-1")
    assert disposition == (
        'attachment; filename="deckwright-2.json";'
        " filename*=UTF-8''deckwright-%D0%B0%D0%BD%D1%8F-2.json"
    )
    assert json.loads(response.get_data(as_text=True))["account"]["name"] == "\u0430\u043d\u044f-2"


def test_account_pages_are_kept_out_of_caches(alice):
    assert alice.get("/account").headers["Cache-Control"] == "no-store"
