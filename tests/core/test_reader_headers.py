"""Lists grouped the way players group them: by card type, with counts in the headers."""

from __future__ import annotations

import re

import pytest

from validator import WARNING, parse_text
from validator.decklist import HEADER_COUNT, IGNORED_LINE, UNKNOWN_CARD, UNKNOWN_SECTION
from validator.rules.base import plural

from ..helpers import example


def cards(parsed, section):
    return [(e.card.name, e.count) for e in parsed.deck.sections.get(section, [])]


# A Shadow Era list as players post them on the forums: the hero, then the deck by card type,
# each header with its count (the same deck as examples/shadow-era-legal.txt).
SHADOW_ERA_FORUM_LIST = """\
Darkclaw - Shadow Wulven

Hero:
Darkclaw

Allies (20):
4x Insolent Pup
4x Den Mother
4x Bad Wolf
4x Wulven Tracker
4x Pack Wolf

Abilities (16):
4x Full Moon
4x Rabid Bite
4x Lone Wolf
4x Pack Alpha

Items (4):
2x Eye of the Dark Forest
2x Spiked Shield
"""

# RYFT players split a list into Beings and Code (Matrixes and the Active and Delayed Codes).
RYFT_FORUM_LIST = """\
Beings (27)
3 Cinder Imp
3 Flarefox Kit
3 Magma Golemling
3 Pyre Knight Valcor
3 Drowned Sentinel
3 Gloom Eel
3 Inkshade Squidling
3 Byte Drone
3 Static Hound

Matrices:
3 Caldera Forge
3 Sunken Archive

Code:
3 Flash Fire Protocol
3 Undertow Script
1 Eruption Countdown
"""

# Arcmage lists group the main deck by type and keep the regions apart.
ARCMAGE_FORUM_LIST = """\
Creatures (32):
4 Kolibri
4 Nourished Flower
4 Elvish Archer
4 Majestic Griffin
4 Esteemed Duelist
4 Benevolent Baron
4 Royal Guard
4 Prince of Thieves

Events (16):
4 Call to Aid
4 Early Spring
4 Whirlwind
4 Touch of Genius

Magic (4):
4 Nature's Outrage

Enchantments (8):
4 Wild Trample
4 Blindfolded

Regions (3):
1 Plymouth
1 Lake of Fire
1 Warren
"""

ERA_FORUM_LIST = """\
Dinos:
1 Ember Rex
1 Cinderhorn Triceratops
1 Tidefang Mosasaur
Crystals:
2 Fire Crystal
1 Water Crystal
Events:
1 Volcanic Eruption
1 Wildfire Season
1 High Tide
Actions (15):
3 Fire Breath
3 Flame Lash
3 Kindle
3 Bubble Shield
3 Riptide Pull
Equipment (12):
3 Cinder Claws
3 Torchtail Spike
3 Obsidian Scale Plate
3 Coral Trident
"""


# Each game's legal deck as its players group it on the forums.
FORUM_LISTS = [
    ("shadow-era", SHADOW_ERA_FORUM_LIST),
    ("ryft", RYFT_FORUM_LIST),
    ("arcmage", ARCMAGE_FORUM_LIST),
    ("era", ERA_FORUM_LIST),
]


@pytest.mark.parametrize(("game_id", "text"), FORUM_LISTS)
def test_a_legal_list_grouped_by_card_type_is_judged_legal(games, check, game_id, text):
    result = check(games[game_id], text.replace("Darkclaw - Shadow Wulven\n", "# Darkclaw\n"))
    assert result.problems == []
    assert result.legal


def _count_first(text: str) -> str:
    # "Allies (20):" written as "20 Allies", as many forum posts head their groups
    return re.sub(r"^([^\n(]+?) \((\d+)\):?$", r"\2 \1", text, flags=re.M)


@pytest.mark.parametrize(("game_id", "text"), FORUM_LISTS)
def test_a_header_with_its_count_first_groups_as_with_its_count_after(games, game_id, text):
    # "20 Allies" was no card called 'Allies', and its cards stayed in the group above
    game = games[game_id]
    before = _count_first(text)
    assert before != text
    after = parse_text(text, game)
    assert parse_text(before, game).problems == after.problems  # a title's note, if any
    assert parse_text(before, game).deck.cards_by_section() == after.deck.cards_by_section()


def test_a_header_with_its_count_first_is_checked_against_its_cards(shadow_era):
    parsed = parse_text("Hero: Darkclaw\n\n9 Allies\n4 Bad Wolf\n4 Pack Wolf", shadow_era)
    assert [(p.rule, p.message) for p in parsed.problems] == [
        (
            HEADER_COUNT,
            "Line 3: '9 Allies' counts 9 cards, but 8 are listed under it; the list is read as"
            " its cards say",
        )
    ]


@pytest.mark.parametrize(
    "header",
    ["2 Sideboard", "2 Sideboard:", "**2 Sideboard:**", "## 2 Sideboard", "// 2 Sideboard:"],
)
def test_a_sideboard_with_its_count_first_holds_its_cards(shadow_era, header):
    # "2 Sideboard" was no card, and the sideboard's cards were counted in the deck; with a
    # colon it was a section the game does not have, and as a heading a comment, unsaid
    parsed = parse_text(f"Hero: Darkclaw\n4 Bad Wolf\n\n{header}\n2 Dread Wolf", shadow_era)
    assert parsed.problems == []
    assert cards(parsed, "deck") == [("Bad Wolf", 4)]
    assert [(e.card.name, e.count) for e in parsed.deck.boards["sideboard"]] == [("Dread Wolf", 2)]


@pytest.mark.parametrize("header", ["9 Allies:", "### 9 Allies", "__9 Allies:__"])
def test_a_header_with_its_count_first_and_a_colon_or_a_heading_mark_heads_its_group(
    shadow_era, header
):
    parsed = parse_text(f"Hero: Darkclaw\n{header}\n4 Bad Wolf\n4 Pack Wolf", shadow_era)
    assert [p.rule for p in parsed.problems] == [HEADER_COUNT]
    assert "counts 9 cards, but 8 are listed under it" in parsed.problems[0].message
    assert cards(parsed, "deck") == [("Bad Wolf", 4), ("Pack Wolf", 4)]


@pytest.mark.parametrize("comment", ["# 40 cards", "// 40 cards", "## 40 Deck"])
def test_a_comment_on_the_lists_size_heads_nothing(shadow_era, comment):
    # a heading of the whole deck's size is a note, not a group of cards to count
    for text in (
        f"{comment}\nHero: Darkclaw\n4 Bad Wolf",
        f"Hero: Darkclaw\n4 Bad Wolf\n{comment}",
    ):
        parsed = parse_text(text, shadow_era)
        assert parsed.problems == []
        assert cards(parsed, "deck") == [("Bad Wolf", 4)]


ERA_COUNTED_GROUPS = """3 Dinos
Ember Rex
Cinderhorn Triceratops
Tidefang Mosasaur

3 Crystals
Fire Crystal x2
Water Crystal x1

30 Cards
Volcanic Eruption
Wildfire Season
High Tide
Fire Breath x3
Flame Lash x3
Kindle x3
Cinder Claws x3
Torchtail Spike x3
Obsidian Scale Plate x3
Bubble Shield x3
Coral Trident x3
Riptide Pull x3
"""


def test_n_cards_over_the_cards_below_it_heads_them(era, check):
    # "30 Cards" was read as the list's total, so the deck's 30 cards stayed among the
    # crystals: 12 errors, one per card
    result = check(era, ERA_COUNTED_GROUPS)
    assert result.problems == []
    assert result.legal


@pytest.mark.parametrize("total", ["\n36 cards", "\n\n36 cards\n"])
def test_n_cards_below_the_list_is_still_its_total(era, total):
    text = ERA_COUNTED_GROUPS.replace("30 Cards\n", "Deck:\n")
    assert parse_text(text + total, era).problems == []
    (problem,) = parse_text(text + total.replace("36", "41"), era).problems
    assert "'41 cards' is read as the list's own count of its cards" in problem.message


