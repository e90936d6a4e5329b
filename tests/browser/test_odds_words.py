"""The draw odds never call a chance certain that is not: 15 actions among 27 cards dealt
into an opening hand of 6 are seen 99.7% of the time, not 100%."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example, import_list, open_builder, save_deck

pytestmark = pytest.mark.browser


def test_a_near_sure_draw_reads_over_99_not_100_in_the_builder_and_on_the_deck_page(page):
    open_builder(page, "era")
    import_list(page, example("era-legal"))
    actions = page.locator("#charts tr", has_text="Any Action").locator("td")
    expect(actions.first).to_have_text(">99%")
    assert 0.99 < float(actions.first.get_attribute("data-chance")) < 1

    save_deck(page)
    page.goto(page.locator("#share-link").input_value())
    row = page.locator("#deck-odds tr", has_text="Any Action").locator("td")
    expect(row.first).to_have_text(">99%")
    # A chance that is certain or impossible still says so.
    events = page.locator("#deck-odds tr", has_text="Any Event").locator("td")
    expect(events.first).to_have_text("0%")
