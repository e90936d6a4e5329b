"""ERA deck construction and card legality, sentence by sentence (era-comprehensive-rulebook.txt).

Every test quotes the sentence it checks; ``test_every_era_test_quotes_the_rulebook_verbatim``
holds the quotes to the rulebook's own words.
"""

from __future__ import annotations

from datetime import date

import pytest

from tests.helpers import changed, decklist, rule_ids
from validator import parse_text
from validator.fits import misfits

# A Fire/Water deck: 2 Fire dinos and 1 Water dino, legal in Standard. Tests change one part.
DINOS = [(1, "Ember Rex"), (1, "Cinderhorn Triceratops"), (1, "Tidefang Mosasaur")]
CRYSTALS = [(2, "Fire Crystal"), (1, "Water Crystal")]
EVENTS = [(1, "Volcanic Eruption"), (1, "Wildfire Season"), (1, "High Tide")]
OTHERS = [
    (3, name)
    for name in (
        "Fire Breath",
        "Flame Lash",
        "Kindle",
        "Cinder Claws",
        "Torchtail Spike",
        "Obsidian Scale Plate",
        "Bubble Shield",
        "Coral Trident",
        "Riptide Pull",
    )
]
ELIGIBLE = ["EXP1A", "SDS1A", "SDS1B", "SDS1C"]


def era_deck(dinos=DINOS, crystals=CRYSTALS, events=EVENTS, others=OTHERS) -> str:
    return decklist({"Dinos": dinos, "Crystals": crystals, "Deck": [*events, *others]})


def of_rule(result, rule_id):
    return [p for p in result.problems if p.rule == rule_id]


# -- Deck Construction: 3 dinos, 3 crystals, a 30-card deck -------------------------------------


def test_era_a_deck_of_three_dinos_three_crystals_and_thirty_cards_is_legal(era, check):
    """“For the game to begin, each player must have 3 dinos, 3 crystals, and a deck of 30
    cards”"""
    result = check(era, era_deck())
    assert result.problems == []
    assert result.legal
    assert result.format == "standard"


@pytest.mark.parametrize(
    ("dinos", "actual", "cards"),
    [
        ([(1, "Ember Rex"), (1, "Tidefang Mosasaur")], 2, ()),
        ([*DINOS, (1, "Galeclaw Raptor")], 4, ()),
    ],
    ids=["two-dinos", "four-dinos"],
)
def test_era_the_player_must_prepare_three_dinos(era, check, dinos, actual, cards):
    """“The components the player must prepare are: - 3 dinos”"""
    result = check(era, era_deck(dinos=dinos))
    # With a dino more or less the crystals and events no longer match the dinos either.
    assert rule_ids(result) == [
        "era-crystals-match-dinos",
        "era-events-match-dinos",
        "era-three-dinos",
    ]
    (problem,) = of_rule(result, "era-three-dinos")
    assert problem.message == f"You need exactly 3 dinos: you have {actual} dinos"
    assert problem.section == "dinos"
    assert problem.cards == cards
    assert (problem.expected, problem.actual) == ("exactly 3", actual)


def test_era_a_list_of_the_30_deck_cards_alone_has_no_dinos_and_no_crystals(era, check):
    """“For the game to begin, each player must have 3 dinos, 3 crystals, and a deck of 30
    cards”

    A player who posts only the deck's 30 cards has 0 dinos and 0 crystals: both are said,
    and the 3 events then match no dino."""
    result = check(era, decklist({"Deck": [*EVENTS, *OTHERS]}))
    assert rule_ids(result) == ["era-events-match-dinos", "era-three-crystals", "era-three-dinos"]
    (dinos,) = of_rule(result, "era-three-dinos")
    assert dinos.message == "You need exactly 3 dinos: you have 0 dinos"
    assert (dinos.section, dinos.cards, dinos.actual) == ("dinos", (), 0)
    (crystals,) = of_rule(result, "era-three-crystals")
    assert (crystals.section, crystals.cards, crystals.actual) == ("crystals", (), 0)
    assert {(p.expected, p.actual) for p in of_rule(result, "era-events-match-dinos")} == {
        (0, 2),
        (0, 1),
    }


def test_era_a_player_cannot_select_more_than_one_of_a_unique_dino(era, check):
    """“A player can select any 3 dinos they wish, however cannot select more than 1 of a
    unique dino.”"""
    # Two Fire dinos are two unique dinos when they are different cards.
    assert [era.find_card(name).get("element") for _, name in DINOS[:2]] == ["Fire", "Fire"]
    assert check(era, era_deck()).problems == []

    result = check(era, era_deck(dinos=[(2, "Ember Rex"), (1, "Tidefang Mosasaur")]))
    assert rule_ids(result) == ["era-unique-dinos"]
    (problem,) = result.problems
    assert problem.message == (
        "No dino may be selected twice: you have 2 copies of Ember Rex (at most 1)"
    )
    assert problem.section == "dinos"
    assert problem.cards == ("Ember Rex",)
    assert (problem.expected, problem.actual) == (1, 2)
    assert problem.lines == (2,)


def test_era_a_unique_dino_listed_on_two_lines_is_still_one_dino(era, check):
    """“A player can select any 3 dinos they wish, however cannot select more than 1 of a
    unique dino.”"""
    dinos = [(1, "Ember Rex"), (1, "ember rex"), (1, "Tidefang Mosasaur")]
    result = check(era, era_deck(dinos=dinos))
    assert rule_ids(result) == ["era-unique-dinos"]
    assert (result.problems[0].expected, result.problems[0].actual) == (1, 2)


