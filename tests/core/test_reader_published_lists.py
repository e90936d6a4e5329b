"""Lines of lists that players published, read as they meant them: the deck's size written
after its hero ("Hero: Gravebone (41 cards)") and the code a game's client gives a deck
("Deck Code: 783538B") below its cards."""

from __future__ import annotations

import pytest

from validator import parse_text
from validator.decklist import IGNORED_LINE, UNKNOWN_CARD

from ..helpers import example

# forty cards a Shadow Mage may hold, as the published list writes them
DECK = "".join(
    f"4x {name}\n"
    for name in (
        "Death Collector",
        "Sacrificial Lamb",
        "Suspended Animation",
        "Supernova",
        "Shriek of Vengeance",
        "Necromancer's Shroud",
        "Amulet of Conjuring",
        "Cryptspawn Tormentor",
        "Falseblood Cultist",
        "Forgotten Horror",
    )
)


def _read(game, text):
    parsed = parse_text(text, game)
    sections = {
        part: [(e.card.name, e.count) for e in entries]
        for part, entries in parsed.deck.sections.items()
    }
    return sections, [(p.rule, p.severity, p.lines, p.message) for p in parsed.problems]


@pytest.mark.parametrize("size", ["(41 cards)", "(41 Cards)", "[41 cards]", "( 41 card )"])
def test_the_decks_size_after_its_hero_is_not_the_heros_count(shadow_era, size):
    # "Hero: Gravebone (41 cards)" on top of a published list was 41 copies of Gravebone: the
    # deck had 41 heroes and 81 cards. The hero and 40 cards below it are those 41.
    sections, problems = _read(shadow_era, f"Hero: Gravebone {size}\n\n{DECK}")
    assert sections["hero"] == [("Gravebone", 1)]
    assert sum(count for _, count in sections["deck"]) == 40
    assert problems == []


def test_a_size_after_the_hero_that_no_count_of_the_list_has_is_said(shadow_era):
    # the list's own count, as "Total: 45" is: a warning naming what the list holds
    sections, problems = _read(shadow_era, f"Hero: Gravebone (45 cards)\n\n{DECK}")
    assert sections["hero"] == [("Gravebone", 1)]
    assert problems == [
        (
            IGNORED_LINE,
            "warning",
            (1,),
            "Line 1: '(45 cards)' after Gravebone is read as the list's own count of its"
            " cards, not copies of Gravebone, but the list holds 41 cards (1 in its Hero, 40 in"
            " its Deck); if they are copies of Gravebone, write 'Gravebone x45'",
        )
    ]


@pytest.mark.parametrize("line", ["Hero: Gravebone (1)", "Hero: Gravebone x1", "Hero: 1 Gravebone"])
def test_a_heros_own_count_is_still_its_count(shadow_era, line):
    sections, problems = _read(shadow_era, f"{line}\n\n{DECK}")
    assert sections["hero"] == [("Gravebone", 1)]
    assert problems == []


@pytest.mark.parametrize("size", ["(40)", "(41)", "[41]", "( 40 )"])
def test_a_bare_size_after_the_hero_is_the_lists_size_not_heroes(shadow_era, check, size):
    # "Every deck has exactly one hero card" (Shadow Era rulebook): "Hero: Darkclaw (40)" on
    # top of a forum list was 40 heroes and 40 copies of Darkclaw, two errors on a legal deck.
    # Two digits or more after the one card of a section that holds one: the list's size (the
    # main deck's, 40, or the whole list's, 41), not copies of its hero.
    legal = example("shadow-era-legal.txt").replace(
        "Hero:\n1 Darkclaw\n", f"Hero: Darkclaw {size}\n"
    )
    parsed = parse_text(legal, shadow_era)
    assert [(e.card.name, e.count) for e in parsed.deck.sections["hero"]] == [("Darkclaw", 1)]
    assert parsed.problems == []
    assert check(shadow_era, legal).legal


def test_a_bare_size_after_the_hero_that_no_count_has_is_said(shadow_era, check):
    # 40 after the hero over 37 other cards: the deck is one hero and 37 cards (too few), and
    # the size written is said, as "(45 cards)" is
    short = DECK.replace("4x Forgotten Horror\n", "1x Forgotten Horror\n")
    sections, problems = _read(shadow_era, f"Hero: Gravebone (40)\n\n{short}")
    assert sections["hero"] == [("Gravebone", 1)]
    assert problems == [
        (
            IGNORED_LINE,
            "warning",
            (1,),
            "Line 1: '(40)' after Gravebone is read as the list's own count of its cards, not"
            " copies of Gravebone, but the list holds 38 cards (1 in its Hero, 37 in its"
            " Deck); if they are copies of Gravebone, write 'Gravebone x40'",
        )
    ]
    result = check(shadow_era, f"Hero: Gravebone (40)\n\n{short}")
    assert not result.legal
    assert {p.rule for p in result.errors} == {"se-thirty-nine-others"}


