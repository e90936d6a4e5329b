"""Shadow Era deck building, sentence by sentence (shadow-era-rulebook.txt: "HERO" and
"DECK BUILDING RULES" 1-4).

Each test quotes the sentence it checks between typographic quotes; the last test makes
sure every quote is in the rulebook word for word.

The NOTE after rule 4 ("The class and faction restrictions apply only to deck
construction, and do not restrict which cards can be played during the game.") needs no
rule and has no test: Deckwright checks decks and never runs a game, so there is no play
time at which a restriction could wrongly apply.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardpool import convert
from validator import parse_mapping, parse_text, validate
from validator.cli import cli
from validator.fits import misfits

from ..helpers import decklist, rule_ids

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"

# Neutral cards without a class icon: they fit every hero, so any deck can be filled with them.
NEUTRAL_CLASSLESS = (
    "Bad Santa",
    "Extra Sharp",
    "Ley Line Nexus",
    "Word of the Prophet",
    "Change of Fortune",
    "Assumed Command",
    "Stand Firm",
    "Dark Revelations",
    "Toll Bridge",
    "Scythe of Fate",
    "Drain Power",
    "Bazaar",
    "Nova Infusion",
    "Sever Ties",
    "Master Smith",
    "Melt Down",
    "Snow Sapphire",
    "Violet Thunderstorm",
    "Armor of Ages",
    "Crimson Vest",
)


def neutral(count: int) -> list[tuple[int, str]]:
    """``count`` Neutral class-less cards, four of a name."""
    entries = []
    for name in NEUTRAL_CLASSLESS:
        if count <= 0:
            break
        entries.append((min(4, count), name))
        count -= entries[-1][0]
    assert count <= 0, "not enough filler names"
    return entries


def deck(heroes: list[tuple[int, str]] | str, others: list[tuple[int, str]]) -> str:
    """A decklist with a Hero and a Deck section (``heroes`` may be one hero's name)."""
    if isinstance(heroes, str):
        heroes = [(1, heroes)]
    return decklist({"Hero": heroes, "Deck": others})


def sectioned(game, hero: str, others: list[tuple[int, str]]):
    """The verdict on a deck sent with its sections named, as the API takes it: a card is in
    the section it is sent in, whatever its type."""
    entries = [{"card": name, "count": count} for count, name in others]
    parsed = parse_mapping({"sections": {"hero": [hero], "deck": entries}}, game)
    return validate(parsed.deck, None, None, parsed.problems)


def only(result, rule_id: str) -> list:
    """The problems of ``rule_id``, after checking no other rule complained."""
    assert rule_ids(result) == [rule_id], [p.message for p in result.problems]
    return result.problems


# -- rule 1 and "HERO": one hero and at least 39 other non-hero cards ------------------------


@pytest.mark.parametrize("others", [39, 50])
def test_shadow_era_one_hero_and_at_least_39_other_cards_is_a_deck(shadow_era, check, others):
    """“1. Every deck must have one hero card, and at least 39 other non-hero cards.”"""
    result = check(shadow_era, deck("Boris Skullcrusher", neutral(others)))
    assert result.legal is True
    assert result.problems == []


def test_shadow_era_a_deck_without_a_hero_fails(shadow_era, check):
    """“Every deck has exactly one hero card, which starts in play.”

    The same 39 cards led by Boris Skullcrusher are legal; without him they are not."""
    assert check(shadow_era, deck("Boris Skullcrusher", neutral(39))).problems == []

    result = check(shadow_era, deck([], neutral(39)))
    [problem] = only(result, "se-one-hero")
    assert problem.message == "Your deck needs exactly one hero: you have 0 heroes"
    assert (problem.section, problem.cards) == ("hero", ())
    assert (problem.expected, problem.actual) == ("exactly 1", 0)


@pytest.mark.parametrize(
    ("heroes", "cards", "named"),
    [
        (
            [(1, "Boris Skullcrusher"), (1, "Amber Rain")],
            ("Boris Skullcrusher", "Amber Rain"),
            "Boris Skullcrusher and Amber Rain",
        ),
        ([(2, "Boris Skullcrusher")], ("Boris Skullcrusher",), "2 Boris Skullcrusher"),
    ],
    ids=["two-heroes", "one-hero-twice"],
)
def test_shadow_era_two_heroes_are_one_too_many(shadow_era, check, heroes, cards, named):
    """“Your hero is the foundation of your deck. Every deck has exactly one hero card,
    which starts in play.”

    The problem names the heroes in its words, so a player reading it at the command line,
    where a problem is its message and its lines, sees which cards compete for the slot."""
    result = check(shadow_era, deck(heroes, neutral(39)))
    [problem] = only(result, "se-one-hero")
    assert problem.message == f"Your deck needs exactly one hero: you have 2 heroes ({named})"
    assert (problem.section, problem.cards) == ("hero", cards)
    assert (problem.expected, problem.actual) == ("exactly 1", 2)


def test_shadow_era_a_non_hero_card_is_not_a_hero(shadow_era, check):
    """“Every deck has exactly one hero card, which starts in play.”

    An ally in the hero slot is no hero: the deck has none, and the ally is out of place.
    The count says it left the ally out, so it is not read as a miscount of the slot. The
    Warrior cards of the deck are not measured against the ally."""
    others = [(4, "Valiant Defender"), (4, "War Banner"), *neutral(31)]
    result = check(shadow_era, deck("Kristoffer Wyld", others))
    assert rule_ids(result) == ["se-hero-is-a-hero", "se-one-hero"]
    [slot] = [p for p in result.problems if p.rule == "se-hero-is-a-hero"]
    assert slot.message == "Only a hero card goes in the hero slot: Kristoffer Wyld is an Ally card"
    assert (slot.section, slot.cards) == ("hero", ("Kristoffer Wyld",))
    assert (slot.expected, slot.actual) == (["Hero"], "Ally")
    [count] = [p for p in result.problems if p.rule == "se-one-hero"]
    assert count.message == (
        "Your deck needs exactly one hero: you have 0 heroes, not counting Kristoffer Wyld"
    )
    assert (count.section, count.cards, count.actual) == ("hero", (), 0)


def test_shadow_era_only_hero_cards_count_as_heroes(shadow_era, check):
    """“Your hero is the foundation of your deck. Every deck has exactly one hero card,
    which starts in play.”

    A hero and an ally in the hero slot make one hero, not two; the ally is the only
    problem, and the deck's cards are still checked against the hero."""
    heroes = [(1, "Boris Skullcrusher"), (1, "Kristoffer Wyld")]
    result = check(shadow_era, deck(heroes, neutral(39)))
    [problem] = only(result, "se-hero-is-a-hero")
    assert (problem.section, problem.cards) == ("hero", ("Kristoffer Wyld",))

    result = check(shadow_era, deck(heroes, [*neutral(38), (1, "Fireball")]))
    assert rule_ids(result) == ["se-hero-class", "se-hero-is-a-hero"]
    [fireball] = [p for p in result.problems if p.rule == "se-hero-class"]
    assert fireball.message.endswith(
        "Fireball is for Mage decks but your hero Boris Skullcrusher is Warrior"
    )
    assert fireball.cards == ("Fireball",)


def test_shadow_era_an_ally_listed_as_the_hero_is_one_of_the_39(shadow_era, check):
    """“1. Every deck must have one hero card, and at least 39 other non-hero cards.”

    Boris, 38 cards and an ally listed beside him in the hero slot hold 39 non-hero cards:
    the ally is out of place, and that is the one problem (the deck was not short of a
    card). Moved among the others, the same cards are legal."""
    heroes = [(1, "Boris Skullcrusher"), (1, "Kristoffer Wyld")]
    [problem] = only(check(shadow_era, deck(heroes, neutral(38))), "se-hero-is-a-hero")
    assert (problem.section, problem.cards) == ("hero", ("Kristoffer Wyld",))

    moved = deck("Boris Skullcrusher", [(1, "Kristoffer Wyld"), *neutral(38)])
    assert check(shadow_era, moved).problems == []


def test_shadow_era_an_ally_listed_as_the_hero_must_fit_the_hero(shadow_era, check):
    """“3. Cards which specify a faction in their type line may only be put into decks with
    a hero from that faction.”

    Bad Wolf, a Shadow ally, listed beside the Human Boris in the hero slot is out of place
    and of the wrong faction, said at once: moving it among the others leaves the faction
    problem, which is no new one."""
    assert shadow_era.find_card("Bad Wolf").get("faction") == "Shadow"
    heroes = [(1, "Boris Skullcrusher"), (1, "Bad Wolf")]
    result = check(shadow_era, deck(heroes, neutral(38)))
    assert rule_ids(result) == ["se-hero-faction", "se-hero-is-a-hero"]
    [faction] = [p for p in result.problems if p.rule == "se-hero-faction"]
    assert faction.message == (
        "Cards must match your hero's faction:"
        " Bad Wolf is for Shadow decks but your hero Boris Skullcrusher is Human"
    )
    assert (faction.section, faction.cards) == ("hero", ("Bad Wolf",))

    moved = check(shadow_era, deck("Boris Skullcrusher", [(1, "Bad Wolf"), *neutral(38)]))
    [same] = only(moved, "se-hero-faction")
    assert (same.message, same.section) == (faction.message, "deck")


def test_shadow_era_with_two_heroes_every_card_is_still_checked_against_them(shadow_era, check):
    """“3. Cards which specify a faction in their type line may only be put into decks with
    a hero from that faction.” “4. Cards that have one or more Class icons may only be used
    in decks with a hero that has at least one matching icon.”

    Two Human Warrior heroes: the hero count names both, and a Shadow card and a Mage card
    are still refused. A card fitting either hero is not blamed: which hero stays is the
    player's choice."""
    heroes = [(1, "Boris Skullcrusher"), (1, "Amber Rain")]
    others = [*neutral(37), (1, "Bad Wolf"), (1, "Fireball")]
    result = check(shadow_era, deck(heroes, others))
    assert rule_ids(result) == ["se-hero-class", "se-hero-faction", "se-one-hero"]
    [count] = [p for p in result.problems if p.rule == "se-one-hero"]
    assert count.cards == ("Boris Skullcrusher", "Amber Rain")
    [faction] = [p for p in result.problems if p.rule == "se-hero-faction"]
    assert faction.message == (
        "Cards must match your hero's faction: Bad Wolf is for Shadow decks"
        " but your heroes Boris Skullcrusher and Amber Rain are Human"
    )
    assert (faction.cards, faction.expected, faction.actual) == (
        ("Bad Wolf",),
        ["Human"],
        ["Shadow"],
    )
    [klass] = [p for p in result.problems if p.rule == "se-hero-class"]
    assert klass.cards == ("Fireball",)

    # A Human Warrior and a Shadow Mage: Bad Wolf and Fireball fit Majiya, Jasmine fits Boris.
    mixed = [(1, "Boris Skullcrusher"), (1, "Majiya")]
    fitting = [*neutral(36), (1, "Bad Wolf"), (1, "Fireball"), (1, "Jasmine Rosecult")]
    result = check(shadow_era, deck(mixed, fitting))
    [count] = only(result, "se-one-hero")
    assert count.cards == ("Boris Skullcrusher", "Majiya")
    result = check(shadow_era, deck(mixed, [*neutral(38), (1, "Den Mother")]))
    assert rule_ids(result) == ["se-hero-class", "se-one-hero"]
    [wulven] = [p for p in result.problems if p.rule == "se-hero-class"]
    assert wulven.message.endswith(
        "Den Mother is for Wulven decks but your heroes are Boris Skullcrusher (Warrior)"
        " and Majiya (Mage)"
    )


@pytest.mark.parametrize(
    ("heroes", "said"),
    [
        (["Aramia", "Elementalis"], "your heroes are Aramia (Mage) and Elementalis (Elemental)"),
        (["Elementalis", "Aramia"], "your heroes are Elementalis (Elemental) and Aramia (Mage)"),
        (
            ["Nishaven", "Eladwen Frostmire", "Boris Skullcrusher"],
            "your heroes are Nishaven (Mage), Eladwen Frostmire (Mage)"
            " and Boris Skullcrusher (Warrior)",
        ),
        (["Nishaven", "Eladwen Frostmire"], "your heroes Nishaven and Eladwen Frostmire are Mage"),
    ],
)
def test_shadow_era_two_heroes_of_two_classes_are_each_said_with_their_own(
    shadow_era, check, heroes, said
):
    """“4. Cards that have one or more Class icons may only be used in decks with a hero
    that has at least one matching icon.” “Each Hero has a faction (Human or Shadow) and one
    of seven classes.”

    With heroes of different classes, each hero is said with its own class: 'your heroes
    Aramia and Elementalis are Elemental and Mage' read as Aramia being the Elemental."""
    others = [*neutral(38), (1, "Den Mother")]
    result = check(shadow_era, deck([(1, hero) for hero in heroes], others))
    [wulven] = [p for p in result.problems if p.rule == "se-hero-class"]
    assert wulven.message == (
        "Class cards need a hero with a matching class icon: Den Mother is for Wulven decks"
        f" but {said}"
    )


def test_shadow_era_an_ally_listed_as_the_hero_still_fits_among_the_others(shadow_era, check):
    """“Your hero is the foundation of your deck. Every deck has exactly one hero card,
    which starts in play.”

    The builder's "fits my deck": Bad Wolf listed beside Majiya in the hero slot is a
    problem of the deck as it is, not of a copy more, which goes among the other cards and
    fits there; it was hidden, with the hero slot's problem as its reason. Beside a Human
    hero it still does not fit, as a Shadow card."""
    for hero, rule in (("Majiya", None), ("Nishaven", "se-hero-faction")):
        listed = parse_text(deck([(1, hero), (1, "Bad Wolf")], neutral(38)), shadow_era).deck
        assert "se-hero-is-a-hero" in rule_ids(validate(listed))
        wolf = shadow_era.find_card("Bad Wolf")
        found = misfits(listed, None, None, [wolf])[wolf.id]
        assert (found and found.rule) == rule


def test_shadow_era_a_hero_among_the_other_cards_fails(shadow_era):
    """“1. Every deck must have one hero card, and at least 39 other non-hero cards.”

    Amber Rain is a Human Warrior like Boris, so only the card type is wrong. A text list
    places a hero by its type (see the tests of "Deck:" below); a deck sent with its
    sections named keeps it among the others, where it is not one of them. It is still a
    hero card of the deck, a second one: “Every deck has exactly one hero card, which
    starts in play.”"""
    result = sectioned(shadow_era, "Boris Skullcrusher", [*neutral(39), (1, "Amber Rain")])
    assert rule_ids(result) == ["se-one-hero", "se-others-are-not-heroes"]
    [problem] = [p for p in result.problems if p.rule == "se-others-are-not-heroes"]
    assert problem.message == (
        "The 39 or more other cards must be non-hero cards: Amber Rain is a Hero card"
    )
    assert (problem.section, problem.cards) == ("deck", ("Amber Rain",))
    assert problem.expected == ["Ability", "Ally", "Item", "Location", "Support"]
    assert problem.actual == "Hero"
    [count] = [p for p in result.problems if p.rule == "se-one-hero"]
    assert count.message == (
        "Your deck needs exactly one hero: you have 2 heroes (Boris Skullcrusher and"
        " Amber Rain), counting Amber Rain listed under Deck"
    )
    assert (count.section, count.cards) == ("hero", ("Boris Skullcrusher", "Amber Rain"))


def test_shadow_era_a_hero_among_the_others_is_not_one_of_the_39(shadow_era):
    """“1. Every deck must have one hero card, and at least 39 other non-hero cards.”

    The player counts 39 cards under Deck: the count says which one it left out."""
    result = sectioned(shadow_era, "Boris Skullcrusher", [*neutral(38), (1, "Amber Rain")])
    assert rule_ids(result) == ["se-one-hero", "se-others-are-not-heroes", "se-thirty-nine-others"]
    [size] = [p for p in result.problems if p.rule == "se-thirty-nine-others"]
    assert (size.expected, size.actual) == ("at least 39", 38)
    assert size.message == (
        "You need at least 39 non-hero cards: you have 38 non-hero cards, not counting Amber Rain"
    )


def test_shadow_era_a_hero_sent_among_the_others_is_still_the_deck_s_one_hero(shadow_era):
    """“Every deck has exactly one hero card, which starts in play.”

    A deck sent with its sections named (the API's JSON) and every card, Boris too, under
    "deck" holds one hero card: it is out of place, which is the one problem. The deck was
    told it had 0 heroes, which its player, seeing Boris in it, read as a miscount."""
    cards = [{"card": "Boris Skullcrusher", "count": 1}]
    cards += [{"card": name, "count": count} for count, name in neutral(39)]
    parsed = parse_mapping({"sections": {"deck": cards}}, shadow_era)
    result = validate(parsed.deck, None, None, parsed.problems)
    [problem] = only(result, "se-others-are-not-heroes")
    assert problem.message == (
        "The 39 or more other cards must be non-hero cards: Boris Skullcrusher is a Hero card"
    )


def test_shadow_era_the_hero_listed_under_deck_is_the_deck_s_hero(shadow_era, check):
    """“Every deck has exactly one hero card, which starts in play.”

    The deck holds its hero, so a list that puts every card under "Deck:" (or "Main Deck
    (40)") is read as the rulebook counts it: the hero leads, the others are the 39."""
    for header in ("Deck:", "Main Deck (40):", "Cards:"):
        text = decklist({"X": [(1, "Boris Skullcrusher"), *neutral(39)]}).replace("X:", header)
        parsed = parse_text(text, shadow_era)
        heroes = [e.card.name for e in parsed.deck.sections["hero"]]
        assert heroes == ["Boris Skullcrusher"], header
        assert sum(e.count for e in parsed.deck.sections["deck"]) == 39, header
        assert check(shadow_era, text).problems == [], header


def test_shadow_era_two_heroes_under_deck_are_two_heroes(shadow_era, check):
    """“Every deck has exactly one hero card, which starts in play.”"""
    text = decklist({"Deck": [(1, "Boris Skullcrusher"), (1, "Amber Rain"), *neutral(39)]})
    [problem] = only(check(shadow_era, text), "se-one-hero")
    assert problem.message == (
        "Your deck needs exactly one hero: you have 2 heroes (Boris Skullcrusher and Amber Rain)"
    )
    assert (problem.section, problem.lines) == ("hero", (2, 3))


def test_shadow_era_a_hero_under_an_item_header_is_among_the_others(shadow_era, check):
    """“1. Every deck must have one hero card, and at least 39 other non-hero cards.”

    "Weapons:" names non-hero cards, not the whole deck: a hero listed there is a mistake,
    and a second hero of the deck."""
    text = decklist(
        {"Hero": [(1, "Boris Skullcrusher")], "Weapons": [(1, "Amber Rain")], "Deck": neutral(39)}
    )
    result = check(shadow_era, text)
    assert rule_ids(result) == ["se-one-hero", "se-others-are-not-heroes"]
    [problem] = [p for p in result.problems if p.rule == "se-others-are-not-heroes"]
    assert problem.cards == ("Amber Rain",)


def test_shadow_era_38_other_cards_are_too_few(shadow_era, check):
    """“1. Every deck must have one hero card, and at least 39 other non-hero cards.”

    39 are enough; one card fewer is not."""
    assert check(shadow_era, deck("Boris Skullcrusher", neutral(39))).problems == []

    result = check(shadow_era, deck("Boris Skullcrusher", neutral(38)))
    [problem] = only(result, "se-thirty-nine-others")
    assert problem.message == "You need at least 39 non-hero cards: you have 38 non-hero cards"
    assert (problem.section, problem.cards) == ("deck", ())
    assert (problem.expected, problem.actual) == ("at least 39", 38)


# -- rule 2: four copies of a name ------------------------------------------------------------


def test_shadow_era_four_copies_of_a_name_are_allowed(shadow_era, check):
    """“2. Each deck may contain a maximum of four copies of any card with the same name.”"""
    result = check(shadow_era, deck("Boris Skullcrusher", [(4, "Jasmine Rosecult"), *neutral(35)]))
    assert result.problems == []


def test_shadow_era_a_fifth_copy_of_a_name_fails(shadow_era, check):
    """“2. Each deck may contain a maximum of four copies of any card with the same name.”

    Four Jasmine Rosecult and a fifth Neutral card are legal; a fifth Jasmine in its place
    is not."""
    four = [(4, "Jasmine Rosecult"), *neutral(36)]
    assert check(shadow_era, deck("Boris Skullcrusher", four)).problems == []

    result = check(shadow_era, deck("Boris Skullcrusher", [(5, "Jasmine Rosecult"), *neutral(35)]))
    [problem] = only(result, "se-four-copies")
    assert problem.message == (
        "At most four copies of a card with the same name:"
        " you have 5 copies of Jasmine Rosecult (at most 4)"
    )
    assert (problem.section, problem.cards) == ("deck", ("Jasmine Rosecult",))
    assert (problem.expected, problem.actual) == (4, 5)


def test_shadow_era_the_same_name_spelled_differently_is_the_same_card(shadow_era, check):
    """“2. Each deck may contain a maximum of four copies of any card with the same name.”"""
    others = [(3, "Jasmine Rosecult"), (2, "jasmine rosecult"), *neutral(35)]
    result = check(shadow_era, deck("Boris Skullcrusher", others))
    [problem] = only(result, "se-four-copies")
    assert (problem.cards, problem.actual) == (("Jasmine Rosecult",), 5)


def test_shadow_era_copies_count_across_the_hero_and_the_deck(shadow_era):
    """“2. Each deck may contain a maximum of four copies of any card with the same name.”

    The hero in play is one of the copies: four more of it among the others make five
    (and five hero cards)."""
    others = [*neutral(39), (4, "Boris Skullcrusher")]
    result = sectioned(shadow_era, "Boris Skullcrusher", others)
    assert rule_ids(result) == ["se-four-copies", "se-one-hero", "se-others-are-not-heroes"]
    [copies] = [p for p in result.problems if p.rule == "se-four-copies"]
    assert (copies.section, copies.cards) == ("hero", ("Boris Skullcrusher",))
    assert (copies.expected, copies.actual) == (4, 5)


# -- rule 3: faction ---------------------------------------------------------------------------


def test_shadow_era_a_shadow_card_does_not_go_in_a_human_heros_deck(shadow_era, check):
    """“3. Cards which specify a faction in their type line may only be put into decks with
    a hero from that faction.”

    Bad Wolf (Shadow, no class icon) goes in Majiya's deck (a Shadow hero), not in Boris
    Skullcrusher's (a Human hero)."""
    others = [*neutral(38), (1, "Bad Wolf")]
    assert check(shadow_era, deck("Majiya", others)).problems == []

    result = check(shadow_era, deck("Boris Skullcrusher", others))
    [problem] = only(result, "se-hero-faction")
    assert problem.message == (
        "Cards must match your hero's faction:"
        " Bad Wolf is for Shadow decks but your hero Boris Skullcrusher is Human"
    )
    assert (problem.section, problem.cards) == ("deck", ("Bad Wolf",))
    assert (problem.expected, problem.actual) == (["Human"], ["Shadow"])


def test_shadow_era_a_human_card_does_not_go_in_a_shadow_heros_deck(shadow_era, check):
    """“3. Cards which specify a faction in their type line may only be put into decks with
    a hero from that faction.”"""
    result = check(shadow_era, deck("Majiya", [*neutral(38), (1, "Jasmine Rosecult")]))
    [problem] = only(result, "se-hero-faction")
    assert (problem.cards, problem.expected, problem.actual) == (
        ("Jasmine Rosecult",),
        ["Shadow"],
        ["Human"],
    )


def test_shadow_era_a_card_of_the_heros_faction_goes_in(shadow_era, check):
    """“3. Cards which specify a faction in their type line may only be put into decks with
    a hero from that faction.”"""
    human = check(shadow_era, deck("Boris Skullcrusher", [*neutral(35), (4, "Jasmine Rosecult")]))
    shadow = check(shadow_era, deck("Majiya", [*neutral(35), (4, "Bad Wolf")]))
    assert human.problems == shadow.problems == []


def test_shadow_era_neutral_cards_go_in_any_deck(shadow_era, check):
    """“(Cards with "Neutral" as their faction can be used in any deck.)”

    40 Neutral cards without a class icon go with every one of the 32 heroes; a Human card
    among them keeps the deck from every Shadow hero, and a Shadow card from every Human
    hero."""
    heroes = [card for card in shadow_era.cards if card.type == "Hero"]
    assert len(heroes) == 32
    assert {shadow_era.find_card(name).get("faction") for name in NEUTRAL_CLASSLESS} == {"Neutral"}
    for hero in heroes:
        result = check(shadow_era, deck(hero.name, neutral(40)))
        assert result.problems == [], hero.name
        other = "Bad Wolf" if hero.get("faction") == "Human" else "Jasmine Rosecult"
        result = check(shadow_era, deck(hero.name, [*neutral(39), (1, other)]))
        assert rule_ids(result) == ["se-hero-faction"], hero.name


def test_shadow_era_faction_is_checked_even_when_the_class_fits(shadow_era, check):
    """“Cards which specify a faction in their type line may only be put into decks with a
    hero from that faction. (Cards with "Neutral" as their faction can be used in any
    deck.)”

    Fuzam is a Human Warrior ally; Ter Adun is a Shadow Warrior: the class fits, the faction
    does not."""
    result = check(shadow_era, deck("Ter Adun", [*neutral(38), (1, "Fuzam, Yari Blademaster")]))
    [problem] = only(result, "se-hero-faction")
    assert (problem.expected, problem.actual) == (["Shadow"], ["Human"])


# -- rule 4: class icons -----------------------------------------------------------------------


def test_shadow_era_a_class_card_needs_a_hero_with_that_icon(shadow_era, check):
    """“4. Cards that have one or more Class icons may only be used in decks with a hero
    that has at least one matching icon.”

    Fireball (Mage) goes with Nishaven (a Mage) and not with Boris Skullcrusher (a Warrior),
    both Human heroes."""
    others = [*neutral(38), (1, "Fireball")]
    assert check(shadow_era, deck("Nishaven", others)).problems == []

    result = check(shadow_era, deck("Boris Skullcrusher", others))
    [problem] = only(result, "se-hero-class")
    assert problem.message == (
        "Class cards need a hero with a matching class icon:"
        " Fireball is for Mage decks but your hero Boris Skullcrusher is Warrior"
    )
    assert (problem.section, problem.cards) == ("deck", ("Fireball",))
    assert (problem.expected, problem.actual) == (["Warrior"], ["Mage"])


def test_shadow_era_a_class_card_goes_in_with_a_matching_hero(shadow_era, check):
    """“A) Class icon. Where a non-hero card has one or more class icons, you may only
    include that card in your deck if your hero shares at least one of those class icons.
    (The icon shown on Nishaven above is the Mage icon.)”"""
    result = check(shadow_era, deck("Nishaven", [*neutral(36), (4, "Fireball")]))
    assert result.problems == []


@pytest.mark.parametrize(
    ("card", "kind"),
    [
        ("Smashing Blow", ("Ability", None)),
        ("War Banner", ("Item", "Artifact")),
        ("Dragon's Tooth", ("Item", "Weapon")),
        ("Punisher's Gauntlets", ("Item", "Armor")),
    ],
    ids=["ability", "artifact", "weapon", "armor"],
)
def test_shadow_era_an_ability_or_item_with_a_class_icon_needs_a_hero_with_it(
    shadow_era, check, card, kind
):
    """“B) Class icon. A card with one or more of these icons may only be used in decks with
    a hero that has at least one matching icon.” “B) Class icons. A card with one or more of
    these icons may only be used in decks with a hero that has at least one matching icon.”

    Said on the ability, the artifact, the weapon and the armor cards alike: each Warrior
    card goes with Boris Skullcrusher (a Human Warrior), not with Nishaven (a Human Mage)."""
    found = shadow_era.find_card(card)
    assert ((found.type, found.get("item_subtype")), found.get("classes")) == (kind, ["Warrior"])
    others = [*neutral(38), (1, card)]
    assert check(shadow_era, deck("Boris Skullcrusher", others)).problems == []

    [problem] = only(check(shadow_era, deck("Nishaven", others)), "se-hero-class")
    assert problem.message == (
        "Class cards need a hero with a matching class icon:"
        f" {card} is for Warrior decks but your hero Nishaven is Mage"
    )
    assert (problem.section, problem.cards) == ("deck", (card,))


def test_shadow_era_an_attachment_is_a_sub_type_of_abilities_not_of_items(shadow_era):
    """“An item is always one of four sub-types: Artifact, Weapon, Armor or Trap.” “There
    are three different kinds of ability cards in Shadow Era:” “Attachment: These abilities
    are attached to a target specified in the card's text”

    Enrage is an Ability whose sub-type is Attachment; the sub-type was shown and filtered
    as an 'Item type', which an ability does not have. It is the card's sub-type, of an
    item or an ability alike."""
    enrage, bow = shadow_era.find_card("Enrage"), shadow_era.find_card("Beetle Demon Bow")
    assert (enrage.type, enrage.get("item_subtype")) == ("Ability", "Attachment")
    assert (bow.type, bow.get("item_subtype")) == ("Item", "Weapon")
    assert shadow_era.attributes["item_subtype"].label == "Sub-type"


def test_shadow_era_each_hero_has_a_faction_and_one_of_seven_classes(shadow_era):
    """“Each Hero has a faction (Human or Shadow) and one of seven classes.”

    What rules 3 and 4 hold every other card to: a hero without a faction or a class, or
    with two, would let the wrong cards in or keep the right ones out."""
    heroes = [card for card in shadow_era.cards if card.type == "Hero"]
    assert len(heroes) == 32
    classes = set(shadow_era.attributes["classes"].values)
    assert len(classes) == 7
    for hero in heroes:
        assert hero.get("faction") in ("Human", "Shadow"), hero.name
        assert len(hero.get("classes") or []) == 1, hero.name
        assert hero.get("classes")[0] in classes, hero.name


@pytest.mark.parametrize(
    ("card", "hero"),
    [
        ("Spiked Shield", "Boris Skullcrusher"),  # Warrior
        ("Spiked Shield", "Darkclaw"),  # Wulven
        ("Mournblade", "Ter Adun"),  # Warrior
        ("Mournblade", "Jericho Spellbane"),  # Priest
    ],
)
def test_shadow_era_a_card_with_two_icons_fits_a_hero_with_either(shadow_era, check, card, hero):
    """“Cards that have one or more Class icons may only be used in decks with a hero that
    has at least one matching icon.”"""
    result = check(shadow_era, deck(hero, [*neutral(38), (1, card)]))
    assert result.problems == []


@pytest.mark.parametrize(
    ("card", "hero", "icons", "hero_icon"),
    [
        ("Spiked Shield", "Nishaven", "Warrior or Wulven", "Mage"),
        ("Mournblade", "Darkclaw", "Priest or Warrior", "Wulven"),
    ],
)
def test_shadow_era_a_card_with_two_icons_fails_a_hero_with_neither(
    shadow_era, check, card, hero, icons, hero_icon
):
    """“you may only include that card in your deck if your hero shares at least one of
    those class icons.”"""
    result = check(shadow_era, deck(hero, [*neutral(38), (1, card)]))
    [problem] = only(result, "se-hero-class")
    assert problem.message.endswith(
        f"{card} is for {icons} decks but your hero {hero} is {hero_icon}"
    )
    assert problem.cards == (card,)
    assert problem.expected == [hero_icon]
    assert problem.actual == sorted(icons.split(" or "))


@pytest.mark.parametrize("hero", ["Nishaven", "Jericho Spellbane", "Lance Shadowstalker"])
def test_shadow_era_class_less_cards_go_anywhere_if_the_faction_fits(shadow_era, check, hero):
    """“(Cards with no Class icon can be used in any deck, providing the
    faction-restrictions above are adhered to.)”"""
    others = [(4, "Jasmine Rosecult"), (4, "Kristoffer Wyld"), *neutral(31)]
    assert check(shadow_era, deck(hero, others)).problems == []


def test_shadow_era_class_less_cards_still_need_the_faction(shadow_era, check):
    """“(Cards with no Class icon can be used in any deck, providing the
    faction-restrictions above are adhered to.)”

    Bad Wolf has no class icon: a Shadow Mage (Majiya) takes it, a Human Mage (Nishaven)
    does not."""
    others = [*neutral(38), (1, "Bad Wolf")]
    assert check(shadow_era, deck("Majiya", others)).problems == []
    result = check(shadow_era, deck("Nishaven", others))
    assert rule_ids(result) == ["se-hero-faction"]


@pytest.mark.parametrize("hero", ["Darkclaw", "Moonstalker", "Bloodfang"])
def test_shadow_era_a_wulven_hero_takes_wulven_cards(shadow_era, check, hero):
    """“Each valid combination of faction and class is represented by the ten
    pre-constructed Class decks you can buy in physical form or within the digital game:
    Human Warrior, Human Mage, Human Hunter, Human Priest, Human Rogue, Shadow Warrior,
    Shadow Mage, Shadow Hunter, Shadow Wulven, and Shadow Elemental.”"""
    wulven = [(4, "Insolent Pup"), (4, "Den Mother"), (4, "Eye of the Dark Forest")]
    result = check(shadow_era, deck(hero, [*wulven, (4, "Bad Wolf"), *neutral(24)]))
    assert result.problems == []


def test_shadow_era_wulven_cards_need_a_wulven_hero(shadow_era, check):
    """“4. Cards that have one or more Class icons may only be used in decks with a hero
    that has at least one matching icon.”

    Majiya is Shadow like the Wulven heroes, but a Mage."""
    result = check(shadow_era, deck("Majiya", [*neutral(38), (1, "Den Mother")]))
    [problem] = only(result, "se-hero-class")
    assert (problem.expected, problem.actual) == (["Mage"], ["Wulven"])


# One card of each set's block of Wulven class cards (se111-se120, ex081-ex090, sf111-sf120,
# ll101-ll110): the source left their icon out, the pool puts it back (cards.yaml decisions).
WULVEN_BLOCK_CARDS = ("Full Moon", "Tiger Wulf", "Dread Wolf", "Wulven Prophet")


@pytest.mark.parametrize("card", WULVEN_BLOCK_CARDS)
def test_shadow_era_a_wulven_class_card_goes_only_with_a_wulven_hero(shadow_era, check, card):
    """“4. Cards that have one or more Class icons may only be used in decks with a hero
    that has at least one matching icon.”

    Four copies fit Darkclaw; one copy is refused to Boris Skullcrusher (a Human Warrior)
    and to Majiya (Shadow like the Wulven heroes, but a Mage). These cards have no faction,
    so only the class keeps them out."""
    assert (
        shadow_era.find_card(card).get("faction"),
        shadow_era.find_card(card).get("classes"),
    ) == (
        "Neutral",
        ["Wulven"],
    )
    assert check(shadow_era, deck("Darkclaw", [*neutral(35), (4, card)])).problems == []
    for hero, icon in (("Boris Skullcrusher", "Warrior"), ("Majiya", "Mage")):
        result = check(shadow_era, deck(hero, [*neutral(38), (1, card)]))
        [problem] = only(result, "se-hero-class")
        assert problem.message.endswith(
            f"{card} is for Wulven decks but your hero {hero} is {icon}"
        )
        assert (problem.cards, problem.expected, problem.actual) == ((card,), [icon], ["Wulven"])


# A Wulven deck as its player posted it (Shadow Era build 1.28): Pack Wolf, Now You're Mine,
# Captured Prey, Regeneration and Full Moon are its Wulven class cards, the rest Shadow or
# Neutral cards without a class icon.
WULVEN_FORUM_LIST = """\
Wrath of the Wulven (40 cards)
Hero: {hero}
Allies (15)
4x Pack Wolf
2x Death Mage Thaddeus
3x Keldor
4x Plasma Behemoth
2x Shadow Knight
Abilities (24)
4x Bazaar
4x Now You're Mine
4x Captured Prey
3x Regeneration
3x Full Moon
2x Jeweler's Dream
4x Shriek of Vengeance
"""


def test_shadow_era_a_posted_wulven_deck_is_legal_for_wulven_heroes_only(shadow_era, check):
    """“A) Class icon. Where a non-hero card has one or more class icons, you may only
    include that card in your deck if your hero shares at least one of those class icons.”

    The list leads with Moonstalker and is legal; led by Majiya, a Shadow Mage, its Shadow
    cards still fit and its five Wulven cards do not."""
    result = check(shadow_era, WULVEN_FORUM_LIST.format(hero="Moonstalker"))
    assert result.legal is True
    assert rule_ids(result, "error") == []

    result = check(shadow_era, WULVEN_FORUM_LIST.format(hero="Majiya"))
    assert result.legal is False
    assert rule_ids(result, "error") == ["se-hero-class"]
    assert sorted(card for p in result.errors for card in p.cards) == [
        "Captured Prey",
        "Full Moon",
        "Now You're Mine",
        "Pack Wolf",
        "Regeneration",
    ]


# -- the item and ability sub-types: groups of the 39, never limits of their own -------------

# A Human Hunter deck grouped the way the rulebook sorts its cards ("ITEM - WEAPON", "Support
# Ability", "Attachment", ...): 41 non-hero cards.
SUBTYPE_FORUM_LIST = """\
Victor's Traps (Human Hunter)

Hero: Victor Heartstriker

Allies (12)
4x Aldon the Brave
4x Jasmine Rosecult
4x Jade of the Forest

Abilities (4)
4x Aimed Shot

Attachments:
4x Extra Sharp

Support Abilities (3)
3x Cover of Night

Weapons (4)
4x Rusty Longsword

Armor (4)
4x Plate Armor

Artifacts:
4x Bazaar

Traps (6):
4x Net Trap
2x Death Trap
"""


def test_shadow_era_cards_grouped_by_their_sub_types_are_the_deck(shadow_era, check):
    """“An item is always one of four sub-types: Artifact, Weapon, Armor or Trap.” “There
    are three different kinds of ability cards in Shadow Era:”

    Headers naming the sub-types group the deck's non-hero cards, as "Allies" does; the
    cards under them are counted and checked like any other. Five Rusty Longswords over two
    weapon groups are one too many, and a Mage artifact is refused to a Hunter."""
    result = check(shadow_era, SUBTYPE_FORUM_LIST)
    assert result.legal is True
    assert rule_ids(result, "error") == []
    parsed = parse_text(SUBTYPE_FORUM_LIST, shadow_era)
    assert [e.card.name for e in parsed.deck.sections["hero"]] == ["Victor Heartstriker"]
    assert sum(e.count for e in parsed.deck.sections["deck"]) == 41

    broken = SUBTYPE_FORUM_LIST.replace(
        "Artifacts:\n4x Bazaar",
        "Item - Weapon:\n1x Rusty Longsword\nArtifacts:\n3x Tome of Knowledge",
    )
    result = check(shadow_era, broken)
    assert rule_ids(result, "error") == ["se-four-copies", "se-hero-class"]
    assert [p.cards for p in result.errors] == [("Rusty Longsword",), ("Tome of Knowledge",)]


@pytest.mark.parametrize(
    "card",
    [
        "Aldon the Brave",
        "Cover of Night",
        "Enrage",
        "War Banner",
        "Rusty Longsword",
        "Plate Armor",
    ],
)
def test_shadow_era_rules_of_play_do_not_limit_copies_in_the_deck(shadow_era, check, card):
    """“If the word "Unique" is present here, you may not play another copy of that ally if
    you already control one.” “NOTE: You may not play a Support ability if you already
    control one with that name.” “NOTE: You may not play an attachment on a card if there is
    already another copy of that attachment on the card.” “NOTE: You may not play an
    Artifact if you already control one with that name.” “A hero may only have one weapon
    in play at a time.” “A hero may only have one armor in play at a time.”

    These limit what is in play, not the deck: a Warrior deck holds four of a unique ally
    (Aldon the Brave), a Support ability, an attachment, an artifact, a weapon or an armor,
    and a fifth is refused by rule 2 alone."""
    assert check(shadow_era, deck("Boris Skullcrusher", [*neutral(35), (4, card)])).problems == []
    result = check(shadow_era, deck("Boris Skullcrusher", [*neutral(35), (5, card)]))
    [problem] = only(result, "se-four-copies")
    assert (problem.cards, problem.actual) == ((card,), 5)


# -- Location and Support cards (a decision: they are non-hero cards like any other) -----------

NEUTRAL_LOCATIONS = [(4, "Gaderi: Braxno Citadel"), (4, "The Wilds: Trading Port")]
NEUTRAL_SUPPORT = [(4, "Rain Delay"), (4, "Urgent Business")]


def test_shadow_era_locations_and_supports_are_among_the_39_non_hero_cards(shadow_era, check):
    """“1. Every deck must have one hero card, and at least 39 other non-hero cards.”

    The rulebook names four card types (Hero, Ally, Ability, Item); Support cards are its
    Support abilities and Locations came later. Both are non-hero cards: they count among
    the 39, four of a name."""
    others = [*NEUTRAL_LOCATIONS, *NEUTRAL_SUPPORT, *neutral(23)]
    assert check(shadow_era, deck("Boris Skullcrusher", others)).problems == []

    short = [*NEUTRAL_LOCATIONS, *NEUTRAL_SUPPORT, *neutral(22)]
    [problem] = only(check(shadow_era, deck("Boris Skullcrusher", short)), "se-thirty-nine-others")
    assert problem.actual == 38

    five = [(5, "Gaderi: Braxno Citadel"), *NEUTRAL_SUPPORT, *neutral(27)]
    [problem] = only(check(shadow_era, deck("Boris Skullcrusher", five)), "se-four-copies")
    assert problem.cards == ("Gaderi: Braxno Citadel",)

    # The reading is recorded with the rule, for players to see.
    [decision] = shadow_era.decisions_for("se-thirty-nine-others")
    assert decision.reading.startswith("Location and Support cards are non-hero cards")


@pytest.mark.parametrize(
    ("card", "hero", "rule"),
    [
        ("Lorhon: Twilight Encampment", "Majiya", "se-hero-faction"),  # Human Location
        ("Asyn: Mount Kazarr", "Boris Skullcrusher", "se-hero-faction"),  # Shadow Location
        ("Cover of Night", "Majiya", "se-hero-faction"),  # Human Support
        ("Valiant Defender", "Nishaven", "se-hero-class"),  # Warrior Support
    ],
)
def test_shadow_era_locations_and_supports_follow_faction_and_class(
    shadow_era, check, card, hero, rule
):
    """“3. Cards which specify a faction in their type line may only be put into decks with
    a hero from that faction.” “4. Cards that have one or more Class icons may only be used
    in decks with a hero that has at least one matching icon.”"""
    [problem] = only(check(shadow_era, deck(hero, [*neutral(38), (1, card)])), rule)
    assert (problem.section, problem.cards) == ("deck", (card,))


# -- the game's wiki: at most 80 cards, class-specific allies ---------------------------------


def test_shadow_era_wiki_a_deck_holds_at_most_80_cards_with_the_hero(shadow_era, check):
    """Not a rulebook sentence. The game's wiki (Category:Deck): "A deck can hold up to 80
    cards in total, including the hero." One hero and 79 other cards."""
    assert check(shadow_era, deck("Boris Skullcrusher", neutral(79))).problems == []

    result = check(shadow_era, deck("Boris Skullcrusher", neutral(80)))
    [problem] = only(result, "se-at-most-80-cards")
    assert problem.message == "A deck holds at most 80 cards, the hero included: you have 81 cards"
    assert (problem.section, problem.cards) == ("deck", ())
    assert (problem.expected, problem.actual) == ("at most 80", 81)


@pytest.mark.parametrize(
    ("ally", "fits", "refuses", "icon"),
    [
        ("Pack Wolf", "Darkclaw", "Majiya", "Wulven"),
        ("Spark", "Elementalis", "Boris Skullcrusher", "Elemental"),
    ],
)
def test_shadow_era_wiki_class_specific_allies_join_only_their_class(
    shadow_era, check, ally, fits, refuses, icon
):
    """Not a rulebook sentence. The game's wiki (Category:Allies): "class-specific Allies
    also exist, such as Spark and Pack Wolf; these allies can only join Heroes with the
    same class type." Both are Neutral, so only the class restricts them."""
    card = shadow_era.find_card(ally)
    assert (card.get("faction"), card.get("classes")) == ("Neutral", [icon])
    assert check(shadow_era, deck(fits, [*neutral(36), (3, ally)])).problems == []

    result = check(shadow_era, deck(refuses, [*neutral(36), (3, ally)]))
    [problem] = only(result, "se-hero-class")
    assert (problem.cards, problem.actual) == ((ally,), [icon])


# -- the card pool's own decision: campaign cards ---------------------------------------------


def test_shadow_era_campaign_cards_are_not_deck_cards(shadow_era, check):
    """Not a rulebook sentence: the pool marks the Campaigns set (campaign-mode opponents)
    as not for constructed decks, and ``se-collectible-sets`` enforces that."""
    result = check(shadow_era, deck("Boris Skullcrusher", [*neutral(38), (1, "Wild Boar")]))
    [problem] = only(result, "se-collectible-sets")
    assert problem.message == (
        "Campaign cards are not deck cards: Wild Boar is from Campaigns, which is not legal here"
    )
    assert (problem.section, problem.cards) == ("deck", ("Wild Boar",))
    assert (problem.expected, problem.actual) == (["COTC", "DP", "LL", "SF"], "CAMP")


def test_shadow_era_every_campaign_card_is_rejected(shadow_era, check):
    """Every card of set CAMP is refused, whatever its faction; every other set is legal."""
    campaign = [card for card in shadow_era.cards if card.set == "CAMP"]
    assert len(campaign) == 29
    flagged = set()
    for card in campaign:
        result = check(shadow_era, deck("Boris Skullcrusher", [*neutral(38), (1, card.id)]))
        flagged |= {c for p in result.problems if p.rule == "se-collectible-sets" for c in p.cards}
    assert flagged == {card.name for card in campaign}
    assert {code for code, s in shadow_era.sets.items() if s.constructed} == {
        "COTC",
        "DP",
        "SF",
        "LL",
    }


def test_shadow_era_the_wulven_class_blocks_carry_the_wulven_icon(shadow_era):
    """Not a rulebook sentence: the pool's reading of the source's numbering. Each set numbers
    its class cards in blocks of ten, Warrior, Mage, Hunter, Priest, Rogue, Wulven,
    Elemental; the source gives every block its class but the Wulven one, and the pool gives
    all forty cards of the four Wulven blocks their icon. Bad Wolf, a Shadow ally of the
    Wulven tribe outside the blocks, keeps no class icon (the game's wiki names it)."""
    blocks = {
        "COTC": range(111, 121),
        "DP": range(81, 91),
        "SF": range(111, 121),
        "LL": range(101, 111),
    }
    in_blocks = [
        card
        for card in shadow_era.cards
        if card.set in blocks and int(card.number[2:]) in blocks[card.set]
    ]
    assert len(in_blocks) == 40
    assert {tuple(card.get("classes")) for card in in_blocks} == {("Wulven",)}
    assert {card.get("faction") for card in in_blocks} == {"Neutral"}
    bad_wolf = shadow_era.find_card("Bad Wolf")
    assert (bad_wolf.get("faction"), bad_wolf.get("classes")) == ("Shadow", None)
    decision = next(d for d in shadow_era.meta["decisions"] if "Full Moon" in d.get("cards", ()))
    assert decision["change"].startswith("class set to Wulven")


# -- the example decks ---------------------------------------------------------------------------


def test_shadow_era_the_legal_example_is_legal_at_the_command_line(monkeypatch):
    """“For a standard game of Shadow Era, your deck must follow a few basic rules:”"""
    monkeypatch.delenv("DECKWRIGHT_POOLS", raising=False)
    path = EXAMPLES / "shadow-era-legal.txt"
    result = CliRunner().invoke(cli, ["validate", "-g", "shadow-era", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output == f"{path}: legal in Shadow Era Standard\n"


def test_shadow_era_the_illegal_example_breaks_six_rules_at_once(monkeypatch):
    """“For a standard game of Shadow Era, your deck must follow a few basic rules:”"""
    monkeypatch.delenv("DECKWRIGHT_POOLS", raising=False)
    path = EXAMPLES / "shadow-era-illegal.txt"
    result = CliRunner().invoke(cli, ["validate", "-g", "shadow-era", str(path)])
    assert result.exit_code == 1, result.output
    assert result.output.startswith(f"{path}: NOT legal in Shadow Era Standard (6 errors)\n")
    assert sorted(re.findall(r"\[(se-[a-z-]+)\]", result.output)) == [
        "se-collectible-sets",
        "se-four-copies",
        "se-hero-class",
        "se-hero-faction",
        "se-one-hero",
        "se-thirty-nine-others",
    ]


# -- the quotes themselves --------------------------------------------------------------------


def test_every_quote_here_is_in_the_rulebook_word_for_word(shadow_era, assert_quotes_rulebook):
    """Each rulebook test above quotes its sentence verbatim (whitespace aside)."""
    assert_quotes_rulebook(globals(), "test_shadow_era_", shadow_era.rulebook, POOL_DECISIONS)


# Tests of decisions the card pool made, which no rulebook sentence states.
POOL_DECISIONS = {
    "test_shadow_era_campaign_cards_are_not_deck_cards",
    "test_shadow_era_every_campaign_card_is_rejected",
    "test_shadow_era_wiki_a_deck_holds_at_most_80_cards_with_the_hero",
    "test_shadow_era_wiki_class_specific_allies_join_only_their_class",
    "test_shadow_era_the_wulven_class_blocks_carry_the_wulven_icon",
}


def test_the_converter_rebuilds_the_shipped_shadow_era_cards(tmp_path):
    """The pool is data made by a rerunnable converter: running it again changes nothing
    (the Wulven class blocks included)."""
    carddata = Path(convert.DEFAULT_CARDDATA)
    if not (carddata / "shadow-era" / "cards.json").is_file():
        pytest.skip("the card data is not next to the repository")
    assert convert.main([str(carddata), "--out", str(tmp_path), "--game", "shadow-era"]) == 0
    shipped = REPO / "cardpool" / "shadow-era" / "cards.yaml"
    rebuilt = tmp_path / "shadow-era" / "cards.yaml"
    assert rebuilt.read_text(encoding="utf-8") == shipped.read_text(encoding="utf-8")
