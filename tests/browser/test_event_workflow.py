"""An event from start to finish in Chromium: an organizer, two players, a fix, lock, export.

(The event workflow's own tests live in ``tests/events/``; this one sits here to share the
session's one Chromium.)
"""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.builder import example

pytestmark = pytest.mark.browser

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


def submit_list(page: Page, submit_url: str, player: str, text: str) -> None:
    page.goto(submit_url)
    page.get_by_label("Your name").fill(player)
    page.get_by_label("Decklist").fill(text)
    page.get_by_role("button", name="Submit and check").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{player}’s list")


def test_an_organizer_runs_an_event_two_players_submit_one_fixes_then_lock_and_export(
    browser, live_server, page
):
    # The organizer creates the event.
    page.goto("/")
    page.get_by_role("link", name="Run an event").click()
    page.get_by_label("Event name").fill("Saturday Dino Open")
    page.get_by_label("Game").select_option("era")
    deadline = datetime.now(UTC) + timedelta(days=1)
    page.get_by_label("Submission deadline").fill(deadline.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_label("Expected players").fill("Carol; C-3")
    page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Saturday Dino Open is ready")
    admin_url = page.locator("#admin-url").inner_text()
    submit_url = page.locator("#submit-url").inner_text()
    assert admin_url.startswith(live_server)

    # Two players, each in their own browser, submit through the public link.
    players = {}
    for name in ("Alice", "Bob"):
        players[name] = browser.new_context(base_url=live_server)
        players[name].set_default_timeout(10_000)
    try:
        alice = players["Alice"].new_page()
        submit_list(alice, submit_url, "Alice", example("era-legal"))
        expect(alice.locator(".verdict")).to_have_attribute("data-legal", "true")
        expect(alice.locator("#private-url")).to_contain_text("/entries/")
        # said where the focus is: a status on the page as it loads is not announced
        expect(alice.locator(".secret-box")).to_be_focused()
        expect(alice.locator("#receipt-hash")).to_have_text(re.compile(r"^[0-9a-f]{12}$"))

        bob = players["Bob"].new_page()
        submit_list(bob, submit_url, "Bob", example("era-illegal"))
        expect(bob.locator(".verdict")).to_have_attribute("data-legal", "false")
        expect(bob.locator(".problems")).to_contain_text("did you mean Ember Rex?")
        first_receipt = bob.locator("#receipt-hash").inner_text()

        # Bob fixes his list from his private page.
        bob.get_by_label("Decklist").fill(example("era-legal"))
        bob.get_by_role("button", name="Resubmit and check").click()
        expect(bob.get_by_role("status")).to_contain_text("Your new list is on file")
        expect(bob.get_by_role("status")).to_be_focused()
        expect(bob.locator(".verdict")).to_have_attribute("data-legal", "true")
        expect(bob.locator("#receipt-hash")).not_to_have_text(first_receipt)
        bob_private = bob.url

        # The organizer sees every verdict, filters, locks and exports.
        page.goto(admin_url)
        rows = page.locator("#entries tbody tr")
        expect(rows).to_have_count(3)
        expect(rows.nth(0)).to_contain_text("Alice")
        expect(rows.nth(0)).to_contain_text("Legal")
        expect(rows.nth(1)).to_contain_text("Bob")
        expect(rows.nth(1).locator("td").nth(6)).to_have_text("2")
        expect(rows.nth(2)).to_contain_text("Not submitted")
        page.get_by_role("link", name="Not yet submitted").click()
        expect(page.locator("#entries tbody tr")).to_have_count(1)
        expect(page.locator("#entries .player-name")).to_have_text(["Carol"])
        page.get_by_role("link", name="All").click()
        expect(rows).to_have_count(3)
        page.get_by_label("Expected players").fill("Dana")
        page.get_by_role("button", name="Register").click()
        expect(page.get_by_role("status").first).to_have_text("1 player registered.")
        expect(page.get_by_role("status").first).to_be_focused()
        expect(rows).to_have_count(4)

        # Locking asks first; the organizer agrees.
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Lock the event").click()
        expect(page.locator("body")).to_contain_text("The organizer has locked this event")
        expect(page.get_by_role("button", name="Lock the event")).to_have_count(0)

        with page.expect_download() as download:
            page.get_by_role("link", name="Export CSV").click()
        exported = Path(download.value.path()).read_text(encoding="utf-8")
        # UTF-8's mark first, so that a spreadsheet opens the names as they were typed.
        assert exported.startswith("\ufeffplayer,")
        table = list(csv.DictReader(io.StringIO(exported.removeprefix("\ufeff"))))
        assert [(r["player"], r["status"], r["version"]) for r in table] == [
            ("Alice", "legal", "1"),
            ("Bob", "legal", "2"),
            ("Carol", "not submitted", ""),
            ("Dana", "not submitted", ""),
        ]

        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "event-dashboard.png"), full_page=True)

        # After the lock, Bob's private page shows his list but no longer takes changes.
        bob.goto(bob_private)
        expect(bob.get_by_role("heading", name="Closed")).to_be_visible()
        expect(bob.get_by_role("button", name="Resubmit and check")).to_have_count(0)
    finally:
        for context in players.values():
            context.close()


