"""The pages an address's links open fit a 360px phone: confirming an address mailed to, the
account page waiting for it, and undoing a change from the notice the old address got."""

from __future__ import annotations

import re
import threading

import pytest
from playwright.sync_api import expect

from tests.accounts.conftest import PASSWORD
from tests.accounts.test_reset import mail_server
from tests.browser.watch import sized_page

# Long enough to widen a phone's page if it did not wrap.
LONG = "averylongmailboxnamethatsomeonereallyusesathome@deckwrightexample.org"
PHONE = 360


@pytest.fixture
def mailing_site(tmp_path):
    """A site that sends mail, to an SMTP server on this machine, served from a thread:
    (its base URL, the inbox)."""
    from werkzeug.serving import make_server

    from webapp import create_app

    with mail_server() as (smtp_url, inbox):
        app = create_app(
            {
                "DATABASE": str(tmp_path / "site.sqlite"),
                "TESTING": True,
                "ACCOUNT_SCRYPT_N": 2**10,
                "SMTP_URL": smtp_url,
            }
        )
        server = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_port}", inbox
        finally:
            server.shutdown()
            thread.join()


@pytest.fixture
def phone(browser, mailing_site):
    yield from sized_page(browser, mailing_site[0], PHONE, 640, touch=True)


def link_in(message, path: str) -> str:
    return re.search(rf"https?://[^/\s]+({path}/\S+)", message.get_content()).group(1)


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE


def test_confirming_and_undoing_an_address_on_a_phone(phone, mailing_site):
    _, inbox = mailing_site
    phone.goto("/account/register")
    phone.get_by_label("User name").fill("erin")
    phone.get_by_label("Password").fill(PASSWORD)
    phone.get_by_label("E-mail").fill(LONG)
    phone.get_by_role("button", name="Create the account").click()
    expect(phone.get_by_text("A link to confirm your e-mail address is on its way")).to_be_visible()
    # Said where the focus lands, after the redirect: a screen reader reads it out.
    expect(phone.get_by_role("status")).to_be_focused()
    expect(phone.locator("#email-waiting")).to_contain_text(LONG)
    fits(phone)
    (confirm,) = inbox.wait(1)
    phone.goto(link_in(confirm, "/account/email/confirm"))
    expect(phone.locator(".address")).to_have_text(LONG)
    fits(phone)
    phone.get_by_role("button", name="Confirm the address").click()
    expect(phone.locator("#confirmed")).to_contain_text("password reset links go there")
    expect(phone.get_by_role("status")).to_be_focused()
    fits(phone)
    # A new address, confirmed: the old one's notice carries the link that undoes it.
    phone.goto("/account")
    phone.locator("#email").fill("erin@example.net")
    phone.locator("#email-password").fill(PASSWORD)
    phone.get_by_role("button", name="Save the address").click()
    expect(phone.get_by_text("A link to confirm erin@example.net is on its way")).to_be_visible()
    fits(phone)
    second = inbox.wait(2)[1]
    phone.goto(link_in(second, "/account/email/confirm"))
    phone.get_by_role("button", name="Confirm the address").click()
    notice = inbox.wait(3)[2]
    assert notice["To"] == LONG
    phone.goto(link_in(notice, "/account/email/undo"))
    expect(phone.get_by_role("heading", level=1)).to_have_text("Undo the change of address")
    fits(phone)
    phone.get_by_role("button", name="Undo the change").click()
    expect(phone.locator("#undone")).to_contain_text(f"{LONG} is the address of the account")
    expect(phone.get_by_role("status")).to_be_focused()
    fits(phone)
    reset = inbox.wait(4)[3]
    assert (reset["To"], reset["Subject"]) == (LONG, "Reset your Deckwright password")


def test_a_reset_link_asked_for_is_said_where_the_focus_lands(phone):
    phone.goto("/account/reset")
    phone.get_by_label("User name").fill("nobody-here")
    phone.get_by_role("button", name="Send a reset link").click()
    expect(phone.get_by_role("status")).to_contain_text("a reset link is on its way")
    expect(phone.get_by_role("status")).to_be_focused()
