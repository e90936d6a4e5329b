"""Draw odds match a direct count of every hand a deck can deal."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from webapp.odds import at_least_one, cards_seen, odds_table

RYFT = {"opening_hand": 5, "draws_per_turn": 2}


def counted(deck: int, copies: int, drawn: int) -> Fraction:
    """The share of all equally likely hands of ``drawn`` cards holding a wanted card."""
    cards = range(deck)  # cards 0 .. copies-1 are the wanted ones
    hands = list(combinations(cards, drawn))
    hits = sum(1 for hand in hands if any(card < copies for card in hand))
    return Fraction(hits, len(hands))


@pytest.mark.parametrize(
    ("deck", "copies", "drawn"),
    [(12, 1, 3), (12, 3, 5), (10, 4, 4), (9, 2, 9), (15, 5, 6), (8, 0, 3), (11, 3, 1)],
)
def test_the_chance_to_see_a_card_is_the_share_of_hands_that_hold_it(deck, copies, drawn):
    assert at_least_one(deck, copies, drawn) == pytest.approx(float(counted(deck, copies, drawn)))


def test_three_copies_in_forty_cards_by_a_ryft_opening_hand_and_turn_two():
    # 1 - C(37,5)/C(40,5) and 1 - C(37,9)/C(40,9), worked by hand from the binomials.
    assert at_least_one(40, 3, cards_seen(RYFT, 0)) == pytest.approx(1 - 435897 / 658008)
    assert at_least_one(40, 3, cards_seen(RYFT, 2)) == pytest.approx(1 - 124403620 / 273438880)


def test_a_player_sees_the_opening_hand_then_the_draws_of_each_turn():
    assert [cards_seen(RYFT, t) for t in (0, 1, 3)] == [5, 7, 11]


def test_drawing_the_whole_deck_sees_every_card_and_no_copies_never():
    assert at_least_one(20, 1, 25) == 1.0
    assert at_least_one(20, 0, 25) == 0.0


def test_the_table_gives_each_group_its_chances_in_order():
    table = odds_table(RYFT, 40, [("Kindle", 3), ("Any Event", 6)])
    assert [row.label for row in table] == ["Kindle", "Any Event"]
    assert table[0].chances[0] == pytest.approx(at_least_one(40, 3, 5))
    assert list(table[1].chances) == sorted(table[1].chances)  # more draws, better odds