def test_a_player_on_a_phone_submits_and_fixes_a_list_from_a_file(browser, live_server, page):
    page.goto("/events/new")
    page.get_by_label("Event name").fill("File Friday")
    page.get_by_label("Game", exact=True).select_option("era")
    deadline = datetime.now(UTC) + timedelta(days=1)
    page.get_by_label("Submission deadline").fill(deadline.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_role("button", name="Create the event").click()
    submit_url = page.locator("#submit-url").inner_text()

    phone = browser.new_context(
        base_url=live_server, viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True
    )
    phone.set_default_timeout(10_000)
    try:
        player = phone.new_page()
        player.goto(submit_url)
        player.get_by_label("Your name").fill("Dana")
        # The list a player keeps on the phone: picked, not copied out of the file by hand.
        player.set_input_files(
            "#decklist-file",
            {"name": "dana.txt", "mimeType": "text/plain", "buffer": b"\xef\xbb\xbf3 Ember Rex\n"},
        )
        expect(player.locator("#decklist-file-status")).to_have_text(
            "Opened dana.txt: check the list, then submit it."
        )
        expect(player.get_by_label("Decklist")).to_have_value("3 Ember Rex\n")
        # A control a thumb can tap, within the screen.
        button = player.locator("label[for=decklist-file]").bounding_box()
        assert button["height"] >= 32, button
        assert button["x"] + button["width"] <= 360, button
        # The file input itself is unseen, and no wider than a dot that could catch a tap.
        unseen = player.locator("#decklist-file").bounding_box()
        assert unseen["width"] <= 1, unseen
        assert unseen["height"] <= 1, unseen
        player.get_by_role("button", name="Submit and check").click()
        expect(player.get_by_role("heading", level=1)).to_have_text("Dana’s list")
        expect(player.locator(".verdict")).to_have_attribute("data-legal", "false")

        # Her fix, from the builder's JSON export she kept, on her private page.
        fixed = player.request.post(
            "/api/v1/games/era/validate",
            data=example("era-legal"),
            headers={"Content-Type": "text/plain"},
        ).json()["deck"]
        saved = json.dumps({"game": "era", "name": "Fire", "format": "standard", **fixed})
        player.set_input_files(
            "#decklist-file",
            {"name": "Fire.json", "mimeType": "application/json", "buffer": saved.encode()},
        )
        expect(player.get_by_label("Decklist")).to_have_value(saved)
        player.get_by_role("button", name="Resubmit and check").click()
        expect(player.get_by_role("status")).to_contain_text("Your new list is on file")
        expect(player.locator(".verdict")).to_have_attribute("data-legal", "true")
    finally:
        phone.close()
