"""The deck builder on a slow or dropped connection: nothing a player does is lost, and the
page's words say what became of it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import deck_rows, example, import_list, open_builder, settle

pytestmark = pytest.mark.browser

# What Chromium logs of each request the tests cut off, and of the date the server refuses.
ALLOWED_PAGE_ERRORS = (
    "Failed to load resource: net::ERR_INTERNET_DISCONNECTED",
    "Failed to load resource: net::ERR_FAILED",
    "Failed to load resource: the server responded with a status of 422 (UNPROCESSABLE ENTITY)",
)


def copies_of(page, name: str) -> int:
    return sum(count for _, card, count in deck_rows(page) if card == name)


def test_a_card_added_while_a_save_is_on_its_way_is_kept_to_save_again(page):
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    kindles = copies_of(page, "Kindle")
    held = []
    page.route("**/api/v1/decks", lambda route: held.append(route))
    page.click("#deck-save")
    expect(page.locator("#save-status")).to_have_text("Saving…")
    # The answer is slow to come: the player goes on and adds a card.
    page.get_by_role("button", name="Add one Kindle").click()
    expect(page.locator("#deck-save")).to_be_disabled()
    held[0].continue_()

    status = page.locator("#save-status")
    expect(status).to_contain_text("Saved as it was when you pressed Save")
    expect(status).to_contain_text("Your changes since are not saved yet")
    expect(page.locator("#deck-save")).to_be_enabled()
    page.unroute("**/api/v1/decks")

    # The link is of the deck as it was sent; the card added since is still here after a reload.
    deck_id = page.locator("#share-link").input_value().rsplit("/", 1)[1]
    shared = page.request.get(f"/api/v1/decks/{deck_id}.txt").text().splitlines()
    assert f"{kindles} Kindle" in shared
    page.reload()
    settle(page)
    assert copies_of(page, "Kindle") == kindles + 1
    expect(status).to_have_text("Changed since it was saved: save again for a new link.")


def test_a_verdict_the_connection_dropped_is_asked_again_once_it_is_back(page):
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    verdict = page.locator("#verdict")
    page.context.set_offline(True)
    page.get_by_role("button", name="Add one Kindle").click()
    expect(verdict).to_contain_text("Cannot check this deck")
    expect(verdict).to_contain_text("The server cannot be reached")
    page.context.set_offline(False)
    # Nothing more is touched: the deck is judged as it is now.
    expect(verdict).to_contain_text("Not legal")
    settle(page)
    assert copies_of(page, "Kindle") == 4


def test_a_verdict_the_server_failed_to_give_is_asked_again_by_its_button(page):
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    page.route("**/api/v1/games/era/validate*", lambda route: route.abort())
    page.get_by_role("button", name="Add one Kindle").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Cannot check this deck")
    page.unroute("**/api/v1/games/era/validate*")
    verdict.get_by_role("button", name="Check again").click()
    expect(verdict).to_contain_text("Not legal in Standard")


def test_a_date_with_a_six_digit_year_is_said_to_be_the_date_not_the_deck(page):
    # The date field takes years up to 275760; the rules are known by four-digit years.
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    date = page.get_by_label("Check with the rules of")
    date.fill("275760-09-13")
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("No rules can be read for 275760-09-13")
    expect(verdict).not_to_contain_text("the deck is not what this endpoint takes")
    expect(date).to_have_attribute("aria-invalid", "true")

    verdict.get_by_role("button", name="Check with today's rules").click()
    expect(verdict).to_contain_text("Legal in Standard")
    expect(date).to_have_value("")
    expect(date).not_to_have_attribute("aria-invalid", "true")


def test_a_search_typed_offline_is_answered_once_the_connection_is_back(page):
    open_builder(page, "era")
    page.context.set_offline(True)
    page.fill("#search-q", "kindle")
    status = page.locator("#search-status")
    expect(status).to_have_text("The server cannot be reached; try again in a moment.")
    page.context.set_offline(False)
    expect(status).to_have_text("1 card; Enter or click adds one.")
    expect(page.locator("#search-results button.result")).to_have_count(1)
