"""Accounts in Chromium over the real server: register, create an event, lose the admin link,
reach the dashboard from "My events" in another browser, and revoke a leaked link."""

from __future__ import annotations

import re
import secrets
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

PASSWORD = "a long enough password"


def fresh(browser, live_server) -> Page:
    context = browser.new_context(base_url=live_server, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    return context.new_page()


def test_an_organizer_loses_the_admin_link_and_reaches_the_dashboard_from_my_events(
    browser, live_server
):
    name = f"org-{secrets.token_hex(4)}"
    laptop = fresh(browser, live_server)
    phone = fresh(browser, live_server)
    stranger = fresh(browser, live_server)
    try:
        laptop.goto("/")
        laptop.get_by_role("link", name="Log in").click()
        laptop.get_by_role("link", name="Create one").click()
        laptop.get_by_label("User name").fill(name)
        laptop.get_by_label("Password").fill(PASSWORD)
        laptop.get_by_role("button", name="Create the account").click()
        expect(laptop.get_by_role("heading", level=1)).to_have_text(name)
        expect(laptop.get_by_role("navigation", name="Main")).to_contain_text(name)

        laptop.get_by_role("link", name="Run an event").click()
        laptop.get_by_label("Event name").fill("Account Cup")
        deadline = datetime.now(UTC) + timedelta(days=1)
        laptop.get_by_label("Submission deadline").fill(deadline.strftime("%Y-%m-%dT%H:%M"))
        laptop.get_by_role("button", name="Create the event").click()
        leaked = laptop.locator("#admin-url").inner_text()
        laptop.context.close()  # the admin link is lost with the laptop

        # Another browser: log in, and the dashboard is one click from "My events".
        phone.goto("/account/login")
        phone.get_by_label("User name").fill(name)
        phone.get_by_label("Password").fill(PASSWORD)
        phone.get_by_role("button", name="Log in").click()
        phone.get_by_role("link", name="My events").click()
        event = phone.locator("section.my-event", has_text="Account Cup")
        event.get_by_role("button", name="Open the dashboard").click()
        expect(phone.get_by_role("heading", level=1)).to_have_text("Account Cup")
        expect(phone.locator(".crumbs")).to_have_text("Organizer’s dashboard")

        # The admin link leaked: a new one is issued, and the old one is refused.
        stranger.goto(leaked)
        expect(stranger.get_by_role("heading", level=1)).to_have_text("Account Cup")
        phone.goto("/account/events")
        event.locator("summary").click()
        phone.once("dialog", lambda dialog: dialog.accept())
        event.get_by_role("button", name="Issue a new admin link").click()
        new = phone.locator("#new-admin-url").inner_text()
        assert new != leaked
        stranger.goto(leaked)
        expect(stranger.get_by_role("heading", level=1)).to_have_text(re.compile("Not found"))
        stranger.goto(new)
        expect(stranger.get_by_role("heading", level=1)).to_have_text("Account Cup")
    finally:
        for page in (phone, stranger):
            page.context.close()
