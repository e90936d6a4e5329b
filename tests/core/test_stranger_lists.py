"""Lines as strangers paste them: counts in brackets or set apart, spreadsheet rows, card
numbers after the name and a title on top. Each is read as the card and count it names, or
reported by its own words; none is read as another card or count, or lost."""

from __future__ import annotations

import pytest

from validator import ERROR, WARNING, parse_text, to_mapping, to_text
from validator.decklist import IGNORED_LINE, READ_AS, UNKNOWN_CARD

from ..helpers import example


def entries(parsed) -> dict[str, int]:
    """Every card of a read list, sections and boards alike, with its count."""
    counts: dict[str, int] = {}
    for part in (*parsed.deck.sections.values(), *parsed.deck.boards.values()):
        for entry in part:
            counts[entry.card.name] = counts.get(entry.card.name, 0) + entry.count
    return counts


@pytest.mark.parametrize(
    "line",
    [
        *("(3) Kindle", "[3] Kindle", "x3 Kindle", "x 3 Kindle"),
        *("Kindle (3)", "Kindle (x3)", "Kindle 3x", "Kindle [3]", "Kindle [x3]"),
    ],
)
def test_a_count_in_brackets_or_with_its_x_on_either_side_is_a_count(era, line):
    parsed = parse_text(line, era)
    assert parsed.problems == []
    assert entries(parsed) == {"Kindle": 3}


@pytest.mark.parametrize(
    "line", ["Kindle - 3", "Kindle – 3", "Kindle: 3", "Kindle    3", "Kindle\t3", "Kindle,3"]
)
def test_a_count_set_apart_after_the_name_is_a_count(era, line):
    parsed = parse_text(line, era)
    assert parsed.problems == []
    assert entries(parsed) == {"Kindle": 3}


def test_a_name_ending_in_a_number_keeps_its_number(ryft):
    parsed = parse_text("Patchbot Unit-7\nLeviathan Null-Tide x2\n3 Patchbot Unit 7", ryft)
    assert parsed.problems == []
    assert entries(parsed) == {"Patchbot Unit-7": 4, "Leviathan Null-Tide": 2}


def test_rows_pasted_from_a_spreadsheet_are_read_cell_by_cell(era):
    text = (
        "Qty\tCard\tSet\n"
        "1\tEmber Rex\tSDS1A\n"
        "Cinderhorn Triceratops\t1\n"
        "Count,Name\n"
        '"3","Obsidian Scale Plate"\n'
        "3,Torchtail Spike\n"
        "Quantity;Card Name\n"
        "2;Fire Crystal\n"
    )
    parsed = parse_text(text, era)
    assert parsed.problems == []
    assert entries(parsed) == {
        "Ember Rex": 1,
        "Cinderhorn Triceratops": 1,
        "Obsidian Scale Plate": 3,
        "Torchtail Spike": 3,
        "Fire Crystal": 2,
    }


def test_a_markdown_table_is_read_row_by_row(shadow_era):
    text = (
        "| Qty | Card |\n"
        "|-----|:-----|\n"
        "| 4 | Jasmine Rosecult |\n"
        "| 2 | Gunther, General of Balor |\n"
    )
    parsed = parse_text(text, shadow_era)
    assert parsed.problems == []
    assert entries(parsed) == {"Jasmine Rosecult": 4, "Gunther, General of Balor": 2}


def test_a_card_whose_name_holds_a_comma_survives_a_csv_row(shadow_era):
    parsed = parse_text('3,Gunther, General of Balor\n"1","Stop, Thief!"', shadow_era)
    assert parsed.problems == []
    assert entries(parsed) == {"Gunther, General of Balor": 3, "Stop, Thief!": 1}


@pytest.mark.parametrize("row", ["3,1,Kolibri", "3\t1\tKolibri", "| 3 | 2 | Kolibri |", "3,50"])
def test_a_row_naming_a_card_is_that_card_whatever_number_sits_beside_it(arcmage, row):
    # Arcmage numbers its cards 1, 2, 3...: the "1" of "3,1,Kolibri" (copies in the main deck
    # and in the side, or the row's own number) named card 1, and Kolibri was lost unsaid. A
    # number alone still names its card when no cell names one (Kolibri is number 50).
    parsed = parse_text(row, arcmage)
    assert parsed.problems == []
    assert entries(parsed) == {"Kolibri": 3}


