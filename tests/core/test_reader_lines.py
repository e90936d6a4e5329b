"""One line of a list as players write it: notes, printing codes, card numbers and counts."""

from __future__ import annotations

import pytest

from cardpool import load_game
from validator import WARNING, decklist_names, parse_text
from validator.decklist import MALFORMED_LINE, READ_AS, UNKNOWN_CARD

from ..helpers import example

# A reprint of Ember Rex in the promo set, added to a private copy of the ERA pool: the
# same card in two printings, so a line can name one of them.
EMBER_REX_PROMO = """
  - id: era-ember-rex-promo
    name: Ember Rex
    type: Dino
    set: PROMO
    number: "PROMO-007"
    element: Fire
    power: 4
    stamina: 4
    hitpoints: 3
"""


@pytest.fixture
def era_reprinted(pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + EMBER_REX_PROMO, encoding="utf-8")
    return load_game(pool_copy / "era")


def entries(parsed):
    return [(e.card.id, e.count, e.printing_named) for e in parsed.deck.entries()]


@pytest.mark.parametrize(
    "line", ["3 Kindle # budget pick", "3 Kindle // cut for a 4th Flame Lash", "3x Kindle #note"]
)
def test_a_note_after_the_card_is_a_comment(era, line):
    # Forum lists annotate cards in place: "3 Kindle // cut for ...".
    parsed = parse_text(line, era)
    assert parsed.problems == []
    assert entries(parsed) == [("era-kindle", 3, False)]


def test_a_note_after_a_count_written_last_is_a_comment_too(era):
    parsed = parse_text("Kindle x2 // testing", era)
    assert parsed.problems == []
    assert entries(parsed) == [("era-kindle", 2, False)]


@pytest.mark.parametrize(
    "line",
    [
        "2 Ember Rex (PROMO) 7",
        "2 Ember Rex (promo) PROMO-007",
        "2 Ember Rex (PROMO) 007 *F*",
        "2 Ember Rex [PROMO-007]",
        "2 Ember Rex [PROMO 7]",
        "2 Ember Rex #PROMO-007",
    ],
)
def test_a_printing_code_names_that_printing(era_reprinted, line):
    # Exports from deck sites carry the set and collector number: "(SET) 12" or "[SET-012]".
    parsed = parse_text(line, era_reprinted)
    assert parsed.problems == []
    assert entries(parsed) == [("era-ember-rex-promo", 2, True)]


def test_a_set_code_alone_names_the_printing_of_that_set(era_reprinted):
    parsed = parse_text("1 Ember Rex (SDS1A)\n1 Ember Rex [PROMO]", era_reprinted)
    assert parsed.problems == []
    assert entries(parsed) == [("era-ember-rex", 1, True), ("era-ember-rex-promo", 1, True)]


def test_a_name_alone_names_no_printing(era_reprinted):
    parsed = parse_text("1 Ember Rex", era_reprinted)
    assert entries(parsed) == [("era-ember-rex", 1, False)]


def test_a_card_number_or_id_names_its_printing(era_reprinted):
    parsed = parse_text("1 PROMO-007\n1 era-ember-rex", era_reprinted)
    assert parsed.problems == []
    assert entries(parsed) == [("era-ember-rex-promo", 1, True), ("era-ember-rex", 1, True)]


def test_a_printing_code_that_names_no_printing_is_said_and_the_card_kept(era):
    parsed = parse_text("1 Ember Rex (XYZ) 99", era)
    assert entries(parsed) == [("era-ember-rex", 1, False)]
    (problem,) = parsed.problems
    assert problem.severity == "warning"
    assert problem.lines == (1,)
    assert "(XYZ) 99" in problem.message


def test_a_hash_and_a_card_number_is_that_card_not_a_comment(shadow_era):
    # Shadow Era players list cards by their numbers: "#se017" is Darkclaw.
    parsed = parse_text("#se017\n#se049", shadow_era)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Darkclaw", 1),
        ("Bad Wolf", 1),
    ]


def test_comments_are_a_hash_or_slashes_then_a_space_or_words(shadow_era):
    parsed = parse_text("# se017\n#sideboard ideas\n//se017\n#budget", shadow_era)
    assert parsed.problems == []
    assert list(parsed.deck.entries()) == []


def test_a_hash_and_a_number_no_card_has_is_reported_not_dropped(shadow_era):
    parsed = parse_text("#se999", shadow_era)
    (problem,) = parsed.problems
    assert problem.lines == (1,)
    assert "se999" in problem.message


