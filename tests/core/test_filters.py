"""Rule filters: containment and numeric comparisons, checked when the pool loads."""

from __future__ import annotations

import pytest

from cardpool import PoolError, load_game
from validator import compile_all, compiled

from .conftest import add_rule

LEADER = "Leader:\n1 Captain Ash\nDeck:\n"


def game_with(root, rule: str):
    add_rule(root, rule)
    return load_game(root / "skirmish")


def broken(root, rule: str):
    game_file = add_rule(root, rule)
    game = load_game(root / "skirmish")
    problems = compile_all(game)
    assert problems, "the rule should have been refused"
    return game_file, problems[0]


def test_a_list_attribute_contains_a_value(skirmish_pool, check):
    game = game_with(
        skirmish_pool,
        "{id: sk-no-elementals, check: section-size, section: tokens, max: 0,"
        " where: {subtype: {contains: elemental}}, title: No elementals, cite: No elementals.}",
    )
    result = check(game, LEADER + "2 Ember Scout\nTokens:\n1 Spark")
    assert [p.rule for p in result.problems if p.rule == "sk-no-elementals"] == ["sk-no-elementals"]


def test_a_text_attribute_contains_a_word_not_a_fragment(skirmish_pool, check):
    game = game_with(
        skirmish_pool,
        "{id: sk-one-captain, check: section-size, section: leader, max: 0,"
        " where: {name: {contains: Captain}}, title: No captains, cite: No captains.}",
    )
    assert "sk-one-captain" in {p.rule for p in check(game, LEADER).problems}
    game = game_with(
        skirmish_pool,
        "{id: sk-no-capt, check: section-size, section: leader, max: 0,"
        " where: {name: {contains: Capt}}, title: No capt, cite: No capt.}",
    )
    assert "sk-no-capt" not in {p.rule for p in check(game, LEADER).problems}


@pytest.mark.parametrize(
    ("test", "matching"),
    [
        ("{min: 2, max: 4}", {"Tide Caller", "Flame Knight", "Spark Mage", "Tidal Wave"}),
        ("{gte: 4}", {"Stone Giant", "Tidal Wave", "Comet"}),
        ("{gt: 4}", {"Stone Giant", "Comet"}),
        ("{lt: 2}", {"Ember Scout", "Quick Bolt"}),
        ("{lte: 2}", {"Ember Scout", "Quick Bolt", "Tide Caller", "Spark Mage"}),
        ("{eq: 3}", {"Flame Knight"}),
    ],
)
def test_numeric_comparisons_select_by_number(skirmish_pool, test, matching):
    game = game_with(
        skirmish_pool,
        "{id: sk-costs, check: min-share, section: deck, percent: 50,"
        f" where: {{cost: {test}}}, title: Costs, cite: Costs.}}",
    )
    (rule,) = [r for r in compiled(game).rules if r.id == "sk-costs"]
    picked = {c.name for c in game.cards if rule.where(c)}
    assert picked == matching


