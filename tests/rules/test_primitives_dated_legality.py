"""Dated legality: legal sets that rotate, a set legal some days after its release
(``legal_from``, ``legal_after_days``), legal values of an attribute that rotate (a
regulation mark), and reprints, on the Netrunner and Pokémon test pools (tests/pools)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.pools.support import edited, load_test_pool, rule_of

ROTATION = date(2017, 6, 1)  # the Revised Core Set replaces the Core Set
GATEWAY = date(2021, 3, 1)  # System Gateway's Standard; Creation and Control leaves


@pytest.fixture(scope="module")
def netrunner():
    return load_test_pool("netrunner")


@pytest.fixture(scope="module")
def pokemon():
    return load_test_pool("pokemon")


def set_problems(check, game, lines, as_of, format_id=None, rule="nr-legal-sets"):
    """The problems ``rule`` finds in a deck of ``lines`` (no identity: Kate's own set
    rotates too, and her rules are not what these tests show)."""
    text = "\n".join(["Deck:", *lines])
    return [p for p in check(game, text, format_id, as_of).problems if p.rule == rule]


def messages(problems):
    return [p.message.split(": ", 1)[1] for p in problems]


def test_a_card_is_legal_the_day_before_its_set_rotates_out(netrunner, check):
    assert set_problems(check, netrunner, ["3 Déjà Vu"], date(2017, 5, 31)) == []


def test_a_card_whose_sets_all_rotated_out_says_so(netrunner, check):
    found = set_problems(check, netrunner, ["3 Déjà Vu"], ROTATION)
    assert messages(found) == ["Déjà Vu is from Core Set, which rotated out on 2017-06-01"]
    assert found[0].expected == ["cac", "core2"]
    assert found[0].actual == "core"


def test_a_reprint_in_a_legal_set_keeps_the_card_legal(netrunner, check):
    """Sure Gamble and Corroder were reprinted in the Revised Core Set: a list naming them
    stays legal after the rotation, read through the legal print."""
    assert set_problems(check, netrunner, ["3 Sure Gamble", "3 Corroder"], date(2018, 1, 1)) == []


def test_a_line_naming_the_rotated_print_is_refused(netrunner, check):
    found = set_problems(check, netrunner, ["3 Sure Gamble (core)"], date(2018, 1, 1))
    assert messages(found) == ["Sure Gamble is from Core Set, which rotated out on 2017-06-01"]
    assert set_problems(check, netrunner, ["3 Sure Gamble (core2)"], date(2018, 1, 1)) == []


def test_any_printing_accepts_a_rotated_print_of_a_reprinted_card(tmp_path, check):
    game, _ = edited(
        tmp_path, "netrunner", lambda d: rule_of(d, "nr-legal-sets").update(any_printing=True)
    )
    assert set_problems(check, game, ["3 Sure Gamble (core)"], date(2018, 1, 1)) == []
    (found,) = set_problems(check, game, ["3 Déjà Vu"], date(2018, 1, 1))
    assert found.cards == ("Déjà Vu",)


def test_a_set_rotates_out_on_a_later_rotation(netrunner, check):
    """The Professor, from Creation and Control, is legal after the first rotation and out
    after the second."""
    professor = ["Identity:", "1 The Professor: Keeper of Knowledge"]
    result = check(netrunner, "\n".join(professor), as_of=date(2018, 1, 1))
    assert "nr-legal-sets" not in {p.rule for p in result.problems}
    result = check(netrunner, "\n".join(professor), as_of=GATEWAY)
    (found,) = [p for p in result.problems if p.rule == "nr-legal-sets"]
    assert found.message.endswith("is from Creation and Control, which rotated out on 2021-03-01")


def test_a_set_released_but_not_yet_legal_from_its_day(netrunner, check):
    """System Gateway, released 2021-03-01, is legal from 2021-04-01 (legal_from)."""
    found = set_problems(check, netrunner, ["3 Sure Gamble (sg)"], date(2021, 3, 15))
    assert messages(found) == [
        "Sure Gamble is from System Gateway, released 2021-03-01, not legal until 2021-04-01"
    ]
    assert set_problems(check, netrunner, ["3 Sure Gamble (sg)"], date(2021, 4, 1)) == []
    # by name it is legal all along, through the Revised Core Set
    assert set_problems(check, netrunner, ["3 Sure Gamble"], date(2021, 3, 15)) == []


def test_a_set_of_a_later_rotation_is_not_legal_until_then(netrunner, check):
    found = set_problems(check, netrunner, ["3 Sure Gamble (sg)"], date(2020, 1, 1))
    assert messages(found) == ["Sure Gamble is from System Gateway, not legal until 2021-04-01"]


def test_a_format_legal_some_days_after_each_release(netrunner, check):
    """Eternal: every set, 14 days after its release (legal_after_days)."""
    found = set_problems(check, netrunner, ["3 Corroder (core2)"], date(2017, 6, 10), "eternal")
    assert messages(found) == [
        "Corroder is from Revised Core Set, released 2017-06-01, not legal until 2017-06-15"
    ]
    assert (
        set_problems(check, netrunner, ["3 Corroder (core2)"], date(2017, 6, 15), "eternal") == []
    )
    # Eternal has no rotation: the Core Set stays legal
    assert set_problems(check, netrunner, ["3 Déjà Vu"], date(2022, 1, 1), "eternal") == []


def test_a_sets_own_legal_day_wins_over_the_formats_delay(netrunner, check):
    """System Gateway's legal_from (2021-04-01) holds in Eternal too, not release + 14 days."""
    found = set_problems(check, netrunner, ["3 Sure Gamble (sg)"], date(2021, 3, 20), "eternal")
    assert messages(found)[0].endswith("not legal until 2021-04-01")