def test_a_misspelled_card_in_a_row_is_named_alone_with_the_closest_names(shadow_era):
    parsed = parse_text("| 4 | Jasmin Rosecult |", shadow_era)
    (problem,) = parsed.problems
    assert problem.rule == UNKNOWN_CARD
    assert problem.cards == ("Jasmin Rosecult",)
    assert "Jasmine Rosecult" in problem.suggestions


@pytest.mark.parametrize(
    ("game_id", "line", "card", "number"),
    [
        ("era", "1 Canyon Therizinosaur SDS1C-006", "Canyon Therizinosaur", "SDS1C-006"),
        ("era", "3 Healing Spring - SDS1A-017", "Healing Spring", "SDS1A-017"),
        ("era", "3 Kindle (SDS1A-015)", "Kindle", "SDS1A-015"),
        ("shadow-era", "4 Dirk Saber (se022)", "Dirk Saber", "se022"),
        ("shadow-era", "4 Smashing Blow - se064", "Smashing Blow", "se064"),
    ],
)
def test_a_card_number_after_the_name_names_that_printing(games, game_id, line, card, number):
    parsed = parse_text(line, games[game_id])
    assert parsed.problems == []
    (entry,) = [e for part in parsed.deck.sections.values() for e in part]
    assert (entry.card.name, entry.card.number, entry.printing_named) == (card, number, True)


def test_a_number_after_the_name_that_is_not_its_number_is_still_reported(era):
    parsed = parse_text("1 Canyon Therizinosaur SDS1A-001", era)
    (problem,) = parsed.problems
    assert problem.rule == UNKNOWN_CARD


@pytest.mark.parametrize(
    ("game_id", "line", "card", "number"),
    [
        ("ryft", "Pyre Knight Valcor x3 RYFT1-004", "Pyre Knight Valcor", "RYFT1-004"),
        ("ryft", "Pyre Knight Valcor 3x RYFT1-004", "Pyre Knight Valcor", "RYFT1-004"),
        ("ryft", "Pyre Knight Valcor (3) RYFT1-004", "Pyre Knight Valcor", "RYFT1-004"),
        ("ryft", "Pyre Knight Valcor - 3 RYFT1-004", "Pyre Knight Valcor", "RYFT1-004"),
        ("ryft", "Pyre Knight Valcor x3 [RYFT1-004]", "Pyre Knight Valcor", "RYFT1-004"),
        ("era", "Kindle x3 (SDS1A) 15", "Kindle", "SDS1A-015"),
        ("shadow-era", "Smashing Blow x3 se064", "Smashing Blow", "se064"),
    ],
)
def test_a_count_after_the_name_then_the_cards_number_is_that_many_of_that_printing(
    games, game_id, line, card, number
):
    parsed = parse_text(line, games[game_id])
    assert parsed.problems == []
    (entry,) = [e for part in parsed.deck.sections.values() for e in part]
    assert (entry.card.name, entry.card.number, entry.printing_named) == (card, number, True)
    assert entry.count == 3


def test_a_count_after_the_name_then_a_number_that_is_not_its_number_is_still_reported(ryft):
    parsed = parse_text("3 Cinder Imp\nPyre Knight Valcor x3 RYFT1-001", ryft)
    (problem,) = parsed.problems
    assert (problem.rule, problem.lines) == (UNKNOWN_CARD, (2,))
    assert entries(parsed) == {"Cinder Imp": 3}


def test_a_list_numbered_1_2_3_down_its_lines_is_one_copy_a_line_with_a_warning(era):
    """Forum posts and markdown number their lines: ``1. Kindle``, ``2. Fire Breath``. Numbers
    that run 1, 2, 3 down the list are the lines' places in it, as in the rulebooks' own
    numbered steps; the warning names the lines whose number could have been a count."""
    text = "Dinos:\n1. Ember Rex\n2. Cinderhorn Triceratops\nDeck:\n1. Kindle\n2. Fire Breath"
    parsed = parse_text(text, era)
    assert entries(parsed) == {
        "Ember Rex": 1, "Cinderhorn Triceratops": 1, "Kindle": 1, "Fire Breath": 1
    }  # fmt: skip
    (problem,) = parsed.problems
    assert (problem.rule, problem.severity, problem.lines) == (READ_AS, WARNING, (3, 6))
    assert problem.message == (
        "Lines 3 and 6: the numbers before the cards run 1, 2, 3 down the list, so each is"
        " read as the line's place in it and each line as one copy; a count goes after the"
        " number, as in '2. 3 Cinderhorn Triceratops'"
    )


