"""GET /api/v1/games/{game}/cards: full-text prefix search, filters, sort and pages."""

from __future__ import annotations

import math

import pytest

from tests.api.support import error_of


def search(client, game="shadow-era", **params):
    response = client.get(f"/api/v1/games/{game}/cards", query_string=params)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def every_id(client, game="shadow-era", **params):
    """The ids of every matching card, reading page after page."""
    ids, page = [], 1
    while True:
        answer = search(client, game, per_page=200, page=page, **params)
        ids.extend(c["id"] for c in answer["cards"])
        if page >= answer["pages"]:
            return ids
        page += 1


def test_following_next_walks_every_page_of_a_search_with_its_filters(client):
    """An app pages through a search by its ``next`` links, as through the lists of decks."""
    asked = {"faction": "Human", "type": ["Ally", "Item"], "per_page": 7}
    answer = search(client, **asked)
    ids, pages = [c["id"] for c in answer["cards"]], 1
    while answer["next"] is not None:
        response = client.get(answer["next"])
        assert response.status_code == 200, answer["next"]
        answer = response.get_json()
        ids.extend(c["id"] for c in answer["cards"])
        pages += 1
    assert pages == answer["pages"] > 1
    assert ids == every_id(client, faction="Human", type=["Ally", "Item"])


def names(answer):
    return [c["name"] for c in answer["cards"]]


def test_a_typed_prefix_finds_the_card(client):
    assert "Nishaven" in names(search(client, q="nish"))


def test_marks_no_one_sees_in_the_search_text_are_read_past(client):
    # a zero-width space or a direction mark pasted with a name from a web page or a chat
    assert names(search(client, q="bad\u200b wo\u200bl\u200f")) == ["Bad Wolf"]


def test_every_word_typed_must_match_as_a_prefix(client):
    found = names(search(client, q="bad wol"))
    assert found == ["Bad Wolf"]


def test_text_search_covers_types_and_keywords(client, shadow_era):
    hasty = {c.id for c in shadow_era.cards if "Haste" in (c.get("keywords") or [])}
    assert hasty <= set(every_id(client, q="hast"))
    heroes = names(search(client, q="hero", type="Hero", per_page=200))
    assert "Nishaven" in heroes


def test_a_misspelt_name_that_matches_nothing_names_the_card_it_may_mean(client):
    answer = search(client, q="bad wofl")
    assert answer["cards"] == []
    assert answer["suggestions"][0] == "Bad Wolf"
    # Found, or filtered away, no name is offered.
    assert search(client, q="bad wolf")["suggestions"] == []
    assert search(client, q="bad wofl", type="Ability")["suggestions"] == []


def test_punctuation_in_the_search_text_is_not_query_syntax(client):
    assert names(search(client, q='"nish*" (:')) == ["Nishaven"]
    assert search(client, q="-")["total"] == search(client)["total"]


def test_a_card_has_its_set_name_number_and_facts(client, era):
    card = next(c for c in era.cards if c.type == "Dino")
    answer = search(client, game="era", q=card.name)
    shown = next(c for c in answer["cards"] if c["id"] == card.id)
    assert shown == {
        "id": card.id,
        "name": card.name,
        "type": "Dino",
        "set": card.set,
        "set_name": era.sets[card.set].name,
        "number": card.number,
        "facts": {k: card.facts[k] for k in era.attributes if k in card.facts},
    }


def test_an_attribute_filter_keeps_only_cards_with_that_value(client, shadow_era):
    answer = search(client, faction="Human", per_page=200)
    expected = {c.id for c in shadow_era.cards if c.get("faction") == "Human"}
    assert answer["total"] == len(expected)
    assert all(c["facts"]["faction"] == "Human" for c in answer["cards"])
    assert sorted(every_id(client, faction="Human")) == sorted(expected)


def test_a_repeated_filter_means_any_of_its_values(client, shadow_era):
    answer = search(client, classes=["Mage", "Wulven"], per_page=200)
    expected = {c.id for c in shadow_era.cards if {"Mage", "Wulven"} & set(c.get("classes") or [])}
    assert answer["total"] == len(expected)
    assert {c["id"] for c in answer["cards"]} == expected


def test_filter_values_ignore_case(client):
    assert search(client, faction="human")["total"] == search(client, faction="Human")["total"]


def test_filters_on_type_set_and_list_attributes_combine(client, ryft):
    answer = search(client, game="ryft", type="Being", keywords="Trigger", per_page=200)
    expected = {
        c.id for c in ryft.cards if c.type == "Being" and "Trigger" in (c.get("keywords") or [])
    }
    assert {c["id"] for c in answer["cards"]} == expected
    assert expected


