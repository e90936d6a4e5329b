"""Every page but the events' on a 360-pixel touch phone: each link, button and field a thumb
taps is 24 by 24 CSS pixels or more (WCAG 2.2, 2.5.8), but a link inside a sentence, which is
as tall as its line. The card names of a shared deck were 22.5 pixels tall, one under another
with no room between them, and the crumbs atop a page 16."""

from __future__ import annotations

import secrets

import pytest
from playwright.sync_api import Page, expect

from tests.browser.builder import (
    example,
    import_list,
    register_apart,
    save_deck,
    save_through,
    settle,
)
from tests.browser.watch import sized_page

pytestmark = pytest.mark.browser

FINGER = 24

# The targets under 24 pixels on the page, but links inside a sentence (drawn inline, with
# words of the sentence beside them); crumbs are links one beside another, not a sentence.
SMALL = """() => {
  const targets = 'a[href], button, input:not([type=hidden]), select, textarea, summary';
  const small = [];
  for (const target of document.querySelectorAll(targets)) {
    // A search result's add button covers its card (its ::after): the card is the target.
    const box = (target.closest('.result-card') || target).getBoundingClientRect();
    if (!box.width || !box.height || target.closest('[hidden], .visually-hidden')) continue;
    if (target.matches('.file-input')) continue;  // drawn by its label, a button
    if (box.width >= 24 && box.height >= 24) continue;
    const words = target.parentElement.textContent.replace(target.textContent, '');
    const inSentence = getComputedStyle(target).display === 'inline'
      && /[A-Za-z]/.test(words) && !target.closest('.crumbs');
    if (!inSentence) {
      const size = `${Math.round(box.width)}x${Math.round(box.height * 10) / 10}`;
      small.push(`${target.textContent.trim().slice(0, 40)} (${size})`);
    }
  }
  return small;
}"""


@pytest.fixture
def phone(browser, live_server):
    yield from sized_page(browser, live_server, 360, 740, touch=True)


def small_targets(page: Page, path: str | None = None) -> list[str]:
    if path:
        page.goto(path)
    return page.evaluate(SMALL)


def test_the_pages_of_games_cards_and_decks(phone):
    page = phone
    deck = save_through(page, "Thumb Rush")
    for path in (
        "/",
        f"/decks/{deck}",
        f"/decks/{deck}/print",
        "/games/era/cards",
        "/games/era/cards/era-ember-rex",
        "/games/era/public-decks",
        "/validate",
        "/account/login",
        "/account/register",
    ):
        assert small_targets(page, path) == [], path


def test_the_check_pages_answer(phone):
    page = phone
    page.goto("/validate")
    page.get_by_label("Game").select_option("era")
    page.get_by_label("Decklist").fill(example("era-illegal"))
    page.get_by_role("button", name="Check the deck").tap()
    expect(page.locator("#result")).to_be_visible()
    assert small_targets(page) == []


def test_the_builder_in_each_of_its_tabs(phone):
    page = phone
    page.goto("/games/era/build")
    settle(page)
    page.get_by_role("tab", name="Deck").tap()
    import_list(page, example("era-illegal"))
    save_deck(page)  # and it is listed under My decks
    page.get_by_role("tab", name="Search").tap()
    page.fill("#search-q", "e")
    expect(page.locator("#search-results button.result").first).to_be_visible()
    for tab in ("Search", "Deck", "Legality"):
        page.get_by_role("tab", name=tab).tap()
        assert small_targets(page) == [], tab


def test_the_account_pages(phone):
    page = phone
    register_apart(page, f"thumb-{secrets.token_hex(4)}", "a long enough password")
    deck = save_through(page, "Thumb Rush")
    for path in (
        "/account",
        "/account/decks",
        "/account/events",
        f"/account/decks/{deck}/delete",
        f"/decks/{deck}",
    ):
        assert small_targets(page, path) == [], path