def test_a_card_without_the_number_matches_no_comparison(skirmish_pool):
    """Leaders and tokens have no cost: they are neither cheap nor expensive."""
    game = game_with(
        skirmish_pool,
        "{id: sk-costs, check: min-share, section: deck, percent: 50,"
        " where: {cost: {lte: 100}}, title: Costs, cite: Costs.}",
    )
    (rule,) = [r for r in compiled(game).rules if r.id == "sk-costs"]
    assert {c.type for c in game.cards if not rule.where(c)} == {"Leader", "Token"}


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("{cost: {less: 3}}", "where: cost: unknown test 'less'"),
        ("{subtype: {min: 1}}", "where: subtype: 'min' needs a number attribute"),
        ("{colour: {contains: Red}}", "where: colour: 'contains' needs a list or text attribute"),
        ("{cost: {max: three}}", "where: cost: 'max' takes a number ('three')"),
        ("{subtype: {contains: [Token, Elemental]}}", "'contains' takes one value"),
        ("{cost: {}}", "where: cost: an empty test"),
        ("{colour: [Red, {contains: Blue}]}", "where: colour: a value or a list of values"),
        # a value no card can have would match nothing and change verdicts in silence
        ("{colour: Green}", "where: colour: 'Green' is no colour value (colour values: Red, Blue)"),
        ("{colour: [Red, Bleu]}", "'Bleu' is no colour value; is it meant to be 'Blue'?"),
        ("{type: Creature}", "where: type: 'Creature' is no card type (card types: Leader,"),
        ("{not: {set: S7}}", "where: set: 'S7' is no set (sets: S1, S2, S9, OLD)"),
        ("{name: Ember Scoot}", "where: name: no card is named 'Ember Scoot'"),
        ("{name: ember scout}", "no card is named 'ember scout'; is it meant to be 'Ember Scout'?"),
        ("{cost: three}", "where: cost: 'three' is no number"),
    ],
)
def test_a_bad_filter_is_refused_with_file_line_and_field(skirmish_pool, where, message):
    game_file, problem = broken(
        skirmish_pool,
        "{id: sk-bad, check: section-size, section: deck, max: 3,"
        f" where: {where}, title: Bad, cite: Bad.}}",
    )
    assert problem.file == str(game_file)
    assert problem.field == "where"
    assert message in problem.message
    assert problem.message.startswith("format 'standard': rule 'sk-bad': ")
    assert "id: sk-bad" in game_file.read_text().splitlines()[problem.line - 1]


def test_a_bad_filter_inherited_by_another_format_points_at_its_own_line(skirmish_pool):
    game_file, _ = broken(
        skirmish_pool,
        "{id: sk-bad, check: section-size, section: deck, max: 3,"
        " where: {cost: {lt: x}}, title: Bad, cite: Bad.}",
    )
    game = load_game(skirmish_pool / "skirmish")
    with pytest.raises(PoolError) as caught:
        compiled(game, "open")
    (problem,) = caught.value.problems
    assert problem.message.startswith("format 'open': rule 'sk-bad'")
    assert "id: sk-bad" in game_file.read_text().splitlines()[problem.line - 1]


def test_a_bad_rule_inherited_by_another_format_is_reported_once(skirmish_pool):
    add_rule(
        skirmish_pool,
        "{id: sk-bad, check: section-size, section: deck, max: 3,"
        " where: {cost: {lt: x}}, title: Bad, cite: Bad.}",
    )
    (problem,) = compile_all(load_game(skirmish_pool / "skirmish"))
    assert problem.message.startswith("format 'standard': rule 'sk-bad'")


@pytest.mark.parametrize(
    ("field", "rule"),
    [
        (
            "free",
            "{id: sk-bad, check: leader-match, leader: leader, attribute: colour, free: [Grey],"
            " title: Bad, cite: Bad.}",
        ),
        (
            "ignore",
            "{id: sk-bad, check: distinct-values, attribute: colour, max: 1, ignore: Reed,"
            " title: Bad, cite: Bad.}",
        ),
    ],
)
def test_a_free_or_ignored_value_no_card_has_is_refused(skirmish_pool, field, rule):
    """A misspelt free value ("Neutrall") would hold every card of the free value to the leader."""
    game_file, problem = broken(skirmish_pool, rule)
    assert (problem.file, problem.field) == (str(game_file), field)
    assert f"{field}: colour: " in problem.message
    assert "is no colour value" in problem.message
    assert "id: sk-bad" in game_file.read_text().splitlines()[problem.line - 1]


def test_values_the_attribute_has_are_accepted(skirmish_pool, check):
    game = game_with(
        skirmish_pool,
        "{id: sk-red, check: leader-match, leader: leader, attribute: colour, free: [Red],"
        " where: {type: [Unit, Spell], set: [S1, S2], name: [Ember Scout, Tide Caller, Comet]},"
        " title: Colour, cite: Colour.}",
    )
    result = check(game, LEADER + "2 Tide Caller\n2 Ember Scout")
    (problem,) = [p for p in result.problems if p.rule == "sk-red"]
    assert problem.cards == ("Tide Caller",)
