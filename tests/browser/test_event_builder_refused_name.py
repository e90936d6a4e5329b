"""A player sending their list from the deck builder under a name that is taken: the name
field is marked as what was wrong and a screen reader, back in it, says why (aria-invalid,
aria-describedby). The refusal was said once, as an alert under the fields, tied to none of
them; sent again under another name, the field is no longer marked."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example, import_list, new_event, settle

pytestmark = pytest.mark.browser

# The refusal answers 409, which Chromium logs.
ALLOWED_PAGE_ERRORS = [
    "Failed to load resource: the server responded with a status of 409 (CONFLICT)",
]


def test_a_refused_name_is_said_with_its_field(context, page):
    event_id = new_event(context, "Named Cup")["event"]["id"]
    taken = {"player": "Dana", "text": example("era-legal")}
    assert context.request.post(f"/api/v1/events/{event_id}/entries", data=taken).ok
    page.goto(f"/games/era/build?event={event_id}")
    import_list(page, example("era-legal"))
    settle(page)
    name = page.get_by_label("Your name")
    send = page.get_by_role("button", name="Submit to Named Cup")

    name.fill("Dana")
    send.click()
    expect(page.get_by_role("alert")).to_contain_text("A list is already on file for Dana")
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(name).to_have_accessible_description(
        "A list is already on file for Dana. Change it through the private link you were"
        " given, or ask the organizer."
    )
    expect(page.get_by_label("Player id")).not_to_have_attribute("aria-invalid", "true")

    name.fill("Dana Two")
    send.click()
    expect(page.locator("#receipt-hash")).to_be_visible()
    expect(page.get_by_label("Your name")).not_to_have_attribute("aria-invalid", "true")