def test_every_line_is_a_card_a_header_a_comment_or_a_problem(shadow_era):
    text = "\n".join(
        [
            "Hero:",
            "Nishaven",
            "Allies (4):",
            "4 Fireball # note",
            "-1 Fireball",
            "0 Fireball",
            "5000 Fireball",
            "Fireball x",
            "12",
            "#se999",
            "Total: 40",
            "3 Firebal",
            "# just a comment",
        ]
    )
    parsed = parse_text(text, shadow_era)
    read = {n for e in parsed.deck.entries() for n in e.lines} | {1, 3, 13}
    reported = {n for p in parsed.problems for n in p.lines}
    assert read | reported == set(range(1, 14))


@pytest.mark.parametrize("bullet", ["•", "▪", "▪\ufe0f", "◦", "▫\ufe0f", "►", "➤", "🔹", "🔸"])
def test_a_bullet_typed_on_a_phone_is_no_part_of_the_count(era, bullet):
    # A phone sends "▪" followed by U+FE0F (its emoji form) and offers 🔹 and ➤ as bullets:
    # "▪️ 3 Kindle" was an unknown card '▪️ 3 Kindle' on every line of the list.
    parsed = parse_text(f"{bullet} 3 Kindle\n{bullet}\u00a02 Fire Breath", era)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Kindle", 3),
        ("Fire Breath", 2),
    ]


def test_a_list_quoted_in_a_chat_is_read_as_the_list(shadow_era):
    # Discord and forums quote a pasted list line by line with "> " (">>> " once for the
    # rest): each line was an unknown card, and the first one the list's title.
    parsed = parse_text(
        ">>> Hero: Darkclaw\n> 4 Bad Wolf\n>4 Pack Wolf\n>\n> Full Moon x2", shadow_era
    )
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Darkclaw", 1),
        ("Bad Wolf", 4),
        ("Pack Wolf", 4),
        ("Full Moon", 2),
    ]


def test_a_count_of_zero_is_ignored_with_a_warning(era):
    parsed = parse_text("0 Kindle\n3 Fire Breath", era)
    (problem,) = parsed.problems
    assert problem.severity == "warning"
    assert problem.lines == (1,)
    assert problem.message == "Line 1: 0 copies of Kindle; the line is ignored"
    assert entries(parsed) == [("era-fire-breath", 3, False)]


def test_a_negative_count_says_so(era):
    (problem,) = parse_text("-1 Kindle", era).problems
    assert problem.severity == "error"
    assert problem.message == "Line 1: -1 is a negative count of copies of Kindle"
    assert problem.cards == ("Kindle",)


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("1000 Kindle", "1000 copies of Kindle is more than a line may hold (1 to 999)"),
        (
            "99999999999999999999 Kindle",
            "a count of 19 digits or more is more copies of Kindle than a line may hold (1 to 999)",
        ),
        ("-99999999999999999999 Kindle", "a count of 19 digits or more is a negative count of"),
    ],
)
def test_a_count_too_long_to_read_is_not_said_as_another_number(era, line, said):
    """'99999999999999999999 Kindle' was said as '1000000000000000000 copies of Kindle', a
    number the player never wrote (the count is cut to what can be read)."""
    (problem,) = parse_text(line, era).problems
    assert problem.message.startswith(f"Line 1: {said}")
    assert problem.cards == ("Kindle",)


def test_zeros_before_a_count_make_it_no_longer(era):
    """A count is its digits after any zeros written before it: '0000000000000000003 Kindle'
    (19 digits) is 3 copies, as '003 Kindle' is, not a count too long to read."""
    for zeros in (2, 18, 40):
        parsed = parse_text("0" * zeros + "3 Kindle", era)
        assert not parsed.problems
        assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Kindle", 3)]


def test_a_huge_count_names_the_card(era):
    (problem,) = parse_text("1 Ember Rex\n1000 Kindle", era).problems
    assert problem.severity == "error"
    assert problem.lines == (2,)
    assert "Kindle" in problem.message
    assert problem.cards == ("Kindle",)


def test_a_problem_about_a_card_on_several_lines_cites_every_line(shadow_era, check):
    # Players list a card again lower down after a change; the copy limit must point at
    # every line it counted.
    result = check(
        shadow_era, "Hero:\nNishaven\nDeck:\n3 Fireball\n1 Tome of Knowledge\n2 Fireball"
    )
    (problem,) = [p for p in result.problems if "Fireball" in p.cards and "cop" in p.message]
    assert problem.lines == (4, 6)


def test_an_entry_keeps_every_line_it_came_from(era):
    parsed = parse_text("1 Kindle\n1 Fire Breath\n1 Kindle\nKindle", era)
    kindle = parsed.deck.sections["deck"][0]
    assert (kindle.count, kindle.lines, kindle.line) == (3, (1, 3, 4), 1)


