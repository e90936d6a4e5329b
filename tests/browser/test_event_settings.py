"""The dashboard's Settings form in Chromium: round one is late, so the organizer moves the
deadline and puts the event in the format it should have had; the dashboard says what changed
(where the focus lands) and judges the list on file in the new format. A deadline typed in the
past is refused on its field, what was typed kept."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example, new_event
from tests.browser.watch import watch

pytestmark = pytest.mark.browser

# The page of settings refused answers 422, which Chromium logs.
ALLOWED_PAGE_ERRORS = [
    "Failed to load resource: the server responded with a status of 422 (UNPROCESSABLE ENTITY)"
]
# Legal in Open, not in Standard: its Fire dino is a promo, which no eligible product printed.
PROMO_DECK = example("era-legal").replace("1 Ember Rex", "1 Riftborn Velociraptor")


def test_the_organizer_moves_the_deadline_and_changes_the_format(context, page):
    created = new_event(context, "Late Round Cup")
    event_id, token = created["event"]["id"], created["admin_token"]
    sent = context.request.post(
        f"/api/v1/events/{event_id}/entries", data={"player": "Ann", "text": PROMO_DECK}
    )
    assert sent.ok, sent.text()
    deadline = datetime.fromisoformat(created["event"]["deadline"]).astimezone(UTC)
    later = (deadline + timedelta(minutes=15)).replace(second=0, microsecond=0)

    page.goto(f"/events/{event_id}/admin/{token}")
    row = page.locator("#entries tr", has_text="Ann")
    expect(row.locator(".pill")).to_have_text("Not legal")
    settings = page.get_by_role("region", name="Settings")
    expect(settings.get_by_label("Event name")).to_have_value("Late Round Cup")
    settings.get_by_label("Format").select_option(label="Open (casual)")
    settings.get_by_label("Time zone", exact=True).select_option("UTC")
    settings.get_by_label("Submission deadline").fill(later.strftime("%Y-%m-%dT%H:%M"))
    settings.get_by_role("button", name="Save the settings").click()

    notice = page.locator("p.notice[role=status]").first
    expect(notice).to_contain_text(
        "Format changed from Standard (standard) to Open (casual) (open)."
    )
    expect(notice).to_contain_text(f"to {later:%Y-%m-%d %H:%M} UTC.")
    expect(notice).to_be_focused()
    expect(row.locator(".pill")).to_have_text("Legal")
    expect(page.locator(".event-facts")).to_contain_text("Format: Open (casual)")
    expect(page.locator("#changes")).to_contain_text("Deadline moved from")

    # A deadline typed in the past: refused on its field, the name typed kept.
    settings.get_by_label("Event name").fill("Late Round Cup (Open)")
    settings.get_by_label("Submission deadline").fill("2020-01-01T10:00")
    settings.get_by_role("button", name="Save the settings").click()
    alert = page.get_by_role("alert")
    expect(alert).to_have_text(
        "the submission deadline must be in the future; to close submissions now, lock the event"
    )
    expect(alert).to_be_focused()
    field = settings.get_by_label("Submission deadline")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_accessible_description(
        "the submission deadline must be in the future; to close submissions now, lock the"
        " event A later deadline reopens submissions unless you locked the event (it stays"
        " locked until you reopen it); to close submissions now, lock the event."
    )
    expect(settings.get_by_label("Event name")).to_have_value("Late Round Cup (Open)")
    expect(page.get_by_role("heading", level=1)).to_have_text("Late Round Cup")


@pytest.fixture
def berlin(browser, live_server):
    context = browser.new_context(
        base_url=live_server, timezone_id="Europe/Berlin", viewport={"width": 1280, "height": 900}
    )
    context.set_default_timeout(10_000)
    yield context
    context.close()


def test_the_deadline_is_shown_and_moved_in_the_organizer_s_time_zone(berlin):
    created = new_event(berlin, "Berlin Cup")
    event_id, token = created["event"]["id"], created["admin_token"]
    deadline = datetime.fromisoformat(created["event"]["deadline"]).astimezone(UTC)
    set_to = deadline.replace(second=0, microsecond=0)
    answer = berlin.request.patch(
        f"/api/v1/events/{event_id}",
        data={"deadline": set_to.isoformat()},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.ok, answer.text()
    local = set_to.astimezone(ZoneInfo("Europe/Berlin"))
    page = berlin.new_page()
    errors = watch(page)

    page.goto(f"/events/{event_id}/admin/{token}")
    settings = page.get_by_role("region", name="Settings")
    expect(settings.get_by_label("Time zone", exact=True)).to_have_value("Europe/Berlin")
    field = settings.get_by_label("Submission deadline")
    expect(field).to_have_value(local.strftime("%Y-%m-%dT%H:%M"))
    field.fill((local + timedelta(minutes=15)).strftime("%Y-%m-%dT%H:%M"))
    settings.get_by_role("button", name="Save the settings").click()
    expect(page.locator("p.notice[role=status]").first).to_have_text(
        f"Saved. Deadline moved from {set_to:%Y-%m-%d %H:%M} UTC to"
        f" {set_to + timedelta(minutes=15):%Y-%m-%d %H:%M} UTC."
    )
    # Saved again as shown, nothing changes.
    settings.get_by_role("button", name="Save the settings").click()
    expect(page.locator("p.notice[role=status]").first).to_have_text(
        "Nothing changed: the settings were saved as they were."
    )
    assert errors == []
