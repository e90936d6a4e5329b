"""The builder's "Fits my deck" filter in Chromium: cards the deck cannot take are hidden."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import open_builder

pytestmark = pytest.mark.browser


def test_fits_my_deck_hides_the_cards_the_hero_cannot_take(page):
    open_builder(page, "shadow-era")
    page.fill("#search-q", "Nishaven")
    results = page.locator("#search-results button.result")
    # The answer to these words first: the list shown before it holds every card.
    expect(results).to_have_count(1)
    page.get_by_role("button", name="Nishaven (Hero), add").click()
    expect(page.locator("#deck-total")).to_have_text("1 card")

    page.fill("#search-q", "Book of Curses")
    book = page.locator("#search-results li.result-row", has_text="Book of Curses")
    expect(book).to_be_visible()
    page.check("#search-fits")
    expect(book).to_be_hidden()
    assert "Priest" in book.get_attribute("title")
    expect(page.locator("#search-status")).to_contain_text("1 card shown here does not fit")
    # Enter in the box adds the top result shown, never one hidden for not fitting.
    page.press("#search-q", "Enter")
    expect(page.locator("#deck-total")).to_have_text("1 card")
    expect(page.locator(".deck-row", has_text="Book of Curses")).to_have_count(0)

    page.fill("#search-q", "Freezing Grip")
    expect(page.locator("#search-results li.result-row", has_text="Freezing Grip")).to_be_visible()

    page.uncheck("#search-fits")
    page.fill("#search-q", "Book of Curses")
    expect(book).to_be_visible()


def test_the_fits_box_sits_beside_its_words_on_a_wide_screen(page):
    """Every field of the search took the width of its column, the box to tick too: the box
    stood alone in the middle of it and 'Fits my deck' broke onto two lines beside it."""
    open_builder(page, "era")
    box = page.locator("#search-fits").bounding_box()
    label = page.locator(".field-fits label").bounding_box()
    assert box["width"] < 24
    assert label["height"] < 2 * box["height"] + 8
