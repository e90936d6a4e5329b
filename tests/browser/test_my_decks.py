"""My decks in Chromium over the real server: a player deletes a deck from its page, once
confirmed, and its share link says so while a copy another player saved stays; and many
decks are shown a page at a time, the last changed first."""

from __future__ import annotations

import secrets

import pytest
from playwright.sync_api import expect

from tests.browser.builder import save_through
from tests.browser.test_accounts import fresh, register_in

pytestmark = pytest.mark.browser


def test_a_player_deletes_a_deck_from_its_page_and_its_link_says_so(browser, live_server):
    owner = fresh(browser, live_server)
    other = fresh(browser, live_server)
    try:
        register_in(owner, f"deleter-{secrets.token_hex(4)}")
        first = save_through(owner, "Doomed Rush")
        latest = save_through(owner, "Doomed Rush v2", parent=first)
        copy = save_through(other, "Someone's Rush", parent=first)

        owner.goto("/account/decks")
        section = owner.locator("section.my-deck", has_text="Doomed Rush v2")
        section.get_by_role("link", name="Delete…").click()
        expect(owner.get_by_role("heading", level=1)).to_have_text("Delete Doomed Rush v2?")
        expect(owner.locator("#delete-deck-form")).to_contain_text("all 2 of its versions")
        # Keeping it deletes nothing: back to the deck.
        owner.get_by_role("link", name="Keep it").click()
        expect(owner.get_by_role("heading", level=1)).to_have_text("Doomed Rush v2")
        assert owner.url.endswith(f"/decks/{latest}")

        owner.get_by_role("link", name="Delete this deck…").click()
        owner.get_by_role("button", name="Delete the deck and its 2 versions").click()
        expect(owner.get_by_role("heading", level=1)).to_have_text("My decks")
        expect(owner.get_by_role("status")).to_contain_text("'Doomed Rush v2' is deleted")
        expect(owner.locator("section.my-deck", has_text="Doomed Rush")).to_have_count(0)

        for deck_id in (first, latest):
            other.goto(f"/decks/{deck_id}")
            expect(other.get_by_role("heading", level=1)).to_have_text("Deleted")
            expect(other.locator(".lead")).to_contain_text("was deleted by its owner")
        other.goto(f"/decks/{copy}")
        expect(other.get_by_role("heading", level=1)).to_have_text("Someone's Rush")
        expect(other.get_by_role("link", name="Delete this deck…")).to_have_count(0)
    finally:
        owner.context.close()
        other.context.close()


def test_many_decks_are_shown_a_page_at_a_time(browser, live_server):
    player = fresh(browser, live_server)
    try:
        register_in(player, f"hoarder-{secrets.token_hex(4)}")
        ids = [save_through(player, f"Pile {n:02}") for n in range(22)]
        save_through(player, "Pile 00 again", parent=ids[0])

        player.goto("/account/decks")
        decks = player.locator("section.my-deck h2")
        expect(decks).to_have_count(20)
        expect(decks.first).to_have_text("Pile 00 again")  # the last changed leads
        expect(player.locator("#decks-count")).to_have_text("22 decks · page 1 of 2")
        player.get_by_role("link", name="Next ›").first.click()
        expect(decks).to_have_text(["Pile 02", "Pile 01"])

        player.get_by_label("Sort by").select_option("name")
        player.get_by_role("button", name="Show").click()
        expect(decks.first).to_have_text("Pile 00 again")
        expect(decks.nth(1)).to_have_text("Pile 01")
        expect(player.get_by_role("navigation", name="Pages of my decks").first).to_contain_text(
            "2"
        )
    finally:
        player.context.close()
