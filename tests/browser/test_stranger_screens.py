"""What strangers type never breaks a page: Chromium at a phone's size (375×667) and a
desktop's (1280×800).

A name is whatever a player or an organizer types: a deck, an event or a player called by
one long word, a pasted line that names no card. Each must wrap inside its panel; none may
make the page wider than the window, so nobody has to scroll sideways to read a verdict.
"""

from __future__ import annotations

import secrets

import pytest
from playwright.sync_api import Page, expect

from tests.browser.builder import example, import_list, open_builder, save_deck, settle
from tests.browser.test_accounts import register_in
from tests.browser.watch import sized_page

pytestmark = pytest.mark.browser

SIZES = {"phone": (375, 667), "desktop": (1280, 800)}
# 91 letters and no place to break: wider than a phone, and than a desktop as a heading; a
# player's name may hold 100.
LONG_WORD = "Thunderlizard" * 7


@pytest.fixture(params=list(SIZES))
def sized(request, browser, live_server):
    """A page at each size, in a context of its own; the test fails if its scripts threw or
    logged an error."""
    yield from sized_page(browser, live_server, *SIZES[request.param], request.param == "phone")


def page_width(page: Page) -> int:
    """How wide the page is laid out. A phone's browser widens its window to the page, so
    the page is measured against the screen's width, never against ``innerWidth``."""
    return page.evaluate("document.documentElement.scrollWidth")


def assert_fits(page: Page, where: str) -> None:
    width = page.viewport_size["width"]
    assert page_width(page) <= width, f"{where} is wider than the {width} px window"


def show_tab(page: Page, name: str) -> None:
    """On a phone, open the builder's tab of this name (search, deck, legality)."""
    if page.locator("#phone-bar").is_visible():
        page.locator(f'#phone-bar [data-tab="{name}"]').click()


def test_a_pasted_line_naming_no_card_wraps_in_the_builder(sized):
    page = sized
    open_builder(page)
    show_tab(page, "deck")
    import_list(page, f"3 Ember Rex\n2 {LONG_WORD}\n")
    expect(page.locator("#import-report")).to_contain_text(LONG_WORD)
    assert_fits(page, "the builder's import report")
    show_tab(page, "legality")
    assert_fits(page, "the builder's legality panel")


def test_a_pasted_line_naming_no_card_wraps_on_the_check_page(sized):
    page = sized
    page.goto("/validate")
    page.get_by_label("Game").select_option("era")
    page.get_by_label("Decklist").fill(f"3 Ember Rex\n2 {LONG_WORD}\n")
    page.get_by_role("button", name="Check the deck").click()
    expect(page.locator(".problem-message").first).to_be_visible()
    expect(page.locator("#result")).to_contain_text(LONG_WORD)
    assert_fits(page, "the check page's verdict")


def test_a_deck_named_by_one_long_word_fits_every_page_that_shows_it(sized):
    page = sized
    open_builder(page)
    show_tab(page, "deck")
    import_list(page, example("era-legal"))
    page.get_by_label("Deck name").fill(LONG_WORD)
    save_deck(page)
    expect(page.locator("#my-decks")).to_contain_text(LONG_WORD)
    assert_fits(page, "the builder with the deck under My decks")
    link = page.locator("#share-link").input_value()

    page.goto(link)
    expect(page.get_by_role("heading", level=1)).to_have_text(LONG_WORD)
    assert_fits(page, "the shared deck's page")
    page.goto(f"{link}/print")
    assert_fits(page, "the printable list")

    open_builder(page)
    show_tab(page, "deck")
    settle(page)
    expect(page.locator("#my-decks")).to_contain_text(LONG_WORD)
    assert_fits(page, "the builder's My decks after a reload")


def test_an_event_and_a_player_named_by_one_long_word_fit_every_event_page(sized):
    page = sized
    page.goto("/events/new")
    page.get_by_label("Event name").fill(f"Spring {LONG_WORD}")
    page.get_by_label("Game", exact=True).select_option("era")
    page.get_by_label("Submission deadline").fill("2099-06-01T18:00")
    page.get_by_label("Expected players").fill(f"Ann\n{LONG_WORD}")
    page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(LONG_WORD)
    assert_fits(page, "the event's admin link page")
    submit_url = page.locator("#submit-url").inner_text()
    admin_url = page.locator("#admin-url").inner_text()

    page.goto(submit_url)
    assert_fits(page, "the submission page")
    page.get_by_label("Your name").fill(LONG_WORD)
    page.get_by_label("Decklist").fill(f"3 Ember Rex\n1 {LONG_WORD}\n")
    page.get_by_role("button", name="Submit and check").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(LONG_WORD)
    expect(page.locator(".problem-message").first).to_be_visible()
    assert_fits(page, "the player's private page")

    page.goto(admin_url)
    expect(page.locator("#entries")).to_contain_text(LONG_WORD)
    assert_fits(page, "the dashboard")
    row = page.locator("#entries tbody tr", has_text=LONG_WORD).first
    row.get_by_role("link", name="List", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(LONG_WORD)
    assert_fits(page, "the organizer's view of the list")


@pytest.mark.parametrize("game_id", ["era", "arcmage", "ryft"])
def test_the_builders_stats_fit_a_phone_and_the_odds_table_scrolls_in_its_box(sized, game_id):
    """The draw odds are a table of five turns; on a phone it scrolls sideways in its own box,
    and the legality tab (verdict, charts, odds, sample hand) stays as wide as the screen."""
    page = sized
    open_builder(page, game_id)
    show_tab(page, "deck")
    import_list(page, example(f"{game_id}-legal"))
    show_tab(page, "legality")
    expect(page.locator("#charts .odds-table")).to_be_visible()
    assert_fits(page, "the builder's legality tab")
    box = page.locator(".stats-panel").bounding_box()
    assert box["x"] + box["width"] <= page.viewport_size["width"], box


def test_a_user_name_of_forty_letters_keeps_every_page_within_a_phone(sized):
    """A user name may be 40 letters with no space; shown in the header of every page once
    logged in, it wraps instead of pushing the page, and the builder's tabs, off the screen."""
    page = sized
    name = f"Thunderlizard{secrets.token_hex(4)}".ljust(40, "x")
    register_in(page, name)
    assert_fits(page, "the account page")
    open_builder(page)
    expect(page.get_by_role("navigation", name="Main")).to_contain_text(name)
    assert_fits(page, "the builder")
    tabs = page.locator("#phone-bar")
    if tabs.is_visible():
        legality = page.locator('#phone-bar [data-tab="legality"]').bounding_box()
        assert legality["x"] + legality["width"] <= page.viewport_size["width"], legality
