"""An event's pages as a screen reader says them to an organizer working by keyboard: a
receipt refused is tied to its field, the answer to a receipt checked is where the focus lands,
each list's links on the dashboard say whose list they open, and the cards of a deck-check
sheet or a published list are read with their columns' headers."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example, new_event

pytestmark = pytest.mark.browser

# The page of a receipt refused answers 400, which Chromium logs.
ALLOWED_PAGE_ERRORS = [
    "Failed to load resource: the server responded with a status of 400 (BAD REQUEST)"
]


@pytest.fixture
def dashboard(context, page):
    """The dashboard of an event with two lists on file: its path and a receipt."""
    created = new_event(context, "Spoken Cup")
    event_id, token = created["event"]["id"], created["admin_token"]
    entries = f"/api/v1/events/{event_id}/entries"
    sent = {}
    for player, deck in (("Ana Legal", "era-legal"), ("Bo Wrong", "era-illegal")):
        answer = context.request.post(entries, data={"player": player, "text": example(deck)})
        assert answer.ok, answer.text()
        sent[player] = answer.json()["receipt"]
    return {
        "event": event_id,
        "token": token,
        "path": f"/events/{event_id}/admin/{token}",
        "receipt": sent["Bo Wrong"],
    }


def test_a_receipt_mistyped_is_said_with_its_field(page, dashboard):
    # The organizer types a receipt hash with a letter that is no hex digit and presses Enter.
    page.goto(dashboard["path"])
    field = page.get_by_label("Check a receipt hash")
    field.fill("d09a95387dzz")
    field.press("Enter")
    problem = page.get_by_role("alert")
    expect(problem).to_have_text("a receipt hash is 12 to 64 hexadecimal characters")
    expect(problem).to_be_focused()
    # Back in the field, a screen reader says what was wrong with it.
    receipt = page.get_by_label("Receipt hash")
    expect(receipt).to_have_attribute("aria-invalid", "true")
    expect(receipt).to_have_accessible_description(
        "a receipt hash is 12 to 64 hexadecimal characters"
    )


def test_a_receipt_checked_is_answered_where_the_focus_lands(page, dashboard):
    page.goto(dashboard["path"])
    field = page.get_by_label("Check a receipt hash")
    field.fill(dashboard["receipt"])
    field.press("Enter")
    answer = page.get_by_role("status").filter(has_text="Matches")
    expect(answer).to_have_text("Matches the list on file for Bo Wrong")
    expect(answer).to_be_focused()
    # A receipt typed right stays unmarked.
    expect(page.get_by_label("Receipt hash")).not_to_have_attribute("aria-invalid", "true")


def test_each_lists_links_say_whose_list_they_open(page, dashboard):
    # A screen reader reads a row's "List" and "Sheet" links with the player's name, as it
    # does from its list of the page's links, where every row's are named alike.
    page.goto(dashboard["path"])
    for player in ("Ana Legal", "Bo Wrong"):
        row = page.locator("#entries tbody tr", has_text=player)
        for name in ("List", "Sheet"):
            link = row.get_by_role("link", name=name, exact=True)
            expect(link).to_have_accessible_description(player)


def test_the_cards_of_sheets_and_published_lists_are_read_with_their_headers(
    page, context, dashboard
):
    # A judge hears "Copies 3, Card Kindle", not two numbers and names in a table of none.
    page.goto(dashboard["path"] + "/sheets")
    tables = page.locator(".sheet-section table")
    expect(tables.first).to_be_visible()
    for i in range(tables.count()):
        expect(tables.nth(i).get_by_role("columnheader")).to_have_text(["Copies", "Card"])
    bearer = {"Authorization": f"Bearer {dashboard['token']}"}
    published = context.request.post(f"/api/v1/events/{dashboard['event']}/publish", headers=bearer)
    assert published.ok, published.text()
    page.goto(f"/events/{dashboard['event']}/lists")
    tables = page.locator(".sheet-section table")
    expect(tables.first).to_be_visible()
    for i in range(tables.count()):
        expect(tables.nth(i).get_by_role("columnheader")).to_have_text(["Copies", "Card"])
    # The headers are for the ear: a table's first card is at its top, as it was.
    table, first_row = tables.first.bounding_box(), tables.first.locator("tbody tr").first
    assert first_row.bounding_box()["y"] == table["y"]
