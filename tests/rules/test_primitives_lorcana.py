"""Disney Lorcana's deck rules, written in YAML alone on a small pool in the test's own folder:
at least 60 cards; at most 4 copies of a card by its full name (a character's name and
version: Elsa - Snow Queen and Elsa - Spirit of Winter are two cards); at most 2 ink colors
in the deck, a dual-ink card counting both of its inks."""

from __future__ import annotations

import pytest

GAME = """\
id: lorcana
name: Disney Lorcana
short_name: Lorcana
card_types: [Character, Action, Item, Location]
attributes:
  ink: {label: Ink, kind: list, values: [Amber, Amethyst, Emerald, Ruby, Sapphire, Steel],
        required: true}
sections:
  - {id: deck, name: Deck, noun: card, types: [Character, Action, Item, Location]}
default_section: deck
default_format: core
formats:
  - id: core
    name: Core Constructed
    rules:
      - {id: lor-sixty, check: section-size, section: deck, min: 60,
         title: At least 60 cards, cite: ""}
      - {id: lor-four, check: copy-limit, max: 4,
         title: At most 4 copies of a card by its full name, cite: ""}
      - {id: lor-two-inks, check: distinct-values, attribute: ink, max: 2, noun: ink color,
         title: At most 2 ink colors, cite: ""}
"""

CARDS = """\
game: lorcana
sets:
  - {code: TFC, name: The First Chapter, released: 2023-08-18}
  - {code: ITI, name: Into the Inklands, released: 2024-02-23}
cards:
  - {id: elsa-snow-queen, name: Elsa - Snow Queen, type: Character, set: TFC, ink: [Amethyst]}
  - {id: elsa-spirit, name: Elsa - Spirit of Winter, type: Character, set: TFC, ink: [Amethyst]}
  - {id: merlin, name: Merlin - Goat, type: Character, set: TFC, ink: [Amethyst]}
  - {id: broom, name: Magic Broom - Bucket Brigade, type: Character, set: TFC, ink: [Amethyst]}
  - {id: mim, name: Madam Mim - Fox, type: Character, set: TFC, ink: [Amethyst]}
  - {id: yzma, name: Yzma - Alchemist, type: Character, set: TFC, ink: [Amethyst]}
  - {id: be-prepared, name: Be Prepared, type: Action, set: TFC, ink: [Amethyst]}
  - {id: friends, name: Friends on the Other Side, type: Action, set: TFC, ink: [Amethyst]}
  - {id: mickey-tailor, name: Mickey Mouse - Brave Little Tailor, type: Character, set: TFC,
     ink: [Steel]}
  - {id: maui, name: Maui - Hero to All, type: Character, set: TFC, ink: [Steel]}
  - {id: goofy, name: Goofy - Daredevil, type: Character, set: TFC, ink: [Steel]}
  - {id: beast, name: Beast - Hardheaded, type: Character, set: TFC, ink: [Steel]}
  - {id: hercules, name: Hercules - True Hero, type: Character, set: TFC, ink: [Steel]}
  - {id: cannons, name: Fire the Cannons!, type: Action, set: TFC, ink: [Steel]}
  - {id: dinglehopper, name: Dinglehopper, type: Item, set: TFC, ink: [Steel]}
  - {id: hades, name: Hades - King of Olympus, type: Character, set: ITI, ink: [Amethyst, Steel]}
  - {id: lantern, name: Lantern, type: Item, set: TFC, ink: [Amber]}
  - {id: pride-lands, name: Pride Lands - Pride Rock, type: Location, set: ITI,
     ink: [Amber, Ruby]}
"""

# 60 cards of two inks, Amethyst and Steel (Hades is both): 4 copies of 15 cards.
NAMES = [
    "Elsa - Snow Queen",
    "Elsa - Spirit of Winter",
    "Merlin - Goat",
    "Magic Broom - Bucket Brigade",
    "Madam Mim - Fox",
    "Yzma - Alchemist",
    "Friends on the Other Side",
    "Mickey Mouse - Brave Little Tailor",
    "Maui - Hero to All",
    "Goofy - Daredevil",
    "Beast - Hardheaded",
    "Hercules - True Hero",
    "Fire the Cannons!",
    "Dinglehopper",
    "Hades - King of Olympus",
]
LEGAL = [f"4 {name}" for name in NAMES]


@pytest.fixture
def lorcana(game_from_yaml):
    return game_from_yaml(GAME, CARDS)


def found(check, game, lines, rule=None):
    return [
        (p.rule, p.message, p.cards, p.section, p.lines)
        for p in check(game, "\n".join(lines)).problems
        if rule in (None, p.rule)
    ]


def test_sixty_cards_of_two_inks_are_legal(lorcana, check):
    """Four Elsa - Snow Queen and four Elsa - Spirit of Winter are four copies each of two
    cards: the full name, not the character, is the card."""
    result = check(lorcana, "\n".join(LEGAL))
    assert result.legal, [p.message for p in result.problems]


def test_a_deck_holds_at_least_60_cards(lorcana, check):
    assert found(check, lorcana, [*LEGAL[:-1], "3 Hades - King of Olympus"]) == [
        ("lor-sixty", "At least 60 cards: you have 59 cards", (), "deck", ())
    ]
    assert check(lorcana, "\n".join([*LEGAL, "4 Be Prepared"])).legal


def test_at_most_4_copies_of_a_card_by_its_full_name(lorcana, check):
    lines = [*LEGAL[:-1], "4 Hades - King of Olympus", "1 Elsa - Snow Queen"]
    assert found(check, lorcana, lines) == [
        (
            "lor-four",
            "At most 4 copies of a card by its full name: you have 5 copies of Elsa - Snow Queen"
            " (at most 4)",
            ("Elsa - Snow Queen",),
            "deck",
            (1, 16),
        )
    ]


def test_at_most_2_ink_colors(lorcana, check):
    """A third ink, Amber, names each ink with the cards of it."""
    assert found(check, lorcana, [*LEGAL[:-1], "4 Lantern"]) == [
        (
            "lor-two-inks",
            "At most 2 ink colors: you have 3 ink colors: Amber (Lantern), Amethyst (Elsa -"
            " Snow Queen, Elsa - Spirit of Winter, Merlin - Goat, Magic Broom - Bucket Brigade,"
            " Madam Mim - Fox, Yzma - Alchemist, Friends on the Other Side) and Steel (Mickey"
            " Mouse - Brave Little Tailor, Maui - Hero to All, Goofy - Daredevil, Beast -"
            " Hardheaded, Hercules - True Hero, Fire the Cannons!, Dinglehopper)",
            (*NAMES[:14], "Lantern"),
            "deck",
            tuple(range(1, 16)),
        )
    ]


def test_a_dual_ink_card_counts_both_of_its_inks(lorcana, check):
    """Pride Lands - Pride Rock is Amber and Ruby: in an Amethyst deck it makes three inks,
    and alone with Amber cards it is two."""
    amethyst = [*(f"4 {name}" for name in NAMES[:7]), "4 Pride Lands - Pride Rock"]
    (problem,) = found(check, lorcana, amethyst, "lor-two-inks")
    assert problem[1].startswith(
        "At most 2 ink colors: you have 3 ink colors: Amber (Pride Lands - Pride Rock)"
    )
    assert problem[1].endswith("and Ruby (Pride Lands - Pride Rock)")
    amber = ["4 Lantern", "4 Pride Lands - Pride Rock"]
    assert found(check, lorcana, amber, "lor-two-inks") == []
