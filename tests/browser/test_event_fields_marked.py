"""A form the server sends back marks the field it is about: a screen reader reaching the
deadline refused hears why as its description, and the field is said to be invalid."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# The new event's form refused answers 422, which Chromium logs.
ALLOWED_PAGE_ERRORS = [
    "Failed to load resource: the server responded with a status of 422 (UNPROCESSABLE ENTITY)"
]


def test_a_deadline_past_is_the_deadlines_description(page):
    page.goto("/events/new")
    page.get_by_label("Event name").fill("Past Cup")
    page.locator("#deadline").fill("2020-01-01T10:00")
    page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_role("alert")).to_have_text("the submission deadline must be in the future")
    deadline = page.locator("#deadline")
    expect(deadline).to_have_attribute("aria-invalid", "true")
    expect(deadline).to_have_accessible_description("the submission deadline must be in the future")
    described = deadline.evaluate(
        "field => field.getAttribute('aria-describedby').split(' ')"
        ".map(id => document.getElementById(id).textContent.trim()).join(' ')"
    )
    assert described == "the submission deadline must be in the future"
    expect(deadline).to_have_value("2020-01-01T10:00")
    # The fields it is not about are left unmarked.
    expect(page.locator("[aria-invalid]")).to_have_count(1)
