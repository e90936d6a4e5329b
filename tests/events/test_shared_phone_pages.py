"""One phone passed from player to player: a player's private page, left in the phone's
history once the next player opens the event's form, is not shown to whoever goes Forward
(or Back) to it. Its address is the player's key, so the page says it was left on this
device and shows the list only to someone who says it is theirs; on any other device the
link opens the page as ever, and no private page is ever kept in a cache."""

from __future__ import annotations

import pytest

from tests.events.conftest import csrf_of


def submit_form(client, event_id: str, player: str, decklist: str):
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    data = {"csrf_token": csrf_of(page), "player": player, "decklist": decklist}
    return client.post(f"/events/{event_id}", data=data)


@pytest.fixture
def alice_sent(client, event, era_illegal):
    """Alice sent her list on the shared phone and saw her page; (event id, her link)."""
    event_id = event.id
    private = submit_form(client, event_id, "Alice", era_illegal).headers["Location"]
    mine = client.get(private)
    assert "Alice" in mine.get_data(as_text=True)
    assert "Bookmark your private link" in mine.get_data(as_text=True)
    return event_id, private


def left_page_hides_alice(page: str, era_illegal: str) -> None:
    assert "Alice" not in page
    assert era_illegal.splitlines()[0] not in page
    assert "Fix and resubmit" not in page
    assert "receipt-hash" not in page
    assert "left open on this device" in page


def test_forward_to_the_last_players_page_after_the_next_opens_the_form_hides_it(
    client, alice_sent, era_illegal
):
    event_id, private = alice_sent
    assert client.get(f"/events/{event_id}").status_code == 200  # the phone goes to Bea
    forward = client.get(private)
    assert forward.status_code == 200
    assert forward.headers["Cache-Control"] == "no-store"
    left_page_hides_alice(forward.get_data(as_text=True), era_illegal)
    # Nor without ?new=1, as the link is bookmarked, nor after a fix (?fixed=1).
    left_page_hides_alice(client.get(private.split("?")[0]).get_data(as_text=True), era_illegal)
    fixed = private.split("?")[0] + "?fixed=1"
    left_page_hides_alice(client.get(fixed).get_data(as_text=True), era_illegal)


def test_the_player_who_sent_it_shows_it_again_with_one_click(client, alice_sent):
    event_id, private = alice_sent
    client.get(f"/events/{event_id}")
    left = client.get(private).get_data(as_text=True)
    shown = client.post(private.split("?")[0] + "/mine", data={"csrf_token": csrf_of(left)})
    assert shown.status_code == 303
    mine = client.get(shown.headers["Location"]).get_data(as_text=True)
    assert "Alice" in mine
    assert "Fix and resubmit" in mine
    # Left again when the next player opens the form once more.
    client.get(f"/events/{event_id}")
    assert "left open on this device" in client.get(private).get_data(as_text=True)


def test_the_link_opens_the_page_on_another_device(app, client, alice_sent):
    event_id, private = alice_sent
    client.get(f"/events/{event_id}")
    her_own_phone = app.test_client()
    page = her_own_phone.get(private).get_data(as_text=True)
    assert "Alice" in page
    assert "Fix and resubmit" in page


def test_a_page_not_yet_left_is_shown_as_ever(client, alice_sent):
    _event_id, private = alice_sent
    page = client.get(private).get_data(as_text=True)  # a reload before handing the phone on
    assert "Alice" in page
    assert "Fix and resubmit" in page


def test_showing_it_again_needs_the_right_link(client, alice_sent):
    event_id, private = alice_sent
    client.get(f"/events/{event_id}")
    left = client.get(private).get_data(as_text=True)
    wrong = private.split("?")[0][:-4] + "AAAA/mine"
    assert client.post(wrong, data={"csrf_token": csrf_of(left)}).status_code == 404


def test_the_next_players_own_page_is_theirs(client, alice_sent, era_legal):
    event_id, _ = alice_sent
    private = submit_form(client, event_id, "Bea", era_legal).headers["Location"]
    page = client.get(private).get_data(as_text=True)
    assert "Bea" in page
    assert "Fix and resubmit" in page


def test_a_fix_sent_from_the_page_still_open_shows_its_answer(client, alice_sent, era_legal):
    """Alice's page was still open in another tab when the event's form was opened: the fix
    she sends from it is answered with her page, not with the page said left."""
    event_id, private = alice_sent
    page = client.get(private).get_data(as_text=True)
    client.get(f"/events/{event_id}")  # the form, opened in another tab
    link = private.split("?")[0]
    fixed = client.post(link, data={"csrf_token": csrf_of(page), "decklist": era_legal})
    assert fixed.status_code == 303
    answer = client.get(fixed.headers["Location"]).get_data(as_text=True)
    assert "Your new list is on file" in answer
