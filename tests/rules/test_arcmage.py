"""Arcmage deck building, sentence by sentence (arcmage-original-rules-concept.txt: "Deck
Building", "Faction combinations", "Region limits", the "Region" section on chapter
positions, and the card footer's "How many copies of the card that is allowed in a deck").

Each test quotes the sentence it checks between typographic quotes; the last test makes
sure every quote is in the rulebook word for word. Rules the shipped data cannot show
(printed copy limits, chapter positions, a revision under another name) are tested on a
temporary copy of the pool.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cardpool import Game, check_pools, convert, default_pool_dir, load_game
from validator import describe_rules, parse_text, validate
from validator.cli import cli
from validator.fits import misfits

from ..helpers import decklist, rule_ids

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"

# A balanced Gaian and Red Banner main deck: 60 cards, 32 of them creatures, costs 1 to 6.
MAIN = (
    (4, "Kolibri"),  # Gaian creature, cost 1
    (4, "Nourished Flower"),  # Gaian creature, 2
    (4, "Elvish Archer"),  # Gaian creature, 3
    (4, "Majestic Griffin"),  # Gaian creature, 5
    (4, "Little Brother"),  # Red Banner creature, 1
    (4, "Orc Scout"),  # Red Banner creature, 2
    (4, "Wild Warg"),  # Red Banner creature, 4
    (4, "Orc Warleader"),  # Red Banner creature, 5
    (4, "Wild Trample"),  # Gaian enchantment, 2
    (4, "Call to Aid"),  # Gaian event, 3
    (4, "Early Spring"),  # Gaian event, 4
    (4, "Nature's Outrage"),  # Gaian magic, 6
    (4, "Deadly Shock"),  # Red Banner event, 2
    (4, "Outmaneuvered"),  # Red Banner event, 4
    (4, "Besieged City"),  # Red Banner enchantment, 5
)
GAIAN_REGIONS = ((1, "Sanctuary"), (1, "Spirit Tree"), (1, "Farmland"))
RED_BANNER_REGIONS = ((1, "Plymouth"), (1, "Lake of Fire"), (1, "Warren"))


def swap(main, changes: dict[str, str | tuple[int, str]], extra=()) -> list[tuple[int, str]]:
    """``main`` with some entries replaced: by another name (same count) or a new entry."""
    entries = []
    for count, name in main:
        change = changes.get(name)
        if change is None:
            entries.append((count, name))
        elif isinstance(change, str):
            entries.append((count, change))
        elif change[0]:  # a count of 0 drops the entry
            entries.append(change)
    return [*entries, *extra]


def deck(main=MAIN, regions=GAIAN_REGIONS) -> str:
    return decklist({"Main Deck": list(main), "Region Deck": list(regions)})


def only(result, rule_id: str) -> list:
    """The problems of ``rule_id``, after checking no other rule complained."""
    assert rule_ids(result) == [rule_id], [p.message for p in result.problems]
    return result.problems


def pool_copy(folder: Path, edit) -> Game:
    """A copy of the shipped Arcmage pool in ``folder``, its card list changed by ``edit``."""
    target = folder / "arcmage"
    shutil.copytree(default_pool_dir() / "arcmage", target)
    path = target / "cards.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit({card["name"]: card for card in data["cards"]}, data["cards"])
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return load_game(target)


def printed_limit(name: str, limit: int):
    """An edit for :func:`pool_copy`: the card ``name`` states its own copy limit."""

    def edit(by_name, cards):
        by_name[name]["max_copies"] = limit

    return edit


@pytest.fixture(scope="module")
def chaptered(tmp_path_factory):
    """Arcmage with chapter positions on four Red Banner regions (the shipped data has none)."""

    def edit(by_name, cards):
        chapters = (
            ("Plymouth", "I"),
            ("Lake of Fire", "II"),
            ("Warren", "III"),
            ("Guincho", "III"),
        )
        for name, chapter in chapters:
            by_name[name]["chapter"] = chapter

    return pool_copy(tmp_path_factory.mktemp("chaptered"), edit)


# -- Deck Building: 60 cards and a region deck of up to 3 ----------------------------------------


def test_arcmage_a_main_deck_of_60_and_a_region_deck_of_3_is_legal(arcmage, check):
    """“Every player must have a main deck of exactly 60 cards, and in addition there has
    to be a separate region deck of up to 3 cards.”"""
    result = check(arcmage, deck())
    assert result.legal is True
    assert result.problems == []


@pytest.mark.parametrize(
    ("main", "size"),
    [
        (swap(MAIN, {"Besieged City": (3, "Besieged City")}), 59),
        (swap(MAIN, {}, extra=[(1, "Sunburst")]), 61),
    ],
    ids=["59", "61"],
)
def test_arcmage_the_main_deck_has_exactly_60_cards(arcmage, check, main, size):
    """“Every player must have a main deck of exactly 60 cards”

    The same main deck at 60 cards is legal."""
    assert sum(count for count, _ in MAIN) == 60
    assert check(arcmage, deck()).problems == []

    result = check(arcmage, deck(main))
    [problem] = only(result, "arcmage-sixty-cards")
    assert problem.message == (f"Your main deck must have exactly 60 cards: you have {size} cards")
    assert problem.section == "deck"
    assert (problem.expected, problem.actual) == ("exactly 60", size)
    # a deck's size names no card: no one card is the wrong one
    assert problem.cards == ()


@pytest.mark.parametrize("regions", [1, 2, 3])
def test_arcmage_a_region_deck_holds_one_to_three_regions(arcmage, check, regions):
    """“This gives a total card count of 61 to 63 cards, depending on build.”"""
    result = check(arcmage, deck(regions=GAIAN_REGIONS[:regions]))
    assert result.problems == []


def test_arcmage_a_deck_without_regions_fails(arcmage, check):
    """“in addition there has to be a separate region deck of up to 3 cards. This gives a
    total card count of 61 to 63 cards, depending on build.”"""
    readings = [d.reading for d in arcmage.decisions_for("arcmage-region-deck-size")]
    assert any("1, 2 or 3 regions" in reading for reading in readings)
    assert check(arcmage, deck(regions=GAIAN_REGIONS[:1])).problems == []
    result = check(arcmage, deck(regions=()))
    [problem] = only(result, "arcmage-region-deck-size")
    assert problem.message == "Your region deck holds 1 to 3 regions: you have 0 regions"
    assert (problem.section, problem.cards) == ("regions", ())
    assert (problem.expected, problem.actual) == ("between 1 and 3", 0)


def test_arcmage_four_regions_are_one_too_many(arcmage, check):
    """“there has to be a separate region deck of up to 3 cards.”

    Swanport in place of a third Gaian region is legal; as a fourth region it is not."""
    assert check(arcmage, deck(regions=(*GAIAN_REGIONS[:2], (1, "Swanport")))).problems == []
    regions = (*GAIAN_REGIONS, (1, "Swanport"))
    result = check(arcmage, deck(regions=regions))
    [problem] = only(result, "arcmage-region-deck-size")
    assert problem.message == "Your region deck holds 1 to 3 regions: you have 4 regions"
    # the region deck is marked, not its cards: any one of the four may be the one to go
    assert (problem.section, problem.cards) == ("regions", ())
    assert (problem.expected, problem.actual) == ("between 1 and 3", 4)


def test_arcmage_a_region_card_in_the_main_deck_fails(arcmage, check):
    """“Regions are special cards that you keep separated from your draw deck by having
    them in their own pile and area on the table.”

    Swanport, a Gaian region, is legal in the region deck and not in the main deck. Listed
    after the 60, it is the one problem: it is not a 61st main deck card."""
    gaian_with_swanport = (*GAIAN_REGIONS[:2], (1, "Swanport"))
    assert check(arcmage, deck(regions=gaian_with_swanport)).problems == []

    main = swap(MAIN, {}, extra=[(1, "Swanport")])
    result = check(arcmage, deck(main))
    [problem] = only(result, "arcmage-regions-kept-apart")
    assert problem.message == (
        "Region cards go in the region deck, not the main deck: Swanport is a Region card"
    )
    assert (problem.section, problem.cards) == ("deck", ("Swanport",))
    assert (problem.expected, problem.actual) == (
        ["Creature", "Enchantment", "Event", "Magic"],
        "Region",
    )


def test_arcmage_a_region_listed_under_the_main_deck_still_fits_the_region_deck(arcmage):
    """“Regions are special cards that you keep separated from your draw deck by having
    them in their own pile and area on the table.”

    The builder's "fits my deck": Swanport listed under the main deck is a problem of the
    deck as it is, not of a copy more, which goes in the region deck beside two Gaian
    regions and fits there. It was hidden, with the main deck's problem as its reason. A
    Red Banner region still does not fit, nor a fifth Kolibri."""
    main = swap(MAIN, {}, extra=[(1, "Swanport")])
    listed = parse_text(deck(main, GAIAN_REGIONS[:2]), arcmage).deck
    assert rule_ids(validate(listed)) == ["arcmage-regions-kept-apart"]
    cards = [arcmage.find_card(name) for name in ("Swanport", "Plymouth", "Kolibri")]
    found = misfits(listed, None, None, cards)
    assert {card.name: found[card.id] and found[card.id].rule for card in cards} == {
        "Swanport": None,
        "Plymouth": "arcmage-regions-single-faction",
        "Kolibri": "arcmage-four-copies",
    }


def test_arcmage_a_region_in_place_of_a_main_deck_card_leaves_59(arcmage, check):
    """“Every player must have a main deck of exactly 60 cards, and in addition there has
    to be a separate region deck of up to 3 cards.” “Regions are special cards that you keep
    separated from your draw deck by having them in their own pile and area on the table.”

    59 cards and Swanport make 60 lines under Main Deck but 59 main deck cards: a card is
    missing and a region misplaced, both said at once (moved to the region deck, Swanport
    left a main deck of 59 that no problem had named). The count names the card it left
    out, so the player who counts 60 lines is not told 59 with no word of why."""
    main = swap(MAIN, {"Besieged City": (3, "Besieged City")}, extra=[(1, "Swanport")])
    assert sum(count for count, _ in main) == 60
    result = check(arcmage, deck(main, GAIAN_REGIONS[:2]))
    assert rule_ids(result) == ["arcmage-regions-kept-apart", "arcmage-sixty-cards"]
    [size] = [p for p in result.problems if p.rule == "arcmage-sixty-cards"]
    assert size.message == (
        "Your main deck must have exactly 60 cards: you have 59 cards, not counting Swanport"
    )
    assert (size.section, size.cards, size.expected, size.actual) == ("deck", (), "exactly 60", 59)
    (decision,) = arcmage.decisions_for("arcmage-sixty-cards")
    assert "not one of the 60" in decision.reading

    moved = swap(MAIN, {"Besieged City": (3, "Besieged City")})
    regions = (*GAIAN_REGIONS[:2], (1, "Swanport"))
    assert rule_ids(check(arcmage, deck(moved, regions))) == ["arcmage-sixty-cards"]


def test_arcmage_a_creature_beside_three_regions_is_no_fourth_region(arcmage, check):
    """“there has to be a separate region deck of up to 3 cards.” “It is only allowed to
    have regions from one single faction in the region deck.”

    Three Red Banner regions and a Gaian creature: the creature is the one problem, not
    also a fourth region nor a second faction of regions."""
    assert check(arcmage, deck(regions=RED_BANNER_REGIONS)).problems == []
    regions = (*RED_BANNER_REGIONS, (1, "Poison Ivy"))
    [problem] = only(check(arcmage, deck(regions=regions)), "arcmage-region-deck-regions-only")
    assert problem.cards == ("Poison Ivy",)


def test_arcmage_a_creature_alone_in_the_region_deck_leaves_no_region(arcmage, check):
    """“This gives a total card count of 61 to 63 cards, depending on build.”

    A creature as the only card of the region deck is not a region: there is none, and the
    creature is misplaced."""
    result = check(arcmage, deck(regions=((1, "Poison Ivy"),)))
    assert rule_ids(result) == ["arcmage-region-deck-regions-only", "arcmage-region-deck-size"]
    [size] = [p for p in result.problems if p.rule == "arcmage-region-deck-size"]
    assert size.message == (
        "Your region deck holds 1 to 3 regions: you have 0 regions, not counting Poison Ivy"
    )
    assert (size.section, size.actual) == ("regions", 0)


def test_arcmage_a_creature_in_the_region_deck_fails(arcmage, check):
    """“The region pile, called Chapter, keeps your region cards face down, with only one
    active region turned face up.”

    Two regions are a legal chapter; a creature added to them is not a region."""
    assert check(arcmage, deck(regions=GAIAN_REGIONS[:2])).problems == []
    regions = (*GAIAN_REGIONS[:2], (1, "Poison Ivy"))
    result = check(arcmage, deck(regions=regions))
    [problem] = only(result, "arcmage-region-deck-regions-only")
    assert problem.message == (
        "Only region cards go in the region deck: Poison Ivy is a Creature card"
    )
    assert (problem.section, problem.cards) == ("regions", ("Poison Ivy",))
    assert (problem.expected, problem.actual) == (["Region"], "Creature")


# The rulebook's example deck as a player would post it, grouped under the rulebook's own
# names: its Spells and Equipment are the pool's Enchantments, its regions City cards.
ORC_FORUM_LIST = """\
Gaia & Nobles, Red Banner chapter

