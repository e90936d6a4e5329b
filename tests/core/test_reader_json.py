"""JSON decks as other deck tools write their entries: the count as "qty", "quantity" or
"amount" and the card as "name". None is read as one copy or refused for its key alone."""

from __future__ import annotations

import pytest

from cardpool import load_game
from validator import (
    ERROR,
    WARNING,
    DecklistError,
    DecklistTooLongError,
    parse_mapping,
    parse_text,
    to_mapping,
)
from validator.decklist import MALFORMED_LINE, READ_AS, UNKNOWN_CARD

from .conftest import edit


def _read(era, entry):
    parsed = parse_mapping({"sections": {"deck": [entry]}}, era)
    return [(e.card.name, e.count) for e in parsed.deck.entries()], parsed.problems


@pytest.mark.parametrize("key", ["count", "qty", "quantity", "amount"])
def test_a_count_under_another_tools_key_is_that_count(era, key):
    assert _read(era, {"card": "Kindle", key: 3}) == ([("Kindle", 3)], [])


@pytest.mark.parametrize("key", ["qty", "quantity"])
def test_a_card_under_name_is_that_card(era, key):
    assert _read(era, {"name": "Kindle", key: 2}) == ([("Kindle", 2)], [])


def test_two_count_keys_that_disagree_are_refused_not_one_picked(era):
    cards, problems = _read(era, {"card": "Kindle", "count": 1, "quantity": 3})
    assert cards == []
    (problem,) = problems
    assert problem.rule == MALFORMED_LINE
    assert problem.message.startswith("sections.deck[0]: ")


def test_two_count_keys_that_agree_are_that_count(era):
    assert _read(era, {"card": "Kindle", "count": 3, "qty": 3}) == ([("Kindle", 3)], [])


@pytest.mark.parametrize("count", [1000, -1, 2.5, "three", "2.5", "", True, None, [2]])
def test_a_count_out_of_range_or_no_whole_number_is_refused(era, count):
    cards, problems = _read(era, {"card": "Kindle", "amount": count})
    assert cards == []
    assert [p.rule for p in problems] == [MALFORMED_LINE]


@pytest.mark.parametrize("key", ["count", "amount"])
@pytest.mark.parametrize("card", ["Kindle", "Fireball"])
def test_none_of_a_card_is_ignored_with_a_warning_as_in_a_text_list(era, key, card):
    # "0 Kindle" in a text list is ignored with a warning; the same entry sent as JSON was a
    # malformed entry, and the deck illegal for it
    cards, problems = _read(era, {"card": card, key: 0})
    assert cards == []
    (problem,) = problems
    assert problem.severity == WARNING
    assert problem.message == f"sections.deck[0]: 0 copies of {card}; the entry is ignored"
    (said,) = parse_text(f"0 {card}", era).problems
    assert (said.rule, said.severity) == (problem.rule, WARNING)


@pytest.mark.parametrize("count", [2, 2.0, "2", " 2 ", "02"])
def test_a_whole_count_sent_as_a_number_with_a_point_or_as_digits_is_that_count(era, count):
    # deck tools and forms send {"count": 2.0} or {"count": "2"}: the same two copies
    assert _read(era, {"card": "Kindle", "count": count}) == ([("Kindle", 2)], [])
    assert _read(era, {"card": "Kindle", "count": count, "qty": 2}) == ([("Kindle", 2)], [])


# A deck as other deck tools export it: its cards in one list, no sections.


def test_a_deck_of_cards_alone_places_each_card_by_its_type(era):
    parsed = parse_mapping(
        {"name": "Burn", "cards": [{"card": "Kindle", "count": 3}, {"name": "Ember Rex"}]}, era
    )
    assert parsed.problems == []
    assert parsed.deck.name == "Burn"
    assert {s: [(e.card.name, e.count) for e in es] for s, es in parsed.deck.sections.items()} == {
        "deck": [("Kindle", 3)],
        "dinos": [("Ember Rex", 1)],
    }


def test_a_deck_of_cards_alone_is_read_as_the_same_list_without_headers(shadow_era):
    text = "1 Darkclaw\n4 Bad Wolf\n2 Dirk Saber"
    from_text = parse_text(text, shadow_era)
    entries = [{"card": line.split(" ", 1)[1], "qty": int(line[0])} for line in text.splitlines()]
    from_cards = parse_mapping({"cards": entries}, shadow_era)
    assert from_cards.problems == from_text.problems == []
    assert to_mapping(from_cards.deck) == to_mapping(from_text.deck)


def test_a_deck_of_cards_alone_keeps_its_boards(era):
    parsed = parse_mapping(
        {"cards": ["Kindle"], "boards": {"sideboard": [{"card": "Kindle", "count": 2}]}}, era
    )
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.boards["sideboard"]] == [("Kindle", 2)]