# -- legal values: the regulation mark ------------------------------------------------------


def mark_problems(check, game, lines, as_of):
    return set_problems(check, game, lines, as_of, rule="ptcg-regulation-marks")


def test_a_regulation_mark_is_legal_until_it_rotates_out(pokemon, check):
    assert mark_problems(check, pokemon, ["4 Battle VIP Pass"], date(2024, 4, 4)) == []
    (found,) = mark_problems(check, pokemon, ["4 Battle VIP Pass"], date(2024, 4, 5))
    assert found.message == (
        "Cards of the legal regulation marks: Battle VIP Pass has regulation mark E, which"
        " rotated out on 2024-04-05 (legal now: F, G and H)"
    )
    assert (found.expected, found.actual) == (["F", "G", "H"], "E")


def test_a_regulation_mark_of_a_later_rotation_is_not_legal_until_then(pokemon, check):
    (found,) = mark_problems(check, pokemon, ["1 Master Ball"], date(2024, 1, 1))
    assert "has regulation mark H, not legal until 2024-04-05" in found.message
    assert mark_problems(check, pokemon, ["1 Master Ball"], date(2024, 4, 5)) == []


def test_a_card_without_a_mark_is_legal_on_any_day(pokemon, check):
    for day in (date(2023, 6, 1), date(2030, 1, 1)):
        assert mark_problems(check, pokemon, ["20 Basic Fire Energy"], day) == []


def test_a_reprint_with_a_legal_mark_makes_every_print_legal(pokemon, check):
    """Professor's Research from Sword & Shield carries mark D; its Scarlet & Violet reprint
    carries G, so either print is legal (any_printing)."""
    lines = ["4 Professor's Research SSH 178"]
    assert mark_problems(check, pokemon, lines, date(2024, 6, 1)) == []


def test_without_any_printing_a_named_print_of_an_old_mark_is_refused(tmp_path, check):
    game, _ = edited(
        tmp_path,
        "pokemon",
        lambda d: rule_of(d, "ptcg-regulation-marks").update(any_printing=False),
    )
    (found,) = mark_problems(check, game, ["4 Professor's Research SSH 178"], date(2024, 6, 1))
    assert "Professor's Research has regulation mark D, which is not legal here" in found.message
    assert mark_problems(check, game, ["4 Professor's Research"], date(2024, 6, 1)) == []


def test_a_set_is_legal_two_weeks_after_its_release(pokemon, check):
    """Surging Sparks, released 2024-11-08: legal from 2024-11-22."""
    lines = ["2 Pikachu ex"]
    (found,) = set_problems(check, pokemon, lines, date(2024, 11, 21), rule="ptcg-released")
    assert found.message.endswith("released 2024-11-08, not legal until 2024-11-22")
    assert set_problems(check, pokemon, lines, date(2024, 11, 22), rule="ptcg-released") == []
