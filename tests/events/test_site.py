"""The event pages through the test client: plain HTML forms, no JavaScript needed."""

from __future__ import annotations

import html
import io
import re
import zipfile
from datetime import timedelta

import pytest

from tests.events.conftest import DEADLINE, csrf_of

_ADMIN_URL = re.compile(r'<code id="admin-url">([^<]+)</code>')


def path_of(url: str) -> str:
    return "/" + html.unescape(url).split("/", 3)[3]


@pytest.fixture
def site_event(client):
    """An event created through the form; yields (event id, dashboard path)."""
    form = client.get("/events/new").get_data(as_text=True)
    response = client.post(
        "/events/new",
        data={
            "csrf_token": csrf_of(form),
            "name": "Friday Night Dinos",
            "game": "era",
            "format": "",
            "as_of": "",
            "deadline": DEADLINE.strftime("%Y-%m-%dT%H:%M"),
            "players": "Carol\nDave; D-4\n",
        },
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    dashboard = path_of(_ADMIN_URL.search(response.get_data(as_text=True)).group(1))
    event_id = dashboard.split("/")[2]
    return event_id, dashboard


def listed(dashboard_page: str) -> list[str]:
    """The players in the dashboard's table of lists."""
    table = dashboard_page.split('id="entries"', 1)[1].split("</table>", 1)[0]
    return re.findall(r'class="player-name">([^<]+)<', table)


def submit_form(client, event_id, player, decklist, **extra):
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    data = {"csrf_token": csrf_of(page), "player": player, "decklist": decklist, **extra}
    return client.post(f"/events/{event_id}", data=data)


def test_the_new_event_page_explains_and_offers_the_form(client):
    page = client.get("/events/new").get_data(as_text=True)
    assert "<h1>Run an event</h1>" in page
    assert 'name="deadline" type="datetime-local"' in page
    assert '<option value="era">' in page
    assert "secret admin link" in page


def test_creating_an_event_shows_the_admin_link_once_and_the_submission_link(client, site_event):
    event_id, dashboard = site_event
    assert dashboard.startswith(f"/events/{event_id}/admin/")
    assert len(dashboard.rsplit("/", 1)[1]) >= 43
    page = client.get(dashboard)
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Friday Night Dinos" in text
    assert f"http://localhost/events/{event_id}</code>" in text


def test_the_form_refuses_a_past_deadline_and_keeps_what_was_typed(client):
    form = client.get("/events/new").get_data(as_text=True)
    response = client.post(
        "/events/new",
        data={
            "csrf_token": csrf_of(form),
            "name": "Too Late Cup",
            "game": "era",
            "deadline": "2001-01-01T10:00",
        },
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "the submission deadline must be in the future" in page
    assert 'value="Too Late Cup"' in page


def test_a_player_submits_through_the_public_page_and_lands_on_their_private_page(
    client, site_event, era_illegal
):
    event_id, _ = site_event
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Submit your decklist" in page
    response = submit_form(client, event_id, "Bob", era_illegal)
    assert response.status_code == 303
    private = response.headers["Location"]
    assert private.startswith(f"/events/{event_id}/entries/")
    mine = client.get(private).get_data(as_text=True)
    assert "Bookmark your private link" in mine
    assert "Not legal" in mine
    assert "no ERA card is called &#39;Embr Rex&#39;; did you mean Ember Rex?" in mine
    assert re.search(r'id="receipt-hash">[0-9a-f]{12}<', mine)
    assert "Fix and resubmit" in mine


def test_a_player_fixes_their_list_until_the_deadline(
    client, site_event, era_illegal, era_legal, clock
):
    event_id, _ = site_event
    private = submit_form(client, event_id, "Bob", era_illegal).headers["Location"].split("?")[0]
    page = client.get(private).get_data(as_text=True)
    fixed = client.post(private, data={"csrf_token": csrf_of(page), "decklist": era_legal})
    assert fixed.status_code == 303
    mine = client.get(fixed.headers["Location"]).get_data(as_text=True)
    assert "Your new list is on file" in mine
    assert '<strong class="verdict-word">Legal</strong>' in mine
    assert mine.count("Version ") == 2
    clock.now = DEADLINE + timedelta(minutes=1)
    late = client.post(private, data={"csrf_token": csrf_of(page), "decklist": era_illegal})
    assert late.status_code == 409
    assert "the deadline" in late.get_data(as_text=True)
    closed = client.get(private).get_data(as_text=True)
    assert "Fix and resubmit" not in closed
    assert '<strong class="verdict-word">Legal</strong>' in closed
    public = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Submissions are closed" in public


def test_the_submission_form_says_what_is_missing(client, site_event):
    event_id, _ = site_event
    response = submit_form(client, event_id, "", "")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Give your name." in page
    assert "Paste your decklist." in page


def test_a_taken_name_is_refused_with_a_pointer_to_the_private_link(client, site_event, era_legal):
    event_id, _ = site_event
    submit_form(client, event_id, "Bob", era_legal)
    again = submit_form(client, event_id, "bob", era_legal)
    assert again.status_code == 409
    assert "private link" in again.get_data(as_text=True)


def test_the_dashboard_shows_verdicts_problems_and_filters(
    client, site_event, era_legal, era_illegal
):
    event_id, dashboard = site_event
    submit_form(client, event_id, "Alice", era_legal)
    submit_form(client, event_id, "Bob", era_illegal)
    page = client.get(dashboard).get_data(as_text=True)
    assert re.search(r"All <span class=\"n\">4</span>", page)
    assert re.search(r"Not legal <span class=\"n\">1</span>", page)
    assert re.search(r"Not yet submitted <span class=\"n\">2</span>", page)
    assert "9 problems" in page
    assert "At most 3 copies of each action or equipment" in page
    illegal = client.get(dashboard + "?show=illegal").get_data(as_text=True)
    assert listed(illegal) == ["Bob"]
    missing = client.get(dashboard + "?show=missing").get_data(as_text=True)
    assert listed(missing) == ["Carol", "Dave"]


def test_the_entry_page_shows_the_full_list_and_its_history(
    client, site_event, era_illegal, era_legal
):
    event_id, dashboard = site_event
    private = submit_form(client, event_id, "Bob", era_illegal).headers["Location"].split("?")[0]
    page = client.get(private).get_data(as_text=True)
    client.post(private, data={"csrf_token": csrf_of(page), "decklist": era_legal})
    board = client.get(dashboard).get_data(as_text=True)
    entry = html.unescape(re.search(r'href="([^"]+/entries/[^"/]+)">List</a>', board).group(1))
    text = client.get(entry).get_data(as_text=True)
    assert "History of changes" in text
    assert "<strong>Version 2</strong>" in text
    assert "<strong>Version 1</strong>" in text
    assert "1 Embr Rex" in text  # the first list, exactly as received
    assert "3 Riptide Pull" in text


def test_the_deck_check_sheet_is_printable(client, site_event, era_legal):
    event_id, dashboard = site_event
    submit_form(client, event_id, "Alice", era_legal, player_id="A-11")
    board = client.get(dashboard).get_data(as_text=True)
    sheet_url = html.unescape(re.search(r'href="([^"]+/sheet)">Sheet</a>', board).group(1))
    sheet = client.get(sheet_url).get_data(as_text=True)
    assert "Friday Night Dinos" in sheet
    assert '<h2 class="sheet-player">Alice</h2>' in sheet
    assert "A-11" in sheet
    assert "<h3><span>Dinos</span><span>3</span></h3>" in sheet
    assert '<td class="count">3</td><td>Fire Breath</td>' in sheet
    assert "Player’s signature" in sheet
    assert "@media print" in sheet
    every = client.get(dashboard + "/sheets").get_data(as_text=True)
    assert every.count('<article class="sheet"') == 1


def test_the_sheets_page_has_one_h1_and_a_heading_below_it_for_each_player(
    client, site_event, era_legal, era_illegal
):
    event_id, dashboard = site_event
    submit_form(client, event_id, "Alice", era_legal)
    submit_form(client, event_id, "Bob", era_illegal)
    every = client.get(dashboard + "/sheets").get_data(as_text=True)
    assert re.findall(r"<h1[^>]*>(.*?)</h1>", every) == ["Deck-check sheets"]
    assert re.findall(r'<h2 class="sheet-player">(.*?)</h2>', every) == ["Alice", "Bob"]
    assert re.findall(r"<h2[^>]*>", every.split('<article class="sheet"')[0]) == []
    assert set(re.findall(r"<h3[^>]*>", every)) == {"<h3>", '<h3 class="small-heading">'}


def test_the_verify_page_checks_a_receipt(client, site_event, era_legal):
    event_id, dashboard = site_event
    private = submit_form(client, event_id, "Alice", era_legal).headers["Location"]
    receipt = re.search(
        r'id="receipt-hash">([0-9a-f]{12})<', client.get(private).get_data(as_text=True)
    )
    matched = client.get(f"{dashboard}/verify?receipt={receipt.group(1)}").get_data(as_text=True)
    assert "Matches" in matched
    assert "the list on file for <bdi>Alice</bdi>" in matched
    unknown = client.get(f"{dashboard}/verify?receipt=000000000000").get_data(as_text=True)
    assert "No match" in unknown
    bad = client.get(f"{dashboard}/verify?receipt=nothex")
    assert bad.status_code == 400


def test_a_right_to_left_name_is_kept_apart_from_the_words_around_it(client, site_event, era_legal):
    # "the list on file for מרים, Bob" and "מרים's list" would otherwise be shown reordered.
    event_id, dashboard = site_event
    private = submit_form(client, event_id, "מרים", era_legal).headers["Location"]
    submit_form(client, event_id, "Bob", era_legal)
    page = client.get(private).get_data(as_text=True)
    assert "<bdi>מרים</bdi>’s list" in page
    receipt = re.search(r'id="receipt-hash">([0-9a-f]{12})<', page).group(1)
    matched = client.get(f"{dashboard}/verify?receipt={receipt}").get_data(as_text=True)
    assert "the list on file for <bdi>Bob</bdi>, <bdi>מרים</bdi>" in matched
    assert "<li><bdi>מרים</bdi>: version 1 of 1" in matched


def test_the_organizer_registers_players_uploads_lists_locks_and_publishes(
    client, site_event, era_legal, era_illegal
):
    event_id, dashboard = site_event
    token = csrf_of(client.get(dashboard).get_data(as_text=True))
    registered = client.post(
        f"{dashboard}/players", data={"csrf_token": token, "players": "Eve\nCarol"}
    )
    assert "1 player registered." in registered.get_data(as_text=True)
    assert "Already on the list, left as they were: Carol." in registered.get_data(as_text=True)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("Eve.txt", era_legal)
        archive.writestr("Frank.txt", era_illegal)
        archive.writestr("notes.pdf", b"%PDF-1.4")
    uploaded = client.post(
        f"{dashboard}/upload",
        data={"csrf_token": token, "upload": (io.BytesIO(buffer.getvalue()), "lists.zip")},
        content_type="multipart/form-data",
    )
    report = uploaded.get_data(as_text=True)
    assert "2 lists stored from lists.zip." in report
    assert "notes.pdf: skipped: not a decklist" in report
    locked = client.post(f"{dashboard}/lock", data={"csrf_token": token, "confirmed": "yes"})
    assert locked.status_code == 303
    assert "The organizer has locked this event" in client.get(dashboard).get_data(as_text=True)
    assert client.get(f"/events/{event_id}/lists").status_code == 404
    client.post(f"{dashboard}/publish", data={"csrf_token": token, "confirmed": "yes"})
    lists = client.get(f"/events/{event_id}/lists").get_data(as_text=True)
    assert "Eve" in lists
    assert "Frank" in lists


def test_the_dashboard_exports_csv_and_json(client, site_event, era_legal):
    event_id, dashboard = site_event
    submit_form(client, event_id, "Alice", era_legal)
    exported = client.get(f"{dashboard}/export.csv")
    assert exported.mimetype == "text/csv"
    assert exported.data.decode("utf-8-sig").startswith("player,player_id,entry,status,legal")
    as_json = client.get(f"{dashboard}/export.json").get_json()
    assert [e["player"] for e in as_json["entries"]] == ["Alice", "Carol", "Dave"]


def test_the_navigation_links_to_running_an_event(client):
    assert 'href="/events/new">Run an event</a>' in client.get("/").get_data(as_text=True)


def test_the_sheet_and_the_published_list_show_the_sideboard_the_receipt_covers(
    client, event, era_legal
):
    # Judges check the sideboard against the list too, and the receipt printed on the sheet
    # covers it: the sheet and the published list show it, each board apart from the deck.
    with_boards = era_legal + "\nSideboard:\n2 Kindle\n1 Fire Breath\n\nMaybeboard:\n1 High Tide\n"
    entry_id = event.submit("Sid", with_boards).get_json()["entry"]["entry"]
    sheet = client.get(f"/events/{event.id}/admin/{event.token}/entries/{entry_id}/sheet")
    text = sheet.get_data(as_text=True)
    assert "<h3><span>Deck</span><span>30</span></h3>" in text
    assert "<h3><span>Sideboard</span><span>3</span></h3>" in text
    assert '<td class="count">2</td><td>Kindle</td>' in text
    assert "<h3><span>Maybeboard</span><span>1</span></h3>" in text
    client.post(event.url("/publish"), headers=event.admin)
    published = client.get(f"/events/{event.id}/lists").get_data(as_text=True)
    assert "<h3>Sideboard (3)</h3>" in published
    assert "<h3>Maybeboard (1)</h3>" in published
    assert '<td class="count">2</td><td>Kindle</td>' in published


def test_a_csv_saved_by_excel_on_windows_is_stored_with_its_names_as_typed(client, site_event):
    """Excel's "CSV (Comma delimited)" is Windows-1252: read as such, and the organizer is
    told how it was read, and what to do if a name shows the wrong letters."""
    _, dashboard = site_event
    token = csrf_of(client.get(dashboard).get_data(as_text=True))
    sheet = "player,list\r\nJosé Núñez,3 Ember Rex\r\n".encode("cp1252")
    uploaded = client.post(
        f"{dashboard}/upload",
        data={"csrf_token": token, "upload": (io.BytesIO(sheet), "players.csv")},
        content_type="multipart/form-data",
    )
    page = html.unescape(uploaded.get_data(as_text=True))
    assert "1 list stored from players.csv." in page
    assert "read as Windows-1252" in page
    assert "CSV UTF-8" in page
    exported = client.get(f"{dashboard}/export.json").get_json()
    assert "José Núñez" in [e["player"] for e in exported["entries"]]


def test_the_new_event_form_says_what_an_empty_banned_list_day_means(client):
    # "(optional: the event day)" alone read as if an empty day were the event's: it is the
    # day each list comes, and a ban in force between a list and the event leaves it legal.
    form = client.get("/events/new").get_data(as_text=True)
    field = form.split('id="as_of"', 1)[1].split("</div>", 1)[0]
    assert 'aria-describedby="as-of-hint"' in field
    hint = re.search(r'<p id="as-of-hint" class="hint">(.*?)</p>', field, re.S).group(1)
    assert "Left empty, each list is judged by the banned list of the day it comes" in hint


def test_a_form_sent_back_with_a_problem_takes_the_focus_to_it(client, site_event):
    # The reason was an alert already on the page as it loaded, which screen readers do not
    # announce, and the focus stayed on the page's top: the organizer heard nothing.
    form = client.get("/events/new").get_data(as_text=True)
    refused = client.post(
        "/events/new",
        data={
            "csrf_token": csrf_of(form),
            "name": "Late",
            "game": "era",
            "deadline": "2001-01-01T10:00",
        },
    ).get_data(as_text=True)
    _, dashboard = site_event
    bad = client.get(f"{dashboard}/verify?receipt=nothex").get_data(as_text=True)
    for page in (refused, bad):
        alert = re.search(r'<[^>]*class="notice notice-error"[^>]*>', page).group(0)
        assert 'role="alert"' in alert
        assert 'tabindex="-1"' in alert
        assert "autofocus" in alert
