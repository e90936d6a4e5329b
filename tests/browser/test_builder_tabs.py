"""Two builder tabs of one game in one browser: the deck kept for a reload is the one both show."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import deck_rows, import_list, open_builder, save_deck, settle

pytestmark = pytest.mark.browser


def test_two_tabs_of_a_new_deck_follow_each_other_and_a_reload_loses_neither_tabs_edits(
    page, context
):
    open_builder(page, "era")
    import_list(page, "3 Fire Breath\n3 Kindle\n")

    # A second tab opens on the draft kept in this browser.
    other = context.new_page()
    open_builder(other, "era")
    assert ("deck", "Kindle", 3) in deck_rows(other)

    # An edit in the second tab shows in the first, which says where it came from.
    import_list(other, "3 Fire Breath\n3 Kindle\n3 Flame Lash\n")
    expect(page.locator(".deck-row[data-name='Flame Lash']")).to_contain_text("3×")
    expect(page.locator("#draft-status")).to_contain_text("another tab")
    settle(page)

    # An edit in the first tab then builds on the second tab's, not over it.
    page.fill("#deck-name", "Fire Rush")
    expect(other.locator("#deck-name")).to_have_value("Fire Rush")

    # Reloaded, either tab brings back both tabs' work.
    for tab in (page, other):
        tab.reload()
        settle(tab)
        assert ("deck", "Flame Lash", 3) in deck_rows(tab)
        expect(tab.locator("#deck-name")).to_have_value("Fire Rush")
    other.close()


def test_a_deck_saved_in_one_tab_is_said_in_the_other_and_listed_under_my_decks(page, context):
    open_builder(page, "era")
    import_list(page, "3 Fire Breath\n")
    other = context.new_page()
    open_builder(other, "era")
    other.fill("#deck-name", "Saved There")
    save_deck(other)

    expect(page.locator("#draft-status")).to_contain_text("saved in another tab")
    expect(page.locator("#my-decks")).to_contain_text("Saved There")
    # The first tab still shows the deck as it was saved.
    assert ("deck", "Fire Breath", 3) in deck_rows(page)
    other.close()


def test_an_undo_offered_before_another_tab_changed_the_deck_is_withdrawn(page, context):
    # Undo puts back the deck as it was before Clear: after another tab's edit, pressing it
    # would put that older deck over the other tab's work, with nothing to undo it.
    open_builder(page, "era")
    import_list(page, "3 Fire Breath\n")
    page.click("#deck-clear")
    expect(page.locator("#undo-notice")).to_be_visible()
    other = context.new_page()
    open_builder(other, "era")
    import_list(other, "2 Kindle\n")
    expect(page.locator(".deck-row[data-name='Kindle']")).to_contain_text("2×")
    expect(page.locator("#undo-notice")).to_be_hidden()
    page.reload()
    settle(page)
    assert deck_rows(page) == [("deck", "Kindle", 2)]
    other.close()


def test_a_saved_deck_saved_again_in_another_tab_is_not_said_changed_here(page, context):
    open_builder(page, "era")
    import_list(page, "3 Fire Breath\n")
    save_deck(page)
    other = context.new_page()
    other.goto(page.url)
    settle(other)
    page.fill("#deck-name", "Fire Rush")
    expect(other.locator("#deck-name")).to_have_value("Fire Rush")
    save_deck(other)
    expect(page.locator("#draft-status")).to_contain_text("saved in another tab")
    expect(page.locator("#save-status")).not_to_contain_text("Changed since it was saved")
    expect(page.locator("#deck-save")).to_be_disabled()
    other.close()
