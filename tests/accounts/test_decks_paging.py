"""My decks a page at a time, the last changed first (or first saved, or by name), on the site
and in the API, as deck sites list a player's decks."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from tests.accounts.test_decks import save
from tests.accounts.test_tokens import bearer, make_token
from webapp.accounts import decks


def listed(page_html: str) -> list[str]:
    return re.findall(r'class="panel my-deck" aria-label="([^"]+)"', page_html)


@pytest.fixture
def many(alice, clock) -> list[str]:
    """45 decks, Deck 00 saved first; Deck 00 then gets a new version, saved last."""
    ids = []
    for n in range(45):
        ids.append(save(alice, f"Deck {n:02}"))
        clock.now += timedelta(minutes=1)
    save(alice, "Deck 00 v2", parent=ids[0])
    return ids


def test_my_decks_shows_a_page_at_a_time_the_last_changed_first(alice, many):
    first = alice.get("/account/decks").get_data(as_text=True)
    assert len(listed(first)) == decks.PER_PAGE == 20
    # The deck changed last leads, then the others by their latest save.
    assert listed(first)[:3] == ["Deck 00 v2", "Deck 44", "Deck 43"]
    assert "45 decks · page 1 of 3" in first
    assert 'rel="next" href="/account/decks?page=2&amp;sort=changed"' in first
    last = alice.get("/account/decks?page=3").get_data(as_text=True)
    assert listed(last) == [f"Deck {n:02}" for n in range(5, 0, -1)]
    assert 'rel="prev" href="/account/decks?page=2&amp;sort=changed"' in last
    every = [
        name
        for page in (1, 2, 3)
        for name in listed(alice.get(f"/account/decks?page={page}").get_data(as_text=True))
    ]
    assert len(every) == len(set(every)) == 45


def test_my_decks_sorts_by_name_or_by_first_saved(alice, many):
    by_name = listed(alice.get("/account/decks?sort=name").get_data(as_text=True))
    assert by_name[:3] == ["Deck 00 v2", "Deck 01", "Deck 02"]
    by_created = listed(alice.get("/account/decks?sort=created").get_data(as_text=True))
    assert by_created[:2] == ["Deck 44", "Deck 43"]


def test_a_page_that_cannot_be_read_is_the_first_and_one_past_the_last_says_so(alice, many):
    for query in ("page=abc", "page=-2", "page=0", "sort=nonsense", "page=99999999999"):
        page = alice.get(f"/account/decks?{query}")
        assert page.status_code == 200, query
        assert listed(page.get_data(as_text=True))[0] == "Deck 00 v2", query
    past = alice.get("/account/decks?page=9").get_data(as_text=True)
    assert listed(past) == []
    assert "No decks on page 9: there are 3 pages." in past


def test_the_api_lists_my_decks_a_page_at_a_time(app, alice, many):
    token = make_token(alice)
    client = app.test_client()
    answer = client.get("/api/v1/account/decks?per_page=10", headers=bearer(token)).get_json()
    assert [d["versions"][0]["name"] for d in answer["decks"][:2]] == ["Deck 00 v2", "Deck 44"]
    assert (answer["page"], answer["per_page"], answer["pages"], answer["total"]) == (1, 10, 5, 45)
    seen = []
    address = "/api/v1/account/decks?per_page=10"
    while address:
        answer = client.get(address, headers=bearer(token)).get_json()
        seen += [d["id"] for d in answer["decks"]]
        address = answer["next"]
    assert len(seen) == len(set(seen)) == 45
    default = client.get("/api/v1/account/decks", headers=bearer(token)).get_json()
    assert (len(default["decks"]), default["per_page"], default["sort"]) == (45, 50, "changed")


@pytest.mark.parametrize("query", ["page=0", "per_page=101", "per_page=x", "sort=size"])
def test_the_api_refuses_a_page_it_cannot_read_in_the_one_error_shape(app, alice, query):
    answer = app.test_client().get(
        f"/api/v1/account/decks?{query}", headers=bearer(make_token(alice))
    )
    assert answer.status_code == 400
    assert answer.get_json()["error"]["code"] == "invalid-query"
