"""What an account step did is heard, not only shown: the page it leads to (after a redirect, or
a form's answer) puts the focus on the sentence saying it. A status message already on the page
as it loads is not announced by a screen reader; one that has the focus is read out."""

from __future__ import annotations

import secrets

import pytest
from playwright.sync_api import Page, expect

from tests.browser.builder import save_through
from tests.browser.test_accounts import PASSWORD, fresh, register_in

pytestmark = pytest.mark.browser


@pytest.fixture
def player(browser, live_server):
    page = fresh(browser, live_server)
    register_in(page, f"heard-{secrets.token_hex(4)}")
    yield page
    page.context.close()


def focused_text(page: Page) -> str:
    return page.evaluate("document.activeElement.textContent.trim()")


def test_a_deleted_deck_is_said_where_the_focus_lands(player):
    deck = save_through(player, "Gone Rush")
    player.goto(f"/account/decks/{deck}/delete")
    player.get_by_role("button", name="Delete the deck and its 1 version").click()
    expect(player.get_by_role("heading", level=1)).to_have_text("My decks")
    said = player.get_by_role("status")
    expect(said).to_contain_text("'Gone Rush' is deleted")
    expect(said).to_be_focused()


def test_a_changed_visibility_is_said_where_the_focus_lands(player):
    save_through(player, "Open Rush")
    player.goto("/account/decks")
    player.get_by_label("Visibility").select_option("public")
    player.get_by_role("button", name="Save").click()
    expect(player.get_by_role("status")).to_have_text("Visibility saved.")
    expect(player.get_by_role("status")).to_be_focused()


def test_a_changed_password_is_said_where_the_focus_lands(player):
    player.get_by_label("Current password").fill(PASSWORD)
    player.get_by_label("New password").fill(PASSWORD + " and more")
    player.get_by_role("button", name="Change the password").click()
    expect(player.get_by_role("status")).to_contain_text("Password changed")
    expect(player.get_by_role("status")).to_be_focused()


def test_what_went_wrong_takes_the_focus_before_what_was_done(player):
    """A claim of a deck with no key says both; the refusal is what the player must act on."""
    deck = save_through(player, "Not Mine")
    player.goto("/account/decks")
    player.get_by_label("Deck ids (or links) and claim keys, one deck a line").fill(deck)
    player.get_by_role("button", name="Claim these decks").click()
    expect(player.get_by_role("status")).to_have_text("0 decks claimed.")
    expect(player.get_by_role("alert")).to_be_focused()
    assert focused_text(player).startswith("Not claimed:")


def test_a_deleted_account_is_said_on_the_page_it_leads_to(player):
    """Deleted, the account's owner lands on the home page: it says so, where the focus is."""
    player.get_by_label("Your password", exact=True).fill(PASSWORD)
    player.get_by_role("button", name="Delete my account").click()
    expect(player.get_by_role("link", name="Log in")).to_be_visible()
    said = player.get_by_role("status")
    expect(said).to_have_text("Your account is deleted, with its sessions and tokens.")
    expect(said).to_be_focused()
    player.reload()  # said once
    expect(player.get_by_role("status")).to_have_count(0)


def test_logging_out_is_said_on_the_page_it_leads_to(player):
    player.get_by_role("button", name="Log out", exact=True).click()
    expect(player.get_by_role("link", name="Log in")).to_be_visible()
    expect(player.get_by_role("status")).to_have_text("You are logged out.")
    expect(player.get_by_role("status")).to_be_focused()


def test_logging_out_everywhere_is_said_on_the_page_it_leads_to(player):
    player.get_by_role("button", name="Log out everywhere").click()
    expect(player.get_by_role("heading", level=1)).to_have_text("Log in")
    said = player.get_by_role("status")
    expect(said).to_have_text("Every session of your account is logged out, this one too.")
    expect(said).to_be_focused()
