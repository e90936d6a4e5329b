"""The deck builder in Chromium: search and add, import, export, save and share, keyboard."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.builder import deck_rows, example, import_list, open_builder, settle

pytestmark = pytest.mark.browser


def row(page, name):
    return page.locator(
        ".deck-row", has=page.locator(".card-name", has_text=re.compile(f"^{name}$"))
    )


def test_search_add_a_card_and_the_legality_panel_changes(page):
    open_builder(page, "era")
    page.evaluate("window.sameDocument = true")  # gone if anything reloaded the page
    problems = page.locator("#problems")
    expect(problems).to_contain_text("You need exactly 3 dinos: you have 0 dinos")

    page.fill("#search-q", "ember rex")
    expect(page.locator("#search-results button.result")).to_have_count(1)
    page.get_by_role("button", name="Add Ember Rex (Dino)").click()

    expect(row(page, "Ember Rex")).to_contain_text("1×")
    settle(page)
    expect(problems).to_contain_text("you have 1 dino")
    expect(problems).not_to_contain_text("you have 0 dinos")
    expect(page.locator("#deck-total")).to_have_text("1 card")
    assert page.evaluate("window.sameDocument") is True


def test_import_lists_unread_lines_with_their_number_and_imports_the_rest(page):
    open_builder(page, "era")
    text = example("era-illegal")
    typo = text.splitlines().index("1 Embr Rex") + 1
    import_list(page, text)

    report = page.locator("#import-report")
    expect(report).to_contain_text(f"Line {typo}:")
    expect(report).to_contain_text("no ERA card is called 'Embr Rex'")
    assert ("dinos", "Ember Rex", 2) in deck_rows(page)
    assert ("deck", "Fire Breath", 4) in deck_rows(page)
    assert sum(count for _, _, count in deck_rows(page)) == 36

    report.get_by_role("button", name=f"Use Ember Rex on line {typo}").click()
    expect(report).to_contain_text("Imported 37 cards.")
    assert page.input_value("#import-text").splitlines()[typo - 1] == "1 Ember Rex"
    settle(page)
    assert ("dinos", "Ember Rex", 2) in deck_rows(page)


def test_offending_cards_are_highlighted_and_listed_with_their_rule(page):
    open_builder(page, "era")
    import_list(page, example("era-illegal"))
    rex = row(page, "Ember Rex")
    expect(rex).to_have_class(re.compile(r"\boffending-error\b"))
    expect(row(page, "Kindle")).not_to_have_class(re.compile(r"\boffending\b"))

    problem = page.locator(".problem", has_text="No dino may be selected twice")
    expect(problem).to_contain_text("era-unique-dinos")
    problem.get_by_role("button", name="Ember Rex").click()
    expect(rex.get_by_role("button", name="Remove one Ember Rex")).to_be_focused()

    rex.get_by_role("button", name="Remove one Ember Rex").click()
    settle(page)
    expect(rex).not_to_have_class(re.compile(r"\boffending\b"))
    expect(page.locator("#problems")).not_to_contain_text("No dino may be selected twice")


def test_export_gives_the_canonical_text_to_download_and_copy(page, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    expect(page.locator("#verdict")).to_have_attribute("data-legal", "true")

    exported = page.input_value("#export-text")
    assert exported.startswith("Dinos:\n1 Ember Rex\n")
    assert "Deck:\n" in exported

    page.fill("#deck-name", "Fire and Water")
    with page.expect_download() as download:
        page.click("#export-download")
    assert download.value.suggested_filename == "Fire-and-Water.txt"
    assert Path(download.value.path()).read_text(encoding="utf-8") == exported

    page.click("#export-copy")
    expect(page.locator("#export-copy")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == exported


def test_save_and_the_share_link_opens_the_same_deck(page, context):
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    page.fill("#deck-name", "Fire and Water")
    page.select_option("#deck-format", "open")
    settle(page)
    before = deck_rows(page)

    page.click("#deck-save")
    expect(page.locator("#save-status")).to_contain_text("Saved")
    link = page.input_value("#share-link")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/decks/[\w-]+", link)
    assert page.url == link

    shared = context.new_page()
    shared.goto(link)
    settle(shared)
    assert deck_rows(shared) == before
    assert shared.input_value("#deck-name") == "Fire and Water"
    assert shared.input_value("#deck-format") == "open"
    expect(shared.locator("h1")).to_have_text("Fire and Water")
    expect(shared.locator("#verdict")).to_have_attribute("data-legal", "true")
    expect(shared.locator("#deck-save")).to_be_disabled()

    # An edit of a shared deck is saved as a new deck; the old link keeps the old deck.
    row(shared, "Kindle").get_by_role("button", name="Remove one Kindle").click()
    shared.click("#deck-save")
    expect(shared.locator("#save-status")).to_contain_text("Saved")
    assert shared.input_value("#share-link") != link
    shared.close()


def test_keyboard_alone_adds_and_removes_cards(page):
    open_builder(page, "era")
    page.keyboard.press("/")
    expect(page.locator("#search-q")).to_be_focused()
    page.keyboard.type("tidefang")
    expect(page.get_by_role("button", name="Add Tidefang Mosasaur (Dino)")).to_be_visible()
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("button", name="Add Tidefang Mosasaur (Dino)")).to_be_focused()
    page.keyboard.press("Enter")
    expect(row(page, "Tidefang Mosasaur")).to_contain_text("1×")
    page.keyboard.press("+")
    expect(row(page, "Tidefang Mosasaur")).to_contain_text("2×")

    page.keyboard.press("Escape")
    expect(page.locator("#search-q")).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("kindle")
    page.keyboard.press("Enter")  # Enter in the box adds the top result, once it is known
    expect(row(page, "Kindle")).to_contain_text("1×")

    tidefang = row(page, "Tidefang Mosasaur")
    tidefang.get_by_role("button", name="Add one Tidefang Mosasaur").focus()
    page.keyboard.press("+")
    expect(tidefang).to_contain_text("3×")
    expect(tidefang.get_by_role("button", name="Add one Tidefang Mosasaur")).to_be_focused()
    page.keyboard.press("-")
    expect(tidefang).to_contain_text("2×")
    page.keyboard.press("Delete")
    page.keyboard.press("Delete")
    expect(tidefang).to_have_count(0)
    # The keyboard stays in the deck: on the neighbouring row.
    expect(row(page, "Kindle").get_by_role("button", name="Add one Kindle")).to_be_focused()
    page.keyboard.press("Enter")  # Enter on a focused button presses it
    expect(row(page, "Kindle")).to_contain_text("2×")
    settle(page)
    assert deck_rows(page) == [("deck", "Kindle", 2)]
