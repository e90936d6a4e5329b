"""An organizer's form sent after its session is gone (the browser restarted and restored the
tab, its cookies cleared): nothing is stored, and nothing typed is lost. The form comes back
filled as it was sent, saying what happened and what to do, to send again with one click."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import new_event

pytestmark = pytest.mark.browser

# The form refused for its expired session answers 403, which Chromium logs.
ALLOWED_PAGE_ERRORS = [
    "Failed to load resource: the server responded with a status of 403 (FORBIDDEN)"
]
EXPIRED = "This form had expired"


def test_the_settings_typed_into_an_expired_dashboard_come_back_filled_to_save_again(context, page):
    created = new_event(context, "Harbour Open")
    event_id, token = created["event"]["id"], created["admin_token"]
    page.goto(f"/events/{event_id}/admin/{token}")
    settings = page.get_by_role("region", name="Settings")
    settings.get_by_label("Event name").fill("Harbour Open, Round Two")
    settings.get_by_label("Format").select_option(label="Open (casual)")
    settings.get_by_label("Banned list as of").fill("2030-01-15")
    context.clear_cookies()

    settings.get_by_role("button", name="Save the settings").click()

    alert = page.get_by_role("alert")
    expect(alert).to_contain_text(EXPIRED)
    expect(alert).to_contain_text("Save the settings again")
    settings = page.get_by_role("region", name="Settings")
    expect(settings.get_by_label("Event name")).to_have_value("Harbour Open, Round Two")
    expect(settings.get_by_label("Format")).to_have_value("open")
    expect(settings.get_by_label("Banned list as of")).to_have_value("2030-01-15")
    expect(page.get_by_role("heading", level=1)).to_have_text("Harbour Open")

    settings.get_by_role("button", name="Save the settings").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Harbour Open, Round Two")
    expect(page.locator(".event-facts")).to_contain_text("Format: Open (casual)")


def test_a_new_event_typed_into_an_expired_form_comes_back_filled_to_send_again(context, page):
    page.goto("/events/new")
    page.get_by_label("Event name").fill("Lighthouse Cup")
    page.get_by_label("Expected players").fill("Ann\nBob; B-2")
    page.get_by_label("Banned list as of").fill("2030-01-15")
    page.get_by_label("Submission deadline").fill("2099-05-03T18:00")
    context.clear_cookies()

    page.get_by_role("button", name="Create the event").click()

    expect(page.get_by_role("alert")).to_contain_text(EXPIRED)
    expect(page.get_by_label("Event name")).to_have_value("Lighthouse Cup")
    expect(page.get_by_label("Expected players")).to_have_value("Ann\nBob; B-2")
    expect(page.get_by_label("Banned list as of")).to_have_value("2030-01-15")
    expect(page.get_by_label("Submission deadline")).to_have_value("2099-05-03T18:00")
