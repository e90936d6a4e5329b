"""Facts about the converted Shadow Era and Arcmage pools that the deck rules rely on.

The pools were converted from the shared card data by ``cardpool/convert.py``; the
decisions taken on the way are recorded in each ``cards.yaml``. These tests pin the
outcome, so a re-conversion that loses one of them fails here.
"""

from __future__ import annotations

from collections import Counter

import pytest
from click.testing import CliRunner

from validator.cli import cli

# Shadow Era rulebook, "HERO": "Each valid combination of faction and class is represented
# by the ten pre-constructed Class decks".
CLASS_DECKS = {
    ("Human", "Warrior"),
    ("Human", "Mage"),
    ("Human", "Hunter"),
    ("Human", "Priest"),
    ("Human", "Rogue"),
    ("Shadow", "Warrior"),
    ("Shadow", "Mage"),
    ("Shadow", "Hunter"),
    ("Shadow", "Wulven"),
    ("Shadow", "Elemental"),
}
SEVEN_CLASSES = {"Warrior", "Mage", "Hunter", "Priest", "Rogue", "Wulven", "Elemental"}


def heroes(game):
    return [card for card in game.cards if card.type == "Hero"]


# -- Shadow Era -------------------------------------------------------------------------------


def test_shadow_era_pool_holds_all_744_cards_of_the_source(shadow_era):
    assert len(shadow_era.cards) == 744
    assert len({card.id for card in shadow_era.cards}) == 744


def test_shadow_era_has_32_heroes_each_of_one_faction_and_one_class(shadow_era):
    found = heroes(shadow_era)
    assert len(found) == 32
    for hero in found:
        assert hero.get("faction") in ("Human", "Shadow"), hero.name
        assert len(hero.get("classes")) == 1, hero.name


def test_shadow_era_heroes_form_the_ten_class_decks_of_the_rulebook(shadow_era):
    combinations = Counter((h.get("faction"), h.get("classes")[0]) for h in heroes(shadow_era))
    assert set(combinations) == CLASS_DECKS
    factions = Counter(faction for faction, _ in combinations.elements())
    assert factions == {"Human": 16, "Shadow": 16}


@pytest.mark.parametrize("name", ["Darkclaw", "Moonstalker", "Bloodfang"])
def test_shadow_era_the_wulven_heroes_are_shadow_wulven(shadow_era, name):
    hero = shadow_era.find_card(name)
    assert hero.type == "Hero"
    assert (hero.get("faction"), hero.get("classes")) == ("Shadow", ["Wulven"])


def test_shadow_era_cards_carry_only_the_seven_classes_and_three_factions(shadow_era):
    for card in shadow_era.cards:
        assert set(card.get("classes") or ()) <= SEVEN_CLASSES, card.name
        assert card.get("faction") in ("Human", "Shadow", "Neutral"), card.name


@pytest.mark.parametrize(
    ("name", "icons"),
    [("Spiked Shield", ["Warrior", "Wulven"]), ("Mournblade", ["Warrior", "Priest"])],
)
def test_shadow_era_two_icon_cards_keep_both_icons(shadow_era, name, icons):
    assert shadow_era.find_card(name).get("classes") == icons


def test_shadow_era_names_have_no_stray_spaces(shadow_era):
    assert [c.name for c in shadow_era.cards if c.name != " ".join(c.name.split())] == []
    for name in ("Tome of Knowledge", "Rest for the Weary", "Gaderi: Braxno Citadel"):
        assert shadow_era.find_card(name).name == name


def test_shadow_era_campaign_cards_are_the_one_set_not_for_decks(shadow_era):
    not_for_decks = [code for code, s in shadow_era.sets.items() if not s.constructed]
    assert not_for_decks == ["CAMP"]
    assert sum(card.set == "CAMP" for card in shadow_era.cards) == 29


# -- Arcmage ----------------------------------------------------------------------------------


