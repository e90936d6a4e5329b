"""The organizer's day in Chromium, with the event pages' script: the format list follows the
game, deadlines in each reader's time zone, copy buttons, confirmations, reopening, named
exports, printed sheets one player a page, and a dashboard that fits a phone.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Page, expect

from tests.browser.builder import example
from tests.browser.watch import watch

pytestmark = pytest.mark.browser

ORGANIZER_ZONE = "Europe/Berlin"
PLAYER_ZONE = "America/New_York"


@pytest.fixture
def zoned(browser, live_server):
    """Browser contexts in a given time zone: ``zoned("Europe/Berlin", width=390)``."""
    made = []

    def open_page(zone: str, width: int = 1280, **options) -> Page:
        context = browser.new_context(
            base_url=live_server,
            timezone_id=zone,
            viewport={"width": width, "height": 900},
            accept_downloads=True,
            **options,
        )
        context.set_default_timeout(10_000)
        made.append(context)
        page = context.new_page()
        page.errors = watch(page)
        return page

    yield open_page
    for context in made:
        context.close()


def create_event(page: Page, name: str, local_deadline: datetime, players: str = "") -> None:
    page.goto("/events/new")
    page.get_by_label("Event name").fill(name)
    page.get_by_label("Game", exact=True).select_option("era")
    page.get_by_label("Format").select_option("era:open")
    page.get_by_label("Submission deadline").fill(local_deadline.strftime("%Y-%m-%dT%H:%M"))
    if players:
        page.get_by_label("Expected players").fill(players)
    page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{name} is ready")


def local_deadline_in(zone: str) -> datetime:
    """A deadline tomorrow, as a wall-clock time in ``zone`` (seconds dropped, as typed)."""
    moment = datetime.now(UTC) + timedelta(days=1)
    return moment.astimezone(ZoneInfo(zone)).replace(second=0, microsecond=0, tzinfo=None)


def test_the_format_list_follows_the_chosen_game(zoned):
    page = zoned(ORGANIZER_ZONE)
    page.goto("/events/new")
    game, fmt = page.get_by_label("Game", exact=True), page.get_by_label("Format")
    game.select_option("era")
    enabled = fmt.locator("optgroup:not([disabled]) option")
    expect(enabled).to_have_text(["ERA: Standard (default)", "ERA: Open (casual)"])
    fmt.select_option("era:open")
    game.select_option("ryft")
    # The ERA format is not kept under RYFT: the choice falls back to the game's default.
    expect(fmt).to_have_value("")
    expect(enabled).to_have_text(["RYFT: Standard (default)", "RYFT: Singleton Matrix"])
    expect(fmt.locator('optgroup[data-game="era"]')).to_be_hidden()

    # Back to the form, the browser puts RYFT back once the page has loaded: its formats too.
    fmt.select_option("ryft:singleton-matrix")
    page.goto("/games/era/cards")
    page.go_back()
    expect(game).to_have_value("ryft")
    expect(fmt).to_have_value("ryft:singleton-matrix")
    expect(enabled).to_have_text(["RYFT: Standard (default)", "RYFT: Singleton Matrix"])
    assert page.errors == []


def test_deadlines_are_entered_in_the_organizers_zone_and_shown_in_each_readers(zoned):
    organizer = zoned(ORGANIZER_ZONE)
    organizer.goto("/events/new")
    # The browser's own zone is chosen for the organizer.
    expect(organizer.get_by_label("Time zone", exact=True)).to_have_value(ORGANIZER_ZONE)
    deadline = local_deadline_in(ORGANIZER_ZONE)
    create_event(organizer, "Zoned Open", deadline)
    typed = deadline.strftime("%Y-%m-%d %H:%M")
    expect(organizer.locator("#deadline-entered")).to_contain_text(f"{typed} {ORGANIZER_ZONE}")
    shown = organizer.locator(".event-facts time")
    expect(shown).to_contain_text(typed)
    utc = deadline.replace(tzinfo=ZoneInfo(ORGANIZER_ZONE)).astimezone(UTC)
    expect(shown).to_have_attribute("datetime", utc.strftime("%Y-%m-%dT%H:%M:00Z"))
    expect(shown).to_have_attribute("title", utc.strftime("%Y-%m-%d %H:%M UTC"))

    # A player across the ocean sees the same moment in their own zone.
    player = zoned(PLAYER_ZONE)
    player.goto(organizer.locator("#submit-url").inner_text())
    theirs = utc.astimezone(ZoneInfo(PLAYER_ZONE)).strftime("%Y-%m-%d %H:%M")
    expect(player.locator(".event-facts time")).to_contain_text(theirs)
    assert organizer.errors == player.errors == []


def test_copy_buttons_copy_both_links(zoned):
    page = zoned(ORGANIZER_ZONE, permissions=["clipboard-read", "clipboard-write"])
    create_event(page, "Copy Cup", local_deadline_in(ORGANIZER_ZONE))
    for button, source in [
        ("Copy the admin link", "#admin-url"),
        ("Copy the submission link", "#submit-url"),
    ]:
        page.get_by_role("button", name=button).click()
        expect(page.locator(f'[data-copied="{source[1:]}"]')).to_have_text("Copied.")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == page.locator(source).inner_text()
    assert page.errors == []


def test_lock_and_publish_ask_first_reopen_undoes_a_lock(zoned):
    page = zoned(ORGANIZER_ZONE)
    create_event(page, "Careful Cup", local_deadline_in(ORGANIZER_ZONE), players="Carol")
    submit_url = page.locator("#submit-url").inner_text()
    page.get_by_role("link", name="Open the dashboard").click()
    expect(page.locator("#not-submitted")).to_contain_text("Carol")

    asked: list[str] = []

    def answer(accept: bool):
        def on_dialog(dialog):
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        return on_dialog

    # Dismissed: nothing changes.
    page.once("dialog", answer(False))
    page.get_by_role("button", name="Lock the event").click()
    expect(page.get_by_role("button", name="Lock the event")).to_be_visible()
    assert "after the deadline a locked event cannot be reopened" in asked[-1]

    page.once("dialog", answer(True))
    page.get_by_role("button", name="Lock the event").click()
    expect(page.locator("body")).to_contain_text("The organizer has locked this event")
    page.get_by_role("button", name="Reopen the event").click()
    expect(page.get_by_role("button", name="Lock the event")).to_be_visible()
    expect(page.locator("#changes li")).to_have_text(
        [re.compile(r"Created$"), re.compile(r"Locked$"), re.compile(r"Reopened$")]
    )

    page.once("dialog", answer(True))
    page.get_by_role("button", name="Publish the lists").click()
    expect(page.get_by_role("link", name="published lists")).to_be_visible()
    assert "This cannot be undone" in asked[-1]
    expect(page.get_by_role("button", name="Reopen the event")).to_have_count(0)

    page.goto(submit_url)
    expect(page.locator("#privacy")).to_contain_text("The organizer has published the lists")
    expect(page.locator("body")).not_to_contain_text("No one but you")
    assert page.errors == []


def test_exports_are_named_after_the_event_and_sheets_print_a_player_a_page(zoned):
    page = zoned(ORGANIZER_ZONE)
    create_event(page, "Sheet Night", local_deadline_in(ORGANIZER_ZONE))
    submit_url = page.locator("#submit-url").inner_text()
    admin_url = page.locator("#admin-url").inner_text()
    player = zoned(PLAYER_ZONE)
    for name in ("Alice", "Bob", "Carol"):
        player.goto(submit_url)
        player.get_by_label("Your name").fill(name)
        player.get_by_label("Decklist").fill(example("era-legal"))
        player.get_by_role("button", name="Submit and check").click()
        expect(player.get_by_role("heading", level=1)).to_have_text(f"{name}’s list")

    page.goto(admin_url)
    for link, filename in [("Export CSV", "Sheet Night.csv"), ("Export JSON", "Sheet Night.json")]:
        with page.expect_download() as download:
            page.get_by_role("link", name=link).click()
        assert download.value.suggested_filename == filename

    page.get_by_role("link", name="Print deck-check sheets").click()
    page.evaluate("() => { window.printed = 0; window.print = () => { window.printed += 1; }; }")
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("window.printed") == 1
    page.emulate_media(media="print")
    expect(page.get_by_role("button", name="Print")).to_be_hidden()
    breaks = page.locator("article.sheet").evaluate_all(
        "sheets => sheets.map(s => getComputedStyle(s).breakAfter)"
    )
    assert breaks == ["page", "page", "auto"]
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 3
    assert page.errors == player.errors == []


def test_the_dashboard_fits_a_phone_screen(zoned):
    page = zoned(ORGANIZER_ZONE)
    create_event(
        page,
        "A Rather Long Event Name For A Small Screen",
        local_deadline_in(ORGANIZER_ZONE),
        players="Carol\nDave; D-4\nAn Unusually Long Player Name Without Breaks",
    )
    submit_url = page.locator("#submit-url").inner_text()
    admin_url = page.locator("#admin-url").inner_text()
    page.goto(submit_url)
    page.get_by_label("Your name").fill("Bob")
    page.get_by_label("Decklist").fill(example("era-illegal"))
    page.get_by_role("button", name="Submit and check").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Bob’s list")

    phone = zoned(ORGANIZER_ZONE, width=390, is_mobile=True, has_touch=True)
    phone.goto(admin_url)
    expect(phone.locator("#not-submitted")).to_contain_text("Not submitted yet: 3")
    widths = phone.evaluate(
        "({page: document.documentElement.scrollWidth, view: window.innerWidth,"
        " table: document.querySelector('.table-wrap').scrollWidth,"
        " wrap: document.querySelector('.table-wrap').clientWidth})"
    )
    assert widths["view"] == 390
    assert widths["page"] <= 390, widths
    assert widths["table"] <= widths["wrap"], widths
    # The panels stand apart, as everywhere else: the lists' panel touched the one above it.
    above = phone.locator("#not-submitted").bounding_box()
    lists = phone.locator("section", has=phone.locator("#entries-heading")).bounding_box()
    assert lists["y"] - (above["y"] + above["height"]) >= 12, (above, lists)
    bob = phone.locator("#entries tbody tr", has_text="Bob")
    expect(bob).to_contain_text("Not legal")
    box = bob.bounding_box()
    assert box["x"] >= 0, box
    assert box["x"] + box["width"] <= 390, box

    # The report of an upload is a card a list too: its receipts were cut off at the edge.
    phone.set_input_files(
        "#upload",
        {
            "name": "lists.csv",
            "mimeType": "text/csv",
            "buffer": b"player,list\nAn Unusually Long Player Name Without Breaks,3 Ember Rex\n",
        },
    )
    phone.get_by_role("button", name="Upload and check").click()
    report = phone.locator("#upload-report tbody tr")
    expect(report).to_have_count(1)
    expect(report.locator("td.receipt")).to_have_text(re.compile(r"^[0-9a-f]{12}$"))
    widths = phone.evaluate(
        "({page: document.documentElement.scrollWidth,"
        " table: document.querySelector('#upload-report').scrollWidth,"
        " wrap: document.querySelector('#upload-report').parentElement.clientWidth})"
    )
    assert widths["page"] <= 390, widths
    assert widths["table"] <= widths["wrap"], widths
    receipt = report.locator("td.receipt").bounding_box()
    assert receipt["x"] + receipt["width"] <= 390, receipt
    assert phone.errors == []


def test_a_double_click_on_create_and_a_reload_of_its_answer_make_one_event(zoned, live_database):
    # Chromium sends a form double-clicked at once only once; the form is sent again when
    # the page it answered is reloaded, as an organizer does when the answer is slow.
    page = zoned(ORGANIZER_ZONE)
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    name = "Double Click Open"
    page.goto("/events/new")
    page.get_by_label("Event name").fill(name)
    page.get_by_label("Game", exact=True).select_option("era")
    page.get_by_label("Submission deadline").fill(
        local_deadline_in(ORGANIZER_ZONE).strftime("%Y-%m-%dT%H:%M")
    )
    page.get_by_role("button", name="Create the event").dblclick()
    ready = page.get_by_role("heading", level=1)
    expect(ready).to_have_text(f"{name} is ready")
    admin_url = page.locator("#admin-url").inner_text()
    page.reload()
    expect(ready).to_have_text(f"{name} is ready")
    assert page.locator("#admin-url").inner_text() == admin_url
    assert len(posts) >= 2  # the form was sent again
    db = sqlite3.connect(live_database)
    try:
        made = db.execute("SELECT id FROM events WHERE name = ?", [name]).fetchall()
    finally:
        db.close()
    assert len(made) == 1
    assert f"/events/{made[0][0]}/admin/" in admin_url
    assert page.errors == []


def test_the_builder_opened_for_an_event_says_its_deadline_in_the_players_zone(zoned):
    organizer = zoned(ORGANIZER_ZONE)
    deadline = local_deadline_in(ORGANIZER_ZONE)
    create_event(organizer, "Zoned Builder Cup", deadline)
    utc = deadline.replace(tzinfo=ZoneInfo(ORGANIZER_ZONE)).astimezone(UTC)

    # The player across the ocean reads on the builder the moment their event page gave them,
    # not another clock's time to convert by hand around the deadline.
    player = zoned(PLAYER_ZONE)
    player.goto(organizer.locator("#submit-url").inner_text())
    theirs = utc.astimezone(ZoneInfo(PLAYER_ZONE)).strftime("%Y-%m-%d %H:%M")
    expect(player.locator(".event-facts time")).to_contain_text(theirs)
    player.get_by_role("link", name="Build it in the deck builder").click()
    banner = player.locator("#event-facts")
    expect(banner).to_contain_text(f"Deadline: {theirs}")
    expect(banner.locator("time")).to_have_attribute("title", utc.strftime("%Y-%m-%d %H:%M UTC"))
    expect(player.locator("#submit-state")).to_contain_text(f"until {theirs}")
    assert organizer.errors == player.errors == []
