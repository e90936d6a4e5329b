"""One phone passed from player to player: Forward, from the event's form back to the page
the last player was shown after sending their list, shows the next player nothing of it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example, new_event

pytestmark = pytest.mark.browser

LIST = example("era-legal")


def test_forward_to_the_last_players_page_shows_nothing_of_their_list(context, page):
    event_id = new_event(context, "Forward Cup")["event"]["id"]
    page.goto(f"/events/{event_id}")
    page.get_by_label("Your name").fill("Alice")
    page.get_by_label("Decklist").fill(LIST)
    page.get_by_role("button", name="Submit and check").click()
    page.wait_for_url(re.compile("/entries/"))
    expect(page.get_by_role("heading", name="Alice’s list")).to_be_visible()

    page.go_back()  # the phone goes to Bea, on the event's form
    expect(page.get_by_label("Your name")).to_have_value("")
    page.go_forward()
    expect(page.get_by_role("heading", name="A list’s page left on this device")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text("Alice")
    expect(page.get_by_label("Decklist")).to_have_count(0)

    # Alice, handed the phone back, shows it again.
    page.get_by_role("button", name="It is my list: show it").click()
    expect(page.get_by_role("heading", name="Alice’s list")).to_be_visible()