def test_a_list_numbered_1_2_3_with_brackets_is_one_copy_a_line_too(era):
    # "1) Ember Rex", as word processors number a list: the numbers were read as counts, so a
    # numbered singleton list held 2, 3, 4... copies of its cards.
    parsed = parse_text(
        "Dinos:\n1) Ember Rex\n2) Cinderhorn Triceratops\n3) Tidefang Mosasaur", era
    )
    assert entries(parsed) == {"Ember Rex": 1, "Cinderhorn Triceratops": 1, "Tidefang Mosasaur": 1}
    assert [(p.rule, p.lines) for p in parsed.problems] == [(READ_AS, (3, 4))]
    parsed = parse_text("3) Kindle\n2) Fire Breath", era)
    assert entries(parsed) == {"Kindle": 3, "Fire Breath": 2}
    assert parsed.problems[0].message.startswith("Line 1: '3)' before Kindle is read as its count")


def test_numbers_before_the_cards_that_do_not_run_1_2_3_are_counts_each_with_a_warning(era):
    parsed = parse_text("3. Kindle\n3. Fire Breath\n2. Flame Lash\n1. Healing Spring", era)
    assert entries(parsed) == {"Kindle": 3, "Fire Breath": 3, "Flame Lash": 2, "Healing Spring": 1}
    assert [(p.rule, p.severity, p.lines) for p in parsed.problems] == [
        (READ_AS, WARNING, (1,)),
        (READ_AS, WARNING, (2,)),
        (READ_AS, WARNING, (3,)),
    ]  # "1." is one copy either way: nothing to say
    assert parsed.problems[0].message == (
        "Line 1: '3.' before Kindle is read as its count, 3 copies (the list's numbers do not"
        " run 1, 2, 3 down its lines, as a numbering would)"
    )


def test_a_numbered_line_with_a_count_of_its_own_is_its_place_and_that_count(era):
    parsed = parse_text("1. 3 Kindle\n2. Fire Breath x2\n3. 1x Flame Lash", era)
    assert parsed.problems == []
    assert entries(parsed) == {"Kindle": 3, "Fire Breath": 2, "Flame Lash": 1}


@pytest.mark.parametrize(
    "title",
    [
        "Boris Smash – Human Warrior (updated for Dawn of Prophecy)",
        "Wulven Aggro",
        "**Darkclaw wolves v3**",
        "Wolves at the door (40)",
        "Wolves at the door [40]",
        "\ufeffWulven Aggro",
    ],
)
def test_a_title_above_the_list_is_read_as_its_title_with_a_warning(shadow_era, title):
    parsed = parse_text(f"{title}\n\nHero: Darkclaw\n4 Bad Wolf\n", shadow_era)
    (problem,) = parsed.problems
    assert (problem.rule, problem.severity, problem.lines) == (IGNORED_LINE, WARNING, (1,))
    assert "title" in problem.message
    assert "\ufeff" not in problem.message
    assert entries(parsed) == {"Darkclaw": 1, "Bad Wolf": 4}


def test_a_title_line_that_may_be_a_card_says_which_card(era):
    parsed = parse_text("Ember Rex Aggro\nCinderhorn Triceratops\n", era)
    (problem,) = parsed.problems
    assert problem.severity == WARNING
    assert "Ember Rex" in problem.message


@pytest.mark.parametrize(
    ("game_id", "text", "meant"),
    [
        ("era", "Embr Rex\nCinderhorn Triceratops\n", "Ember Rex"),
        ("eruma", "Zoltn\nMakuna\n", "Zoltan"),
        ("eruma", "Deck: Zoltn\nMakuna\n", "Zoltan"),
        ("shadow-era", "+1 Bad Wolf\n4 Bad Wolf\n", "Bad Wolf"),
    ],
)
def test_a_first_line_that_is_a_card_misspelt_is_that_card_not_the_title(
    games, game_id, text, meant
):
    """Read as the title, the card was left out with a warning only: a list of one card too
    many came out a legal size."""
    (problem,) = parse_text(text, games[game_id]).problems
    assert (problem.rule, problem.severity) == (UNKNOWN_CARD, ERROR)
    assert meant in problem.suggestions