Creatures (32)
4x Kolibri
4x Nourished Flower
4x Elvish Archer
4x Majestic Griffin
4x Esteemed Duelist
4x Benevolent Baron
4x Royal Guard
4x Prince of Thieves

Spells (8)
4x Wild Trample
4x Blindfolded

Equipment (4)
4x Centaur's Bow

Events (12)
4x Call to Aid
4x Early Spring
4x Touch of Genius

Magic (4)
4x Nature's Outrage

City cards (3)
1x Plymouth
1x Lake of Fire
1x Warren
"""


def test_arcmage_a_list_grouped_by_the_rulebooks_card_types_is_read_whole(arcmage, check):
    """“Creatures, Spells, Equipment and Event cards have a gold cost that has to be paid in
    order for them to enter play.” “The region pile, called Chapter, keeps your region cards
    face down, with only one active region turned face up.”

    Spells and Equipment group main deck cards, City cards the region deck: the list is the
    60 and 3 of the Red Banner example, and legal. A region written among the Equipment is
    in the main deck, and refused there."""
    parsed = parse_text(ORC_FORUM_LIST, arcmage)
    assert sum(entry.count for entry in parsed.deck.sections["deck"]) == 60
    assert [entry.card.name for entry in parsed.deck.sections["regions"]] == [
        "Plymouth",
        "Lake of Fire",
        "Warren",
    ]
    result = check(arcmage, ORC_FORUM_LIST)
    assert result.legal is True
    assert rule_ids(result, "error") == []

    misplaced = ORC_FORUM_LIST.replace("4x Centaur's Bow", "4x Centaur's Bow\n1x Swanport")
    result = check(arcmage, misplaced)
    assert rule_ids(result, "error") == ["arcmage-regions-kept-apart"]
    [problem] = result.errors
    assert (problem.section, problem.cards) == ("deck", ("Swanport",))


# -- Token creatures ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "token",
    ["Crop Token", "Little Orc Token", "Big Orc Token", "Taurson", "Addax", "Dragon Armor"],
)
def test_arcmage_a_token_cannot_be_put_in_the_main_deck(arcmage, check, token):
    """“Token creatures have the subtype token and mostly function like normal creatures,
    with some exceptions.” “Can't be put in hand/deck/grave - whatever would try to move
    them to that kills them instead and removes them from the game.”

    The 60 cards are legal; the token beside them is not, and is not a 61st card. The
    problem says no copy is allowed, not "(at most 0)"."""
    assert check(arcmage, deck()).problems == []
    main = swap(MAIN, {}, extra=[(1, token)])
    result = check(arcmage, deck(main))
    assert rule_ids(result, "error") == ["arcmage-no-tokens"]
    [problem] = result.errors
    assert problem.message == (
        f"Token cards can't be put in your main deck: you have 1 copy of {token} (none allowed)"
    )
    assert (problem.section, problem.cards, problem.lines) == ("deck", (token,), (17,))


def test_arcmage_tokens_are_named_one_by_one(arcmage, check):
    """“Can't be put in hand/deck/grave”"""
    main = swap(MAIN, {}, extra=[(2, "Crop Token"), (1, "Addax")])
    result = check(arcmage, deck(main))
    problems = only(result, "arcmage-no-tokens")
    assert [(p.cards, p.actual) for p in problems] == [(("Crop Token",), 2), (("Addax",), 1)]