def test_a_type_grouped_list_holds_the_same_deck_as_the_sectioned_one(shadow_era):
    grouped = parse_text(SHADOW_ERA_FORUM_LIST.replace("Darkclaw - ", "# "), shadow_era)
    sectioned = parse_text(example("shadow-era-legal.txt"), shadow_era)
    assert grouped.problems == []
    assert sorted(grouped.deck.cards_by_section()["deck"]) == sorted(
        sectioned.deck.cards_by_section()["deck"]
    )
    assert grouped.deck.cards_by_section()["hero"] == [("se017", 1)]


def test_every_game_reads_its_own_legal_deck_grouped_by_plural_types(games, check):
    # Whatever a game's card types, "<Types> (n):" over each group is read as a grouping.
    for game in games.values():
        parsed = parse_text(example(f"{game.id}-legal.txt"), game)
        by_type: dict[str, list] = {}
        for entry in parsed.deck.entries():
            by_type.setdefault(entry.card.type, []).append(entry)
        lines = []
        for card_type, entries in by_type.items():
            total = sum(e.count for e in entries)
            lines.append(f"{plural(card_type, total)} ({total}):")
            lines.extend(f"{e.count}x {e.card.name}" for e in entries)
        result = check(game, "\n".join(lines))
        assert [p.message for p in result.problems] == [], game.id
        assert result.legal, game.id


@pytest.mark.parametrize(
    "header", ["Ally:", "Allies:", "ALLIES", "Allies (6)", "Allies (6):", "Allies [6 cards]"]
)
def test_a_header_naming_a_card_type_groups_its_cards_singular_or_plural(shadow_era, header):
    parsed = parse_text(f"Hero:\nNishaven\n{header}\n4 Fireball\n2 Tome of Knowledge", shadow_era)
    assert parsed.problems == []
    assert cards(parsed, "deck") == [("Fireball", 4), ("Tome of Knowledge", 2)]


def test_each_card_under_a_type_header_goes_where_its_own_type_belongs(era):
    # Players mislabel groups; the card's type decides, as it does in a list with no headers.
    parsed = parse_text("Events:\n1 Ember Rex\n2 Fire Crystal\n3 Fire Breath", era)
    assert parsed.problems == []
    assert cards(parsed, "dinos") == [("Ember Rex", 1)]
    assert cards(parsed, "crystals") == [("Fire Crystal", 2)]
    assert cards(parsed, "deck") == [("Fire Breath", 3)]


@pytest.mark.parametrize("header", ["Main:", "Main", "Mainboard (3):", "Cards:", "Decklist:"])
def test_a_header_over_the_whole_deck_places_cards_by_type(eruma, header):
    # ERUMA names no section "Main"; players head their whole list so all the same.
    outlaw, henchman = _an_outlaw(eruma), _a_henchman(eruma)
    parsed = parse_text(f"{header}\n1 {outlaw}\n2 {henchman}", eruma)
    assert parsed.problems == []
    assert cards(parsed, "deck") == [(outlaw, 1)]
    assert cards(parsed, "extra") == [(henchman, 2)]


def test_deck_40_is_the_section_of_games_that_call_their_deck_so(arcmage, shadow_era):
    parsed = parse_text("Hero:\nNishaven\n\nDeck (4):\n4 Fireball", shadow_era)
    assert parsed.problems == []
    assert cards(parsed, "deck") == [("Fireball", 4)]
    # Arcmage's Main Deck is also called "Main": an explicit header is respected.
    parsed = parse_text("Main:\n4 Kolibri\n1 Plymouth\nRegions:\n1 Swanport", arcmage)
    assert cards(parsed, "deck") == [("Kolibri", 4), ("Plymouth", 1)]


@pytest.mark.parametrize("header", ["Deck:", "Deck (36):", "Main Deck:", "Deck: 1 Ember Rex"])
def test_the_main_section_s_header_alone_over_a_list_heads_the_whole_deck(era, header):
    # "each player must have 3 dinos, 3 crystals, and a deck of 30 cards": a list headed
    # "Deck:" and nothing else holds all three, as a list with no header does.
    text = f"{header}\n1 Ember Rex\n1 Fire Crystal\n3 Kindle"
    parsed = parse_text(text, era)
    assert [p.rule for p in parsed.problems if p.severity == "error"] == []
    assert cards(parsed, "dinos") == [("Ember Rex", 1 + header.endswith("Rex"))]
    assert cards(parsed, "crystals") == [("Fire Crystal", 1)]
    assert cards(parsed, "deck") == [("Kindle", 3)]


def test_the_main_section_s_header_beside_another_section_s_keeps_its_cards(era):
    # With "Dinos:" written too, "Deck:" is the 30 cards' own: a dino listed there is said
    # to be misplaced (the rules count it as a dino all the same).
    parsed = parse_text("Dinos:\n1 Ember Rex\nDeck:\n3 Kindle\n1 Tidefang Mosasaur", era)
    assert cards(parsed, "deck") == [("Kindle", 3), ("Tidefang Mosasaur", 1)]


def test_arcmage_main_alone_over_a_region_lists_it_in_the_region_deck(arcmage):
    parsed = parse_text("Main:\n4 Kolibri\n1 Plymouth", arcmage)
    assert cards(parsed, "deck") == [("Kolibri", 4)]
    assert cards(parsed, "regions") == [("Plymouth", 1)]


def test_a_game_s_own_section_names_come_before_type_headers(eruma):
    # ERUMA calls its Extra Deck "Henchmen" in the rulebook; that name is a section, so an
    # Outlaw listed under it is placed there (and the rules say it does not belong).
    parsed = parse_text(f"Henchmen:\n1 {_an_outlaw(eruma)}", eruma)
    assert parsed.problems == []
    assert cards(parsed, "extra") == [(_an_outlaw(eruma), 1)]


def test_a_header_and_its_first_card_may_share_a_line(era):
    parsed = parse_text("Dinos: 1 Ember Rex\n1 Fire Crystal\nDeck: 3 Kindle\n1 Ember Rex", era)
    assert parsed.problems == []
    assert cards(parsed, "dinos") == [("Ember Rex", 1), ("Fire Crystal", 1)]
    assert cards(parsed, "deck") == [("Kindle", 3), ("Ember Rex", 1)]


@pytest.mark.parametrize("hero", ["Hero: 1x Darkclaw", "Hero: Darkclaw x1", "Hero (1): 1 Darkclaw"])
def test_a_hero_counted_on_its_header_s_line_is_that_slot_alone(shadow_era, hero):
    # As "Hero: Darkclaw" is: the cards below it are the deck's, not heroes misplaced.
    parsed = parse_text(f"{hero}\n4 Bad Wolf\n4 Full Moon", shadow_era)
    assert parsed.problems == []
    assert cards(parsed, "hero") == [("Darkclaw", 1)]
    assert cards(parsed, "deck") == [("Bad Wolf", 4), ("Full Moon", 4)]


def test_a_dino_on_its_header_s_line_over_the_deck_s_cards_is_the_dinos_alone(era):
    parsed = parse_text("Dinos: 1 Ember Rex\n3 Kindle\n3 Fire Breath", era)
    assert parsed.problems == []
    assert cards(parsed, "dinos") == [("Ember Rex", 1)]
    assert cards(parsed, "deck") == [("Kindle", 3), ("Fire Breath", 3)]
    # Over a second dino it starts the section: what follows is listed there, as written.
    parsed = parse_text("Dinos: 1 Ember Rex\n1 Cinderhorn Triceratops\n3 Kindle", era)
    assert cards(parsed, "dinos") == [
        ("Ember Rex", 1),
        ("Cinderhorn Triceratops", 1),
        ("Kindle", 3),
    ]


