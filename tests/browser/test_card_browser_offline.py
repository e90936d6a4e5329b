"""The card browser when the connection drops for a moment while typing."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ALLOWED_PAGE_ERRORS = ("Failed to load resource: net::ERR_INTERNET_DISCONNECTED",)


def test_a_search_typed_offline_is_answered_once_the_connection_is_back(page):
    page.goto("/games/shadow-era/cards")
    page.context.set_offline(True)
    page.get_by_label("Search").fill("bad wolf")
    count = page.locator("#results-count")
    expect(count).to_have_text("The server cannot be reached; try again in a moment.")
    page.context.set_offline(False)
    # Nothing more is typed: the words in the box are searched.
    expect(count).to_have_text("1 card")
    expect(page.locator("#card-list .card-name")).to_have_text(["Bad Wolf"])
