"""Decisions: how Deckwright reads a rulebook sentence with two readings, recorded in game.yaml."""

from __future__ import annotations

import pytest

from cardpool import PoolError, load_game
from tests.decisions import ALTERNATIVE, ALTERNATIVE_RULE, READING, REASON, RULE, add_decision


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


def test_a_rule_no_decision_names_has_no_reading(pool_copy):
    add_decision(pool_copy)
    assert load_game(pool_copy / "ryft").decisions_for("ryft-forty-cards") == ()


def test_every_shipped_decision_names_rules_and_formats_of_its_game(games):
    for game in games.values():
        rule_ids = {rule.id for fmt in game.formats.values() for rule in fmt.rules}
        for decision in game.decisions:
            assert decision.reading, game.id
            assert decision.reason, game.id
            assert set(decision.rules) <= rule_ids, game.id
            assert decision.alternative in (None, *game.formats), game.id


def _only_problem(pool_copy, **changes):
    game_yaml = add_decision(pool_copy, **changes)
    with pytest.raises(PoolError) as caught:
        load_game(pool_copy / "ryft")
    (problem,) = caught.value.problems
    assert problem.file == str(game_yaml)
    return problem, game_yaml.read_text(encoding="utf-8").splitlines()[problem.line - 1]


def test_a_decision_naming_no_rule_of_any_format_is_refused_with_its_line(pool_copy):
    problem, line = _only_problem(pool_copy, rules=[RULE, "ryft-no-such-rule"])
    assert problem.field == "rules"
    assert "ryft-no-such-rule" in problem.message
    assert "ryft-no-such-rule" in line


def test_a_decision_whose_alternative_is_no_format_is_refused_with_its_line(pool_copy):
    problem, line = _only_problem(pool_copy, alternative="no-such-format")
    assert problem.field == "alternative"
    assert "no-such-format" in problem.message
    assert line.strip() == "alternative: no-such-format"


def test_a_decision_must_give_its_reason(pool_copy):
    problem, line = _only_problem(pool_copy, reason=None)
    assert problem.field == "decisions.0.reason"
    assert line.strip().startswith("- rules:")


def test_a_rule_defined_only_in_a_format_built_on_another_may_carry_a_decision(pool_copy):
    add_decision(pool_copy, rules=[ALTERNATIVE_RULE])
    game = load_game(pool_copy / "ryft")
    assert [d.reading for d in game.decisions_for(ALTERNATIVE_RULE)] == [READING]
