"""Accounts in Chromium over the real server: register, create an event, lose the admin link,
reach the dashboard from "My events" in another browser, and revoke a leaked link; save decks
in the builder, find them on "My decks" in another browser, and make one private."""

from __future__ import annotations

import re
import secrets
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Page, expect

from tests.browser.builder import (
    example,
    import_list,
    open_builder,
    register_apart,
    save_deck,
    settle,
)
from tests.browser.test_event_organizer import watch

pytestmark = pytest.mark.browser

PASSWORD = "a long enough password"


def fresh(browser, live_server) -> Page:
    context = browser.new_context(base_url=live_server, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    return context.new_page()


def end_login(live_database, name: str) -> None:
    """The account's login ends, as when it expires or is ended from another device."""
    with sqlite3.connect(live_database) as db:
        db.execute(
            "DELETE FROM account_sessions"
            " WHERE account_id = (SELECT id FROM accounts WHERE name = ?)",
            [name],
        )


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


def register_in(page: Page, name: str) -> None:
    # The form itself is filled in by the first test above; the others' accounts come from
    # addresses of their own, inside the live server's limit of new accounts per address.
    register_apart(page, name, PASSWORD)


def log_in_to(page: Page, name: str) -> None:
    page.goto("/account/login")
    page.get_by_label("User name").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(name)


def save_in_builder(page: Page, name: str) -> str:
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    page.fill("#deck-name", name)
    settle(page)
    save_deck(page)
    return page.input_value("#share-link")


def test_decks_saved_in_the_builder_are_on_my_decks_elsewhere_and_a_private_one_is_404(
    browser, live_server
):
    owner, other = f"deck-{secrets.token_hex(4)}", f"other-{secrets.token_hex(4)}"
    desk, phone, rival, anonymous = (fresh(browser, live_server) for _ in range(4))
    try:
        register_in(desk, owner)
        link = save_in_builder(desk, "Desk Fire")
        save_in_builder(desk, "Desk Water")

        # Another browser, logged in as the same account, lists both with their verdicts.
        log_in_to(phone, owner)
        phone.goto("/account/decks")
        decks = phone.locator("section.my-deck")
        expect(decks).to_have_count(2)
        fire = decks.filter(has_text="Desk Fire")
        expect(fire).to_contain_text("Legal")
        fire.get_by_label("Visibility").select_option("private")
        fire.get_by_role("button", name="Save").click()
        expect(phone.locator("section.my-deck", has_text="Desk Fire")).to_have_attribute(
            "data-visibility", "private"
        )

        # The owner still opens it; another account and an anonymous browser get 404.
        phone.goto(link)
        expect(phone.get_by_role("heading", level=1)).to_have_text("Desk Fire")
        register_in(rival, other)
        deck_id = link.rsplit("/", 1)[1]
        for page in (rival, anonymous):
            for path in (f"/decks/{deck_id}", f"/api/v1/decks/{deck_id}"):
                assert page.request.get(path).status == 404, path
            page.goto(link)
            expect(page.get_by_role("heading", level=1)).to_have_text(re.compile("Not found"))
    finally:
        for page in (desk, phone, rival, anonymous):
            page.context.close()


def test_decks_saved_before_logging_in_are_claimed_from_this_browser(browser, live_server):
    """The saving browser claims its deck with the key its save gave; a stranger holding the
    share link cannot; a deck kept with no key (saved before claim keys) is pointed out."""
    page = fresh(browser, live_server)
    stranger = fresh(browser, live_server)
    errors = watch(page)
    try:
        link = save_in_builder(page, "Kept Before Login")
        deck_id = link.rsplit("/", 1)[1]
        register_in(stranger, f"taker-{secrets.token_hex(4)}")
        stranger.goto("/account/decks")
        stranger.get_by_label("Deck ids (or links) and claim keys, one deck a line").fill(link)
        stranger.get_by_role("button", name="Claim these decks").click()
        expect(stranger.get_by_role("status")).to_have_text("0 decks claimed.")
        expect(stranger.get_by_role("alert")).to_contain_text(f"Not claimed: {deck_id}.")
        expect(stranger.locator("section.my-deck")).to_have_count(0)

        page.evaluate(
            """() => {
              const decks = JSON.parse(localStorage.getItem("deckwright:my-decks"));
              decks.push({id: "keptBeforeKeys1", game: "era", name: "Old Save"});
              localStorage.setItem("deckwright:my-decks", JSON.stringify(decks));
            }"""
        )
        register_in(page, f"claim-{secrets.token_hex(4)}")
        page.goto("/account/decks")
        # The form is filled from what this browser remembers: each deck's id and claim key.
        field = page.get_by_label("Deck ids (or links) and claim keys, one deck a line")
        expect(field).to_have_value(re.compile(rf"^{re.escape(deck_id)} [\w-]{{40,}}$"))
        expect(page.locator("#claim-keyless")).to_contain_text("no claim key")
        expect(page.locator("#claim-keyless a")).to_have_text("Old Save")
        page.get_by_role("button", name="Claim these decks").click()
        expect(page.get_by_role("status")).to_have_text("1 deck claimed.")
        expect(page.locator("section.my-deck")).to_contain_text("Kept Before Login")
        # Claimed, it is listed, and the form is not filled with it again.
        expect(field).to_have_value("")
        assert errors == []
    finally:
        page.context.close()
        stranger.context.close()


def test_an_edit_saved_after_the_login_ended_says_so_and_loses_nothing(
    browser, live_server, live_database
):
    """The login ends while a private deck is being edited: saving says the login ended, not
    that the deck is unknown; logged in again in another tab, the same save goes through."""
    name = f"ended-{secrets.token_hex(4)}"
    page = fresh(browser, live_server)
    try:
        register_in(page, name)
        link = save_in_builder(page, "Night Tech")
        deck_id = link.rsplit("/", 1)[1]
        page.goto("/account/decks")
        mine = page.locator("section.my-deck", has_text="Night Tech")
        mine.get_by_label("Visibility").select_option("private")
        mine.get_by_role("button", name="Save").click()
        expect(page.locator("section.my-deck")).to_have_attribute("data-visibility", "private")

        page.goto(f"/decks/{deck_id}/edit")
        settle(page)
        page.fill("#deck-name", "Night Tech v2")
        end_login(live_database, name)
        page.click("#deck-save")
        status = page.locator("#save-status")
        expect(status).to_contain_text("Not saved")
        expect(status).to_contain_text("Your login has ended")
        expect(page.locator("#deck-name")).to_have_value("Night Tech v2")

        # Logged in again in another tab, the same save, from the same page, goes through.
        other = page.context.new_page()
        log_in_to(other, name)
        page.click("#deck-save")
        expect(status).to_contain_text("Saved")
        saved = page.input_value("#share-link").rsplit("/", 1)[1]
        answer = page.request.get(f"/api/v1/decks/{saved}").json()
        assert (answer["name"], answer["parent"]) == ("Night Tech v2", deck_id)
        assert other.request.get(f"/api/v1/decks/{saved}").status == 200
    finally:
        page.context.close()


def test_a_public_deck_saved_after_the_login_ended_is_said_to_be_kept_for_claiming(
    browser, live_server, live_database
):
    """The login ends while a public deck is being edited: the save goes through with no one
    logged in, and the builder says it is not the account's yet and how to make it so."""
    name = f"lapsed-{secrets.token_hex(4)}"
    page = fresh(browser, live_server)
    try:
        register_in(page, name)
        link = save_in_builder(page, "Day Tech")
        expect(page.locator("#save-status")).to_have_text(
            "Saved. Anyone with the link sees this version."
        )
        deck_id = link.rsplit("/", 1)[1]
        page.goto(f"/decks/{deck_id}/edit")
        settle(page)
        page.fill("#deck-name", "Day Tech v2")
        end_login(live_database, name)
        page.click("#deck-save")
        status = page.locator("#save-status")
        expect(status).to_contain_text("Saved, but not to your account: your login had ended.")
        expect(status).to_contain_text("log in and claim it on My decks")
        expect(status.get_by_role("link", name="My decks")).to_have_attribute(
            "href", "/account/decks"
        )
        saved = page.input_value("#share-link").rsplit("/", 1)[1]
        kept = page.evaluate("() => JSON.parse(localStorage.getItem('deckwright:my-decks'))")
        assert next(d for d in kept if d["id"] == saved)["key"]

        # Logged in again, the claim form offers it and claiming adds it to the account.
        log_in_to(page, name)
        page.goto("/account/decks")
        page.get_by_role("button", name="Claim these decks").click()
        expect(page.get_by_role("status")).to_have_text("1 deck claimed.")
        expect(page.locator("section.my-deck", has_text="Day Tech v2")).to_have_count(1)
    finally:
        page.context.close()


def test_a_refused_login_takes_the_focus_to_what_was_wrong(browser, live_server):
    # The form comes back with the reason above it: read from the top of the page again, a
    # screen reader's user heard the header and the heading first, and an alert already on
    # the page as it loads is not announced. (The page is answered 401, which Chromium logs.)
    context = browser.new_context(base_url=live_server)
    try:
        page = context.new_page()
        page.goto("/account/login")
        page.get_by_label("User name").fill(f"nobody-{secrets.token_hex(4)}")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        expect(page.get_by_role("alert")).to_be_focused()
    finally:
        context.close()
