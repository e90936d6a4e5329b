"""The organizer's day through the test client: the create form, deadlines in the organizer's
time zone, confirmations, reopening, exports named after the event, sheets and who is missing.

(The same in Chromium, with the page's script: tests/browser/test_event_organizer.py.)
"""

from __future__ import annotations

import html
import re
from datetime import timedelta
from urllib.parse import unquote

import pytest

from tests.events.conftest import DEADLINE, bearer, csrf_of
from tests.events.test_site import listed, path_of, submit_form

_ADMIN_URL = re.compile(r'<code id="admin-url">([^<]+)</code>')


def create(client, **fields):
    form = client.get("/events/new").get_data(as_text=True)
    data = {
        "csrf_token": csrf_of(form),
        "name": "Friday Night Dinos",
        "game": "era",
        "format": "",
        "deadline": DEADLINE.strftime("%Y-%m-%dT%H:%M"),
        "players": "Carol\nDave; D-4\n",
        **fields,
    }
    return client.post("/events/new", data=data)


def dashboard_of(response) -> str:
    assert response.status_code == 201, response.get_data(as_text=True)
    return path_of(_ADMIN_URL.search(response.get_data(as_text=True)).group(1))


def event_facts(client, dashboard: str) -> dict:
    return client.get(f"/api/v1/events/{dashboard.split('/')[2]}").get_json()


def players_of(client, created) -> list[tuple[str, str | None]]:
    """The (name, player id) of each player the event just created registered, by name."""
    _, event_id, _, token = dashboard_of(created).split("/")[1:5]
    listed = client.get(
        f"/api/v1/events/{event_id}/entries?show=missing", headers=bearer(token)
    ).get_json()
    return sorted((e["player"], e["player_id"]) for e in listed["entries"])


@pytest.fixture
def dashboard(client) -> str:
    return dashboard_of(create(client))


def post(client, dashboard: str, action: str, **data):
    token = csrf_of(client.get(dashboard).get_data(as_text=True))
    return client.post(f"{dashboard}/{action}", data={"csrf_token": token, **data})


# -- the create form -------------------------------------------------------------------------


def test_each_format_on_the_form_names_its_game(client):
    page = client.get("/events/new").get_data(as_text=True)
    assert '<optgroup label="ERA (Extinction: Rift in the Aether)" data-game="era">' in page
    assert '<option value="era:open">ERA: Open (casual)</option>' in page
    assert '<option value="ryft:standard">RYFT: Standard (default)</option>' in page
    assert "data-new-event" in page


def test_a_format_of_another_game_is_refused_never_read_as_the_default(client):
    response = create(client, game="era", format="ryft:standard", name="Wrong Format Cup")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "That format belongs to another game" in page
    assert 'value="Wrong Format Cup"' in page
    assert "is ready" not in page


def test_a_format_the_game_does_not_have_is_refused_on_the_form(client):
    response = create(client, game="shadow-era", format="open")
    assert response.status_code == 422
    assert "Shadow Era has no format &#39;open&#39;" in response.get_data(as_text=True)


def test_the_chosen_format_of_the_chosen_game_is_the_events(client):
    facts = event_facts(client, dashboard_of(create(client, game="era", format="era:open")))
    assert (facts["game"], facts["format"]) == ("era", "open")


def test_a_deadline_is_entered_in_the_organizers_time_zone_and_kept_in_utc(client):
    response = create(client, deadline="2030-05-03T14:00", timezone="Europe/Berlin")
    page = response.get_data(as_text=True)
    assert "Deadline as you entered it: 2030-05-03 14:00 Europe/Berlin." in page
    assert '<time class="moment" datetime="2030-05-03T12:00:00Z">' in page
    facts = event_facts(client, dashboard_of(response))
    assert facts["deadline"].startswith("2030-05-03T12:00:00")


def test_without_a_time_zone_the_deadline_is_utc(client):
    facts = event_facts(client, dashboard_of(create(client, deadline="2030-05-03T14:00")))
    assert facts["deadline"].startswith("2030-05-03T14:00:00")


