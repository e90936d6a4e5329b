"""A game whose rules count its sideboard declares it as a section (docs/cardpool.md): its
header, `SB:` lines and `(SB)` marks go there, and the deck's copy limits and banned lists
count it, and a JSON deck's sideboard, as a section or as a board; without such a section a
sideboard is a board no rule counts."""

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


def test_a_json_decks_sideboard_is_the_sideboard_section_as_listed_or_as_a_board(
    era_with_sideboard,
):
    """A JSON deck's sideboard sent as a board, as deck tools send one, was a board no rule
    counts, where the same list as text put it in the section: a banned card there was legal
    in one form and not in the other."""
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
    for deck in (as_section, as_board):
        assert [(e.card.name, e.count) for e in deck.deck.sections["sideboard"]] == [
            ("Undertow", 1)
        ]
        assert not deck.deck.boards.get("sideboard")
        result = validate(deck.deck, None, None, deck.problems)
        assert [(p.rule, p.section) for p in result.problems] == [("era-banned-cards", "sideboard")]
