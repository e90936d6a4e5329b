"""The dashboard's Settings form: the organizer changes the event's name, format, banned-list
day or deadline there, is told what changed, and every page after shows the event as it is
now, each list judged in its settings."""

from __future__ import annotations

import html
import re

import pytest

from tests.events.conftest import csrf_of, example

PROMO_DECK = example("era-legal").replace("1 Ember Rex", "1 Riftborn Velociraptor")


def dashboard_of(event) -> str:
    return f"/events/{event.id}/admin/{event.token}"


def settings_sent(client, event, **changed):
    """The Settings form as the dashboard fills it, with ``changed`` typed over it."""
    page = client.get(dashboard_of(event)).get_data(as_text=True)
    form = {
        "csrf_token": csrf_of(page),
        "name": value_of(page, "settings-name"),
        "format": selected_of(page, "settings-format"),
        "as_of": value_of(page, "settings-as-of"),
        "deadline": value_of(page, "settings-deadline"),
        "timezone": selected_of(page, "settings-timezone"),
    }
    form.update(changed)
    return client.post(f"{dashboard_of(event)}/settings", data=form)


def value_of(page: str, field_id: str) -> str:
    found = re.search(rf'<input id="{field_id}"[^>]* value="([^"]*)"', page)
    assert found, f"no field {field_id}"
    return html.unescape(found.group(1))


def selected_of(page: str, field_id: str) -> str:
    select = re.search(rf'<select id="{field_id}".*?</select>', page, re.S)
    assert select, f"no field {field_id}"
    chosen = re.search(r'<option(?: value="([^"]*)")? selected>([^<]*)<', select.group(0))
    return html.unescape(chosen.group(1) or chosen.group(2))


def notices(page: str) -> list[str]:
    return [
        html.unescape(text)
        for text in re.findall(r'<p class="notice" role="status"[^>]*>(.*?)</p>', page, re.S)
    ]


def test_the_form_shows_the_event_s_settings_as_they_are(client, make_event):
    event = make_event(format="open", as_of="2024-05-21", deadline="2030-05-03T18:15:00+02:00")
    page = client.get(dashboard_of(event)).get_data(as_text=True)
    assert value_of(page, "settings-name") == "Spring Regionals"
    assert selected_of(page, "settings-format") == "open"
    assert value_of(page, "settings-as-of") == "2024-05-21"
    assert value_of(page, "settings-deadline") == "2030-05-03T16:15"
    assert selected_of(page, "settings-timezone") == "UTC"


def test_saving_says_what_changed_and_every_verdict_is_judged_in_the_new_format(client, event):
    event.submit("Ann", PROMO_DECK)
    answer = settings_sent(
        client, event, format="open", deadline="2030-05-03T14:15", timezone="Europe/Paris"
    )
    assert answer.status_code == 303
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert notices(page) == [
        "Saved. Format changed from Standard (standard) to Open (casual) (open)."
        " Deadline moved from 2030-05-03 12:00 UTC to 2030-05-03 12:15 UTC."
        " Every list on file was judged again in the new settings, each kept as it was sent:"
        " the verdicts shown are theirs now."
    ]
    row = re.search(r'<tr data-entry="[^"]+">.*?</tr>', page, re.S).group(0)
    assert '<span class="pill pill-legal">Legal</span>' in row
    assert "Format: <strong>Open (casual)</strong>" in page
    assert "Deadline moved from 2030-05-03 12:00 UTC to 2030-05-03 12:15 UTC" in page
    # Said once.
    assert notices(client.get(dashboard_of(event)).get_data(as_text=True)) == []

    player = client.get(event.players["Ann"]["private_url"]).get_data(as_text=True)
    assert "Format: <strong>Open (casual)</strong>" in player
    assert 'datetime="2030-05-03T12:15:00Z"' in player
    assert 'data-legal="true"' in player
    sheet = client.get(f"{dashboard_of(event)}/sheets").get_data(as_text=True)
    assert '<span class="pill pill-legal">Legal</span>' in sheet
    assert "Open (casual)" in sheet