def test_a_code_picks_one_of_two_printings_of_a_name(skirmish):
    # Ember Scout was printed as a promo (OLD, P-01) and in the first set (S1, S1-03).
    parsed = parse_text("1 Ember Scout (OLD) P-01\n1 Ember Scout [S1-03]", skirmish)
    assert parsed.problems == []
    assert entries(parsed) == [("scout-old", 1, True), ("scout", 1, True)]


# A count written twice on one line, before the name and after it.


@pytest.mark.parametrize(
    "line",
    ["4 Bad Wolf x4", "4x Bad Wolf x4", "(4) Bad Wolf x4", "4 Bad Wolf (4)", "4 Bad Wolf - 4"],
)
def test_a_count_written_twice_that_agrees_is_that_count(shadow_era, line):
    parsed = parse_text(f"Hero: Darkclaw\n{line}", shadow_era)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Darkclaw", 1),
        ("Bad Wolf", 4),
    ]


@pytest.mark.parametrize("line", ["4 Bad Wolf x3", "4 Bad Wolf (3)", "4x Bad Wolf - 3"])
def test_a_count_written_twice_that_disagrees_is_an_error_naming_both(shadow_era, line):
    parsed = parse_text(f"Hero: Darkclaw\n{line}", shadow_era)
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Darkclaw", 1)]
    (problem,) = parsed.problems
    assert (problem.rule, problem.severity, problem.lines) == (MALFORMED_LINE, "error", (2,))
    assert problem.cards == ("Bad Wolf",)
    assert problem.message == (
        f"Line 2: {line!r} gives two counts of Bad Wolf, 4 and 3; write the one meant"
    )


def test_a_name_ending_in_a_number_is_not_a_second_count(ryft):
    card = next(c for c in ryft.cards if c.name[-1].isdigit())
    parsed = parse_text(f"2 {card.name}", ryft)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [(card.name, 2)]


@pytest.mark.parametrize("line", ["Fire Breath (3x)", "Fire Breath [3x]", "Fire Breath (3 x)"])
def test_a_count_in_brackets_with_its_x_after_it_is_the_count(era, line):
    """ "Fire Breath (3x)" was one copy, said as no printing of Fire Breath being "(3x)"."""
    parsed = parse_text(line, era)
    assert parsed.problems == []
    assert entries(parsed) == [("era-fire-breath", 3, False)]


@pytest.mark.parametrize("line", ["3 Kindle -- burn", "3 Kindle --cut?", "Kindle x3 -- 2nd copy"])
def test_a_note_after_two_dashes_is_a_comment(era, line):
    parsed = parse_text(line, era)
    assert parsed.problems == []
    assert entries(parsed) == [("era-kindle", 3, False)]


@pytest.mark.parametrize(
    "line", ["3 Kindle - burn spell", "3 Kindle — early burn", "3 Kindle – vs air"]
)
def test_words_after_a_dash_are_a_note_said_with_a_warning(era, line):
    parsed = parse_text(line, era)
    assert entries(parsed) == [("era-kindle", 3, False)]
    assert [(p.rule, p.severity) for p in parsed.problems] == [(READ_AS, WARNING)]
    assert "read as a note" in parsed.problems[0].message


@pytest.mark.parametrize("line", ["Kindle -- 3", "Kindle - 3", "Patchbot Unit-7 - 2"])
def test_a_count_after_dashes_is_still_the_count(era, ryft, line):
    game = ryft if "Patchbot" in line else era
    parsed = parse_text(line, game)
    assert parsed.problems == []
    assert [e.count for e in parsed.deck.entries()] == [int(line[-1])]


@pytest.mark.parametrize(
    "line",
    [
        "4 Bad Wolf | 4 Full Moon | 2 Spiked Shield",
        "4 Bad Wolf; 4 Full Moon; 2 Spiked Shield",
        "Bad Wolf x4 | Full Moon x4 | Spiked Shield x2",
        "4x Bad Wolf ; 4x Full Moon ; 2x Spiked Shield ;",
    ],
)
def test_several_cards_on_a_line_split_by_a_bar_or_a_semicolon(shadow_era, line):
    parsed = parse_text(f"Hero: Darkclaw\n{line}", shadow_era)
    assert parsed.problems == []
    got = [(e.card.name, e.count, e.lines) for e in parsed.deck.sections["deck"]]
    assert got == [("Bad Wolf", 4, (2,)), ("Full Moon", 4, (2,)), ("Spiked Shield", 2, (2,))]


def test_an_unknown_card_among_several_on_a_line_is_named_alone(shadow_era):
    parsed = parse_text("4 Bad Wolf | 4 Ful Moon", shadow_era)
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Bad Wolf", 4)]
    assert [p.rule for p in parsed.problems] == [UNKNOWN_CARD]
    assert "'Ful Moon'" in parsed.problems[0].message
    assert "Full Moon" in parsed.problems[0].suggestions


