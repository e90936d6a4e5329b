"""Decklists as players post them on forums and deck sites, judged against the rulebooks.

Each list under ``tests/rules/lists/`` is written the way real lists are: grouped by card
type with counts in the headers, bullets, markdown, trailing comments, ``3x`` and ``x3``,
sideboards, nicknames and old names, names typed without accents or punctuation. Every
test states the verdict and every problem the list must show (rule and cards), nothing
more; a legal list must be legal. Tests named after a game quote the rulebook sentence
they check (held to its words by ``test_every_quote_here_is_in_its_rulebook``); tests
named ``test_forum_…`` come from a habit of players, not from a rulebook.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.rules.prefixes import GAME_OF_PREFIX
from validator import ERROR, WARNING, parse_text, to_text, validate
from validator.decklist import IGNORED_LINE, READ_AS, UNKNOWN_CARD
from webapp import create_app

LISTS = Path(__file__).resolve().parent / "lists"


def read(name: str) -> str:
    return (LISTS / name).read_text(encoding="utf-8")


def judge(game, text: str, format_id: str | None = None):
    """The verdict on a text list, with what the reader could not read among the problems."""
    parsed = parse_text(text, game)
    return parsed, validate(parsed.deck, format_id, None, parsed.problems)


def found(result, severity: str = ERROR) -> list[tuple[str, tuple[str, ...]]]:
    """Each problem of ``severity`` as (rule, cards), sorted: what a test expects exactly."""
    return sorted(
        (p.rule, tuple(sorted(p.cards))) for p in result.problems if p.severity == severity
    )


def windows_paste(text: str) -> bytes:
    """``text`` as a list saved on Windows by a text editor: a BOM and CRLF line endings."""
    return ("\ufeff" + text.replace("\n", "\r\n")).encode("utf-8")


# -- ERA --------------------------------------------------------------------------------


def test_era_a_forum_list_grouped_by_card_type_is_legal(era):
    """A list with markdown-bold ``**Dinos (3)**`` headers, headers by card type (``Events (3):``,
    ``Actions (15)``, ``Equipment (12)``), ``2x``, ``x3``, trailing ``//`` and ``#`` notes and a
    sideboard: “The deck consists of 3 event cards and 27 other cards.” The sideboard (``SB: 1
    Kelp Wrap`` keeps its count) is kept beside the deck and counts for no rule."""
    parsed, result = judge(era, read("era-forum.txt"))
    assert found(result) == []
    assert found(result, WARNING) == []
    assert result.legal
    sideboard = {e.card.name: e.count for e in parsed.deck.boards["sideboard"]}
    assert sideboard == {"Coral Trident": 2, "Kelp Wrap": 1}
    assert sum(e.count for e in parsed.deck.sections["deck"]) == 30
    assert "Sideboard:\n2 Coral Trident\n1 Kelp Wrap" in to_text(parsed.deck)


def test_era_a_list_saved_on_windows_with_tabs_is_legal(era, tmp_path, run_cli):
    """A BOM, CRLF endings and tab-separated counts (a spreadsheet export) change nothing:
    “For the game to begin, each player must have 3 dinos, 3 crystals, and a deck of 30 cards”."""
    text = read("era-markdown-headings.txt").replace("\n3 Water", "\n\t3\tWater")
    path = tmp_path / "windows.txt"
    path.write_bytes(windows_paste(text))
    result = run_cli("validate", "--game", "era", "--json", path)
    assert result.exit_code == 0, result.output
    (answer,) = json.loads(result.output)
    assert answer["legal"]
    assert answer["problems"] == []


def test_era_markdown_headings_place_the_sideboard_outside_the_deck(era):
    """``## Dinos`` … ``## Sideboard``: a markdown heading naming a part of the deck is a header,
    so the 3 Undertow of the sideboard are not counted in “30 card deck”. A heading that names
    nothing (``# Burn plan``) stays a comment."""
    text = read("era-markdown-headings.txt")
    parsed, result = judge(era, text)
    assert found(result) == []
    assert result.legal
    assert [(e.card.name, e.count) for e in parsed.deck.boards["sideboard"]] == [("Undertow", 3)]
    _, commented = judge(era, "# Burn plan\n" + text)
    assert commented.legal
    assert found(commented, WARNING) == []


def test_era_every_problem_of_a_broken_list_is_named_with_its_cards(era):
    """Two copies of one dino, a promo dino under ``Equipment:``, crystals and events that do not
    follow the dinos, 4 copies of an action, 31 deck cards: “A player can select any 3 dinos they
    wish, however cannot select more than 1 of a unique dino.” “Crystals must match the elements of
    the selected dinos.” “The 3 events must match the elements of the selected dinos.” “A unique
    event card can only be selected once.” “A deck can have up to 3 copies of any unique Action or
    Equipment card.” “Dinos, crystals, and cards printed in the following officially-released
    products are eligible for inclusion in ERA decks”. The dino under a type header goes to the
    dinos, where its type belongs."""
    _, result = judge(era, read("era-broken.txt"))
    assert not result.legal
    assert found(result) == sorted(
        [
            ("era-three-dinos", ()),
            ("era-unique-dinos", ("Ember Rex",)),
            ("era-crystals-match-dinos", ()),  # 1 Air dino, no Air crystal
            ("era-crystals-match-dinos", ()),  # 3 Fire dinos, 2 Fire crystals: none wrong
            ("era-crystals-match-dinos", ("Water Crystal",)),
            ("era-deck-thirty", ()),
            ("era-events-match-dinos", ()),  # 3 Fire dinos, 2 Fire events: none wrong
            ("era-unique-events", ("Volcanic Eruption",)),
            ("era-three-copies", ("Fire Breath",)),
            ("era-eligible-products", ("Riftborn Velociraptor",)),
        ]
    )


def test_era_a_crystal_among_the_dinos_is_one_problem(era):
    """A crystal written under ``Dinos:`` and a dino under ``Crystals:``: each is said once, by the
    type rule of the section it sits in, and the counts still see 3 dinos and 3 crystals:
    “The components the player must prepare are: - 3 dinos”."""
    _, result = judge(era, read("era-misplaced.txt"))
    assert found(result) == [
        ("era-crystals-are-crystals", ("Tidefang Mosasaur",)),
        ("era-dinos-are-dinos", ("Water Crystal",)),
    ]


@pytest.mark.parametrize("written", ["Water Crystal - 3", "Water Crystal: 3", "Water Crystal\t3"])
def test_era_crystals_counted_after_their_name_are_crystals(era, written):
    """``Water Crystal - 3`` is 3 crystals, as ``Kindle - 3`` is 3 Kindles, though the name's
    words each head a group (an element, a card type): read as such a header with a count, the
    line was lost without a word, and a fourth crystal with it. “For the game to begin, each
    player must have 3 dinos, 3 crystals, and a deck of 30 cards”"""
    text = read("era-markdown-headings.txt").replace("3 Water Crystal", written)
    parsed, result = judge(era, text)
    assert found(result) == []
    assert [(e.card.name, e.count) for e in parsed.deck.sections["crystals"]] == [
        ("Water Crystal", 3)
    ]
    _, result = judge(era, text.replace(written, f"{written}\nWater Crystal - 1"))
    assert ("era-three-crystals", ()) in found(result)


def test_era_a_list_counting_each_group_below_its_cards_is_legal(era):
    """A list written as players of other games publish theirs (no public ERA list was
    found): a title with its author and size, ``1 X Ember Rex``, and each group's count on
    the line below its cards (``3 Dinos``, ``15 Actions`` with the equipment right below it).
    Each count closes its group; read as headers, the crystals were dinos and the events
    crystals: “For the game to begin, each player must have 3 dinos, 3 crystals, and a deck
    of 30 cards”."""
    parsed, result = judge(era, read("era-closing-counts.txt"))
    assert result.legal
    assert found(result) == []
    assert found(result, WARNING) == [(IGNORED_LINE, ())]  # the title
    sizes = {part: sum(e.count for e in entries) for part, entries in parsed.deck.sections.items()}
    assert sizes == {"dinos": 3, "crystals": 3, "deck": 30}


# -- Shadow Era ---------------------------------------------------------------------------


def test_shadow_era_a_forum_list_by_card_type_is_legal(shadow_era):
    """``Hero: Boris Skullcrusher`` on one line, ``Allies (16)`` with ``•`` bullets,
    ``Abilities (14):``, ``Items (6)``, ``Supports (3)``, a name typed without its ``!``, and
    an ``SB:`` line and a maybe-board holding cards no Warrior may use: “Every deck must have one
    hero card, and at least 39 other non-hero cards.”"""
    parsed, result = judge(shadow_era, read("shadow-era-forum.txt"))
    assert found(result) == []
    assert found(result, WARNING) == []
    assert [e.card.name for e in parsed.deck.sections["hero"]] == ["Boris Skullcrusher"]
    assert sum(e.count for e in parsed.deck.sections["deck"]) == 39
    assert {e.card.name: e.count for e in parsed.deck.boards["sideboard"]} == {"Now You're Mine": 2}
    assert [e.card.name for e in parsed.deck.boards["maybeboard"]] == ["Loest, Savior of Layar"]


def test_shadow_era_a_fifth_copy_is_counted_when_the_name_could_head_a_group(shadow_era):
    """``Shadow Armor - 4`` is 4 copies of the card, though Shadow is a faction and Armor a
    kind of item that head groups of a list: the line was read as such a header and lost, so a
    fifth copy went unseen. “Each deck may contain a maximum of four copies of any card with
    the same name.”"""
    text = read("shadow-era-forum.txt").replace(
        "3x War Banner", "3x War Banner\nShadow Armor - 4\nShadow Armor x1"
    )
    _, result = judge(shadow_era, text)
    assert found(result) == [("se-four-copies", ("Shadow Armor",))]


@pytest.mark.parametrize(
    "hero", ["Boris Skullcrusher (Human Warrior)", "Hero: Boris Skullcrusher (Human Warrior)"]
)
def test_shadow_era_a_hero_named_with_its_faction_and_class_in_brackets_leads_the_deck(
    shadow_era, hero
):
    """Players name their hero as the rulebook names its class decks, “Human Warrior, Human
    Mage, Human Hunter”: “Every deck has exactly one hero card, which starts in play.” The words
    in brackets are a note, said nothing of as they are what the card is (a faction and class
    it has not would be warned of); the hero was an unknown card or the list's title, and the
    deck had none."""
    text = read("shadow-era-forum.txt").replace("Hero: Boris Skullcrusher", hero)
    parsed, result = judge(shadow_era, text)
    assert found(result) == []
    assert found(result, WARNING) == []
    _, result = judge(shadow_era, text.replace("(Human Warrior)", "(Shadow Mage)"))
    assert found(result, WARNING) == [(READ_AS, ("Boris Skullcrusher",))]
    assert [e.card.name for e in parsed.deck.sections["hero"]] == ["Boris Skullcrusher"]
    _, result = judge(shadow_era, text.replace("Boris Skullcrusher", "Banebow"))
    assert ("se-hero-faction", ("Dirk Saber",)) in found(result)


@pytest.mark.parametrize(
    ("game_id", "line", "card", "number"),
    [
        ("era", "SDS1B-001 Galeclaw Raptor", "Galeclaw Raptor", "SDS1B-001"),
        ("era", "1 SDS1B-001 Galeclaw Raptor", "Galeclaw Raptor", "SDS1B-001"),
        ("shadow-era", "4 se021 Jasmine Rosecult", "Jasmine Rosecult", "se021"),
    ],
)
def test_a_card_number_before_the_name_names_that_printing(games, game_id, line, card, number):
    """Exports that print each card's number before its name: the number and the name agree,
    so the line is that card, in the printing numbered."""
    parsed = parse_text(line, games[game_id])
    [entry] = [e for entries in parsed.deck.sections.values() for e in entries]
    assert (entry.card.name, entry.card.number) == (card, number)
    assert parsed.problems == []


def test_a_card_number_before_another_card_s_name_is_not_read(shadow_era):
    """A number and a name that disagree name no card: the player is asked, not guessed for."""
    parsed = parse_text("Hero:\nBoris Skullcrusher\nDeck:\n4 se021 Bad Wolf", shadow_era)
    assert [e.card.name for e in parsed.deck.sections.get("deck", [])] == []
    assert [p.rule for p in parsed.problems] == ["decklist-unknown-card"]


@pytest.mark.parametrize("line", ["Fire Breath (SDS1A 13)", "Fire Breath (2 cards ago)"])
def test_words_in_brackets_with_a_digit_are_not_dropped_as_a_note(era, line):
    """A count or a printing in brackets is never read away as a note: the line stays a
    problem the player sees, not one copy of the card."""
    parsed, result = judge(era, f"Dinos:\n1 Ember Rex\nDeck:\n{line}")
    assert [e.card.name for e in parsed.deck.sections.get("deck", [])] == []
    assert any(line in p.message for p in result.problems)


@pytest.mark.parametrize("line", ["Fire Breath (2 copies)", "Fire Breath (x 2)"])
def test_a_count_in_brackets_with_its_word_or_its_x_is_that_count(era, line):
    """Not one copy of the card, read past a note, but the count it says."""
    parsed, result = judge(era, f"Dinos:\n1 Ember Rex\nDeck:\n{line}")
    assert [(e.card.name, e.count) for e in parsed.deck.sections["deck"]] == [("Fire Breath", 2)]
    assert not [p for p in result.problems if p.rule.startswith("decklist-")]


def test_shadow_era_two_heroes_check_every_card_against_both(shadow_era):
    """A Human Warrior and a Shadow Mage hero under ``Heroes:``: the hero problem names both; a
    Shadow ally and a Mage ability fit one of them and are not blamed, a Wulven ally fits neither:
    “Cards that have one or more Class icons may only be used in decks with a hero that has at
    least one matching icon.” “Each deck may contain a maximum of four copies of any card with the
    same name.”"""
    _, result = judge(shadow_era, read("shadow-era-two-heroes.txt"))
    assert found(result) == [
        ("se-four-copies", ("Sandra Trueblade",)),
        ("se-hero-class", ("Pack Wolf",)),
        ("se-one-hero", ("Boris Skullcrusher", "Majiya")),
        ("se-thirty-nine-others", ()),
    ]


def test_shadow_era_a_published_wulven_list_is_legal(shadow_era):
    """A list as published on a forum, kept as it was written: indented, titled with its size
    and the game's build, ``Hero: Moonstalker``, ``Allies (15)`` and ``Abilities (24)`` over
    ``4x`` lines (two items among the abilities, placed by their type): “Every deck must have
    one hero card, and at least 39 other non-hero cards.” “Cards that have one or more Class
    icons may only be used in decks with a hero that has at least one matching icon.” Its
    title is the only thing said, and the deck's name."""
    parsed, result = judge(shadow_era, read("shadow-era-published-wulven.txt"))
    assert result.legal
    assert found(result) == []
    assert found(result, WARNING) == [(IGNORED_LINE, ())]
    assert parsed.deck.name == "Wrath of the Wulven (40 cards deck for Shadow Era build 1.28)"
    assert [(e.card.name, e.count) for e in parsed.deck.sections["hero"]] == [("Moonstalker", 1)]
    assert sum(e.count for e in parsed.deck.sections["deck"]) == 39
    assert len(parsed.deck.sections["deck"]) == 12  # every line read, none dropped


def test_shadow_era_a_published_list_with_its_size_after_the_hero_is_legal(shadow_era):
    """A list as published on a forum: ``Hero: Gravebone (41 cards)`` names the hero and the
    deck's size, not 41 heroes (the list was said to have 41 heroes and 81 cards); its
    ``Deck Code:`` line below the cards is the code the game's client shares the deck by, a
    note, not a card. A Shadow Mage hero, 40 other cards of the Shadow faction, the Mage class
    or neither: “Every deck must have one hero card, and at least 39 other non-hero cards.”
    “Each deck may contain a maximum of four copies of any card with the same name.”"""
    text = read("shadow-era-published-gravebone.txt")
    parsed, result = judge(shadow_era, text)
    assert result.legal
    assert found(result) == []
    assert found(result, WARNING) == [(IGNORED_LINE, ())]  # the deck code
    assert [(e.card.name, e.count) for e in parsed.deck.sections["hero"]] == [("Gravebone", 1)]
    assert sum(e.count for e in parsed.deck.sections["deck"]) == 40
    assert len(parsed.deck.sections["deck"]) == 12
    # a size that is not the list's is said, naming the hero: the hero is still one
    parsed, result = judge(shadow_era, text.replace("(41 cards)", "(42 cards)"))
    assert result.legal
    assert found(result, WARNING) == [(IGNORED_LINE, ()), (IGNORED_LINE, ("Gravebone",))]
    assert [(e.card.name, e.count) for e in parsed.deck.sections["hero"]] == [("Gravebone", 1)]


def test_shadow_era_a_published_list_below_its_articles_heading_names_its_missing_card(
    shadow_era,
):
    """A list as published in an article, below its heading ``Deck List``: its title
    (``Eladwen Quick Wipe 1.28 (View in deckbuilder)``) is the title, not a card no game has.
    Its ``2x Misplaced`` is a card the pool's card data does not hold (so the verdict changes
    when the card is added to the pool): said with its line, it leaves 38 cards beside the
    hero, every other line read. “Every deck must have one hero card, and at least 39 other
    non-hero cards.”"""
    parsed, result = judge(shadow_era, read("shadow-era-published-eladwen.txt"))
    assert found(result) == [(UNKNOWN_CARD, ("Misplaced",)), ("se-thirty-nine-others", ())]
    assert found(result, WARNING) == [(IGNORED_LINE, ())]
    assert parsed.deck.name == "Eladwen Quick Wipe 1.28 (View in deckbuilder)"
    assert [(e.card.name, e.count) for e in parsed.deck.sections["hero"]] == [
        ("Eladwen Frostmire", 1)
    ]
    assert sum(e.count for e in parsed.deck.sections["deck"]) == 38
    assert len(parsed.deck.sections["deck"]) == 10


def test_forum_dash_bullets_printings_and_a_total_line_are_read(shadow_era):
    """Habits of lists pasted from word processors and deck sites: an en-dash bullet, a
    non-breaking space after the count, ``*`` bullets, ``(COTC) 28``, ``[COTC-064]``, ``×4``,
    ``#se068``, headers ``Allies - 16`` and ``Abilities [14 cards]``, and ``Total: 40 cards``
    at the end, which is the player's own count: not an unknown card, and nothing to say
    while it agrees with the cards; a total that does not is an ignored line, said."""
    _, result = judge(shadow_era, read("shadow-era-habits.txt"))
    assert found(result) == []
    assert found(result, WARNING) == []
    assert result.legal
    _, result = judge(shadow_era, read("shadow-era-habits.txt").replace("40", "42"))
    (total,) = [p for p in result.problems if p.severity == WARNING]
    assert (total.rule, total.lines) == (IGNORED_LINE, (20,))
    assert found(result) == []


@pytest.mark.parametrize("line", ["Total: 40", "Total cards - 40", "40 cards", "Card count: 40"])
def test_forum_a_total_line_is_a_warning_not_a_card(era, line):
    """The count players put under a list is reported as a warning: nothing is dropped silently."""
    parsed = parse_text(f"3 Kindle\n{line}", era)
    assert [(p.rule, p.severity, p.lines) for p in parsed.problems] == [
        (IGNORED_LINE, WARNING, (2,))
    ]


# -- RYFT ---------------------------------------------------------------------------------


def test_ryft_a_forum_list_with_beings_matrices_and_code_headers_is_legal(ryft):
    """``Beings (24)``, ``Matrices (6)``, ``Code (10):`` (Active and Delayed Code alike), a title
    underlined with ``====`` and ``Patchbot Unit 7`` for ``Patchbot Unit-7``: “In RYFT Card
    Battle, 2 Players build a 40 card deck to defeat their Rival, with a maximum of 3 of each
    card.” Three copies of a Matrix card are legal in Standard."""
    _, result = judge(ryft, read("ryft-forum.txt"))
    assert found(result) == []
    assert found(result, WARNING) == []


RYFT_EXPORT = """\
3 Comet Hare (RYFT1) 21
3 Nebula Moth (RYFT1) 22
3 Starling Wisp (RYFT1) 023
2 Celestial Arbiter [RYFT1-24]
1 Zenith Seraph Aurelia RYFT1 25
3 Astral Page (RYFT2) 13
3 Prism Gazer (RYFT2) 14
2 Voidstep Phantom (RYFT2) 15
3 Mossguard Tortoise (RYFT1) 16
3 Sproutling Dryad (RYFT1) 17
3 Starfall Observatory (RYFT1) 30
3 Overgrown Sanctum (RYFT1) 29
3 Ryft Surge (RYFT1) 35
3 Eclipse Seal (RYFT1) 40
2 Astral Mirror (RYFT2) 19
"""


def test_ryft_an_export_naming_each_printing_by_set_and_number_is_legal(ryft):
    """A deck builder's export, ``3 Comet Hare (RYFT1) 21`` for the card numbered RYFT1-021:
    “In RYFT Card Battle, 2 Players build a 40 card deck to defeat their Rival, with a maximum of
    3 of each card.” Each line names that printing; a number that is not the card's (in RYFT2,
    Comet Hare has none) is still a warning."""
    parsed, result = judge(ryft, RYFT_EXPORT)
    assert found(result) == []
    assert found(result, WARNING) == []
    assert all(e.printing_named for e in parsed.deck.sections["deck"])
    assert sum(e.count for e in parsed.deck.sections["deck"]) == 40
    _, result = judge(ryft, RYFT_EXPORT.replace("(RYFT1) 21", "(RYFT2) 21"))
    assert found(result, WARNING) == [(READ_AS, ("Comet Hare",))]


def test_ryft_singleton_matrix_reads_unique_as_one_copy(ryft):
    """The same list in the Singleton Matrix format: “Matrix Cards are unique Code cards that are
    placed in Battle Zones.” read as one copy of each."""
    _, result = judge(ryft, read("ryft-forum.txt"), "singleton-matrix")
    assert found(result) == [
        ("ryft-one-of-each-matrix", ("Caldera Forge",)),
        ("ryft-one-of-each-matrix", ("Mainframe Nexus",)),
    ]


def test_ryft_a_token_in_the_deck_and_a_fourth_copy_are_named(ryft):
    """A ``Tokens:`` group, 4 copies of a Being and 21 cards: “Their decks will consist of Being
    and Code cards” and “2 Players build a 40 card deck to defeat their Rival, with a maximum of 3
    of each card.”"""
    _, result = judge(ryft, read("ryft-broken.txt"))
    assert found(result) == [
        ("ryft-being-and-code-only", ("Ember Spawn",)),
        ("ryft-forty-cards", ()),
        ("ryft-three-copies", ("Cinder Imp",)),
    ]


# -- Arcmage ------------------------------------------------------------------------------


def test_arcmage_a_list_counting_each_group_below_its_cards_is_legal(arcmage):
    """A list written as players of other games publish theirs (no public Arcmage list was
    found): ``4 X Kolibri``, ``32 Creatures`` below the creatures and over the spells, ``28
    spells`` and ``3 Regions`` below theirs, and ``sb:``: “Every player must have a main deck
    of exactly 60 cards, and in addition there has to be a separate region deck of up to 3
    cards.”"""
    parsed, result = judge(arcmage, read("community-arcmage-closing-counts.txt"))
    assert result.legal
    assert found(result) == []
    assert found(result, WARNING) == [(IGNORED_LINE, ())]  # the title
    assert sum(e.count for e in parsed.deck.sections["deck"]) == 60
    assert [e.card.name for e in parsed.deck.sections["regions"]] == [
        "Plymouth",
        "Lake of Fire",
        "Warren",
    ]
    assert [(e.card.name, e.count) for e in parsed.deck.boards["sideboard"]] == [("Fireblaze", 2)]


def test_arcmage_a_bold_headed_list_with_an_old_name_is_legal(arcmage):
    """``**Creatures (36)**`` … ``**Cities (2)**`` in bold, saved on Windows, an old name
    (``Misled Goblin``), a card by number (``#157``) and ``Nyms Calling`` without its
    apostrophe: “Every player must have a main deck of exactly 60 cards, and in addition there has
    to be a separate region deck of up to 3 cards.” The old name is read with a warning."""
    text = windows_paste(read("arcmage-forum.txt")).decode("utf-8")
    parsed, result = judge(arcmage, text)
    assert found(result) == []
    assert found(result, WARNING) == [(READ_AS, ("Misled Orc",))]
    assert sum(e.count for e in parsed.deck.sections["deck"]) == 60
    assert [e.card.name for e in parsed.deck.sections["regions"]] == ["Warren", "Tunnel Network"]


@pytest.mark.parametrize(
    "title", ["Deck: Gaian Birds v2", "Decklist - birds & flowers", "Main Deck: Birds by Kev"]
)
def test_arcmage_a_deck_named_on_its_first_line_is_a_title_not_a_card(arcmage, title):
    """Forum posts open with the deck's name after "Deck:": “Every player must have a main deck
    of exactly 60 cards, and in addition there has to be a separate region deck of up to 3
    cards.” The first line names no card, so it is the list's title (a warning), as a first line
    without the header is; with a count after the header it is still a card."""
    text = read("arcmage-forum.txt")
    parsed, result = judge(arcmage, f"{title}\n{text}")
    assert found(result) == []
    assert (IGNORED_LINE, ()) in found(result, WARNING)
    assert sum(e.count for e in parsed.deck.sections["deck"]) == 60
    _, result = judge(arcmage, f"Deck: 2 Orc Thugz\n{text}")
    assert (UNKNOWN_CARD, ("Orc Thugz",)) in found(result)


@pytest.mark.parametrize(
    "chapter",
    [
        "I. Warren\nII. Tunnel Network",
        "I) Warren\nII) Tunnel Network",
        "(I) Warren\n(II) Tunnel Network",
        "Warren (I)\nTunnel Network (II)",
        "Warren [I]\nTunnel Network [II]",
        "I. 1x Warren\nII. 1x Tunnel Network",
    ],
)
def test_arcmage_regions_written_with_their_chapter_places_are_the_region_deck(arcmage, chapter):
    """Players write each region's place in the chapter before or after it, as the cards show
    it: “This position in the chapter is shown in roman numericals, I, II and III, meaning that
    the card should be first (on top of the chapter), second or last (at the bottom of the
    chapter).” ``I. Warren`` was an unknown card and ``Warren (I)`` a printing no card has."""
    text = read("arcmage-forum.txt").replace("Warren\nTunnel Network", chapter)
    parsed, result = judge(arcmage, text)
    assert found(result) == []
    assert found(result, WARNING) == [(READ_AS, ("Misled Orc",))]
    assert [(e.card.name, e.count) for e in parsed.deck.sections["regions"]] == [
        ("Warren", 1),
        ("Tunnel Network", 1),
    ]


def test_arcmage_every_problem_of_a_broken_list_is_named(arcmage):
    """59 cards with a region and a token among them, 5 copies of a card, and four regions of two
    factions: “It's usually allowed to have 4 copies of a card in the deck unless otherwise
    explicitly stated on a card.” “It is only allowed to have regions from one single faction in
    the region deck.” “Regions are special cards that you keep separated from your draw deck”."""
    _, result = judge(arcmage, read("arcmage-broken.txt"))
    assert found(result) == sorted(
        [
            ("arcmage-four-copies", ("Orc Thug",)),
            ("arcmage-no-tokens", ("Big Orc Token",)),
            ("arcmage-region-deck-size", ()),
            (
                "arcmage-regions-single-faction",
                ("Lake of Fire", "Plymouth", "Sanctuary", "Tunnel Network"),
            ),
            ("arcmage-regions-kept-apart", ("Warren",)),
            ("arcmage-sixty-cards", ()),
        ]
    )


# -- ERUMA --------------------------------------------------------------------------------


def test_eruma_a_list_grouped_by_class_one_name_a_paragraph_is_legal(eruma):
    """A list written as deck sites lay out a singleton deck (no public ERUMA list was
    found): upper-case groups with their counts (``ASSASSINS (4)``), a blank line between
    names, names without their accents and points (``Glacain``, ``Mr Ivanov``), a remark in
    brackets and ``EXTRA DECK (10)`` over ``3 x Zombie``: “The Deck must be exactly 15
    Outlaw Cards.” “You can only have 1 copy of the same card in your Deck.”"""
    parsed, result = judge(eruma, read("community-eruma-grouped-by-class.txt"))
    assert result.legal
    assert found(result) == []
    assert found(result, WARNING) == [(IGNORED_LINE, ()), (READ_AS, ("Endora",))]
    assert len(parsed.deck.sections["deck"]) == 15
    assert sum(e.count for e in parsed.deck.sections["extra"]) == 10


def test_eruma_a_list_typed_without_accents_is_legal(eruma):
    """``Outlaws (15)`` with ``-`` bullets, names typed without accents or dots (``Glacain``,
    ``Gevaudan``, ``Cesar``, ``Kthulhaazgar``, ``Mr Ivanov``, ``Dr Klonn``) and ``Didi & Dimbo``,
    then ``Henchmen:`` with copies: “The Deck must be exactly 15 Outlaw Cards.” and “Your Extra
    Deck can have as many cards as you want and no limits for copies of the same card.”"""
    parsed, result = judge(eruma, read("eruma-forum.txt"))
    assert found(result) == []
    assert found(result, WARNING) == [(READ_AS, ("Didi and Dimbo",))]
    assert sum(e.count for e in parsed.deck.sections["deck"]) == 15
    assert {e.card.name: e.count for e in parsed.deck.sections["extra"]}["Zombie"] == 3


def test_forum_an_ampersand_reads_as_and(eruma):
    """Players write ``&`` for "and" in a card's name; an unknown name stays unknown."""
    parsed = parse_text("1 Daisy & Violet\n1 Daisy & Nobody", eruma)
    assert [e.card.name for e in parsed.deck.entries()] == ["Daisy and Violet"]
    assert [p.rule for p in parsed.problems] == [READ_AS, UNKNOWN_CARD]


ERUMA_NAMES_A_LINE = """\
Outlaws:
Charlotte, Makuna, Shimaru, Beetrice, Toxique
Miara, Dejavu, Cerebro, Limbo, Oberon
- White King, Naptali, Bumi, Trevor, Ventus
Henchmen: Zombie, Shark
"""


def test_eruma_fifteen_outlaws_written_five_names_a_line_are_a_legal_deck(eruma):
    """A singleton list is often written as names with commas between them, under a header:
    “The Deck must be exactly 15 Outlaw Cards.” and “You can only have 1 copy of the same card
    in your Deck.” Each name is one copy; a line naming anything else stays one unknown card."""
    parsed, result = judge(eruma, ERUMA_NAMES_A_LINE)
    assert found(result) == []
    assert sum(e.count for e in parsed.deck.sections["deck"]) == 15
    assert parsed.deck.sections["deck"][5].card.name == "Miara"
    assert parsed.deck.sections["deck"][5].lines == (3,)
    _, result = judge(eruma, ERUMA_NAMES_A_LINE.replace("Ventus", "Charlotte"))
    assert found(result) == [("eruma-one-copy", ("Charlotte",))]
    parsed = parse_text("Outlaws:\nCharlotte, Nobody, Makuna", eruma)
    assert [(p.rule, p.cards) for p in parsed.problems] == [
        (UNKNOWN_CARD, ("Charlotte, Nobody, Makuna",))
    ]


@pytest.mark.parametrize("written", ["Makuna [2]", "Makuna [x2]", "Makuna (2)"])
def test_eruma_a_count_in_brackets_after_a_name_is_copies_not_its_number(eruma, written):
    """``[2] Makuna`` and ``Makuna (2)`` are 2 copies, and so is ``Makuna [2]``: read as the
    card numbered 2 (Makuna is 002), the second copy went unseen and a list breaking “You can
    only have 1 copy of the same card in your Deck.” was legal."""
    parsed, result = judge(eruma, read("eruma-forum.txt").replace("Makuna", written, 1))
    assert [(e.card.name, e.count) for e in parsed.deck.sections["deck"][:2]] == [
        ("Charlotte", 1),
        ("Makuna", 2),
    ]
    assert ("eruma-one-copy", ("Makuna",)) in found(result)


ERUMA_BROKEN = [
    ("eruma-deck-outlaws-only", ("Zombie",)),
    ("eruma-extra-henchmen-only", ("Cannon",)),
    ("eruma-fifteen-cards", ()),
    ("eruma-henchmen-of-henchmen-in-extra", ("Pumpkin",)),
    ("eruma-one-copy", ("Charlotte",)),
    ("eruma-summoned-henchmen-in-extra", ("Gretel",)),
    ("eruma-summoned-henchmen-in-extra", ("Lazarus",)),
    ("eruma-summoned-henchmen-in-extra", ("Mabel",)),
]


def test_eruma_every_problem_of_a_broken_list_is_named(eruma):
    """A second Charlotte, a Henchman under ``Deck:``, an Outlaw under ``Extra Deck:``:
    “You can only have 1 copy of the same card in your Deck.” and “The Extra deck has Henchman
    Cards only”; the 15 lines under ``Deck:`` are 14 Outlaw cards and the Zombie: “The Deck
    must be exactly 15 Outlaw Cards.” Missing Henchmen are warnings in Standard."""
    _, result = judge(eruma, read("eruma-broken.txt"))
    errors = [
        p
        for p in ERUMA_BROKEN
        if p[0].startswith(("eruma-deck", "eruma-extra", "eruma-one", "eruma-fifteen"))
    ]
    assert found(result) == errors


def test_eruma_a_misplaced_henchman_is_one_problem_when_henchmen_are_required(eruma):
    """In Henchmen required, the Zombie written under ``Deck:`` is said once, by “The Deck must be
    exactly 15 Outlaw Cards.”, not also as an Outlaw whose Zombie is missing from the Extra Deck:
    “When a card's power tells you to summon a Henchman, you must take the card with the matching
    name from your Extra Deck”."""
    _, result = judge(eruma, read("eruma-broken.txt"), "henchmen-required")
    assert found(result) == ERUMA_BROKEN


# -- the same verdicts from the command line and the API ----------------------------------

VERDICTS = {
    "era-forum.txt": ("era", True),
    "era-markdown-headings.txt": ("era", True),
    "era-broken.txt": ("era", False),
    "era-misplaced.txt": ("era", False),
    "shadow-era-forum.txt": ("shadow-era", True),
    "shadow-era-habits.txt": ("shadow-era", True),
    "shadow-era-two-heroes.txt": ("shadow-era", False),
    "shadow-era-published-wulven.txt": ("shadow-era", True),
    "shadow-era-published-gravebone.txt": ("shadow-era", True),
    "shadow-era-published-eladwen.txt": ("shadow-era", False),
    "era-closing-counts.txt": ("era", True),
    "community-arcmage-closing-counts.txt": ("arcmage", True),
    "community-eruma-grouped-by-class.txt": ("eruma", True),
    "ryft-forum.txt": ("ryft", True),
    "ryft-broken.txt": ("ryft", False),
    "arcmage-forum.txt": ("arcmage", True),
    "arcmage-broken.txt": ("arcmage", False),
    "eruma-forum.txt": ("eruma", True),
    "eruma-broken.txt": ("eruma", False),
}


def test_every_list_here_has_its_verdict():
    assert sorted(VERDICTS) == sorted(p.name for p in LISTS.glob("*.txt"))


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    app = create_app(
        {"DATABASE": str(tmp_path_factory.mktemp("api") / "db.sqlite"), "TESTING": True}
    )
    return app.test_client()


@pytest.mark.parametrize("name", sorted(VERDICTS))
def test_forum_lists_get_one_verdict_from_the_cli_and_the_api(name, games, run_cli, api):
    """The command line and the API, sent the list as a Windows user saves it, agree with
    the validator on the verdict and on every problem."""
    game_id, legal = VERDICTS[name]
    _, expected = judge(games[game_id], read(name))
    assert expected.legal is legal
    cli = run_cli("validate", "--game", game_id, "--json", LISTS / name)
    assert cli.exit_code == (0 if legal else 1), cli.output
    (answer,) = json.loads(cli.output)
    response = api.post(
        f"/api/v1/games/{game_id}/validate",
        data=windows_paste(read(name)),
        content_type="text/plain; charset=utf-8",
    )
    assert response.status_code == 200, response.get_data(as_text=True)
    for verdict in (answer, response.get_json()):
        assert verdict["legal"] is legal
        got = sorted((p["rule"], tuple(sorted(p["cards"]))) for p in verdict["problems"])
        assert got == sorted(found(expected) + found(expected, WARNING))


@pytest.mark.parametrize("prefix", sorted(GAME_OF_PREFIX))
def test_every_quote_here_is_in_its_rulebook(prefix, games, assert_quotes_rulebook):
    """Each game's tests above quote its rulebook word for word."""
    assert_quotes_rulebook(globals(), prefix, games[GAME_OF_PREFIX[prefix]].rulebook)


def test_forum_a_byte_order_mark_and_zero_width_spaces_are_not_read(era):
    """A list sent as text by a Windows editor starts with a byte order mark, and lines copied
    from web pages carry zero-width spaces: the first line is still a comment and a header."""
    parsed = parse_text("\ufeff# my list\n\u200bDinos:\u200b\n\u200b1 Ember Rex", era)
    assert parsed.problems == []
    assert [e.card.name for e in parsed.deck.sections["dinos"]] == ["Ember Rex"]


# -- a pool written from the rulebook alone ---------------------------------------------
# An ERUMA pool as a stranger writes it from the quick play guide and docs/cardpool.md: its
# own game id, section ids (main, henchmen), rule ids, card names with accents, and a
# "summons" attribute where the shipped pool says "creates".

OWN_OUTLAWS = [
    "Ábel Ørsted", "Brisa", "Corvo", "Dália", "Ezra", "Fenwick", "Grúa", "Hollis",
    "Iskra", "Jaëlle", "Kobo", "Lumen", "Mórrígan", "Nyx", "Oleander", "Pyre",
]  # fmt: skip


def own_cards(summoned: str = "Ember Hound") -> dict:
    classes = ["Assassin", "Thief", "Spy", "Maniac"]
    cards = [
        {
            "id": f"o{n:02d}",
            "name": name,
            "type": "Outlaw",
            "set": "T1",
            "number": f"T1-{n:02d}",
            "class": classes[n % 4],
        }
        for n, name in enumerate(OWN_OUTLAWS, start=1)
    ]
    cards[-1] |= {"summons": [summoned], "aliases": ["Pyre the Burner"]}
    for n, name in enumerate(["Ember Hound", "Ash Wisp"], start=17):
        cards.append(
            {"id": f"h{n}", "name": name, "type": "Henchman", "set": "T1", "number": f"T1-{n}"}
        )
    sets = [{"code": "T1", "name": "Test One", "released": "2024-01-01", "constructed": True}]
    return {"game": "eruma-mine", "title": "Cards made up for a test", "sets": sets, "cards": cards}


@pytest.fixture
def own_pool(tmp_path):
    """``own_pool(cards)``: a pools folder holding the stranger's game."""

    def make(cards: dict) -> Path:
        folder = tmp_path / "pools" / "eruma-mine"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "game.yaml").write_text(read("own-pool-game.yaml"), encoding="utf-8")
        (folder / "cards.yaml").write_text(
            yaml.safe_dump(cards, sort_keys=False, allow_unicode=True), encoding="utf-8"
        )
        return folder.parent

    return make


