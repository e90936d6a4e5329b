"""Password reset by e-mail, through a real SMTP server on this machine (aiosmtpd), with
single-use links that expire."""

from __future__ import annotations

import re
import smtplib
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from email import message_from_bytes, policy

import pytest
from aiosmtpd.controller import Controller

from tests.accounts.conftest import PASSWORD, csrf, log_in
from tests.events.conftest import Clock

NEW_PASSWORD = "a fresh password from the mail"
RESET_SUBJECT = "Reset your Deckwright password"


class Inbox:
    """What the SMTP server received: each message parsed."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted for delivery"

    def wait(self, count: int) -> list:
        """The messages once ``count`` have arrived (mail is sent after the page is answered)."""
        deadline = time.monotonic() + 5
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(self.messages) == count, self.messages
        return self.messages

    def wait_for(self, condition) -> list:
        """The messages once ``condition()`` holds of them."""
        deadline = time.monotonic() + 5
        while not condition() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert condition(), [(m["To"], m["Subject"]) for m in self.messages]
        return self.messages


@contextmanager
def mail_server() -> Iterator[tuple[str, Inbox]]:
    """A real SMTP server on a free local port while the block runs: (its URL, the inbox)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield f"smtp://127.0.0.1:{port}", inbox
    finally:
        controller.stop()


@pytest.fixture
def smtp():
    """A real SMTP server on a free local port; yields (url, inbox)."""
    with mail_server() as served:
        yield served


@pytest.fixture
def app_config(clock: Clock, smtp) -> dict:
    return {
        "EVENT_CLOCK": clock,
        "ACCOUNT_SCRYPT_N": 2**10,
        "SMTP_URL": smtp[0],
        "SMTP_FROM": "events@deckwright.test",
    }


@pytest.fixture
def carol(app, smtp):
    """carol, logged in, with the address carol@example.org confirmed (its mail is gone)."""
    client = app.test_client()
    client.post(
        "/account/register",
        data={
            "csrf_token": csrf(client, "/account/register"),
            "name": "carol",
            "password": PASSWORD,
            "email": "carol@example.org",
        },
    )
    _, inbox = smtp
    (confirm,) = inbox.wait(1)
    path = re.search(r"http://localhost(/account/email/confirm/\S+)", confirm.get_content())[1]
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).text)[1]
    assert client.post(path, data={"csrf_token": token}).status_code == 200
    inbox.messages.clear()
    return client


def ask_reset(client, name: str):
    return client.post("/account/reset", data={"csrf_token": csrf(client), "name": name})


def reset_path(message) -> str:
    link = re.search(r"http://localhost(/account/reset/\S+)", message.get_content()).group(1)
    return link


def test_a_reset_link_arrives_by_mail_and_sets_a_new_password_once(app, carol, smtp):
    _, inbox = smtp
    stranger = app.test_client()
    asked = ask_reset(stranger, "carol")
    assert "a reset link is on its way" in asked.get_data(as_text=True)
    (message,) = inbox.wait(1)
    assert message["To"] == "carol@example.org"
    assert message["From"] == "events@deckwright.test"
    assert message["Subject"] == "Reset your Deckwright password"
    path = reset_path(message)
    form = stranger.get(path)
    assert form.status_code == 200
    assert "<h1>A new password for carol</h1>" in form.text  # named to one not logged in
    assert form.headers["Referrer-Policy"] == "no-referrer"
    token = re.search(r'name="csrf_token" value="([^"]+)"', form.get_data(as_text=True)).group(1)
    done = stranger.post(path, data={"csrf_token": token, "password": NEW_PASSWORD})
    assert done.status_code == 303
    assert "<h1>carol</h1>" in stranger.get("/account").get_data(as_text=True)
    # Every older session ended; the old password no longer works, the new one does.
    assert carol.get("/account").status_code == 303
    assert log_in(app.test_client(), "carol").status_code == 401
    assert log_in(app.test_client(), "carol", NEW_PASSWORD).status_code == 303
    # The link is used up.
    assert stranger.get(path).status_code == 404
    fresh = csrf(stranger, "/account")  # logging in issued a new CSRF token
    again = stranger.post(path, data={"csrf_token": fresh, "password": "yet another password"})
    assert again.status_code == 404


def test_a_reset_link_expires_after_an_hour(app, carol, smtp, clock):
    _, inbox = smtp
    ask_reset(app.test_client(), "carol")
    path = reset_path(inbox.wait(1)[0])
    clock.now += timedelta(minutes=61)
    assert app.test_client().get(path).status_code == 404


def test_only_the_newest_reset_link_works(app, carol, smtp):
    _, inbox = smtp
    ask_reset(app.test_client(), "carol")
    inbox.wait(1)  # each link is mailed on a thread of its own: they may arrive in any order
    ask_reset(app.test_client(), "carol")
    first, second = (reset_path(m) for m in inbox.wait(2))
    assert app.test_client().get(first).status_code == 404
    assert app.test_client().get(second).status_code == 200


def test_an_unknown_name_gets_the_same_answer_and_no_mail(app, carol, smtp):
    _, inbox = smtp
    unknown = ask_reset(app.test_client(), "nobody-at-all").get_data(as_text=True)
    known = ask_reset(app.test_client(), "carol").get_data(as_text=True)

    def notice(page):
        return re.search(r'<p class="notice"[^>]*>(.*?)</p>', page, re.S).group(1)

    assert notice(unknown) == notice(known)
    inbox.wait(1)


def test_a_mail_server_that_fails_does_not_tell_which_names_exist(app, carol, smtp):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        closed = sock.getsockname()[1]
    app.config["SMTP_URL"] = f"smtp://127.0.0.1:{closed}"
    unknown = ask_reset(app.test_client(), "nobody-at-all")
    known = ask_reset(app.test_client(), "carol")
    assert known.status_code == unknown.status_code == 200
    assert "a reset link is on its way" in known.get_data(as_text=True)


