"""Why "Fits my deck" hides a card, said where a player reads it: in the search status, on
a phone too, and each hidden card's reason a Tab away (a row's tooltip is seen by a mouse
alone, and a hidden row's by no one)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.builder import example, import_list, open_builder
from tests.browser.watch import sized_page

pytestmark = pytest.mark.browser

SIZE = "You need exactly 3 dinos: you have 4 dinos"


@pytest.fixture
def tall_phone(browser, live_server):
    """A 360x740 touch phone's page, in a context of its own."""
    yield from sized_page(browser, live_server, 360, 740, touch=True)


def full_era_deck(page: Page) -> None:
    """The builder on ERA's legal example: 3 dinos, 3 crystals and 30 deck cards, all full."""
    open_builder(page, "era")
    if page.locator("#tab-deck").is_visible():
        page.click("#tab-deck")
    import_list(page, example("era-legal"))
    expect(page.locator("#deck-total")).to_have_text("36 cards")
    if page.locator("#tab-search").is_visible():
        page.click("#tab-search")
    if page.locator("#filters-toggle").is_visible():
        page.click("#filters-toggle")


def fits_on(page: Page, words: str) -> None:
    """Search dinos for ``words`` with "Fits my deck" on, and wait for the cards it hides."""
    page.select_option("#search-type", label="Dino")
    page.fill("#search-q", words)
    page.check("#search-fits")
    expect(page.locator("#search-results li.result-row[hidden]").first).to_be_attached()


def test_a_full_era_deck_on_a_phone_says_why_the_dinos_are_hidden(tall_phone):
    """Every dino hidden beside 3 dinos, and the status said only '2 shown here do not fit
    your deck and are hidden.': the size was a tooltip on rows no one sees."""
    full_era_deck(tall_phone)
    fits_on(tall_phone, "Ankylosaur")
    status = tall_phone.locator("#search-status")
    expect(status).to_contain_text(f"2 cards shown here do not fit your deck: {SIZE}.")
    status.scroll_into_view_if_needed()
    expect(status).to_be_in_viewport()
    box = status.bounding_box()
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 360


def test_one_card_hidden_is_said_in_the_singular(page):
    """'1 shown here do not fit your deck'."""
    full_era_deck(page)
    fits_on(page, "Granite Pachycephalosaur")
    status = page.locator("#search-status")
    expect(status).to_contain_text(f"1 card shown here does not fit your deck: {SIZE}.")
    expect(status).not_to_contain_text("do not fit")
    expect(page.get_by_role("button", name="Granite Pachycephalosaur (Dino), add")).to_be_hidden()


def test_each_hidden_reason_is_a_tab_away_when_the_reasons_differ(page):
    """Dinos hidden for the size, for a second copy of a dino the deck holds and for a
    product not legal here: the status names the commonest and counts the rest; the list
    of every reason opens from the keyboard and is read by its role."""
    full_era_deck(page)
    fits_on(page, "")
    expect(page.locator("#search-status")).to_contain_text(
        f"21 cards shown here do not fit your deck: 17 because \u201c{SIZE}\u201d, "
        "4 for 2 other reasons."
    )
    reasons = page.locator("#search-unfit")
    page.focus("#search-fits")
    for _ in range(4):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id") == "search-unfit-summary":
            break
    expect(page.locator("#search-unfit-summary")).to_be_focused()
    expect(page.locator("#search-unfit-summary")).to_have_text("Why each of the 21 is hidden")
    page.keyboard.press("Enter")
    expect(reasons).to_have_attribute("open", "")
    items = reasons.get_by_role("listitem")
    expect(items.filter(has_text=SIZE)).to_contain_text("Boulderback Ankylosaur")
    expect(items.filter(has_text="you have 2 copies of Ember Rex (at most 1)")).to_have_count(1)
    expect(items.filter(has_text="Riftborn Velociraptor is from Prototype Promo")).to_be_visible()

    # Off, nothing is hidden and nothing is said of it.
    page.uncheck("#search-fits")
    expect(reasons).to_be_hidden()
    expect(page.locator("#search-status")).not_to_contain_text("fit")