@pytest.mark.parametrize(
    "text",
    [
        "4 Wulven Agro\n4 Bad Wolf",  # a count: a card, not a title
        "Hero: Darkclaw\nWulven Aggro",  # below the first card or header
        "# notes\n4 Bad Wolf\nWulven Aggro",
    ],
)
def test_only_a_first_line_without_a_count_can_be_a_title(shadow_era, text):
    problems = parse_text(text, shadow_era).problems
    assert [(p.rule, p.severity) for p in problems] == [(UNKNOWN_CARD, ERROR)]


@pytest.mark.parametrize("line", ["Total: 40 (+hero)", "Total: 40 + hero", "Total 15 + 13"])
def test_a_total_with_a_note_is_the_lists_own_count(shadow_era, line):
    parsed = parse_text(f"4 Bad Wolf\n{line}", shadow_era)
    assert [(p.rule, p.severity) for p in parsed.problems] == [(IGNORED_LINE, WARNING)]
    assert entries(parsed) == {"Bad Wolf": 4}


@pytest.mark.parametrize("line", ["Hero - Darkclaw", "Hero – Darkclaw", "Hero — Darkclaw"])
def test_a_header_a_dash_and_a_card_is_the_header_and_its_card(shadow_era, line):
    parsed = parse_text(f"{line}\n4 Bad Wolf", shadow_era)
    assert parsed.problems == []
    assert [e.card.name for e in parsed.deck.sections["hero"]] == ["Darkclaw"]
    assert [e.card.name for e in parsed.deck.sections["deck"]] == ["Bad Wolf"]


def test_a_label_naming_one_card_without_a_count_is_that_line_alone(shadow_era, era):
    """``Hero: Darkclaw`` fills in the hero as a form is filled in: the cards below it are the
    deck's. A label with a count (``Dinos: 1 Ember Rex``) starts its section as before."""
    parsed = parse_text("Hero: Darkclaw\n4 Bad Wolf\n4 Full Moon", shadow_era)
    assert [e.card.name for e in parsed.deck.sections["hero"]] == ["Darkclaw"]
    assert [e.card.name for e in parsed.deck.sections["deck"]] == ["Bad Wolf", "Full Moon"]
    parsed = parse_text("Dinos: 1 Ember Rex\n1 Fire Crystal", era)
    assert [e.card.name for e in parsed.deck.sections["dinos"]] == ["Ember Rex", "Fire Crystal"]


@pytest.mark.parametrize(
    "line",
    [
        "| 062 | Glacáin |",
        "| 062 | Glacáin | Spy |",
        "062\tGlacáin",
        "062,Glacáin",
        "062 Glacáin",
        "062. Glacáin",
        "062 - Glacáin",
        "(062) Glacáin",
        "Glacáin (062)",
        "Glacáin: 062",
        "#062 Glacáin",
    ],
)
def test_a_zero_padded_number_that_is_the_cards_own_number_is_no_count(eruma, line):
    """ERUMA numbers its cards 001 to 117, and a table of a list puts the number before the
    name: '| 062 | Glacáin |' was 62 copies of Glacáin, and '#062 Glacáin' a comment, the card
    lost without a word. No count is written with a leading zero."""
    parsed = parse_text(f"Makuna\n{line}", eruma)
    assert parsed.problems == []
    assert entries(parsed) == {"Makuna": 1, "Glacáin": 1}


def test_a_row_with_the_cards_number_and_a_count_takes_the_count(eruma):
    parsed = parse_text("| 062 | Glacáin | 2 |\n| 3 | 062 | Glacáin |", eruma)
    assert parsed.problems == []
    assert entries(parsed) == {"Glacáin": 5}


def test_a_zero_padded_number_that_is_not_the_cards_number_is_still_a_count(era):
    parsed = parse_text("03 Kindle", era)
    assert entries(parsed) == {"Kindle": 3}


@pytest.mark.parametrize(
    ("game_id", "text", "kept"),
    [("era", "2 Kindle\n#3 Kindle", "Kindle"), ("eruma", "Makuna\n#061 Glacáin", "Makuna")],
)
def test_a_hash_and_a_number_before_a_card_that_is_not_its_number_is_a_comment_said(
    games, game_id, text, kept
):
    """'#3 Kindle' may be a line put out of the list ('#' starts a comment) or a card: it is
    read as a comment, but not in silence (Glacáin's number is 062)."""
    parsed = parse_text(text, games[game_id])
    (problem,) = parsed.problems
    assert (problem.rule, problem.severity, problem.lines) == (IGNORED_LINE, WARNING, (2,))
    assert "comment" in problem.message
    assert list(entries(parsed)) == [kept]