@pytest.mark.parametrize(
    ("line", "card", "count"),
    [
        ("3 ERUMA-099", "099-zombie", 3),
        ("3x ERUMA 099", "099-zombie", 3),
        ("ERUMA-062", "062-glacain", 1),
        ("ERUMA-99 x2", "099-zombie", 2),
    ],
)
def test_a_set_and_a_number_alone_name_that_card(eruma, line, card, count):
    """ "3 ERUMA-099": a card given by its set and number with no name, as an inventory or a
    scan of the cards lists it; ERUMA numbers its cards 001 to 117 in its one set."""
    parsed = parse_text(line, eruma)
    assert parsed.problems == []
    assert entries(parsed) == [(card, count, True)]


def test_a_set_and_a_number_alone_in_a_game_numbering_each_set(arcmage):
    footsoldier = next(c for c in arcmage.cards if c.set == "REBIRTH" and c.number == "12")
    parsed = parse_text("2 REBIRTH-12\n1 REBIRTH 12", arcmage)
    assert parsed.problems == []
    assert entries(parsed) == [(footsoldier.id, 3, True)]


def test_a_set_and_a_number_no_card_has_is_an_unknown_card(eruma):
    parsed = parse_text("3 ERUMA-999", eruma)
    assert [p.rule for p in parsed.problems] == [UNKNOWN_CARD]


def test_a_set_and_a_number_asks_only_the_cards_that_number_can_be(shadow_era, monkeypatch):
    # Each such line asked every card of the pool: a list of 1,000 lines of numbers no card
    # has ("3 COTC-1900") took seconds to read, where unknown names take a tenth of one.
    asked = []
    same_number = decklist_names._same_number
    monkeypatch.setattr(
        decklist_names,
        "_same_number",
        lambda card, number: asked.append(card) or same_number(card, number),
    )
    parsed = parse_text("\n".join(f"3 COTC-{n}" for n in range(1900, 2000)), shadow_era)
    assert [p.rule for p in parsed.problems] == [UNKNOWN_CARD] * 100
    assert asked == []
    asked.clear()
    parsed = parse_text("3 COTC-081\n1 COTC 81", shadow_era)
    assert parsed.problems == []
    assert entries(parsed) == [("se081", 4, True)]
    assert len(asked) <= 4


def test_a_count_in_brackets_with_its_x_before_a_printing_is_the_count(ryft):
    parsed = parse_text("Cinder Imp (3x) RYFT1-001", ryft)
    assert parsed.problems == []
    assert entries(parsed) == [("ryft-cinder-imp", 3, True)]


@pytest.mark.parametrize(
    "text",
    [
        "| Card | Class |\n|---|---|\n| Charlotte | Assassin |\n| Makuna | Assassin |",
        "Charlotte\tOutlaw\tAssassin\nMakuna\tOutlaw\tAssassin",
        "Charlotte,Outlaw,Assassin\nMakuna,Outlaw,Assassin",
        "| Charlotte | ERUMA-001 |\n| Makuna | Outlaw |",
    ],
)
def test_a_row_with_no_count_naming_a_card_and_what_it_is_is_one_copy(eruma, text):
    """A singleton game's table often has no count column: the name and what the card is
    (its type, class, set or number). The first row was the list's title and the others no
    card ('| Makuna | Assassin |')."""
    parsed = parse_text(text, eruma)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Charlotte", 1),
        ("Makuna", 1),
    ]


def test_a_row_with_no_count_and_words_that_are_not_the_card_is_not_guessed(eruma):
    parsed = parse_text("4 Zombie\n| Charlotte | my favourite |", eruma)
    assert [p.rule for p in parsed.problems] == [UNKNOWN_CARD]
    assert [e.card.name for e in parsed.deck.entries()] == ["Zombie"]


@pytest.mark.parametrize(
    "line",
    ["Extra Deck: Zombie x3; Rat x2", "Henchmen: 3 Zombie | 2 Rat", "Extra: 3x Zombie;2x Rat"],
)
def test_a_header_listing_its_cards_split_by_semicolons_or_bars(eruma, line):
    parsed = parse_text(line, eruma)
    assert parsed.problems == []
    got = [(e.card.name, e.count) for e in parsed.deck.sections["extra"]]
    assert got == [("Zombie", 3), ("Rat", 2)]


@pytest.mark.parametrize(
    ("line", "name", "count"),
    [("3 Zombies", "Zombie", 3), ("Rats x2", "Rat", 2), ("2x Pumpkins", "Pumpkin", 2)],
)
def test_a_card_named_in_the_plural_after_its_count_is_that_card_said(eruma, line, name, count):
    """ "3 Zombies": the count's noun in the plural, as players write Henchmen."""
    parsed = parse_text(line, eruma)
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [(name, count)]
    assert [(p.rule, p.severity) for p in parsed.problems] == [(READ_AS, WARNING)]
    assert name in parsed.problems[0].message


