"""A card shown in the builder on a short screen (a phone on its side, a page zoomed to 200%)
is whole within reach: its top is not above the screen, nor its foot under the phone's bar."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import open_builder
from tests.browser.watch import watch

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("width", "height", "touch"),
    [(640, 360, True), (640, 400, False)],
    ids=["phone on its side", "desktop at 200%"],
)
def test_a_card_taller_than_the_screen_scrolls_in_its_panel(
    browser, live_server, width, height, touch
):
    context = browser.new_context(
        base_url=live_server,
        viewport={"width": width, "height": height},
        is_mobile=touch,
        has_touch=touch,
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = watch(page)
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
    context.close()
    assert errors == [], "the page's scripts reported errors"
