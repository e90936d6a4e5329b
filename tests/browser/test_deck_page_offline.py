"""A shared deck's page when the connection drops for a moment: a new grouping picked then
keeps the page and says what became of it."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example

pytestmark = pytest.mark.browser

ALLOWED_PAGE_ERRORS = ("Failed to load resource: net::ERR_INTERNET_DISCONNECTED",)


def test_a_grouping_picked_offline_keeps_the_deck_and_is_done_once_back(page):
    saved = page.request.post(
        "/api/v1/decks",
        data=json.dumps({"game": "era", "name": "Fire tempo", "text": example("era-legal")}),
        headers={"Content-Type": "application/json"},
    ).json()
    page.goto(f"/decks/{saved['id']}")
    groups = page.locator("#deck-groups h3")
    expect(groups.first).to_contain_text("Dino")

    page.context.set_offline(True)
    page.get_by_label("Group by").select_option("section")
    expect(page.get_by_role("status").filter(has_text="Not regrouped")).to_have_text(
        "Not regrouped: the server cannot be reached. It is done once the connection is back."
    )
    expect(page.get_by_role("heading", level=1)).to_have_text("Fire tempo")
    page.context.set_offline(False)
    expect(groups.first).to_contain_text("Dinos")
    expect(page.locator(".deck-view-status")).to_be_empty()
