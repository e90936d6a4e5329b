"""The card the mouse shows in the builder never covers the row under the mouse: in a window
of two columns (a 1024-pixel laptop) or one, a card shown at the foot of the screen came up
over the deck row's + and the search result's + the mouse was on, and the click meant for
them landed on the card. The mouse shows cards where the builder has three columns; in
fewer, a card shows on a click of its "i" or its name."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import deck_rows, example, import_list, open_builder
from tests.browser.watch import sized_page

pytestmark = pytest.mark.browser

ON_THE_CARD = "([x, y]) => !!document.elementFromPoint(x, y)?.closest('#card-preview')"


@pytest.fixture(
    params=[(1400, 800), (1024, 700), (600, 800)],
    ids=["three columns", "two columns", "one column"],
)
def window(request, browser, live_server):
    width, height = request.param
    yield from sized_page(browser, live_server, width, height)


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_card_shown_for_a_deck_row_leaves_its_buttons_to_click(window):
    page = window
    open_builder(page, "era")
    if page.locator("#tab-deck").is_visible():  # one column: the builder's parts in tabs
        page.click("#tab-deck")
    import_list(page, example("era-legal"))
    height = page.viewport_size["height"]
    shown = 0
    rows = page.locator(".deck-row")
    for i in range(rows.count()):
        row = rows.nth(i)  # found again each time: the deck redraws its rows
        row.scroll_into_view_if_needed()
        plus = row.get_by_role("button", name="Add one")
        x, y = centre(plus)
        if not 0 < y < height:
            continue
        page.mouse.move(x, y)
        shown += page.locator("#card-preview").is_visible()
        assert not page.evaluate(ON_THE_CARD, [x, y]), row.get_attribute("data-name")
    three_columns = page.viewport_size["width"] >= 1180
    assert bool(shown) == three_columns, shown

    # The row's + under the mouse takes the click.
    total = sum(count for _, _, count in deck_rows(page))
    page.locator(".deck-row").last.get_by_role("button", name="Add one").click()
    expect(page.locator("#deck-total")).to_have_text(f"{total + 1} cards")


def test_a_card_shown_for_a_search_result_leaves_its_plus_to_click(window):
    page = window
    open_builder(page, "era")
    total = page.request.get("/api/v1/games/era/cards?q=e").json()["total"]
    page.fill("#search-q", "e")
    expect(page.locator("#search-status")).to_contain_text(f"{total} cards")
    results = page.locator("#search-results li.result-row")
    height = page.viewport_size["height"]
    for i in range(min(8, results.count())):
        result = results.nth(i)
        result.scroll_into_view_if_needed()
        x, y = centre(result.locator(".result-add"))
        if not 0 < y < height:
            continue
        page.mouse.move(x, y)
        assert not page.evaluate(ON_THE_CARD, [x, y]), result.text_content()
