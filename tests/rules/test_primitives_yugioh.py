"""Yu-Gi-Oh!'s Advanced format, written in YAML alone on a small pool in the test's own
folder: a Main Deck of 40 to 60 cards; an Extra Deck of up to 15 Fusion, Synchro, Xyz and
Link Monsters; a Side Deck of up to 15; at most 3 copies of a card across the three; and the
Forbidden & Limited List (Forbidden 0, Limited 1, Semi-Limited 2, counted across the three
decks), each list in force from its date."""

from __future__ import annotations

from datetime import date

import pytest

GAME = """\
id: ygo
name: Yu-Gi-Oh! Trading Card Game
short_name: Yu-Gi-Oh!
card_types: [Monster, Spell, Trap, Fusion, Synchro, Xyz, Link]
sections:
  - {id: main, name: Main Deck, noun: card, aliases: [Main], types: [Monster, Spell, Trap]}
  - {id: extra, name: Extra Deck, noun: card, aliases: [Extra],
     types: [Fusion, Synchro, Xyz, Link]}
  - {id: side, name: Side Deck, noun: card, aliases: [Side], types: []}
default_section: main
default_format: advanced
formats:
  - id: advanced
    name: Advanced
    banlists:
      - {date: 2025-01-01, banned: [Pot of Greed],
         restricted: {Monster Reborn: 1, Called by the Grave: 2, Triple Tactics Talent: 2}}
      - {date: 2025-04-07, banned: [Pot of Greed],
         restricted: {Monster Reborn: 1, Called by the Grave: 1, Triple Tactics Talent: 2},
         note: Called by the Grave goes from Semi-Limited to Limited.}
    rules:
      - {id: ygo-main, check: section-size, section: main, min: 40, max: 60,
         title: A Main Deck of 40 to 60 cards, cite: ""}
      - {id: ygo-main-types, check: allowed-types, section: main, types: [Monster, Spell, Trap],
         title: "Fusion, Synchro, Xyz and Link Monsters go in the Extra Deck", cite: ""}
      - {id: ygo-extra, check: section-size, section: extra, max: 15,
         title: An Extra Deck of up to 15 cards, cite: ""}
      - {id: ygo-extra-types, check: allowed-types, section: extra,
         types: [Fusion, Synchro, Xyz, Link],
         title: "The Extra Deck holds Fusion, Synchro, Xyz and Link Monsters only", cite: ""}
      - {id: ygo-side, check: section-size, section: side, max: 15,
         title: A Side Deck of up to 15 cards, cite: ""}
      - {id: ygo-three, check: copy-limit, max: 3,
         title: "At most 3 copies of a card in your Main, Extra and Side Decks together",
         cite: ""}
      - {id: ygo-list, check: banlist, title: The Forbidden & Limited List, cite: ""}
"""

CARDS = """\
game: ygo
sets:
  - {code: LOB, name: Legend of Blue Eyes White Dragon, released: 2002-03-08}
  - {code: RA01, name: 25th Anniversary Rarity Collection, released: 2023-11-03}
cards:
  - {id: blue-eyes, name: Blue-Eyes White Dragon, type: Monster, set: LOB}
  - {id: dark-magician, name: Dark Magician, type: Monster, set: LOB}
  - {id: sangan, name: Sangan, type: Monster, set: LOB}
  - {id: ash, name: Ash Blossom & Joyous Spring, type: Monster, set: RA01}
  - {id: veiler, name: Effect Veiler, type: Monster, set: RA01}
  - {id: ogre, name: Ghost Ogre & Snow Rabbit, type: Monster, set: RA01}
  - {id: nibiru, name: "Nibiru, the Primal Being", type: Monster, set: RA01}
  - {id: droll, name: Droll & Lock Bird, type: Monster, set: RA01}
  - {id: mst, name: Mystical Space Typhoon, type: Spell, set: RA01}
  - {id: prosperity, name: Pot of Prosperity, type: Spell, set: RA01}
  - {id: tactics, name: Triple Tactics Talent, type: Spell, set: RA01}
  - {id: reborn, name: Monster Reborn, type: Spell, set: LOB}
  - {id: called, name: Called by the Grave, type: Spell, set: RA01}
  - {id: greed, name: Pot of Greed, type: Spell, set: LOB}
  - {id: droplet, name: Forbidden Droplet, type: Spell, set: RA01}
  - {id: impermanence, name: Infinite Impermanence, type: Trap, set: RA01}
  - {id: solemn, name: Solemn Judgment, type: Trap, set: RA01}
  - {id: dark-paladin, name: Dark Paladin, type: Fusion, set: RA01}
  - {id: baronne, name: Baronne de Fleur, type: Synchro, set: RA01}
  - {id: utopia, name: "Number 39: Utopia", type: Xyz, set: RA01}
  - {id: accesscode, name: Accesscode Talker, type: Link, set: RA01}
  - {id: apollousa, name: "Apollousa, Bow of the Goddess", type: Link, set: RA01}
"""

