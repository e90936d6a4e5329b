"""The Pokémon Trading Card Game's Standard deck rules, written in YAML alone on a small pool
in the test's own folder: exactly 60 cards; at most 4 copies of a card by name, but basic
Energy; at least one Basic Pokémon; at most one ACE SPEC card and one Radiant Pokémon; and
only cards of the legal regulation marks (an older card printed with no mark is not legal;
basic Energy, printed with none, is)."""

from __future__ import annotations

import pytest

from cardpool import PoolError, load_game
from validator import compiled

GAME = """\
id: ptcg
name: Pokémon Trading Card Game
short_name: Pokémon TCG
card_types: [Pokémon, Trainer, Energy]
attributes:
  regulation_mark: {label: regulation mark, kind: choice, values: [D, E, F, G, H, I],
                    printing: true}
  subtypes: {label: Subtypes, kind: list,
             values: [Basic, Stage 1, Stage 2, ex, Radiant, Item, Supporter, ACE SPEC, Special]}
sections:
  - {id: deck, name: Deck, noun: card, types: [Pokémon, Trainer, Energy]}
default_section: deck
default_format: standard
formats:
  - id: standard
    name: Standard
    legal_values: {regulation_mark: [F, G, H]}
    rules:
      - {id: ptcg-sixty, check: section-size, section: deck, exactly: 60,
         title: Exactly 60 cards, cite: ""}
      - {id: ptcg-four-copies, check: copy-limit, max: 4,
         where: {not: {type: Energy, subtypes: Basic}},
         title: At most 4 copies of a card by name but basic Energy, cite: ""}
      - {id: ptcg-a-basic, check: section-size, section: deck, min: 1,
         where: {type: Pokémon, subtypes: Basic},
         noun: {one: Basic Pokémon, many: Basic Pokémon},
         title: At least one Basic Pokémon, cite: ""}
      - {id: ptcg-one-ace-spec, check: section-size, section: deck, max: 1,
         where: {subtypes: ACE SPEC}, noun: ACE SPEC card,
         title: At most one ACE SPEC card, cite: ""}
      - {id: ptcg-one-radiant, check: section-size, section: deck, max: 1,
         where: {type: Pokémon, subtypes: Radiant},
         noun: {one: Radiant Pokémon, many: Radiant Pokémon},
         title: At most one Radiant Pokémon, cite: ""}
      - {id: ptcg-marks, check: legal-values, attribute: regulation_mark, required: true,
         where: {not: {type: Energy, subtypes: Basic}},
         title: Cards of the legal regulation marks, cite: ""}
"""

CARDS = """\
game: ptcg
sets:
  - {code: XY, name: XY, released: 2014-02-05}
  - {code: FST, name: Fusion Strike, released: 2021-11-12}
  - {code: ASR, name: Astral Radiance, released: 2022-05-27}
  - {code: CRZ, name: Crown Zenith, released: 2023-01-20}
  - {code: SVI, name: Scarlet & Violet, released: 2023-03-31}
  - {code: SVE, name: Scarlet & Violet Energies, released: 2023-03-31}
  - {code: OBF, name: Obsidian Flames, released: 2023-08-11}
  - {code: MEW, name: "151", released: 2023-09-22}
  - {code: TEF, name: Temporal Forces, released: 2024-03-22}
cards:
  - {id: charmander, name: Charmander, type: Pokémon, set: MEW, number: "4",
     regulation_mark: G, subtypes: [Basic]}
  - {id: charizard-ex, name: Charizard ex, type: Pokémon, set: OBF, number: "125",
     regulation_mark: G, subtypes: [Stage 2, ex]}
  - {id: radiant-greninja, name: Radiant Greninja, type: Pokémon, set: ASR, number: "46",
     regulation_mark: F, subtypes: [Basic, Radiant]}
  - {id: radiant-charizard, name: Radiant Charizard, type: Pokémon, set: CRZ, number: "20",
     regulation_mark: F, subtypes: [Basic, Radiant]}
  - {id: master-ball, name: Master Ball, type: Trainer, set: TEF, number: "153",
     regulation_mark: H, subtypes: [Item, ACE SPEC]}
  - {id: prime-catcher, name: Prime Catcher, type: Trainer, set: TEF, number: "157",
     regulation_mark: H, subtypes: [Item, ACE SPEC]}
  - {id: rare-candy, name: Rare Candy, type: Trainer, set: SVI, number: "191",
     regulation_mark: G, subtypes: [Item]}
  - {id: battle-vip-pass, name: Battle VIP Pass, type: Trainer, set: FST, number: "225",
     regulation_mark: E, subtypes: [Item]}
  - {id: potion-xy, name: Potion, type: Trainer, set: XY, number: "127", subtypes: [Item]}
  - {id: great-ball-xy, name: Great Ball, type: Trainer, set: XY, number: "118",
     subtypes: [Item]}
  - {id: great-ball-fst, name: Great Ball, type: Trainer, set: FST, number: "232",
     regulation_mark: E, subtypes: [Item]}
  - {id: switch-xy, name: Switch, type: Trainer, set: XY, number: "132", subtypes: [Item]}
  - {id: switch-svi, name: Switch, type: Trainer, set: SVI, number: "194",
     regulation_mark: G, subtypes: [Item]}
  - {id: fire-energy, name: Fire Energy, type: Energy, set: SVE, number: "2",
     subtypes: [Basic]}
  - {id: double-turbo, name: Double Turbo Energy, type: Energy, set: FST, number: "249",
     regulation_mark: F, subtypes: [Special]}
"""