def test_arcmage_five_tokens_are_not_also_a_fifth_copy(arcmage, check):
    """“Can't be put in hand/deck/grave” “It's usually allowed to have 4 copies of a card in
    the deck unless otherwise explicitly stated on a card.”

    5 Crop Tokens beside the 60 are tokens in the deck, said once: not also one copy over
    the 4 a card may have (the two limits, 0 and 4, of one line). 5 Kolibri are a fifth
    copy."""
    result = check(arcmage, deck(swap(MAIN, {}, extra=[(5, "Crop Token")])))
    [problem] = only(result, "arcmage-no-tokens")
    assert (problem.cards, problem.expected, problem.actual) == (("Crop Token",), 0, 5)
    kolibri = swap(MAIN, {"Besieged City": (3, "Besieged City")}, extra=[(1, "Kolibri")])
    assert rule_ids(check(arcmage, deck(kolibri))) == ["arcmage-four-copies"]


def test_arcmage_tokens_are_the_cards_whose_subtype_says_token(arcmage):
    """“Token creatures have the subtype token”

    Only the subtype says what a card is: every shipped token's subtype has the word."""
    tokens = {c.name for c in arcmage.cards if "token" in (c.get("subtype") or "").lower()}
    assert tokens == {
        "Crop Token",
        "Little Orc Token",
        "Big Orc Token",
        "Taurson",
        "Addax",
        "Dragon Armor",
    }
    assert all(arcmage.find_card(name).get("cost") is None for name in tokens)
    (decision,) = arcmage.decisions_for("arcmage-no-tokens")
    assert "Dragon Armor" in decision.reading


