"""The Check a decklist page on a phone: the verdict is what the answer shows first."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example

pytestmark = pytest.mark.browser

# The answer to a form sent with a stale token is a 403, which Chromium logs.
ALLOWED_PAGE_ERRORS = (
    "Failed to load resource: the server responded with a status of 403 (FORBIDDEN)",
)


@pytest.mark.parametrize("game", ["eruma", "shadow-era"])
def test_the_answer_opens_at_the_verdict_below_the_form(phone, game):
    page = phone
    page.goto("/validate")
    page.get_by_label("Game").select_option(game)
    page.get_by_label("Decklist").fill(example(f"{game}-illegal"))
    page.get_by_role("button", name="Check the deck").tap()
    verdict = page.locator("#result .verdict")
    expect(verdict).to_contain_text("Not legal")
    expect(verdict).to_be_in_viewport()
    # The list sent is still in the form above, to fix and check again.
    assert page.get_by_label("Decklist").input_value().strip() == example(f"{game}-illegal").strip()


def test_the_verdict_takes_the_focus_and_says_itself(page):
    """Checked by keyboard alone: the focus lands on the verdict's heading, which a screen
    reader reads out (the verdict, its format and its counts) and from which Tab goes on
    into the problems, not on the page's top, three screens above."""
    page.goto("/validate")
    page.get_by_label("Game").select_option("era")
    page.get_by_label("Decklist").fill(example("era-illegal"))
    page.get_by_role("button", name="Check the deck").focus()
    page.keyboard.press("Enter")
    verdict = page.get_by_role("heading", level=2, name=re.compile(r"^Not legal in ERA "))
    expect(verdict).to_be_focused()
    expect(verdict).to_be_in_viewport()
    expect(verdict).to_contain_text("error")


def test_a_list_sent_from_a_page_left_open_too_long_is_kept_to_check_again(page):
    """A phone's browser put away for the night comes back without its session: the form's
    token no longer matches. The answer was a page saying to reload (which sent the same
    stale form again), the pasted list gone from it; it is the form with the list kept."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto("/validate")
    page.get_by_label("Game").select_option("eruma")
    page.get_by_label("Decklist").fill(example("eruma-illegal"))
    page.context.clear_cookies()
    page.get_by_role("button", name="Check the deck").click()
    refusal = page.get_by_role("alert")
    expect(refusal).to_have_text(
        "This page had been open too long, or its form did not come from this site: nothing"
        " was checked. The list is kept below: check it again."
    )
    expect(refusal).to_be_focused()
    assert page.get_by_label("Decklist").input_value().strip() == example("eruma-illegal").strip()
    expect(page.get_by_label("Game")).to_have_value("eruma")
    page.get_by_role("button", name="Check the deck").click()
    expect(page.locator("#result .verdict")).to_contain_text("Not legal")
