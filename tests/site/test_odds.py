"""Draw odds match a direct count of every hand a deck can deal."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations
from math import comb

import pytest

from webapp.odds import TURNS, Wanted, at_least_one, cards_seen, chances, odds_table, percent

RYFT = {"opening_hand": 5, "draws_per_turn": 2}
ERA = {"opening_hand": 6, "draws_per_turn": 1, "set_aside": ["Event"]}


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
    table = odds_table(RYFT, 40, [Wanted("Kindle", 3), Wanted("Any Event", 6)])
    assert [row.label for row in table] == ["Kindle", "Any Event"]
    assert table[0].chances[0] == pytest.approx(at_least_one(40, 3, 5))
    assert list(table[1].chances) == sorted(table[1].chances)  # more draws, better odds


def test_without_cards_set_aside_each_turn_is_the_chance_over_every_card_seen():
    assert chances(RYFT, 40, 3) == pytest.approx(
        [at_least_one(40, 3, cards_seen(RYFT, t)) for t in (0, *TURNS)]
    )


# ERA: "If, while drawing an opening hand, you draw an event card, simply set that event card
# aside, do not count it as part of your hand, and continue drawing your hand. Once you have
# decided to keep a hand, shuffle any event cards that had been set aside during this
# process back into your deck."


def dealt(order: tuple[str, ...], hand_size: int) -> tuple[list[str], list[str]]:
    """ERA's opening hand from a deck in ``order``: events drawn are set aside; the kept
    hand, and the rest of the deck with the set-aside events shuffled back in."""
    hand, aside, position = [], [], 0
    while len(hand) < hand_size and position < len(order):
        card = order[position]
        (aside if card.startswith("event") else hand).append(card)
        position += 1
    return hand, [*order[position:], *aside]


def counted_by_dealing(deck: list[str], wanted: set[str], hand_size: int, draws: int) -> Fraction:
    """The share of every order of ``deck`` in which the hand, or then the first ``draws``
    cards of the reshuffled rest, show a wanted card (the reshuffle counted exactly)."""
    hits, orders = Fraction(0), 0
    for order in set(permutations(deck)):
        orders += 1
        hand, rest = dealt(order, hand_size)
        if any(card in wanted for card in hand):
            hits += 1
            continue
        copies = sum(card in wanted for card in rest)
        if draws:
            hits += 1 - Fraction(comb(len(rest) - copies, draws), comb(len(rest), draws))
    return hits / orders


SMALL_ERA_DECK = ["event", "event", "event-b", "kindle", "kindle", "rex", "tide", "tide"]


@pytest.mark.parametrize(
    ("wanted", "copies", "aside"),
    [
        ({"kindle"}, 2, 0),
        ({"event"}, 2, 2),
        ({"event", "event-b"}, 3, 3),
        ({"tide", "event"}, 4, 2),
    ],
)
def test_era_events_drawn_into_the_opening_hand_are_set_aside_and_shuffled_back(
    wanted, copies, aside
):
    play = {"opening_hand": 3, "draws_per_turn": 1}
    found = chances(play, len(SMALL_ERA_DECK), copies, aside, deck_aside=3)
    for turn, chance in zip((0, *TURNS), found, strict=True):
        expected = counted_by_dealing(SMALL_ERA_DECK, wanted, 3, min(turn, 5))
        assert chance == pytest.approx(float(expected)), f"turn {turn}"


def test_an_era_event_is_never_in_the_opening_hand_but_is_drawn_later():
    # 30 cards, 3 of them events: the hand is 6 of the 27 others; then the 24 left draw 1 a turn.
    event = chances(ERA, 30, 1, aside=1, deck_aside=3)
    assert event[0] == 0
    assert event[1] == pytest.approx(1 / 24)
    kindle = chances(ERA, 30, 3, deck_aside=3)
    assert kindle[0] == pytest.approx(at_least_one(27, 3, 6))
    missed = comb(24, 6) / comb(27, 6)
    assert kindle[1] == pytest.approx(1 - missed * comb(21, 1) / comb(24, 1))


@pytest.mark.parametrize(
    ("chance", "shown"),
    [(1.0, "100%"), (0.997, ">99%"), (0.55, "55%"), (0.004, "<1%"), (0.0, "0%")],
)
def test_a_chance_reads_as_certain_or_impossible_only_when_it_is(chance, shown):
    assert percent(chance) == shown


@pytest.mark.parametrize(("chance", "shown"), [(1 / 8, "13%"), (0.005, "1%"), (0.825, "83%")])
def test_a_chance_half_way_between_two_percents_reads_as_the_builder_reads_it(chance, shown):
    # The builder rounds half up (Math.round): one copy among 40 cards in a 5-card hand is 1 in
    # 8, which the builder said was 13% and the deck page 12%.
    assert at_least_one(40, 1, 5) == 1 / 8
    assert percent(chance) == shown