@pytest.mark.parametrize(
    ("dinos", "crystals", "events"),
    [
        (
            [(1, "Ember Rex"), (1, "Cinderhorn Triceratops"), (1, "Magmaw Ankylosaur")],
            [(3, "Fire Crystal")],
            [(1, "Volcanic Eruption"), (1, "Wildfire Season"), (1, "Ashfall")],
        ),
        (
            [(1, "Ember Rex"), (1, "Tidefang Mosasaur"), (1, "Galeclaw Raptor")],
            [(1, "Fire Crystal"), (1, "Water Crystal"), (1, "Air Crystal")],
            [(1, "Volcanic Eruption"), (1, "High Tide"), (1, "Tailwind")],
        ),
        (
            [
                (1, "Boulderback Ankylosaur"),
                (1, "Granite Pachycephalosaur"),
                (1, "Cyclone Microraptor"),
            ],
            [(2, "Earth Crystal"), (1, "Air Crystal")],
            [(1, "Earthquake"), (1, "Landslide"), (1, "Jet Stream")],
        ),
    ],
    ids=["one-element", "three-elements", "two-elements"],
)
def test_era_selected_dinos_can_be_of_any_element(era, check, dinos, crystals, events):
    """“Selected dinos can be of any element.”"""
    result = check(era, era_deck(dinos=dinos, crystals=crystals, events=events))
    assert result.problems == []


@pytest.mark.parametrize(
    ("crystals", "actual", "cards"),
    [
        ([(2, "Fire Crystal")], 2, ()),
        ([(2, "Fire Crystal"), (1, "Water Crystal"), (1, "Air Crystal")], 4, ()),
    ],
    ids=["two-crystals", "four-crystals"],
)
def test_era_the_player_must_prepare_three_crystals(era, check, crystals, actual, cards):
    """“- 3 crystals - Crystals must match the elements of the selected dinos.”"""
    result = check(era, era_deck(crystals=crystals))
    # A crystal more or less cannot match the 3 dinos' elements either.
    assert rule_ids(result) == ["era-crystals-match-dinos", "era-three-crystals"]
    (problem,) = of_rule(result, "era-three-crystals")
    assert problem.message == f"You need exactly 3 crystals: you have {actual} crystals"
    assert problem.section == "crystals"
    assert problem.cards == cards
    assert (problem.expected, problem.actual) == ("exactly 3", actual)


def test_era_crystals_must_match_dino_elements(era, check):
    """“Crystals must match the elements of the selected dinos.”

    1 Fire and 2 Water crystals match 1 Fire and 2 Water dinos, and do not match the 2 Fire
    and 1 Water dinos of the same deck."""
    one_fire_two_water = [(1, "Ember Rex"), (1, "Coral Stegoback"), (1, "Tidefang Mosasaur")]
    legal = era_deck(
        dinos=one_fire_two_water,
        crystals=[(1, "Fire Crystal"), (2, "Water Crystal")],
        events=[(1, "Volcanic Eruption"), (1, "High Tide"), (1, "Monsoon")],
    )
    assert check(era, legal).problems == []

    result = check(era, era_deck(crystals=[(1, "Fire Crystal"), (2, "Water Crystal")]))
    assert rule_ids(result) == ["era-crystals-match-dinos"]
    fire, water = result.problems
    assert fire.message == (
        "Crystals must match your dinos' elements: you have 2 Fire dinos but 1 Fire crystal"
    )
    assert water.message == (
        "Crystals must match your dinos' elements: you have 1 Water dino but 2 Water crystals"
    )
    assert {fire.section, water.section} == {"crystals"}
    assert (fire.cards, fire.expected, fire.actual) == ((), 2, 1)  # one short: none wrong
    assert (water.cards, water.expected, water.actual) == (("Water Crystal",), 1, 2)


AIR_EARTH_DINOS = [
    (1, "Galeclaw Raptor"),
    (1, "Thunderbeak Quetzalcoatlus"),
    (1, "Boulderback Ankylosaur"),
]
AIR_EARTH_EVENTS = [(1, "Tailwind"), (1, "Thunderstorm"), (1, "Earthquake")]


def test_era_two_air_dinos_and_one_earth_dino_take_two_air_crystals_and_one_earth_crystal(
    era, check
):
    """“For example, if you select 2 Air dinos and 1 Earth dino, you must have 2 Air crystals
    and 1 Earth crystal.”"""
    legal = era_deck(
        dinos=AIR_EARTH_DINOS,
        crystals=[(2, "Air Crystal"), (1, "Earth Crystal")],
        events=AIR_EARTH_EVENTS,
    )
    assert check(era, legal).problems == []

    three_air = era_deck(
        dinos=AIR_EARTH_DINOS, crystals=[(3, "Air Crystal")], events=AIR_EARTH_EVENTS
    )
    result = check(era, three_air)
    assert rule_ids(result) == ["era-crystals-match-dinos"]
    air, earth = result.problems
    assert air.message.endswith("you have 2 Air dinos but 3 Air crystals")
    assert (air.cards, air.expected, air.actual) == (("Air Crystal",), 2, 3)
    assert earth.message.endswith("you have 1 Earth dino but 0 Earth crystals")
    assert (earth.cards, earth.expected, earth.actual) == ((), 1, 0)


def _fitting(era, text: str, *names: str) -> dict[str, str | None]:
    """The builder's "fits my deck" for each card: None, or the rule a copy more breaks."""
    deck = parse_text(text, era).deck
    cards = [era.find_card(name) for name in names]
    found = misfits(deck, None, None, cards)
    return {card.name: found[card.id] and found[card.id].rule for card in cards}


