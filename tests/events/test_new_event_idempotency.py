"""An organizer whose "Create" was sent twice (a double click, a reload, a client's retry)
gets one event and one admin link, however often the same request comes."""

from __future__ import annotations

import re
import threading
from datetime import date, timedelta

import pytest

from tests.api.support import error_of
from tests.events.conftest import DEADLINE, START, csrf_of
from webapp import events
from webapp.db import connect
from webapp.events import journal

KEY = "create-4b1e9d7a20c36f58"


@pytest.fixture
def path(tmp_path):
    return tmp_path / "events.sqlite"


@pytest.fixture
def db(path):
    database = connect(path)
    yield database
    database.close()


@pytest.fixture
def create(db, library):
    def make(key: str | None = KEY, on=None, **fields) -> events.NewEvent:
        options = {
            "name": "Spring Regionals",
            "game_id": "era",
            "deadline": DEADLINE,
            "now": START,
            "players": [("Alice", None), ("Bob", "B-7")],
        }
        options.update(fields)
        return events.create_event(on or db, library, idempotency_key=key, **options)

    return make


def count_events(db) -> int:
    events.ensure_schema(db)
    return db.execute("SELECT COUNT(*) FROM events").fetchone()[0]


def test_the_same_request_sent_again_answers_the_event_it_made_and_its_admin_token(db, create):
    first, again = create(), create()
    assert again.event == first.event
    assert again.admin_token == first.admin_token
    assert (first.replayed, again.replayed) == (False, True)
    assert count_events(db) == 1
    organizer = events.as_organizer(db, first.event.id, again.admin_token)
    assert [e.player for e in events.entries(db, organizer)] == ["Alice", "Bob"]
    assert [c.action for c in journal.changes(db, organizer)] == [journal.CREATED]


def test_the_admin_token_is_kept_only_sealed_with_the_key(db, create):
    created = create()
    dump = "\n".join(db.conn.iterdump())
    assert created.admin_token not in dump
    assert KEY not in dump


@pytest.mark.parametrize(
    "change",
    [
        {"name": "Summer Regionals"},
        {"game_id": "ryft"},
        {"format_id": "open"},
        {"as_of": date(2030, 4, 1)},
        {"deadline": DEADLINE + timedelta(hours=1)},
        {"players": [("Alice", None)]},
        {"requester": "another-account"},
    ],
)
def test_the_key_sent_again_with_another_request_is_refused(db, create, change):
    create()
    with pytest.raises(events.IdempotencyKeyReusedError, match="different event"):
        create(**change)
    assert count_events(db) == 1


def test_the_key_sent_again_from_another_account_says_so(db, create):
    # The same event asked for from another account (or with none) was told the key "came
    # before with a different event": the one difference, the account, went unsaid.
    create(requester="account-1")
    with pytest.raises(events.IdempotencyKeyReusedError) as refused:
        create(requester="account-2")
    assert str(refused.value) == (
        "This idempotency key came before with a different event, or from another account"
        " (or with none); send a new key with a new event."
    )
    assert count_events(db) == 1


def test_the_same_settings_written_another_way_are_the_same_request(db, create):
    first = create(name="Spring  Regionals ", players=[("Alice", None), ("Bob", "B-7")])
    again = create(name="Spring Regionals", format_id="standard")
    assert again.event.id == first.event.id
    assert count_events(db) == 1


def test_without_a_key_each_request_is_an_event_of_its_own(db, create):
    assert create(key=None).event.id != create(key=None).event.id
    assert count_events(db) == 2


def test_a_retry_after_the_deadline_still_finds_the_event(create):
    first = create()
    again = create(now=DEADLINE + timedelta(days=1))
    assert again.admin_token == first.admin_token


def test_a_retry_after_the_admin_link_was_replaced_is_not_given_the_old_link(db, create):
    first = create()
    organizer = events.as_organizer(db, first.event.id, first.admin_token)
    journal.replace_admin_link(db, organizer, START)
    with pytest.raises(events.AdminLinkReplacedError, match="Spring Regionals"):
        create()
    assert count_events(db) == 1