def test_arcmage_a_token_in_place_of_a_card_leaves_59(arcmage, check):
    """“Every player must have a main deck of exactly 60 cards” “Can't be put in
    hand/deck/grave”

    59 cards and a token under Main Deck: a card is missing and the token misplaced."""
    main = swap(MAIN, {"Besieged City": (3, "Besieged City")}, extra=[(1, "Little Orc Token")])
    result = check(arcmage, deck(main))
    assert rule_ids(result) == ["arcmage-no-tokens", "arcmage-sixty-cards"]
    [size] = [p for p in result.problems if p.rule == "arcmage-sixty-cards"]
    assert size.actual == 59


def test_arcmage_a_token_in_the_region_deck_is_one_problem(arcmage, check):
    """“Regions are special cards that you keep separated from your draw deck by having
    them in their own pile and area on the table.”"""
    regions = (*GAIAN_REGIONS[:2], (1, "Crop Token"))
    [problem] = only(check(arcmage, deck(regions=regions)), "arcmage-region-deck-regions-only")
    assert problem.cards == ("Crop Token",)


# -- Region limits --------------------------------------------------------------------------------


def test_arcmage_regions_come_from_one_single_faction(arcmage, check):
    """“It is only allowed to have regions from one single faction in the region deck.”

    Three Red Banner regions are legal; a Gaian region in place of one of them is not."""
    assert check(arcmage, deck(regions=RED_BANNER_REGIONS)).problems == []
    regions = ((1, "Plymouth"), (1, "Spirit Tree"), (1, "Warren"))
    result = check(arcmage, deck(regions=regions))
    [problem] = only(result, "arcmage-regions-single-faction")
    assert problem.message == (
        "Your regions must all be of one faction:"
        " you have 2 factions: Gaian (Spirit Tree) and Red Banner (Plymouth, Warren)"
    )
    assert (problem.section, problem.cards) == ("regions", ("Plymouth", "Warren", "Spirit Tree"))
    assert (problem.expected, problem.actual) == (1, 2)


def test_arcmage_three_factions_of_regions_are_counted(arcmage, check):
    """“It is only allowed to have regions from one single faction in the region deck.”"""
    regions = ((1, "Plymouth"), (1, "Spirit Tree"), (1, "Barracks"))
    [problem] = only(check(arcmage, deck(regions=regions)), "arcmage-regions-single-faction")
    assert problem.actual == 3


@pytest.mark.parametrize(
    "regions", [RED_BANNER_REGIONS, GAIAN_REGIONS], ids=["red-banner", "gaian"]
)
def test_arcmage_regions_may_but_need_not_match_the_main_deck(arcmage, check, regions):
    """“The faction of the region cards may, but does not have to, correspond to the
    faction belonging of the other cards in the main deck.”

    Either faction of the main deck may give the regions, and a faction the main deck
    lacks too; regions of both its factions at once break the one-faction rule."""
    assert check(arcmage, deck(regions=regions)).problems == []
    nobles = ((1, "Qualaris"), (1, "Siphon"), (1, "Two Bridges"))
    assert check(arcmage, deck(regions=nobles)).problems == []
    both = (*GAIAN_REGIONS[:2], RED_BANNER_REGIONS[0])
    assert rule_ids(check(arcmage, deck(regions=both))) == ["arcmage-regions-single-faction"]


def test_arcmage_the_red_banner_example(arcmage, check):
    """“Example: A player decided to use three Red Banner region cards as the region deck.
    However, the same player also only put cards from Gaia and House of Nobles in her main
    deck.”"""
    main = swap(
        MAIN,
        {
            "Little Brother": "Esteemed Duelist",
            "Orc Scout": "Benevolent Baron",
            "Wild Warg": "Royal Guard",
            "Orc Warleader": "Prince of Thieves",
            "Deadly Shock": "Whirlwind",
            "Outmaneuvered": "Touch of Genius",
            "Besieged City": "Blindfolded",
        },
    )
    factions = {arcmage.find_card(name).get("faction") for _, name in main}
    assert factions == {"Gaian", "House of Nobles"}
    result = check(arcmage, deck(main, RED_BANNER_REGIONS))
    assert result.legal is True
    assert result.problems == []

    # Not three Red Banner regions but two and a Gaian one: the region deck is refused.
    mixed = (*RED_BANNER_REGIONS[:2], GAIAN_REGIONS[0])
    [problem] = only(check(arcmage, deck(main, mixed)), "arcmage-regions-single-faction")
    assert (problem.expected, problem.actual) == (1, 2)


# -- copies: 4 unless a card says otherwise; same number or name is the same card ----------------


def test_arcmage_a_fifth_copy_fails(arcmage, check):
    """“It's usually allowed to have 4 copies of a card in the deck unless otherwise
    explicitly stated on a card.”

    4 Kolibri are legal (the main deck holds 4); a fifth in place of a Besieged City is not."""
    assert (4, "Kolibri") in MAIN
    assert check(arcmage, deck()).problems == []
    main = swap(MAIN, {"Besieged City": (3, "Besieged City")}, extra=[(1, "Kolibri")])
    result = check(arcmage, deck(main))
    [problem] = only(result, "arcmage-four-copies")
    assert problem.message == "At most 4 copies of a card: you have 5 copies of Kolibri (at most 4)"
    assert (problem.section, problem.cards) == ("deck", ("Kolibri",))
    assert (problem.expected, problem.actual) == (4, 5)


def revised(by_name, cards):
    """An edit for :func:`pool_copy`: an older revision of card number 20 under another name
    (the shipped pool folds old revisions into their current card)."""
    current = by_name["Misled Orc"]
    old = {key: value for key, value in current.items() if key != "aliases"}
    cards.append({**old, "id": "20-misled-orcling", "name": "Misled Orcling", "subtype": "Orc"})