@pytest.mark.parametrize(
    "line", ["Hero: Gravebone (2)", "Hero: Gravebone (3)", "Hero: Gravebone x12"]
)
def test_a_heros_count_of_one_digit_or_with_its_x_is_still_copies(shadow_era, check, line):
    # one digit may be copies a player wrote by mistake, and "x12" says copies: the deck
    # breaks the one-hero rule, as it is written
    sections, _ = _read(shadow_era, f"{line}\n\n{DECK}")
    assert sections["hero"][0][1] > 1
    assert "se-one-hero" in {p.rule for p in check(shadow_era, f"{line}\n\n{DECK}").errors}


# six cards a Skirmish deck of six to eight may hold, below its one leader
SKIRMISH = "Deck:\n2 Ember Scout\n2 Stone Giant\n2 Quick Bolt\n"


@pytest.mark.parametrize(("size", "warned"), [("(7)", False), ("(10)", True), ("(07)", False)])
def test_a_size_after_the_one_leader_of_another_game(skirmish, check, size, warned):
    # "A deck has one leader" (sk-one-leader, exactly: 1): the same line in another game with
    # a section of one card. "(10)" is the list's size, none of its counts, said; one digit is
    # still the leader's copies, seven leaders
    text = f"Leader: Captain Ash {size}\n\n{SKIRMISH}"
    leaders = parse_text(text, skirmish).deck.sections["leader"]
    result = check(skirmish, text)
    if size == "(10)":
        assert [(e.card.name, e.count) for e in leaders] == [("Captain Ash", 1)]
        assert result.legal
    else:
        assert [(e.card.name, e.count) for e in leaders] == [("Captain Ash", 7)]
        assert not result.legal
    assert any(p.rule == IGNORED_LINE for p in result.problems) == warned


@pytest.mark.parametrize(
    ("game", "line", "section"),
    [
        ("era", "Dinos: Ember Rex (10)", "dinos"),
        ("era", "Crystals: Fire Crystal (12)", "crystals"),
        ("arcmage", "Region Deck: Nirvana of the Undead (10)", "regions"),
    ],
)
def test_a_number_after_the_card_of_a_section_of_several_is_still_copies(
    games, game, line, section
):
    # ERA's dinos and crystals ("exactly 3") and Arcmage's regions ("1 to 3") hold more than
    # one card: no list's size is written after the first of them, and the number stays the
    # card's copies, as before
    parsed = parse_text(f"{line}\n", games[game])
    assert [e.count for e in parsed.deck.sections[section]] == [int(line[-3:-1])]


def test_a_count_of_copies_with_one_digit_after_a_header_is_the_cards(shadow_era):
    # "(4 cards)" is as many copies as a deck holds: the card's count, not the deck's size
    sections, _ = _read(shadow_era, "Hero: Gravebone\n\nDeck: Supernova (4 cards)\n")
    assert sections["deck"] == [("Supernova", 4)]


@pytest.mark.parametrize(
    "line", ["Deck Code: 783538B", "Deck code: 783538B", "Deckcode 783538B", "Code: 783538B"]
)
def test_a_deck_code_below_the_cards_is_a_note_not_a_card(shadow_era, line):
    # the code the game's client gives a deck, written below a published list: it was a card
    # no game has, an error that made a legal list illegal
    sections, problems = _read(shadow_era, f"Hero: Gravebone\n\n{DECK}\n{line}\n")
    assert sections["hero"] == [("Gravebone", 1)]
    number = DECK.count("\n") + 4
    assert problems == [
        (
            IGNORED_LINE,
            "warning",
            (number,),
            f"Line {number}: {line!r} is read as the deck's code (as a game's client shares a"
            " deck), a note on the list, not a card",
        )
    ]


def test_words_after_deck_code_that_are_no_code_are_still_said(shadow_era):
    # a code is one word holding a digit; "Deck Code: see below" is no code, and no card
    _, problems = _read(shadow_era, f"Hero: Gravebone\n\n{DECK}\nDeck Code: see below\n")
    assert [rule for rule, *_ in problems] == [UNKNOWN_CARD]


