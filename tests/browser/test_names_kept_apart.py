"""A deck's name is the player's own text: one holding a right-to-left override (pasted
from elsewhere, or typed to play tricks) turns the name itself around, and nothing after
it. The dates and words beside a name on the shared deck's page read as ever."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, expect

from tests.browser.builder import save_through as save

pytestmark = pytest.mark.browser

# A name whose override is never closed: what follows it on its line would be turned around.
TURNED = "\u202eFire tempo"

# Whether the first and last letters of some words within an element are drawn in that order.
READS_LEFT_TO_RIGHT = """(element, words) => {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const start = node.data.indexOf(words);
    if (start < 0) continue;
    const left = (i) => {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      return range.getBoundingClientRect().left;
    };
    return left(start) < left(start + words.length - 1);
  }
  throw new Error(`no ${words} in ${element.textContent}`);
}"""


def reads_left_to_right(locator: Locator, words: str | None = None) -> bool:
    """Whether ``words`` (all of the element's text, trimmed, when None) read left to right."""
    return locator.evaluate(READS_LEFT_TO_RIGHT, words or locator.text_content().strip())


def test_a_turned_name_leaves_the_dates_of_the_versions_as_they_read(page):
    first = save(page, TURNED)
    second = save(page, TURNED + " v2", parent=first)

    page.goto(f"/decks/{second}")
    expect(page.get_by_role("heading", level=1)).to_have_text(TURNED + " v2")
    # The tab's title too: the name isolated, " · Deckwright" after it as written.
    assert page.title() == f"\u2068{TURNED} v2\u2069 · Deckwright"
    dates = page.locator("#deck-history > li > span.muted")
    expect(dates).to_have_count(2)
    assert [reads_left_to_right(d) for d in dates.all()] == [True, True]
    assert reads_left_to_right(page.locator("#deck-history > li").first, "(this version)")

    page.goto(f"/decks/{first}")
    edited = page.locator("#newer-versions")
    expect(edited).to_contain_text("Edited since:")
    day = page.locator("#deck-history > li > span.muted").first.text_content().split()[0]
    assert reads_left_to_right(edited, f"({day})")
