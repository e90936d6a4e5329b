"""Printings: a card printed in several sets is legal through any legal printing, unless the
decklist names one; and no verdict depends on the order of cards.yaml."""

from __future__ import annotations

import random
from datetime import date

import yaml

from cardpool import load_game
from validator import Deck, parse_text, validate

from ..helpers import rule_ids

LEGAL = (
    "Leader:\n1 Captain Ash\nDeck:\n2 Ember Scout\n2 Stone Giant\n2 Quick Bolt\n1 Flame Knight\n"
)
BEFORE_SECOND_WAVE = date(2024, 6, 1)
AFTER_SECOND_WAVE = date(2025, 6, 1)


def deck_of(game, *entries) -> Deck:
    """A deck from (count, card id, printing named) triples, with Captain Ash leading it."""
    deck = Deck(game)
    deck.add("leader", game.card("ash"))
    for count, card_id, named in entries:
        deck.add("deck", game.card(card_id), count, printing_named=named)
    return deck


def test_the_printings_of_a_card_share_its_identity(skirmish):
    scout = skirmish.find_card("Ember Scout")
    assert [c.id for c in skirmish.printings(scout)] == ["scout", "scout-old"]
    assert skirmish.printings(skirmish.card("scout-old")) == skirmish.printings(scout)


def test_a_name_reads_as_a_printing_in_a_constructed_set(skirmish):
    assert skirmish.find_card("Ember Scout").id == "scout"


def test_a_card_is_legal_through_any_printing_that_is(skirmish):
    """Ember Scout's promo printing is in no legal set, but its First Strike one is."""
    deck = deck_of(skirmish, (2, "scout-old", False), (2, "giant", False), (2, "bolt", False))
    assert validate(deck, as_of=AFTER_SECOND_WAVE).legal


def test_a_named_printing_must_itself_be_legal(skirmish):
    deck = deck_of(skirmish, (2, "scout-old", True), (2, "giant", False), (2, "bolt", False))
    result = validate(deck, as_of=AFTER_SECOND_WAVE)
    assert rule_ids(result) == ["sk-sets"]
    (problem,) = result.problems
    assert problem.message == "Legal sets: Ember Scout is from Old Promo, which is not legal here"
    assert problem.cards == ("Ember Scout",)


def test_a_reprint_in_a_later_set_does_not_make_the_card_illegal_before_it(skirmish, check):
    """Quick Bolt is in First Strike (2024) and Second Wave (2025)."""
    assert check(skirmish, LEGAL, as_of=BEFORE_SECOND_WAVE).legal
    named = LEGAL.replace("2 Quick Bolt", "2 Quick Bolt (S2) S2-04")
    early = check(skirmish, named, as_of=BEFORE_SECOND_WAVE)
    assert [p.message for p in early.problems] == [
        "Legal sets: Quick Bolt is from Second Wave, released 2025-01-01, after 2024-06-01"
    ]
    assert check(skirmish, named, as_of=AFTER_SECOND_WAVE).legal


def test_a_card_whose_every_printing_is_later_is_not_legal_yet(skirmish, check):
    """Tidal Wave is in Second Wave (2025) and Far Future (2099): legal from 2025 on."""
    text = LEGAL.replace("1 Flame Knight", "1 Tidal Wave")
    (problem,) = check(skirmish, text, as_of=BEFORE_SECOND_WAVE).problems
    assert problem.message == (
        "Legal sets: Tidal Wave is from Second Wave, released 2025-01-01, after 2024-06-01"
    )
    assert check(skirmish, text, as_of=AFTER_SECOND_WAVE).legal


def test_a_card_printed_only_outside_the_legal_sets_names_them_all(skirmish_pool, check):
    cards = skirmish_pool / "skirmish" / "cards.yaml"
    text = cards.read_text().replace('set: S1, number: "S1-03"', 'set: OLD, number: "S1-03"')
    cards.write_text(text)
    game = load_game(skirmish_pool / "skirmish")
    (problem,) = check(game, LEGAL, as_of=AFTER_SECOND_WAVE).problems
    assert problem.message == "Legal sets: Ember Scout is from Old Promo, which is not legal here"


DECKS = (
    LEGAL,
    LEGAL.replace("2 Ember Scout", "2 Ember Scout (OLD) P-01"),
    LEGAL.replace("2 Quick Bolt", "2 Quick Bolt [S2-04]\n1 Tidal Wave\n1 Comet"),
    LEGAL.replace("2 Stone Giant", "3 Quick Bolt\n2 Fire Knight"),
)


def verdicts(game) -> list:
    found = []
    for text in DECKS:
        parsed = parse_text(text, game)
        for day in (BEFORE_SECOND_WAVE, AFTER_SECOND_WAVE):
            for format_id in game.formats:
                result = validate(parsed.deck, format_id, day, parsed.problems)
                found.append((result.legal, [p.as_dict() for p in result.problems]))
        found.append([(e.card.id, e.printing_named) for e in parsed.deck.entries()])
    return found


def test_no_verdict_depends_on_the_order_of_cards_yaml(skirmish, skirmish_pool):
    expected = verdicts(skirmish)
    cards = skirmish_pool / "skirmish" / "cards.yaml"
    data = yaml.safe_load(cards.read_text(encoding="utf-8"))
    shuffler = random.Random(8)
    for _ in range(4):
        shuffler.shuffle(data["cards"])
        cards.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        assert verdicts(load_game(skirmish_pool / "skirmish")) == expected
