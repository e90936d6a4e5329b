"""A game whose rules count its sideboard declares it as a section (docs/cardpool.md): its
header, `SB:` lines and `(SB)` marks go there, and the deck's copy limits and banned lists
count it; without such a section a sideboard is a board no rule counts."""

from __future__ import annotations

import pytest

from cardpool import load_game
from validator import parse_mapping, parse_text, validate

from ..helpers import example

SIDEBOARD = "  - {id: sideboard, name: Sideboard, noun: card, aliases: [SB], types: []}\n"


@pytest.fixture
def era_with_sideboard(pool_copy):
    game = pool_copy / "era" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    text = text.replace("default_section: deck\n", SIDEBOARD + "default_section: deck\n", 1)
    text = text.replace(
        "        note: No cards are currently banned.", "        banned: [Undertow]", 1
    )
    game.write_text(text, encoding="utf-8")
    return load_game(pool_copy / "era")


@pytest.mark.parametrize(
    "listed",
    ["\nSideboard:\n1 Undertow\n", "\nSB: 1 Undertow\n", "\n1 Undertow (SB)\n"],
    ids=["header", "SB line", "SB mark"],
)
def test_a_banned_card_in_a_sideboard_section_is_refused(era_with_sideboard, listed):
    parsed = parse_text(example("era-legal.txt") + listed, era_with_sideboard)
    assert [(e.card.name, e.count) for e in parsed.deck.sections["sideboard"]] == [("Undertow", 1)]
    result = validate(parsed.deck, None, None, parsed.problems)
    assert [(p.rule, p.section) for p in result.problems] == [("era-banned-cards", "sideboard")]


def test_a_sideboard_section_counts_copies_with_the_deck(era_with_sideboard):
    text = example("era-legal.txt") + "\nSideboard:\n1 Kindle\n"
    parsed = parse_text(text, era_with_sideboard)
    result = validate(parsed.deck, None, None, parsed.problems)
    assert [p.rule for p in result.problems] == ["era-three-copies"]


def test_a_json_deck_lists_the_sideboard_section_under_sections(era_with_sideboard):
    parsed = parse_text(example("era-legal.txt"), era_with_sideboard)
    listed = {
        s: [(e.card.name, e.count) for e in entries] for s, entries in parsed.deck.sections.items()
    }
    sections = {s: [{"card": n, "count": c} for n, c in cards] for s, cards in listed.items()}
    as_section = parse_mapping(
        {"sections": {**sections, "sideboard": [{"card": "Undertow", "count": 1}]}},
        era_with_sideboard,
    )
    as_board = parse_mapping(
        {"sections": sections, "boards": {"sideboard": [{"card": "Undertow", "count": 1}]}},
        era_with_sideboard,
    )
    assert not validate(as_section.deck, None, None, as_section.problems).legal
    assert validate(as_board.deck, None, None, as_board.problems).legal
