"""Locking, publishing and reopening an event from the dashboard say what they did: after the
change the dashboard opens on a notice (announced, and focused), not on the page as it was
with one pill changed; the notice is said once, and on that event's dashboard alone."""

from __future__ import annotations

import html
import re

import pytest

from tests.events.conftest import csrf_of

SAID = {
    "lock": "The event is locked: players can no longer send or change a list. You can"
    " reopen it until the deadline.",
    "reopen": "The event is open again: players can send and change their lists until the"
    " deadline.",
    "publish": "Every player's list is published and the event is locked for good.",
}


def notices(page: str) -> list[tuple[str, str]]:
    """The page's notices: (whether the focus goes to it, its words)."""
    return [
        ("autofocus" in attributes, html.unescape(text))
        for attributes, text in re.findall(
            r'<p class="notice" role="status"([^>]*)>(.*?)</p>', page, re.S
        )
    ]


def change(client, dashboard: str, action: str):
    token = csrf_of(client.get(dashboard).get_data(as_text=True))
    return client.post(
        f"{dashboard}/{action}",
        data={"csrf_token": token, "confirmed": "yes"},
        follow_redirects=True,
    )


@pytest.mark.parametrize("actions", [["lock"], ["lock", "reopen"], ["publish"]])
def test_each_change_of_the_event_is_said_on_the_dashboard_it_goes_back_to(client, event, actions):
    dashboard = f"/events/{event.id}/admin/{event.token}"
    for action in actions:
        answer = change(client, dashboard, action)
        assert answer.status_code == 200
        page = answer.get_data(as_text=True)
        assert notices(page) == [(True, SAID[action])]
    assert notices(client.get(dashboard).get_data(as_text=True)) == []


def test_a_change_is_said_on_its_own_event_s_dashboard_not_another_s(client, make_event):
    first, other = make_event(), make_event(name="Autumn Open")
    first_dashboard = f"/events/{first.id}/admin/{first.token}"
    token = csrf_of(client.get(first_dashboard).get_data(as_text=True))
    client.post(f"{first_dashboard}/lock", data={"csrf_token": token, "confirmed": "yes"})
    other_page = client.get(f"/events/{other.id}/admin/{other.token}").get_data(as_text=True)
    assert notices(other_page) == []
    assert notices(client.get(first_dashboard).get_data(as_text=True)) == [(True, SAID["lock"])]