MAIN = [
    "3 Blue-Eyes White Dragon",
    "3 Dark Magician",
    "3 Sangan",
    "2 Ash Blossom & Joyous Spring",
    "3 Effect Veiler",
    "3 Ghost Ogre & Snow Rabbit",
    "3 Nibiru, the Primal Being",
    "3 Droll & Lock Bird",
    "3 Mystical Space Typhoon",
    "3 Pot of Prosperity",
    "2 Triple Tactics Talent",
    "1 Monster Reborn",
    "1 Called by the Grave",
    "1 Forbidden Droplet",
    "3 Infinite Impermanence",
    "3 Solemn Judgment",
]  # 40 cards
EXTRA = [
    "3 Dark Paladin",
    "3 Baronne de Fleur",
    "3 Number 39: Utopia",
    "3 Accesscode Talker",
    "3 Apollousa, Bow of the Goddess",
]  # 15 cards
SIDE = ["1 Ash Blossom & Joyous Spring", "2 Forbidden Droplet"]  # 3 cards
AFTER = date(2025, 4, 7)  # Called by the Grave is Limited from this day on


@pytest.fixture
def ygo(game_from_yaml):
    return game_from_yaml(GAME, CARDS)


def decks(main=(), extra=(), side=(), leave_out=()) -> str:
    """The legal decks (40, 15 and 3 cards) with ``main``, ``extra`` and ``side`` lines
    added, the lines of ``leave_out`` taken out."""
    parts = [("Main Deck:", MAIN, main), ("Extra Deck:", EXTRA, extra), ("Side Deck:", SIDE, side)]
    lines = []
    for header, base, added in parts:
        lines += [header, *(line for line in base if line not in leave_out), *added]
    return "\n".join(lines)


def found(check, game, text, rule=None, as_of=AFTER):
    """The problems (rule, message, cards, section, lines) of one rule, or of all."""
    return [
        (p.rule, p.message, p.cards, p.section, p.lines)
        for p in check(game, text, as_of=as_of).problems
        if rule in (None, p.rule)
    ]


def test_decks_meeting_every_rule_are_legal(ygo, check):
    result = check(ygo, decks(), as_of=AFTER)
    assert result.legal, [p.message for p in result.problems]


def test_a_main_deck_holds_40_to_60_cards(ygo, check):
    assert found(check, ygo, decks(leave_out=["1 Forbidden Droplet"])) == [
        ("ygo-main", "A Main Deck of 40 to 60 cards: you have 39 cards", (), "main", ())
    ]
    assert found(check, ygo, decks(main=["21 Sangan"]), "ygo-main") == [
        ("ygo-main", "A Main Deck of 40 to 60 cards: you have 61 cards", (), "main", ())
    ]


def test_the_extra_deck_holds_15_cards_at_most(ygo, check):
    assert found(check, ygo, decks(extra=["1 Dark Paladin"]), "ygo-extra") == [
        ("ygo-extra", "An Extra Deck of up to 15 cards: you have 16 cards", (), "extra", ())
    ]