def test_a_card_whose_name_has_a_colon_is_not_a_header(shadow_era):
    location = next(c for c in shadow_era.cards if ":" in c.name)
    parsed = parse_text(f"1 {location.name}\n{location.name}", shadow_era)
    assert parsed.problems == []
    assert [(e.card.name, e.count) for e in parsed.deck.entries()] == [(location.name, 2)]


def test_a_header_naming_nothing_the_game_knows_is_still_reported(shadow_era):
    parsed = parse_text("Creatures:\n4 Fireball", shadow_era)  # Shadow Era has no Creatures
    (problem,) = parsed.problems
    assert problem.rule == "decklist-unknown-section"
    assert problem.lines == (1,)
    assert cards(parsed, "deck") == [("Fireball", 4)]


def _an_outlaw(eruma):
    return next(c.name for c in eruma.cards if c.type == "Outlaw")


def _a_henchman(eruma):
    return next(c.name for c in eruma.cards if c.type == "Henchman")


def test_rules_drawn_across_a_post_frame_headers_or_nothing(era):
    # Forum posts separate groups with lines of dashes and frame their headers in them.
    text = (
        "=== Dinos ===\n1 Ember Rex\n----------\n=== Deck ===\n3 Kindle\n"
        "--- Sideboard ---\n1 Flame Lash"
    )
    parsed = parse_text(text, era)
    assert parsed.problems == []
    assert cards(parsed, "dinos") == [("Ember Rex", 1)]
    assert cards(parsed, "deck") == [("Kindle", 3)]
    assert [(e.card.name, e.count) for e in parsed.deck.boards["sideboard"]] == [("Flame Lash", 1)]


# -- headers as strangers write them ------------------------------------------------------

RYFT_BY_DOMAIN = """\
Inferno (13):
3 Cinder Imp
3 Flarefox Kit
3 Magma Golemling
3 Pyre Knight Valcor
1 Eruption Countdown
Abyss:
3 Drowned Sentinel
3 Gloom Eel
3 Inkshade Squidling
Circuit:
3 Byte Drone
3 Static Hound
Inferno Code:
3 Caldera Forge
3 Flash Fire Protocol
Abyss Code:
3 Sunken Archive
3 Undertow Script
"""


def test_a_list_grouped_by_its_cards_domains_is_judged_by_its_cards(ryft, check):
    # "Inferno:" names a domain: a group of the list, like "Beings:", not a section.
    result = check(ryft, RYFT_BY_DOMAIN)
    assert result.problems == []
    assert result.legal


@pytest.mark.parametrize("header", ["Shadow (4):", "Neutral", "Wulven:", "Rare cards:"])
def test_a_header_naming_a_value_of_an_attribute_groups_by_type(shadow_era, header):
    parsed = parse_text(f"{header}\n4 Bad Wolf", shadow_era)
    assert parsed.problems == []
    assert cards(parsed, "deck") == [("Bad Wolf", 4)]


@pytest.mark.parametrize("header", ["Hero Cards:", "Hero card", "Ally cards (4):"])
def test_a_header_ending_in_cards_is_read_by_its_other_words(shadow_era, header):
    parsed = parse_text(
        f"{header}\n1 Darkclaw" if "Hero" in header else f"{header}\n4 Bad Wolf", shadow_era
    )
    assert parsed.problems == []
    assert cards(parsed, "hero") + cards(parsed, "deck") in ([("Darkclaw", 1)], [("Bad Wolf", 4)])


@pytest.mark.parametrize(
    ("header", "section"),
    [
        ("Extra Deck (Henchmen):", "extra"),
        ("Henchmen (Extra Deck):", "extra"),
        ("Deck (Outlaws):", "deck"),
        ("Deck [Outlaws]", "deck"),
    ],
)
def test_a_header_with_a_note_in_brackets_is_read_by_its_words_or_its_note(eruma, header, section):
    card = "Zombie" if section == "extra" else _an_outlaw(eruma)
    parsed = parse_text(f"{header}\n2 {card}", eruma)
    assert parsed.problems == []
    assert cards(parsed, section) == [(card, 2)]


@pytest.mark.parametrize("header", ["Side Deck:", "Side deck (5)", "Sidedeck:"])
def test_a_side_deck_is_the_sideboard_not_part_of_the_deck(shadow_era, check, header):
    legal = example("shadow-era-legal.txt")
    result = check(shadow_era, f"{legal}\n{header}\n4 Bad Wolf\n1 Full Moon\n")
    assert result.legal
    assert result.problems == []
    parsed = parse_text(f"{legal}\n{header}\n4 Bad Wolf\n1 Full Moon\n", shadow_era)
    assert [(e.card.name, e.count) for e in parsed.deck.boards["sideboard"]] == [
        ("Bad Wolf", 4),
        ("Full Moon", 1),
    ]


def test_a_header_line_may_name_its_cards_one_after_another(era, check):
    dinos = "Dinos: Ember Rex, Cinderhorn Triceratops, Tidefang Mosasaur"
    text = ERA_FORUM_LIST.replace(
        "Dinos:\n1 Ember Rex\n1 Cinderhorn Triceratops\n1 Tidefang Mosasaur", dinos
    )
    assert text != ERA_FORUM_LIST
    result = check(era, text)
    assert result.problems == []
    assert result.legal
    parsed = parse_text(text, era)
    assert cards(parsed, "dinos") == [
        ("Ember Rex", 1),
        ("Cinderhorn Triceratops", 1),
        ("Tidefang Mosasaur", 1),
    ]
    assert [e.lines for e in parsed.deck.sections["dinos"]] == [(1,), (1,), (1,)]


def test_a_header_line_naming_one_card_that_is_not_one_is_one_unknown_card(era):
    parsed = parse_text("Dinos: Ember Rex, Nonsense Saur", era)
    (problem,) = parsed.problems
    assert problem.rule == "decklist-unknown-card"
    assert "'Ember Rex, Nonsense Saur'" in problem.message


@pytest.mark.parametrize("header", ["Items - Weapons (6)", "ITEM - WEAPON", "Allies - Shadow (6)"])
def test_a_header_and_the_group_within_it_on_one_line_are_a_header(shadow_era, header):
    parsed = parse_text(f"{header}\n2 Rusty Longsword\n4 Bad Wolf", shadow_era)
    assert parsed.problems == []
    assert cards(parsed, "deck") == [("Rusty Longsword", 2), ("Bad Wolf", 4)]


# -- the counts players write in their headers ----------------------------------------------


def test_a_header_count_that_disagrees_with_its_cards_is_said(shadow_era):
    # Players count each group to check their list: 'Allies (20)' over 19 allies is a card
    # left out or a count gone stale, and the list is read as its cards say.
    text = SHADOW_ERA_FORUM_LIST.replace("4x Pack Wolf\n", "3x Pack Wolf\n")
    parsed = parse_text(text, shadow_era)
    (problem,) = [p for p in parsed.problems if p.rule == HEADER_COUNT]
    assert (problem.severity, problem.lines) == (WARNING, (6,))
    assert problem.message == (
        "Line 6: 'Allies (20)' counts 20 cards, but 19 are listed under it; the list is read"
        " as its cards say"
    )
    assert [p.rule for p in parse_text(SHADOW_ERA_FORUM_LIST, shadow_era).problems] == [
        IGNORED_LINE  # the title
    ]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("Sideboard (2):\n1 Flame Lash\n2 Kindle", 1),
        ("Dinos (3):\n1 Ember Rex\n1 Cinderhorn Triceratops\n\nDeck:\n3 Kindle", 1),
        ("**Actions (4)**\n3 Kindle\n\n## Equipment (4)\n3 Cinder Claws\n1 Coral Trident", 1),
        ("Deck (31):\nEvents (1):\n1 Monsoon\nActions:\n3 Kindle", 1),
        ("Kindle (3)\nActions - 4\n3 Kindle", 2),
    ],
)
def test_each_header_count_that_disagrees_is_said_with_its_line(era, text, line):
    parsed = parse_text(text, era)
    (problem,) = [p for p in parsed.problems if p.rule == HEADER_COUNT]
    assert problem.lines == (line,)


