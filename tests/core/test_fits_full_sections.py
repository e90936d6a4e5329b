"""'Fits my deck' beside a full section: a copy more that takes a section past the size it
kept to does not fit, and says the size; a section short of its size, or already past it,
hides nothing for it.

A card fits when the deck with it can still be made legal by adding cards. A fourth dino
beside 3, or a 31st card in a deck of exactly 30, leaves a deck no card added makes legal,
as a second hero or a fourth copy does: each was shown as fitting while the second hero and
the fourth copy were hidden."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest
import yaml

from cardpool import PoolLibrary, default_pool_dir
from tests.helpers import decklist
from tests.pools.support import load_test_pool
from tests.rules.test_shadow_era import NEUTRAL_CLASSLESS as NEUTRAL
from validator import parse_text
from validator.fits import fits, misfits

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ERA_LEGAL = (EXAMPLES / "era-legal.txt").read_text(encoding="utf-8")


def reasons(game, text: str, *names: str, format_id=None, as_of=None) -> dict[str, str | None]:
    """For each card: None when a copy more fits, else the words of the problem it brings."""
    deck = parse_text(text, game).deck
    cards = [game.find_card(name) for name in names]
    found = misfits(deck, format_id, as_of, cards)
    return {card.name: found[card.id] and found[card.id].message for card in cards}


FOUR_DINOS = "You need exactly 3 dinos: you have 4 dinos"
THIRTY_ONE = "Your deck must have exactly 30 cards: you have 31 cards"


def test_era_a_fourth_dino_does_not_fit_three(era):
    """“For the game to begin, each player must have 3 dinos, 3 crystals, and a deck of 30
    cards”: beside the legal example's 3 dinos, every other dino is a fourth."""
    deck = parse_text(ERA_LEGAL, era).deck
    chosen = {entry.card.name for entry in deck.sections["dinos"]}
    others = [card for card in era.cards if card.type == "Dino" and card.name not in chosen]
    found = misfits(deck, None, None, others)
    rules = {card.name: found[card.id] and found[card.id].rule for card in others}
    # the promo dino is of no legal product, which it says first
    assert rules.pop("Riftborn Velociraptor") == "era-eligible-products"
    assert len(rules) > 10
    assert set(rules.values()) == {"era-three-dinos"}
    assert {found[card.id].message for card in others if card.name in rules} == {FOUR_DINOS}


def test_era_a_31st_card_or_a_fourth_crystal_does_not_fit(era):
    assert reasons(era, ERA_LEGAL, "Healing Spring", "Kelp Wrap", "Fire Crystal") == {
        "Healing Spring": THIRTY_ONE,
        "Kelp Wrap": THIRTY_ONE,
        "Fire Crystal": "You need exactly 3 crystals: you have 4 crystals",
    }


def test_era_the_api_says_why_a_card_does_not_fit_a_full_deck(era):
    deck = parse_text(ERA_LEGAL, era).deck
    (answer,) = fits(deck, None, None, [era.find_card("Kelp Wrap").id])
    assert (answer.fits, answer.rule, answer.reason) == (False, "era-deck-thirty", THIRTY_ONE)


def test_era_a_deck_short_of_its_sizes_is_answered_as_before(era):
    """29 deck cards take a 30th; 2 dinos a third (one of the element the deck waits for)."""
    short = ERA_LEGAL.replace("3 Riptide Pull", "2 Riptide Pull")
    assert reasons(era, short, "Healing Spring", "Kelp Wrap") == {
        "Healing Spring": None,
        "Kelp Wrap": None,
    }
    two_dinos = ERA_LEGAL.replace("1 Ember Rex\n", "")
    assert reasons(era, two_dinos, "Magmaw Ankylosaur") == {"Magmaw Ankylosaur": None}


def test_era_a_deck_already_past_30_hides_no_card_for_it(era):
    """The 31st card is the deck's problem before any card is tried: a card the deck can
    take otherwise still fits, while a fourth dino or event brings a problem of its own."""
    over = ERA_LEGAL + "1 Healing Spring\n"
    assert reasons(era, over, "Kelp Wrap", "Tidal Splash", "Magmaw Ankylosaur", "Monsoon") == {
        "Kelp Wrap": None,
        "Tidal Splash": None,
        "Magmaw Ankylosaur": FOUR_DINOS,
        "Monsoon": "Your deck must have exactly 3 events: you have 4 events",
    }
    # and 4 dinos hide no deck card, nor a fifth dino
    four_dinos = ERA_LEGAL.replace("3 Riptide Pull", "2 Riptide Pull").replace(
        "1 Tidefang Mosasaur", "1 Tidefang Mosasaur\n1 Magmaw Ankylosaur"
    )
    assert reasons(era, four_dinos, "Kelp Wrap", "Pyroclast Spinosaurus") == {
        "Kelp Wrap": None,
        "Pyroclast Spinosaurus": None,
    }


