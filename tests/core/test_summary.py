"""The deck figures every validation answers with: counts per section, type, main attribute
and cost, each card's own figures worked out once and kept within a bound."""

from __future__ import annotations

from validator import parse_text, summarize
from validator import summary as summary_module

LIST = """Leader:
1 Captain Ash
Deck:
2 Ember Scout
1 Tide Caller
2 Quick Bolt
Tokens:
1 Spark
"""


def test_summary_counts_copies_per_section_type_main_attribute_and_cost(skirmish):
    figures = summarize(parse_text(LIST, skirmish).deck)
    assert figures == {
        "total": 7,
        "sections": {"leader": 1, "deck": 5, "tokens": 1},
        "types": {"Leader": 1, "Spell": 2, "Token": 1, "Unit": 3},
        "main_attribute": "colour",
        # The token has no colour and no cost: counted as "none", left out of the curve.
        "by_main_attribute": {"Blue": 1, "Red": 5, "none": 1},
        "curve_attribute": "cost",
        "curve": {"1": 4, "2": 1},
    }


def test_summary_is_the_same_when_its_cards_figures_are_kept(skirmish):
    deck = parse_text(LIST, skirmish).deck
    assert summarize(deck) == summarize(deck)


def test_summary_keeps_at_most_the_bound_of_cards_and_stays_right(skirmish, monkeypatch):
    monkeypatch.setattr(summary_module, "REMEMBERED_CARDS", 2)
    first = summarize(parse_text(LIST, skirmish).deck)
    again = summarize(parse_text(LIST, skirmish).deck)
    assert first == again
    assert first["types"] == {"Leader": 1, "Spell": 2, "Token": 1, "Unit": 3}
    # Cleared whenever the bound is reached, so never more than the bound plus one deck's cards.
    assert len(summary_module._FIGURES[skirmish]) <= 2 + 5
