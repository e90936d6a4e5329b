"""The builder's text and CSV exports of a deck in a format not its game's default, imported
back, put the builder in that format, as its JSON export does."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.builder import deck_rows, example, import_list, open_builder, settle

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("button", ["#export-download", "#export-csv"])
def test_a_text_or_csv_export_imported_back_is_in_its_format(page, button):
    # imported, the list was judged in the format the builder had, the one it named unseen
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    page.select_option("#deck-format", "open")
    page.fill("#deck-name", "Fire and Water")
    settle(page)
    shown = deck_rows(page)
    with page.expect_download() as got:
        page.click(button)
    exported = Path(got.value.path()).read_text(encoding="utf-8")
    if button == "#export-csv":
        rows = list(csv.reader(io.StringIO(exported)))
        assert rows[0][-1] == "format"
        assert {row[-1] for row in rows[1:]} == {"open"}
    else:
        assert exported.startswith("# Fire and Water\n\nFormat: open\n\n")

    page.click("#deck-clear")
    page.select_option("#deck-format", "standard")
    settle(page)
    import_list(page, exported)
    assert deck_rows(page) == shown
    expect(page.locator("#deck-format")).to_have_value("open")
    expect(page.locator("#verdict")).to_have_attribute("data-legal", "true")


def test_a_list_naming_no_format_leaves_the_format_picked(page):
    open_builder(page, "era")
    page.select_option("#deck-format", "open")
    settle(page)
    import_list(page, "Format: Tundra\n" + example("era-legal"))
    expect(page.locator("#deck-format")).to_have_value("open")
