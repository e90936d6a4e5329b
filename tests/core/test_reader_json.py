"""JSON decks as other deck tools write their entries: the count as "qty", "quantity" or
"amount" and the card as "name". None is read as one copy or refused for its key alone."""

from __future__ import annotations

import pytest

from validator import parse_mapping
from validator.decklist import MALFORMED_LINE


def _read(era, entry):
    parsed = parse_mapping({"sections": {"deck": [entry]}}, era)
    return [(e.card.name, e.count) for e in parsed.deck.entries()], parsed.problems


@pytest.mark.parametrize("key", ["count", "qty", "quantity", "amount"])
def test_a_count_under_another_tools_key_is_that_count(era, key):
    assert _read(era, {"card": "Kindle", key: 3}) == ([("Kindle", 3)], [])


@pytest.mark.parametrize("key", ["qty", "quantity"])
def test_a_card_under_name_is_that_card(era, key):
    assert _read(era, {"name": "Kindle", key: 2}) == ([("Kindle", 2)], [])


def test_two_count_keys_that_disagree_are_refused_not_one_picked(era):
    cards, problems = _read(era, {"card": "Kindle", "count": 1, "quantity": 3})
    assert cards == []
    (problem,) = problems
    assert problem.rule == MALFORMED_LINE
    assert problem.message.startswith("sections.deck[0]: ")


def test_two_count_keys_that_agree_are_that_count(era):
    assert _read(era, {"card": "Kindle", "count": 3, "qty": 3}) == ([("Kindle", 3)], [])


def test_a_count_under_another_key_out_of_range_is_refused(era):
    cards, problems = _read(era, {"card": "Kindle", "amount": 0})
    assert cards == []
    assert [p.rule for p in problems] == [MALFORMED_LINE]
