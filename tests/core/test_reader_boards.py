"""Sideboards and maybe-boards: kept with the deck, exported with it, judged apart from it."""

from __future__ import annotations

import pytest

from cardpool import load_game
from validator import WARNING, parse_mapping, parse_text, to_mapping, to_text
from validator.decklist import READ_AS

from ..helpers import example
from .conftest import edit


def board(parsed, name):
    return [(e.card.name, e.count) for e in parsed.deck.boards.get(name, [])]


def test_a_sideboard_is_kept_beside_the_deck(era, check):
    # Tournament lists end with "Sideboard:"; those cards are not part of the deck played.
    text = example("era-legal.txt") + "\nSideboard:\n3 Ember Rex\n2 Kindle\n"
    parsed = parse_text(text, era)
    assert parsed.problems == []
    assert board(parsed, "sideboard") == [("Ember Rex", 3), ("Kindle", 2)]
    assert check(era, text).legal  # four Ember Rex, six Kindle... but only in the sideboard


def test_sb_before_a_line_puts_that_line_in_the_sideboard_with_its_count(era):
    # "SB: 2 Card" marks single lines, mixed with the main deck's (the .dek text habit).
    parsed = parse_text("3 Kindle\nSB: 2 Flame Lash\n3 Fire Breath\nSB: Undertow", era)
    assert parsed.problems == []
    assert board(parsed, "sideboard") == [("Flame Lash", 2), ("Undertow", 1)]
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Kindle", 3),
        ("Fire Breath", 3),
    ]


@pytest.mark.parametrize("label", ["Sideboard", "Side Deck", "Side", "Maybeboard"])
@pytest.mark.parametrize("first", ["Flame Lash", "1 Flame Lash", "Flame Lash x1"])
def test_a_board_header_with_its_first_card_on_the_line_starts_the_board(era, label, first):
    # "Sideboard: Flame Lash" and the sideboard's cards below it: those were counted in the
    # deck (as "Hero: Darkclaw" is the hero alone), so 3 sideboard cards made a 27-card deck 30.
    parsed = parse_text(f"3 Kindle\n{label}: {first}\n2 Fire Breath\n1 Undertow", era)
    assert parsed.problems == []
    place = "maybeboard" if label == "Maybeboard" else "sideboard"
    assert board(parsed, place) == [("Flame Lash", 1), ("Fire Breath", 2), ("Undertow", 1)]
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Kindle", 3)]


def test_one_sb_line_above_cards_keeps_them_in_the_deck_with_a_warning(era):
    # One "SB: 2 Card" with cards right below it is a board header or a line of the .dek habit:
    # they stay in the deck, and the warning says how to put them in the sideboard.
    parsed = parse_text("3 Kindle\nSB: 2 Flame Lash\n3 Fire Breath\n1 Undertow", era)
    assert board(parsed, "sideboard") == [("Flame Lash", 2)]
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Kindle", 3),
        ("Fire Breath", 3),
        ("Undertow", 1),
    ]
    (problem,) = parsed.problems
    assert (problem.rule, problem.severity, problem.lines) == (READ_AS, WARNING, (2, 3, 4))
    assert problem.message == (
        "Line 2: 'SB:' puts its own line alone in the sideboard, so lines 3 and 4 below it are"
        " read in the deck; if they are the sideboard's, write 'Sideboard:' on a line of its"
        " own above them"
    )
    assert parse_text("3 Kindle\nSB: 2 Flame Lash\n\nDeck:\n1 Undertow", era).problems == []


def test_a_maybeboard_is_kept_too(era):
    parsed = parse_text("3 Kindle\nMaybeboard:\n1 Flame Lash\nMaybe: 2 Fire Breath", era)
    assert parsed.problems == []
    assert board(parsed, "maybeboard") == [("Flame Lash", 1), ("Fire Breath", 2)]


def test_a_board_header_ends_with_the_next_header(era):
    parsed = parse_text("Sideboard:\n1 Kindle\nDeck:\n3 Fire Breath", era)
    assert board(parsed, "sideboard") == [("Kindle", 1)]
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Fire Breath", 3)]


