"""The deck builder by keyboard alone: the focus stays where the next step is."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example, open_builder, settle
from tests.browser.watch import sized_page

pytestmark = pytest.mark.browser


def test_saving_by_keyboard_leaves_the_focus_on_copy_link_not_the_page(page):
    # Save is disabled while the deck is saved and once nothing is left to save: a focus left on
    # it fell to the page, and the next Tab (or a screen reader) started again from the top.
    open_builder(page)
    page.keyboard.press("/")
    page.keyboard.type("Ember Rex")
    page.get_by_role("button", name="Ember Rex (Dino), add").focus()
    page.keyboard.press("Enter")
    settle(page)
    page.locator("#deck-save").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#save-status")).to_contain_text("Saved")
    expect(page.get_by_role("button", name="Copy link")).to_be_focused()


def test_importing_by_keyboard_leaves_the_focus_on_import(page):
    # Import is disabled while the list is read: the focus on it fell to the page.
    open_builder(page)
    page.fill("#import-text", example("era-legal"))
    page.locator("#import-button").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#import-report .import-summary")).to_be_visible()
    settle(page)
    expect(page.locator("#import-button")).to_be_focused()


def test_the_last_more_results_leaves_the_focus_on_the_first_card_it_brought(page):
    # The last page hides More results: the focus on it fell to the page.
    open_builder(page)
    more = page.get_by_role("button", name="More results")
    results = page.locator("#search-results button.result")
    while True:
        expect(more).to_be_visible()
        shown = results.count()
        more.focus()
        page.keyboard.press("Enter")
        expect(results).not_to_have_count(shown)
        if not more.is_visible():
            break
        expect(more).to_be_focused()
    expect(results.nth(shown)).to_be_focused()


def test_on_a_phone_removing_the_decks_last_card_leaves_the_focus_on_the_deck_tab(phone):
    # The focus went to the search box, out of sight under the Search tab: it fell to the page.
    page = phone
    open_builder(page)
    page.fill("#search-q", "Ember Rex")
    page.get_by_role("button", name="Ember Rex (Dino), add").tap()
    settle(page)
    page.get_by_role("tab", name="Deck").tap()
    page.get_by_role("button", name="Remove one Ember Rex").focus()
    page.keyboard.press("Enter")
    settle(page)
    expect(page.get_by_role("tab", name="Deck")).to_be_focused()
    expect(page.get_by_role("tab", name="Deck")).to_have_text("Deck 0")


@pytest.fixture
def zoomed(browser, live_server):
    """A 1280-pixel desktop window zoomed to 200%: 640 CSS pixels, the builder's tabs."""
    yield from sized_page(browser, live_server, 640, 400)


@pytest.mark.parametrize("key", ["Escape", "/"])
def test_on_the_tabs_the_keys_to_the_search_box_show_the_search_tab(zoomed, key):
    # One tab shows at a time. Escape on a deck row, and "/", sent the focus to the search box
    # under the Search tab, out of sight: it fell to the page.
    page = zoomed
    open_builder(page)
    page.fill("#search-q", "Ember Rex")
    page.get_by_role("button", name="Ember Rex (Dino), add").click()
    settle(page)
    page.get_by_role("tab", name="Deck").click()
    page.get_by_role("button", name="Add one Ember Rex").focus()
    page.keyboard.press(key)
    expect(page.locator("#search-q")).to_be_focused()
    expect(page.get_by_role("tab", name="Search")).to_have_attribute("aria-selected", "true")