@pytest.mark.parametrize(
    "text",
    [
        # the hero counted on its own, then the deck below a blank line, under no header
        "Hero (1)\nDarkclaw\n\n4 Bad Wolf\n4 Full Moon",
        # the whole deck counted with its hero, or without it, over groups of its own
        "Deck (9):\nHero: Darkclaw\nAllies (4):\n4 Bad Wolf\nAbilities (4):\n4 Full Moon",
        "Deck (8):\nHero: Darkclaw\nAllies (4):\n4 Bad Wolf\nAbilities (4):\n4 Full Moon",
        "Main Deck (8)\n\nAllies (4)\n4 Bad Wolf\n\nAbilities (4)\n4 Full Moon",
        "Allies (4)\n4 Bad Wolf\nSB: 2 Full Moon\n\nSideboard (3)\n3 Rabid Bite",
    ],
)
def test_header_counts_as_players_count_are_not_questioned(shadow_era, text):
    assert parse_text(text, shadow_era).problems == []


def test_a_section_counted_over_groups_of_its_own_is_counted_whole(eruma):
    # ERUMA lists count their 15 Outlaws and group them by class below that count.
    outlaws = [c.name for c in eruma.cards if c.type == "Outlaw"]
    text = "Outlaws (15)\nAssassins (4)\n" + "\n".join(outlaws[:4])
    text += "\nThieves (11):\n" + "\n".join(outlaws[4:15])
    assert parse_text(text, eruma).problems == []
    (problem,) = parse_text(text.replace("(15)", "(16)"), eruma).problems
    assert (problem.rule, problem.lines) == (HEADER_COUNT, (1,))
    assert "but 15 are listed under it" in problem.message


@pytest.mark.parametrize(
    "header",
    [
        "Allies & Items",
        "Allies/Items",
        "Allies and Items:",
        "Allies + Items (6)",
        "Ally / Item cards",
    ],
)
def test_a_header_joining_groups_by_and_or_a_slash_is_a_group(shadow_era, header):
    """Forum lists join two small groups under one header ("Locations / Supports"): it is a
    header over both, not the list's title nor a card no game has."""
    parsed = parse_text(f"{header}\n4 Bad Wolf\n2 Spiked Shield", shadow_era)
    assert parsed.problems == []
    assert parsed.deck.name == ""
    assert cards(parsed, "deck") == [("Bad Wolf", 4), ("Spiked Shield", 2)]


@pytest.mark.parametrize(
    "joined",
    [
        "Fire Crystal & Water Crystal",
        "Fire Crystal and Water Crystal",
        "Fire Crystal / Water Crystal",
        "Fire Crystal + Water Crystal",
        "Fire Crystal\tWater Crystal",  # cells of a spreadsheet
    ],
)
def test_a_line_joining_two_cards_whose_words_name_groups_is_no_header(era, joined):
    """Every word of "Fire Crystal & Water Crystal" names a group (an element, a type), but it
    joins two cards' names: read as a header over the cards below, both crystals were dropped
    with nothing said. It is no header, so a line the reader cannot take whole is said."""
    parsed = parse_text(f"3 Kindle\n{joined}\n3 Flame Lash", era)
    assert [(p.rule, p.lines) for p in parsed.problems] == [(UNKNOWN_CARD, (2,))]
    assert parsed.problems[0].message.startswith(f"Line 2: no ERA card is called {joined!r}")


def test_a_header_joining_a_section_and_a_group_places_cards_by_type(arcmage, shadow_era):
    parsed = parse_text("Spells & Creatures:\n4 Kolibri\nRegions:\n1 Plymouth", arcmage)
    assert parsed.problems == []
    assert cards(parsed, "deck") == [("Kolibri", 4)]
    assert cards(parsed, "regions") == [("Plymouth", 1)]
    parsed = parse_text("Hero & Allies\nDarkclaw\n4 Bad Wolf", shadow_era)
    assert parsed.problems == []
    assert cards(parsed, "hero") == [("Darkclaw", 1)]
    assert cards(parsed, "deck") == [("Bad Wolf", 4)]


def test_a_header_joining_a_board_and_the_deck_is_not_guessed(shadow_era):
    """ "Sideboard / Allies" could send its cards beside the deck or into it: it is said, as a
    header the game does not know is, and its cards are placed by type."""
    parsed = parse_text("4 Full Moon\nSideboard / Allies:\n4 Bad Wolf", shadow_era)
    assert [p.rule for p in parsed.problems] == [UNKNOWN_SECTION]
    assert cards(parsed, "deck") == [("Full Moon", 4), ("Bad Wolf", 4)]


@pytest.mark.parametrize(
    ("text", "hero", "deck", "board"),
    [
        ("Hero = Darkclaw\n4 Bad Wolf", ["Darkclaw"], ["Bad Wolf"], []),
        ("Hero=Darkclaw\nAllies = 4 Bad Wolf", ["Darkclaw"], ["Bad Wolf"], []),
        (
            "Hero: Darkclaw\n4 Bad Wolf\nSideboard = 2 Full Moon",
            ["Darkclaw"],
            ["Bad Wolf"],
            ["Full Moon"],
        ),
    ],
)
def test_a_header_and_its_card_may_be_joined_by_an_equals_sign(shadow_era, text, hero, deck, board):
    parsed = parse_text(text, shadow_era)
    assert parsed.problems == []
    assert [name for name, _ in cards(parsed, "hero")] == hero
    assert [name for name, _ in cards(parsed, "deck")] == deck
    assert [e.card.name for e in parsed.deck.boards.get("sideboard", [])] == board


@pytest.mark.parametrize("line", ["Fire Breth (Action)", "3 Fire Breth [Actions]"])
def test_a_misspelt_card_with_its_type_in_brackets_is_said_not_a_header(era, line):
    """A card with its type noted after it, misspelt, was read as a header grouping by that
    type: the card was lost and nothing said."""
    parsed = parse_text(f"4 Flame Lash\n{line}", era)
    assert [p.rule for p in parsed.problems] == [UNKNOWN_CARD]
    assert "did you mean Fire Breath" in parsed.problems[0].message


def test_a_printing_and_the_type_in_brackets_after_it_is_the_card(era):
    parsed = parse_text("4 Flame Lash\n3 Kindle (SDS1A) 15 [Actions]", era)
    assert parsed.problems == []
    assert cards(parsed, "deck") == [("Flame Lash", 4), ("Kindle", 3)]


@pytest.mark.parametrize(
    ("line", "read"),
    [
        ("Fire Crystal, Water Crystal", [("Fire Crystal", 1), ("Water Crystal", 1)]),
        ("Fire Crystal, Fire Crystal", [("Fire Crystal", 2)]),
        ("Fire Crystal\tCrystal", [("Fire Crystal", 1)]),
        ("Fire Crystal | Water Crystal", [("Fire Crystal", 1), ("Water Crystal", 1)]),
    ],
)
def test_cards_named_by_group_words_on_one_line_are_cards_not_a_header(era, line, read):
    """Every word of "Fire Crystal, Water Crystal" names a group (an element, a type), so the
    line was read as a header over a group of groups: both crystals were lost, nothing said."""
    parsed = parse_text(f"3 Kindle\n{line}", era)
    assert parsed.problems == []
    assert cards(parsed, "crystals") == read


@pytest.mark.parametrize("header", ["Draw deck:", "Draw Deck (4)", "Draw pile"])
def test_the_draw_deck_as_a_rulebook_names_it_is_the_deck(arcmage, header):
    """Arcmage's rules keep the regions "separated from your draw deck": that header was the
    list's title, or a section the game does not have."""
    parsed = parse_text(f"{header}\n4 Kolibri\nRegion deck:\n1 Plymouth", arcmage)
    assert parsed.problems == []
    assert cards(parsed, "deck") == [("Kolibri", 4)]
    assert cards(parsed, "regions") == [("Plymouth", 1)]