# 60 cards, each rule met: 4 copies at most but Fire Energy, a Basic Pokémon, one ACE SPEC
# card, one Radiant Pokémon, every mark F, G or H but Fire Energy's (none).
LEGAL = {
    "Charmander": 4,
    "Charizard ex": 3,
    "Radiant Greninja": 1,
    "Master Ball": 1,
    "Rare Candy": 4,
    "Switch": 4,
    "Double Turbo Energy": 4,
    "Fire Energy": 39,
}


@pytest.fixture
def ptcg(game_from_yaml):
    return game_from_yaml(GAME, CARDS)


def deck(**changes: int) -> str:
    """The legal deck with some counts changed (a count of 0 drops the card); keyword names
    are card names with '_' for a space."""
    counts = dict(LEGAL)
    for name, count in changes.items():
        counts[name.replace("_", " ")] = count
    return "\n".join(f"{count} {name}" for name, count in counts.items() if count)


def problems(check, game, text):
    return [(p.rule, p.message) for p in check(game, text).problems]


def test_a_deck_of_60_meeting_every_rule_is_legal(ptcg, check):
    result = check(ptcg, deck())
    assert result.legal, [p.message for p in result.problems]


def test_a_deck_is_exactly_60_cards(ptcg, check):
    assert problems(check, ptcg, deck(Fire_Energy=40)) == [
        ("ptcg-sixty", "Exactly 60 cards: you have 61 cards")
    ]
    assert problems(check, ptcg, deck(Fire_Energy=38)) == [
        ("ptcg-sixty", "Exactly 60 cards: you have 59 cards")
    ]


def test_at_most_4_copies_of_a_card_but_basic_energy(ptcg, check):
    """39 Fire Energy are legal; a fifth Rare Candy, or a fifth Double Turbo Energy (a
    Special Energy), is not."""
    found = check(ptcg, deck(Rare_Candy=5, Double_Turbo_Energy=5, Fire_Energy=37)).problems
    assert [(p.rule, p.message, p.cards, p.section) for p in found] == [
        (
            "ptcg-four-copies",
            "At most 4 copies of a card by name but basic Energy: you have 5 copies of"
            " Rare Candy (at most 4)",
            ("Rare Candy",),
            "deck",
        ),
        (
            "ptcg-four-copies",
            "At most 4 copies of a card by name but basic Energy: you have 5 copies of"
            " Double Turbo Energy (at most 4)",
            ("Double Turbo Energy",),
            "deck",
        ),
    ]


def test_copies_of_one_name_count_together_whatever_their_printing(ptcg, check):
    """Switch printed in XY and in Scarlet & Violet is one card by name: 3 of each is 6."""
    text = deck(Switch=0, Fire_Energy=37) + "\n3 Switch XY 132\n3 Switch SVI 194"
    (problem,) = [p for p in check(ptcg, text).problems if p.rule == "ptcg-four-copies"]
    assert problem.message.endswith("you have 6 copies of Switch (at most 4)")


def test_a_deck_needs_a_basic_pokemon(ptcg, check):
    """Charizard ex is a Stage 2 Pokémon; Radiant Greninja, a Basic one, is left out too."""
    text = deck(Charmander=0, Radiant_Greninja=0, Fire_Energy=44)
    found = check(ptcg, text).problems
    assert [(p.rule, p.message, p.section, p.cards) for p in found] == [
        ("ptcg-a-basic", "At least one Basic Pokémon: you have 0 Basic Pokémon", "deck", ())
    ]


def test_at_most_one_ace_spec_card_in_the_whole_deck(ptcg, check):
    """Two different ACE SPEC cards break it as two copies of one would."""
    found = check(ptcg, deck(Prime_Catcher=1, Fire_Energy=38)).problems
    assert [(p.rule, p.message, p.cards, p.lines) for p in found] == [
        (
            "ptcg-one-ace-spec",
            "At most one ACE SPEC card: you have 2 ACE SPEC cards (Master Ball and Prime Catcher)",
            ("Master Ball", "Prime Catcher"),
            (4, 9),
        )
    ]
    (two,) = check(ptcg, deck(Master_Ball=2, Fire_Energy=38)).problems
    assert two.message == "At most one ACE SPEC card: you have 2 ACE SPEC cards (2 Master Ball)"