def test_era_crystals_and_events_still_missing_fit_a_deck_built_a_card_at_a_time(era, check):
    """“For example, if you select 2 Air dinos and 1 Earth dino, you must have 2 Air crystals
    and 1 Earth crystal.” “The 3 events must match the elements of the selected dinos.”

    With the dinos chosen and no crystal yet, an Air crystal is what the deck needs: the
    first one leaves it 1 Air crystal short, which names no crystal as wrong, so it fits
    (it was hidden from "fits my deck", as was every Air and Earth event). A third Air
    crystal, or a crystal of no dino's element, is one too many and does not fit."""
    dinos = decklist({"Dinos": AIR_EARTH_DINOS})
    assert _fitting(era, dinos, "Air Crystal", "Earth Crystal", "Fire Crystal") == {
        "Air Crystal": None,
        "Earth Crystal": None,
        "Fire Crystal": "era-crystals-match-dinos",
    }
    assert _fitting(era, dinos, "Tailwind", "Earthquake", "High Tide") == {
        "Tailwind": None,
        "Earthquake": None,
        "High Tide": "era-events-match-dinos",
    }
    two_air = decklist({"Dinos": AIR_EARTH_DINOS, "Crystals": [(2, "Air Crystal")]})
    assert _fitting(era, two_air, "Air Crystal", "Earth Crystal") == {
        "Air Crystal": "era-crystals-match-dinos",
        "Earth Crystal": None,
    }
    # One Air crystal short is still said, with the line of the Air crystal listed, and
    # names no card as the wrong one.
    result = check(era, decklist({"Dinos": AIR_EARTH_DINOS, "Crystals": [(1, "Air Crystal")]}))
    air = next(p for p in of_rule(result, "era-crystals-match-dinos") if p.expected == 2)
    assert air.message.endswith("you have 2 Air dinos but 1 Air crystal")
    assert (air.cards, air.lines, air.actual) == ((), (7,), 1)


def test_era_a_crystal_or_event_for_a_dino_still_to_choose_fits(era):
    """“A player can select any 3 dinos they wish” “Crystals must match the elements of the
    selected dinos.” “The 3 events must match the elements of the selected dinos.”

    With one Fire dino chosen, two are still to choose: a Water crystal or event fits, as a
    Water dino can still join it (they were hidden until the dinos were chosen). With the
    3 dinos chosen none can, and a crystal or event of no dino's element does not fit."""
    one_fire = decklist({"Dinos": [(1, "Ember Rex")]})
    assert _fitting(era, one_fire, "Water Crystal", "High Tide", "Fire Crystal") == {
        "Water Crystal": None,
        "High Tide": None,
        "Fire Crystal": None,
    }
    # A second Fire dino and a Water one: a third element is still one dino away.
    fire_water = decklist({"Dinos": [(1, "Ember Rex"), (1, "Tidefang Mosasaur")]})
    assert _fitting(era, fire_water, "Air Crystal", "Tailwind") == {
        "Air Crystal": None,
        "Tailwind": None,
    }
    # Beside a Fire dino, a third Air crystal would need a fourth dino: it does not fit, and
    # is said as the crystal rule it breaks.
    two_air = decklist({"Dinos": [(1, "Ember Rex")], "Crystals": [(2, "Air Crystal")]})
    assert _fitting(era, two_air, "Air Crystal") == {"Air Crystal": "era-crystals-match-dinos"}
    dinos = decklist({"Dinos": AIR_EARTH_DINOS})
    assert _fitting(era, dinos, "Fire Crystal", "High Tide") == {
        "Fire Crystal": "era-crystals-match-dinos",
        "High Tide": "era-events-match-dinos",
    }


def test_era_a_card_that_leaves_no_dino_for_the_crystals_and_events_chosen_does_not_fit(era):
    """“A player can select any 3 dinos they wish” “Crystals must match the elements of the
    selected dinos.” “The 3 events must match the elements of the selected dinos.”

    A crystal or event chosen before its dino waits for that dino. A card that takes its
    place (the third dino of another element), or that needs a dino of its own where none
    is left, makes the deck one no card added can make legal: it does not fit, said as the
    rule the waiting card is left breaking. The cards that leave room still fit."""
    # Two Water dinos and an Air event: the third dino must be Air.
    water_air = decklist(
        {"Dinos": [(1, "Brinecrest Plesiosaur"), (1, "Coral Stegoback")], "Deck": [(1, "Tailwind")]}
    )
    assert _fitting(era, water_air, "Boulderback Ankylosaur", "Galeclaw Raptor") == {
        "Boulderback Ankylosaur": "era-events-match-dinos",
        "Galeclaw Raptor": None,
    }
    # An Earth dino, an Air dino and a Fire crystal: the third dino must be Fire, so a Water
    # event (or crystal) would need a fourth.
    three_elements = decklist(
        {
            "Dinos": [(1, "Boulderback Ankylosaur"), (1, "Galeclaw Raptor")],
            "Crystals": [(1, "Fire Crystal")],
        }
    )
    assert _fitting(era, three_elements, "High Tide", "Water Crystal", "Volcanic Eruption") == {
        "High Tide": "era-events-match-dinos",
        "Water Crystal": "era-crystals-match-dinos",
        "Volcanic Eruption": None,
    }
    # A Fire dino and an Air and a Water event: an Earth crystal would need a fourth dino.
    fire = decklist({"Dinos": [(1, "Ember Rex")], "Deck": [(1, "Tailwind"), (1, "High Tide")]})
    assert _fitting(era, fire, "Earth Crystal", "Water Crystal", "Galeclaw Raptor") == {
        "Earth Crystal": "era-crystals-match-dinos",
        "Water Crystal": None,
        "Galeclaw Raptor": None,
    }


@pytest.mark.parametrize(
    ("section", "misplaced"),
    [("Crystals", "era-crystals-are-crystals"), ("Dinos", "era-dinos-are-dinos")],
)
def test_era_a_card_waiting_for_its_dino_waits_wherever_it_is_listed(
    era, check, section, misplaced
):
    """“The 3 events must match the elements of the selected dinos.”

    Beside two Water dinos the Air event still asks for the third dino to be Air when it is
    listed out of place (under Crystals, under Dinos): it counts wherever it is listed, and
    moving it changes nothing the rule counts. An Earth dino, which leaves it no dino, was
    shown as fitting the moment one card was listed in the wrong section; it does not fit,
    and the Air dino, or a card of the deck, still does, with the misplaced card's problem
    never said as theirs."""
    listed = {"Dinos": [(1, "Brinecrest Plesiosaur"), (1, "Coral Stegoback")]}
    listed.setdefault(section, []).append((1, "Tailwind"))
    text = decklist(listed)
    assert misplaced in rule_ids(check(era, text))
    tried = ("Boulderback Ankylosaur", "Galeclaw Raptor", "Kindle", "Air Crystal")
    assert _fitting(era, text, *tried) == {
        "Boulderback Ankylosaur": "era-events-match-dinos",
        "Galeclaw Raptor": None,
        "Kindle": None,
        "Air Crystal": None,
    }