def test_a_deadline_the_clocks_skip_in_the_organizers_zone_is_refused(client):
    # 01:30 on 30 March 2031 never happens in London: the clocks go from 01:00 to 02:00. It
    # was kept as 01:30 UTC and confirmed as "as you entered it: 02:30", an hour off the time
    # typed; a wall-clock time that happens twice (October) is its first, the earlier one.
    skipped = create(client, deadline="2031-03-30T01:30", timezone="Europe/London")
    assert skipped.status_code == 400
    assert (
        "2031-03-30 01:30 does not happen in Europe/London: the clocks skip it."
        " Pick a time before or after."
    ) in skipped.get_data(as_text=True)
    twice = create(client, deadline="2030-10-27T01:30", timezone="Europe/London")
    assert "Deadline as you entered it: 2030-10-27 01:30 Europe/London." in twice.get_data(
        as_text=True
    )
    assert event_facts(client, dashboard_of(twice))["deadline"].startswith("2030-10-27T00:30:00")


def test_a_deadline_that_happens_twice_says_which_of_the_two_it_is(client):
    # 01:30 on 27 October 2030 happens twice in London, in BST and again in GMT: confirmed as
    # "01:30 Europe/London" alone, the organizer could not tell it is the earlier one.
    twice = create(client, deadline="2030-10-27T01:30", timezone="Europe/London")
    page = twice.get_data(as_text=True)
    assert (
        "01:30 happens twice in Europe/London that day, as the clocks go back: the deadline is"
        " the first, 01:30 BST (UTC+01:00), an hour before 01:30 GMT."
    ) in page
    once = create(client, deadline="2030-05-03T14:00", timezone="Europe/Berlin")
    assert "happens twice" not in once.get_data(as_text=True)


def test_a_deadline_past_the_calendars_end_in_the_organizers_zone_is_refused_not_a_500(client):
    # 9999-12-31 23:59 in Anchorage is in the year 10000 in UTC, where no date goes: it was
    # an OverflowError and the server's error page, the form and what was typed lost.
    response = create(client, deadline="9999-12-31T23:59", timezone="America/Anchorage")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert (
        "9999-12-31 23:59 in America/Anchorage is after the last moment a deadline can be"
        " (9999-12-31 23:59 UTC): pick an earlier one."
    ) in page
    assert 'value="Friday Night Dinos"' in page
    east = create(client, deadline="9999-12-31T23:59", timezone="Asia/Tokyo")
    assert event_facts(client, dashboard_of(east))["deadline"].startswith("9999-12-31T14:59:00")
    # East of UTC, the first day of year 1 starts in year 0: a day long past, said so.
    first = create(client, deadline="0001-01-01T00:00", timezone="Asia/Tokyo")
    assert first.status_code == 400
    assert "the submission deadline must be in the future" in first.get_data(as_text=True)


def test_players_pasted_from_a_sheets_two_columns_are_names_and_player_ids(client):
    # Two columns copied out of a spreadsheet come as "Anne<tab>A-9": it was registered as
    # a player called "Anne A-9" with no id, whom Anne submitting as Anne never matched.
    created = create(client, players="Anne\tA-9\nBob\t\nCarl; C-3\n")
    assert players_of(client, created) == [
        ("Anne", "A-9"),
        ("Bob", None),
        ("Carl", "C-3"),
    ]
    # A third column (an e-mail address, say) is not taken into the id unsaid, nor a second
    # semicolon's ("Eve;;E1" was the id ";E1"); empty ones after the last are nothing.
    for pasted, said in (
        ("Anne\tA-9\tanne@example.org\n", "Line 1 holds 3 columns (Anne, A-9, anne@example.org)"),
        ("Dan\nEve;;E1\n", "Line 2 holds 3 columns (Eve, , E1)"),
    ):
        three = create(client, players=pasted)
        assert three.status_code == 400
        assert f"{said}: paste a name and a player id alone, one player a line." in (
            html.unescape(three.get_data(as_text=True))
        )
    trailing = create(client, players="Carl ; ; \nDora\tD-1\t\t\n")
    assert players_of(client, trailing) == [
        ("Carl", None),
        ("Dora", "D-1"),
    ]


def test_an_unknown_time_zone_is_refused(client):
    response = create(client, timezone="Mars/Olympus_Mons")
    assert response.status_code == 400
    assert "Unknown time zone" in response.get_data(as_text=True)


def test_the_form_offers_the_time_zones_with_utc_first(client):
    page = client.get("/events/new").get_data(as_text=True)
    zones = re.findall(r"<option(?: selected)?>([^<]+)</option>", page)
    assert zones[0] == "UTC"
    assert "Europe/Berlin" in zones
    assert "America/New_York" in zones
    assert "<option selected>UTC</option>" in page


def test_both_links_have_a_copy_button(client):
    page = create(client).get_data(as_text=True)
    assert 'data-copy="admin-url"' in page
    assert 'data-copy="submit-url"' in page
    assert "js/events.js" in page


