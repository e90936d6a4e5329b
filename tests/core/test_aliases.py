"""Aliases: old names and nicknames players write are read as the card, never as another."""

from __future__ import annotations

from cardpool import check_pools

from .conftest import edit


def test_an_alias_finds_its_card(skirmish):
    assert skirmish.find_card("Fire Knight").id == "knight"
    assert skirmish.find_card("fire-knight").id == "knight"


def test_reading_through_an_alias_is_told_apart_from_reading_a_name(skirmish):
    assert skirmish.alias_match("fire knight").id == "knight"
    assert skirmish.alias_match("Flame Knight") is None
    assert skirmish.alias_match("Nobody") is None


def test_an_alias_is_not_a_fact_of_the_card(skirmish):
    knight = skirmish.find_card("Flame Knight")
    assert knight.aliases == ("Fire Knight",)
    assert "aliases" not in knight.facts


def test_an_alias_naming_another_card_is_refused(skirmish_pool):
    cards = skirmish_pool / "skirmish" / "cards.yaml"
    edit(cards, "aliases: [Fire Knight]", "aliases: [Fire Knight, stone-giant]")
    (problem,) = check_pools(skirmish_pool)
    assert problem.file == str(cards)
    assert problem.card == "Flame Knight"
    assert problem.field == "aliases"
    assert problem.message == "alias 'stone-giant' is the name of another card, 'Stone Giant'"
    assert "aliases:" in cards.read_text().splitlines()[problem.line - 1]


def test_an_alias_of_two_different_cards_is_refused(skirmish_pool):
    cards = skirmish_pool / "skirmish" / "cards.yaml"
    edit(cards, "name: Spark Mage\n", "name: Spark Mage\n    aliases: [Fire knight]\n")
    (problem,) = check_pools(skirmish_pool)
    assert (problem.card, problem.field) == ("Spark Mage", "aliases")
    assert problem.message == "alias 'Fire knight' is also an alias of 'Flame Knight'"
    assert "aliases: [Fire knight]" in cards.read_text().splitlines()[problem.line - 1]


def test_an_alias_of_a_reprint_names_the_same_card(skirmish_pool, check):
    cards = skirmish_pool / "skirmish" / "cards.yaml"
    edit(cards, "name: Stone Giant, type", "name: Stone Giant, aliases: [Ember Scout], type")
    problems = check_pools(skirmish_pool)
    assert [p.field for p in problems] == ["aliases"]
    edit(cards, "aliases: [Ember Scout]", "aliases: [Big Rock]")
    edit(cards, '"S1-03", colour', '"S1-03", aliases: [Big Scout], colour')
    edit(cards, '"P-01", colour', '"P-01", aliases: [Big Scout], colour')
    assert check_pools(skirmish_pool) == []


def test_two_different_cards_may_not_share_a_name(skirmish_pool):
    """With ``same_card: [number]`` two cards of one name are two cards; a decklist naming
    one of them could not say which."""
    game = skirmish_pool / "skirmish" / "game.yaml"
    edit(game, "main_attribute: colour", "main_attribute: colour\nsame_card: [number]")
    cards = skirmish_pool / "skirmish" / "cards.yaml"
    problems = check_pools(skirmish_pool)
    assert {(p.card, p.field) for p in problems} == {
        ("Ember Scout", "name"),
        ("Quick Bolt", "name"),
        ("Tidal Wave", "name"),
    }
    problem = problems[0]
    assert (problem.file, problem.card, problem.field) == (str(cards), "Ember Scout", "name")
    assert "shares its name with card 'Ember Scout' (scout-old)" in problem.message
    assert "id: scout, name: Ember Scout" in cards.read_text().splitlines()[problem.line - 1]
