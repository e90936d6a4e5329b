"""'My events': an event created while logged in is the account's; its dashboard is one click
away even when the admin link is lost; co-organizers; a leaked admin link replaced."""

from __future__ import annotations

import re

import pytest

from tests.accounts.conftest import PASSWORD, create_event, csrf, log_in


def open_dashboard(client, event_id: str):
    return client.post(
        f"/account/events/{event_id}/open", data={"csrf_token": csrf(client, "/account")}
    )


def test_an_event_created_while_logged_in_is_on_my_events(alice):
    dashboard = create_event(alice, "Bound Cup")
    event_id = dashboard.split("/")[2]
    page = alice.get("/account/events").get_data(as_text=True)
    assert f'data-event="{event_id}"' in page
    assert "<h2>Bound Cup</h2>" in page
    assert "you are the owner" in page
    # The game as players know it, not the site's id for it.
    assert '<p class="muted">ERA · deadline' in page


def test_an_event_created_anonymously_belongs_to_no_account(app, alice):
    create_event(app.test_client(), "Anonymous Cup")
    assert "Anonymous Cup" not in alice.get("/account/events").get_data(as_text=True)


def test_a_lost_admin_link_is_no_loss_the_dashboard_opens_from_my_events(alice):
    event_id = create_event(alice, "Lost Link Cup").split("/")[2]
    opened = open_dashboard(alice, event_id)
    assert opened.status_code == 303
    personal = opened.headers["Location"]
    assert personal.startswith(f"/events/{event_id}/admin/")
    board = alice.get(personal)
    assert board.status_code == 200
    assert "Lost Link Cup" in board.get_data(as_text=True)


def test_another_account_cannot_open_or_manage_the_event(alice, bob):
    event_id = create_event(alice).split("/")[2]
    assert open_dashboard(bob, event_id).status_code == 404
    token = csrf(bob, "/account")
    added = bob.post(
        f"/account/events/{event_id}/organizers", data={"csrf_token": token, "name": "bob"}
    )
    assert added.status_code == 404
    assert (
        bob.post(f"/account/events/{event_id}/admin-link", data={"csrf_token": token}).status_code
        == 404
    )


def test_a_co_organizer_opens_the_dashboard_until_removed(alice, bob):
    event_id = create_event(alice, "Shared Cup").split("/")[2]
    token = csrf(alice, "/account/events")
    added = alice.post(
        f"/account/events/{event_id}/organizers", data={"csrf_token": token, "name": "BOB"}
    )
    assert "bob is now a co-organizer." in added.get_data(as_text=True)
    page = bob.get("/account/events").get_data(as_text=True)
    assert "you are the co-organizer" in page
    assert "Organizers: alice, bob" in page
    personal = open_dashboard(bob, event_id).headers["Location"]
    assert bob.get(personal).status_code == 200
    # A co-organizer cannot add others or replace the link.
    bob_token = csrf(bob, "/account")
    assert (
        bob.post(
            f"/account/events/{event_id}/admin-link", data={"csrf_token": bob_token}
        ).status_code
        == 404
    )
    alice.post(
        f"/account/events/{event_id}/organizers/remove", data={"csrf_token": token, "name": "bob"}
    )
    assert bob.get(personal).status_code == 404
    assert open_dashboard(bob, event_id).status_code == 404
    assert "Shared Cup" not in bob.get("/account/events").get_data(as_text=True)


def test_adding_an_unknown_account_says_so(alice):
    event_id = create_event(alice).split("/")[2]
    answer = alice.post(
        f"/account/events/{event_id}/organizers",
        data={"csrf_token": csrf(alice, "/account/events"), "name": "nobody"},
    )
    assert answer.status_code == 400
    assert "No account is called &#39;nobody&#39;." in answer.get_data(as_text=True)


def test_a_leaked_admin_link_is_revoked_by_issuing_a_new_one(app, alice):
    leaked = create_event(alice, "Leaky Cup")
    event_id = leaked.split("/")[2]
    personal = open_dashboard(alice, event_id).headers["Location"]
    answer = alice.post(
        f"/account/events/{event_id}/admin-link",
        data={"csrf_token": csrf(alice, "/account/events")},
    )
    page = answer.get_data(as_text=True)
    assert "the old one no longer opens the dashboard" in page
    new = "/" + re.search(r'id="new-admin-url">([^<]+)<', page).group(1).split("/", 3)[3]
    stranger = app.test_client()
    assert stranger.get(leaked).status_code == 404
    assert stranger.get(leaked + "/export.csv").status_code == 404
    assert stranger.get(new).status_code == 200
    # The API refuses the old token too, and the owner's personal link still works.
    old_token = leaked.rsplit("/", 1)[1]
    api = stranger.get(
        f"/api/v1/events/{event_id}/entries", headers={"Authorization": f"Bearer {old_token}"}
    )
    assert api.status_code == 404
    assert alice.get(personal).status_code == 200
    changes = alice.get(new).get_data(as_text=True).split('id="changes"')[1]
    assert "Admin link replaced" in changes


def test_personal_links_expire(alice, clock):
    from datetime import timedelta

    event_id = create_event(alice).split("/")[2]
    personal = open_dashboard(alice, event_id).headers["Location"]
    clock.now += timedelta(hours=13)
    assert alice.get(personal).status_code == 404
    assert alice.get(open_dashboard(alice, event_id).headers["Location"]).status_code == 200


@pytest.mark.parametrize("step", ["password", "logout-everywhere"])
def test_a_password_change_or_logging_out_everywhere_ends_the_personal_links(app, alice, step):
    """A session opened with a stolen password may have opened a dashboard link: changing
    the password or logging out everywhere ends it with the sessions."""
    event_id = create_event(alice).split("/")[2]
    thief = app.test_client()
    log_in(thief, "alice")
    stolen_link = open_dashboard(thief, event_id).headers["Location"]
    assert thief.get(stolen_link).status_code == 200
    form = {"csrf_token": csrf(alice, "/account")}
    if step == "password":
        form |= {"current": PASSWORD, "new": "a brand new secret"}
    answer = alice.post(f"/account/{step}", data=form)
    assert answer.status_code in (200, 303)
    assert thief.get("/account").status_code == 303
    assert thief.get(stolen_link).status_code == 404