@pytest.mark.parametrize(
    "line",
    [
        "Dinos: Ember Rex, Cinderhorn Triceratops & Tidefang Mosasaur",
        "Dinos: Ember Rex, Cinderhorn Triceratops and Tidefang Mosasaur",
        "Dinos: Ember Rex / Cinderhorn Triceratops / Tidefang Mosasaur",
        "Dinos: Ember Rex + Cinderhorn Triceratops + Tidefang Mosasaur",
    ],
)
def test_a_header_listing_its_cards_as_words_join_them(era, line):
    parsed = parse_text(line, era)
    assert parsed.problems == []
    assert [name for name, _ in cards(parsed, "dinos")] == [
        "Ember Rex",
        "Cinderhorn Triceratops",
        "Tidefang Mosasaur",
    ]


def test_a_card_named_with_and_is_not_split_from_a_list(eruma):
    parsed = parse_text("Deck: Charlotte, Daisy and Violet", eruma)
    assert parsed.problems == []
    assert [name for name, _ in cards(parsed, "deck")] == ["Charlotte", "Daisy and Violet"]


def test_two_cards_joined_by_a_slash_on_the_first_line_are_the_lists_title(era):
    """ "Ember Rex / Tidefang Mosasaur" on top of a list names the deck by its dinos."""
    parsed = parse_text("Ember Rex / Tidefang Mosasaur\nDinos:\n1 Ember Rex", era)
    assert parsed.deck.name == "Ember Rex / Tidefang Mosasaur"
    assert cards(parsed, "dinos") == [("Ember Rex", 1)]


@pytest.mark.parametrize(
    "title", ["Darkclaw -- Wulven rush", "Darkclaw <- my main", "Darkclaw - Shadow Wulven"]
)
def test_a_card_and_a_note_after_dashes_with_no_count_on_top_is_the_title(shadow_era, title):
    parsed = parse_text(f"{title}\nHero: Darkclaw\n4 Bad Wolf", shadow_era)
    assert parsed.deck.name == title
    assert cards(parsed, "hero") == [("Darkclaw", 1)]


def test_the_games_name_and_a_number_on_top_is_the_lists_title(eruma):
    """ "ERUMA 2" on top names the player's second ERUMA deck, though ERUMA is a set's code and
    "ERUMA 2" card 002 (Makuna); the warning says how to write that card."""
    parsed = parse_text("ERUMA 2\n#015", eruma)
    assert parsed.deck.name == "ERUMA 2"
    assert [e.card.name for e in parsed.deck.entries()] == ["Kuroshi"]
    [problem] = parsed.problems
    assert (problem.rule, problem.severity) == (IGNORED_LINE, WARNING)
    assert "the card Makuna, write 'ERUMA-002'" in problem.message


@pytest.mark.parametrize("first", ["ERUMA-002", "ERUMA 002", "#015\nERUMA 2"])
def test_a_card_number_written_as_one_stays_the_card(eruma, first):
    parsed = parse_text(f"{first}\n#001", eruma)
    assert parsed.problems == []
    assert "Makuna" in [e.card.name for e in parsed.deck.entries()]


def test_a_shadow_era_list_with_german_headers(shadow_era):
    parsed = parse_text(
        "Held:\nDarkclaw\n\nVerbündete (4):\n4 Bad Wolf\n\nFähigkeiten (4):\n4 Full Moon\n\n"
        "Nebendeck:\n2 Rabid Bite",
        shadow_era,
    )
    assert parsed.problems == []
    assert cards(parsed, "hero") == [("Darkclaw", 1)]
    assert cards(parsed, "deck") == [("Bad Wolf", 4), ("Full Moon", 4)]
    assert [(e.card.name, e.count) for e in parsed.deck.boards["sideboard"]] == [("Rabid Bite", 2)]


@pytest.mark.parametrize(
    ("game", "text", "section"),
    [
        ("era", "Kristalle:\n1 Fire Crystal", "crystals"),
        ("era", "Ereignisse (3)\n3 Kindle", "deck"),
        ("eruma", "Handlanger:\n1 Rat", "extra"),
        ("arcmage", "Regionen:\n1 Plymouth", "regions"),
        ("ryft", "Hauptdeck:\n3 Cinder Imp", "deck"),
        ("shadow-era", "Helden: Darkclaw", "hero"),
        ("shadow-era", "Hauptdeck:\nDarkclaw", "hero"),
    ],
)
def test_each_games_section_headers_in_german(games, game, text, section):
    parsed = parse_text(text, games[game])
    assert parsed.problems == []
    assert len(cards(parsed, section)) == 1


@pytest.mark.parametrize(
    "line",
    [
        "Dinos: 2 Ember Rex, 1 Cinderhorn Triceratops; Crystals: 4 Fire Crystal; Deck: 3 Kindle",
        "Dinos: 2 Ember Rex; 1 Cinderhorn Triceratops; Crystals: 4 Fire Crystal | Deck: 3 Kindle",
    ],
)
def test_a_whole_list_on_one_line_sends_each_part_to_its_header(era, line):
    """A list sent as a chat message: its parts split by semicolons (or bars), each headed."""
    parsed = parse_text(line, era)
    assert parsed.problems == []
    assert cards(parsed, "dinos") == [("Ember Rex", 2), ("Cinderhorn Triceratops", 1)]
    assert cards(parsed, "crystals") == [("Fire Crystal", 4)]
    assert cards(parsed, "deck") == [("Kindle", 3)]


def test_a_misspelt_card_in_a_list_on_one_line_is_said_alone(era):
    parsed = parse_text("Dinos: 2 Embr Rex; Crystals: 4 Fire Crystal; Sideboard: 1 Kindle", era)
    assert [p.rule for p in parsed.problems] == [UNKNOWN_CARD]
    assert "'Embr Rex'" in parsed.problems[0].message
    assert cards(parsed, "crystals") == [("Fire Crystal", 4)]
    assert [(e.card.name, e.count) for e in parsed.deck.boards["sideboard"]] == [("Kindle", 1)]


@pytest.mark.parametrize(
    "text",
    [
        "Commander\n1 Ember Rex\n\nDeck\n3 Kindle",  # MTG Arena's export
        "Companion\n1 Ember Rex\n\nDeck\n3 Kindle",
        "Commander (1)\n1 Ember Rex\n\nDeck\n3 Kindle",
        "Commander: 1 Ember Rex\nDeck:\n3 Kindle",
        "Creatures\n1 Ember Rex\n\nDeck\n3 Kindle",
        "Pokémon: 1\n1 Ember Rex\n\nTrainer: 3\n3 Kindle",  # Pokémon TCG Live's export
    ],
)
def test_another_games_header_on_top_is_a_header_the_game_has_not(era, text):
    """A header of another game's lists, alone on the first line, is no title: it is said as
    a header the game does not have, once, its cards placed by their type."""
    parsed = parse_text(text, era)
    assert parsed.deck.name == ""
    assert [(p.rule, p.lines) for p in parsed.problems][:1] == [(UNKNOWN_SECTION, (1,))]
    assert "heads a part of another game's decks; ERA decks have no such section" in (
        parsed.problems[0].message
    )
    assert [p.rule for p in parsed.problems[1:]] in ([], [UNKNOWN_SECTION])
    # No misspelt section, whose cards were meant elsewhere: its cards are where they go.
    assert {p.severity for p in parsed.problems} == {WARNING}
    assert cards(parsed, "dinos") == [("Ember Rex", 1)]
    assert cards(parsed, "deck") == [("Kindle", 3)]