def test_arcmage_pool_holds_every_card_of_the_sources(arcmage):
    # 150 rows of cards.json less 5 old revisions folded into their card, and 35 Enchanted
    # Realm cards
    assert len(arcmage.cards) == 180
    assert Counter(card.set for card in arcmage.cards) == {
        "REBIRTH": 95,
        "COMMUNITY": 50,
        "ENCHANTED": 35,
    }
    assert Counter(card.type for card in arcmage.cards)["Region"] == 24 + 6


def test_arcmage_cards_belong_to_the_five_factions(arcmage):
    assert {card.get("faction") for card in arcmage.cards} == {
        "Gaian",
        "Dark Legion",
        "Red Banner",
        "House of Nobles",
        "The Empire",
    }


def test_arcmage_regions_are_city_cards_with_hit_points(arcmage):
    for region in (card for card in arcmage.cards if card.type == "Region"):
        assert region.get("printed_type") == "City", region.name
        # the Enchanted Realm source kept no defense, so its cities have no HP recorded
        assert isinstance(region.get("hp"), int) == (region.set != "ENCHANTED"), region.name


def test_arcmage_regions_carry_no_chapter_position(arcmage):
    assert [card.name for card in arcmage.cards if card.get("chapter")] == []


def test_arcmage_old_revisions_are_aliases_of_their_current_card(arcmage):
    aliased = {card.name: card.aliases for card in arcmage.cards if card.aliases}
    assert aliased == {
        "Misled Orc": ("Misled Goblin",),
        "Second Sons' Army Camp": ("Second's Sons' Army Camp",),
        "Foul Imps": ("Knitter's Foul Imp",),
        "Sanctuary": ("Hidden Realm",),
        "Spirit Tree": ("Ancestral Spirit Tree",),
        "Kaɾka Sunɔ": ("Karka Suno",),
    }
    assert not any(card.revision_of for card in arcmage.cards)


def test_arcmage_spirit_tree_and_ancestral_spirit_tree_are_number_42(arcmage):
    tree, ancestral = arcmage.find_card("Spirit Tree"), arcmage.find_card("Ancestral Spirit Tree")
    assert tree is ancestral
    assert tree.number == "42"


@pytest.mark.parametrize(
    ("name", "facts"),
    [
        ("Carpe Diem", {"type": "Event"}),
        ("Orc Warleader", {"subtype": "Orc Legend"}),
        ("Second Sons' Army Camp", {"cost_symbol": "S", "defense": 8, "hp": 8}),
        ("Foul Imps", {"number": "25", "artist": "Santiago Iborra"}),
        ("Gigantic Spider", {"artist": "zookeeper", "artwork_licensor": "Battle for Wesnoth"}),
        ("Warren", {"set": "REBIRTH"}),
    ],
)
def test_arcmage_the_2026_snapshot_gives_the_current_values(arcmage, name, facts):
    card = arcmage.find_card(name)
    assert {key: card.get(key) for key in facts} == facts


def test_arcmage_enchanted_realm_cards_have_no_number_attack_or_defense(arcmage):
    realm = [card for card in arcmage.cards if card.set == "ENCHANTED"]
    assert len(realm) == 35
    assert {card.get("faction") for card in realm} == {"The Empire", "House of Nobles"}
    for card in realm:
        assert card.number is None, card.name
        assert (card.get("attack"), card.get("defense")) == (None, None), card.name
        assert card.get("serie") == "Enchanted Realm", card.name
    assert arcmage.find_card("Karka Suno").name == "Kaɾka Sunɔ"
    assert arcmage.find_card("Dragon Armor").get("subtype") == "Enchantment Token"


def test_arcmage_no_card_states_its_own_copy_limit(arcmage):
    assert [card.name for card in arcmage.cards if card.max_copies is not None] == []


# -- both -------------------------------------------------------------------------------------


def test_cardpool_check_passes_on_the_shipped_pools(monkeypatch):
    monkeypatch.delenv("DECKWRIGHT_POOLS", raising=False)
    result = CliRunner().invoke(cli, ["cardpool", "check"])
    assert result.exit_code == 0, result.output
    assert result.output.endswith(": all pools are valid\n")