@pytest.mark.parametrize("title", ["Orc Rush v2:", "**Wolf pack (40):**", "My best deck:"])
def test_a_title_ending_in_a_colon_on_the_first_line_is_the_title(shadow_era, title):
    """A first line naming no section, no card and no kind of card is the list's title, colon
    or not: 'Orc Rush v2:' was an unknown section, an error that made a legal list illegal."""
    parsed = parse_text(f"{title}\nHero: Darkclaw\n4 Bad Wolf\n", shadow_era)
    (problem,) = parsed.problems
    assert (problem.rule, problem.severity, problem.lines) == (IGNORED_LINE, WARNING, (1,))
    assert "title" in problem.message
    assert entries(parsed) == {"Darkclaw": 1, "Bad Wolf": 4}


@pytest.mark.parametrize(("line", "meant"), [("Alies (4):", "Allies"), ("Abilites:", "Abilities")])
def test_a_first_line_that_is_a_header_misspelt_is_still_an_unknown_section(
    shadow_era, line, meant
):
    (problem,) = parse_text(f"{line}\n4 Bad Wolf\n", shadow_era).problems
    assert (problem.rule, problem.severity) == ("decklist-unknown-section", ERROR)
    assert problem.message.endswith(f"did you mean {meant!r}?")


def test_a_number_ending_a_word_of_a_header_is_no_count_of_it(shadow_era):
    (problem,) = parse_text("4 Bad Wolf\nPlan v2:\n4 Full Moon\n", shadow_era).problems
    assert "no section 'Plan v2'" in problem.message


@pytest.mark.parametrize(
    "line",
    [
        "- [ ] 4 Bad Wolf",
        "- [x] 4 Bad Wolf",
        "* [X] Bad Wolf x4",
        "[ ] 4 Bad Wolf",
        "☐ 4 Bad Wolf",
        "✅ 4 Bad Wolf",
        "4 [Bad Wolf](https://example.org/cards/se049)",
        "- 4x [Bad Wolf](/games/shadow-era/cards/se049)",
    ],
)
def test_a_checklist_or_a_markdown_link_is_the_card_it_names(shadow_era, line):
    """Notes apps keep a list as a checklist, and posts link each card to its page: the box and
    the link's address are no part of the card's name, which was an unknown card."""
    parsed = parse_text(f"4 Full Moon\n{line}", shadow_era)
    assert parsed.problems == []
    assert entries(parsed) == {"Full Moon": 4, "Bad Wolf": 4}


@pytest.mark.parametrize(
    "total",
    ["Total: 41", "Total: 40", "Total: 40 (+hero)", "Total: 40 + hero", "41 cards", "Total 1 + 40"],
)
def test_a_total_that_agrees_with_the_list_needs_no_word(shadow_era, total):
    # Players add up their list at its end; a total that agrees says nothing new.
    parsed = parse_text(f"{example('shadow-era-legal.txt')}\n{total}\n", shadow_era)
    assert parsed.problems == []


def test_a_total_that_disagrees_with_the_list_is_said_with_both_counts(shadow_era):
    text = f"{example('shadow-era-legal.txt')}\nSideboard:\n2 Bad Wolf\n\nTotal: 39\n"
    parsed = parse_text(text, shadow_era)
    (problem,) = parsed.problems
    assert (problem.rule, problem.severity) == (IGNORED_LINE, WARNING)
    assert problem.message == (
        f"Line {len(text.splitlines())}: 'Total: 39' is read as the list's own count of its"
        " cards, not a card, but the list holds 41 cards (1 in its Hero, 40 in its Deck, 2 in its"
        " sideboard);"
        " the line is ignored"
    )


