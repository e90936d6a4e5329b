"""Decisions: how Deckwright reads a rulebook sentence with two readings, recorded in game.yaml."""

from __future__ import annotations

import pytest

from cardpool import PoolError, load_game
from tests.decisions import ALTERNATIVE, DECISION_YAML, READING, REASON, RULE, add_decision


def test_a_decision_is_loaded_with_its_rules_reading_reason_and_alternative(pool_copy):
    add_decision(pool_copy)
    game = load_game(pool_copy / "ryft")
    (decision,) = game.decisions
    assert decision.rules == (RULE,)
    assert decision.reading == READING
    assert decision.reason == REASON
    assert decision.alternative == ALTERNATIVE


def test_the_decisions_of_a_rule_are_found_by_its_id(pool_copy):
    add_decision(pool_copy)
    game = load_game(pool_copy / "ryft")
    assert [d.reading for d in game.decisions_for(RULE)] == [READING]
    assert game.decisions_for("ryft-forty-cards") == ()


def test_a_format_built_on_the_other_reading_does_not_read_the_rule_that_way(pool_copy):
    add_decision(pool_copy)
    game = load_game(pool_copy / "ryft")
    assert [d.reading for d in game.decisions_for(RULE, "standard")] == [READING]
    assert game.decisions_for(RULE, ALTERNATIVE) == ()


def test_a_game_without_decisions_has_none(ryft):
    assert ryft.decisions_for("ryft-forty-cards") == ()


def _only_problem(pool_copy, text):
    game_yaml = add_decision(pool_copy, text)
    with pytest.raises(PoolError) as caught:
        load_game(pool_copy / "ryft")
    (problem,) = caught.value.problems
    assert problem.file == str(game_yaml)
    return problem, game_yaml.read_text(encoding="utf-8").splitlines()[problem.line - 1]


def test_a_decision_naming_no_rule_of_any_format_is_refused_with_its_line(pool_copy):
    text = DECISION_YAML.replace(f"rules: [{RULE}]", f"rules: [{RULE}, ryft-no-such-rule]")
    problem, line = _only_problem(pool_copy, text)
    assert problem.field == "rules"
    assert "ryft-no-such-rule" in problem.message
    assert "ryft-no-such-rule" in line


def test_a_decision_whose_alternative_is_no_format_is_refused_with_its_line(pool_copy):
    text = DECISION_YAML.replace(f"alternative: {ALTERNATIVE}", "alternative: no-such-format")
    problem, line = _only_problem(pool_copy, text)
    assert problem.field == "alternative"
    assert "no-such-format" in problem.message
    assert line.strip() == "alternative: no-such-format"


def test_a_decision_must_give_its_reason(pool_copy):
    text = DECISION_YAML.replace(f'    reason: "{REASON}"\n', "")
    problem, line = _only_problem(pool_copy, text)
    assert problem.field == "decisions.0.reason"
    assert line.strip().startswith("- rules:")


def test_a_rule_defined_only_in_a_format_built_on_another_may_carry_a_decision(pool_copy):
    text = DECISION_YAML.replace(f"rules: [{RULE}]", "rules: [ryft-matrix-singleton]")
    add_decision(pool_copy, text)
    game = load_game(pool_copy / "ryft")
    assert [d.reading for d in game.decisions_for("ryft-matrix-singleton")] == [READING]