@pytest.mark.parametrize(
    ("mark", "place"),
    [("(SB)", "sideboard"), ("[SB]", "sideboard"), ("(Sideboard)", "sideboard"),
     ("(side)", "sideboard"), ("(maybe)", "maybeboard")],
)  # fmt: skip
def test_a_board_named_in_brackets_after_a_card_puts_that_line_there(era, mark, place):
    # "2 Kindle (SB)" was read into the deck, with a warning that no printing of Kindle is
    # "SB": a 38-card deck and its one sideboard card read as 39.
    parsed = parse_text(f"3 Flame Lash\n2 Kindle {mark}\n3 Fire Breath", era)
    assert parsed.problems == []
    assert board(parsed, place) == [("Kindle", 2)]
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Flame Lash", 3),
        ("Fire Breath", 3),
    ]


def test_boards_read_back_from_the_text_export(era):
    text = "3 Kindle\nSideboard:\n2 Flame Lash\nMaybeboard:\n1 Ember Rex"
    first = parse_text(text, era)
    again = parse_text(to_text(first.deck), era)
    assert again.problems == []
    assert again.deck.cards_by_section() == first.deck.cards_by_section()
    assert again.deck.cards_by_board() == first.deck.cards_by_board()
    assert to_text(first.deck).endswith("Sideboard:\n2 Flame Lash\n\nMaybeboard:\n1 Ember Rex\n")


def test_boards_read_back_from_the_json_form(era):
    first = parse_text("3 Kindle\nSB: 2 Flame Lash\nMaybe:\n1 Ember Rex", era)
    mapping = to_mapping(first.deck)
    assert mapping["boards"] == {
        "sideboard": [{"card": "Flame Lash", "id": "era-flame-lash", "count": 2}],
        "maybeboard": [{"card": "Ember Rex", "id": "era-ember-rex", "count": 1}],
    }
    again = parse_mapping(mapping, era)
    assert again.problems == []
    assert again.deck.cards_by_board() == first.deck.cards_by_board()
    assert again.deck.cards_by_section() == first.deck.cards_by_section()


def test_boards_and_sections_read_back_from_the_csv_export(era):
    # The site's CSV export names each row's part (tests/site/test_deck_page.py): a Sideboard
    # row is the sideboard's, not a card of the deck, and a crystal the list put among the
    # dinos stays there, where the rules say it does not belong.
    text = (
        "part,count,card,type,set,number,card_id\r\n"
        "Dinos,1,Ember Rex,Dino,SDS1A,SDS1A-002,era-ember-rex\r\n"
        "Dinos,1,Fire Crystal,Crystal,SDS1A,SDS1A-006,era-fire-crystal\r\n"
        "Deck,3,Kindle,Action,SDS1A,SDS1A-015,era-kindle\r\n"
        "Sideboard,2,Flame Lash,Action,SDS1A,SDS1A-014,era-flame-lash\r\n"
        "Maybeboard,1,Monsoon,Event,SDS1A,SDS1A-011,era-monsoon\r\n"
    )
    parsed = parse_text(text, era)
    assert parsed.problems == []
    assert parsed.deck.cards_by_section() == {
        "dinos": [("era-ember-rex", 1), ("era-fire-crystal", 1)],
        "deck": [("era-kindle", 3)],
    }
    assert board(parsed, "sideboard") == [("Flame Lash", 2)]
    assert board(parsed, "maybeboard") == [("Monsoon", 1)]


def test_a_deck_without_boards_has_no_boards_in_its_json_form(era):
    assert "boards" not in to_mapping(parse_text("3 Kindle", era).deck)


def test_a_json_sideboard_may_sit_among_the_sections(era):
    parsed = parse_mapping({"sections": {"deck": ["Kindle"], "sideboard": ["Ember Rex"]}}, era)
    assert parsed.problems == []
    assert board(parsed, "sideboard") == [("Ember Rex", 1)]


def test_an_unknown_json_board_is_a_problem_with_its_place(era):
    parsed = parse_mapping({"sections": {}, "boards": {"wishlist": ["Kindle"]}}, era)
    (problem,) = parsed.problems
    assert problem.message.startswith("boards.wishlist:")


def test_a_game_that_gives_its_sideboard_a_section_counts_it_by_its_rules(pool_copy):
    # When a game's YAML makes the sideboard a section, "Sideboard:" is that section.
    edit(
        pool_copy / "era" / "game.yaml",
        "default_section: deck",
        "  - {id: side, name: Sideboard, noun: card, types: []}\ndefault_section: deck",
    )
    era = load_game(pool_copy / "era")
    parsed = parse_text("3 Kindle\nSideboard:\n2 Flame Lash", era)
    assert parsed.problems == []
    assert parsed.deck.boards == {}
    assert [(e.card.name, e.count) for e in parsed.deck.sections["side"]] == [("Flame Lash", 2)]


