"""A list changed elsewhere (another tab, the organizer) is never replaced unseen from the builder.

The builder sends the version it loaded with each change (``based_on``); when a newer one is on
file, the server refuses (409, list-changed) and the builder says so, keeps the player's deck,
and lets them load the newer list or send theirs in its place knowingly.
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from playwright.sync_api import expect

from tests.browser.builder import deck_rows, example, new_event, settle
from tests.browser.watch import REFUSED_409 as REFUSED

pytestmark = pytest.mark.browser

LIST = example("era-legal")
# The refusals are the one error the page's scripts may report here.
ALLOWED_PAGE_ERRORS = (REFUSED,)


def submitted(context):
    """An open event and a player's list on file: (event id, entry id, token, admin token)."""
    created = new_event(context, "Tab Cup")
    event_id = created["event"]["id"]
    receipt = context.request.post(
        f"/api/v1/events/{event_id}/entries", data={"player": "Dana", "text": LIST}
    ).json()
    return event_id, receipt["entry"]["entry"], receipt["player_token"], created["admin_token"]


def change_elsewhere(context, event_id, entry_id, token, text):
    """A new version sent from outside this builder (another tab, a script)."""
    answer = context.request.put(
        f"/api/v1/events/{event_id}/entries/{entry_id}",
        data={"text": text},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.ok, answer.text()
    return answer.json()["entry"]["latest"]["version"]


def on_file(context, event_id, entry_id, token):
    return context.request.get(
        f"/api/v1/events/{event_id}/entries/{entry_id}",
        headers={"Authorization": f"Bearer {token}"},
    ).json()["latest"]


def open_entry(page, event_id, entry_id, token):
    page.goto(f"/games/era/build?event={event_id}#entry={entry_id}&token={token}")
    # (On a phone the submit panel is behind the Legality tab.)
    expect(page.locator("#submit-button")).to_have_text("Submit changes")
    settle(page)


def remove_one(page, name):
    page.locator(
        ".deck-row", has=page.locator(".card-name", has_text=re.compile(f"^{name}$"))
    ).get_by_role("button", name=f"Remove one {name}").click()
    settle(page)


def test_a_list_changed_in_another_tab_is_not_replaced_unseen_and_the_player_chooses(context, page):
    event_id, entry_id, token, _ = submitted(context)
    open_entry(page, event_id, entry_id, token)
    remove_one(page, "Fire Breath")
    mine = deck_rows(page)

    # Meanwhile another tab sends another list: version 2.
    elsewhere = LIST.replace("3 Kindle\n", "2 Kindle\n")
    assert change_elsewhere(context, event_id, entry_id, token, elsewhere) == 2

    page.get_by_role("button", name="Submit changes").click()
    notice = page.locator("#list-changed")
    expect(notice).to_contain_text("Your list on file changed")
    expect(notice).to_contain_text("version 2")
    expect(notice).to_contain_text("Nothing was sent")
    # Version 2 stays on file; the player's deck stays in the builder.
    assert on_file(context, event_id, entry_id, token)["version"] == 2
    assert deck_rows(page) == mine

    # Sent again knowingly, the player's deck replaces version 2.
    notice.get_by_role("button", name="Send mine in its place").click()
    expect(page.locator("#submit-receipt")).to_contain_text("Your new list is on file")
    expect(notice).to_be_hidden()
    latest = on_file(context, event_id, entry_id, token)
    assert latest["version"] == 3
    assert "2 Fire Breath" in latest["list"]

    # The next change is based on version 3: one more from elsewhere (4) is caught again.
    assert change_elsewhere(context, event_id, entry_id, token, elsewhere) == 4
    remove_one(page, "Flame Lash")
    page.get_by_role("button", name="Submit changes").click()
    expect(notice).to_contain_text("version 4")
    assert on_file(context, event_id, entry_id, token)["version"] == 4

    # Loading the list on file puts version 4 in the builder, and the player's deck can come back.
    notice.get_by_role("button", name="Load the list on file").click()
    expect(page.locator("#submit-state")).to_contain_text("version 4")
    settle(page)
    assert ("deck", "Kindle", 2) in deck_rows(page)
    assert ("deck", "Fire Breath", 3) in deck_rows(page)
    page.get_by_role("button", name="Put my deck back").click()
    settle(page)
    assert ("deck", "Flame Lash", 2) in deck_rows(page)
    page.get_by_role("button", name="Put my deck back").wait_for(state="detached")

    # Loaded from version 4, the deck is sent without a word: nothing newer is on file.
    remove_one(page, "Kindle")
    page.get_by_role("button", name="Submit changes").click()
    expect(page.locator("#submit-receipt")).to_contain_text("Your new list is on file")
    assert on_file(context, event_id, entry_id, token)["version"] == 5


def test_a_list_the_organizer_uploaded_is_named_as_theirs_and_the_notice_works_by_keyboard(
    context, page
):
    event_id, entry_id, token, admin_token = submitted(context)
    page.set_viewport_size({"width": 360, "height": 740})
    open_entry(page, event_id, entry_id, token)
    page.get_by_role("tab", name="Deck").click()
    remove_one(page, "Fire Breath")
    upload = io.StringIO()
    csv.writer(upload).writerows(
        [("player", "list"), ("Dana", LIST.replace("3 Kindle\n", "1 Kindle\n"))]
    )
    answer = context.request.post(
        f"/api/v1/events/{event_id}/uploads",
        data={"csv": upload.getvalue()},
        headers={"Authorization": f"Bearer {admin_token}"},
    )
    assert answer.ok, answer.text()

    page.get_by_role("tab", name="Legality").click()
    page.get_by_role("button", name="Submit changes").click()
    notice = page.locator("#list-changed")
    expect(notice).to_contain_text("the organizer")
    # The notice takes the focus; its two buttons are the next stops of the keyboard.
    expect(notice).to_be_focused()
    page.keyboard.press("Tab")
    expect(notice.get_by_role("button", name="Load the list on file")).to_be_focused()
    page.keyboard.press("Tab")
    expect(notice.get_by_role("button", name="Send mine in its place")).to_be_focused()
    # On a phone, the notice and its buttons fit the screen's width.
    for part in (notice, *notice.get_by_role("button").all()):
        box = part.bounding_box()
        assert box["x"] >= 0, box
        assert box["x"] + box["width"] <= 360, box
    page.keyboard.press("Enter")
    expect(page.locator("#submit-receipt")).to_contain_text("Your new list is on file")
    assert "2 Fire Breath" in on_file(context, event_id, entry_id, token)["list"]


# Every live region holding an element (itself included), nearest first: its role or politeness.
LIVE_AROUND = """element => {
  const found = [];
  for (let node = element; node; node = node.parentElement) {
    const role = node.getAttribute("role");
    const live = node.getAttribute("aria-live");
    if (["alert", "status", "log"].includes(role)) found.push(role);
    else if (live && live !== "off") found.push(live);
  }
  return found;
}"""


def test_each_notice_of_the_submit_panel_is_read_once_and_a_loaded_list_politely(context, page):
    """A focused notice is read by its focus, not by a live region around it as well; the list
    loaded is good news, said politely; a refusal is one alert."""
    event_id, entry_id, token, _ = submitted(context)
    open_entry(page, event_id, entry_id, token)
    remove_one(page, "Fire Breath")
    change_elsewhere(context, event_id, entry_id, token, LIST.replace("3 Kindle\n", "2 Kindle\n"))

    page.get_by_role("button", name="Submit changes").click()
    notice = page.locator("#list-changed")
    expect(notice).to_be_focused()
    assert notice.evaluate(LIVE_AROUND) == []

    notice.get_by_role("button", name="Load the list on file").click()
    loaded = page.locator("#list-loaded")
    expect(loaded).to_contain_text("Version 2, the list on file")
    assert loaded.evaluate(LIVE_AROUND) == []
    expect(page.locator("#announcer")).to_have_text("Version 2 of your list is loaded.")
    assert page.locator("#announcer").evaluate(LIVE_AROUND) == ["polite"]
    # The next key is its button's.
    expect(loaded.get_by_role("button", name="Put my deck back")).to_be_focused()

    page.click("#deck-clear")
    settle(page)
    page.get_by_role("button", name="Submit changes").click()
    refusal = page.locator("#submit-problem .notice-error")
    expect(refusal).to_have_text("Add cards to the deck first.")
    assert refusal.evaluate(LIVE_AROUND) == ["alert"]
