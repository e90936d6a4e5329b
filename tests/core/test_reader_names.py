"""Card names typed the way players type them: no accents, no special letters."""

from __future__ import annotations

import pytest

from cardpool import load_game, name_key
from validator import parse_text

from .conftest import edit


@pytest.mark.parametrize(
    ("printed", "typed"),
    [
        ("Bjørn the Wanderer", "Bjorn the Wanderer"),
        ("Æther Drake", "Aether Drake"),
        ("Cœur de Lion", "Coeur de Lion"),
        ("Straße der Klingen", "Strasse der Klingen"),
        ("Łucja's Ward", "Lucjas Ward"),
        ("Đorđe the Smith", "Dorde the Smith"),
        ("Þórr's Hammer", "Thorrs Hammer"),
        ("Émber Rex", "ember rex"),
    ],
)
def test_letters_unicode_does_not_decompose_are_spelled_as_players_type_them(printed, typed):
    # Players without a Danish or Polish keyboard write "o" for "ø" and "l" for "ł";
    # "ß" is "ss" and "þ" "th" in every English spelling of such names.
    assert name_key(printed) == name_key(typed)


def test_names_in_other_scripts_key_on_their_own_letters_not_on_nothing():
    # Japanese printings are listed under their own names; two of them must not collide.
    fire, water = name_key("火竜"), name_key("水竜")
    assert fire == "火竜"
    assert water == "水竜"
    assert name_key("火竜 ") == fire


def test_names_of_symbols_alone_still_differ():
    assert name_key("★") != name_key("★★")
    assert name_key("???") != name_key("!!!")
    assert name_key("★")


def test_ascii_names_keep_their_keys():
    assert name_key("Crystals: Ember-Rex") == "crystalsemberrex"
    assert name_key("  3 Fire-Breath ") == "3firebreath"


def test_a_card_printed_with_such_a_letter_is_read_as_typed(pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    edit(cards, "name: Ember Rex", "name: Embær Bjørn")
    era = load_game(pool_copy / "era")
    parsed = parse_text("1 Embaer Bjorn\n1 EMBÆR BJØRN", era)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Embær Bjørn", 2)]
