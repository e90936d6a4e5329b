"""On a phone the builder's parts are tabs (Search, Deck, Legality) that work as tabs do with a
keyboard (the WAI-ARIA tabs pattern): one Tab stop, the arrows, Home and End move and pick."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.builder import new_event, settle

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


def picked(page: Page) -> list[tuple[str, str, str]]:
    """Each tab as (name, aria-selected, tabindex)."""
    return [
        (
            tab.get_attribute("data-tab"),
            tab.get_attribute("aria-selected"),
            tab.get_attribute("tabindex"),
        )
        for tab in page.get_by_role("tab").all()
    ]


def check_tabs(page: Page) -> None:
    tab = {
        name: page.get_by_role("tab", name=label)
        for name, label in (("search", "Search"), ("deck", "Deck"), ("legality", "Legality"))
    }
    # Each tab names the parts of the page it shows, and they are there.
    for name, control in tab.items():
        ids = control.get_attribute("aria-controls").split()
        assert ids, name
        for part in ids:
            assert page.locator(f"#{part}").get_attribute("data-tab-panel") == name

    # The picked tab is the bar's one Tab stop.
    assert picked(page) == [
        ("search", "true", "0"),
        ("deck", "false", "-1"),
        ("legality", "false", "-1"),
    ]
    tab["search"].focus()

    page.keyboard.press("ArrowRight")
    expect(tab["deck"]).to_be_focused()
    expect(tab["deck"]).to_have_attribute("aria-selected", "true")
    expect(page.locator("#panel-deck")).to_be_visible()
    expect(page.locator("#panel-search")).to_be_hidden()
    assert picked(page) == [
        ("search", "false", "-1"),
        ("deck", "true", "0"),
        ("legality", "false", "-1"),
    ]

    page.keyboard.press("End")
    expect(tab["legality"]).to_be_focused()
    expect(page.locator("#panel-legality")).to_be_visible()
    # Past the last tab, the first.
    page.keyboard.press("ArrowRight")
    expect(tab["search"]).to_be_focused()
    expect(page.locator("#panel-search")).to_be_visible()
    page.keyboard.press("ArrowLeft")
    expect(tab["legality"]).to_be_focused()
    page.keyboard.press("Home")
    expect(tab["search"]).to_be_focused()
    expect(tab["search"]).to_have_attribute("aria-selected", "true")
    assert picked(page) == [
        ("search", "true", "0"),
        ("deck", "false", "-1"),
        ("legality", "false", "-1"),
    ]

    # Shift+Tab and Tab leave the bar from the picked tab, not through the others.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('role')") != "tab"
    page.keyboard.press("Shift+Tab")
    expect(tab["legality"]).to_be_focused()


def test_the_phone_tabs_of_the_builder_move_by_arrow_keys(page):
    page.set_viewport_size(PHONE)
    page.goto("/games/era/build")
    settle(page)
    check_tabs(page)


def test_the_phone_tabs_of_the_event_builder_move_by_arrow_keys(context, page):
    event = new_event(context, "Tab Keys Cup")["event"]
    page.set_viewport_size(PHONE)
    page.goto(f"/games/era/build?event={event['id']}")
    expect(page.locator("#event-banner")).to_contain_text("Tab Keys Cup")
    settle(page)
    # The submit panel is one of the parts the Legality tab shows.
    controls = page.get_by_role("tab", name="Legality").get_attribute("aria-controls").split()
    assert "submit-panel" in controls
    check_tabs(page)


def tab_to(page: Page, target: str) -> None:
    """Press Tab until the element ``target`` names has the focus (a bounded number of times)."""
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == target:
            return
    raise AssertionError(f"Tab never reached #{target}")


def clear_of_the_bar(page: Page, target: str) -> None:
    """The element in focus is in sight, above the bar fixed at the phone's bottom edge."""
    bar = page.locator("#phone-bar").bounding_box()
    box = page.locator(f"#{target}").bounding_box()
    assert box["y"] >= 0, box
    assert box["y"] + box["height"] <= bar["y"], (box, bar)


def test_what_the_keyboard_reaches_on_a_phone_is_not_hidden_under_the_tab_bar(context, page):
    page.set_viewport_size(PHONE)
    page.goto("/games/era/build")
    settle(page)
    page.get_by_role("tab", name="Search").focus()
    page.keyboard.press("ArrowRight")
    tab_to(page, "import-button")
    clear_of_the_bar(page, "import-button")
    event = new_event(context, "Bar Cup")["event"]
    page.goto(f"/games/era/build?event={event['id']}")
    expect(page.locator("#event-banner")).to_contain_text("Bar Cup")
    settle(page)
    page.get_by_role("tab", name="Search").focus()
    page.keyboard.press("End")
    tab_to(page, "submit-button")
    clear_of_the_bar(page, "submit-button")