def test_a_later_deadline_on_a_locked_event_says_it_is_still_locked(client, event):
    token = csrf_of(client.get(dashboard_of(event)).get_data(as_text=True))
    client.post(f"{dashboard_of(event)}/lock", data={"csrf_token": token, "confirmed": "yes"})
    client.get(dashboard_of(event))  # the lock's notice, said
    answer = settings_sent(client, event, deadline="2030-05-03T13:00")
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert notices(page) == [
        "Saved. Deadline moved from 2030-05-03 12:00 UTC to 2030-05-03 13:00 UTC."
        " The event is still locked: reopen it for players to send lists again."
    ]


def test_saved_unchanged_nothing_is_logged(client, event):
    answer = settings_sent(client, event)
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert notices(page) == ["Nothing changed: the settings were saved as they were."]
    assert "None logged." not in page
    assert "changed from" not in page
    assert "moved from" not in page


def test_a_deadline_in_the_past_is_marked_on_its_field_and_what_was_typed_is_kept(client, event):
    answer = settings_sent(client, event, name="Spring Cup", deadline="2020-01-01T10:00")
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert (
        '<p id="form-problem-1">the submission deadline must be in the future; to close'
        " submissions now, lock the event</p>"
    ) in page
    deadline = re.search(r'<input id="settings-deadline"[^>]*>', page).group(0)
    assert 'aria-invalid="true"' in deadline
    assert 'aria-describedby="form-problem-1 settings-deadline-hint"' in deadline
    assert 'aria-invalid="true"' not in re.search(r'<input id="settings-name"[^>]*>', page).group(0)
    assert value_of(page, "settings-name") == "Spring Cup"
    assert value_of(page, "settings-deadline") == "2020-01-01T10:00"
    # Left in the zone it was typed in: the page's script does not move it to the browser's.
    assert "data-utc" not in re.search(r'<input id="settings-deadline"[^>]*>', page).group(0)
    assert "data-chosen" in re.search(r'<select id="settings-timezone"[^>]*>', page).group(0)
    assert event.client.get(event.url()).get_json()["name"] == "Spring Regionals"


@pytest.mark.parametrize(
    ("typed", "status", "field", "said"),
    [
        ({"name": ""}, 400, "settings-name", "Give the event a name."),
        (
            {"format": "ryft:standard"},
            422,
            "settings-format",
            "That format belongs to another game; pick one of ERA (Extinction: Rift in the"
            " Aether)&#39;s formats.",
        ),
        ({"as_of": "2024-13-01"}, 400, "settings-as-of", None),
    ],
)
def test_a_field_refused_is_marked_and_nothing_changes(client, event, typed, status, field, said):
    answer = settings_sent(client, event, **typed)
    assert answer.status_code == status
    page = answer.get_data(as_text=True)
    tag = re.search(rf'<(?:input|select) id="{field}"[^>]*>', page).group(0)
    assert 'aria-invalid="true"' in tag
    assert "form-problem-1" in tag
    if said:
        assert f'<p id="form-problem-1">{said}</p>' in page
    assert event.client.get(event.url()).get_json()["format"] == "standard"


def test_a_published_event_has_no_settings_form_and_refuses_one_sent(client, event):
    page = client.get(dashboard_of(event)).get_data(as_text=True)
    token = csrf_of(page)
    client.post(f"{dashboard_of(event)}/publish", data={"csrf_token": token, "confirmed": "yes"})
    assert 'id="settings"' not in client.get(dashboard_of(event)).get_data(as_text=True)
    answer = client.post(
        f"{dashboard_of(event)}/settings",
        data={
            "csrf_token": token,
            "name": "Renamed",
            "format": "standard",
            "deadline": "2030-05-03T12:00",
        },
    )
    assert answer.status_code == 409
    assert (
        "The lists are published: an event&#39;s settings no longer change once its lists are"
        " public."
    ) in answer.get_data(as_text=True)


def test_the_form_needs_its_csrf_token(client, event):
    answer = client.post(
        f"{dashboard_of(event)}/settings",
        data={"name": "Hijacked", "format": "standard", "deadline": "2030-05-03T12:00"},
    )
    assert answer.status_code in (400, 403)
    assert event.client.get(event.url()).get_json()["name"] == "Spring Regionals"