@pytest.mark.parametrize(
    ("misplaced", "dinos", "others"),
    [
        ("Kindle", DINOS, changed(OTHERS, {"Kindle": 2})),
        ("Tidefang Mosasaur", DINOS[:2], OTHERS),
    ],
)
def test_era_only_crystals_go_among_the_crystals(era, check, misplaced, dinos, others):
    """“3 crystals”

    The card listed among the crystals still counts as what it is, so the deck has its 3
    dinos, 3 crystals and 30 cards: the misplaced card is the one problem."""
    result = check(era, era_deck(dinos=dinos, crystals=[*CRYSTALS, (1, misplaced)], others=others))
    (problem,) = result.problems
    assert problem.rule == "era-crystals-are-crystals"
    card_type = era.find_card(misplaced).type
    article = "an" if card_type == "Action" else "a"
    assert problem.message == (
        f"Only crystals go among your crystals: {misplaced} is {article} {card_type} card"
    )
    assert (problem.section, problem.cards) == ("crystals", (misplaced,))
    assert (problem.expected, problem.actual) == (["Crystal"], card_type)


def test_era_only_dinos_go_among_the_dinos(era, check):
    """“3 dinos”

    A crystal listed among the dinos is one problem: it is still one of the 3 crystals."""
    dinos = [*DINOS, (1, "Fire Crystal")]
    result = check(era, era_deck(dinos=dinos, crystals=[(1, "Fire Crystal"), (1, "Water Crystal")]))
    (problem,) = result.problems
    assert problem.rule == "era-dinos-are-dinos"
    assert problem.message == "Only dinos go among your dinos: Fire Crystal is a Crystal card"
    assert (problem.section, problem.cards) == ("dinos", ("Fire Crystal",))
    assert (problem.expected, problem.actual) == (["Dino"], "Crystal")


def test_era_a_crystal_listed_twice_among_the_dinos_is_no_dino_selected_twice(era, check):
    """“A player can select any 3 dinos they wish, however cannot select more than 1 of a
    unique dino.”

    Only dinos are unique dinos: two Fire Crystals listed among the dinos are two
    misplaced crystals, reported once, not a dino selected twice."""
    dinos = [*DINOS, (2, "Fire Crystal")]
    result = check(era, era_deck(dinos=dinos, crystals=[(1, "Water Crystal")]))
    (problem,) = result.problems
    assert problem.rule == "era-dinos-are-dinos"
    assert (problem.section, problem.cards) == ("dinos", ("Fire Crystal",))


def test_era_a_crystal_in_place_of_a_dino_leaves_two_dinos(era, check):
    """“For the game to begin, each player must have 3 dinos, 3 crystals, and a deck of 30
    cards”

    Not moved but swapped: the deck has 2 dinos and 4 crystals, so the crystals and events
    no longer match the dinos either."""
    dinos = [(1, "Ember Rex"), (1, "Tidefang Mosasaur"), (1, "Fire Crystal")]
    result = check(era, era_deck(dinos=dinos))
    assert rule_ids(result) == [
        "era-crystals-match-dinos",
        "era-dinos-are-dinos",
        "era-events-match-dinos",
        "era-three-crystals",
        "era-three-dinos",
    ]
    (size,) = of_rule(result, "era-three-dinos")
    assert (size.section, size.cards, size.actual) == ("dinos", (), 2)
    (crystals,) = of_rule(result, "era-three-crystals")
    assert crystals.actual == 4
    # Three cards are listed under each header: the words say which one the count leaves
    # out or takes in, so "2 dinos" and "4 crystals" are not read as miscounts.
    assert size.message == ("You need exactly 3 dinos: you have 2 dinos, not counting Fire Crystal")
    assert crystals.message == (
        "You need exactly 3 crystals: you have 4 crystals, counting Fire Crystal listed under Dinos"
    )


def test_era_a_crystal_in_place_of_a_deck_card_leaves_twenty_nine(era, check):
    """“For the game to begin, each player must have 3 dinos, 3 crystals, and a deck of 30
    cards”

    A crystal among the 30 cards listed under Deck is a fourth crystal, and the deck has 29
    cards: the words say which card is left out of the 30 and taken into the crystals, as
    the player counts 30 cards and 3 crystals under the headers."""
    others = [*changed(OTHERS, {"Riptide Pull": 2}), (1, "Water Crystal")]
    result = check(era, era_deck(others=others))
    assert rule_ids(result) == [
        "era-crystals-match-dinos",
        "era-deck-card-types",
        "era-deck-thirty",
        "era-three-crystals",
    ]
    (deck,) = of_rule(result, "era-deck-thirty")
    assert deck.message == (
        "Your deck must have exactly 30 cards: you have 29 cards, not counting Water Crystal"
    )
    (crystals,) = of_rule(result, "era-three-crystals")
    assert crystals.message == (
        "You need exactly 3 crystals: you have 4 crystals, counting Water Crystal listed under Deck"
    )
    assert (deck.actual, crystals.actual) == (29, 4)


@pytest.mark.parametrize(
    ("others", "actual"),
    [
        (changed(OTHERS, {"Riptide Pull": 2}), 29),
        (changed(OTHERS, {"Healing Spring": 1}), 31),
    ],
    ids=["29-cards", "31-cards"],
)
def test_era_the_deck_has_thirty_cards(era, check, others, actual):
    """“- 30 card deck”

    One card more or less is one problem: with the 3 events right, the 27 other cards
    are off by the same card, which is not reported a second time. The same deck with the
    card put back or taken out again (30 cards) is legal."""
    assert sum(count for count, _ in [*EVENTS, *OTHERS]) == 30
    assert check(era, era_deck()).problems == []

    result = check(era, era_deck(others=others))
    (problem,) = result.problems
    assert problem.rule == "era-deck-thirty"
    assert problem.message == f"Your deck must have exactly 30 cards: you have {actual} cards"
    assert problem.section == "deck"
    assert (problem.expected, problem.actual) == ("exactly 30", actual)
    if actual < 30:
        assert problem.cards == ()