@pytest.mark.parametrize(
    "header",
    [
        "Magic (12 – all burn)",  # a note after the count, in the brackets, as published
        "Magic (12 – all burn):",
        "Magic (12 - incl 4 Sunburst)",
        "Magic [12 – all burn]",
    ],
)
def test_a_note_after_a_headers_count_in_its_brackets_is_the_headers(arcmage, header):
    # "Free Peoples (31 – incl 2 starting above):", a header as a published list writes it:
    # without its colon, the dash within the brackets split the line there, and "all burn)"
    # was a card no game has
    sections, problems = _read(arcmage, f"{header}\n4 Sunburst\n4 Wildfire\n4 Nyms Calling\n")
    assert sections["deck"] == [("Sunburst", 4), ("Wildfire", 4), ("Nym's Calling", 4)]
    assert problems == []


@pytest.mark.parametrize("heading", ["Deck List", "Decklist", "Deck list:", "## Decklist"])
@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("Gravebone Quick Wipe 1.28 (View in deckbuilder)",) * 2,
        ("Gravebone rush (41 cards)", "Gravebone rush"),
    ],
)
def test_a_title_below_the_lists_heading_is_its_title(shadow_era, heading, title, name):
    # an article's "Deck List" heading, then the list as published, its title on top: the
    # title was a card no game has, an error on a legal list
    text = f"{heading}\n\n  {title}\n  Hero: Gravebone\n{DECK}"
    parsed = parse_text(text, shadow_era)
    assert parsed.deck.name == name
    assert [(p.rule, p.severity, p.lines) for p in parsed.problems] == [
        (IGNORED_LINE, "warning", (3,))
    ]


def test_an_unknown_card_below_the_lists_heading_is_no_title(shadow_era):
    # below "Deck List", words over cards (not over a header) are a card no game has, said
    # as one, not taken for the list's title and dropped
    sections, problems = _read(shadow_era, f"Deck List\nHero: Gravebone\nMisplaced\n{DECK}")
    assert sections["hero"] == [("Gravebone", 1)]
    assert [(rule, lines) for rule, _, lines, _ in problems] == [(UNKNOWN_CARD, (3,))]
    _, problems = _read(shadow_era, f"Deck List\nMisplaced\n{DECK}")
    assert [(rule, lines) for rule, _, lines, _ in problems] == [(UNKNOWN_CARD, (2,))]


# A list as players of other games publish it: each group's count on a line below its cards
# ("22 X Lands", "24 Creatures", "14 spells"), with a blank line after it or none.
CLOSING_COUNTS = """Fire/Water Tempo by dinofan (36 cards)

1 X Ember Rex
1 X Cinderhorn Triceratops
1 X Tidefang Mosasaur
3 Dinos

2 X Fire Crystal
1 X Water Crystal
3 Crystals

1 X Volcanic Eruption
1 X Wildfire Season
1 X High Tide
3 Events

3 X Fire Breath
3 X Flame Lash
3 X Kindle
3 X Cinder Claws
3 X Riptide Pull
15 Actions
3 X Torchtail Spike
3 X Obsidian Scale Plate
3 X Bubble Shield
3 X Coral Trident
12 Equipment
"""


def test_a_groups_count_below_its_cards_closes_the_group(era):
    # "3 Dinos" below the three dinos was read as a header over the crystals below it: the
    # crystals were dinos, the events crystals, and a legal list had five errors
    parsed = parse_text(CLOSING_COUNTS, era)
    sections = {
        part: sorted(e.card.name for e in entries) for part, entries in parsed.deck.sections.items()
    }
    assert sections["dinos"] == ["Cinderhorn Triceratops", "Ember Rex", "Tidefang Mosasaur"]
    assert sections["crystals"] == ["Fire Crystal", "Water Crystal"]
    assert sum(e.count for e in parsed.deck.sections["deck"]) == 30
    assert [(p.rule, p.lines) for p in parsed.problems] == [(IGNORED_LINE, (1,))]  # the title


def test_a_count_first_header_over_its_cards_is_still_a_header(era):
    # "3 Dinos" directly over three dinos heads them, as "Dinos (3)" does, though cards above
    # it add up to three too
    text = "Crystals:\n2 Fire Crystal\n1 Water Crystal\n3 Dinos\n1 Kindle\n1 Flame Lash\n"
    text += "1 Ember Rex\n"
    parsed = parse_text(text, era)
    assert [e.card.name for e in parsed.deck.sections["dinos"]] == [
        "Kindle",
        "Flame Lash",
        "Ember Rex",
    ]
