"""The Check a decklist page on a phone: the verdict is what the answer shows first."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example

pytestmark = pytest.mark.browser


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
