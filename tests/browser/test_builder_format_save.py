"""A saved deck picked in another format is a change to save, as a card added is."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example, import_list, open_builder, save_deck, settle

pytestmark = pytest.mark.browser


def test_a_saved_deck_put_in_another_format_can_be_saved_in_it(page):
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    save_deck(page)
    page.goto(page.locator("#share-link").input_value() + "/edit")
    settle(page)
    expect(page.locator("#deck-save")).to_be_disabled()

    page.get_by_label("Format").select_option("open")
    expect(page.locator("#deck-save")).to_be_enabled()
    expect(page.locator("#save-status")).to_have_text(
        "Changed since it was saved: save again for a new link."
    )
    save_deck(page)
    deck_id = page.locator("#share-link").input_value().rsplit("/", 1)[1]
    assert page.request.get(f"/api/v1/decks/{deck_id}").json()["format"] == "open"
