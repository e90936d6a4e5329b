"""Every problem names its cards: none for a deck's size, exactly the offending ones for
copies, types, bans and sets; and one cause is reported once."""

from __future__ import annotations

from datetime import date

import pytest

from cardpool import load_game
from validator import compile_all

from ..helpers import rule_ids
from .conftest import add_rule, edit

LEADER = "Leader:\n1 Captain Ash\n"
# lines 1-6; what a test adds starts on line 7
SIX = LEADER + "Deck:\n2 Ember Scout\n2 Stone Giant\n2 Quick Bolt\n"
TWO_LEADERS = SIX.replace("1 Captain Ash\n", "1 Captain Ash\n1 Captain Brook\n")
LATER = date(2025, 6, 1)


def only(result, rule_id):
    return [p for p in result.problems if p.rule == rule_id]


def test_a_long_deck_names_no_card_and_marks_its_section(skirmish, check):
    text = SIX + "2 Tide Caller\n1 Flame Knight"
    result = check(skirmish, text, as_of=LATER)
    assert rule_ids(result) == ["sk-deck-size"]
    (problem,) = result.problems
    assert (problem.section, problem.cards, problem.lines) == ("deck", (), ())
    assert (problem.expected, problem.actual) == ("between 6 and 8", 9)


def test_a_short_deck_names_no_card(skirmish, check):
    (problem,) = check(skirmish, LEADER + "Deck:\n2 Ember Scout", as_of=LATER).problems
    assert (problem.rule, problem.section, problem.cards) == ("sk-deck-size", "deck", ())


def test_too_many_cards_for_a_one_card_slot_names_them(skirmish, check):
    text = TWO_LEADERS
    (problem,) = check(skirmish, text, as_of=LATER).problems
    assert problem.rule == "sk-one-leader"
    assert (problem.section, problem.cards, problem.lines) == (
        "leader",
        ("Captain Ash", "Captain Brook"),
        (2, 3),
    )


@pytest.mark.parametrize(
    ("rule", "cards"),
    [
        ("name_cards: false}", ()),
        ("name_cards: true}", ("Captain Ash", "Captain Brook")),
    ],
)
def test_a_size_rule_may_say_whether_it_names_its_cards(skirmish_pool, check, rule, cards):
    edit(
        skirmish_pool / "skirmish" / "game.yaml",
        'exactly: 1,\n         title: One leader, cite: "A deck has one leader."}',
        'exactly: 1,\n         title: One leader, cite: "A deck has one leader.", ' + rule,
    )
    game = load_game(skirmish_pool / "skirmish")
    text = TWO_LEADERS
    (problem,) = check(game, text, as_of=LATER).problems
    assert problem.cards == cards


def test_name_cards_must_be_true_or_false(skirmish_pool):
    add_rule(
        skirmish_pool,
        "{id: sk-bad, check: section-size, section: deck, max: 9, name_cards: yes please,"
        " title: Bad, cite: Bad.}",
    )
    (problem,) = compile_all(load_game(skirmish_pool / "skirmish"))
    assert problem.field == "name_cards"


def test_a_copy_problem_names_exactly_the_card_over_its_limit(skirmish, check):
    text = SIX.replace("2 Ember Scout", "3 Ember Scout")
    (problem,) = check(skirmish, text, as_of=LATER).problems
    assert (problem.rule, problem.cards, problem.lines) == ("sk-copies", ("Ember Scout",), (4,))


def test_a_type_problem_names_exactly_the_card_out_of_place(skirmish, check):
    text = SIX + "1 Captain Brook"
    result = check(skirmish, text, as_of=LATER)
    (problem,) = only(result, "sk-deck-types")
    assert (problem.cards, problem.lines) == (("Captain Brook",), (7,))


def test_a_banned_card_listed_twice_is_one_problem_citing_both_lines(skirmish_pool, check):
    edit(
        skirmish_pool / "skirmish" / "game.yaml",
        "{date: 2024-01-01, note: Nothing banned.}",
        "{date: 2024-01-01, banned: [Stone Giant]}",
    )
    game = load_game(skirmish_pool / "skirmish")
    text = SIX + "Tokens:\n1 Stone Giant"
    (problem,) = only(check(game, text, as_of=LATER), "sk-banned")
    assert (problem.cards, problem.lines, problem.actual) == (("Stone Giant",), (5, 8), 3)


def test_a_card_not_legal_yet_listed_twice_is_one_problem(skirmish, check):
    text = SIX + "1 Comet\nTokens:\n1 Comet"
    (problem,) = only(check(skirmish, text, as_of=LATER), "sk-sets")
    assert (problem.cards, problem.lines, problem.section) == (("Comet",), (7, 9), "deck")