@pytest.mark.parametrize(
    "line",
    [
        "Kindle = 3",
        "Kindle ..... 3",
        "Kindle....3",
        "Kindle … 3",
        "Kindle - 3 copies",
        "Kindle 3 copies",
        "Kindle: 3 pcs",
        "Kindle (x 3)",
        "Kindle [x 3]",
        "Kindle (3 copies)",
    ],
)
def test_a_count_after_the_name_as_notes_and_printed_lists_write_it_is_a_count(era, line):
    # Phone notes write the word ("3 copies", "3 pcs"), printed lists lead the eye to the count
    # with dots: each line was an unknown card, a legal list judged illegal.
    parsed = parse_text(f"3 Fire Breath\n{line}", era)
    assert parsed.problems == []
    assert entries(parsed) == {"Fire Breath": 3, "Kindle": 3}


@pytest.mark.parametrize("line", ["ERUMA-062 Glacáin", "ERUMA 062 Glacáin", "1 ERUMA-062 Glacáin"])
def test_a_set_and_number_before_the_name_name_that_printing(eruma, line):
    # Deck sites write a card's set and number before its name; ERUMA's numbers carry no set,
    # so 'ERUMA-062 Glacáin' was an unknown card (or the list's title on its first line).
    parsed = parse_text(f"Makuna\n{line}", eruma)
    assert parsed.problems == []
    assert entries(parsed) == {"Makuna": 1, "Glacáin": 1}
    assert parse_text(f"Makuna\nERUMA-061 {line.split()[-1]}", eruma).problems[0].rule == (
        UNKNOWN_CARD
    )


@pytest.mark.parametrize(
    "line",
    [
        "3 Zombie ERUMA-099",
        "3 Zombie ERUMA 099",
        "3 Zombie - ERUMA-099",
        "Zombie ERUMA-099 x3",
        "3 Zombie ERUMA-99",
    ],
)
def test_a_set_and_number_after_the_name_name_that_printing(eruma, line):
    # 'Zombie ERUMA 099' was read and 'Zombie ERUMA-099' an unknown card: ERUMA's numbers
    # carry no set, and the dash joins its set and number as 'SDS1A-001' joins ERA's
    parsed = parse_text(f"Makuna\n{line}", eruma)
    assert parsed.problems == []
    assert entries(parsed) == {"Makuna": 1, "Zombie": 3}
    (zombie,) = [e for part in parsed.deck.sections.values() for e in part if e.count == 3]
    assert (zombie.card.number, zombie.printing_named) == ("099", True)


@pytest.mark.parametrize("line", ["3 Zombie ERUMA-098", "3 Zombie SDS1A-099"])
def test_a_set_and_number_after_the_name_that_are_not_its_own_name_no_card(eruma, line):
    # another card's number, or another game's set: no printing of Zombie, nothing guessed
    (problem,) = parse_text(f"Makuna\n{line}", eruma).problems
    assert problem.rule == UNKNOWN_CARD


@pytest.mark.parametrize(
    ("game_id", "line", "card", "number"),
    [
        ("era", "3 Kindle {SDS1A-015}", "Kindle", "SDS1A-015"),
        ("era", "3 Kindle {SDS1A 15}", "Kindle", "SDS1A-015"),
        ("shadow-era", "4 Dirk Saber {se022}", "Dirk Saber", "se022"),
        ("ryft", "Pyre Knight Valcor x3 {RYFT1-004}", "Pyre Knight Valcor", "RYFT1-004"),
    ],
)
def test_a_printing_in_braces_after_the_name_names_that_printing(
    games, game_id, line, card, number
):
    parsed = parse_text(line, games[game_id])
    assert parsed.problems == []
    (entry,) = [e for part in parsed.deck.sections.values() for e in part]
    assert (entry.card.name, entry.card.number, entry.printing_named) == (card, number, True)


def test_a_set_in_braces_that_is_no_printing_of_the_card_is_said_and_the_card_kept(era):
    parsed = parse_text("3 Kindle {XYZ}", era)
    (problem,) = parsed.problems
    assert (problem.rule, problem.severity, problem.lines) == (READ_AS, WARNING, (1,))
    assert "no printing of Kindle is {XYZ}" in problem.message
    assert entries(parsed) == {"Kindle": 3}


def test_a_deck_tools_block_of_name_format_and_author_above_the_cards_is_no_card(era):
    text = "Deck Name: Burn\nFormat: Standard\nAuthor: Sam\nCards:\n3 Kindle\n1 Ember Rex"
    parsed = parse_text(text, era)
    assert entries(parsed) == {"Kindle": 3, "Ember Rex": 1}
    # the format is the list's (see test_reader_format), the other notes are said
    assert parsed.format == "standard"
    assert [(p.rule, p.severity, p.lines) for p in parsed.problems] == [
        (IGNORED_LINE, WARNING, (1,)),  # the title
        (IGNORED_LINE, WARNING, (3,)),
    ]
    assert parsed.problems[1].message == (
        "Line 3: 'Author: Sam' is read as a note on the list, not a card"
    )