def test_era_four_events_in_thirty_cards_break_the_three_events(era, check):
    """“The deck consists of 3 event cards and 27 other cards.”

    3 Fire events with 3 Fire dinos and 27 other cards are legal; a fourth Fire event in
    place of an other card is not, though the deck still has 30 cards."""
    three_fire = [(1, "Ember Rex"), (1, "Cinderhorn Triceratops"), (1, "Magmaw Ankylosaur")]
    fire_events = [(1, "Volcanic Eruption"), (1, "Wildfire Season"), (1, "Ashfall")]
    legal = era_deck(dinos=three_fire, crystals=[(3, "Fire Crystal")], events=fire_events)
    assert check(era, legal).problems == []
    four_fire = era_deck(
        dinos=three_fire,
        crystals=[(3, "Fire Crystal")],
        events=[*fire_events, (1, "Heatwave")],
        others=changed(OTHERS, {"Kindle": 2}),
    )
    result = check(era, four_fire)
    assert rule_ids(result) == ["era-events-match-dinos", "era-three-events"]

    events = [*EVENTS, (1, "Ashfall")]
    result = check(era, era_deck(events=events, others=changed(OTHERS, {"Kindle": 2})))
    # 30 cards still, but 4 events cannot match 3 dinos.
    assert rule_ids(result) == ["era-events-match-dinos", "era-three-events"]
    (events_problem,) = of_rule(result, "era-three-events")
    assert events_problem.message == "Your deck must have exactly 3 events: you have 4 events"
    # A count names no card: any one of the 4 events may be the one to take out.
    assert (events_problem.section, events_problem.cards) == ("deck", ())
    assert (events_problem.expected, events_problem.actual) == ("exactly 3", 4)


def test_era_two_events_in_thirty_cards_break_the_three_events(era, check):
    """“The deck consists of 3 event cards and 27 other cards.”"""
    events = [(1, "Volcanic Eruption"), (1, "High Tide")]
    result = check(era, era_deck(events=events, others=changed(OTHERS, {"Healing Spring": 1})))
    assert rule_ids(result) == ["era-events-match-dinos", "era-three-events"]
    (events_problem,) = of_rule(result, "era-three-events")
    assert (events_problem.expected, events_problem.actual, events_problem.cards) == (
        "exactly 3",
        2,
        (),
    )


def test_era_an_extra_event_makes_both_three_events_and_thirty_cards_wrong(era, check):
    """“- 30 card deck - The deck consists of 3 event cards and 27 other cards.”

    A fourth event on top of 30 cards is a fourth event and a 31st card: both are said."""
    result = check(era, era_deck(events=[*EVENTS, (1, "Ashfall")]))
    assert rule_ids(result) == ["era-deck-thirty", "era-events-match-dinos", "era-three-events"]
    (size,) = of_rule(result, "era-deck-thirty")
    assert size.actual == 31


def test_era_events_must_match_dino_elements(era, check):
    """“The 3 events must match the elements of the selected dinos.”

    3 Fire events match 3 Fire dinos, and do not match 2 Fire dinos and 1 Water dino."""
    fire_events = [(1, "Volcanic Eruption"), (1, "Wildfire Season"), (1, "Ashfall")]
    three_fire = [(1, "Ember Rex"), (1, "Cinderhorn Triceratops"), (1, "Magmaw Ankylosaur")]
    legal = era_deck(dinos=three_fire, crystals=[(3, "Fire Crystal")], events=fire_events)
    assert check(era, legal).problems == []

    result = check(era, era_deck(events=fire_events))
    assert rule_ids(result) == ["era-events-match-dinos"]
    fire, water = result.problems
    assert fire.message == (
        "Events must match your dinos' elements: you have 2 Fire dinos but 3 Fire events"
    )
    assert water.message == (
        "Events must match your dinos' elements: you have 1 Water dino but 0 Water events"
    )
    assert {fire.section, water.section} == {"deck"}
    assert fire.cards == ("Volcanic Eruption", "Wildfire Season", "Ashfall")
    assert (fire.expected, fire.actual) == (2, 3)
    assert (water.cards, water.expected, water.actual) == ((), 1, 0)


WATER_AIR_DINOS = [
    (1, "Brinecrest Plesiosaur"),
    (1, "Coral Stegoback"),
    (1, "Galeclaw Raptor"),
]
WATER_AIR_CRYSTALS = [(2, "Water Crystal"), (1, "Air Crystal")]


def test_era_two_water_dinos_and_one_air_dino_take_two_water_events_and_one_air_event(era, check):
    """“For example, if you select 2 Water dinos and 1 Air dino, you must have 2 Water events
    and 1 Air event.”"""
    legal = era_deck(
        dinos=WATER_AIR_DINOS,
        crystals=WATER_AIR_CRYSTALS,
        events=[(1, "High Tide"), (1, "Monsoon"), (1, "Tailwind")],
    )
    assert check(era, legal).problems == []

    swapped = era_deck(
        dinos=WATER_AIR_DINOS,
        crystals=WATER_AIR_CRYSTALS,
        events=[(1, "High Tide"), (1, "Tailwind"), (1, "Thunderstorm")],
    )
    result = check(era, swapped)
    assert rule_ids(result) == ["era-events-match-dinos"]
    air, water = result.problems
    assert air.message.endswith("you have 1 Air dino but 2 Air events")
    assert (air.cards, air.expected, air.actual) == (("Tailwind", "Thunderstorm"), 1, 2)
    assert water.message.endswith("you have 2 Water dinos but 1 Water event")
    assert (water.cards, water.expected, water.actual) == ((), 2, 1)  # one short: none wrong


THREE_WATER_DINOS = [(1, "Brinecrest Plesiosaur"), (1, "Coral Stegoback"), (1, "Tidefang Mosasaur")]


