"""A list sent as the event closes (the deadline passes, the organizer locks it) is refused in
words, and the page that says so still holds the list, to keep or to send the organizer; the
players an organizer pasted are kept when refused too."""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest

from tests.events.conftest import DEADLINE, csrf_of

PASTED = "Deck:\n3 Ember Rex\n2 Kindle & <friends>\n"


def kept(page: str) -> str:
    found = re.search(r'<textarea[^>]* name="decklist"[^>]*>(.*?)</textarea>', page, re.S)
    assert found, "the list sent is not on the page"
    return html.unescape(found.group(1))


def close(client, event, clock, how: str) -> None:
    if how == "deadline":
        clock.now = DEADLINE + timedelta(seconds=1)
    else:
        dashboard = f"/events/{event.id}/admin/{event.token}"
        token = csrf_of(client.get(dashboard).get_data(as_text=True))
        locked = client.post(f"{dashboard}/lock", data={"csrf_token": token, "confirmed": "yes"})
        assert locked.status_code == 303


@pytest.mark.parametrize("how", ["deadline", "lock"])
def test_a_first_list_sent_as_the_event_closes_is_kept_on_the_page(client, event, clock, how):
    page = client.get(f"/events/{event.id}").get_data(as_text=True)
    form = {"csrf_token": csrf_of(page), "player": "Pat", "decklist": PASTED}
    close(client, event, clock, how)
    answer = client.post(f"/events/{event.id}", data=form)
    assert answer.status_code == 409
    text = answer.get_data(as_text=True)
    assert "was not stored" in text
    assert kept(text) == PASTED
    assert event.entries() == []


@pytest.mark.parametrize("how", ["deadline", "lock"])
def test_a_fix_sent_as_the_event_closes_is_kept_on_the_page(client, event, clock, era_legal, how):
    event.submit("Pat", era_legal)
    private = event.players["Pat"]["private_url"]
    page = client.get(private).get_data(as_text=True)
    form = {"csrf_token": csrf_of(page), "decklist": PASTED}
    close(client, event, clock, how)
    answer = client.post(private, data=form)
    assert answer.status_code == 409
    text = answer.get_data(as_text=True)
    assert "was not stored" in text
    assert kept(text) == PASTED
    assert [e["versions"] for e in event.entries()] == [1]


def test_players_pasted_on_the_dashboard_and_refused_are_kept(client, event):
    dashboard = f"/events/{event.id}/admin/{event.token}"
    token = csrf_of(client.get(dashboard).get_data(as_text=True))
    pasted = "Ann\nBo; B-2\n" + "Cy" * 200 + "\n"
    answer = client.post(f"{dashboard}/players", data={"csrf_token": token, "players": pasted})
    assert answer.status_code == 400
    found = re.search(
        r'<textarea[^>]* name="players"[^>]*>(.*?)</textarea>', answer.get_data(as_text=True), re.S
    )
    assert html.unescape(found.group(1)) == pasted
    assert event.entries() == []
