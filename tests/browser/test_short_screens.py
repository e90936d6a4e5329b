"""The builder on a short or narrow screen (a phone on its side, a page zoomed to 200%): a card
shown is whole within reach (its top not above the screen, its foot not under the phone's
bar), and the panels of a tab are as wide as the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import open_builder
from tests.browser.watch import sized_page

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("width", "height", "touch"),
    [(640, 360, True), (640, 400, False)],
    ids=["phone on its side", "desktop at 200%"],
)
def test_a_card_taller_than_the_screen_scrolls_in_its_panel(
    browser, live_server, width, height, touch
):
    opened = sized_page(browser, live_server, width, height, touch)
    page = next(opened)
    open_builder(page, "arcmage")
    show = page.locator("#search-results button.info-button").first
    show.tap() if touch else show.click()
    preview = page.locator("#card-preview")
    expect(preview).to_be_visible()
    box = preview.bounding_box()
    bar = page.locator("#phone-bar").bounding_box()
    assert box["y"] >= 0, "the card's top is above the screen"
    assert box["y"] + box["height"] <= bar["y"] + 1, "the card's foot is under the bar"
    # Its name at the top and its Close at the foot are both reached.
    expect(preview.locator(".card-frame").first).to_be_in_viewport(ratio=0.1)
    close = preview.get_by_role("button", name="Close")
    close.scroll_into_view_if_needed()
    close.tap() if touch else close.click()
    expect(preview).to_be_hidden()
    next(opened, None)  # its context closed; the test fails if its scripts reported errors


def test_at_200_percent_each_panel_of_a_tab_is_as_wide_as_the_page(browser, live_server):
    # A 1280 px desktop zoomed to 200% lays the builder out in 640 px: the phone's tabs.
    context = browser.new_context(base_url=live_server, viewport={"width": 640, "height": 400})
    page = context.new_page()
    open_builder(page, "eruma")
    page.locator('#phone-bar [data-tab="deck"]').click()
    widths = page.eval_on_selector_all(
        ".builder > section",
        "panels => panels.filter(p => p.offsetParent).map(p => [p.id, p.offsetWidth])",
    )
    context.close()
    assert len(widths) >= 2
    assert len({width for _, width in widths}) == 1, widths