def test_arcmage_same_number_counts_as_the_same_card(tmp_path, check):
    """“For a card to be considered an instance of itself it is enough for it to have just
    the same card number and/or card name.”

    Misled Orcling, a revision of card number 20 (in a temporary pool), is Misled Orc:
    2 and 2 are 4 copies, legal; 3 and 2 are 5."""
    game = pool_copy(tmp_path, revised)
    four = swap(MAIN, {"Little Brother": (2, "Misled Orc")}, extra=[(2, "Misled Orcling")])
    assert check(game, deck(four)).problems == []
    main = swap(
        MAIN,
        {"Little Brother": (3, "Misled Orc"), "Besieged City": (3, "Besieged City")},
        extra=[(2, "Misled Orcling")],
    )
    result = check(game, deck(main))
    [problem] = only(result, "arcmage-four-copies")
    assert problem.message == (
        "At most 4 copies of a card: you have 5 copies of Misled Orc / Misled Orcling (at most 4)"
    )
    assert (problem.section, problem.cards) == ("deck", ("Misled Orc", "Misled Orcling"))
    assert (problem.expected, problem.actual) == (4, 5)


def test_arcmage_two_revisions_within_four_copies_are_fine(tmp_path, check):
    """“This means that while having different revisions of a card, they all still count as
    the same card for deck building purposes.”"""
    game = pool_copy(tmp_path, revised)
    main = swap(MAIN, {"Little Brother": (2, "Misled Orc")}, extra=[(2, "Misled Orcling")])
    assert check(game, deck(main)).problems == []
    # A third Misled Orc in place of a Besieged City makes 5 copies of the one card.
    five = swap(
        MAIN,
        {"Little Brother": (3, "Misled Orc"), "Besieged City": (3, "Besieged City")},
        extra=[(2, "Misled Orcling")],
    )
    assert rule_ids(check(game, deck(five))) == ["arcmage-four-copies"]


def test_arcmage_an_old_name_reads_as_the_current_card(arcmage, check):
    """“This means that while having different revisions of a card, they all still count as
    the same card for deck building purposes.”

    Misled Goblin is the older name of card number 20, now Misled Orc: the pool keeps it as
    an alias, and the deck is told how the line was read."""
    main = swap(
        MAIN,
        {"Little Brother": (3, "Misled Orc"), "Besieged City": (3, "Besieged City")},
        extra=[(2, "Misled Goblin")],
    )
    result = check(arcmage, deck(main))
    assert rule_ids(result) == ["arcmage-four-copies", "decklist-read-as"]
    [copies] = [p for p in result.problems if p.rule == "arcmage-four-copies"]
    assert (
        copies.message == "At most 4 copies of a card: you have 5 copies of Misled Orc (at most 4)"
    )
    assert (copies.section, copies.cards, copies.actual) == ("deck", ("Misled Orc",), 5)
    [read_as] = [p for p in result.problems if p.rule == "decklist-read-as"]
    assert read_as.severity == "warning"
    assert "'Misled Goblin' as 'Misled Orc'" in read_as.message


@pytest.mark.parametrize(
    ("old", "current"),
    [
        ("Ancestral Spirit Tree", "Spirit Tree"),
        ("Hidden Realm", "Sanctuary"),
        ("Second's Sons' Army Camp", "Second Sons' Army Camp"),
        ("Knitter's Foul Imp", "Foul Imps"),
    ],
)
def test_arcmage_every_old_revision_name_is_an_alias_of_its_card(arcmage, old, current):
    """“For a card to be considered an instance of itself it is enough for it to have just
    the same card number and/or card name.”"""
    card = arcmage.find_card(old)
    assert card.name == current
    assert old in card.aliases
    assert arcmage.alias_match(old) is card
    assert not any(c.name == old for c in arcmage.cards)


def test_arcmage_spirit_tree_and_ancestral_spirit_tree_are_one_card(arcmage, check):
    """“This means that while having different revisions of a card, they all still count as
    the same card for deck building purposes.”

    Both are region number 42: three and two make five copies (and five regions).
    “Two cards are however only equivalent if they share both card & version number.” is
    read as being about versions, not copies: the decision says so."""
    (decision,) = arcmage.decisions_for("arcmage-four-copies")
    assert "whatever their version" in decision.reading
    # 2 and 1 make a legal region deck of three copies of the one card.
    legal = ((2, "Spirit Tree"), (1, "Ancestral Spirit Tree"))
    assert rule_ids(check(arcmage, deck(regions=legal)), "error") == []
    regions = ((3, "Spirit Tree"), (2, "Ancestral Spirit Tree"))
    result = check(arcmage, deck(regions=regions))
    assert rule_ids(result, "error") == ["arcmage-four-copies", "arcmage-region-deck-size"]
    [copies] = [p for p in result.problems if p.rule == "arcmage-four-copies"]
    assert (copies.section, copies.cards) == ("regions", ("Spirit Tree",))
    assert (copies.expected, copies.actual) == (4, 5)


def test_arcmage_same_name_counts_as_the_same_card(tmp_path, check):
    """“For a card to be considered an instance of itself it is enough for it to have just
    the same card number and/or card name.”

    A reprint of Kolibri under a new number (in a temporary pool) is still Kolibri."""

    def reprint(by_name, cards):
        cards.append({**by_name["Kolibri"], "id": "999-kolibri", "number": "999"})

    game = pool_copy(tmp_path, reprint)
    assert game.card("999-kolibri").number != game.find_card("Kolibri").number
    three_and_one = swap(MAIN, {"Kolibri": (3, "Kolibri")}, extra=[(1, "999-kolibri")])
    assert check(game, deck(three_and_one)).problems == []
    main = swap(MAIN, {"Besieged City": (3, "Besieged City")}, extra=[(1, "999-kolibri")])
    [problem] = only(check(game, deck(main)), "arcmage-four-copies")
    assert (problem.cards, problem.expected, problem.actual) == (("Kolibri",), 4, 5)


def kolibri_main(copies: int) -> list[tuple[int, str]]:
    """MAIN with ``copies`` Kolibri and still 60 cards: cost-1 creatures make room."""
    rest = 8 - copies  # the slots Kolibri and Little Brother share in MAIN
    changes = {
        "Kolibri": (copies, "Kolibri"),
        "Little Brother": (max(0, min(4, rest)), "Little Brother"),
        "Besieged City": (4 + min(0, rest), "Besieged City"),
    }
    return swap(MAIN, changes, extra=[(rest - 4, "Orc Thug")] if rest > 4 else [])


