"""An address is confirmed by a link mailed to it before reset links go there, and the notice of
a changed address carries a link that undoes the change: the owner of an account whose address
and password were both changed by someone else takes it back."""

from __future__ import annotations

import re
from datetime import timedelta

from tests.accounts import test_reset
from tests.accounts.conftest import PASSWORD, csrf, log_in
from tests.accounts.test_reset import NEW_PASSWORD, ask_reset, reset_path

smtp, app_config, carol = test_reset.smtp, test_reset.app_config, test_reset.carol

CONFIRM = "Confirm your e-mail address for Deckwright"
CHANGED = "The e-mail address of your Deckwright account was changed"
RESET = "Reset your Deckwright password"


def sent(inbox, subject: str, to: str) -> list:
    return [m for m in inbox.messages if (m["Subject"], m["To"]) == (subject, to)]


def arrived(inbox, subject: str, to: str):
    """The last message of that subject to that address, once one has come."""
    inbox.wait_for(lambda: sent(inbox, subject, to))
    return sent(inbox, subject, to)[-1]


def link_in(message, path: str) -> str:
    return re.search(rf"http://localhost({path}/\S+)", message.get_content()).group(1)


def press(client, path: str):
    """The button of a link's page, pressed with the page's CSRF token."""
    page = client.get(path)
    assert page.status_code == 200, page.text
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)
    return client.post(path, data={"csrf_token": token})


def ask_for(client, address: str, password: str = PASSWORD):
    return client.post(
        "/account/email",
        data={"csrf_token": csrf(client, "/account"), "email": address, "password": password},
    )


def move_to(client, inbox, address: str, password: str = PASSWORD):
    """Give a new address and confirm it by the link mailed to it."""
    before = len(sent(inbox, CONFIRM, address))
    ask_for(client, address, password)
    inbox.wait_for(lambda: len(sent(inbox, CONFIRM, address)) > before)
    done = press(client, link_in(sent(inbox, CONFIRM, address)[-1], "/account/email/confirm"))
    assert done.status_code == 200, done.text
    return done


def test_a_new_address_takes_over_only_once_confirmed_by_the_link_mailed_to_it(app, carol, smtp):
    _, inbox = smtp
    asked = ask_for(carol, "carol@example.net")
    assert asked.status_code == 200
    assert "A link to confirm carol@example.net is on its way there" in asked.text
    assert "Until then reset links go to carol@example.org." in asked.text
    (confirm,) = inbox.wait(1)
    assert (confirm["To"], confirm["Subject"]) == ("carol@example.net", CONFIRM)
    assert "'carol'" in confirm.get_content()
    page = carol.get("/account").text
    assert 'value="carol@example.org"' in page
    assert "Waiting to be confirmed: <strong>carol@example.net</strong>" in page
    # Until it is confirmed, reset links go to the address the account had.
    ask_reset(app.test_client(), "carol")
    assert inbox.wait(2)[1]["To"] == "carol@example.org"
    path = link_in(confirm, "/account/email/confirm")
    stranger = app.test_client()  # the mail is read on another device, logged in or not
    shown = stranger.get(path)
    assert "Confirm the address" in shown.text
    assert shown.headers["Referrer-Policy"] == "no-referrer"
    assert 'value="carol@example.org"' in carol.get("/account").text  # a GET changes nothing
    done = press(stranger, path)
    assert done.status_code == 200
    assert "password reset links go there from now on" in done.text
    assert 'value="carol@example.net"' in carol.get("/account").text
    assert "Waiting to be confirmed" not in carol.get("/account").text
    # The old address is told, with the link that undoes it; resets now go to the new one.
    notice = arrived(inbox, CHANGED, "carol@example.org")
    assert "/account/email/undo/" in notice.get_content()
    ask_reset(app.test_client(), "carol")
    assert arrived(inbox, RESET, "carol@example.net")
    assert stranger.get(path).status_code == 404  # used up


def test_an_address_given_at_registration_gets_nothing_until_confirmed(app, smtp):
    _, inbox = smtp
    client = app.test_client()
    said = "once you open the link mailed to it that confirms it is yours"
    assert said in client.get("/account/register").text
    client.post(
        "/account/register",
        data={
            "csrf_token": csrf(client, "/account/register"),
            "name": "dave",
            "password": PASSWORD,
            "email": "dave@example.org",
        },
    )
    assert "A link to confirm your e-mail address is on its way" in client.get("/account").text
    (confirm,) = inbox.wait(1)
    assert (confirm["To"], confirm["Subject"]) == ("dave@example.org", CONFIRM)
    ask_reset(app.test_client(), "dave")  # no address yet: no reset link is sent anywhere
    press(client, link_in(confirm, "/account/email/confirm"))
    ask_reset(app.test_client(), "dave")
    assert [m["Subject"] for m in inbox.wait(2)] == [CONFIRM, RESET]