def test_another_games_header_within_a_list_is_a_header_the_game_has_not(shadow_era):
    parsed = parse_text("Hero: Darkclaw\nCompanion\n4 Bad Wolf", shadow_era)
    assert [(p.rule, p.lines, p.severity) for p in parsed.problems] == [
        (UNKNOWN_SECTION, (2,), WARNING)
    ]
    assert cards(parsed, "deck") == [("Bad Wolf", 4)]


def test_a_legal_list_exported_under_another_games_headers_stays_legal(shadow_era, check):
    """MTG Arena writes a commander over its card and 'Deck' over the rest: the hero is in
    the hero's slot, and the verdict is the list's own."""
    text = "Commander\n1 Darkclaw\n\nDeck\n" + "".join(
        line + "\n"
        for line in example("shadow-era-legal.txt").splitlines()
        if line[:1].isdigit() and "Darkclaw" not in line
    )
    assert check(shadow_era, text).legal


@pytest.mark.parametrize(
    ("line", "label"),
    [
        ("Dinos: 1 Ember Rex; Krystals: 4 Fire Crystal; Deck: 3 Kindle", "Krystals"),
        ("Commander: 1 Ember Rex; Crystals: 4 Fire Crystal; Deck: 3 Kindle", "Commander"),
    ],
)
def test_a_header_the_game_has_not_in_a_list_on_one_line_is_said(era, line, label):
    parsed = parse_text(line, era)
    assert [(p.rule, p.lines) for p in parsed.problems] == [(UNKNOWN_SECTION, (1,))]
    message = parsed.problems[0].message
    assert f"{label!r}" in message
    assert "ERA decks have no" in message
    assert cards(parsed, "dinos") == [("Ember Rex", 1)]
    assert cards(parsed, "crystals") == [("Fire Crystal", 4)]
    assert cards(parsed, "deck") == [("Kindle", 3)]


def test_misspelt_names_in_a_list_on_one_line_are_said_each_alone(era):
    parsed = parse_text("Dinos: Embr Rex, Tidefang Mosasaur; Crystals: Fire Crystl", era)
    assert [p.rule for p in parsed.problems] == [UNKNOWN_CARD, UNKNOWN_CARD]
    assert "'Embr Rex'; did you mean Ember Rex?" in parsed.problems[0].message
    assert "'Fire Crystl'" in parsed.problems[1].message
    assert cards(parsed, "dinos") == [("Tidefang Mosasaur", 1)]


@pytest.mark.parametrize("hero", ["Hero:\n1 Darkclaw", "Hero (1):\nDarkclaw", "## Hero\nDarkclaw"])
def test_the_hero_a_blank_line_then_the_deck_holds_the_deck_below_the_hero(shadow_era, check, hero):
    # A player reads the hero, a blank line, then the deck: the allies below are not heroes.
    parsed = parse_text(f"{hero}\n\n4 Pack Wolf\n4 Bad Wolf\n", shadow_era)
    assert parsed.problems == []
    assert cards(parsed, "hero") == [("Darkclaw", 1)]
    assert cards(parsed, "deck") == [("Pack Wolf", 4), ("Bad Wolf", 4)]
    rules = {p.rule for p in check(shadow_era, f"{hero}\n\n4 Pack Wolf\n").problems}
    assert "se-hero-is-a-hero" not in rules


def test_the_regions_a_blank_line_then_the_main_deck_holds_the_main_deck(arcmage, check):
    main = example("arcmage-legal.txt").split("Main Deck:\n")[1].split("\n\nRegion")[0]
    text = f"Regions:\nPlymouth\nLake of Fire\n\n{main}\n"
    parsed = parse_text(text, arcmage)
    assert parsed.problems == []
    assert cards(parsed, "regions") == [("Plymouth", 1), ("Lake of Fire", 1)]
    assert parsed.deck.size("deck") == 60
    assert check(arcmage, text).legal


def test_groups_split_by_blank_lines_within_one_section_stay_in_it(era, shadow_era, arcmage):
    # The dinos a blank line apart are still dinos; regions a blank line apart still regions.
    parsed = parse_text("Dinos:\n1 Ember Rex\n\n1 Tidefang Mosasaur\n\nDeck:\n3 Kindle", era)
    assert cards(parsed, "dinos") == [("Ember Rex", 1), ("Tidefang Mosasaur", 1)]
    parsed = parse_text("Regions:\nPlymouth\n\nWarren\n\n4 Kolibri", arcmage)
    assert cards(parsed, "regions") == [("Plymouth", 1), ("Warren", 1)]
    assert cards(parsed, "deck") == [("Kolibri", 4)]
    # Shadow Era's "Deck:" holds the allies, a blank line, then the abilities.
    parsed = parse_text("Hero:\nDarkclaw\n\nDeck:\n4 Bad Wolf\n\n4 Full Moon", shadow_era)
    assert cards(parsed, "deck") == [("Bad Wolf", 4), ("Full Moon", 4)]


def test_a_card_misplaced_under_a_section_before_a_blank_line_keeps_the_rest_there(shadow_era, era):
    # Cards that already did not fit the header's section: the player listed the part as
    # they meant it, and a blank line does not move what follows.
    parsed = parse_text("Hero:\nDarkclaw\n4 Bad Wolf\n\n4 Pack Wolf", shadow_era)
    assert cards(parsed, "hero") == [("Darkclaw", 1), ("Bad Wolf", 4), ("Pack Wolf", 4)]
    # and a board's cards after a blank line stay on the board
    parsed = parse_text("3 Kindle\nSideboard:\n2 Ember Rex\n\n2 Fire Crystal", era)
    assert [(e.card.name, e.count) for e in parsed.deck.boards["sideboard"]] == [
        ("Ember Rex", 2),
        ("Fire Crystal", 2),
    ]


def _without(parsed, name):
    placed = {}
    for section, entries in parsed.deck.sections.items():
        kept = [(e.card.name, e.count) for e in entries if e.card.name != name]
        if kept:
            placed[section] = kept
    return placed


