"""What game.yaml declares of an attribute holds for every card: which card types carry it,
that they all do, and that the card names it holds are cards of the pool."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardpool import check_pools
from validator.cli import cli

from .conftest import edit


@pytest.fixture
def cards(skirmish_pool):
    return skirmish_pool / "skirmish" / "cards.yaml"


def line_of(path, problem) -> str:
    return path.read_text(encoding="utf-8").splitlines()[problem.line - 1]


def test_the_declarations_are_part_of_the_game(skirmish):
    colour = skirmish.attributes["colour"]
    assert colour.required
    assert colour.types == ("Leader", "Unit", "Spell")
    assert skirmish.attributes["summons"].references
    assert skirmish.attributes["summons"].kind == "list"


def test_a_required_attribute_missing_from_a_card_is_refused(skirmish_pool, cards):
    edit(cards, 'number: "S1-05", colour: Red, cost: 5', 'number: "S1-05", cost: 5')
    (problem,) = check_pools(skirmish_pool)
    assert (problem.file, problem.card, problem.field) == (str(cards), "Stone Giant", "colour")
    assert problem.message == "every Unit card has a Colour; this one has none"
    assert "id: giant" in line_of(cards, problem)


def test_a_required_attribute_is_not_asked_of_types_that_do_not_carry_it(skirmish):
    spark = skirmish.find_card("Spark")
    assert spark.type == "Token"
    assert spark.get("colour") is None


def test_an_attribute_on_a_card_type_that_has_none_is_refused(skirmish_pool, cards):
    edit(cards, 'set: S2, number: "S2-02",', 'set: S2, number: "S2-02", cost: 0,')
    (problem,) = check_pools(skirmish_pool)
    assert (problem.card, problem.field) == ("Spark", "cost")
    assert problem.message == "a Token card has no Cost (only Unit, Spell cards do)"
    assert "id: spark" in line_of(cards, problem)


def test_a_card_named_by_a_cards_attribute_must_be_in_the_pool(skirmish_pool, cards):
    edit(cards, "summons: [Spark]", "summons: [Spark, Sparkle]")
    (problem,) = check_pools(skirmish_pool)
    assert (problem.card, problem.field) == ("Spark Mage", "summons")
    assert problem.message == "names no card 'Sparkle' of the pool"
    assert "summons: [Spark, Sparkle]" in line_of(cards, problem)


def test_a_list_attribute_marked_references_names_cards_too(skirmish_pool, cards):
    game = skirmish_pool / "skirmish" / "game.yaml"
    edit(game, "subtype: {kind: list}", "subtype: {kind: list, references: true}")
    problems = check_pools(skirmish_pool)
    assert {(p.card, p.field, p.message) for p in problems} == {
        ("Spark", "subtype", "names no card 'Token' of the pool"),
        ("Spark", "subtype", "names no card 'Elemental' of the pool"),
    }


@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        (
            "types: [Leader, Unit, Spell]",
            "types: [Leader, Unit, Spell, Hero]",
            "types",
            "unknown card type 'Hero'",
        ),
        (
            "subtype: {kind: list}",
            "subtype: {kind: text, references: true}",
            "references",
            "only a list attribute can name cards",
        ),
        (
            "kind: cards}",
            "kind: cards, values: [Spark]}",
            "values",
            "the values of a cards attribute are card names",
        ),
    ],
)
def test_a_bad_declaration_is_refused(skirmish_pool, old, new, field, message):
    game = skirmish_pool / "skirmish" / "game.yaml"
    edit(game, old, new)
    (problem,) = check_pools(skirmish_pool)
    assert problem.file == str(game)
    assert problem.field is None or problem.field.endswith(field)
    assert message in problem.message
    assert field in line_of(game, problem)


def test_cardpool_check_names_file_line_card_and_field(skirmish_pool, cards):
    edit(cards, 'number: "S1-05", colour: Red, cost: 5', 'number: "S1-05", cost: 5')
    edit(cards, 'set: S2, number: "S2-02",', 'set: S2, number: "S2-02", cost: 0,')
    edit(cards, "summons: [Spark]", "summons: [Sparkle]")
    result = CliRunner().invoke(cli, ["cardpool", "check", str(skirmish_pool)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    giant = next(i for i, t in enumerate(cards.read_text().splitlines(), 1) if "id: giant" in t)
    assert (
        f"{cards}:{giant}: card 'Stone Giant', field 'colour': every Unit card has a Colour;"
        " this one has none" in lines
    )
    assert any(
        line.startswith(f"{cards}:")
        and "card 'Spark Mage', field 'summons':" in line
        and line.endswith("names no card 'Sparkle' of the pool")
        for line in lines
    )
    assert any("card 'Spark', field 'cost': a Token card has no Cost" in line for line in lines)
    assert lines[-1] == f"Error: 3 problem(s) in {skirmish_pool}"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("set_aside: [Event]", "set_aside: [Events]", "unknown card type 'Events'"),
        ("draw_from: [deck]", "draw_from: [library]", "no section 'library'"),
    ],
)
def test_the_opening_hand_names_card_types_and_sections_of_the_game(pool_copy, old, new, message):
    game = pool_copy / "era" / "game.yaml"
    edit(game, old, new)
    (problem,) = check_pools(pool_copy)
    assert (problem.file, problem.message) == (str(game), message)
    assert new in line_of(game, problem)
