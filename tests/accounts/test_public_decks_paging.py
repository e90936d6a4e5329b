"""A game's public decks a page at a time, the last changed first, as deck sites list them:
every public deck can be reached, not the newest 50 alone."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from tests.accounts.test_decks import save
from tests.accounts.test_tokens import bearer, make_token
from tests.api.support import error_of
from webapp.accounts import decks, store
from webapp.db import get_db


def listed(page_html: str) -> list[str]:
    return re.findall(r'<li data-deck="[^"]+"><a href="[^"]+"><bdi>([^<]+)</bdi></a>', page_html)


def make_public(app, name: str, roots: list[str]) -> None:
    with app.app_context():
        db = get_db()
        account = store.by_name(db, name)
        for root in roots:
            decks.set_visibility(db, account, root, decks.PUBLIC)


@pytest.fixture
def many(app, alice, clock) -> list[str]:
    """55 public decks (a page and 5), Deck 00 saved first; Deck 00 then gets a new version,
    saved last, and one deck in another format."""
    ids = []
    for n in range(54):
        ids.append(save(alice, f"Deck {n:02}"))
        clock.now += timedelta(minutes=1)
    ids.append(save(alice, "Open 54", format="open"))
    clock.now += timedelta(minutes=1)
    make_public(app, "alice", ids)
    save(alice, "Deck 00 v2", parent=ids[0])
    return ids


def test_public_decks_are_paged_the_last_changed_first(app, many):
    client = app.test_client()
    first = client.get("/games/era/public-decks").text
    assert len(listed(first)) == decks.PUBLIC_PAGE == 50
    # The deck changed last leads, though it was saved first; then the others by last save.
    assert listed(first)[:3] == ["Deck 00 v2", "Open 54", "Deck 53"]
    assert "the last changed first" in first
    assert "55 decks · page 1 of 2" in first
    assert 'aria-label="Pages of public decks"' in first
    assert 'aria-label="Pages of public decks (below)"' in first
    assert 'rel="next" href="/games/era/public-decks?page=2"' in first
    second = client.get("/games/era/public-decks?page=2").text
    assert listed(second) == [f"Deck {n:02}" for n in range(5, 0, -1)]
    assert 'rel="prev" href="/games/era/public-decks"' in second
    every = listed(first) + listed(second)
    assert len(every) == len(set(every)) == 55


def test_the_pages_keep_the_format_and_the_card_searched(app, many):
    client = app.test_client()
    page = client.get("/games/era/public-decks?format=standard&card=riptide%20pull").text
    assert "54 decks · page 1 of 2" in page
    assert "Open 54" not in listed(page)
    following = "/games/era/public-decks?format=standard&amp;card=riptide+pull&amp;page=2"
    assert f'rel="next" href="{following}"' in page
    last = client.get("/games/era/public-decks?format=standard&card=riptide%20pull&page=2").text
    assert listed(last) == [f"Deck {n:02}" for n in range(4, 0, -1)]
    one_format = client.get("/games/era/public-decks?format=open").text
    assert listed(one_format) == ["Open 54"]
    assert "pagination" not in one_format


def test_a_page_that_cannot_be_read_is_the_first_and_one_past_the_last_says_so(app, many):
    client = app.test_client()
    for query in ("page=abc", "page=-2", "page=0", "page=99999999999", "page=%C2%B2"):
        page = client.get(f"/games/era/public-decks?{query}")
        assert page.status_code == 200, query
        assert listed(page.text)[0] == "Deck 00 v2", query
    past = client.get("/games/era/public-decks?page=7")
    assert past.status_code == 200
    assert listed(past.text) == []
    assert "No decks on page 7: there are 2 pages." in past.text
    assert 'href="/games/era/public-decks">The first page</a>' in past.text


def test_a_page_is_read_in_the_store_with_its_total(app, many):
    with app.app_context():
        shown = decks.public_decks(get_db(), "era", page=2, per_page=20)
    assert (shown.page, shown.pages, shown.total) == (2, 3, 55)
    assert [saved.name for saved, _owner in shown.decks][:2] == ["Deck 35", "Deck 34"]
    assert {owner for _saved, owner in shown.decks} == {"alice"}


@pytest.mark.parametrize("path", ["/api/v1/decks", "/api/v1/account/decks"])
def test_a_page_number_past_what_the_card_search_takes_is_refused(app, alice, path):
    """A 400-digit page was answered with 200 and the number echoed back."""
    client, headers = app.test_client(), bearer(make_token(alice))
    for page in ("9" * 400, "100001"):
        error = error_of(client.get(f"{path}?page={page}", headers=headers), 400)
        assert error["code"] == "invalid-query"
        assert any(detail.startswith("page:") for detail in error["details"])
    assert client.get(f"{path}?page=100000", headers=headers).status_code == 200