# -- lock, reopen, publish -----------------------------------------------------------------------


def test_lock_asks_first_and_says_what_cannot_be_undone(client, dashboard):
    asked = post(client, dashboard, "lock")
    assert asked.status_code == 200
    page = asked.get_data(as_text=True)
    assert "<h1>Lock the event?</h1>" in page
    assert "after the deadline a locked event cannot be reopened" in page
    assert 'name="confirmed" value="yes"' in page
    assert event_facts(client, dashboard)["locked"] is False
    assert post(client, dashboard, "lock", confirmed="yes").status_code == 303
    assert event_facts(client, dashboard)["locked"] is True


def test_publish_asks_first_and_says_it_cannot_be_undone(client, dashboard):
    page = post(client, dashboard, "publish").get_data(as_text=True)
    assert "<h1>Publish every list?</h1>" in page
    assert "This cannot be undone" in page
    assert event_facts(client, dashboard)["published"] is False
    board = client.get(dashboard).get_data(as_text=True)
    assert 'data-confirm="Publish every list? Every player' in board
    assert 'data-confirm="Lock the event? Players can no longer' in board


def test_the_organizer_reopens_a_locked_event_before_the_deadline(client, dashboard, era_legal):
    event_id = dashboard.split("/")[2]
    post(client, dashboard, "lock", confirmed="yes")
    token = csrf_of(client.get(dashboard).get_data(as_text=True))
    late = {"csrf_token": token, "player": "Alice", "decklist": era_legal}
    assert client.post(f"/events/{event_id}", data=late).status_code == 409
    board = client.get(dashboard).get_data(as_text=True)
    assert "Reopen the event" in board
    assert post(client, dashboard, "reopen").status_code == 303
    assert event_facts(client, dashboard)["open"] is True
    assert submit_form(client, event_id, "Alice", era_legal).status_code == 303
    changes = client.get(dashboard).get_data(as_text=True).split('id="changes"')[1]
    assert re.findall(r"</time> · (\w+)</li>", changes) == ["Created", "Locked", "Reopened"]


def test_a_locked_event_cannot_be_reopened_after_the_deadline(client, dashboard, clock):
    post(client, dashboard, "lock", confirmed="yes")
    clock.now = DEADLINE + timedelta(minutes=1)
    assert "Reopen the event" not in client.get(dashboard).get_data(as_text=True)
    refused = post(client, dashboard, "reopen")
    assert refused.status_code == 400
    assert "The deadline has passed" in refused.get_data(as_text=True)
    assert event_facts(client, dashboard)["locked"] is True


def test_the_pages_of_an_event_past_its_deadline_say_it_in_utc_not_utc(client, dashboard, clock):
    # The reason began the sentence capitalized as a whole, which lowered the rest: "The
    # deadline (2030-05-03 12:00 utc) has passed".
    clock.now = DEADLINE + timedelta(minutes=1)
    said = f"The deadline ({DEADLINE:%Y-%m-%d %H:%M} UTC) has passed"
    event_id = dashboard.split("/")[2]
    for page in (dashboard, f"/events/{event_id}"):
        text = client.get(page).get_data(as_text=True)
        assert said in text, page
        assert " utc)" not in text, page


def test_a_published_event_cannot_be_reopened(client, event):
    assert client.post(event.url("/publish"), headers=event.admin).status_code == 200
    refused = client.post(event.url("/reopen"), headers=event.admin)
    assert refused.status_code == 409
    assert refused.get_json()["error"]["code"] == "event-closed"


def test_the_api_reopens_and_logs_it(client, event):
    client.post(event.url("/lock"), headers=event.admin)
    reopened = client.post(event.url("/reopen"), headers=event.admin)
    assert reopened.status_code == 200
    assert (reopened.get_json()["locked"], reopened.get_json()["open"]) == (False, True)
    # Sent again (a retry), it leaves the open event as it is, as locking a locked one does.
    again = client.post(event.url("/reopen"), headers=event.admin)
    assert (again.status_code, again.get_json()["open"]) == (200, True)
    assert client.post(event.url("/lock"), headers=event.admin).status_code == 200
    assert client.post(event.url("/lock"), headers=event.admin).status_code == 200
    assert client.post(event.url("/reopen"), headers=bearer("not-the-token")).status_code == 404


def test_after_publishing_the_public_page_no_longer_promises_privacy(client, dashboard):
    event_id = dashboard.split("/")[2]
    before = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "No one but you and the organizer sees your list" in before
    post(client, dashboard, "publish", confirmed="yes")
    after = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "No one but you" not in after
    assert "The organizer has published the lists" in after


