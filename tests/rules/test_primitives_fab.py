"""Flesh and Blood's Classic Constructed deck rules, written in YAML alone on a small,
illustrative pool in the test's own folder: one hero; every card of the hero's class or
Generic (a hero of two classes allows both); a card of a talent (Draconic) only with a hero
of that talent; at most 3 copies of a card by name and pitch.

A card's pitch variants are three cards (Sink Below red, yellow and blue), each with its own
copies: the pool names each with its color, as players' lists do ('3 Sink Below (Red)')."""

from __future__ import annotations

import pytest

from validator import parse_text, summarize

GAME = """\
id: fab
name: Flesh and Blood
short_name: FaB
card_types: [Hero, Action, Attack Action, Defense Reaction, Instant]
attributes:
  class: {label: Class, kind: list, values: [Generic, Ninja, Warrior, Wizard], required: true}
  talent: {label: Talent, kind: list, values: [Draconic, Light, Shadow]}
  pitch: {label: Pitch, kind: int, types: [Action, Attack Action, Defense Reaction, Instant]}
sections:
  - {id: hero, name: Hero, noun: hero, types: [Hero]}
  - {id: deck, name: Deck, noun: card, types: [Action, Attack Action, Defense Reaction, Instant]}
default_section: deck
default_format: cc
formats:
  - id: cc
    name: Classic Constructed
    rules:
      - {id: fab-one-hero, check: section-size, section: hero, exactly: 1,
         title: One hero, cite: ""}
      - {id: fab-class, check: leader-match, leader: hero, attribute: class, mode: same,
         free: [Generic], title: "Cards of your hero's class, or Generic", cite: ""}
      - {id: fab-talent, check: leader-match, leader: hero, attribute: talent, mode: same,
         title: "Cards of a talent only with a hero of that talent", cite: ""}
      - {id: fab-three, check: copy-limit, max: 3,
         title: At most 3 copies of a card by name and pitch, cite: ""}
"""

CARDS = """\
game: fab
sets:
  - {code: UPR, name: Uprising, released: 2022-06-24}
cards:
  - {id: fai, name: "Fai, Rising Rebellion", type: Hero, set: UPR, class: [Ninja],
     talent: [Draconic]}
  - {id: katsu, name: "Katsu, the Wanderer", type: Hero, set: UPR, class: [Ninja]}
  - {id: kestrel, name: "Kestrel, Two Schools", type: Hero, set: UPR, class: [Ninja, Warrior]}
  - {id: sink-below-red, name: Sink Below (Red), type: Defense Reaction, set: UPR,
     class: [Generic], pitch: 1}
  - {id: sink-below-blue, name: Sink Below (Blue), type: Defense Reaction, set: UPR,
     class: [Generic], pitch: 3}
  - {id: surging-red, name: Surging Strike (Red), type: Attack Action, set: UPR,
     class: [Ninja], pitch: 1}
  - {id: surging-blue, name: Surging Strike (Blue), type: Attack Action, set: UPR,
     class: [Ninja], pitch: 3}
  - {id: resentment-red, name: Rising Resentment (Red), type: Attack Action, set: UPR,
     class: [Ninja], talent: [Draconic], pitch: 1}
  - {id: dragon-power-red, name: Dragon Power (Red), type: Action, set: UPR,
     class: [Generic], talent: [Draconic], pitch: 1}
  - {id: steelblade-red, name: Steelblade Supremacy (Red), type: Action, set: UPR,
     class: [Warrior], pitch: 1}
  - {id: twin-blades-red, name: Twin Schools Strike (Red), type: Attack Action, set: UPR,
     class: [Ninja, Warrior], pitch: 1}
  - {id: spindle-red, name: Aether Spindle (Red), type: Action, set: UPR, class: [Wizard],
     pitch: 1}
"""

FAI = [
    "3 Sink Below (Red)",
    "3 Sink Below (Blue)",
    "3 Surging Strike (Red)",
    "3 Rising Resentment (Red)",
    "3 Dragon Power (Red)",
]


@pytest.fixture
def fab(game_from_yaml):
    return game_from_yaml(GAME, CARDS)


def deck(hero: str | None, *lines: str) -> str:
    return "\n".join([*([f"Hero: {hero}"] if hero else []), "Deck:", *lines])


def found(check, game, text, rule=None):
    return [
        (p.rule, p.message, p.cards, p.section, p.lines)
        for p in check(game, text).problems
        if rule in (None, p.rule)
    ]


def test_a_draconic_ninja_hero_plays_ninja_draconic_and_generic_cards(fab, check):
    result = check(fab, deck("Fai, Rising Rebellion", *FAI))
    assert result.legal, [p.message for p in result.problems]