TYPED = {
    "name": "Spring Regionals, Top 8",
    "format": "open",
    "as_of": "2030-01-15",
    "deadline": "2030-05-03T20:30",
    "timezone": "Europe/Paris",
}


def test_settings_sent_with_an_expired_form_come_back_typed_to_save_again(app, event):
    page = app.test_client().get(dashboard_of(event)).get_data(as_text=True)
    # The session the form was shown in is gone (cookies cleared): its token is stale.
    answer = app.test_client().post(
        f"{dashboard_of(event)}/settings", data={"csrf_token": csrf_of(page), **TYPED}
    )
    assert answer.status_code == 403
    shown = answer.get_data(as_text=True)
    assert (
        html.unescape(shown).count(
            "This form had expired (or did not come from this site), so nothing was changed. What"
            " you typed is kept in the Settings form: check it and Save the settings again."
        )
        == 1
    )
    assert value_of(shown, "settings-name") == TYPED["name"]
    assert selected_of(shown, "settings-format") == "open"
    assert value_of(shown, "settings-as-of") == "2030-01-15"
    assert value_of(shown, "settings-deadline") == "2030-05-03T20:30"
    assert selected_of(shown, "settings-timezone") == "Europe/Paris"
    assert event.client.get(event.url()).get_json()["name"] == "Spring Regionals"


def test_settings_sent_once_the_dashboard_link_expired_are_shown_to_type_again(app, event, clock):
    from datetime import timedelta

    from webapp.db import get_db
    from webapp.events import links

    with app.app_context():
        personal = links.issue(get_db(), event.id, "account:1", clock.now)
    event.token = personal
    client = app.test_client()
    token = csrf_of(client.get(dashboard_of(event)).get_data(as_text=True))
    clock.now += timedelta(hours=links.LINK_HOURS + 1)

    answer = client.post(f"{dashboard_of(event)}/settings", data={"csrf_token": token, **TYPED})

    assert answer.status_code == 404
    shown = answer.get_data(as_text=True)
    assert (
        "This dashboard link has expired or was replaced, so nothing was changed. Open the"
        " dashboard again (from My events, logged in, or with the event&#39;s admin link) and"
        " type these settings into its Settings form."
    ) in shown
    assert [value_of(shown, name) for name in TYPED] == list(TYPED.values())
    assert 'href="/account/events"' in shown
    assert event.client.get(event.url()).get_json()["name"] == "Spring Regionals"


LONG_NAME = "Harbour " * 60  # 480 characters, where a name has at most 200
SAID_BESIDE = (
    '<p class="field-problem" aria-hidden="true">an event name has at most 200 characters</p>'
)


def said_after(page: str, field_id: str) -> str:
    """What the page says right after the field ``field_id``."""
    found = re.search(rf'<input id="{field_id}"[^>]*>\s*(<p[^>]*>[^<]*</p>)?', page)
    assert found, f"no field {field_id}"
    return found.group(1) or ""


def test_a_name_too_long_is_said_beside_its_field_in_the_settings_form(client, event):
    answer = settings_sent(client, event, name=LONG_NAME)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400
    assert said_after(page, "settings-name") == SAID_BESIDE
    assert [said_after(page, f) for f in ("settings-as-of", "settings-deadline")] == [
        '<p id="settings-as-of-hint" class="hint">Left empty, each list is judged by the banned'
        " list of the day it came.</p>",
        '<p id="settings-deadline-hint" class="hint">A later deadline reopens submissions unless'
        " you locked the event (it stays locked until you reopen it); to close submissions now,"
        " lock the event.</p>",
    ]
    assert event.client.get(event.url()).get_json()["name"] == "Spring Regionals"


def test_a_name_too_long_is_said_beside_its_field_in_the_new_event_form(client):
    form = {"csrf_token": csrf_of(client.get("/events/new").get_data(as_text=True))}
    answer = client.post(
        "/events/new",
        data={**form, "name": LONG_NAME, "game": "era", "deadline": "2030-05-03T12:00"},
    )
    assert answer.status_code == 400
    assert said_after(answer.get_data(as_text=True), "name") == SAID_BESIDE