def test_era_a_unique_event_card_can_only_be_selected_once(era, check):
    """“A unique event card can only be selected once. As an example, if you have 3 Water
    dinos, you must have 3 Water events, but each of those Water events must be a different
    unique event card.”"""
    different = [(1, "High Tide"), (1, "Monsoon"), (1, "Tsunami Warning")]
    legal = era_deck(dinos=THREE_WATER_DINOS, crystals=[(3, "Water Crystal")], events=different)
    assert check(era, legal).problems == []

    repeated = [(2, "High Tide"), (1, "Monsoon")]
    illegal = era_deck(dinos=THREE_WATER_DINOS, crystals=[(3, "Water Crystal")], events=repeated)
    result = check(era, illegal)
    assert rule_ids(result) == ["era-unique-events"]
    (problem,) = result.problems
    assert problem.message == (
        "Each event must be a different card: you have 2 copies of High Tide (at most 1)"
    )
    assert problem.section == "deck"
    assert problem.cards == ("High Tide",)
    assert (problem.expected, problem.actual) == (1, 2)


@pytest.mark.parametrize("card", ["Fire Breath", "Cinder Claws"], ids=["action", "equipment"])
def test_era_a_deck_can_have_up_to_three_copies_of_an_action_or_equipment(era, check, card):
    """“A deck can have up to 3 copies of any unique Action or Equipment card.”"""
    assert {name: count for count, name in OTHERS}[card] == 3
    assert check(era, era_deck()).legal

    result = check(era, era_deck(others=changed(OTHERS, {card: 4, "Riptide Pull": 2})))
    assert rule_ids(result) == ["era-three-copies"]
    (problem,) = result.problems
    assert problem.message == (
        f"At most 3 copies of each action or equipment: you have 4 copies of {card} (at most 3)"
    )
    assert problem.section == "deck"
    assert problem.cards == (card,)
    assert (problem.expected, problem.actual) == (3, 4)


@pytest.mark.parametrize(
    ("card", "card_type", "dinos", "crystals"),
    [
        ("Tidefang Mosasaur", "Dino", DINOS[:2], CRYSTALS),
        ("Fire Crystal", "Crystal", DINOS, [(1, "Fire Crystal"), (1, "Water Crystal")]),
    ],
)
def test_era_the_27_other_cards_are_actions_and_equipment(
    era, check, card, card_type, dinos, crystals
):
    """“The 27 other cards can be any combination of Action and Equipment cards.”

    A dino or crystal listed with the deck cards is one problem: it is still one of the 3
    dinos or crystals, and not one of the 30 cards."""
    others = [*OTHERS, (1, card)]
    result = check(era, era_deck(dinos=dinos, crystals=crystals, others=others))
    (problem,) = result.problems
    assert problem.rule == "era-deck-card-types"
    assert problem.message == (
        f"Your deck holds only events, actions and equipment: {card} is a {card_type} card"
    )
    assert problem.section == "deck"
    assert problem.cards == (card,)
    assert (problem.expected, problem.actual) == (["Action", "Equipment", "Event"], card_type)


def test_era_a_fourth_dino_listed_with_the_deck_cards_is_a_fourth_dino(era, check):
    """“For the game to begin, each player must have 3 dinos, 3 crystals, and a deck of 30
    cards”"""
    result = check(era, era_deck(others=[*OTHERS, (1, "Magmaw Ankylosaur")]))
    assert rule_ids(result) == [
        "era-crystals-match-dinos",
        "era-deck-card-types",
        "era-events-match-dinos",
        "era-three-dinos",
    ]
    (size,) = of_rule(result, "era-three-dinos")
    assert (size.section, size.actual) == ("dinos", 4)


def test_era_any_combination_of_actions_and_equipment_is_legal(era, check):
    """“The 27 other cards can be any combination of Action and Equipment cards.”"""
    actions = [(3, n) for n in ("Fire Breath", "Flame Lash", "Kindle", "Bubble Shield")]
    actions += [(3, n) for n in ("Healing Spring", "Riptide Pull", "Tidal Splash")]
    actions += [(3, "Blazing Charge"), (3, "Cauterize")]
    equipment = [(3, n) for n in ("Cinder Claws", "Torchtail Spike", "Obsidian Scale Plate")]
    equipment += [(3, n) for n in ("Barnacle Carapace", "Coral Trident", "Kelp Wrap")]
    equipment += [(3, "Shellcracker Jaw"), (3, "Ember Hide"), (3, "Lava Fang")]
    for others in (actions, equipment):
        assert sum(count for count, _ in others) == 27
        assert check(era, era_deck(others=others)).problems == []


# The rulebook's own example (2 Air dinos and 1 Earth dino) as a player posts it: equipment
# grouped by its two subtypes, the other cards as the rulebook names them.
BY_SUBTYPE = """ERA - Air/Earth midrange (2 Air dinos + 1 Earth dino)

Dinos:
Galeclaw Raptor
Thunderbeak Quetzalcoatlus
Boulderback Ankylosaur

Crystals:
2x Air Crystal
1x Earth Crystal

Event Cards (3)
1x Tailwind
1x Thunderstorm
1x Earthquake

Weapons (9)
3x Feathered Talons
3x Thunder Spurs
3x Flint Horn

Armour (6)
3x Cloud Cloak
3x Granite Shell

Action Cards (12)
3x Gust
3x Lightning Bolt
3x Updraft
3x Burrow
"""