def test_an_address_never_confirmed_gets_no_more_mail_and_its_link_expires(app, carol, smtp, clock):
    _, inbox = smtp
    ask_for(carol, "carol@exmaple.org")  # mistyped
    path = link_in(inbox.wait(1)[0], "/account/email/confirm")
    clock.now += timedelta(hours=25)
    assert app.test_client().get(path).status_code == 404
    assert "Waiting to be confirmed" not in carol.get("/account").text
    ask_reset(app.test_client(), "carol")
    assert inbox.wait(2)[1]["To"] == "carol@example.org"


def test_only_the_newest_address_given_can_be_confirmed(app, carol, smtp):
    _, inbox = smtp
    ask_for(carol, "carol@exmaple.org")
    inbox.wait(1)
    ask_for(carol, "carol@example.net")
    first, second = (
        link_in(arrived(inbox, CONFIRM, to), "/account/email/confirm")
        for to in ("carol@exmaple.org", "carol@example.net")
    )
    assert app.test_client().get(first).status_code == 404
    assert app.test_client().get(second).status_code == 200
    # Saving the address it has again drops the one waiting.
    ask_for(carol, "carol@example.org")
    assert app.test_client().get(second).status_code == 404


def test_the_link_pages_need_the_csrf_token_and_a_get_changes_nothing(app, carol, smtp):
    _, inbox = smtp
    ask_for(carol, "carol@example.net")
    path = link_in(inbox.wait(1)[0], "/account/email/confirm")
    client = app.test_client()
    assert client.post(path).status_code == 403
    assert client.get(path).status_code == 200
    move_to(carol, inbox, "carol@example.net")
    undo = link_in(arrived(inbox, CHANGED, "carol@example.org"), "/account/email/undo")
    assert client.post(undo).status_code == 403
    page = client.get(undo)
    assert page.status_code == 200
    assert page.headers["Referrer-Policy"] == "no-referrer"
    assert "Undo the change" in page.text
    assert 'value="carol@example.net"' in carol.get("/account").text


def take_over(app, inbox):
    """A thief logs in with carol's stolen password, makes a token, opens a dashboard,
    moves the address to one of theirs and changes the password."""
    from tests.accounts.conftest import create_event
    from tests.accounts.test_my_events import open_dashboard
    from tests.accounts.test_tokens import make_token

    thief = app.test_client()
    assert log_in(thief, "carol").status_code == 303
    event_id = create_event(thief).split("/")[2]
    token = make_token(thief)
    dashboard = open_dashboard(thief, event_id).headers["Location"]
    move_to(thief, inbox, "thief@example.com")
    changed = thief.post(
        "/account/password",
        data={"csrf_token": csrf(thief, "/account"), "current": PASSWORD, "new": "the thief's now"},
    )
    assert changed.status_code == 200
    return thief, token, dashboard


def test_the_notice_link_takes_back_an_account_whose_address_and_password_were_taken(
    app, carol, smtp
):
    from tests.accounts.test_tokens import bearer

    _, inbox = smtp
    thief, token, dashboard = take_over(app, inbox)
    notice = arrived(inbox, CHANGED, "carol@example.org")
    body = notice.get_content()
    assert "within 7 days" in body
    assert "thief@example.com" not in body
    undo = link_in(notice, "/account/email/undo")
    owner = app.test_client()
    done = press(owner, undo)
    assert done.status_code == 200
    assert "carol@example.org</strong> is the address of the account carol again" in done.text
    assert "A link to set a new password is on its way to carol@example.org" in done.text
    # Everything the thief held is ended: session, token, dashboard link, their password.
    assert thief.get("/account").status_code == 303
    assert app.test_client().get("/api/v1/account", headers=bearer(token)).status_code == 401
    assert thief.get(dashboard).status_code == 404
    assert log_in(app.test_client(), "carol", "the thief's now").status_code == 401
    assert log_in(app.test_client(), "carol").status_code == 401
    assert owner.get(undo).status_code == 404  # used up
    # The reset link comes to the address put back, and it alone opens the account.
    reset = arrived(inbox, RESET, "carol@example.org")
    path = reset_path(reset)
    token = re.search(r'name="csrf_token" value="([^"]+)"', owner.get(path).text).group(1)
    assert owner.post(path, data={"csrf_token": token, "password": NEW_PASSWORD}).status_code == (
        303
    )
    assert 'value="carol@example.org"' in owner.get("/account").text
    assert log_in(app.test_client(), "carol", NEW_PASSWORD).status_code == 303


