"""A list left unsent on a shared device: the next player never gets it under the last one's
name (in the builder, or on the event's form gone Back to), it goes with its event's deadline,
a tab that sends it leaves nothing lost or sent twice in another, and the private link of a
list sent from the builder outlives a reload."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Page, expect

from tests.browser.builder import (
    deck_rows,
    example,
    import_list,
    loaded,
    new_event,
    open_builder,
    settle,
)
from tests.browser.watch import REFUSED_409 as REFUSED
from tests.browser.watch import watch

pytestmark = pytest.mark.browser

LIST = example("era-legal")
PHONE = {"width": 360, "height": 740}
ALLOWED_PAGE_ERRORS = (REFUSED,)


def from_event_page(page: Page, event_id: str) -> None:
    page.goto(f"/events/{event_id}")
    page.get_by_role("link", name=re.compile("deck builder", re.I)).first.click()
    loaded(page)


def phone_import(page: Page, text: str) -> None:
    page.get_by_role("tab", name=re.compile("^Deck")).click()
    import_list(page, text)


def event_drafts(page: Page) -> list[str]:
    return page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('deckwright:draft:event:'))"
    )


def entries(context, created) -> list[dict]:
    answer = context.request.get(
        f"/api/v1/events/{created['event']['id']}/entries",
        headers={"Authorization": f"Bearer {created['admin_token']}"},
    )
    assert answer.ok, answer.text()
    return answer.json()["entries"]


def test_the_next_player_on_a_shared_phone_gets_an_empty_name_and_the_left_list_is_only_offered(
    context, page
):
    page.set_viewport_size(PHONE)
    created = new_event(context, "Phone Cup")
    event_id = created["event"]["id"]
    # Alice builds her list and types her name, then leaves it unsent.
    from_event_page(page, event_id)
    phone_import(page, LIST)
    page.get_by_role("tab", name="Legality").click()
    page.get_by_label("Your name").fill("Alice")
    alices = deck_rows(page)
    page.goto("/")

    # Bea, handed the phone, opens the builder from the event's page: an empty list, no name.
    from_event_page(page, event_id)
    said = page.locator("#event-draft")
    expect(said).to_contain_text("A list not submitted yet was left on this device")
    expect(said).not_to_contain_text("Alice")
    # The offer fits the phone: its button wraps rather than widen the page.
    expect(said.get_by_role("button", name=re.compile("Continue the list left"))).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert deck_rows(page) == []
    page.get_by_role("tab", name="Legality").click()
    expect(page.get_by_label("Your name")).to_have_value("")
    expect(page.locator("#submit-state")).not_to_contain_text("Alice")
    phone_import(page, "3 Kindle\n")
    page.get_by_role("tab", name="Legality").click()
    page.get_by_label("Your name").fill("Bea")
    page.get_by_role("button", name="Submit to Phone Cup").click()
    expect(page.locator("#private-url")).to_be_visible()
    assert [e["player"] for e in entries(context, created)] == ["Bea"]

    # Alice comes back: her list is still kept, and continued with one click, name and all.
    from_event_page(page, event_id)
    assert deck_rows(page) == []
    page.get_by_role(
        "button", name=re.compile(r"Continue the list left at .* \(\d+ cards\)")
    ).click()
    expect(said).to_contain_text("Your list is not submitted yet")
    settle(page)
    assert deck_rows(page) == alices
    page.get_by_role("tab", name="Legality").click()
    expect(page.get_by_label("Your name")).to_have_value("Alice")
    # Reloaded, this page goes on with Alice's list: it is the page's own now.
    page.reload()
    loaded(page)
    assert deck_rows(page) == alices
    page.get_by_role("tab", name="Legality").click()
    page.get_by_role("button", name="Submit to Phone Cup").click()
    expect(page.locator("#private-url")).to_be_visible()
    assert sorted(e["player"] for e in entries(context, created)) == ["Alice", "Bea"]
    assert event_drafts(page) == []


def test_a_list_left_unsent_goes_after_its_deadline_though_no_page_of_its_event_is_opened(
    context, page
):
    made = {
        name: new_event(context, f"{name} Cup")["event"]["id"]
        for name in ("Closed", "Moved", "Open")
    }
    for name, event_id in made.items():
        page.goto(f"/games/era/build?event={event_id}")
        loaded(page)
        import_list(page, LIST)
        page.fill("#submit-player", name)
    assert len(event_drafts(page)) == 3
    # As the device's clock sees them: one deadline passed three days ago; one passed an hour
    # ago (the organizer may move it later, or this clock may be ahead); one still to come.
    now = datetime.now(UTC)
    for name, when in (("Closed", now - timedelta(days=3)), ("Moved", now - timedelta(hours=1))):
        page.evaluate(
            """([eventId, deadline]) => {
                for (const key of Object.keys(localStorage)) {
                    if (!key.startsWith(`deckwright:draft:event:${eventId}:`)) continue;
                    const draft = JSON.parse(localStorage.getItem(key));
                    localStorage.setItem(key, JSON.stringify({...draft, deadline}));
                }
            }""",
            [made[name], when.isoformat()],
        )

    # The next page of the site opened on this device, the game's own builder, lets the first
    # go; the others stay.
    open_builder(page, "era")
    kept = event_drafts(page)
    assert [key for key in kept if f":{made['Closed']}:" in key] == []
    assert [key for key in kept if f":{made['Moved']}:" in key] != []
    assert [key for key in kept if f":{made['Open']}:" in key] != []


def test_a_tab_that_opens_the_closed_event_leaves_the_other_tab_its_unsent_list_said_unsendable(
    context, page
):
    created = new_event(context, "Lock Cup")
    event_id = created["event"]["id"]
    page.goto(f"/games/era/build?event={event_id}")
    loaded(page)
    import_list(page, LIST)
    page.fill("#submit-player", "Alice")
    mine = deck_rows(page)
    locked = context.request.post(
        f"/api/v1/events/{event_id}/lock",
        headers={"Authorization": f"Bearer {created['admin_token']}"},
    )
    assert locked.ok, locked.text()

    other = context.new_page()
    errors = watch(other)
    other.goto(f"/games/era/build?event={event_id}")
    loaded(other)
    assert event_drafts(other) == []

    # The first tab was not sent anything: it keeps Alice's list and says it cannot go now.
    said = page.locator("#event-draft")
    expect(said).to_contain_text("Your list is not submitted")
    expect(said).to_contain_text("Submissions are closed, so nothing more can be sent")
    expect(said).not_to_contain_text("another tab")
    assert deck_rows(page) == mine
    expect(page.locator("#submit-player")).to_have_value("Alice")
    expect(page.locator("#submit-form")).to_be_hidden()
    expect(page.locator("#submit-state")).to_contain_text("Submissions are closed")
    other.close()
    assert errors == []


def test_two_tabs_opened_anew_build_their_own_lists_and_one_name_is_sent_once(context, page):
    page.set_viewport_size(PHONE)
    created = new_event(context, "Twin Cup")
    event_id = created["event"]["id"]
    page.goto(f"/games/era/build?event={event_id}")
    loaded(page)
    other = context.new_page()
    errors = watch(other)
    other.goto(f"/games/era/build?event={event_id}")
    loaded(other)

    # What is typed in one tab is not put in the other, which may be the next player's.
    import_list(other, LIST)
    other.fill("#submit-player", "Alice")
    other.wait_for_timeout(300)
    assert deck_rows(page) == []
    expect(page.locator("#submit-player")).to_have_value("")

    # The same player sends a list under the same name from each tab: one is on file, the
    # other refused with its deck kept, and said where the list on file is changed.
    phone_import(page, "3 Kindle\n")
    page.get_by_role("tab", name="Legality").click()
    page.fill("#submit-player", "Alice")
    mine = deck_rows(page)
    other.get_by_role("button", name="Submit to Twin Cup").click()
    expect(other.locator("#private-url")).to_be_visible()
    page.get_by_role("button", name="Submit to Twin Cup").click()
    expect(page.locator("#submit-problem")).to_contain_text("A list is already on file for Alice")
    assert deck_rows(page) == mine
    assert [(e["player"], e["versions"]) for e in entries(context, created)] == [("Alice", 1)]
    other.close()
    assert errors == []


def test_a_left_list_continued_in_a_second_tab_and_sent_from_the_first_is_said_sent_there(
    context, page
):
    created = new_event(context, "Relay Cup")
    event_id = created["event"]["id"]
    page.goto(f"/games/era/build?event={event_id}")
    loaded(page)
    import_list(page, LIST)
    page.fill("#submit-player", "Alice")
    other = context.new_page()
    errors = watch(other)
    other.goto(f"/games/era/build?event={event_id}")
    loaded(other)
    other.get_by_role("button", name=re.compile("Continue the list left")).click()
    settle(other)
    expect(other.locator("#submit-player")).to_have_value("Alice")

    # Both tabs build the one list: a change in the second shows in the first.
    other.locator(".deck-row[data-name='Fire Breath']").get_by_role(
        "button", name="Remove one Fire Breath"
    ).click()
    expect(page.locator(".deck-row[data-name='Fire Breath']")).to_contain_text("2×")
    settle(page)
    page.get_by_role("button", name="Submit to Relay Cup").click()
    expect(page.locator("#private-url")).to_be_visible()
    receipt = page.locator("#receipt-hash").inner_text()

    said = other.locator("#event-draft")
    expect(said).to_contain_text("Submitted in another tab of this browser, as Alice’s list")
    expect(said).to_contain_text(receipt)
    expect(said).to_contain_text("private link is shown in that tab")
    expect(other.locator(".deck-row")).to_have_count(0)
    expect(other.locator("#submit-player")).to_have_value("")
    [entry] = entries(context, created)
    assert (entry["player"], entry["versions"]) == ("Alice", 1)
    assert "2 Fire Breath" in entry["latest"]["list"]
    other.close()
    assert errors == []


def test_the_private_link_of_a_first_list_sent_here_is_still_shown_once_the_page_is_reloaded(
    context, page
):
    page.set_viewport_size(PHONE)
    event_id = new_event(context, "Link Cup")["event"]["id"]
    page.goto(f"/games/era/build?event={event_id}")
    loaded(page)
    phone_import(page, LIST)
    page.get_by_role("tab", name="Legality").click()
    page.get_by_label("Your name").fill("Alice")
    page.get_by_role("button", name="Submit to Link Cup").click()
    link = page.locator("#private-url")
    expect(link).to_be_visible()
    given = link.inner_text()

    # Reloaded before Alice bookmarked it (or a phone brought the tab back): the page still
    # changes her list, and still shows the one link that opens it anywhere else.
    page.reload()
    loaded(page)
    page.get_by_role("tab", name="Legality").click()
    expect(page.locator("#submit-state")).to_contain_text("Changing Alice’s list on file")
    expect(link).to_have_text(given)
    page.goto(given)
    expect(page.get_by_role("heading", name="Alice’s list")).to_be_visible()


def test_back_on_the_event_page_never_gives_the_next_player_the_last_ones_name_and_list(
    context, page
):
    page.set_viewport_size(PHONE)
    created = new_event(context, "Paste Cup")
    event_id = created["event"]["id"]
    page.goto(f"/events/{event_id}")
    page.get_by_label("Your name").fill("Alice")
    page.get_by_label("Decklist").fill(LIST)
    page.get_by_role("button", name="Submit and check").click()
    page.wait_for_url(re.compile("/entries/"))

    # The next player handed the phone goes Back to the form: the browser would fill in what
    # Alice typed there. It is empty, and what was typed is only offered back.
    page.go_back()
    expect(page.get_by_label("Your name")).to_have_value("")
    expect(page.get_by_label("Decklist")).to_have_value("")
    said = page.locator("#typed-before")
    expect(said).to_contain_text("was typed on this page before")
    expect(said).not_to_contain_text("Alice")
    page.get_by_label("Your name").fill("Bea")
    page.get_by_label("Decklist").fill("3 Kindle\n")
    page.get_by_role("button", name="Submit and check").click()
    page.wait_for_url(re.compile("/entries/"))
    expect(page.get_by_role("heading", name="Bea’s list")).to_be_visible()
    assert sorted(e["player"] for e in entries(context, created)) == ["Alice", "Bea"]

    # Alice's own Back, to a list she had not sent: one click puts it back as she typed it.
    page.goto(f"/events/{event_id}")
    page.get_by_label("Your name").fill("Cy")
    page.get_by_label("Decklist").fill("2 Kindle\n")
    page.goto("/")
    page.go_back()
    expect(page.get_by_label("Your name")).to_have_value("")
    page.get_by_role("button", name="Put back what was typed").click()
    expect(page.get_by_label("Your name")).to_have_value("Cy")
    expect(page.get_by_label("Decklist")).to_have_value("2 Kindle\n")
    expect(page.locator("#typed-before")).to_be_hidden()
