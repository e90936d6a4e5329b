"""A player builds their event list in the deck builder, submits it, and later changes it there.

(Beside the other event browser test, to share the session's one Chromium.)
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.builder import deck_rows, example, import_list, new_event, save_deck, settle

pytestmark = pytest.mark.browser

RECEIPT = re.compile(r"^[0-9a-f]{12}$")


def row(page: Page, name: str):
    return page.locator(
        ".deck-row", has=page.locator(".card-name", has_text=re.compile(f"^{name}$"))
    )


def test_a_player_submits_from_the_builder_then_changes_a_card_from_their_private_page(
    context, page, live_server
):
    created = new_event(context, "Builder Cup")
    event_id, admin_token = created["event"]["id"], created["admin_token"]

    # From the public submission page into the builder, locked to the event's format.
    page.goto(f"/events/{event_id}")
    page.get_by_role("link", name="Build it in the deck builder").click()
    expect(page.locator("#event-banner")).to_contain_text("Builder Cup")
    expect(page.locator("#event-banner")).to_contain_text("Open for lists")
    expect(page.locator("#deck-format")).to_be_disabled()
    expect(page.locator("#deck-as-of")).to_be_disabled()

    # The player adds cards: a pasted list (with a sideboard), and the card it lacks.
    pasted = example("era-legal").replace("1 High Tide\n", "")
    import_list(page, pasted + "\nSideboard:\n2 Kindle\n")
    page.fill("#search-q", "high tide")
    expect(page.locator("#search-results button.result")).to_have_count(1)
    page.get_by_role("button", name=re.compile(r"^High Tide \(")).click()
    expect(row(page, "High Tide")).to_contain_text("1×")
    settle(page)
    expect(page.locator("#verdict")).to_have_attribute("data-legal", "true")

    page.get_by_label("Your name").fill("Dana")
    page.get_by_role("button", name="Submit to Builder Cup").click()
    expect(page.locator("#event-verdict")).to_have_attribute("data-legal", "true")
    expect(page.locator("#receipt-hash")).to_have_text(RECEIPT)
    private_url = page.locator("#private-url").inner_text()
    assert private_url.startswith(f"{live_server}/events/{event_id}/entries/")
    token = private_url.rsplit("/", 1)[1]
    first_receipt = page.locator("#receipt-hash").inner_text()
    expect(page.get_by_role("button", name="Submit changes")).to_be_visible()

    # Saving the deck gives a share link that never carries the private token.
    save_deck(page)
    assert token not in page.input_value("#share-link")

    # Later, from the private page: the builder opens on the list on file.
    page.goto(private_url)
    expect(page.get_by_role("heading", level=1)).to_have_text("Dana’s list")
    page.get_by_role("link", name="Build it in the deck builder").click()
    expect(page.get_by_role("button", name="Submit changes")).to_be_visible()
    expect(page.get_by_label("Your name")).to_be_hidden()
    settle(page)
    assert token not in page.url
    assert ("deck", "High Tide", 1) in deck_rows(page)
    assert sum(count for _, _, count in deck_rows(page)) == 36
    # The sideboard went to the event with the list and comes back with it, still uncounted.
    expect(page.locator('[data-board-box="sideboard"] .board-count')).to_have_text("2")

    row(page, "Fire Breath").get_by_role("button", name="Remove one Fire Breath").click()
    settle(page)
    page.get_by_role("button", name="Submit changes").click()
    expect(page.locator("#submit-receipt")).to_contain_text("Your new list is on file")
    expect(page.locator("#receipt-hash")).not_to_have_text(first_receipt)
    second_receipt = page.locator("#receipt-hash").inner_text()

    # The organizer's dashboard (through the API) holds both versions, the newest on file.
    answer = context.request.get(
        f"/api/v1/events/{event_id}/entries",
        headers={"Authorization": f"Bearer {admin_token}"},
    ).json()
    assert [(e["player"], e["versions"]) for e in answer["entries"]] == [("Dana", 2)]
    assert answer["entries"][0]["latest"]["receipt"] == second_receipt

    # Once the organizer locks the event, the builder's panel says so and offers no button.
    context.request.post(
        f"/api/v1/events/{event_id}/lock", headers={"Authorization": f"Bearer {admin_token}"}
    )
    page.goto(f"/games/era/build?event={event_id}")
    expect(page.locator("#submit-state")).to_contain_text(
        "Submissions are closed: the organizer has locked this event"
    )
    expect(page.locator("#submit-form")).to_be_hidden()
