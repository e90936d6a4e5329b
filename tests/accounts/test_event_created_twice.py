"""An event created twice from one form while logged in is one event on "My events", bound once;
the same form's key from another account is another organizer's event."""

from __future__ import annotations

import re

from tests.accounts.conftest import csrf
from tests.events.conftest import DEADLINE
from webapp.db import connect

_KEY = re.compile(r'name="idempotency_key" value="([^"]*)"')
_ADMIN_URL = re.compile(r'<code id="admin-url">([^<]+)</code>')


def form_of(client) -> dict[str, str]:
    page = client.get("/events/new").get_data(as_text=True)
    return {
        "csrf_token": csrf(client, "/events/new"),
        "idempotency_key": _KEY.search(page).group(1),
        "name": "Bound Twice Cup",
        "game": "era",
        "deadline": DEADLINE.strftime("%Y-%m-%dT%H:%M"),
    }


def admin_url(response) -> str:
    assert response.status_code == 201, response.get_data(as_text=True)
    return _ADMIN_URL.search(response.get_data(as_text=True)).group(1)


def bindings(app) -> list[tuple[str, str]]:
    db = connect(app.config["DATABASE"])
    try:
        return db.execute(
            "SELECT a.name, m.role FROM account_events m JOIN accounts a ON a.id = m.account_id"
            " ORDER BY a.name"
        ).fetchall()
    finally:
        db.close()


def test_a_form_sent_twice_while_logged_in_is_one_event_bound_once(app, alice):
    form = form_of(alice)
    first = admin_url(alice.post("/events/new", data=form))
    assert admin_url(alice.post("/events/new", data=form)) == first
    assert bindings(app) == [("alice", "owner")]
    assert (
        alice.get("/account/events").get_data(as_text=True).count("<h2>Bound Twice Cup</h2>") == 1
    )


def test_the_same_key_from_another_account_is_an_event_of_its_own(app, alice, bob):
    form = form_of(alice)
    hers = admin_url(alice.post("/events/new", data=form))
    his = admin_url(bob.post("/events/new", data={**form, "csrf_token": csrf(bob, "/events/new")}))
    assert his != hers
    assert bindings(app) == [("alice", "owner"), ("bob", "owner")]
