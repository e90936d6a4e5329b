"""An edit of a deck its owner deleted meanwhile is saved as a deck of its own."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example, settle

pytestmark = pytest.mark.browser
# The edit sent first is answered 410 Gone, as the API answers it (then saved anew).
ALLOWED_PAGE_ERRORS = ("Failed to load resource: the server responded with a status of 410 (GONE)",)


def test_an_edit_of_a_deck_deleted_meanwhile_is_saved_as_a_new_deck(page):
    # Save was refused ("the deck this is an edit of was deleted ... save this one as a new
    # deck (without a parent)") each time it was pressed, with no way to do what it said, and
    # a reload showed the deleted deck's page, not the work.
    saved = page.request.post(
        "/api/v1/decks", data={"game": "era", "name": "Mine", "text": example("era-legal")}
    ).json()
    page.goto(f"/decks/{saved['id']}/edit")
    settle(page)
    deleted = page.request.delete(
        f"/api/v1/decks/{saved['id']}", headers={"Deckwright-Claim-Key": saved["claim_key"]}
    )
    assert deleted.status == 200

    page.fill("#deck-name", "Mine, edited")
    page.click("#deck-save")
    expect(page.locator("#save-status")).to_have_text(
        "Saved as a new deck: the deck it was an edit of was deleted by its owner."
        " Anyone with the link sees this version."
    )
    new_id = page.locator("#share-link").input_value().rsplit("/", 1)[1]
    assert new_id != saved["id"]
    again = page.request.get(f"/api/v1/decks/{new_id}").json()
    assert (again["name"], again["parent"]) == ("Mine, edited", None)
    page.reload()
    settle(page)
    expect(page.locator("#deck-name")).to_have_value("Mine, edited")