# -- exports, sheets, who is missing -------------------------------------------------------------


def test_the_exports_are_named_after_the_event(client, dashboard):
    csv_name = client.get(f"{dashboard}/export.csv").headers["Content-Disposition"]
    assert csv_name.startswith('attachment; filename="Friday-Night-Dinos.csv";')
    json_name = client.get(f"{dashboard}/export.json").headers["Content-Disposition"]
    assert 'filename="Friday-Night-Dinos.json"' in json_name


def test_an_event_name_beyond_ascii_is_kept_in_filename_star(client, make_event):
    event = make_event(name='Café "Łódź" Open / 2030')
    header = client.get(event.url("/export.csv"), headers=event.admin).headers[
        "Content-Disposition"
    ]
    plain, typed = re.fullmatch(
        r'attachment; filename="([^"]+)"; filename\*=UTF-8\'\'(\S+)', header
    ).groups()
    assert plain == "Cafe-odz-Open-2030.csv"
    assert unquote(typed) == "Café -Łódź- Open - 2030.csv"


def test_the_sheets_page_has_a_print_button_and_prints_a_player_a_page(
    client, dashboard, era_legal
):
    event_id = dashboard.split("/")[2]
    submit_form(client, event_id, "Alice", era_legal)
    submit_form(client, event_id, "Bob", era_legal)
    page = client.get(f"{dashboard}/sheets").get_data(as_text=True)
    assert (
        '<button type="button" class="button button-primary" data-print hidden>Print</button>'
        in page
    )
    assert page.count('<article class="sheet"') == 2
    assert re.search(r"@media print \{.*\.sheet \{[^}]*break-after: page", page, re.S)


def test_the_dashboard_lists_who_has_not_submitted_yet(client, dashboard, era_legal):
    event_id = dashboard.split("/")[2]
    board = client.get(dashboard).get_data(as_text=True)
    missing = board.split('id="not-submitted"')[1].split("</section>")[0]
    assert "Not submitted yet: 2" in missing
    assert re.findall(r'class="player-name">([^<]+)<', missing) == ["Carol", "Dave"]
    assert "(D-4)" in missing
    submit_form(client, event_id, "Carol", era_legal)
    submit_form(client, event_id, "Dave", era_legal, player_id="D-4")
    board = client.get(dashboard).get_data(as_text=True)
    assert 'id="not-submitted"' not in board
    assert listed(board) == ["Carol", "Dave"]


def test_the_missing_players_panel_offers_a_reminder_with_the_link(client, dashboard):
    event_id = dashboard.split("/")[2]
    board = client.get(dashboard).get_data(as_text=True)
    reminder = re.search(r'<p id="reminder">([^<]+)</p>', board).group(1)
    assert reminder == (
        "Please submit your decklist for Friday Night Dinos before 2030-05-03 12:00 UTC:"
        f" http://localhost/events/{event_id}"
    )
    assert 'data-copy="reminder"' in board


def test_a_leaked_admin_link_is_replaced_from_the_dashboard(client, dashboard):
    asked = post(client, dashboard, "admin-link")
    assert "<h1>Replace the admin link?</h1>" in asked.get_data(as_text=True)
    assert client.get(dashboard).status_code == 200
    replaced = post(client, dashboard, "admin-link", confirmed="yes")
    new = path_of(_ADMIN_URL.search(replaced.get_data(as_text=True)).group(1))
    assert new != dashboard
    assert client.get(dashboard).status_code == 404
    assert client.get(f"{dashboard}/export.json").status_code == 404
    board = client.get(new).get_data(as_text=True)
    assert re.findall(r"</time> · ([\w ]+)</li>", board.split('id="changes"')[1]) == [
        "Created",
        "Admin link replaced",
    ]


def test_reopening_sent_twice_reopens_once_and_says_nothing_is_wrong(client, event):
    dashboard = f"/events/{event.id}/admin/{event.token}"
    token = csrf_of(client.get(dashboard).get_data(as_text=True))
    form = {"csrf_token": token, "confirmed": "yes"}
    assert client.post(f"{dashboard}/lock", data=form).status_code == 303
    answers = [client.post(f"{dashboard}/reopen", data=form) for _ in range(2)]
    assert [a.status_code for a in answers] == [303, 303]
    page = client.get(dashboard).get_data(as_text=True)
    changes = page.split('id="changes"', 1)[1].split("</section>", 1)[0]
    assert changes.count("· Reopened") == 1