def test_the_thiefs_own_undo_links_cannot_take_the_address_back(app, carol, smtp):
    _, inbox = smtp
    thief, _token, _dashboard = take_over(app, inbox)
    move_to(thief, inbox, "thief2@example.com", "the thief's now")
    owners = link_in(arrived(inbox, CHANGED, "carol@example.org"), "/account/email/undo")
    thiefs = link_in(arrived(inbox, CHANGED, "thief@example.com"), "/account/email/undo")
    # The thief undoes their own later change first: the owner's link, of an earlier
    # change, still works, and once used, the thief's is dead.
    press(app.test_client(), thiefs)
    assert press(app.test_client(), owners).status_code == 200
    assert app.test_client().get(thiefs).status_code == 404
    # Each undo mailed a reset link to the address it put back; once both are in, the next
    # reset link asked for goes to the owner's address alone.
    arrived(inbox, RESET, "thief@example.com")
    arrived(inbox, RESET, "carol@example.org")
    inbox.messages.clear()
    ask_reset(app.test_client(), "carol")
    (reset,) = inbox.wait(1)
    assert (reset["Subject"], reset["To"]) == (RESET, "carol@example.org")


def test_the_undo_link_works_for_seven_days(app, carol, smtp, clock):
    _, inbox = smtp
    move_to(carol, inbox, "carol@example.net")
    undo = link_in(arrived(inbox, CHANGED, "carol@example.org"), "/account/email/undo")
    clock.now += timedelta(days=6, hours=23)
    assert app.test_client().get(undo).status_code == 200
    clock.now += timedelta(hours=2)
    assert app.test_client().get(undo).status_code == 404


def test_a_removed_address_can_be_put_back_too(app, carol, smtp):
    _, inbox = smtp
    removed = ask_for(carol, "")
    assert "E-mail address removed." in removed.text
    undo = link_in(arrived(inbox, CHANGED, "carol@example.org"), "/account/email/undo")
    press(app.test_client(), undo)
    assert arrived(inbox, RESET, "carol@example.org")


def test_a_confirmation_link_opened_again_does_not_ask_for_the_address_again(app, carol, smtp):
    """Opened a second time from the mail, the used link said to give the address again,
    though it was confirmed: it says a link opened before confirmed it already."""
    _, inbox = smtp
    move_to(carol, inbox, "carol@example.net")
    again = carol.get(
        link_in(sent(inbox, CONFIRM, "carol@example.net")[-1], "/account/email/confirm")
    )
    assert again.status_code == 404
    words = " ".join(again.text.split())
    assert "Opened before, it confirmed the address already: your account page shows it." in words


def test_an_address_refused_stays_in_its_field_to_be_put_right(app, carol, smtp):
    """A wrong password or an address that is none: the page says so and shows the address
    typed, not the one on file, which the owner would otherwise save again by mistake."""
    wrong = ask_for(carol, "carol@example.net", "not the password")
    assert wrong.status_code == 401
    assert 'value="carol@example.net"' in wrong.text
    assert 'value="carol@example.org"' not in wrong.text
    bad = ask_for(carol, "carol at example.net")
    assert bad.status_code == 400
    assert 'value="carol at example.net"' in bad.text
    assert 'value="carol@example.org"' in carol.get("/account").text


def test_the_reset_link_an_undo_mails_says_the_old_password_no_longer_works(app, carol, smtp):
    """Told "ignore this message: your password stays as it is", the owner would keep a
    password the undo has just stopped."""
    _, inbox = smtp
    move_to(carol, inbox, "carol@example.net")
    press(
        app.test_client(),
        link_in(arrived(inbox, CHANGED, "carol@example.org"), "/account/email/undo"),
    )
    body = arrived(inbox, RESET, "carol@example.org").get_content()
    assert "stays as it is" not in body
    assert "The password set before no longer works" in body
    assert "http://localhost/account/reset/" in body
    assert body.rstrip().endswith("ask for another at http://localhost/account/reset")


def test_the_data_download_holds_the_address_waiting_and_those_a_link_may_put_back(
    app, carol, smtp
):
    import json

    _, inbox = smtp
    move_to(carol, inbox, "carol@example.net")
    ask_for(carol, "carol@exmaple.org")
    account = json.loads(carol.get("/account/data.json").text)["account"]
    assert account["email"] == "carol@example.net"
    assert [w["email"] for w in account["email_waiting"]] == ["carol@exmaple.org"]
    assert [u["email"] for u in account["email_undo"]] == ["carol@example.org"]
