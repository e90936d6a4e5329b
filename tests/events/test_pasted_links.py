"""Private and admin links and receipt hashes as people paste them on event day: with a space
or a line break picked up on the way, a full stop or bracket of the sentence they sat in, a
receipt read out in groups. What can only be the right link opens it; a link cut short is
still nothing, in words that say what to check."""

from __future__ import annotations

import pytest

from tests.events.conftest import csrf_of

TAILS = ["%20", "%0A", ".", ")", "%3E", "%E2%80%8B"]


@pytest.mark.parametrize("tail", TAILS)
def test_a_private_link_with_what_it_was_pasted_with_opens_the_page(client, event, era_legal, tail):
    event.submit("Pat", era_legal)
    private = event.players["Pat"]["private_url"]
    answer = client.get(private + tail)
    assert answer.status_code == 303
    assert answer.headers["Location"] == private
    # What the address asks besides is kept: the page that shows a new player their link.
    assert client.get(private + tail + "?new=1").headers["Location"] == private + "?new=1"
    assert client.get(private).status_code == 200


@pytest.mark.parametrize("tail", TAILS)
def test_an_admin_link_with_what_it_was_pasted_with_opens_the_dashboard(client, event, tail):
    dashboard = f"/events/{event.id}/admin/{event.token}"
    answer = client.get(dashboard + tail)
    assert answer.status_code == 303
    assert answer.headers["Location"] == dashboard
    answer = client.get(dashboard + tail + "?show=illegal&token=x")
    assert answer.headers["Location"] == dashboard + "?show=illegal&token=x"


def test_a_fix_sent_from_a_page_opened_with_a_trailing_space_is_stored(
    client, event, era_legal, era_illegal
):
    event.submit("Pat", era_illegal)
    private = event.players["Pat"]["private_url"]
    page = client.get(private).get_data(as_text=True)
    answer = client.post(private + "%20", data={"csrf_token": csrf_of(page), "decklist": era_legal})
    assert answer.status_code == 303
    assert [e["versions"] for e in event.entries()] == [2]


def test_a_link_cut_short_opens_nothing_and_says_what_to_check(client, event, era_legal):
    event.submit("Pat", era_legal)
    private = event.players["Pat"]["private_url"]
    for cut in (private[:-1], private[:-10], f"/events/{event.id}/admin/{event.token[:-2]}"):
        answer = client.get(cut)
        assert answer.status_code == 404
        assert "copied whole" in answer.get_data(as_text=True)


def test_a_token_with_a_space_in_a_bearer_header_is_read(client, event):
    answer = client.get(
        event.url("/entries"), headers={"Authorization": f"Bearer {event.token}\u200b"}
    )
    assert answer.status_code == 200


@pytest.mark.parametrize(
    "typed", ["{r}", "{R}", " {r} ", "{a} {b}", "{a}-{b}", "\u200b{r}", "{a}\u00a0{b}"]
)
def test_a_receipt_typed_in_groups_or_pasted_with_invisible_marks_is_found(
    client, event, era_legal, typed
):
    event.submit("Pat", era_legal)
    receipt = event.players["Pat"]["receipt"]
    value = typed.format(r=receipt, R=receipt.upper(), a=receipt[:6], b=receipt[6:])
    answer = client.get(event.url("/verify"), query_string={"receipt": value}, headers=event.admin)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert [m["player"] for m in answer.get_json()["matches"]] == ["Pat"]


@pytest.mark.parametrize("tail", TAILS)
def test_the_public_link_with_what_it_was_pasted_with_opens_the_page(client, event, tail):
    answer = client.get(f"/events/{event.id}{tail}")
    assert answer.status_code == 303
    assert answer.headers["Location"] == f"/events/{event.id}"
    assert client.get(f"/events/{event.id[:-2]}{tail}").status_code == 404