OWN_LEGAL = "Outlaws (15)\n" + "".join(
    f"- {name}\n" for name in ["Abel Orsted", "Brisa", "Corvo", "Dalia", "Ezra", "Fenwick", "Grua",
                               "Hollis", "Iskra", "Jaelle", "Kobo", "Lumen", "Morrigan", "Nyx",
                               "Pyre the Burner"]
) + "Henchmen:\n2x Ember Hound\n"  # fmt: skip
OWN_BROKEN = "Deck:\nAbel Orsted\nAbel Orsted\nBrisa\nEmber Hound\nPyre\nExtra:\nOleander\n"


def test_eruma_own_pool_judges_a_list_typed_without_accents(own_pool, run_cli, tmp_path):
    """A pool written from the guide alone passes ``cardpool check``; a list grouped by type
    with the names typed without accents, and a nickname, is legal: “The Deck must be exactly
    15 Outlaw Cards.”"""
    pools = own_pool(own_cards())
    checked = run_cli("--pools", pools, "cardpool", "check")
    assert checked.exit_code == 0, checked.output
    path = tmp_path / "legal.txt"
    path.write_text(OWN_LEGAL, encoding="utf-8")
    result = run_cli("--pools", pools, "validate", "--game", "eruma-mine", "--json", path)
    assert result.exit_code == 0, result.output
    (answer,) = json.loads(result.output)
    assert [(p["rule"], p["cards"]) for p in answer["problems"]] == [(READ_AS, ["Pyre"])]