def test_a_plural_with_no_count_is_not_read_as_a_card(eruma):
    parsed = parse_text("4 Zombie\nRats", eruma)
    assert [p.rule for p in parsed.problems] == [UNKNOWN_CARD]


@pytest.mark.parametrize(
    ("line", "notes"),
    [
        ("3x Kindle (SDS1A) 15 [Burn]", ["[Burn] after Kindle is read as a note"]),
        ("3x Kindle (SDS1A) 15 [Burn,Removal]", ["[Burn,Removal] after Kindle is read as a note"]),
        ("3x Kindle (SDS1A) 15 [Action]", []),
        ("3x Kindle (SDS1A) 15 [Action{top}]", []),
    ],
)
def test_a_category_in_brackets_after_a_printing_is_a_note(era, line, notes):
    """Deck tools export a card's category after its printing ('1x Name (SET) 12 [Removal]'):
    the line was no card at all."""
    parsed = parse_text(line, era)
    assert entries(parsed) == [("era-kindle", 3, True)]
    assert [p.message.split(": ", 1)[1] for p in parsed.problems] == notes


@pytest.mark.parametrize("line", ["3 of Fire Breath", "Fire Breath x3"])
def test_a_count_of_a_card_is_that_card(era, line):
    parsed = parse_text(line, era)
    assert parsed.problems == []
    assert entries(parsed) == [("era-fire-breath", 3, False)]


@pytest.mark.parametrize("line", ["1 Ember Rex | 2 Ember Rex", "1 Ember Rex; 2 Ember Rex"])
def test_a_card_twice_on_a_line_split_by_a_bar_is_both_counts(era, line):
    """ "1 Ember Rex | 2 Ember Rex" was read as one copy of the printing numbered 1, the second
    part taken for its code."""
    parsed = parse_text(line, era)
    assert parsed.problems == []
    assert entries(parsed) == [("era-ember-rex", 3, False)]


@pytest.mark.parametrize("line", ["3 COTC-se081", "3 COTC se081", "3 cotc #se081"])
def test_a_set_and_a_number_holding_letters_name_that_card(shadow_era, line):
    card = next(c for c in shadow_era.cards if c.number and c.number.lower() == "se081")
    parsed = parse_text(line, shadow_era)
    assert parsed.problems == []
    assert entries(parsed) == [(card.id, 3, True)]


def test_a_row_with_no_count_and_the_cards_own_number_is_that_printing(era_reprinted):
    parsed = parse_text("| Ember Rex | PROMO-007 |\n| Kindle | SDS1A-015 |", era_reprinted)
    assert parsed.problems == []
    assert entries(parsed) == [("era-ember-rex-promo", 1, True), ("era-kindle", 1, True)]


@pytest.mark.parametrize(
    ("line", "card"),
    [
        ("4x Insolent Pup (Lost Lands)", "ll108"),
        ("4x Bad Wolf (Call of the Crystals)", "se049"),
        ("4x Bad Wolf [Call of the Crystals]", "se049"),
    ],
)
def test_a_sets_name_in_brackets_after_a_card_names_its_printing(shadow_era, line, card):
    """Deck sites write the set's name after each card ("3x Hedge Fund (Core Set)"): it was
    said to be a note, read as nothing."""
    parsed = parse_text(line, shadow_era)
    assert parsed.problems == []
    assert entries(parsed) == [(card, 4, True)]


def test_a_sets_name_holding_no_printing_of_the_card_is_said(shadow_era):
    parsed = parse_text("4x Bad Wolf (Lost Lands)", shadow_era)
    assert [e.card.id for e in parsed.deck.entries()] == ["se049"]
    (problem,) = parsed.problems
    assert (problem.rule, problem.severity) == (READ_AS, WARNING)
    assert "no printing of Bad Wolf is in Lost Lands" in problem.message


@pytest.mark.parametrize("line", ["41 cards (min 40)", "41 cards", "Cards up to Lost Lands"])
def test_a_deck_sites_footer_is_no_card(shadow_era, line):
    """Deck sites end a list with its size and the sets it uses ("41 cards (min 40)", "Cards
    up to Lost Lands"): each was a card no game has, an error."""
    parsed = parse_text(f"{example('shadow-era-legal.txt')}\n{line}\n", shadow_era)
    assert parsed.problems == []


@pytest.mark.parametrize("line", ["3 Cinder Imp - Inferno Being", "3 Cinder Imp — Being"])
def test_words_after_a_dash_saying_what_the_card_is_are_no_note(ryft, line):
    parsed = parse_text(line, ryft)
    assert parsed.problems == []
    assert entries(parsed) == [("ryft-cinder-imp", 3, False)]