RYFT_LEGAL = (EXAMPLES / "ryft-legal.txt").read_text(encoding="utf-8")


def test_ryft_a_41st_card_does_not_fit(ryft):
    forty = "Your deck must have exactly 40 cards: you have 41 cards"
    assert reasons(ryft, RYFT_LEGAL, "Eruption Countdown", "Comet Hare") == {
        "Eruption Countdown": forty,
        "Comet Hare": forty,
    }
    thirty_nine = RYFT_LEGAL.replace("1 Eruption Countdown", "")
    assert reasons(ryft, thirty_nine, "Comet Hare") == {"Comet Hare": None}


def test_shadow_era_an_81st_card_does_not_fit(shadow_era):
    """The format's reading holds a deck to at most 80 cards, the hero included."""
    others = [(4, name) for name in NEUTRAL[:-1]] + [(3, NEUTRAL[-1])]  # 79 cards
    full = decklist({"Hero": [(1, "Nishaven")], "Deck": others})
    assert reasons(shadow_era, full, "Crimson Vest", "Dirk Saber") == {
        "Crimson Vest": "A deck holds at most 80 cards, the hero included: you have 81 cards",
        "Dirk Saber": "A deck holds at most 80 cards, the hero included: you have 81 cards",
    }
    room = decklist({"Hero": [(1, "Nishaven")], "Deck": [*others[:-1], (2, NEUTRAL[-1])]})
    assert reasons(shadow_era, room, "Crimson Vest", "Dirk Saber") == {
        "Crimson Vest": None,
        "Dirk Saber": None,
    }


ARCMAGE_LEGAL = (EXAMPLES / "arcmage-legal.txt").read_text(encoding="utf-8")


def test_arcmage_a_61st_card_or_a_fourth_region_does_not_fit(arcmage):
    """“Every player must have a main deck of exactly 60 cards, and in addition there has to
    be a separate region deck of up to 3 cards.”"""
    assert reasons(arcmage, ARCMAGE_LEGAL, "Nightingale", "Tunnel Network") == {
        "Nightingale": "Your main deck must have exactly 60 cards: you have 61 cards",
        "Tunnel Network": "Your region deck holds 1 to 3 regions: you have 4 regions",
    }
    room = ARCMAGE_LEGAL.replace("4 Blindfolded", "3 Blindfolded").replace("1 Warren\n", "")
    assert reasons(arcmage, room, "Nightingale", "Tunnel Network") == {
        "Nightingale": None,
        "Tunnel Network": None,
    }


ERUMA_LEGAL = (EXAMPLES / "eruma-legal.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("format_id", ["standard", "henchmen-required"])
def test_eruma_a_16th_outlaw_does_not_fit_while_a_henchman_does(eruma, format_id):
    """“The Deck must be exactly 15 Outlaw Cards.” The Extra Deck has no size: a Henchman
    more still fits it."""
    sixteen = "Your deck must have exactly 15 Outlaw cards: you have 16 Outlaw cards"
    assert reasons(eruma, ERUMA_LEGAL, "Beetrice", "Zombie", format_id=format_id) == {
        "Beetrice": sixteen,
        "Zombie": None,
    }
    fourteen = ERUMA_LEGAL.replace("Charlotte\n", "")
    assert reasons(eruma, fourteen, "Beetrice", format_id=format_id) == {"Beetrice": None}


def test_a_sum_short_for_the_new_size_still_fits(netrunner):
    """Agenda points are bounded by the deck's size: a 45th card asks for 20 points where 44
    cards asked for 18. Points are added with agendas, so the card fits."""
    weyland = "Weyland Consortium: Building a Better World"
    agendas = [(3, "Priority Requisition"), (3, "Private Security Force"), (3, "Hostile Takeover")]
    text = decklist({"Identity": [(1, weyland)], "Deck": [(35, "Hedge Fund"), *agendas]})
    found = reasons(netrunner, text, "Beanstalk Royalties", as_of=date(2015, 1, 1))
    assert found == {"Beanstalk Royalties": None}


@pytest.fixture(scope="module")
def netrunner():
    return load_test_pool("netrunner")


def test_a_share_or_a_curve_short_of_its_cards_hides_nothing(tmp_path):
    """Arcmage's recommendations (at least 50% creatures, a card of every cost band) held as
    errors: the first card of a main deck leaves it short of the others, which are added in
    turn, so it fits."""
    folder = tmp_path / "arcmage"
    shutil.copytree(default_pool_dir() / "arcmage", folder)
    path = folder / "game.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for fmt in data["formats"]:
        for rule in fmt.get("rules", ()):
            if rule["id"] in ("arcmage-recommended-creatures", "arcmage-recommended-curve"):
                rule["severity"] = "error"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    game = PoolLibrary(tmp_path).game("arcmage")
    assert reasons(game, "", "Kolibri", "Early Spring") == {"Kolibri": None, "Early Spring": None}