def test_a_note_label_before_a_misspelt_card_or_below_a_card_is_still_an_unknown_card(era):
    parsed = parse_text("Format: Standard\nNotes: Kindlle\n3 Kindle\nFormat: Tundra", era)
    assert [(p.rule, p.lines) for p in parsed.problems] == [
        (UNKNOWN_CARD, (2,)),
        (UNKNOWN_CARD, (4,)),
    ]


@pytest.mark.parametrize(
    ("game_id", "line"),
    [
        ("era", "Format: Standard"),
        ("era", "format = open"),
        ("era", "Format: Open (casual)"),
        ("ryft", "Format: Singleton Matrix"),
    ],
)
def test_a_format_of_the_game_named_below_the_cards_is_no_card(games, game_id, line):
    # it was no card called 'Format: Standard' below the first card, and a note above it;
    # it is the list's format, as above the cards (see test_reader_format)
    game = games[game_id]
    card = "Kindle" if game_id == "era" else "Cinder Imp"
    parsed = parse_text(f"3 {card}\n{line}\n1 {card}", game)
    assert entries(parsed) == {card: 4}
    assert parsed.problems == []
    assert parsed.format is not None


# A list's title is the deck's name when the deck is given none.


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("Orc Rush v2", "Orc Rush v2"),
        ("Boris Smash – Human Warrior", "Boris Smash – Human Warrior"),
        ("**Darkclaw wolves v3**", "Darkclaw wolves v3"),
        ("Wolves at the door (40)", "Wolves at the door"),
        ("\ufeffWulven   Aggro", "Wulven Aggro"),
        ("Orc Rush v2:", "Orc Rush v2"),
        ("**Wolf pack (40):**", "Wolf pack"),
        ("Deck: Orc Rush v2", "Orc Rush v2"),
        ("Name: Orc Rush v2", "Orc Rush v2"),
        ("Deck Name: Orc Rush v2", "Orc Rush v2"),
    ],
)
def test_a_lists_title_is_the_decks_name(shadow_era, title, name):
    parsed = parse_text(f"{title}\nHero: Darkclaw\n4 Bad Wolf\n", shadow_era)
    assert parsed.deck.name == name
    assert to_mapping(parsed.deck)["name"] == name
    assert to_text(parsed.deck).startswith(f"# {name}\n")
    (problem,) = parsed.problems
    assert (problem.rule, problem.severity) == (IGNORED_LINE, WARNING)
    assert entries(parsed) == {"Darkclaw": 1, "Bad Wolf": 4}


def test_a_title_names_the_deck_in_its_message(shadow_era):
    (problem,) = parse_text("Orc Rush v2\n4 Bad Wolf\n", shadow_era).problems
    assert "read as the list's title and the deck's name" in problem.message


def test_a_deck_given_a_name_keeps_it_whatever_its_title(shadow_era):
    parsed = parse_text("Orc Rush v2\nHero: Darkclaw\n4 Bad Wolf\n", shadow_era, name="Wolves")
    assert parsed.deck.name == "Wolves"
    (problem,) = parsed.problems
    assert "read as the list's title" in problem.message
    assert "deck's name" not in problem.message


def test_the_first_title_names_the_deck_not_a_note_below_it(shadow_era):
    parsed = parse_text("Orc Rush v2\nName: Wolves\nFormat: Standard\n4 Bad Wolf\n", shadow_era)
    assert parsed.deck.name == "Orc Rush v2"


def test_a_format_or_author_note_names_no_deck(shadow_era):
    parsed = parse_text("Format: Standard\nAuthor: Sam\n4 Bad Wolf\n", shadow_era)
    assert parsed.deck.name == ""


def test_a_title_longer_than_a_deck_name_may_be_names_no_deck(shadow_era):
    title = "Wolves " * 40
    parsed = parse_text(f"{title}\n4 Bad Wolf\n", shadow_era)
    assert [p.rule for p in parsed.problems] == [IGNORED_LINE]
    assert parsed.deck.name == ""