def test_a_yes_no_attribute_filters_by_true(client, ryft):
    answer = search(client, game="ryft", connection="true", per_page=200)
    assert {c["id"] for c in answer["cards"]} == {c.id for c in ryft.cards if c.get("connection")}


def test_a_cost_range_keeps_cards_between_its_ends(client, shadow_era):
    expected = {c.id for c in shadow_era.cards if c.get("cost") in (2, 3)}
    assert sorted(every_id(client, cost_min=2, cost_max=3)) == sorted(expected)


def test_a_range_may_have_one_end(client):
    costs = [c["facts"]["cost"] for c in search(client, cost_min=7, per_page=200)["cards"]]
    assert costs
    assert min(costs) >= 7


def test_results_sort_by_name_by_default(client):
    shown = names(search(client, per_page=100))
    assert shown == sorted(shown, key=str.casefold)


@pytest.mark.parametrize("order", ["asc", "desc"])
def test_results_sort_by_an_attribute_in_either_order(client, order):
    answer = search(client, sort="cost", order=order, faction="Shadow", per_page=200)
    costs = [c["facts"].get("cost") for c in answer["cards"]]
    with_cost = [c for c in costs if c is not None]
    assert with_cost == sorted(with_cost, reverse=order == "desc")
    # cards without a cost come last whichever the order
    assert costs == with_cost + [None] * (len(costs) - len(with_cost))


def test_results_sort_by_type_and_set(client):
    types = [c["type"] for c in search(client, sort="type", per_page=200)["cards"]]
    assert types == sorted(types)
    sets = [c["set"] for c in search(client, sort="set", order="desc", per_page=200)["cards"]]
    assert sets == sorted(sets, reverse=True)


def test_pages_split_the_results_without_overlap(client, shadow_era):
    first = search(client, per_page=30, page=1)
    second = search(client, per_page=30, page=2)
    assert first["total"] == len(shadow_era.cards)
    assert first["pages"] == math.ceil(len(shadow_era.cards) / 30)
    assert (first["page"], first["per_page"], len(first["cards"])) == (1, 30, 30)
    assert not set(names(first)) & set(names(second))
    assert names(first)[-1].casefold() <= names(second)[0].casefold()
    last = search(client, per_page=30, page=first["pages"])
    assert len(last["cards"]) == len(shadow_era.cards) - 30 * (first["pages"] - 1)
    assert search(client, per_page=30, page=first["pages"] + 1)["cards"] == []


def test_fifty_cards_a_page_unless_asked(client):
    answer = search(client)
    assert answer["per_page"] == 50
    assert len(answer["cards"]) == 50


def test_an_unknown_filter_is_a_400_listing_the_valid_ones(client):
    error = error_of(client.get("/api/v1/games/era/cards?faction=Human"), 400)
    assert error["code"] == "bad-search"
    assert "faction" in error["message"]
    assert {"q", "type", "set", "element", "cost_min", "cost_max"} <= set(error["details"])
    assert "faction" not in error["details"]


def test_thousands_of_made_up_filters_are_refused_in_a_line_not_echoed_whole(client):
    made_up = "&".join(f"p{n:05d}=1" for n in range(5000)) + "&" + "z" * 5000 + "=1"
    error = error_of(client.get(f"/api/v1/games/era/cards?{made_up}"), 400)
    assert error["message"].startswith(
        "ERA cards cannot be searched by p00000, p00001, p00002, p00003, p00004, p00005,"
        " p00006, p00007, p00008, p00009 and 4991 more; the parameters are: q, type, set"
    )
    assert len(error["message"]) < 1000


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("element=Plasma", "Fire"),
        ("type=Wizard", "Dino"),
        ("set=NOPE", "SDS1A"),
        ("cost=cheap", "whole number"),
        ("cost_min=two", "whole number"),
        ("sort=colour", "element"),
        ("order=sideways", "asc"),
        ("per_page=201", "200"),
        ("page=0", "from 1"),
    ],
)
def test_a_value_that_cannot_be_used_is_a_400_saying_why(client, query, named):
    error = error_of(client.get(f"/api/v1/games/era/cards?{query}"), 400)
    assert named in error["message"]


def test_one_card_by_id(client, era):
    card = era.cards[0]
    answer = client.get(f"/api/v1/games/era/cards/{card.id}").get_json()
    assert (answer["id"], answer["name"], answer["type"]) == (card.id, card.name, card.type)


def test_an_unknown_card_id_is_a_404(client):
    error = error_of(client.get("/api/v1/games/era/cards/era-no-such-dino"), 404)
    assert error["code"] == "unknown-card"