def test_a_deck_has_one_hero(fab, check):
    assert found(check, fab, deck(None, *FAI)) == [
        ("fab-one-hero", "One hero: you have 0 heroes", (), "hero", ())
    ]
    text = "Hero:\n1 Fai, Rising Rebellion\n1 Katsu, the Wanderer\nDeck:\n3 Sink Below (Red)"
    assert found(check, fab, text, "fab-one-hero") == [
        (
            "fab-one-hero",
            "One hero: you have 2 heroes (Fai, Rising Rebellion and Katsu, the Wanderer)",
            ("Fai, Rising Rebellion", "Katsu, the Wanderer"),
            "hero",
            (2, 3),
        )
    ]


def test_a_card_of_another_class_is_refused(fab, check):
    text = deck("Fai, Rising Rebellion", "3 Sink Below (Red)", "2 Aether Spindle (Red)")
    assert found(check, fab, text) == [
        (
            "fab-class",
            "Cards of your hero's class, or Generic: Aether Spindle (Red) is for Wizard decks"
            " but your hero Fai, Rising Rebellion is Ninja",
            ("Aether Spindle (Red)",),
            "deck",
            (4,),
        )
    ]


def test_a_hero_of_two_classes_allows_both(fab, check):
    """Kestrel is a Ninja and a Warrior: Ninja cards, Warrior cards and cards of both go in
    the deck, a Wizard card does not."""
    lines = [
        "3 Surging Strike (Red)",
        "3 Steelblade Supremacy (Red)",
        "3 Twin Schools Strike (Red)",
    ]
    assert check(fab, deck("Kestrel, Two Schools", *lines)).legal
    text = deck("Kestrel, Two Schools", *lines, "1 Aether Spindle (Red)")
    assert [message for _, message, *_ in found(check, fab, text)] == [
        "Cards of your hero's class, or Generic: Aether Spindle (Red) is for Wizard decks but"
        " your hero Kestrel, Two Schools is Ninja and Warrior"
    ]


def test_a_card_of_two_classes_needs_a_hero_of_both(fab, check):
    text = deck("Katsu, the Wanderer", "3 Twin Schools Strike (Red)")
    assert [message for _, message, *_ in found(check, fab, text)] == [
        "Cards of your hero's class, or Generic: Twin Schools Strike (Red) is for Ninja and"
        " Warrior decks but your hero Katsu, the Wanderer is Ninja"
    ]


def test_a_draconic_card_needs_a_draconic_hero(fab, check):
    """Katsu is a Ninja of no talent: Rising Resentment (Ninja, Draconic) is of his class
    but not of his talent, and Dragon Power (Generic, Draconic) likewise."""
    text = deck("Katsu, the Wanderer", "3 Rising Resentment (Red)", "3 Dragon Power (Red)")
    assert found(check, fab, text) == [
        (
            "fab-talent",
            "Cards of a talent only with a hero of that talent: Rising Resentment (Red) is for"
            " Draconic decks but your hero Katsu, the Wanderer has no talent",
            ("Rising Resentment (Red)",),
            "deck",
            (3,),
        ),
        (
            "fab-talent",
            "Cards of a talent only with a hero of that talent: Dragon Power (Red) is for"
            " Draconic decks but your hero Katsu, the Wanderer has no talent",
            ("Dragon Power (Red)",),
            "deck",
            (4,),
        ),
    ]


def test_at_most_3_copies_of_a_card_by_name_and_pitch(fab, check):
    """3 Sink Below (Red) and 3 Sink Below (Blue) are 3 copies each of two cards; a fourth
    red one is too many, written as players' lists write it, the pitch in lower case."""
    text = deck("Fai, Rising Rebellion", *FAI, "1 Sink Below (red)")
    assert found(check, fab, text) == [
        (
            "fab-three",
            "At most 3 copies of a card by name and pitch: you have 4 copies of Sink Below (Red)"
            " (at most 3)",
            ("Sink Below (Red)",),
            "deck",
            (3, 8),
        )
    ]


def test_a_deck_summarized_by_pitch_counts_the_hero_as_none(game_from_yaml, check):
    """A game whose main attribute is a number (Flesh and Blood players count a deck by
    pitch) and a card without it (the hero): the summary every validation answers with
    sorted the pitches with 'none' and raised a TypeError."""
    game = game_from_yaml(
        GAME.replace("sections:\n", "main_attribute: pitch\nsections:\n", 1), CARDS
    )
    parsed = parse_text(deck("Fai, Rising Rebellion", *FAI), game)
    assert summarize(parsed.deck)["by_main_attribute"] == {"1": 12, "3": 3, "none": 1}
