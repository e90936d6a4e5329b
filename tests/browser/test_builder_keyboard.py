"""The deck builder by keyboard alone: the focus stays where the next step is."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import open_builder, settle

pytestmark = pytest.mark.browser


def test_saving_by_keyboard_leaves_the_focus_on_the_share_link_not_the_page(page):
    # Save is disabled while the deck is saved and once nothing is left to save: a focus left on
    # it fell to the page, and the next Tab (or a screen reader) started again from the top.
    open_builder(page)
    page.keyboard.press("/")
    page.keyboard.type("Ember Rex")
    page.get_by_role("button", name="Add Ember Rex (Dino)").focus()
    page.keyboard.press("Enter")
    settle(page)
    page.locator("#deck-save").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#save-status")).to_contain_text("Saved")
    expect(page.get_by_role("button", name="Copy link")).to_be_focused()