def test_a_bad_entry_in_cards_alone_is_said_at_its_place(era):
    parsed = parse_mapping({"cards": ["Kindle", {"card": "Kindel", "count": 2}, {"x": 1}]}, era)
    assert [e.card.name for e in parsed.deck.entries()] == ["Kindle"]
    assert [(p.rule, p.message.split(":")[0]) for p in parsed.problems] == [
        (UNKNOWN_CARD, "cards[1]"),
        (MALFORMED_LINE, "cards[2]"),
    ]
    assert [(u.card, u.count) for u in parsed.unread] == [("Kindel", 2)]


def test_cards_that_are_not_a_list_say_what_is_needed(era):
    with pytest.raises(DecklistError, match=r"'cards'.*list"):
        parse_mapping({"cards": {"Kindle": 3}}, era)


def test_a_deck_with_neither_sections_nor_cards_names_both(era):
    with pytest.raises(DecklistError, match=r"'sections'.*'cards'"):
        parse_mapping({"name": "Burn"}, era)


def test_sections_given_are_read_and_cards_beside_them_are_not_the_decks(era):
    # the builder's "fits" body sends a deck's sections with the cards to try beside them
    parsed = parse_mapping({"sections": {"deck": ["Kindle"]}, "cards": ["era-ember-rex"]}, era)
    assert [e.card.name for e in parsed.deck.entries()] == ["Kindle"]


def test_cards_alone_count_against_the_line_limit(era):
    with pytest.raises(DecklistTooLongError):
        parse_mapping({"cards": ["Kindle"] * 3}, era, max_lines=2)


def test_a_card_whose_type_two_sections_take_says_the_deck_needs_sections(skirmish_pool):
    edit(
        skirmish_pool / "skirmish" / "game.yaml",
        "noun: card, types: [Unit, Spell]}",
        "noun: card, types: [Unit, Spell, Token]}",
    )
    game = load_game(skirmish_pool / "skirmish")
    token = next(c for c in game.cards if c.type == "Token")
    parsed = parse_mapping({"cards": ["Ember Scout", token.name]}, game)
    assert [e.card.name for e in parsed.deck.entries()] == ["Ember Scout"]
    (problem,) = parsed.problems
    assert problem.severity == ERROR
    assert problem.cards == (token.name,)
    assert problem.message == (
        f"cards[1]: a Skirmish deck may hold {token.name} in its Deck or its Tokens, and a"
        " deck given as 'cards' alone names no section; send the deck's 'sections' instead"
        ' (e.g. {"sections": {"deck": [...], "tokens": [...]}})'
    )


# A saved deck as the API gives it (GET /api/v1/decks/<id>, the deck page's JSON export): the
# deck under "deck", its name beside it.


def test_a_saved_deck_as_the_api_gives_it_is_its_deck(era):
    saved = {
        "id": "QY4l4pa1xusrf45g",
        "game": "era",
        "name": "Burn",
        "format": "standard",
        "deck": {
            "name": "Burn",
            "game": "era",
            "sections": {"deck": [{"card": "Kindle", "count": 3}]},
        },
        "text": "# Burn\n\nDeck:\n3 Kindle\n",
    }
    parsed = parse_mapping(saved, era)
    assert parsed.problems == []
    assert parsed.deck.cards_by_section() == {"deck": [("era-kindle", 3)]}
    assert parsed.deck.name == "Burn"


def test_a_deck_beside_sections_is_not_read_for_them(era):
    # the deck's own "sections" are the deck; a "deck" key beside them is no second deck
    data = {"sections": {"deck": ["Kindle"]}, "deck": {"sections": {"deck": ["Flame Lash"]}}}
    assert parse_mapping(data, era).deck.cards_by_section() == {"deck": [("era-kindle", 1)]}


@pytest.mark.parametrize(
    "data",
    [
        {"game": "shadow-era", "sections": {"deck": ["Kindle"]}},  # the builder's export
        {"game": "shadow-era", "name": "Wolves", "deck": {"sections": {"deck": ["Kindle"]}}},
    ],
)
def test_a_json_deck_of_another_game_says_so(era, data):
    # as the same deck sent as text says: its cards are read as this game's all the same
    parsed = parse_mapping(data, era)
    said = parsed.problems[0]
    assert (said.rule, said.severity) == (READ_AS, WARNING)
    assert said.message.startswith("the deck is for the game 'shadow-era', not ERA")
    assert parsed.deck.cards_by_section() == {"deck": [("era-kindle", 1)]}


@pytest.mark.parametrize("named", ["era", "ERA", "", None])
def test_a_json_deck_of_this_game_or_none_says_nothing_of_it(era, named):
    parsed = parse_mapping({"game": named, "sections": {"deck": ["Kindle"]}}, era)
    assert parsed.problems == []