def test_a_key_that_cannot_be_random_is_refused(db, create):
    with pytest.raises(events.InvalidEventError, match="idempotency key"):
        create(key="short")
    assert count_events(db) == 0


def test_one_key_creates_an_event_and_submits_a_list_without_the_two_meeting(db, create, library):
    created = create()
    receipt = events.submit(
        db,
        library,
        created.event.id,
        player="Alice",
        submission=events.Submission.from_text("1 Anything"),
        now=START,
        idempotency_key=KEY,
    )
    assert receipt.player_token != created.admin_token
    assert create().admin_token == created.admin_token


def test_the_same_request_sent_twice_at_once_makes_one_event(path, create):
    threads, answers = 8, []
    ready = threading.Barrier(threads)

    def send():
        own = connect(path)
        try:
            ready.wait()
            answers.append(create(on=own))
        finally:
            own.close()

    workers = [threading.Thread(target=send) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert len(answers) == threads
    assert len({(a.event.id, a.admin_token) for a in answers}) == 1
    assert sorted(a.replayed for a in answers) == [False] + [True] * (threads - 1)
    check = connect(path)
    try:
        assert count_events(check) == 1
    finally:
        check.close()


def test_a_database_made_before_the_keys_were_kept_still_works(path, create, library):
    older = connect(path)
    events.ensure_schema(older)
    before = events.create_event(
        older, library, name="Old Cup", game_id="era", deadline=DEADLINE, now=START
    )
    older.execute("DROP TABLE event_creations")
    older.close()
    reopened = connect(path)
    try:
        first, again = create(on=reopened), create(on=reopened)
        assert again.admin_token == first.admin_token
        assert events.as_organizer(reopened, before.event.id, before.admin_token)
        assert count_events(reopened) == 2
    finally:
        reopened.close()


# -- the site's form -------------------------------------------------------------------------

_KEY = re.compile(r'name="idempotency_key" value="([^"]*)"')
_ADMIN_URL = re.compile(r'<code id="admin-url">([^<]+)</code>')
_SUBMIT_URL = re.compile(r'<code id="submit-url">([^<]+)</code>')


def stored_events(app) -> list[str]:
    own = connect(app.config["DATABASE"])
    try:
        return [row[0] for row in own.execute("SELECT name FROM events ORDER BY created, name")]
    finally:
        own.close()


def new_event_form(client, **fields) -> dict[str, str]:
    """The new-event form as the page is loaded, filled in."""
    page = client.get("/events/new").get_data(as_text=True)
    form = {
        "csrf_token": csrf_of(page),
        "idempotency_key": _KEY.search(page).group(1),
        "name": "Friday Night Dinos",
        "game": "era",
        "format": "",
        "as_of": "",
        "deadline": DEADLINE.strftime("%Y-%m-%dT%H:%M"),
        "timezone": "UTC",
        "players": "Carol\nDave; D-4\n",
    }
    form.update(fields)
    return form


def links_of(response) -> tuple[str, str]:
    text = response.get_data(as_text=True)
    return _ADMIN_URL.search(text).group(1), _SUBMIT_URL.search(text).group(1)


def test_each_new_event_page_holds_a_random_key_of_its_own(client):
    keys = {_KEY.search(client.get("/events/new").get_data(as_text=True)).group(1) for _ in "ab"}
    assert len(keys) == 2
    assert all(len(key) >= 16 for key in keys)


def test_the_new_event_form_sent_twice_makes_one_event_and_shows_its_admin_link_again(app, client):
    form = new_event_form(client)
    first = client.post("/events/new", data=form)
    again = client.post("/events/new", data=form)
    assert (first.status_code, again.status_code) == (201, 201)
    assert links_of(again) == links_of(first)
    assert stored_events(app) == ["Friday Night Dinos"]


def test_a_form_corrected_after_a_refusal_still_makes_one_event(app, client):
    form = new_event_form(client, deadline="2001-01-01T10:00")
    refused = client.post("/events/new", data=form)
    assert refused.status_code == 422
    assert _KEY.search(refused.get_data(as_text=True)).group(1) == form["idempotency_key"]
    corrected = {**form, "deadline": DEADLINE.strftime("%Y-%m-%dT%H:%M")}
    first = client.post("/events/new", data=corrected)
    again = client.post("/events/new", data=corrected)
    assert (first.status_code, again.status_code) == (201, 201)
    assert links_of(again) == links_of(first)
    assert stored_events(app) == ["Friday Night Dinos"]


def test_the_form_sent_again_changed_is_an_event_of_its_own(app, client, clock):
    # A page brought back after its event was made still holds that event's key; an
    # organizer who edits it and presses Create again asks for another event, and never
    # sees the key: they get the event they typed, not the first one nor a refusal.
    form = new_event_form(client)
    first = client.post("/events/new", data=form)
    clock.now = START + timedelta(minutes=5)
    other = client.post("/events/new", data={**form, "name": "Saturday Dinos"})
    assert (first.status_code, other.status_code) == (201, 201)
    assert links_of(other) != links_of(first)
    assert "Saturday Dinos" in other.get_data(as_text=True)
    assert stored_events(app) == ["Friday Night Dinos", "Saturday Dinos"]


def test_a_form_without_its_key_still_makes_an_event_each_time(app, client):
    form = new_event_form(client, idempotency_key="")
    assert client.post("/events/new", data=form).status_code == 201
    assert client.post("/events/new", data=form).status_code == 201
    assert len(stored_events(app)) == 2


# -- the JSON API ----------------------------------------------------------------------------

BODY = {"name": "Flaky Wifi Open", "game": "era", "deadline": DEADLINE.isoformat()}


def post_event(client, body: dict = BODY, key: str | None = KEY):
    headers = {"Idempotency-Key": key} if key else {}
    return client.post("/api/v1/events", json=body, headers=headers)


def test_a_retry_with_the_same_key_answers_the_same_event_and_admin_token(app, client):
    first, again = post_event(client), post_event(client)
    assert (first.status_code, again.status_code) == (201, 201)
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.headers["Location"] == first.headers["Location"]
    assert again.get_json() == first.get_json()
    assert stored_events(app) == ["Flaky Wifi Open"]


def test_the_key_with_another_event_is_refused_in_the_one_error_shape(app, client):
    assert post_event(client).status_code == 201
    error = error_of(post_event(client, {**BODY, "name": "Another Open"}), 422)
    assert error["code"] == "idempotency-key-reused"
    assert "different event" in error["message"]
    assert stored_events(app) == ["Flaky Wifi Open"]


def test_a_retry_after_the_admin_link_was_replaced_is_refused(client):
    created = post_event(client).get_json()
    dashboard = created["admin_url"]
    page = client.get(dashboard).get_data(as_text=True)
    replaced = client.post(
        f"{dashboard}/admin-link", data={"csrf_token": csrf_of(page), "confirmed": "yes"}
    )
    assert replaced.status_code == 200
    error = error_of(post_event(client), 409)
    assert error["code"] == "admin-link-replaced"
    assert created["admin_token"] not in error["message"]


def test_creating_an_event_documents_its_idempotency_key_header(client):
    document = client.get("/api/v1/openapi.json").get_json()
    operation = document["paths"]["/api/v1/events"]["post"]
    (header,) = [p for p in operation["parameters"] if p["in"] == "header"]
    assert header["name"] == "Idempotency-Key"
    assert header["required"] is False
    assert header["schema"]["pattern"] == "^[!-~]{16,100}$"
    assert {"409", "422"} <= set(operation["responses"])


@pytest.mark.parametrize("key", ["short", "x" * 101, "has spaces in it here"])
def test_a_header_key_that_cannot_be_random_is_refused_before_any_event_is_made(app, client, key):
    error = error_of(post_event(client, key=key), 422)
    assert error["code"] == "invalid-event"
    assert stored_events(app) == []
