"""One phone passed from player to player at an event: the builder never gives the next player
the list the last one sent, nor says that a list can still be sent once the event is closed."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.builder import deck_rows, example, import_list, loaded, new_event, settle
from tests.browser.watch import REFUSED_409 as REFUSED
from tests.browser.watch import watch

pytestmark = pytest.mark.browser

LIST = example("era-legal")
PHONE = {"width": 360, "height": 740}
# The refusals are the one error the page's scripts may report here.
ALLOWED_PAGE_ERRORS = (REFUSED,)


def test_the_next_player_reloading_a_builder_opened_anew_gets_their_own_first_list(context, page):
    event_id = new_event(context, "Shared Cup")["event"]["id"]
    page.goto(f"/events/{event_id}")
    page.get_by_role("link", name=re.compile("deck builder", re.I)).first.click()
    loaded(page)
    import_list(page, LIST)
    page.get_by_label("Your name").fill("Alice")
    page.get_by_role("button", name="Submit to Shared Cup").click()
    expect(page.locator("#private-url")).to_be_visible()

    # The phone goes to the next player, who opens the builder from the event's page...
    page.goto(f"/events/{event_id}")
    page.get_by_role("link", name=re.compile("deck builder", re.I)).first.click()
    loaded(page)
    import_list(page, "3 Kindle\n")
    page.get_by_label("Your name").fill("Bea")
    mine = deck_rows(page)

    # ...and reloads it (or the phone discards the tab and loads it again): still Bea's first
    # list, never Alice's list on file with a button that changes it.
    page.reload()
    loaded(page)
    expect(page.locator("#submit-button")).to_have_text("Submit to Shared Cup")
    expect(page.locator("#submit-state")).not_to_contain_text("Alice")
    expect(page.get_by_label("Your name")).to_have_value("Bea")
    assert deck_rows(page) == mine


def test_a_send_refused_as_the_event_closed_says_nothing_can_be_sent_and_keeps_the_focus(
    context, page
):
    page.set_viewport_size(PHONE)
    created = new_event(context, "Closing Cup")
    event_id = created["event"]["id"]
    receipt = context.request.post(
        f"/api/v1/events/{event_id}/entries", data={"player": "Dana", "text": LIST}
    ).json()
    page.goto(
        f"/games/era/build?event={event_id}"
        f"#entry={receipt['entry']['entry']}&token={receipt['player_token']}"
    )
    loaded(page)
    page.get_by_role("tab", name="Deck").click()
    page.locator(".deck-row[data-name='Fire Breath']").get_by_role(
        "button", name="Remove one Fire Breath"
    ).click()
    settle(page)
    # A reload brings the unsent changes back, said sendable while the event is open.
    page.reload()
    loaded(page)
    said = page.locator("#event-draft")
    expect(said).to_contain_text("“Submit changes” sends them")
    mine = deck_rows(page)

    locked = context.request.post(
        f"/api/v1/events/{event_id}/lock",
        headers={"Authorization": f"Bearer {created['admin_token']}"},
    )
    assert locked.ok, locked.text()
    page.get_by_role("tab", name="Legality").click()
    page.get_by_role("button", name="Submit changes").click()

    state = page.locator("#submit-state")
    expect(state).to_contain_text("locked")
    expect(state).to_contain_text("Nothing was sent")
    expect(page.locator("#submit-form")).to_be_hidden()
    # The button pressed is gone: the keyboard and a screen reader are at what is said, not lost.
    expect(state).to_be_focused()
    # What is said above the builder no longer offers a send that cannot be.
    expect(said).not_to_contain_text("sends them")
    expect(said).to_contain_text("Submissions are closed")
    assert deck_rows(page) == mine


def test_a_refused_first_list_leaves_the_keyboard_at_the_submit_button(context, page):
    event_id = new_event(context, "Keyboard Cup")["event"]["id"]
    context.request.post(
        f"/api/v1/events/{event_id}/entries", data={"player": "Dana", "text": LIST}
    )
    page.goto(f"/games/era/build?event={event_id}")
    loaded(page)
    import_list(page, LIST)
    page.get_by_label("Your name").fill("Dana")
    button = page.get_by_role("button", name="Submit to Keyboard Cup")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#submit-problem")).to_contain_text("A list is already on file for Dana")
    # Disabled while the list was on its way, the button gets the focus back: the next Tab
    # goes on from the panel, not from the top of the page.
    expect(button).to_be_focused()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    expect(page.get_by_label("Your name")).to_be_focused()


def test_the_refusal_notice_never_loads_an_older_list_than_the_one_on_file(context, page):
    created = new_event(context, "Stale Cup")
    event_id = created["event"]["id"]
    receipt = context.request.post(
        f"/api/v1/events/{event_id}/entries", data={"player": "Dana", "text": LIST}
    ).json()
    entry_id, token = receipt["entry"]["entry"], receipt["player_token"]
    path = f"/api/v1/events/{event_id}/entries/{entry_id}"
    auth = {"Authorization": f"Bearer {token}"}

    def elsewhere(kindle: int) -> None:
        answer = context.request.put(
            path, data={"text": LIST.replace("3 Kindle\n", f"{kindle} Kindle\n")}, headers=auth
        )
        assert answer.ok, answer.text()

    fragment = f"#entry={entry_id}&token={token}"
    page.goto(f"/games/era/build?event={event_id}{fragment}")
    loaded(page)
    other = context.new_page()
    errors = watch(other)
    other.goto(f"/games/era/build?event={event_id}{fragment}")
    loaded(other)
    page.locator(".deck-row[data-name='Fire Breath']").get_by_role(
        "button", name="Remove one Fire Breath"
    ).click()
    settle(page)
    elsewhere(1)  # version 2
    page.get_by_role("button", name="Submit changes").click()
    expect(page.locator("#list-changed")).to_contain_text("version 2")

    # The other tab sends the deck in place of version 2: version 3. This tab shows it, and
    # its notice of version 2 (and the button loading version 2) goes.
    other.get_by_role("button", name="Submit changes").click()
    other.get_by_role("button", name="Send mine in its place").click()
    expect(other.locator("#submit-receipt")).to_contain_text("Your new list is on file")
    expect(page.locator("#event-draft")).to_contain_text("Version 3 of your list is on file")
    expect(page.locator("#list-changed")).to_have_count(0)
    expect(page.get_by_role("button", name="Submit changes")).to_be_focused()
    other.close()
    assert [e for e in errors if e != REFUSED] == []

    # A newer list is refused again (version 4); another device then sends version 5 before
    # the player presses Load: the list loaded is version 5, the one on file.
    settle(page)
    page.locator(".deck-row[data-name='Flame Lash']").get_by_role(
        "button", name="Remove one Flame Lash"
    ).click()
    settle(page)
    elsewhere(2)
    page.get_by_role("button", name="Submit changes").click()
    expect(page.locator("#list-changed")).to_contain_text("version 4")
    elsewhere(1)
    page.get_by_role("button", name="Load the list on file").click()
    expect(page.locator("#list-loaded")).to_contain_text("Version 5, the list on file")
    expect(page.locator("#submit-state")).to_contain_text("(version 5)")
    settle(page)
    assert ("deck", "Kindle", 1) in deck_rows(page)
