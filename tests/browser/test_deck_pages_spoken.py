"""A saved deck's printable list as a screen reader reads it: each card with its columns'
headers (copies, card, type), not numbers and names in a table of none."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import save_through

pytestmark = pytest.mark.browser


def test_the_printable_list_reads_each_card_with_its_columns(page):
    deck = save_through(page, "Heard Rush")
    page.goto(f"/decks/{deck}/print")
    tables = page.locator(".print-part table")
    expect(tables.first).to_be_visible()
    for i in range(tables.count()):
        headers = tables.nth(i).get_by_role("columnheader")
        expect(headers).to_have_text(["Copies", "Card", "Type"])
    # The headers are for the ear: a table's first card is at its top, as it was.
    table, first_row = tables.first.bounding_box(), tables.first.locator("tbody tr").first
    assert first_row.bounding_box()["y"] == table["y"]