@pytest.mark.parametrize(
    ("limit", "allows"), [(0, "allows none"), (1, "allows at most 1"), (8, "allows at most 8")]
)
def test_arcmage_a_card_may_state_its_own_copy_limit(tmp_path, check, limit, allows):
    """“6. Footer: Info about a) How many copies of the card that is allowed in a deck”
    “It's usually allowed to have 4 copies of a card in the deck unless otherwise explicitly
    stated on a card.”"""
    game = pool_copy(tmp_path, printed_limit("Kolibri", limit))
    assert check(game, deck(kolibri_main(limit))).problems == []
    [problem] = only(check(game, deck(kolibri_main(limit + 1))), "arcmage-four-copies")
    copies = "copy" if limit == 0 else "copies"
    assert problem.message == (
        f"At most 4 copies of a card: you have {limit + 1} {copies} of Kolibri (this card {allows})"
    )
    assert (problem.cards, problem.expected, problem.actual) == (("Kolibri",), limit, limit + 1)


@pytest.mark.parametrize("first", ["Misled Orc", "Misled Orcling"])
def test_arcmage_a_limit_stated_on_one_revision_holds_for_all(tmp_path, check, first):
    """“This means that while having different revisions of a card, they all still count as
    the same card for deck building purposes.”

    Only Misled Orc states a limit of 1 here; the order of the lines does not matter."""

    def edit(by_name, cards):
        revised(by_name, cards)
        by_name["Misled Orc"]["max_copies"] = 1

    game = pool_copy(tmp_path, edit)
    second = "Misled Orcling" if first == "Misled Orc" else "Misled Orc"
    main = swap(MAIN, {"Little Brother": (1, first)}, extra=[(1, second), (2, "Orc Thug")])
    [problem] = only(check(game, deck(main)), "arcmage-four-copies")
    assert (problem.cards, problem.expected, problem.actual) == ((first, second), 1, 2)


# -- Region: chapter positions I, II and III ------------------------------------------------------


def test_arcmage_the_shipped_regions_carry_no_chapter_position(arcmage, check):
    """“All Region have a specific place they are allowed to be put into the chapter,
    determining the order of the cards.”

    The shipped data records no position, so any order of its regions passes."""
    assert all(card.get("chapter") is None for card in arcmage.cards)
    reversed_regions = tuple(reversed(RED_BANNER_REGIONS))
    assert check(arcmage, deck(regions=reversed_regions)).problems == []


def test_arcmage_only_a_region_carries_a_chapter_position(tmp_path):
    """“All Region have a specific place they are allowed to be put into the chapter,
    determining the order of the cards.”"""
    shutil.copytree(default_pool_dir() / "arcmage", tmp_path / "arcmage")
    path = tmp_path / "arcmage" / "cards.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    by_name = {card["name"]: card for card in data["cards"]}
    by_name["Kolibri"]["chapter"] = "I"
    by_name["Plymouth"]["chapter"] = "I"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    (problem,) = check_pools(tmp_path)
    assert (problem.file, problem.card, problem.field) == (str(path), "Kolibri", "chapter")


@pytest.mark.parametrize(
    "regions",
    [
        ("Plymouth", "Lake of Fire", "Warren"),
        ("Plymouth", "Tunnel Network", "Warren"),
        ("Tunnel Network", "Warren"),
        ("Plymouth", "Lake of Fire"),
        ("Lake of Fire", "Warren"),
        ("Plymouth", "Warren"),
        ("Warren", "Tunnel Network"),
    ],
)
def test_arcmage_regions_in_chapter_order_pass(chaptered, check, regions):
    """“This position in the chapter is shown in roman numericals, I, II and III, meaning
    that the card should be first (on top of the chapter), second or last (at the bottom of
    the chapter).”

    Read as an order (the game's decision): II then III is a legal two-region chapter."""
    result = check(chaptered, deck(regions=[(1, name) for name in regions]))
    assert result.problems == []


def test_arcmage_regions_out_of_chapter_order_fail(chaptered, check):
    """“The region deck must have it's cards put in a specific order before the game
    starts.”

    Plymouth (I), Lake of Fire (II), Warren (III) in that order are legal; the first two
    swapped are not."""
    assert check(chaptered, deck(regions=RED_BANNER_REGIONS)).problems == []
    regions = ((1, "Lake of Fire"), (1, "Plymouth"), (1, "Warren"))
    result = check(chaptered, deck(regions=regions))
    [problem] = only(result, "arcmage-chapter-order")
    assert problem.message == (
        "Regions must be in chapter order: Plymouth (I) must come before Lake of Fire (II)"
    )
    assert (problem.section, problem.cards, problem.expected, problem.actual) == (
        "regions",
        ("Plymouth",),
        "first",
        2,
    )


@pytest.mark.parametrize(
    ("regions", "message"),
    [
        (("Warren", "Plymouth"), "Plymouth (I) must come before Warren (III)"),
        (("Warren", "Lake of Fire"), "Lake of Fire (II) must come before Warren (III)"),
        (("Lake of Fire", "Plymouth"), "Plymouth (I) must come before Lake of Fire (II)"),
    ],
)
def test_arcmage_a_chapter_iii_region_is_below_i_and_ii(chaptered, check, regions, message):
    """“meaning that the card should be first (on top of the chapter), second or last (at
    the bottom of the chapter).”"""
    [problem] = only(
        check(chaptered, deck(regions=[(1, name) for name in regions])), "arcmage-chapter-order"
    )
    assert problem.message == f"Regions must be in chapter order: {message}"


def test_arcmage_two_regions_cannot_share_a_chapter_place(chaptered, check):
    """“All Region have a specific place they are allowed to be put into the chapter,
    determining the order of the cards.”

    Plymouth (I) and Lake of Fire (II) take two places; two Plymouths want the same one."""
    two_places = [(1, "Plymouth"), (1, "Lake of Fire")]
    assert check(chaptered, deck(regions=two_places)).problems == []
    [problem] = only(check(chaptered, deck(regions=[(2, "Plymouth")])), "arcmage-chapter-order")
    assert problem.message == (
        "Regions must be in chapter order: Plymouth (I) and Plymouth (I) cannot both be first"
    )


