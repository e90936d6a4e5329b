"""A changed address or password is told to the address the account had, by mail, so that
someone who took the account does not go unnoticed; the change never waits for the mail."""

from __future__ import annotations

import logging
import re
import socket
import time

from tests.accounts import test_reset
from tests.accounts.conftest import PASSWORD, csrf
from tests.accounts.test_reset import NEW_PASSWORD, ask_reset, reset_path

# The reset tests' fixtures: a real SMTP server on this machine, and carol with an address.
smtp, app_config, carol = test_reset.smtp, test_reset.app_config, test_reset.carol
slow_mail = test_reset.slow_mail

EMAIL_CHANGED = "The e-mail address of your Deckwright account was changed"
PASSWORD_CHANGED = "The password of your Deckwright account was changed"
PASSWORD_RESET = "The password of your Deckwright account was reset"
CONFIRM = "Confirm your e-mail address for Deckwright"


def change_email(client, address: str):
    """Give an address on the account page (a new one then waits for its link)."""
    return client.post(
        "/account/email",
        data={"csrf_token": csrf(client, "/account"), "email": address, "password": PASSWORD},
    )


def confirmed(client, inbox, address: str):
    """A new address given, and confirmed by the link mailed to it; the mail that link came
    in is taken out of the inbox, so what is left is the notices."""
    change_email(client, address)
    inbox.wait_for(lambda: [m for m in inbox.messages if m["Subject"] == CONFIRM])
    (confirm,) = [m for m in inbox.messages if m["Subject"] == CONFIRM]
    inbox.messages.remove(confirm)
    path = re.search(r"http://localhost(/account/email/confirm/\S+)", confirm.get_content())[1]
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).text)[1]
    return client.post(path, data={"csrf_token": token})


def change_password(client):
    return client.post(
        "/account/password",
        data={"csrf_token": csrf(client, "/account"), "current": PASSWORD, "new": NEW_PASSWORD},
    )


def one(messages, subject: str):
    (found,) = [m for m in messages if m["Subject"] == subject]
    return found


def test_the_old_address_is_told_of_a_new_one_shown_only_in_part(app, carol, smtp):
    _, inbox = smtp
    assert "password reset links go there" in confirmed(carol, inbox, "carol@example.net").text
    (notice,) = inbox.wait(1)
    assert notice["To"] == "carol@example.org"
    assert notice["Subject"] == EMAIL_CHANGED
    body = notice.get_content()
    assert "'carol'" in body
    assert "2030-05-01 12:00 UTC" in body
    assert "Password reset links now go to c***@e***.net." in body
    assert "carol@example.net" not in body
    assert "example.net" not in body
    assert "If it was not you, someone knows your password." in body
    assert "http://localhost/account/email/undo/" in body
    assert "within 7 days" in body
    # The next reset link goes to the new address, and only there.
    ask_reset(app.test_client(), "carol")
    messages = inbox.wait(2)
    assert [m["To"] for m in messages if m["Subject"] == EMAIL_CHANGED] == ["carol@example.org"]
    assert one(messages, "Reset your Deckwright password")["To"] == "carol@example.net"


def test_the_old_address_is_told_when_the_address_is_removed(app, carol, smtp):
    _, inbox = smtp
    assert "E-mail address removed." in change_email(carol, "").text
    (notice,) = inbox.wait(1)
    assert notice["To"] == "carol@example.org"
    body = notice.get_content()
    assert "The account has no address now: no reset link can be sent for it." in body
    assert "http://localhost/account/email/undo/" in body
    assert "new address" not in body


def test_the_same_address_saved_again_or_a_first_one_tells_no_one(app, carol, smtp):
    _, inbox = smtp
    change_email(carol, "carol@example.org")
    change_email(carol, "")  # told: the one message this test waits for
    (notice,) = inbox.wait(1)
    assert notice["Subject"] == EMAIL_CHANGED
    confirmed(carol, inbox, "carol@example.net")  # a first address: there was none to tell
    ask_reset(app.test_client(), "carol")
    messages = inbox.wait(2)
    time.sleep(0.2)
    assert len(inbox.messages) == 2, [m["Subject"] for m in messages]