@pytest.mark.parametrize(
    ("game_id", "misspelt", "name", "text"),
    [
        # the hero misspelt, a blank line, then the deck
        ("shadow-era", "Darkclw", "Darkclaw", "Hero:\n{}\n\n4 Pack Wolf\n4 Bad Wolf"),
        ("shadow-era", "Darkclw", "Darkclaw", "Hero:\n1 {}\n\n4 Pack Wolf\n4 Bad Wolf"),
        ("shadow-era", "Darkclw", "Darkclaw", "Hero: {}\n\n4 Pack Wolf\n4 Bad Wolf"),
        ("shadow-era", "Darkclw", "Darkclaw", "Hero: 1 {}\n\n4 Pack Wolf\n4 Bad Wolf"),
        # "Hero: 1x Card Name" over the deck's cards names the hero alone, spelt right or not
        ("shadow-era", "Darkclw", "Darkclaw", "Hero: 1x {}\n4 Pack Wolf\n4 Bad Wolf"),
        (
            "shadow-era",
            "Darkclw",
            "Darkclaw",
            "4 Bad Wolf\nSideboard:\n2 Pack Wolf\nHero: 1 {}\n4 Full Moon",
        ),
        ("era", "Embr Rex", "Ember Rex", "Dinos: 1 {}\n3 Kindle\n3 Fire Breath"),
        ("shadow-era", "Bad Wulf", "Bad Wolf", "Hero: 1x Darkclaw\n4 {}\n4 Pack Wolf"),
        ("shadow-era", "Darkclw", "Darkclaw", "## Hero\n{}\n\n4 Pack Wolf\n4 Bad Wolf"),
        ("shadow-era", "Darkclw", "Darkclaw", "Hero:\n\n{}\n\n4 Pack Wolf\n4 Bad Wolf"),
        # the deck's first card misspelt below the hero and a blank line
        ("shadow-era", "Bad Wulf", "Bad Wolf", "Hero:\nDarkclaw\n\n4 {}\n4 Pack Wolf"),
        ("shadow-era", "Bad Wulf", "Bad Wolf", "Hero:\nDarkclaw\n\n0 Pack Wolf\n4 {}\n4 Pack Wolf"),
        # the deck's first card misspelt alone between blank lines, the deck below
        ("shadow-era", "Pak Wolf", "Pack Wolf", "Hero:\nDarkclaw\n\n4 {}\n\n4 Bad Wolf"),
        ("arcmage", "Kolbri", "Kolibri", "Regions:\n1 Plymouth\n\n4 {}\n\n4 Footsoldier"),
        # two cards under "Hero:", one of them misspelt
        ("shadow-era", "Darkclw", "Darkclaw", "Hero:\nDarkclaw\n{}\n\n4 Pack Wolf"),
        ("shadow-era", "Darkclw", "Darkclaw", "Hero:\n{}\n4 Bad Wolf\n\n4 Pack Wolf"),
        ("shadow-era", "Bad Wulf", "Bad Wolf", "Hero:\nDarkclaw\n4 {}\n\n4 Pack Wolf"),
        # a region misspelt, a blank line, then the main deck; and regions a blank line apart
        ("arcmage", "Plymuth", "Plymouth", "Regions:\n1 {}\n\n4 Kolibri"),
        ("arcmage", "Plymuth", "Plymouth", "Regions:\n1 {}\nLake of Fire\n\n4 Kolibri"),
        (
            "arcmage",
            "Plymuth",
            "Plymouth",
            "Regions:\n1 {}\n\n1 Lake of Fire\n1 Warren\n\n4 Kolibri",
        ),
        # a dino and a crystal misspelt
        ("era", "Embr Rex", "Ember Rex", "Dinos:\n{}\nTidefang Mosasaur\n\n3 Kindle"),
        ("era", "Fire Crystl", "Fire Crystal", "Crystals:\n2 {}\n1 Water Crystal\n\n3 Kindle"),
    ],
)
def test_a_misspelt_card_below_a_sections_header_places_the_other_cards_as_spelt_right(
    games, game_id, misspelt, name, text
):
    # The misspelt name is its own problem, with the name meant; every other card is where it
    # is when the name is spelt right ("4 Pack Wolf" below the misspelt hero and a blank line,
    # or below "Hero: 1x" and the misspelt hero, is the deck's, not a second card in the hero
    # slot).
    game = games[game_id]
    right = parse_text(text.format(name), game)
    parsed = parse_text(text.format(misspelt), game)
    assert sorted(p.rule for p in parsed.problems) == sorted(
        [UNKNOWN_CARD, *(p.rule for p in right.problems)]
    )
    (said,) = [p for p in parsed.problems if p.rule == UNKNOWN_CARD]
    assert f"did you mean {name}" in said.message
    assert _without(parsed, name) == _without(right, name)


def test_the_misspelt_hero_a_blank_line_then_the_deck_is_one_problem(shadow_era, check):
    text = "Hero:\nDarkclw\n\n4 Bad Wolf\n"
    parsed = parse_text(text, shadow_era)
    assert cards(parsed, "hero") == []
    assert cards(parsed, "deck") == [("Bad Wolf", 4)]
    rules = {p.rule for p in check(shadow_era, text).problems}
    assert "se-hero-is-a-hero" not in rules
    assert UNKNOWN_CARD in rules


@pytest.mark.parametrize(
    "hero",
    ["Hero:\nsee notes", "Hero:\n0 Darkclaw", "Hero:\n1 Darkclaw x2", "Hero:\n1000 Darkclaw"],
)
def test_a_line_no_card_is_counted_from_over_a_blank_line_places_the_deck_by_type(shadow_era, hero):
    # No card counted under "Hero:", yet a line written there: the deck below the blank line
    # is the deck, not the hero slot's
    parsed = parse_text(f"{hero}\n\n4 Pack Wolf\n4 Bad Wolf", shadow_era)
    assert cards(parsed, "hero") == []
    assert cards(parsed, "deck") == [("Pack Wolf", 4), ("Bad Wolf", 4)]


def test_a_hero_and_what_it_is_a_blank_line_then_the_deck(shadow_era):
    # "Darkclaw - Shadow Wulven" is Darkclaw, as a card and what it is are read
    parsed = parse_text("Hero:\nDarkclaw - Shadow Wulven\n\n4 Bad Wolf", shadow_era)
    assert cards(parsed, "hero") == [("Darkclaw", 1)]
    assert cards(parsed, "deck") == [("Bad Wolf", 4)]


ERA_DINOS = "Dinos:\nEmber Rex\nCinderhorn Triceratops\nTidefang Mosasaur\n"


@pytest.mark.parametrize(
    "crystals",
    [
        "Crystals:\nFire\nFire\nWater\n",
        "Crystals:\n2 Fire\nWater\n",
        "Crystals:\nFire x2\nWater\n",
        "Crystals: Fire, Fire, Water\n",
        "Crystals: 2x Fire, 1x Water\n",
        "Crystals:\nFire (2)\nWater\n",
    ],
)
def test_crystals_written_by_their_element_alone_are_those_crystals(era, crystals):
    # "Fire" under Crystals: the one crystal whose element is Fire, said as read.
    parsed = parse_text(ERA_DINOS + crystals, era)
    totals: dict[str, int] = {}
    for name, count in cards(parsed, "crystals"):
        totals[name] = totals.get(name, 0) + count
    assert totals == {"Fire Crystal": 2, "Water Crystal": 1}
    said = list(parsed.problems)
    assert said
    assert all(p.severity == WARNING for p in said)
    assert all("Fire Crystal" in p.message or "Water Crystal" in p.message for p in said)
    assert "the one crystal whose element is Fire" in said[0].message


def test_an_element_over_crystals_of_its_element_still_heads_them(era):
    parsed = parse_text(ERA_DINOS + "Crystals:\nFire\n2 Fire Crystal\nWater\n1 Water Crystal", era)
    assert parsed.problems == []
    assert cards(parsed, "crystals") == [("Fire Crystal", 2), ("Water Crystal", 1)]


@pytest.mark.parametrize(
    "below",
    [
        "\nCards: 6",
        "Total: 6",
        "\nGood luck at regionals!",
        "\nEvents (3)\nVolcanic Eruption\nWildfire Season\nHigh Tide",
        "Events:\nVolcanic Eruption\nWildfire Season\nHigh Tide",
        "3 Events\nVolcanic Eruption\nWildfire Season\nHigh Tide",
        "\nVolcanic Eruption\nWildfire Season\nHigh Tide",
    ],
)
def test_the_last_crystal_written_by_its_element_is_kept_whatever_is_below_it(era, below):
    # "Water" over a total, a closing word or the deck's cards heads none of them: it is the
    # Water crystal (it was read as a header over them, and the crystal was lost unsaid)
    for crystals in ("Crystals:\nFire\nFire\nWater\n", "Crystals:\n2 Fire\nWater\n"):
        parsed = parse_text(ERA_DINOS + crystals + below, era)
        assert cards(parsed, "crystals")[-1] == ("Water Crystal", 1)
        assert sum(count for _, count in cards(parsed, "crystals")) == 3
        events = ["Volcanic Eruption", "Wildfire Season", "High Tide"] if "High" in below else []
        assert [name for name, _ in cards(parsed, "deck")] == events


@pytest.mark.parametrize(
    "crystals",
    [
        "Crystals:\n2 Fire\n1 Water\n",
        "Crystals:\nFire x2\nWater\n",
        "Crystals: Fire, Fire, Water\n",
    ],
)
def test_a_blank_line_below_crystals_written_by_their_element_ends_them(era, crystals):
    # as below "Crystals:" over "2 Fire Crystal": the deck's cards after a blank line are
    # the deck's, not crystals misplaced
    parsed = parse_text(ERA_DINOS + crystals + "\n3 Kindle\n3 Fire Breath", era)
    assert cards(parsed, "deck") == [("Kindle", 3), ("Fire Breath", 3)]
    assert sum(count for _, count in cards(parsed, "crystals")) == 3