def test_the_extra_deck_holds_fusion_synchro_xyz_and_link_monsters_only(ygo, check):
    assert found(check, ygo, decks(extra=["1 Sangan"]), "ygo-extra-types") == [
        (
            "ygo-extra-types",
            "The Extra Deck holds Fusion, Synchro, Xyz and Link Monsters only: Sangan is a"
            " Monster card",
            ("Sangan",),
            "extra",
            (24,),
        )
    ]


def test_an_extra_deck_monster_in_the_main_deck_is_refused(ygo, check):
    text = decks(leave_out=["1 Forbidden Droplet", "3 Dark Paladin"], main=["1 Dark Paladin"])
    assert found(check, ygo, text) == [
        (
            "ygo-main-types",
            "Fusion, Synchro, Xyz and Link Monsters go in the Extra Deck: Dark Paladin is a"
            " Fusion card",
            ("Dark Paladin",),
            "main",
            (17,),
        )
    ]


def test_the_side_deck_holds_15_cards_at_most_of_any_kind(ygo, check):
    """An Extra Deck monster may wait in the Side Deck."""
    sided = decks(leave_out=["3 Dark Paladin"], extra=["2 Dark Paladin"], side=["1 Dark Paladin"])
    assert check(ygo, sided, as_of=AFTER).legal
    assert found(check, ygo, decks(side=["13 Sangan"]), "ygo-side") == [
        ("ygo-side", "A Side Deck of up to 15 cards: you have 16 cards", (), "side", ())
    ]


def test_at_most_3_copies_across_the_main_extra_and_side_decks(ygo, check):
    """2 Ash Blossom in the Main Deck and 1 in the Side Deck are legal; 2 more in the Side
    Deck are 5, each line cited."""
    assert found(check, ygo, decks(side=["2 Ash Blossom & Joyous Spring"])) == [
        (
            "ygo-three",
            "At most 3 copies of a card in your Main, Extra and Side Decks together: you have 5"
            " copies of Ash Blossom & Joyous Spring (at most 3)",
            ("Ash Blossom & Joyous Spring",),
            "main",
            (5, 25, 27),
        )
    ]


def test_a_forbidden_card_is_refused_in_any_of_the_three_decks(ygo, check):
    assert found(check, ygo, decks(side=["1 Pot of Greed"])) == [
        (
            "ygo-list",
            "The Forbidden & Limited List: Pot of Greed is banned (list of 2025-04-07)",
            ("Pot of Greed",),
            "side",
            (27,),
        )
    ]


def test_a_limited_card_is_one_copy_across_the_three_decks(ygo, check):
    assert found(check, ygo, decks(side=["1 Monster Reborn"])) == [
        (
            "ygo-list",
            "The Forbidden & Limited List: Monster Reborn is restricted to 1 copy (list of"
            " 2025-04-07); you have 2",
            ("Monster Reborn",),
            "main",
            (13, 27),
        )
    ]


def test_a_semi_limited_card_is_two_copies_across_the_three_decks(ygo, check):
    (problem,) = found(check, ygo, decks(side=["1 Triple Tactics Talent"]))
    assert problem[1] == (
        "The Forbidden & Limited List: Triple Tactics Talent is restricted to 2 copies (list"
        " of 2025-04-07); you have 3"
    )


@pytest.mark.parametrize(
    ("as_of", "problems"),
    [
        (date(2025, 4, 6), []),
        (
            AFTER,
            [
                "The Forbidden & Limited List: Called by the Grave is restricted to 1 copy (list"
                " of 2025-04-07); you have 2"
            ],
        ),
    ],
)
def test_a_list_takes_effect_on_its_date(ygo, check, as_of, problems):
    """Called by the Grave, Semi-Limited on the list of 2025-01-01, is Limited from
    2025-04-07: two copies are legal the day before."""
    text = decks(side=["1 Called by the Grave"])
    assert [message for _, message, *_ in found(check, ygo, text, as_of=as_of)] == problems