def test_a_name_and_another_cards_number_split_by_a_bar_are_not_two_cards(era):
    """ "| Kindle | SDS1A-014 |" is a row naming Kindle by a number that is another card's:
    never two cards, Kindle and the card numbered SDS1A-014."""
    parsed = parse_text("3 Fire Breath\nKindle | SDS1A-014", era)
    assert [p.rule for p in parsed.problems] == [UNKNOWN_CARD]
    assert entries(parsed) == [("era-fire-breath", 3, False)]


@pytest.mark.parametrize(
    "line", ["4 Bad Wolf <- MVP", "4 Bad Wolf <-- MVP", "4 Bad Wolf ← core", "4 Bad Wolf => MVP"]
)
def test_a_note_after_an_arrow_is_a_comment(shadow_era, line):
    parsed = parse_text(line, shadow_era)
    assert parsed.problems == []
    assert entries(parsed) == [("se049", 4, False)]


@pytest.mark.parametrize("line", ["🐺 4 Bad Wolf", "⭐ 4 Bad Wolf", "🔥4 Bad Wolf"])
def test_an_emoji_before_a_card_line_is_its_bullet(shadow_era, line):
    parsed = parse_text(line, shadow_era)
    assert parsed.problems == []
    assert entries(parsed) == [("se049", 4, False)]


def test_a_regions_place_after_a_dash_is_no_note(arcmage):
    parsed = parse_text("1 Plymouth - I\n1 Lake of Fire - II", arcmage)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.sections["regions"]] == [
        ("Plymouth", 1),
        ("Lake of Fire", 1),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "a) 4 Bad Wolf\nb) 4 Full Moon",
        "i. 4 Bad Wolf\nii. 4 Full Moon",
        "(a) 4 Bad Wolf\n(b) 4 Full Moon",
    ],
)
def test_an_outlines_letters_before_card_lines_are_their_places(shadow_era, text):
    parsed = parse_text(text, shadow_era)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Bad Wolf", 4),
        ("Full Moon", 4),
    ]


def test_a_card_named_in_the_plural_by_words_naming_groups_is_that_card(era):
    """ "2 Fire Crystals": every word names a group (an element, a type), as a header's do,
    but a count before them makes it two copies of the card."""
    parsed = parse_text("2 Fire Crystals\nWater Crystals x1", era)
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Fire Crystal", 2),
        ("Water Crystal", 1),
    ]
    assert [(p.rule, p.severity) for p in parsed.problems] == [(READ_AS, WARNING)] * 2


def test_a_group_named_in_the_plural_with_a_headers_count_heads_its_cards(era):
    parsed = parse_text("Fire Crystals (2)\n2 Fire Crystal", era)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Fire Crystal", 2)]


def test_count_in_brackets_after_a_crystal_name_is_its_count(era):
    """ "Water Crystals (2)" alone on a line: ERA has no section of that name, and the words
    are Water Crystal's name in the plural, so the line is two copies of it (said as read),
    as "2 Water Crystals" is; the crystals' own header still heads them."""
    parsed = parse_text("Crystals:\n1 Fire Crystal\nWater Crystals (2)", era)
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Fire Crystal", 1),
        ("Water Crystal", 2),
    ]
    assert [(p.rule, p.severity, p.lines) for p in parsed.problems] == [(READ_AS, WARNING, (3,))]


@pytest.mark.parametrize("line", ["Water Crystals: 2", "Water Crystals [2]", "Water Crystals - 2"])
def test_a_count_written_as_a_headers_after_a_crystal_name_is_its_count(era, line):
    parsed = parse_text(line, era)
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Water Crystal", 2)]


def test_a_crystal_name_with_a_count_over_that_crystal_heads_it(era):
    """Over its own card, "Water Crystals (2)" is the group's header and its count, not two
    more copies: the card below is counted once."""
    parsed = parse_text("Water Crystals (2)\n\n1 Water Crystal\n1 Water Crystal", era)
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Water Crystal", 2)]
    assert parsed.problems == []


def test_a_sections_header_with_a_count_still_heads_its_cards(era):
    parsed = parse_text("Dinos (1)\n1 Ember Rex\nCrystals (1)\n1 Fire Crystal", era)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.sections["dinos"]] == [("Ember Rex", 1)]