@pytest.fixture
def slow_mail(monkeypatch) -> Iterator[threading.Event]:
    """A mail server that answers no connection until the test lets it (set the event given;
    at most 10 s): an answer given while it waits was not held by the mail it sends."""
    let_go = threading.Event()
    real = smtplib.SMTP

    def slow(*args, **kwargs):
        let_go.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(smtplib, "SMTP", slow)
    yield let_go
    let_go.set()


def test_the_answer_does_not_wait_for_the_mail_server(app, carol, smtp, slow_mail):
    # A slow mail server would make a name with an account answer later than one without.
    _, inbox = smtp
    client = app.test_client()
    token = csrf(client)
    client.post("/account/reset", data={"csrf_token": token, "name": "carol"})
    assert inbox.messages == []  # answered while the mail server still held the mail
    slow_mail.set()
    assert inbox.wait(1)[0]["To"] == "carol@example.org"


def test_reset_requests_are_rate_limited(app, carol):
    app.config["RATE_LIMITS"] = {"account-reset": [2, 3600]}
    client = app.test_client()
    assert ask_reset(client, "carol").status_code == 200
    assert ask_reset(client, "carol").status_code == 200
    assert ask_reset(client, "carol").status_code == 429


def test_the_reset_forms_need_the_csrf_token(app, carol, smtp):
    _, inbox = smtp
    client = app.test_client()
    assert client.post("/account/reset", data={"name": "carol"}).status_code == 403
    assert inbox.messages == []
    ask_reset(client, "carol")
    path = reset_path(inbox.wait(1)[0])
    assert client.post(path, data={"password": NEW_PASSWORD}).status_code == 403
    assert client.get(path).status_code == 200


def test_without_smtp_there_is_no_reset(app, carol):
    app.config["SMTP_URL"] = None
    assert app.test_client().get("/account/reset").status_code == 404
    assert "Forgot your password?" not in app.test_client().get("/account/login").get_data(
        as_text=True
    )


def set_password_by_mail(app, smtp, client) -> object:
    """Ask for a reset link for carol and set NEW_PASSWORD through it from ``client``."""
    _, inbox = smtp
    before = len(inbox.messages)  # counted first: the link may arrive before ask_reset returns
    ask_reset(app.test_client(), "carol")
    path = reset_path(inbox.wait(before + 1)[-1])
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).text).group(1)
    return client.post(path, data={"csrf_token": token, "password": NEW_PASSWORD})


def test_a_reset_after_a_stolen_password_ends_what_the_thief_opened_and_says_so(app, carol, smtp):
    """Whoever logged in with the stolen password loses their session and the dashboard
    link they opened from My events; the owner's tokens are kept, and the page says so."""
    from tests.accounts.conftest import create_event, log_in
    from tests.accounts.test_my_events import open_dashboard
    from tests.accounts.test_tokens import bearer, make_token

    event_id = create_event(carol).split("/")[2]
    token = make_token(carol)
    thief = app.test_client()
    assert log_in(thief, "carol").status_code == 303
    stolen_link = open_dashboard(thief, event_id).headers["Location"]
    assert thief.get(stolen_link).status_code == 200
    owner = app.test_client()
    done = set_password_by_mail(app, smtp, owner)
    assert done.status_code == 303
    page = owner.get(done.headers["Location"]).get_data(as_text=True)
    assert "Your new password is set. Every other session of your account is logged out" in page
    assert "Personal access tokens are kept" in page
    assert "pairings bot" in page  # the token is listed, to revoke
    # Said once, after the reset, and by no link.
    assert "Your new password is set" not in owner.get("/account").text
    assert "Your new password is set" not in owner.get("/account?done=reset").text
    assert thief.get("/account").status_code == 303
    assert thief.get(stolen_link).status_code == 404
    # The token still opens the account; the owner opens the dashboard again from My events.
    assert app.test_client().get("/api/v1/account", headers=bearer(token)).status_code == 200
    assert owner.get(open_dashboard(owner, event_id).headers["Location"]).status_code == 200


def test_the_reset_form_says_what_a_reset_ends_and_keeps(app, carol, smtp):
    _, inbox = smtp
    ask_reset(app.test_client(), "carol")
    form = app.test_client().get(reset_path(inbox.wait(1)[0])).get_data(as_text=True)
    assert "Every session of the account is logged out" in form
    assert "Personal access tokens for apps are kept" in form


def test_the_reset_address_is_changed_only_with_the_password(app, carol, smtp):
    """A session alone (a browser left logged in) does not send the next reset link, and
    with it the account, to another address."""
    _, inbox = smtp
    token = csrf(carol, "/account")
    taken = carol.post("/account/email", data={"csrf_token": token, "email": "eve@example.org"})
    assert taken.status_code == 401
    assert "the e-mail address is not changed" in taken.get_data(as_text=True)
    wrong = carol.post(
        "/account/email",
        data={"csrf_token": token, "email": "eve@example.org", "password": "not my password"},
    )
    assert wrong.status_code == 401
    ask_reset(app.test_client(), "carol")
    assert inbox.wait(1)[0]["To"] == "carol@example.org"
    from tests.accounts.test_email_links import move_to

    move_to(carol, inbox, "carol@example.net")
    inbox.messages.clear()
    ask_reset(app.test_client(), "carol")
    # Beside the reset link, the old address is told of the change (test_change_notices.py).
    mailed = inbox.wait_for(lambda: any(m["Subject"] == RESET_SUBJECT for m in inbox.messages))
    links = [m["To"] for m in mailed if m["Subject"] == RESET_SUBJECT]
    assert links == ["carol@example.net"]
