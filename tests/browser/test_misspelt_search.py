"""A stranger looks a card up by a name spelt wrong, on a phone, in each game: the card
browser and the deck builder answer "did you mean" with the card, a tap from it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.builder import deck_rows, open_builder

pytestmark = pytest.mark.browser

# (game, a name as a stranger spells it, the card it means)
MISSPELT = [
    ("era", "embr rex", "Ember Rex"),
    ("shadow-era", "darclaw", "Darkclaw"),
    ("arcmage", "adax archr", "Addax Archer"),
    ("ryft", "abysal kraken mor", "Abyssal Kraken Moor"),
    ("eruma", "al hadin", "Al Haddin"),
]


@pytest.mark.parametrize(("game", "typed", "meant"), MISSPELT)
def test_the_card_browser_offers_the_card_a_misspelt_name_means(phone, game, typed, meant):
    page = phone
    page.goto(f"/games/{game}/cards")
    page.get_by_label("Search").fill(typed)
    expect(page.locator("#results-count")).to_have_text("No cards match.")
    # Said to a screen reader too: the offer is a status of its own.
    offer = page.get_by_role("status").get_by_role("link", name=meant, exact=True)
    offer.tap()
    expect(page.get_by_label("Search")).to_have_value(meant)
    expect(page.locator("#card-list .card-name").first).to_have_text(meant)


def test_the_card_browser_without_scripts_offers_it_too(browser, live_server):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/games/era/cards?q=embr+rex&element=Fire")
    expect(page.locator("#did-you-mean")).to_have_text(re.compile(r"^Did you mean\s+Ember Rex\?$"))
    page.get_by_role("link", name="Ember Rex", exact=True).click()
    expect(page).to_have_url(re.compile(r"q=Ember\+Rex"))
    expect(page).to_have_url(re.compile(r"element=Fire"))
    expect(page.locator("#card-list .card-name")).to_have_text(["Ember Rex"])
    context.close()


@pytest.mark.parametrize(("game", "typed", "meant"), MISSPELT[:2])
def test_the_builder_offers_the_card_a_misspelt_name_means(phone, game, typed, meant):
    page = phone
    open_builder(page, game)
    page.fill("#search-q", typed)
    expect(page.locator("#search-status")).to_have_text(f"No cards match. Did you mean {meant}?")
    page.get_by_role("button", name=f"Search for {meant}").tap()
    expect(page.locator("#search-q")).to_have_value(meant)
    expect(page.locator("#search-suggestions")).to_be_hidden()
    page.get_by_role("button", name=re.compile(f"^{re.escape(meant)} \\(")).tap()
    expect(page.locator("#deck-total")).to_have_text("1 card")
    assert [name for _, name, _ in deck_rows(page)] == [meant]


def test_the_keyboard_reaches_the_card_a_misspelt_name_means_and_adds_it(page):
    open_builder(page, "era")
    page.keyboard.press("/")
    page.keyboard.type("embr rex")
    expect(page.locator("#search-status")).to_contain_text("Did you mean Ember Rex?")
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("button", name="Search for Ember Rex")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#search-q")).to_be_focused()
    expect(page.locator("#search-results button.result")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(page.locator("#deck-total")).to_have_text("1 card")
    assert [name for _, name, _ in deck_rows(page)] == ["Ember Rex"]
