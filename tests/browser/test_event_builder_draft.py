"""A player's unsent list for an event survives a reload, a discarded tab, a restarted browser.

The event builder keeps the unsent work per event and entry, apart from the game's own draft
and from other events': brought back, it says it is not sent (and which version on file it
was made from, so a newer one on file is still caught), and it goes once it is on file.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.builder import deck_rows, example, import_list, new_event, open_builder, settle
from tests.browser.watch import REFUSED_409 as REFUSED
from tests.browser.watch import watch

pytestmark = pytest.mark.browser

LIST = example("era-legal")
PHONE = {"width": 360, "height": 740}
# The refusals are the one error the page's scripts may report here.
ALLOWED_PAGE_ERRORS = (REFUSED,)


def open_event(page: Page, event_id: str, fragment: str = "") -> None:
    page.goto(f"/games/era/build?event={event_id}{fragment}")
    expect(page.locator("#submit-form")).to_be_attached()
    expect(page.locator("#submit-state")).not_to_contain_text("Loading")
    settle(page)


def reloaded(page: Page) -> None:
    page.reload()
    expect(page.locator("#submit-state")).not_to_contain_text("Loading")
    settle(page)


def event_drafts(page: Page) -> list[str]:
    return page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('deckwright:draft:event:'))"
    )


def on_file(context, event_id, entry_id, token):
    return context.request.get(
        f"/api/v1/events/{event_id}/entries/{entry_id}",
        headers={"Authorization": f"Bearer {token}"},
    ).json()["latest"]


def remove_one(page: Page, name: str) -> None:
    page.locator(
        ".deck-row", has=page.locator(".card-name", has_text=re.compile(f"^{name}$"))
    ).get_by_role("button", name=f"Remove one {name}").click()
    settle(page)


def test_a_first_list_not_yet_submitted_comes_back_after_a_reload_and_goes_once_sent(context, page):
    cup = new_event(context, "Draft Cup")["event"]["id"]
    other = new_event(context, "Other Cup")["event"]["id"]
    open_event(page, cup)
    import_list(page, LIST)
    page.get_by_label("Your name").fill("Dana")
    page.get_by_label("Player id").fill("D-7")
    mine = deck_rows(page)

    reloaded(page)
    assert deck_rows(page) == mine
    expect(page.get_by_label("Your name")).to_have_value("Dana")
    expect(page.get_by_label("Player id")).to_have_value("D-7")
    said = page.locator("#event-draft")
    expect(said).to_contain_text("Your list is not submitted yet")
    expect(said).to_contain_text("“Submit to Draft Cup” sends it")
    expect(page.locator("#submit-receipt")).to_be_empty()

    # Neither another event's builder nor the game's own builder is given this list.
    open_event(page, other)
    assert deck_rows(page) == []
    expect(said).to_be_hidden()
    open_builder(page, "era")
    assert deck_rows(page) == []

    # Opened anew, the page starts an empty list (on a shared device, the next player's) and
    # offers the one left here; continued, it is back with its name.
    open_event(page, cup)
    assert deck_rows(page) == []
    page.get_by_role("button", name=re.compile("Continue the list left")).click()
    settle(page)
    assert deck_rows(page) == mine
    expect(page.get_by_label("Your name")).to_have_value("Dana")
    page.get_by_role("button", name="Submit to Draft Cup").click()
    expect(page.locator("#private-url")).to_be_visible()
    expect(said).to_be_hidden()
    assert event_drafts(page) == []

    # Reloaded, the tab still changes Dana's list (not a second one), now on file: nothing unsent.
    reloaded(page)
    expect(page.get_by_role("button", name="Submit changes")).to_be_visible()
    expect(page.locator("#submit-state")).to_contain_text(
        "Changing Dana’s list on file (version 1)"
    )
    assert sorted(deck_rows(page)) == sorted(mine)
    expect(said).to_be_hidden()
    assert event_drafts(page) == []


def test_unsent_changes_to_a_list_on_file_come_back_from_their_version_and_a_newer_one_is_caught(
    context, page
):
    page.set_viewport_size(PHONE)
    event_id = new_event(context, "Phone Cup")["event"]["id"]
    receipt = context.request.post(
        f"/api/v1/events/{event_id}/entries", data={"player": "Dana", "text": LIST}
    ).json()
    entry_id, token = receipt["entry"]["entry"], receipt["player_token"]
    open_event(page, event_id, f"#entry={entry_id}&token={token}")
    page.get_by_role("tab", name="Deck").click()
    remove_one(page, "Fire Breath")
    mine = deck_rows(page)

    # The phone drops the tab; brought back, the page loads again: the changes are there.
    reloaded(page)
    expect(page.locator("#submit-button")).to_have_text("Submit changes")
    assert deck_rows(page) == mine
    said = page.locator("#event-draft")
    expect(said).to_contain_text("Your changes are not sent yet")
    expect(said).to_contain_text("made from version 1 of your list on file")
    # Said above every tab, within the phone's width.
    box = said.bounding_box()
    assert box["x"] >= 0, box
    assert box["x"] + box["width"] <= PHONE["width"], box
    assert on_file(context, event_id, entry_id, token)["version"] == 1

    # Meanwhile another device sends version 2; the changes kept are still made from version 1.
    answer = context.request.put(
        f"/api/v1/events/{event_id}/entries/{entry_id}",
        data={"text": LIST.replace("3 Kindle\n", "2 Kindle\n")},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.ok, answer.text()
    reloaded(page)
    assert deck_rows(page) == mine
    expect(said).to_contain_text("made from version 1")
    expect(said).to_contain_text("Since then version 2 came on file")
    expect(page.locator("#submit-state")).to_contain_text("(version 1)")

    page.get_by_role("tab", name="Legality").click()
    page.get_by_role("button", name="Submit changes").click()
    notice = page.locator("#list-changed")
    expect(notice).to_contain_text("version 2")
    assert on_file(context, event_id, entry_id, token)["version"] == 2
    notice.get_by_role("button", name="Send mine in its place").click()
    expect(page.locator("#submit-receipt")).to_contain_text("Your new list is on file")
    latest = on_file(context, event_id, entry_id, token)
    assert latest["version"] == 3
    assert "2 Fire Breath" in latest["list"]
    expect(said).to_be_hidden()
    assert event_drafts(page) == []

    # On file, the list is no unsent work: a reload says nothing of any.
    reloaded(page)
    expect(said).to_be_hidden()
    expect(page.locator("#submit-state")).to_contain_text("(version 3)")
    assert ("deck", "Fire Breath", 2) in deck_rows(page)


def test_after_a_browser_restart_the_private_link_brings_the_changes_back(
    browser, live_server, context, page
):
    event_id = new_event(context, "Restart Cup")["event"]["id"]
    receipt = context.request.post(
        f"/api/v1/events/{event_id}/entries", data={"player": "Dana", "text": LIST}
    ).json()
    entry_id, token = receipt["entry"]["entry"], receipt["player_token"]
    open_event(page, event_id, f"#entry={entry_id}&token={token}")
    remove_one(page, "Flame Lash")
    mine = deck_rows(page)

    # The browser restarts: what it keeps on disk stays, the tab's own memory does not.
    restarted = browser.new_context(
        base_url=live_server,
        storage_state=context.storage_state(),
        viewport=PHONE,
    )
    again = restarted.new_page()
    errors = watch(again)
    open_event(again, event_id)
    said = again.locator("#event-draft")
    # The next player on this device hears that changes are kept, never whose list they are.
    expect(said).to_have_text(
        "Unsent changes for a list on file are kept on this device."
        " They open from that player’s private link (Build it in the deck builder)."
    )
    expect(again.locator("body")).not_to_contain_text("Dana")
    # Without the private link nothing is sent in Dana's name: the page offers a first list.
    expect(again.locator("#submit-button")).to_have_text("Submit to Restart Cup")

    # From the player's private page, the builder opens on Dana's list with the changes.
    again.goto(receipt["private_url"])
    again.get_by_role("link", name="Build it in the deck builder").click()
    expect(again.locator("#submit-button")).to_have_text("Submit changes")
    settle(again)
    assert deck_rows(again) == mine
    expect(said).to_contain_text("Your changes are not sent yet")
    restarted.close()
    assert errors == []


def test_two_tabs_of_one_list_follow_each_other_and_a_send_in_one_is_on_file_in_the_other(
    context, page
):
    event_id = new_event(context, "Two Tab Cup")["event"]["id"]
    receipt = context.request.post(
        f"/api/v1/events/{event_id}/entries", data={"player": "Dana", "text": LIST}
    ).json()
    entry_id, token = receipt["entry"]["entry"], receipt["player_token"]
    fragment = f"#entry={entry_id}&token={token}"
    open_event(page, event_id, fragment)
    other = context.new_page()
    errors = watch(other)
    open_event(other, event_id, fragment)

    # A change in one tab shows in the other, which says where it came from.
    remove_one(page, "Fire Breath")
    expect(other.locator(".deck-row[data-name='Fire Breath']")).to_contain_text("2×")
    expect(other.locator("#event-draft")).to_contain_text("Changed in another tab")

    # Sent from the other tab: this one shows the list on file and changes it from there.
    other.get_by_role("button", name="Submit changes").click()
    expect(other.locator("#submit-receipt")).to_contain_text("Your new list is on file")
    said = page.locator("#event-draft")
    expect(said).to_contain_text("Version 2 of your list is on file")
    expect(page.locator("#submit-state")).to_contain_text("(version 2)")
    settle(page)
    remove_one(page, "Kindle")
    page.get_by_role("button", name="Submit changes").click()
    expect(page.locator("#submit-receipt")).to_contain_text("Your new list is on file")
    latest = on_file(context, event_id, entry_id, token)
    assert latest["version"] == 3
    assert "2 Kindle" in latest["list"]
    assert "2 Fire Breath" in latest["list"]
    assert event_drafts(page) == []
    other.close()
    assert errors == []


def test_changes_kept_when_the_event_closes_are_shown_and_said_unsendable(context, page):
    created = new_event(context, "Locked Cup")
    event_id = created["event"]["id"]
    receipt = context.request.post(
        f"/api/v1/events/{event_id}/entries", data={"player": "Dana", "text": LIST}
    ).json()
    entry_id, token = receipt["entry"]["entry"], receipt["player_token"]
    open_event(page, event_id, f"#entry={entry_id}&token={token}")
    remove_one(page, "Cinder Claws")
    mine = deck_rows(page)
    # Another player's unsent first list on this device, for the same event.
    other = context.new_page()
    open_event(other, event_id)
    import_list(other, LIST)
    other.fill("#submit-player", "Eli")
    other.close()
    assert len(event_drafts(page)) == 2

    locked = context.request.post(
        f"/api/v1/events/{event_id}/lock",
        headers={"Authorization": f"Bearer {created['admin_token']}"},
    )
    assert locked.ok, locked.text()

    reloaded(page)
    assert deck_rows(page) == mine
    said = page.locator("#event-draft")
    expect(said).to_contain_text("Your changes are not sent yet")
    expect(said).to_contain_text("Submissions are closed, so nothing more can be sent")
    expect(said).to_contain_text("no longer kept in this browser once you leave this page")
    expect(page.locator("#submit-form")).to_be_hidden()
    assert on_file(context, event_id, entry_id, token)["version"] == 1
    # Closed, the event's kept work expires: shown this once, kept no more on the device.
    assert event_drafts(page) == []
    # Edits made now are not kept either: nothing can be sent.
    remove_one(page, "Kindle")
    assert event_drafts(page) == []


def test_leaving_asks_first_only_while_changes_are_not_sent(context, page):
    event_id = new_event(context, "Leave Cup")["event"]["id"]
    receipt = context.request.post(
        f"/api/v1/events/{event_id}/entries", data={"player": "Dana", "text": LIST}
    ).json()
    asked = []

    def dismiss(dialog):
        asked.append(dialog.type)
        dialog.dismiss()

    page.on("dialog", dismiss)
    beside = context.new_page()
    fragment = f"#entry={receipt['entry']['entry']}&token={receipt['player_token']}"
    open_event(page, event_id, fragment)

    def leave() -> list[str]:
        asked.clear()
        page.close(run_before_unload=True)
        # A page that asks stays open; one that does not goes. Wait on another page.
        beside.wait_for_timeout(500)
        return list(asked)

    # The list on file, as loaded: nothing to lose by leaving.
    assert leave() == []
    assert page.is_closed()
    page = context.new_page()
    page.on("dialog", dismiss)
    open_event(page, event_id, fragment)
    remove_one(page, "Fire Breath")
    # Changes not sent: leaving asks (and, refused, the page stays).
    assert leave() == ["beforeunload"]
    assert not page.is_closed()
    page.get_by_role("button", name="Submit changes").click()
    expect(page.locator("#submit-receipt")).to_contain_text("Your new list is on file")
    # Sent: leaving asks nothing.
    assert leave() == []
    assert page.is_closed()