@pytest.mark.parametrize(
    "line",
    ["4 Bad Wolf -> Full Moon", "4 Bad Wolf => 4 Full Moon", "4 Bad Wolf → Full Moon",
     "4 Bad Wolf -> Ful Moon"],
)  # fmt: skip
def test_two_cards_joined_by_an_arrow_are_a_change_the_player_must_settle(shadow_era, line):
    """An arrow from one card to another is how a sideboard plan or a deck's change writes a
    swap: which of the two is in the deck is the player's to say, and neither is guessed."""
    parsed = parse_text(line, shadow_era)
    assert list(parsed.deck.entries()) == []
    [problem] = parsed.problems
    assert problem.rule == MALFORMED_LINE
    assert "Bad Wolf and Ful" in problem.message
    assert "arrow" in problem.message


def test_one_card_changed_in_count_by_an_arrow_is_said_as_such(shadow_era):
    parsed = parse_text("4 Bad Wolf -> 3 Bad Wolf", shadow_era)
    assert list(parsed.deck.entries()) == []
    [problem] = parsed.problems
    assert problem.message == (
        "Line 1: '4 Bad Wolf -> 3 Bad Wolf' changes the count of Bad Wolf, joined by an arrow"
        " as a change is written; write the line of the count the deck holds (neither is"
        " counted)"
    )
    assert problem.cards == ("Bad Wolf",)


def test_an_unknown_line_split_by_bars_is_read_once(shadow_era, monkeypatch):
    """ "4 Bad Wulf | 4 Ful Moon": each part is read once, and no part again in full, so a
    list of such lines costs about what a list of unknown lines does."""
    from validator import decklist_lines

    full, entry = [], []
    read_line, read_entry = decklist_lines._read_line, decklist_lines._read_entry
    monkeypatch.setattr(
        decklist_lines, "_read_line", lambda g, t: full.append(t) or read_line(g, t)
    )
    monkeypatch.setattr(
        decklist_lines, "_read_entry", lambda g, t: entry.append(t) or read_entry(g, t)
    )
    reading = decklist_lines._read_line(shadow_era, "4 Bad Wulf | 4 Ful Moon")
    assert reading[0] == decklist_lines._UNKNOWN
    assert full == ["4 Bad Wulf | 4 Ful Moon"]
    assert sorted(entry) == sorted(set(entry))


def test_a_part_of_a_line_split_by_bars_is_still_read_in_full(shadow_era):
    parsed = parse_text("Bad Wolf - 4 | 4 Full Moon\n4 Pack Wolf -- MVP | 2 Rabid Bite", shadow_era)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Bad Wolf", 4),
        ("Full Moon", 4),
        ("Pack Wolf", 4),
        ("Rabid Bite", 2),
    ]


@pytest.mark.parametrize("line", ["3 Kindle (SDS1A) 5 [Actions]", "3 Kindle (SDS1A) 5 [Burn]"])
def test_a_printing_of_another_card_before_a_category_names_that_card(era, line):
    """ "(SDS1A) 5" is Tidefang Mosasaur's number: the line is Kindle, as its name says, and the
    warning names the printing and whose number it is, not the whole line as no card."""
    parsed = parse_text(line, era)
    assert entries(parsed) == [("era-kindle", 3, False)]
    problem = parsed.problems[0]
    assert (problem.rule, problem.severity) == (READ_AS, WARNING)
    assert "no printing of Kindle is (SDS1A) 5, the number of Tidefang Mosasaur" in problem.message


def test_a_card_number_written_without_its_zeros_names_the_card(eruma):
    """ERUMA numbers its cards 001 to 117; "#15" is 015 as "#015" and "ERUMA-015" are."""
    parsed = parse_text("#15\n#2", eruma)
    assert entries(parsed) == [("015-kuroshi", 1, True), ("002-makuna", 1, True)]
    # Said as read: "#2" may be a post's number copied with a forum's thread.
    assert [(p.rule, p.severity, p.lines) for p in parsed.problems] == [
        (READ_AS, WARNING, (1,)),
        (READ_AS, WARNING, (2,)),
    ]
    assert parsed.problems[1].message == "Line 2: '#2' is read as Makuna, numbered 002"


def test_digits_that_are_several_cards_numbers_name_none(era):
    """ERA's sets each have a 005: "#5" alone names none of them, and is said."""
    parsed = parse_text("#5", era)
    assert list(parsed.deck.entries()) == []
    assert "no ERA card has the number '5'" in parsed.problems[0].message


@pytest.mark.parametrize("line", ["4-Bad Wolf", "4- Bad Wolf", "4 -Bad Wolf"])
def test_a_count_with_a_dash_after_it_is_the_count(shadow_era, line):
    """ "4-Bad Wolf", as some deck files and forum posts write a count."""
    parsed = parse_text(line, shadow_era)
    assert parsed.problems == []
    assert entries(parsed) == [("se049", 4, False)]


def test_a_collector_number_after_a_hash_and_the_set_names_the_printing(shadow_era):
    parsed = parse_text("4x Bad Wolf (COTC) #49", shadow_era)
    assert parsed.problems == []
    assert entries(parsed) == [("se049", 4, True)]


