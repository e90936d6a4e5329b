"""The public decks in the JSON API, as deck sites' APIs list them: a page at a time, the last
changed first, by game, format or a card's name, following ``next`` to the last page; private,
unlisted and deleted decks never in it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.accounts.test_decks import save, set_visibility
from tests.accounts.test_delete_deck import confirm_delete
from tests.accounts.test_public_decks_paging import make_public


def every_page(client, address: str) -> list[dict]:
    seen = []
    while address:
        answer = client.get(address)
        assert answer.status_code == 200, answer.text
        body = answer.get_json()
        seen += body["decks"]
        address = body["next"]
    return seen


@pytest.fixture
def mixed(app, alice, bob, clock) -> dict[str, str]:
    """alice's public ERA decks (one in Open, one with a second version), bob's public
    Shadow Era deck, and decks that are not public: unlisted, private, one deleted."""
    ids = {}
    for n in range(12):
        ids[f"Deck {n:02}"] = save(alice, f"Deck {n:02}")
        clock.now += timedelta(minutes=1)
    ids["Open"] = save(alice, "Open", format="open")
    ids["Gone"] = save(alice, "Gone")
    ids["Hidden"] = save(alice, "Hidden")
    ids["Unlisted"] = save(alice, "Unlisted")
    make_public(app, "alice", [ids[n] for n in ids if n not in ("Hidden", "Unlisted")])
    set_visibility(alice, ids["Hidden"], "private")
    clock.now += timedelta(minutes=1)
    ids["Deck 00 v2"] = save(alice, "Deck 00 v2", parent=ids["Deck 00"])
    with open("examples/shadow-era-legal.txt", encoding="utf-8") as text:
        ids["Shadow"] = save(bob, "Shadow", text=text.read(), game="shadow-era")
    make_public(app, "bob", [ids["Shadow"]])
    assert confirm_delete(alice, ids["Gone"]).status_code == 200
    return ids


def test_the_public_decks_are_listed_a_page_at_a_time_following_next(app, mixed):
    client = app.test_client()
    first = client.get("/api/v1/decks?game=era&per_page=5")
    assert first.status_code == 200
    body = first.get_json()
    assert (body["page"], body["per_page"], body["pages"], body["total"]) == (1, 5, 3, 13)
    assert body["next"] == "/api/v1/decks?page=2&per_page=5&game=era"
    latest = body["decks"][0]
    assert latest["name"] == "Deck 00 v2"  # changed last: first, as its latest version
    assert latest["id"] == mixed["Deck 00 v2"]
    assert latest["first_id"] == mixed["Deck 00"]  # the deck's first id, the same for each version
    assert (latest["game"], latest["format"], latest["owner"]) == ("era", "standard", "alice")
    assert latest["url"] == f"/decks/{mixed['Deck 00 v2']}"
    assert latest["api"] == f"/api/v1/decks/{mixed['Deck 00 v2']}"
    assert client.get(latest["api"]).get_json()["name"] == "Deck 00 v2"
    names = [d["name"] for d in every_page(client, "/api/v1/decks?game=era&per_page=5")]
    assert len(names) == len(set(names)) == 13
    assert "Deck 00" not in names  # a deck once, as its latest version
    assert not {"Gone", "Hidden", "Unlisted", "Shadow"} & set(names)


def test_every_game_unless_one_is_asked_and_by_format_or_card(app, mixed):
    client = app.test_client()
    everything = client.get("/api/v1/decks").get_json()
    assert everything["total"] == 14
    assert everything["next"] is None
    assert everything["decks"][0]["name"] == "Shadow"
    assert [d["name"] for d in client.get("/api/v1/decks?game=shadow-era").get_json()["decks"]] == [
        "Shadow"
    ]
    opened = client.get("/api/v1/decks?game=era&format=open").get_json()
    assert [d["name"] for d in opened["decks"]] == ["Open"]
    with open("examples/shadow-era-legal.txt", encoding="utf-8") as text:
        card = next(line for line in text if line[:1].isdigit()).split(" ", 1)[1].strip()
    by_card = client.get("/api/v1/decks", query_string={"card": card.upper()}).get_json()
    assert [d["name"] for d in by_card["decks"]] == ["Shadow"]


def test_deleted_and_private_decks_never_appear_even_to_their_owner(app, alice, mixed):
    names = {d["name"] for d in every_page(alice, "/api/v1/decks?per_page=3")}
    assert not {"Hidden", "Gone", "Unlisted"} & names
    set_visibility(alice, mixed["Deck 01"], "unlisted")
    assert confirm_delete(alice, mixed["Deck 02"]).status_code == 200
    after = {d["name"] for d in every_page(app.test_client(), "/api/v1/decks?per_page=3")}
    assert names - after == {"Deck 01", "Deck 02"}


def test_a_page_past_the_last_is_empty(app, mixed):
    past = app.test_client().get("/api/v1/decks?page=9").get_json()
    assert (past["decks"], past["next"], past["pages"]) == ([], None, 1)


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("page=0", "invalid-query"),
        ("page=x", "invalid-query"),
        ("per_page=101", "invalid-query"),
        ("per_page=0", "invalid-query"),
        ("page=1&page=2", "invalid-query"),
        ("game=chess", "invalid-query"),
        ("format=open", "invalid-query"),
        ("game=era&format=nope", "invalid-query"),
    ],
)
def test_a_query_it_cannot_use_is_the_one_error_shape(app, query, code):
    answer = app.test_client().get(f"/api/v1/decks?{query}")
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert set(error) == {"status", "code", "message", "details"}
    assert (error["status"], error["code"]) == (400, code)
    assert error["details"]


def test_the_list_is_in_the_openapi_document(app):
    spec = app.test_client().get("/api/v1/openapi.json").get_json()
    listing = spec["paths"]["/api/v1/decks"]["get"]
    assert "public" in listing["summary"].lower()
    assert "400" in listing["responses"]
    assert {"page", "per_page", "game", "format", "card"} <= {
        p["name"] for p in listing["parameters"] if p["in"] == "query"
    }


def test_a_site_no_one_has_registered_on_yet_lists_no_public_decks(app):
    client = app.test_client()
    page = client.get("/games/era/public-decks")
    assert page.status_code == 200
    answer = client.get("/api/v1/decks?game=era")
    assert answer.status_code == 200
    assert (answer.get_json()["decks"], answer.get_json()["total"]) == ([], 0)


def test_the_last_page_number_taken_is_an_empty_page_past_the_decks(app, alice, mixed):
    from tests.accounts.test_tokens import bearer, make_token

    huge = 100_000  # the largest taken, as in the card search: a larger one is a 400
    public = app.test_client().get(f"/api/v1/decks?page={huge}")
    assert public.status_code == 200
    assert (public.get_json()["decks"], public.get_json()["next"]) == ([], None)
    mine = app.test_client().get(
        f"/api/v1/account/decks?page={huge}&per_page=100", headers=bearer(make_token(alice))
    )
    assert mine.status_code == 200
    assert mine.get_json()["decks"] == []