def test_a_blank_line_below_crystals_on_their_header_line_ends_them(era):
    parsed = parse_text("Crystals: 2 Fire Crystal, 1 Water Crystal\n\n3 Kindle", era)
    assert cards(parsed, "crystals") == [("Fire Crystal", 2), ("Water Crystal", 1)]
    assert cards(parsed, "deck") == [("Kindle", 3)]


@pytest.mark.parametrize(
    "text",
    [
        "Hero (1):\nDarkclw\n\n4 Pack Wolf",
        "Allies (8):\n4 Bad Wulf\n4 Pack Wolf",
        "Allies (8):\n4 Bad Wolf\n4 Pack Wulf\nAbilities (4):\n4 Full Moon",
        "Deck (8):\n4 Bad Wulf\n4 Full Moon",
    ],
)
def test_a_count_over_a_misspelt_card_is_not_said_to_disagree(shadow_era, text):
    # The card misspelt is said, with the name meant; the copies of it the count holds are
    # not known, so the count is not said to disagree with the cards read ("'Hero (1)'
    # counts 1 card, but 4 are listed under it")
    parsed = parse_text(text, shadow_era)
    assert [p.rule for p in parsed.problems] == [UNKNOWN_CARD]


def test_a_count_over_cards_all_read_is_still_checked_beside_a_misspelt_card(shadow_era):
    parsed = parse_text("Allies (8):\n4 Bad Wolf\nAbilities (4):\n4 Full Mon", shadow_era)
    assert [(p.rule, p.lines) for p in parsed.problems] == [
        (UNKNOWN_CARD, (4,)),
        (HEADER_COUNT, (1,)),
    ]
    parsed = parse_text("4 Bad Wulf\nSideboard (3):\n2 Pack Wolf", shadow_era)
    assert [p.rule for p in parsed.problems] == [UNKNOWN_CARD, HEADER_COUNT]


@pytest.mark.parametrize("header", ["Crystals (3)", "3 Crystals", "Crystals: 3"])
def test_a_count_over_crystals_written_by_their_element_counts_them(era, header):
    parsed = parse_text(f"{header}\nFire\nFire\nWater", era)
    assert not [p for p in parsed.problems if p.rule == HEADER_COUNT]
    (said,) = [
        p for p in parse_text(f"{header}\nFire\nWater", era).problems if p.rule == HEADER_COUNT
    ]
    assert "but 2 are listed under it" in said.message


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Fire\nWater\n", "Water"),  # no section above: no crystal to read it as
        ("3 Kindle\nActions:\nDeck:\n3 Fire Breath", "Actions"),
        ("Allies:\nAbilities:\n4 Full Moon", "Allies"),
        ("Hero:\nDarkclaw\n4 Full Moon\n\nAllies\n", "Allies"),
    ],
)
def test_a_group_header_with_no_card_under_it_is_said(games, text, label):
    game = games["shadow-era"] if "Full Moon" in text else games["era"]
    parsed = parse_text(text, game)
    said = [p for p in parsed.problems if repr(label) in p.message]
    assert said
    assert "no card" in said[0].message
    assert said[0].severity == WARNING


def test_a_group_within_a_group_heads_the_cards_below_both(shadow_era):
    parsed = parse_text("Hero:\nDarkclaw\nShadow:\nAllies (4):\n4 Bad Wolf", shadow_era)
    assert parsed.problems == []
    assert cards(parsed, "deck") == [("Bad Wolf", 4)]


def test_arcmage_tokens_under_their_own_header_are_no_regions(arcmage, check):
    # "Token creatures have the subtype token": "Tokens" groups them, as "Creatures" does,
    # and the rule on tokens speaks of them, not the region deck's.
    main = example("arcmage-legal.txt").split("Region Deck:")[0]
    text = f"{main}Cities:\n1 Warren\n**Tokens**\n2 Little Orc Token\n"
    parsed = parse_text(text, arcmage)
    assert parsed.problems == []
    assert cards(parsed, "regions") == [("Warren", 1)]
    rules = {p.rule for p in check(arcmage, text).problems}
    assert "arcmage-no-tokens" in rules
    assert "arcmage-region-deck-regions-only" not in rules


@pytest.mark.parametrize(
    ("game_id", "header", "card", "section"),
    [
        ("ryft", "Beasts (2):", "Flarefox Kit", "deck"),
        ("shadow-era", "Templars:", "Zailen Crusader", "deck"),
        ("arcmage", "Orcs:", "Orc Scout", "deck"),
    ],
)
def test_a_header_naming_what_the_cards_are_in_free_words_groups_them(
    games, game_id, header, card, section
):
    # The subtypes a pool writes in words of its own ("Orc Token", "Beast") group as types do.
    parsed = parse_text(f"{header}\n2 {card}", games[game_id])
    assert parsed.problems == []
    assert cards(parsed, section) == [(card, 2)]


@pytest.mark.parametrize(
    ("size", "where"),
    [
        *[
            (size, where)
            for size in ("Deck Size: 36", "Deck size - 36")
            for where in ("top", "end")
        ],
        ("Cards: 36", "end"),
        ("Deck: 36", "end"),
        ("Cards: 36", "over its sideboard"),
    ],
)
def test_the_deck_s_size_written_on_the_list_is_its_own_count_not_a_card(era, size, where):
    # "Deck Size: 40" says how many cards the list holds, as "Total: 40" does
    text = ERA_COUNTED_GROUPS.replace("30 Cards\n", "Deck:\n")
    listed = {
        "top": f"{size}\n\n{text}",
        "end": f"{text}\n{size}\n",
        "over its sideboard": f"{text}\n{size}\n\nSideboard:\n2 Kindle\n",
    }[where]
    assert parse_text(listed, era).problems == []
    (problem,) = parse_text(listed.replace("36", "41"), era).problems
    assert "is read as the list's own count of its cards" in problem.message
    assert problem.severity == WARNING


def test_the_deck_s_count_over_its_cards_still_heads_them(shadow_era):
    parsed = parse_text("Hero:\nDarkclaw\n\nDeck: 8\n\n4 Bad Wolf\n4 Full Moon", shadow_era)
    assert parsed.problems == []
    assert cards(parsed, "deck") == [("Bad Wolf", 4), ("Full Moon", 4)]
    (problem,) = parse_text("Deck: 9\n4 Bad Wolf\n4 Full Moon", shadow_era).problems
    assert "'Deck: 9' counts 9 cards, but 8 are listed under it" in problem.message
    # over the list's parts, it heads them all
    text = "Cards: 9\n\nHero:\nDarkclaw\n\nAllies:\n4 Bad Wolf\n4 Pack Wolf\n"
    assert parse_text(text, shadow_era).problems == []


def test_maniacs_counted_over_their_henchmen_count_the_maniacs(eruma):
    # "Maniacs (4)" over four Maniacs and the Henchmen they create: the Henchmen go to the
    # Extra Deck by type, and the count is of the Maniacs
    outlaws = [c.name for c in eruma.cards if c.type == "Outlaw" and c.get("class") != "Maniac"]
    text = "Outlaws (11):\n" + "\n".join(outlaws[:11])
    text += "\n\nManiacs (4)\nLazarus\nGretel\nEndora\nMarvaud\n3 Zombie\n2 Rat\n1 Bear\n"
    text += "1 Pumpkin\n2 Shark\n"
    parsed = parse_text(text, eruma)
    assert parsed.problems == []
    assert parsed.deck.size("extra") == 9
    (problem,) = parse_text(text.replace("(4)", "(5)"), eruma).problems
    assert "'Maniacs (5)' counts 5 cards, but 4 are listed under it" in problem.message
    # a count of all the lines under it is one a player may mean too
    assert parse_text(text.replace("(4)", "(13)"), eruma).problems == []