@pytest.mark.parametrize(
    ("weapons", "armour", "events", "actions"),
    [
        ("Weapons (9)", "Armour (6)", "Event Cards (3)", "Action Cards (12)"),
        ("Weapon:", "Armor:", "Events:", "Actions:"),
        ("Equipment Cards (15)", "", "30 Card Deck:", "Other Cards (27):"),
    ],
)
def test_era_equipment_grouped_by_weapon_and_armour_is_in_the_deck(
    era, check, weapons, armour, events, actions
):
    """“Each dino has 2 equipment slots: Weapon and Armour” “The 27 other cards can be any
    combination of Action and Equipment cards.”

    Equipment grouped under its subtypes (``Weapons (9)``, ``Armour (6)``) and cards under the
    rulebook's names for them (``Event Cards``, ``Action Cards``, ``30 card deck``, ``Dino
    Cards``) are in their sections: the headers were read as unknown cards or sections, and a
    legal deck as illegal. A fourth copy or a dino under such a header is still found."""
    text = BY_SUBTYPE.replace("Weapons (9)", weapons).replace("Armour (6)", armour)
    text = text.replace("Event Cards (3)", events).replace("Action Cards (12)", actions)
    result = check(era, text)
    assert rule_ids(result, "error") == []
    assert result.legal
    deck = parse_text(text, era).deck.sections["deck"]
    assert sum(e.count for e in deck) == 30

    cards = text.replace("Dinos:", "Dino Cards (3)").replace("Crystals:", "Crystal cards:")
    assert check(era, cards).legal

    broken = text.replace("3x Flint Horn", "4x Flint Horn\n1x Quakestomp Brachiosaurus")
    assert rule_ids(check(era, broken), "error") == [
        "era-crystals-match-dinos",
        "era-deck-card-types",
        "era-deck-thirty",
        "era-events-match-dinos",
        "era-three-copies",
        "era-three-dinos",
    ]


def test_era_a_list_headed_by_the_components_as_the_rulebook_lists_them_is_legal(era, check):
    """“The components the player must prepare are: - 3 dinos” “- 3 crystals” “- 30 card deck -
    The deck consists of 3 event cards and 27 other cards.”

    A player who heads the list with these words (``3 dinos:``, ``3 crystals:``, ``3 event
    cards:``, ``27 other cards:``) puts each card in its section: ``3 dinos:`` was an unknown
    section, and a legal list was judged illegal."""
    text = decklist(
        {
            "3 dinos": DINOS,
            "3 crystals": CRYSTALS,
            "3 event cards": EVENTS,
            "27 other cards": OTHERS,
        }
    )
    result = check(era, text)
    assert result.problems == []
    assert result.legal
    parsed = parse_text(text.replace("3 crystals:", "3 Crystals"), era)
    assert parsed.problems == []
    assert sum(e.count for e in parsed.deck.sections["crystals"]) == 3


# -- Card Legality -----------------------------------------------------------------------------


def test_era_cards_from_every_eligible_product_are_legal(era, check):
    """“Dinos, crystals, and cards printed in the following officially-released products are
    eligible for inclusion in ERA decks:”"""
    dinos = [(1, "Pyroclast Spinosaurus"), (1, "Magmaw Ankylosaur"), (1, "Galeclaw Raptor")]
    crystals = [(2, "Fire Crystal"), (1, "Air Crystal")]
    events = [(1, "Meteor Strike"), (1, "Heatwave"), (1, "Tailwind")]
    others = changed(OTHERS, {"Kindle": 0, "Inferno Roar": 3})
    text = era_deck(dinos=dinos, crystals=crystals, events=events, others=others)
    result = check(era, text)
    assert result.problems == []
    printed_in = {era.find_card(name).set for _, name in [*dinos, *crystals, *events, *others]}
    assert printed_in == set(ELIGIBLE)


@pytest.mark.parametrize(
    ("section", "text"),
    [
        (
            "deck",
            era_deck(others=changed(OTHERS, {"Coral Trident": 2, "Aetherglass Talon": 1})),
        ),
        (
            "dinos",
            era_deck(
                dinos=[
                    (1, "Riftborn Velociraptor"),
                    (1, "Cinderhorn Triceratops"),
                    (1, "Tidefang Mosasaur"),
                ]
            ),
        ),
    ],
)
def test_era_a_card_from_no_eligible_product_is_not_legal(era, check, section, text):
    """“Dinos, crystals, and cards printed in the following officially-released products are
    eligible for inclusion in ERA decks: - SDS1 - a: Flamecrest Mariners - b: Skyquake
    Dominion - c: Blazewind Ridge - EXP1 - a: Expansion Set 1”"""
    card = {"deck": "Aetherglass Talon", "dinos": "Riftborn Velociraptor"}[section]
    assert era.find_card(card).set == "PROMO"
    result = check(era, text)
    assert rule_ids(result) == ["era-eligible-products"]
    (problem,) = result.problems
    assert problem.message == (
        f"Only cards from eligible products: {card} is from Prototype Promo,"
        " which is not legal here"
    )
    assert problem.section == section
    assert problem.cards == (card,)
    assert (problem.expected, problem.actual) == (ELIGIBLE, "PROMO")


def test_era_the_open_format_accepts_promo_cards_and_keeps_every_other_rule(era, check):
    """“Dinos, crystals, and cards printed in the following officially-released products are
    eligible for inclusion in ERA decks:”"""
    promo = changed(OTHERS, {"Coral Trident": 2, "Aetherglass Talon": 1})
    assert check(era, era_deck(others=promo), "open").problems == []

    too_many = changed(OTHERS, {"Coral Trident": 2, "Aetherglass Talon": 1, "Fire Breath": 4})
    result = check(era, era_deck(others=changed(too_many, {"Riptide Pull": 2})), "open")
    assert result.format == "open"
    assert rule_ids(result) == ["era-three-copies"]
    standard = {rule.id for rule in era.format("standard").rules}
    assert {rule.id for rule in era.format("open").rules} == standard - {"era-eligible-products"}


def test_era_a_product_released_after_the_day_is_not_eligible_yet(era, check):
    """“Dinos, crystals, and cards printed in the following officially-released products are
    eligible for inclusion in ERA decks:”"""
    assert era.sets["EXP1A"].released == date(2024, 3, 1)
    text = era_deck(others=changed(OTHERS, {"Kindle": 2, "Inferno Roar": 1}))
    result = check(era, text, as_of=date(2024, 2, 29))
    assert rule_ids(result) == ["era-eligible-products"]
    (problem,) = result.problems
    assert problem.message == (
        "Only cards from eligible products: Inferno Roar is from Expansion Set 1,"
        " released 2024-03-01, after 2024-02-29"
    )
    assert problem.section == "deck"
    assert problem.cards == ("Inferno Roar",)
    assert (problem.expected, problem.actual) == (ELIGIBLE, "EXP1A")

    assert check(era, text, as_of=date(2024, 3, 1)).problems == []
    assert check(era, text).problems == []


