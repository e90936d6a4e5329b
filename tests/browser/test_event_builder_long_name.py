"""The deck builder opened for an event of a long name, on a desktop screen and a tablet's: its
"Submit to <event>" button wraps within the submit panel. It kept to one line, 586 pixels
for 'Northern Regional Championship Qualifier, Winter Season 2026', and the page scrolled
sideways by 195 pixels at 1280, the button's end off the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import loaded, new_event

pytestmark = pytest.mark.browser

NAME = "Northern Regional Championship Qualifier, Winter Season 2026"


@pytest.mark.parametrize("width", [1280, 800])
def test_the_submit_button_of_a_long_named_event_wraps_in_its_panel(context, page, width):
    event_id = new_event(context, NAME)["event"]["id"]
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"/games/era/build?event={event_id}")
    loaded(page)
    button = page.locator("#submit-button")
    expect(button).to_have_text(f"Submit to {NAME}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    panel = page.locator(".submit-panel").bounding_box()
    box = button.bounding_box()
    assert box["x"] + box["width"] <= panel["x"] + panel["width"]