def test_eruma_own_pool_names_every_problem(own_pool, run_cli, tmp_path):
    """Its own rule ids name each problem: “You can only have 1 copy of the same card in your
    Deck.” “The Extra deck has Henchman Cards only”, and a summoned Henchman missing from the
    Extra Deck is the pool's warning."""
    pools = own_pool(own_cards())
    path = tmp_path / "broken.txt"
    path.write_text(OWN_BROKEN, encoding="utf-8")
    result = run_cli("--pools", pools, "validate", "--game", "eruma-mine", "--json", path)
    assert result.exit_code == 1, result.output
    (answer,) = json.loads(result.output)
    got = sorted((p["rule"], p["severity"], tuple(p["cards"])) for p in answer["problems"])
    assert got == [
        ("fifteen", ERROR, ()),
        ("henchmen-only", ERROR, ("Oleander",)),
        ("outlaws-only", ERROR, ("Ember Hound",)),
        ("singleton", ERROR, ("Ábel Ørsted",)),
        ("summoned", WARNING, ("Pyre",)),
    ]


def test_eruma_own_pool_with_a_misspelt_summons_is_refused(own_pool, run_cli):
    """A card that summons a Henchman the pool lacks is refused with file, line, card and field:
    “you must take the card with the matching name from your Extra Deck”."""
    pools = own_pool(own_cards(summoned="Ember Hund"))
    checked = run_cli("--pools", pools, "cardpool", "check")
    assert checked.exit_code == 1
    assert "cards.yaml:" in checked.output
    assert "card 'Pyre', field 'summons': names no card 'Ember Hund'" in checked.output


@pytest.mark.parametrize("command", [("cardpool", "check"), ("games",)])
def test_forum_pools_may_follow_the_command(own_pool, run_cli, command):
    """README: "`--pools DIR` (or `DECKWRIGHT_POOLS`) points any command at your own pools";
    a stranger writes ``deckwright cardpool check --pools DIR``."""
    pools = own_pool(own_cards())
    result = run_cli(*command, "--pools", pools)
    assert result.exit_code == 0, result.output
    assert "eruma-mine" in result.output or "all pools are valid" in result.output