def test_arcmage_two_regions_claiming_one_place_are_named_in_the_list_s_order(chaptered, check):
    """“All Region have a specific place they are allowed to be put into the chapter,
    determining the order of the cards.”

    Warren and Guincho are both III; listed Warren first, the problem names Warren first,
    as the player reads the chapter from the top."""
    [problem] = only(
        check(chaptered, deck(regions=[(1, "Warren"), (1, "Guincho")])), "arcmage-chapter-order"
    )
    assert problem.message == (
        "Regions must be in chapter order: Warren (III) and Guincho (III) cannot both be last"
    )
    assert problem.cards == ("Guincho",)


def test_arcmage_the_chapter_reading_is_recorded_with_its_alternative(chaptered, check):
    """“This position in the chapter is shown in roman numericals, I, II and III, meaning
    that the card should be first (on top of the chapter), second or last (at the bottom of
    the chapter).”

    The relative reading is the game's decision; the exact reading is a format built on it,
    where II must be the second card and III the bottom one."""
    (decision,) = chaptered.decisions_for("arcmage-chapter-order")
    assert decision.alternative == "exact-chapter"
    assert "order" in decision.reading
    assert chaptered.decisions_for("arcmage-chapter-order", "exact-chapter") == ()

    two = deck(regions=((1, "Lake of Fire"), (1, "Warren")))
    assert check(chaptered, two).problems == []
    [problem] = only(check(chaptered, two, "exact-chapter"), "arcmage-chapter-order")
    assert problem.message == (
        "Regions must be at their chapter places: Lake of Fire (II) must be second but is"
        " first of 2"
    )
    assert (problem.expected, problem.actual) == (2, 1)
    unmarked_last = deck(regions=((1, "Warren"), (1, "Tunnel Network")))
    assert check(chaptered, unmarked_last).problems == []
    [problem] = only(check(chaptered, unmarked_last, "exact-chapter"), "arcmage-chapter-order")
    assert problem.message.endswith("Warren (III) must be last but is first of 2")


# -- the recommendations: warnings, never errors --------------------------------------------------


def test_arcmage_under_half_creatures_is_a_warning(arcmage, check):
    """“To build a balanced casual deck it is recommended that it has: At least 50%
    creature cards.”"""
    result = check(arcmage, deck(swap(MAIN, {"Orc Warleader": "Wildfire"})))
    assert result.legal is True
    [problem] = only(result, "arcmage-recommended-creatures")
    assert problem.severity == "warning"
    assert problem.message == (
        "A balanced deck has at least 50% creature cards: 28 of your 60 cards (47%) are creatures"
    )
    assert (problem.section, problem.expected, problem.actual) == ("deck", "at least 50%", "47%")


def test_arcmage_exactly_half_creatures_is_enough(arcmage, check):
    """“At least 50% creature cards.”"""
    main = swap(MAIN, {"Orc Warleader": (2, "Orc Warleader")}, extra=[(2, "Wildfire")])
    assert check(arcmage, deck(main)).problems == []


def test_arcmage_the_recommendations_count_the_main_decks_own_cards(arcmage, check):
    """“To build a balanced casual deck it is recommended that it has: At least 50%
    creature cards.” “Up to 2 factions.”

    30 creatures of 60 cards in two factions are balanced; a House of Nobles region and a
    token listed with them are misplaced (errors), not a 61st and 62nd card that bring the
    creatures under half, nor a third faction."""
    main = swap(MAIN, {"Orc Warleader": (2, "Orc Warleader")}, extra=[(2, "Wildfire")])
    assert check(arcmage, deck(main)).problems == []
    misplaced = [*main, (1, "Qualaris"), (1, "Dragon Armor")]
    result = check(arcmage, deck(misplaced))
    assert rule_ids(result) == ["arcmage-no-tokens", "arcmage-regions-kept-apart"]
    assert result.warnings == []


def test_arcmage_more_than_two_factions_is_a_warning(arcmage, check):
    """“To build a balanced casual deck it is recommended that it has:” “Up to 2 factions.”
    “Due to how the domains work, with only one faction being allowed in a domain at a
    time, it is not advised to play with more than 2 or 3 factions in the same deck if
    they're evenly distributed across the card count.”"""
    result = check(arcmage, deck(swap(MAIN, {"Besieged City": "Blindfolded"})))
    assert result.legal is True
    [problem] = only(result, "arcmage-recommended-factions")
    assert problem.severity == "warning"
    assert problem.message.startswith(
        "A balanced deck uses up to 2 factions: you have 3 factions: Gaian (Kolibri,"
    )
    assert ", House of Nobles (Blindfolded) and Red Banner (" in problem.message
    assert problem.message.endswith(
        "and Red Banner (Little Brother, Orc Scout, Wild Warg,"
        " Orc Warleader, Deadly Shock, Outmaneuvered)"
    )
    assert (problem.section, problem.expected, problem.actual) == ("deck", 2, 3)


def test_arcmage_any_number_of_factions_is_legal(arcmage, check):
    """“There are no rule related limits to how many factions a player may fit in a deck.”
    “Every player composes his/her pile of cards (the deck) of whichever cards he/she
    wants.”"""
    main = swap(
        MAIN,
        {
            "Besieged City": "Blindfolded",  # House of Nobles
            "Outmaneuvered": "Revenge",  # The Empire
            "Deadly Shock": "Rotten Deal",  # Dark Legion
        },
    )
    result = check(arcmage, deck(main))
    assert result.legal is True
    [problem] = only(result, "arcmage-recommended-factions")
    assert problem.actual == 5


