"""A rule's problem says what the rule found in each of its fields, as the API lists them."""

from __future__ import annotations

from validator.deck import Deck
from validator.engine import compiled


def test_a_rules_problem_holds_its_rule_words_figures_cards_lines_and_cite(shadow_era):
    rule = next(r for r in compiled(shadow_era).rules if r.id == "se-four-copies")
    deck = Deck(shadow_era)
    card = shadow_era.find_card("Pack Wolf")
    entry = deck.add("deck", card, 3, line=7)
    deck.add("deck", card, 2, line=4)
    problem = rule.problem("you have 5", section="deck", entries=[entry], expected=4, actual=5)
    assert problem.as_dict() == {
        "rule": "se-four-copies",
        "severity": "error",
        "message": "At most four copies of a card with the same name: you have 5",
        "section": "deck",
        "cards": ["Pack Wolf"],
        "expected": 4,
        "actual": 5,
        "lines": [4, 7],
        "line": 4,
        "cite": rule.spec.cite,
        "suggestions": [],
    }
    one_line = rule.problem("", entries=[Deck(shadow_era).add("deck", card, 5, line=9)])
    assert (one_line.message, one_line.lines, one_line.section) == (rule.title, (9,), None)
