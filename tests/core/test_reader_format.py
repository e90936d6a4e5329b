"""A list's own format: "Format: ..." on a text list names the format it is judged in when
none is asked for, as a JSON deck's "format" does; a format the game has not is a note."""

from __future__ import annotations

import pytest

from validator import WARNING, parse_mapping, parse_text, validate
from validator.decklist import IGNORED_LINE

# A legal Standard ERUMA deck whose Maniacs create Zombies, with no Zombie in its Extra Deck:
# a warning in Standard, an error in "Henchmen required".
NO_ZOMBIES = """\
Deck:
Charlotte
Makuna
Shimaru
Erzsebet
Miara
Dejavu
Alma
Genevieve
White King
Bumi
Glacáin
Mr. Ivanov
Lazarus
Gretel
Endora

Extra Deck:
2 Rat
2 Bear
1 Pumpkin
2 Borobo
"""


@pytest.mark.parametrize(
    ("game_id", "line", "format_id"),
    [
        ("eruma", "Format: henchmen-required", "henchmen-required"),
        ("eruma", "Format: Henchmen required", "henchmen-required"),
        ("eruma", "format:   HENCHMEN REQUIRED", "henchmen-required"),
        ("era", "Format: Open (casual)", "open"),
        ("era", "format = open", "open"),
        ("era", "Format: Open", "open"),
        ("era", "Format: Standard", "standard"),
        ("ryft", "Format: Singleton Matrix", "singleton-matrix"),
        ("arcmage", "Format: exact-chapter", "exact-chapter"),
        ("arcmage", "Format: Original Rules Concept, exact chapter places", "exact-chapter"),
    ],
)
def test_a_format_note_on_top_of_a_list_is_its_format(games, game_id, line, format_id):
    # it was a note and the list was judged in the game's default format
    parsed = parse_text(f"# Rush\n\n{line}\n\n{NO_ZOMBIES}", games[game_id])
    assert parsed.format == format_id
    if game_id == "eruma":
        assert parsed.problems == []
        assert parsed.deck.name == "Rush"


def test_a_list_naming_its_format_is_judged_in_it_unless_another_is_asked_for(eruma):
    parsed = parse_text(f"Format: Henchmen required\n{NO_ZOMBIES}", eruma)
    judged = validate(parsed.deck, parsed.format, None, parsed.problems)
    assert (judged.format, judged.legal) == ("henchmen-required", False)
    asked = validate(parsed.deck, "standard", None, parsed.problems)
    assert (asked.format, asked.legal) == ("standard", True)


def test_a_format_named_below_the_cards_is_the_lists_format_too(eruma):
    parsed = parse_text(f"{NO_ZOMBIES}\nFormat: Henchmen required\n", eruma)
    assert (parsed.format, parsed.problems) == ("henchmen-required", [])


@pytest.mark.parametrize("line", ["Format: Tundra", "Format: Modern", "Format: Commander"])
def test_a_format_the_game_has_not_is_a_note_and_names_no_format(era, line):
    parsed = parse_text(f"{line}\n3 Kindle\n", era)
    assert parsed.format is None
    assert [(p.rule, p.severity, p.lines) for p in parsed.problems] == [
        (IGNORED_LINE, WARNING, (1,))
    ]
    assert (
        parsed.problems[0].message == f"Line 1: {line!r} is read as a note on the list, not a card"
    )


def test_a_second_format_note_naming_another_format_is_said_and_the_first_kept(era):
    parsed = parse_text("Format: Open\n3 Kindle\nFormat: Standard\nFormat: open (casual)\n", era)
    assert parsed.format == "open"
    (problem,) = parsed.problems
    assert (problem.rule, problem.severity, problem.lines) == (IGNORED_LINE, WARNING, (3,))
    assert problem.message == (
        "Line 3: 'Format: Standard' names another format than line 1 does (Open (casual)):"
        " the list is judged in Open (casual) unless a format is asked for"
    )


def test_a_list_naming_no_format_has_none(era):
    assert parse_text("Author: Sam\n3 Kindle\n", era).format is None
    assert parse_text("3 Kindle\n", era).format is None


def test_a_json_deck_naming_a_format_its_game_has_not_is_told_so(era):
    # a saved deck whose format the pool dropped ({"format": "tundra", "deck": {...}} sent
    # back) was judged in the game's default without a word, where "Format: Tundra" on a
    # text list is said
    saved = {"name": "Rush", "format": "tundra", "deck": {"sections": {"deck": []}}}
    saved["deck"]["sections"]["deck"].append({"card": "Kindle", "count": 3})
    parsed = parse_mapping(saved, era)
    assert parsed.format is None
    assert [(p.severity, p.message) for p in parsed.problems] == [
        (
            WARNING,
            "the deck names the format 'tundra', which ERA has not (its formats: standard,"
            " open); it is judged as a deck naming none",
        )
    ]
    # named as a "Format:" line names it, by its id or its name
    assert parse_mapping({**saved, "format": "Open (casual)"}, era).format == "open"
    assert parse_mapping({**saved, "format": "open"}, era).problems == []