def test_a_changed_password_is_told_to_the_address(app, carol, smtp):
    _, inbox = smtp
    assert "Password changed" in change_password(carol).text
    (notice,) = inbox.wait(1)
    assert notice["To"] == "carol@example.org"
    assert notice["Subject"] == PASSWORD_CHANGED
    body = notice.get_content()
    assert "'carol'" in body
    assert "2030-05-01 12:00 UTC" in body
    assert "If it was not you, someone knows your old password." in body
    assert "http://localhost/account/reset" in body
    assert NEW_PASSWORD not in body
    assert PASSWORD not in body


def test_a_completed_reset_is_told_to_the_address(app, carol, smtp):
    _, inbox = smtp
    client = app.test_client()
    ask_reset(client, "carol")
    path = reset_path(inbox.wait(1)[0])
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).text).group(1)
    assert client.post(path, data={"csrf_token": token, "password": NEW_PASSWORD}).status_code == (
        303
    )
    notice = one(inbox.wait(2), PASSWORD_RESET)
    assert notice["To"] == "carol@example.org"
    body = notice.get_content()
    assert "was reset through a link mailed to this address" in body
    assert "Secure this mailbox" in body


def test_no_address_no_notice_and_no_error(app, smtp):
    from tests.accounts.conftest import register

    _, inbox = smtp
    alice = app.test_client()
    register(alice, "alice")
    assert "Password changed" in change_password(alice).text
    time.sleep(0.2)
    assert inbox.messages == []


def wait_for_log(caplog, words: str) -> list[str]:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        found = [r.getMessage() for r in caplog.records if words in r.getMessage()]
        if found:
            return found
        time.sleep(0.01)
    raise AssertionError(f"nothing logged with {words!r}: {caplog.text}")


def test_a_mail_server_that_is_down_changes_nothing_but_is_logged(app, carol, caplog):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        closed = sock.getsockname()[1]
    app.config["SMTP_URL"] = f"smtp://127.0.0.1:{closed}"
    caplog.set_level(logging.WARNING)
    asked = change_email(carol, "carol@example.net")
    assert asked.status_code == 200
    assert "A link to confirm carol@example.net is on its way" in asked.text
    (logged,) = wait_for_log(caplog, CONFIRM)
    assert "to carol@example.net was not sent" in logged
    changed = change_password(carol)
    assert changed.status_code == 200
    assert "Password changed" in changed.text
    wait_for_log(caplog, PASSWORD_CHANGED)
    moved = carol.post(
        "/account/email",
        data={"csrf_token": csrf(carol, "/account"), "email": "", "password": NEW_PASSWORD},
    )
    assert moved.status_code == 200
    assert "E-mail address removed." in moved.text
    assert 'value=""' in carol.get("/account").text
    (logged,) = wait_for_log(caplog, EMAIL_CHANGED)
    assert "to carol@example.org was not sent" in logged


def test_the_change_does_not_wait_for_a_slow_mail_server(app, carol, smtp, slow_mail):
    _, inbox = smtp
    token = csrf(carol, "/account")
    asked = carol.post(
        "/account/email",
        data={"csrf_token": token, "email": "carol@example.net", "password": PASSWORD},
    )
    assert inbox.messages == []  # answered while the mail server still held the mail
    assert "A link to confirm carol@example.net is on its way" in asked.text
    slow_mail.set()
    (confirm,) = inbox.wait(1)
    slow_mail.clear()
    path = re.search(r"http://localhost(/account/email/confirm/\S+)", confirm.get_content())[1]
    token = re.search(r'name="csrf_token" value="([^"]+)"', carol.get(path).text)[1]
    moved = carol.post(path, data={"csrf_token": token})
    assert len(inbox.messages) == 1  # the notice to the old address is still held
    assert "password reset links go there" in moved.text
    slow_mail.set()
    assert inbox.wait(2)[1]["To"] == "carol@example.org"


def test_a_notice_that_cannot_be_started_is_logged_and_the_change_made(
    app, carol, smtp, monkeypatch, caplog
):
    import threading

    def no_thread(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_thread)
    moved = change_email(carol, "")
    monkeypatch.undo()
    assert moved.status_code == 200
    assert "E-mail address removed." in moved.text
    assert "could not be started" in caplog.text
    assert 'value=""' in carol.get("/account").text
