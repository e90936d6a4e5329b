"""A long paste into a search box (a card's whole text, a paragraph of a forum post) still
searches: the box keeps as much as an address can carry, where the server refused the
search in words meant for programmers ("send the data in a POST body instead")."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import open_builder

pytestmark = pytest.mark.browser

LONG = "ember " * 800


def test_the_card_browser_searches_with_a_long_paste(page):
    page.goto("/games/era/cards")
    page.fill("#filter-q", LONG)
    expect(page.locator("#card-list .card-name")).to_have_text(["Ember Hide", "Ember Rex"])
    expect(page.locator("#results-count")).not_to_contain_text("request")


def test_the_builder_searches_with_a_long_paste(page):
    open_builder(page, "era")
    page.fill("#search-q", LONG)
    expect(page.locator("#search-results button.result")).to_have_count(2)
    expect(page.locator("#search-status")).not_to_contain_text("request")
    page.press("#search-q", "Enter")
    expect(page.locator(".deck-row")).to_have_count(1)
