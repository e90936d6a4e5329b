"""What a screen reader hears of the deck builder's verdict, on a phone and a desktop: a new
verdict once, never the verdict of the deck as it was beside the count of the deck as it is."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example, import_list, open_builder, settle
from tests.browser.watch import sized_page

pytestmark = pytest.mark.browser

# Every change of a live region's words that is shown (a hidden one is not read), in order.
LISTEN = """() => {
  window.heard = [];
  for (const region of document.querySelectorAll("[aria-live], [role=status], [role=alert]")) {
    if (region.closest("[aria-hidden=true]")) continue;
    new MutationObserver(() => {
      const words = region.textContent.trim().replace(/\\s+/g, " ");
      const shown = region.getClientRects().length > 0;
      if (words && shown) window.heard.push(words);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  }
}"""


@pytest.fixture(params=["phone", "desktop"])
def sized(request, browser, live_server):
    phone = request.param == "phone"
    size = (360, 640) if phone else (1280, 800)
    yield from sized_page(browser, live_server, *size, touch=phone)


def show_deck(page):
    if page.locator("#phone-bar").is_visible():
        page.locator('#phone-bar [data-tab="deck"]').click()


def heard(page) -> list[str]:
    return page.evaluate("window.heard")


def test_a_tap_that_changes_the_verdict_is_heard_once_with_the_new_verdict(sized):
    page = sized
    open_builder(page, "era")
    show_deck(page)
    import_list(page, example("era-legal"))
    page.evaluate(LISTEN)

    held = []
    page.route("**/api/v1/games/era/validate*", lambda route: held.append(route))
    add = page.get_by_role("button", name="Add one Kindle")
    add.tap() if page.viewport_size["width"] < 700 else add.click()
    expect(page.locator("#deck-total")).to_have_text("37 cards")
    # Judged yet or not, the bar never shows the 36-card deck's verdict beside 37 cards.
    expect(page.locator("#bar-verdict")).to_have_text("Checking…")
    expect(page.locator("#verdict")).to_have_class(re.compile(r"\bchecking\b"))
    for route in held:
        route.continue_()
    page.unroute("**/api/v1/games/era/validate*")
    settle(page)
    expect(page.locator("#verdict")).to_contain_text("Not legal")

    said = heard(page)
    verdicts = [words for words in said if "legal" in words.lower()]
    assert verdicts == ["Not legal in Standard: 2 errors."], said
    assert said.count("Added Kindle: 4 in Deck.") == 1, said

    page.evaluate("window.heard = []")
    page.get_by_role("button", name="Remove one Kindle").click()
    settle(page)
    expect(page.locator("#bar-verdict")).to_have_text("Legal")
    said = heard(page)
    assert [words for words in said if "legal" in words.lower()] == ["Legal in Standard."], said


def test_a_search_results_name_starts_with_the_words_on_it(page):
    """WCAG 2.5.3: the words shown on a result's add button start its name, so a voice user
    saying "click Ember Rex" presses it. The button was named "Add Ember Rex (Dino)" while
    the words on it ran "3 Ember Rex Dino · … Power 4 … Fire": its name held none of them in
    their order. The card's facts are beside the button, and a tap on them still adds it."""
    open_builder(page)
    page.fill("#search-q", "Ember Rex")
    result = page.get_by_role("button", name="Ember Rex (Dino), add", exact=True)
    shown = result.evaluate(
        """(button) => [...button.childNodes]
             .filter((n) => !(n.classList && n.classList.contains("visually-hidden")))
             .map((n) => n.textContent).join("")"""
    )
    assert shown == "Ember Rex"
    # A real click at the facts' middle (force: the button's box lies over them, which is
    # the point), on the result shown once the search has settled, not one it replaced.
    expect(page.locator("#search-results li.result-row")).to_have_count(1)
    page.locator("#search-results li.result-row .card-facts").click(force=True)
    expect(page.locator(".deck-row", has_text="Ember Rex")).to_have_count(1)


def test_a_search_result_says_the_cards_facts_not_only_its_name(page):
    """The add button is named "Ember Rex (Dino), add"; its set, stats and element, shown beside
    the name, are its description: a screen reader choosing between cards hears them."""
    open_builder(page)
    page.fill("#search-q", "Ember Rex")
    result = page.get_by_role("button", name="Ember Rex (Dino), add")
    expect(result).to_have_accessible_description(
        re.compile(r"^Dino · \S+ · .+ Power 4 Stamina 4 Hitpoints 3 Element: Fire$")
    )