@pytest.mark.parametrize(
    "empty",
    [
        "Sideboard: none",
        "Sideboard: -",
        "SB: N/A",
        "Maybeboard: —",
        "Sideboard: (empty)",
        "Sideboard:\nnone",
        "Sideboard\n(none)",
        "Sideboard:\n-",
    ],
)
def test_a_board_said_to_be_empty_holds_nothing_and_the_deck_goes_on(era, empty):
    # Forum templates keep their parts and fill the empty ones with "none" or a dash: each was
    # an unknown card, an error that judged a legal list illegal.
    parsed = parse_text(f"3 Kindle\n{empty}\n", era)
    assert parsed.problems == []
    assert parsed.deck.boards == {}
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Kindle", 3)]


def test_a_board_said_to_be_empty_on_its_line_starts_nothing(era):
    # "Sideboard: none" says the sideboard is empty: the cards below it are not the sideboard's.
    parsed = parse_text("Sideboard: none\n3 Kindle\nMaybe: -\n3 Fire Breath", era)
    assert parsed.problems == []
    assert parsed.deck.boards == {}
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Kindle", 3),
        ("Fire Breath", 3),
    ]


@pytest.mark.parametrize(
    "empty", ["Sideboard (0)", "Sideboard: 0", "Sideboard [0]", "Maybeboard - 0"]
)
def test_a_board_counted_as_none_holds_nothing_and_the_deck_goes_on(era, empty):
    # "Sideboard (0)" was read as 0 copies of a card named Sideboard, a warning on a line that
    # says the list has no sideboard.
    parsed = parse_text(f"3 Kindle\n{empty}\n2 Fire Breath", era)
    assert parsed.problems == []
    assert parsed.deck.boards == {}
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Kindle", 3),
        ("Fire Breath", 2),
    ]


def test_a_sideboard_grouped_by_type_after_the_deck_stays_the_sideboard(shadow_era):
    # "Sideboard:" then "Allies (2)" over the sideboard's allies: the group header took its
    # cards back into the deck without a word. Below a deck already listed, the group is the
    # sideboard's, said once for the board.
    text = (
        "Hero: Darkclaw\n4 Full Moon\n\n"
        "Sideboard (3):\nAllies (2)\n2 Bad Wolf\nAbilities\n1 Rabid Bite"
    )
    parsed = parse_text(text, shadow_era)
    assert board(parsed, "sideboard") == [("Bad Wolf", 2), ("Rabid Bite", 1)]
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Darkclaw", 1),
        ("Full Moon", 4),
    ]
    (problem,) = parsed.problems
    assert (problem.rule, problem.severity, problem.lines) == (READ_AS, WARNING, (5,))
    assert problem.message == (
        "Line 5: 'Allies' below 'Sideboard' (line 4) is read as a group of the sideboard's cards;"
        " if they are the deck's, write 'Deck:' above them"
    )  # and the sideboard's count, 3, is of the cards of its groups
    assert parse_text(text.replace("(3)", "(4)"), shadow_era).problems[1].rule == (
        "decklist-header-count"
    )


def test_a_group_after_a_sideboard_listed_first_is_the_decks_said_once(shadow_era):
    text = "Sideboard:\n2 Bad Wolf\nAllies (4)\n4 Wulven Tracker\nAbilities:\n4 Full Moon"
    parsed = parse_text(text, shadow_era)
    assert board(parsed, "sideboard") == [("Bad Wolf", 2)]
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Wulven Tracker", 4),
        ("Full Moon", 4),
    ]
    (problem,) = parsed.problems
    assert (problem.rule, problem.severity, problem.lines) == (READ_AS, WARNING, (3,))
    assert problem.message == (
        "Line 3: 'Allies' below 'Sideboard' (line 1) is read as a group of the deck's cards,"
        " the deck being listed after its sideboard; if they are the sideboard's, list the deck"
        " first"
    )
    # the hero's line below the sideboard ends it: the deck follows
    parsed = parse_text(
        "Sideboard:\n2 Bad Wolf\nHero: Darkclaw\nAllies (4)\n4 Wulven Tracker", shadow_era
    )
    assert parsed.problems == []
    assert board(parsed, "sideboard") == [("Bad Wolf", 2)]
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Darkclaw", 1),
        ("Wulven Tracker", 4),
    ]