def test_at_most_one_radiant_pokemon(ptcg, check):
    (found,) = check(ptcg, deck(Radiant_Charizard=1, Fire_Energy=38)).problems
    assert (found.rule, found.message, found.cards) == (
        "ptcg-one-radiant",
        "At most one Radiant Pokémon: you have 2 Radiant Pokémon (Radiant Greninja and"
        " Radiant Charizard)",
        ("Radiant Greninja", "Radiant Charizard"),
    )


def test_only_cards_of_the_legal_regulation_marks(ptcg, check):
    (found,) = check(ptcg, deck(Battle_VIP_Pass=1, Fire_Energy=38)).problems
    assert (found.rule, found.message, found.cards, found.section) == (
        "ptcg-marks",
        "Cards of the legal regulation marks: Battle VIP Pass has regulation mark E, which is"
        " not legal here (legal now: F, G and H)",
        ("Battle VIP Pass",),
        "deck",
    )


def test_a_card_printed_with_no_regulation_mark_is_not_legal_but_basic_energy(ptcg, check):
    """Potion was printed in XY, before regulation marks: with ``required: true`` a card
    without a mark is not legal. Fire Energy has none either, and is left out by ``where``;
    Switch, reprinted with mark G, is legal by name."""
    (found,) = check(ptcg, deck(Potion=1, Fire_Energy=38)).problems
    assert (found.rule, found.message, found.cards, found.expected, found.actual) == (
        "ptcg-marks",
        "Cards of the legal regulation marks: Potion has no regulation mark (legal now: F, G"
        " and H)",
        ("Potion",),
        ["F", "G", "H"],
        None,
    )
    assert check(ptcg, deck()).legal


def test_a_line_naming_a_printing_with_no_mark_is_refused(ptcg, check):
    """'4 Switch XY 132' names the XY printing, which has no mark, though the card has a
    legal reprint."""
    text = deck(Switch=0) + "\n4 Switch XY 132"
    (found,) = check(ptcg, text).problems
    assert found.message == (
        "Cards of the legal regulation marks: Switch has no regulation mark (legal now: F, G and H)"
    )


def test_a_card_whose_printings_have_no_mark_or_an_old_one_says_both(ptcg, check):
    (found,) = check(ptcg, deck(Great_Ball=1, Fire_Energy=38)).problems
    assert found.message == (
        "Cards of the legal regulation marks: Great Ball has no regulation mark or regulation"
        " mark E, which is not legal here (legal now: F, G and H)"
    )
    assert found.actual == "E"


def test_without_required_a_card_with_no_mark_is_legal(game_from_yaml, check):
    game = game_from_yaml(GAME.replace(" required: true,", ""), CARDS)
    assert check(game, deck(Potion=1, Fire_Energy=38)).legal


def test_required_is_true_or_false(tmp_path):
    folder = tmp_path / "ptcg"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME.replace("required: true", "required: 'yes'"), "utf-8")
    (folder / "cards.yaml").write_text(CARDS, "utf-8")
    with pytest.raises(PoolError) as caught:
        compiled(load_game(folder))
    assert "rule 'ptcg-marks': parameter 'required' has the wrong type ('yes'): true or false" in (
        str(caught.value)
    )


@pytest.mark.parametrize(
    ("noun", "said"),
    [
        ("{one: Basic Pokémon}", "noun: {one: ..., many: ...}, 'many' missing or empty"),
        ("{many: Basic Pokémon}", "noun: {one: ..., many: ...}, 'one' missing or empty"),
        ("{one: Basic Pokémon, many: ' '}", "noun: {one: ..., many: ...}, 'many' missing or empty"),
        (
            "{one: Basic Pokémon, many: Basic Pokémon, few: Basic Pokémon}",
            "noun: {one: ..., many: ...}, the noun and its plural alone",
        ),
        ("[Basic Pokémon]", "parameter 'noun' has the wrong type"),
    ],
)
def test_a_noun_written_with_its_plural_needs_both_and_nothing_else(tmp_path, noun, said):
    """A count's words are a noun English makes plural with an s ('ACE SPEC card'), or the
    noun and its plural ('{one: Basic Pokémon, many: Basic Pokémon}')."""
    folder = tmp_path / "ptcg"
    folder.mkdir()
    written = "noun: {one: Basic Pokémon, many: Basic Pokémon}"
    (folder / "game.yaml").write_text(GAME.replace(written, f"noun: {noun}"), "utf-8")
    (folder / "cards.yaml").write_text(CARDS, "utf-8")
    with pytest.raises(PoolError) as caught:
        compiled(load_game(folder))
    assert f"rule 'ptcg-a-basic': {said}" in str(caught.value)