def test_era_no_cards_are_currently_banned(era, check):
    """“No cards are currently banned.”"""
    for format_id in era.formats:
        current = era.format(format_id).banlist_on(None)
        assert current is not None
        assert (current.banned, dict(current.restricted)) == (frozenset(), {})
    assert check(era, era_deck()).problems == []


def _ban(banlists):
    def edit(game_yaml):
        standard = next(f for f in game_yaml["formats"] if f["id"] == "standard")
        standard["banlists"].extend(banlists)

    return edit


def test_era_a_banned_card_may_not_be_included(era, pool_variant, check):
    """“Although they otherwise would be allowed due to the product(s) in which they were
    printed, cards in the following list may not be included in ERA decks:”"""
    banned_era = pool_variant(
        "era", edit_game=_ban([{"date": date(2024, 6, 1), "banned": ["Fire Breath"]}])
    )
    text = era_deck()
    result = check(banned_era, text)
    assert rule_ids(result) == ["era-banned-cards"]
    (problem,) = result.problems
    assert problem.message == (
        "Banned cards may not be included: Fire Breath is banned (list of 2024-06-01)"
    )
    assert problem.section == "deck"
    assert problem.cards == ("Fire Breath",)
    assert (problem.expected, problem.actual) == (0, 3)
    # The ban holds from its date on, and in the open format too, which removes only the
    # eligible-products rule.
    assert rule_ids(check(banned_era, text, as_of=date(2024, 6, 1))) == ["era-banned-cards"]
    assert rule_ids(check(banned_era, text, "open")) == ["era-banned-cards"]
    # Before the list's date the card was allowed.
    assert check(banned_era, text, as_of=date(2024, 5, 31)).problems == []


def test_era_card_bans_are_temporary(pool_variant, check):
    """“Aside from exceptional circumstances, card bans are always temporary - in place only
    until such time as the balance issue created by the card is no longer prevalent.”"""
    lifted = pool_variant(
        "era",
        edit_game=_ban(
            [
                {"date": date(2024, 6, 1), "banned": ["Cinder Claws"]},
                {"date": date(2024, 9, 1), "note": "Cinder Claws is allowed again."},
            ]
        ),
    )
    text = era_deck()
    assert rule_ids(check(lifted, text, as_of=date(2024, 7, 15))) == ["era-banned-cards"]
    assert check(lifted, text, as_of=date(2024, 9, 1)).problems == []
    assert check(lifted, text).problems == []


def test_era_the_rulebook_wins_over_a_limit_printed_on_a_card(pool_variant, check):
    """“In a case where the text of this rulebook conflicts with rules indicated elsewhere
    (including on cards), this rulebook is correct.”"""

    def print_limits(cards_yaml):
        for card in cards_yaml["cards"]:
            if card["name"] in ("Fire Breath", "Ember Rex", "High Tide"):
                card["max_copies"] = 4

    generous = pool_variant("era", edit_cards=print_limits)
    assert generous.find_card("Fire Breath").max_copies == 4
    # Within the rulebook's limits (3 Fire Breath, 1 Ember Rex, 1 High Tide) the deck is legal.
    assert check(generous, era_deck()).problems == []
    text = era_deck(
        dinos=[(2, "Ember Rex"), (1, "Tidefang Mosasaur")],
        events=[(1, "Volcanic Eruption"), (1, "Wildfire Season"), (1, "High Tide")],
        others=changed(OTHERS, {"Fire Breath": 4, "Riptide Pull": 2}),
    )
    assert rule_ids(check(generous, text)) == ["era-three-copies", "era-unique-dinos"]
    twice = era_deck(
        dinos=THREE_WATER_DINOS,
        crystals=[(3, "Water Crystal")],
        events=[(2, "High Tide"), (1, "Monsoon")],
    )
    assert rule_ids(check(generous, twice)) == ["era-unique-events"]


def test_era_every_problem_of_a_deck_is_reported_at_once(era, check):
    """“Each player must construct their game components before the game begins.”"""
    text = era_deck(
        dinos=[(2, "Ember Rex"), (1, "Riftborn Velociraptor")],
        crystals=[(2, "Water Crystal")],
        events=[(2, "Volcanic Eruption")],
        others=changed(OTHERS, {"Fire Breath": 4, "Kindle": 2, "Fire Crystal": 1}),
    )
    result = check(era, text)
    assert not result.legal
    assert rule_ids(result) == [
        "era-crystals-match-dinos",
        "era-deck-card-types",
        "era-deck-thirty",
        "era-eligible-products",
        "era-events-match-dinos",
        "era-three-copies",
        "era-three-events",
        "era-unique-dinos",
        "era-unique-events",
    ]
    # The Fire Crystal listed with the deck cards is still one of the 3 crystals.
    assert of_rule(result, "era-three-crystals") == []
    assert all(p.severity == "error" for p in result.problems)


# -- The example decks and the rulebook quotes -------------------------------------------------


def test_era_example_decks_validate_as_named(run_cli, example):
    """“For the game to begin, each player must have 3 dinos, 3 crystals, and a deck of 30
    cards”"""
    legal = run_cli("validate", "-g", "era", example("era-legal.txt"))
    assert legal.exit_code == 0, legal.output
    assert "legal in ERA Standard" in legal.output
    assert "error:" not in legal.output

    illegal = run_cli("validate", "-g", "era", example("era-illegal.txt"))
    assert illegal.exit_code == 1, illegal.output
    assert "NOT legal in ERA Standard" in illegal.output
    for rule_id in (
        "era-unique-dinos",
        "era-crystals-match-dinos",
        "era-events-match-dinos",
        "era-unique-events",
        "era-three-copies",
        "era-eligible-products",
        "decklist-unknown-card",
    ):
        assert f"[{rule_id}]" in illegal.output


def test_every_era_test_quotes_the_rulebook_verbatim(era, assert_quotes_rulebook):
    assert era.rulebook == "era-comprehensive-rulebook.txt"
    assert_quotes_rulebook(globals(), "test_era_", era.rulebook)