@pytest.mark.parametrize("line", ["4 Bad Wolf *F*", "4x Bad Wolf *E*", "4 Bad Wolf *F* *Etched*"])
def test_a_finish_mark_after_a_card_says_nothing_of_the_card(shadow_era, line):
    """Deck sites mark a foil or an etched copy "*F*" or "*E*" after its name; no rule reads
    a finish."""
    parsed = parse_text(line, shadow_era)
    assert parsed.problems == []
    assert entries(parsed) == [("se049", 4, False)]


def test_a_wolf_in_the_plural_after_a_count_is_that_card(shadow_era):
    parsed = parse_text("4 Pack Wolves", shadow_era)
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Pack Wolf", 4)]
    assert [(p.rule, p.severity) for p in parsed.problems] == [(READ_AS, WARNING)]


@pytest.mark.parametrize(
    "text",
    ["Anzahl;Name\n4;Bad Wolf", "Menge,Kartenname\n4,Bad Wolf", "Anzahl\tKarte\n4\tBad Wolf"],
)
def test_a_tables_column_names_in_german_are_no_title(shadow_era, text):
    """A German spreadsheet names its columns in German; they are no title, nor the deck's
    name."""
    parsed = parse_text(text, shadow_era)
    assert parsed.problems == []
    assert parsed.deck.name == ""
    assert entries(parsed) == [("se049", 4, False)]


def test_a_card_and_what_it_is_after_a_dash_is_that_card_without_a_count(eruma):
    """ERUMA's outlaws are one copy each, listed by name with their class: "Makuna - Assassin"
    is Makuna, as "Makuna (Assassin)" is, on the first line too."""
    parsed = parse_text("Makuna - Assassin\nCharlotte - Assassin\nMiara – Thief", eruma)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [
        ("Makuna", 1),
        ("Charlotte", 1),
        ("Miara", 1),
    ]


def test_a_card_and_other_words_after_a_dash_without_a_count_is_no_card(eruma):
    parsed = parse_text("Zombie x3\nCharlotte - my favourite", eruma)
    assert [p.rule for p in parsed.problems] == [UNKNOWN_CARD]


@pytest.mark.parametrize("line", ["#099 Zombie x3", "#099 3x Zombie", "#99 Zombie (3)", "#099 x3"])
def test_a_count_after_a_card_number_and_its_card_is_its_count(eruma, line):
    """ "#099 Zombie x3" was read as nothing at all, with nothing said, and "#99 Zombie (3)" as
    one copy with a warning that no printing of Zombie is "(3)"."""
    parsed = parse_text(line, eruma)
    assert parsed.problems == []
    assert entries(parsed) == [("099-zombie", 3, True)]


def test_a_count_after_another_cards_number_is_a_line_put_out(eruma):
    parsed = parse_text("#3 Zombie x3", eruma)
    assert list(parsed.deck.entries()) == []
    assert "is read as a comment (3 is not the number of Zombie)" in parsed.problems[0].message


@pytest.mark.parametrize(
    "line",
    [
        "4 [COTC:49] Bad Wolf",
        "4x [COTC:49] Bad Wolf",
        "[COTC:49] Bad Wolf x4",
        "4 [cotc:49] bad wolf",
    ],
)
def test_a_set_and_number_in_brackets_before_the_name_names_the_printing(shadow_era, line):
    """XMage writes a card's set code and number in brackets before its name, as
    "4 Bad Wolf (COTC) 49" writes them after it."""
    parsed = parse_text(line, shadow_era)
    assert parsed.problems == []
    assert entries(parsed) == [("se049", 4, True)]


def test_a_set_and_number_before_the_name_on_a_sideboard_line(shadow_era):
    parsed = parse_text("4 [COTC:49] Bad Wolf\nSB: 2 [COTC:49] Bad Wolf", shadow_era)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.boards["sideboard"]] == [("Bad Wolf", 2)]


def test_a_number_in_brackets_before_the_name_that_is_not_the_cards_is_said(shadow_era):
    parsed = parse_text("4 [COTC:48] Bad Wolf", shadow_era)
    assert [(p.rule, p.severity) for p in parsed.problems] == [(READ_AS, WARNING)]
    assert "[COTC:48]" in parsed.problems[0].message
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Bad Wolf", 4)]


def test_a_note_in_brackets_before_the_name_is_said_before_it(shadow_era):
    # it was said "[x:y:z] after Bad Wolf", where the line has it before
    parsed = parse_text("4 [x:y:z] Bad Wolf", shadow_era)
    assert [p.message for p in parsed.problems] == [
        "Line 1: [x:y:z] before Bad Wolf is read as a note"
    ]
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [("Bad Wolf", 4)]