def test_a_list_without_a_title_names_no_deck(shadow_era):
    assert parse_text("Hero: Darkclaw\n4 Bad Wolf\n", shadow_era).deck.name == ""


def test_an_arena_style_about_block_names_the_deck_and_is_no_card(era):
    """A list exported as digital card games export one: "About", "Name <deck>", then "Deck"
    and "Sideboard" blocks. "Name Fire Tempo" was no card called that, an error."""
    text = "\ufeffAbout\nName Fire Tempo\n\nDeck\n3 Kindle\n1 Ember Rex\n\nSideboard\n2 Flame Lash"
    parsed = parse_text(text, era)
    assert entries(parsed) == {"Kindle": 3, "Ember Rex": 1, "Flame Lash": 2}
    assert [e.card.name for e in parsed.deck.boards["sideboard"]] == ["Flame Lash"]
    assert parsed.deck.name == "Fire Tempo"
    assert [(p.rule, p.severity, p.lines) for p in parsed.problems] == [
        (IGNORED_LINE, WARNING, (2,))
    ]
    assert parsed.problems[0].message == (
        "Line 2: 'Name Fire Tempo' is read as a note on the list, not a card"
    )


@pytest.mark.parametrize("above", ["\n", "\r\n  \r\n", "\ufeff\n"])
def test_an_about_block_below_blank_lines_is_the_same_block(era, above):
    # A list pasted into a form often starts with a blank line: "About" was then the list's
    # title and the deck's name, and "Name Fire Tempo" an unknown card, an error.
    parsed = parse_text(f"{above}About\nName Fire Tempo\n\nDeck\n3 Kindle\n", era)
    assert entries(parsed) == {"Kindle": 3}
    assert parsed.deck.name == "Fire Tempo"
    assert [(p.rule, p.severity) for p in parsed.problems] == [(IGNORED_LINE, WARNING)]


def test_name_below_about_may_still_be_a_card(shadow_era):
    parsed = parse_text("About\nBad Wolf\n", shadow_era)
    assert entries(parsed) == {"Bad Wolf": 1}


@pytest.mark.parametrize(
    "line", ["Charlotte / Makuna / Shimaru", "Charlotte & Makuna", "Charlotte + Makuna + Shimaru"]
)
def test_cards_joined_by_a_slash_on_a_line_alone_are_said_how_to_list_them(eruma, line):
    """Alone on a line, "Charlotte / Makuna" may be a list's title as well as two cards, so it
    is no card; the problem says how to list them, not only that no card has that name."""
    parsed = parse_text(f"Deck:\nAlma\n{line}", eruma)
    (problem,) = parsed.problems
    assert problem.rule == UNKNOWN_CARD
    assert problem.message.endswith(
        "; it names several cards: write one a line, or split them with commas"
    )


def test_a_forge_style_deck_file_names_the_deck_and_reads_its_cards(shadow_era):
    """A deck file as desktop card game engines save one: a "[metadata]" block naming the deck
    ("Name=Wulven Rush"), then "[Main]" and "[Sideboard]" with each card's set after a bar.
    "[metadata]" was the list's title and the deck's name, and "Name=..." a card no game has."""
    text = (
        "[metadata]\nName=Wulven Rush\n[Main]\n1 Darkclaw|COTC\n4 Bad Wolf|COTC\n"
        "[Sideboard]\n2 Rabid Bite|COTC\n"
    )
    parsed = parse_text(text, shadow_era)
    assert parsed.deck.name == "Wulven Rush"
    assert entries(parsed) == {"Darkclaw": 1, "Bad Wolf": 4, "Rabid Bite": 2}
    assert [e.card.name for e in parsed.deck.boards["sideboard"]] == ["Rabid Bite"]
    assert [(p.rule, p.severity, p.lines) for p in parsed.problems] == [
        (IGNORED_LINE, WARNING, (2,))
    ]


def test_a_note_on_the_list_may_be_written_with_an_equals_sign(shadow_era):
    parsed = parse_text("Name = Wulven Rush\nFormat=Standard\n4 Bad Wolf\n", shadow_era)
    assert parsed.deck.name == "Wulven Rush"
    assert parsed.format == "standard"
    assert entries(parsed) == {"Bad Wolf": 4}
    assert [p.rule for p in parsed.problems] == [IGNORED_LINE]
