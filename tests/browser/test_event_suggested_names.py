"""A player's page in Chromium: a name that is no card, and the button of the name suggested
for it, which puts that name in the player's own list to send."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example
from tests.events.conftest import http

pytestmark = pytest.mark.browser


def test_a_suggested_name_is_put_in_the_players_list_and_sent(live_server, page):
    deadline = datetime.now(UTC) + timedelta(days=1)
    created = http(
        live_server,
        "POST",
        "/api/v1/events",
        {"name": "Misspelt Open", "game": "era", "deadline": deadline.isoformat()},
    ).json()
    typed = example("era-legal").replace("\n3 Flame Lash\n", "\n3 Flame Lsah\n")
    assert "Flame Lsah" in typed
    page.goto(f"/events/{created['event']['id']}")
    page.get_by_label("Your name").fill("Pat")
    page.get_by_label("Decklist").fill(typed)
    page.get_by_role("button", name="Submit and check").click()
    expect(page.locator(".verdict")).to_have_attribute("data-legal", "false")

    box = page.get_by_label("Decklist")
    # A line added above it since: the name is found where it went.
    box.fill("# my list\n" + typed)
    page.get_by_role("button", name="Use Flame Lash on line").click()
    expect(page.locator(".suggestion-done")).to_contain_text("now reads “3 Flame Lash”")
    assert box.input_value() == "# my list\n" + example("era-legal")
    page.get_by_role("button", name="Resubmit and check").click()
    expect(page.locator(".verdict")).to_have_attribute("data-legal", "true")