@pytest.mark.parametrize(
    ("band", "changes"),
    [
        (
            "early (1–2)",
            {
                "Kolibri": "Nightingale",
                "Nourished Flower": "Sequoia Saplings",
                "Little Brother": "Cutpurse Imp",
                "Orc Scout": "Witchdoctor",
                "Wild Trample": "Elvish Cloak",
                "Deadly Shock": "Burn the City",
            },
        ),
        (
            "mid (3–4)",
            {
                "Elvish Archer": "Poison Ivy",
                "Wild Warg": "Thaur's Banner",
                "Call to Aid": "Satyr's Tune",
                "Early Spring": "Botanic Block",
                "Outmaneuvered": "Return of the Drakes",
            },
        ),
        (
            "late (5 or more)",
            {
                "Majestic Griffin": "Falconer",
                "Orc Warleader": "Orc Thug",
                "Nature's Outrage": "Serenity",
                "Besieged City": "Burn the City",
            },
        ),
    ],
    ids=["early", "mid", "late"],
)
def test_arcmage_a_gold_curve_with_a_gap_is_a_warning(arcmage, check, band, changes):
    """“An even gold curve - a mix of both early mid and late game cards.”"""
    result = check(arcmage, deck(swap(MAIN, changes)))
    assert result.legal is True
    [problem] = only(result, "arcmage-recommended-curve")
    assert problem.severity == "warning"
    assert problem.message == f"A balanced deck has an even gold curve: no {band} cards"
    assert problem.section == "deck"
    assert problem.expected == ["early", "mid", "late"]
    assert problem.actual == [band.split(" ")[0]]


# Costs 1 and 2 but for two cards of cost 3 and two of cost 5: a curve that is not even.
LOPSIDED = (
    (4, "Kolibri"),  # Gaian creature, cost 1
    (4, "Nourished Flower"),  # 2
    (4, "Poison Ivy"),  # 2
    (4, "Botanist"),  # 2
    (4, "Kalenz"),  # 2
    (4, "Wild Trample"),  # Gaian enchantment, 2
    (4, "Little Brother"),  # Red Banner creature, 1
    (4, "Orc Scout"),  # 2
    (4, "Orc Thug"),  # 1
    (4, "Orc Rouser"),  # 2
    (4, "Big Brother"),  # 2
    (4, "Wolf Rider"),  # 2
    (4, "Misled Orc"),  # 1
    (4, "Firespitter"),  # 2
    (2, "Elvish Archer"),  # 3
    (2, "Majestic Griffin"),  # 5
)


def test_arcmage_one_card_of_each_band_is_the_mix_of_the_gold_curve(arcmage, check):
    """“An even gold curve - a mix of both early mid and late game cards.”

    The sentence is read as its own words explain it, a mix: early (1–2), mid (3–4) and
    late (5 or more) cards are all there, however unevenly. An X cost fills no band, so
    X spells in place of the late cards leave the late band empty. The reading is recorded
    with the rule, for players to see."""
    assert check(arcmage, deck(LOPSIDED)).problems == []

    result = check(arcmage, deck(swap(LOPSIDED, {"Majestic Griffin": "Fireblaze"})))
    assert result.legal is True
    [problem] = only(result, "arcmage-recommended-curve")
    assert problem.message == "A balanced deck has an even gold curve: no late (5 or more) cards"

    [decision] = arcmage.decisions_for("arcmage-recommended-curve")
    assert "early (cost 1–2), mid (3–4) and late (5 or more)" in decision.reading
    assert "not measured" in decision.reading


def test_arcmage_synergy_and_purpose_are_not_checked(arcmage):
    """“Strong synergy between many of it's cards.” “A clear purpose.”

    No program can judge these; no rule claims to, and the recommendations that can be
    checked are warnings."""
    rules = describe_rules(arcmage)
    for rule in rules:
        words = f"{rule['rule']} {rule['cite']}".lower()
        assert "synergy" not in words
        assert "purpose" not in words
    recommended = {r["id"] for r in rules if "recommended" in r["cite"]}
    warnings = {r["id"] for r in rules if r["severity"] == "warning"}
    assert (
        recommended
        == warnings
        == {
            "arcmage-recommended-creatures",
            "arcmage-recommended-factions",
            "arcmage-recommended-curve",
        }
    )


# -- the example decks ----------------------------------------------------------------------------


def test_arcmage_the_legal_example_is_legal_at_the_command_line(monkeypatch):
    """“Example: A player decided to use three Red Banner region cards as the region deck.”"""
    monkeypatch.delenv("DECKWRIGHT_POOLS", raising=False)
    path = EXAMPLES / "arcmage-legal.txt"
    result = CliRunner().invoke(cli, ["validate", "-g", "arcmage", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output == f"{path}: legal in Arcmage Original Rules Concept\n"


def test_arcmage_the_illegal_example_breaks_four_rules_at_once(monkeypatch):
    """“Every player must have a main deck of exactly 60 cards”"""
    monkeypatch.delenv("DECKWRIGHT_POOLS", raising=False)
    path = EXAMPLES / "arcmage-illegal.txt"
    result = CliRunner().invoke(cli, ["validate", "-g", "arcmage", str(path)])
    assert result.exit_code == 1, result.output
    assert result.output.startswith(
        f"{path}: NOT legal in Arcmage Original Rules Concept (4 errors, 1 warning)\n"
    )
    assert sorted(re.findall(r"\[([a-z-]+)\]", result.output)) == [
        "arcmage-four-copies",
        "arcmage-regions-kept-apart",
        "arcmage-regions-single-faction",
        "arcmage-sixty-cards",
        "decklist-read-as",
    ]
    assert "read 'Misled Goblin' as 'Misled Orc'" in result.output


def test_the_converter_rebuilds_the_shipped_arcmage_cards_from_its_three_sources(tmp_path):
    """The pool is data made by a rerunnable converter: running it again changes nothing."""
    carddata = Path(convert.DEFAULT_CARDDATA)
    if not (carddata / "arcmage" / "rebirth-set-2026-snapshot.json").is_file():
        pytest.skip("the card data is not next to the repository")
    assert convert.main([str(carddata), "--out", str(tmp_path), "--game", "arcmage"]) == 0
    shipped = default_pool_dir() / "arcmage" / "cards.yaml"
    rebuilt = tmp_path / "arcmage" / "cards.yaml"
    assert rebuilt.read_text(encoding="utf-8") == shipped.read_text(encoding="utf-8")


# -- the quotes themselves ------------------------------------------------------------------------


def test_every_quote_here_is_in_the_rulebook_word_for_word(arcmage, assert_quotes_rulebook):
    """Each rulebook test above quotes its sentences verbatim (whitespace aside)."""
    assert_quotes_rulebook(globals(), "test_arcmage_", arcmage.rulebook)
