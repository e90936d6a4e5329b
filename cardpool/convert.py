"""Convert the shipped card lists (JSON) into the YAML card databases of the pool.

Usage, from the repository root::

    python -m cardpool.convert [CARDDATA_DIR] [--out cardpool] [--game GAME ...]

CARDDATA_DIR holds ``shadow-era/cards.json``, ``arcmage/cards.json`` (with the
Enchanted Realm cards and the 2026 Rebirth snapshot beside it) and ``eruma/cards.json``
(default: ``../shared/carddata`` next to the repository). The script writes
``<out>/<game>/cards.yaml`` for each (default out: the ``cardpool`` package), or only for
the games named with ``--game``. It is deterministic: running it twice gives identical
files.

Every correction of the source data is listed in a table below with its reason
(``SHADOW_ERA_FIXES``), every judgement call in ``SHADOW_ERA_RULINGS``,
``ARCMAGE_RULINGS`` and ``ERUMA_RULINGS``; all of them are copied into the ``decisions``
list of the YAML they concern. The script checks what the rulebooks require (32 heroes, each of one
of the ten class decks) and stops with an error if the data breaks it.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from cardpool import names

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CARDDATA = REPO_ROOT.parent / "shared" / "carddata"
DEFAULT_OUT = REPO_ROOT / "cardpool"


class ConversionError(Exception):
    """The source data breaks a fact the pool relies on."""


class Fix(NamedTuple):
    """A correction of one source card: fields to overwrite, and why."""

    patch: dict[str, Any]
    change: str
    reason: str


class Ruling(NamedTuple):
    """A judgement call applied by the converter, recorded in ``decisions``."""

    change: str
    reason: str


# --------------------------------------------------------------------------------------
# Shadow Era: data fixes (keyed by the card name as the source spells it, trimmed)
# --------------------------------------------------------------------------------------

_WULVEN_HEROES = (
    "The source list gives these heroes no class. The rulebook gives every hero one faction "
    "and one class, and its ten class decks include Shadow Wulven; these are the Shadow "
    "Wulven heroes (the card data README says so too)."
)
_SF_NUMBERED_LL = (
    "In the source these cards share their numbers (sf161, sf162, sf171-sf173) with other "
    "Shattered Fates cards. They sit in the list between ll150 and ll174, where "
    "ll161, ll162 and ll171-ll173 are missing, so they are Lost Lands cards given the wrong "
    "set prefix. Card ids must be unique."
)
SF_TO_LL = "set prefix corrected from sf to ll, number kept"
_CLASS_SPECIFIC_ALLY = (
    "The source gives this ally neither a faction nor a class, which would let every hero "
    "use it. The game's public wiki (Category:Allies, 2024) says: \"class-specific Allies "
    "also exist, such as Spark and Pack Wolf; these allies can only join Heroes with the "
    'same class type." Pack Wolf is a Wulven tribe ally, so its class is Wulven; Spark '
    "already carries its Elemental icon in the source."
)

SHADOW_ERA_FIXES: dict[str, Fix] = {
    "Darkclaw": Fix({"heroClass": ["WULVEN"]}, "class set to Wulven", _WULVEN_HEROES),
    "Moonstalker": Fix({"heroClass": ["WULVEN"]}, "class set to Wulven", _WULVEN_HEROES),
    "Bloodfang": Fix({"heroClass": ["WULVEN"]}, "class set to Wulven", _WULVEN_HEROES),
    "Distortion Harness": Fix({"code": "ll161"}, SF_TO_LL, _SF_NUMBERED_LL),
    "Amethyst Reverie": Fix({"code": "ll162"}, SF_TO_LL, _SF_NUMBERED_LL),
    "Pathfinder's Machete": Fix({"code": "ll171"}, SF_TO_LL, _SF_NUMBERED_LL),
    "Shard of Ithrund": Fix({"code": "ll172"}, SF_TO_LL, _SF_NUMBERED_LL),
    "Voidhammer": Fix({"code": "ll173"}, SF_TO_LL, _SF_NUMBERED_LL),
    "Pack Wolf": Fix({"heroClass": ["WULVEN"]}, "class set to Wulven", _CLASS_SPECIFIC_ALLY),
}

# Each set's class cards come in blocks of ten numbers, in the class order Warrior, Mage,
# Hunter, Priest, Rogue, Wulven, Elemental; these are the Wulven blocks (se, sf: 111-120;
# ex: 081-090; ll: 101-110). The source gives every other block its class.
SHADOW_ERA_WULVEN_BLOCKS: dict[str, range] = {
    "se": range(111, 121),
    "ex": range(81, 91),
    "sf": range(111, 121),
    "ll": range(101, 111),
}
SHADOW_ERA_WULVEN_BLOCK_FIXED = 36  # the block cards the source leaves without a class

# --------------------------------------------------------------------------------------
# Shadow Era: judgement calls
# --------------------------------------------------------------------------------------

SHADOW_ERA_RULINGS: dict[str, Ruling] = {
    "heroes": Ruling(
        "all 32 heroes checked against the rulebook's ten class decks; no change besides the "
        "three Wulven heroes",
        "The card data README asks for the check. Every other hero has one faction (Human or "
        "Shadow) and one class that form one of the ten class decks (Human Warrior, Mage, "
        "Hunter, Priest, Rogue; Shadow Warrior, Mage, Hunter, Wulven, Elemental); 16 are Human "
        "and 16 Shadow, as the game's public wiki counts them. The converter stops if this "
        "ever stops holding.",
    ),
    "available_for": Ruling(
        "classes taken from availableForHeroClasses",
        "The card has no heroClass but lists the hero classes that may use it; that list is "
        "its class icons. Doubtful: it is the one value of the list that the program which "
        "read the game's card page (see the Wulven blocks) never sets, so it was entered by "
        "hand, and no other source naming the card's icons was found.",
    ),
    "neutral_class": Ruling(
        "heroClass NEUTRAL read as no class icon",
        "NEUTRAL is not one of the seven classes; the source uses it for cards without a class "
        "icon, which any hero may use (rulebook, deck building rule 4).",
    ),
    "wulven_block": Ruling(
        "class set to Wulven: the card sits in its set's block of Wulven class cards (se111-"
        "se120, ex081-ex090, sf111-sf120, ll101-ll110) and the source gives it no class",
        "The source numbers each set's class cards in blocks of ten, in the class order "
        "Warrior, Mage, Hunter, Priest, Rogue, Wulven, Elemental (se061-se130, ex031-ex100, "
        "sf061-sf130, ll051-ll120). Every block carries its class in the source except the "
        "Wulven one, where only Insolent Pup, Eye of the Dark Forest and Den Mother (ll108-"
        "ll110) have it: the list drops the Wulven class as it dropped it from the three "
        "Wulven heroes and from Pack Wolf (se112), which the game's wiki names as a "
        "class-specific ally, and from What Big Teeth (se115), which the game's fan wiki "
        "(Item) calls \"Wulven's What Big Teeth\", a class-specific weapon. The game's v4.80 "
        "notes number two new Wulven cards rr114-rr115, "
        "between the Rogue rr104-rr105 and the Elemental rr124-rr125, the same place; a "
        "Moonstalker deck of build 1.28 (shadowera.gondorian.com) plays Pack Wolf, Now You're "
        "Mine, Captured Prey, Regeneration and Full Moon as the Wulven cards of a Wulven deck. "
        "How the class was lost: the list's values are those of the card list kept by a "
        "public program that read the game's card page (robmat/shadow_era_ai: cards.json, "
        "CardParser.java), which took a card's class from the words of its type line, "
        "matched against the names WARRIOR, PRIEST, ROGUE, MAGE, HUNTER, VULVEN, ELEMENTAL "
        "(CardEnums.java); the misspelt VULVEN never matches 'Wulven', so every Wulven type "
        "line lost its class, while the Lost Lands cards, added later in that program's "
        "new_cards.json, spell it WULVEN and keep it. "
        "Read as class-less, these cards fitted every hero, Human ones too; the rulebook's "
        "rule 4 keeps a class card to heroes with its icon. Doubtful, left as the source has "
        "them, as no card list or wiki page naming their icons was found: the armors "
        "Packmaster's Helm and Voidwalker's Gauntlet (sf174, sf179) and the weapon Gromm's "
        "Axe (sf194) have no class among the Shattered Fates class items (sf170-sf180, "
        "sf187-sf200), where every class but Wulven appears, so they may be Wulven items "
        "that lost their icon the same way; and the same program takes no class from a type "
        "line that names none ('Hero Weapon', 'Hero Armor': the wiki's Item page says weapon "
        "and armor cards are not labeled Item), while the same wiki says the icons on weapons "
        "and armors name the classes that may use them, so the Call of the Crystals weapons "
        "and armors (se161-se200, Mournblade aside), which have no class in the source, may "
        "carry icons it never read.",
    ),
    "wulven_allies": Ruling(
        "kept without a class icon (Wulven stays their affinity)",
        "Wulven is both a class and an ally tribe. The game's public wiki says allies of the "
        "Wulven tribe need not belong to the Wulven class and gives Bad Wolf (type line "
        "'Shadow Ally - Wulven', no class) as the example. These Shadow allies sit outside "
        "the Wulven class blocks, so their faction alone restricts them; Dark Riding Hood is "
        "a campaign card.",
    ),
    "trailing_space": Ruling(
        "trailing space removed from the name",
        "The source name ends in a space; card names are matched as typed by players.",
    ),
    "no_rarity": Ruling(
        "cards without a rarity get Common",
        "The source never writes a Common rarity (it only has R, U, E, L and H); a card "
        "without one is a common card.",
    ),
    "zero_health": Ruling(
        "initialHp 0 on Ability and Item cards dropped (no health or durability)",
        "Abilities have no health in the rules, and an item at 0 durability is destroyed, so "
        "0 here is the list's placeholder for 'none' (most artifacts and traps simply have no "
        "initialHp). Doubtful: Blazing Shield is an armor, which normally has durability.",
    ),
    "durability_999": Ruling(
        "durability 999 kept as given",
        "The list gives this weapon 999 durability, which reads as 'does not wear out'; it is "
        "kept rather than guessed at.",
    ),
    "set_names": Ruling(
        "set names from the code prefixes: se = Call of the Crystals (COTC), ex = Dark "
        "Prophecies (DP), sf = Shattered Fates (SF), ll = Lost Lands (LL), cp = Campaigns "
        "(CAMP)",
        "A general encyclopedia article names five in-game sets: Call of the Crystals, Dark "
        "Prophecies, Shattered Fates, Lost Lands (Part 1) and Campaigns; the game's public "
        "wiki names the first three in that order. Checked against card names: the official "
        "forum's lore index places Kristoffer Wyld, Katrin the Shieldmaiden, Earthen "
        "Protector and Death Mage Thaddeus (all se) in Call of the Crystals and Gunther, "
        "Howlfang, Karlstrad and Kairos Doombringer (all ex) in Dark Prophecies; a Lost Lands "
        "design article introduces Wildfang and Wulven Traitor (ll025, ll026) as new Lost "
        "Lands allies. The README's 'ex = later sets' is therefore wrong: ex is the second "
        "set. sf = Shattered Fates follows from the README and from being the one set left; "
        "no card list of that set was found to check it card by card.",
    ),
    "set_dates": Ruling(
        "no release dates given",
        "No release date of a set could be confirmed, so none is recorded.",
    ),
    "campaign": Ruling(
        "Campaigns set marked as not for constructed decks",
        "The cp cards are generic campaign opponents (Wild Boar, Masked Bandit, Brigand "
        "Captain, ...), and the developer announced the single-player campaign with "
        "'campaign-only cards'. Doubtful: the four Legendary allies cp051-cp054 may be "
        "campaign rewards players can own; they stay in the set.",
    ),
}

SHADOW_ERA_SETS: dict[str, dict[str, Any]] = {  # source code prefix -> set, in release order
    "se": {"code": "COTC", "name": "Call of the Crystals", "constructed": True},
    "ex": {"code": "DP", "name": "Dark Prophecies", "constructed": True},
    "sf": {"code": "SF", "name": "Shattered Fates", "constructed": True},
    "ll": {"code": "LL", "name": "Lost Lands", "constructed": True},
    "cp": {"code": "CAMP", "name": "Campaigns", "constructed": False},
}

SHADOW_ERA_RARITIES = {
    None: "Common",
    "U": "Uncommon",
    "R": "Rare",
    "E": "Epic",
    "L": "Legendary",
    "H": "Hero",
}
SHADOW_ERA_CLASSES = ("Warrior", "Mage", "Hunter", "Priest", "Rogue", "Wulven", "Elemental")
CLASS_DECKS = {  # the rulebook's ten class decks: the only faction + class pairs of a hero
    ("Human", "Warrior"), ("Human", "Mage"), ("Human", "Hunter"), ("Human", "Priest"),
    ("Human", "Rogue"), ("Shadow", "Warrior"), ("Shadow", "Mage"), ("Shadow", "Hunter"),
    ("Shadow", "Wulven"), ("Shadow", "Elemental"),
}  # fmt: skip
SHADOW_ERA_CARD_COUNT = 744
SHADOW_ERA_HERO_COUNT = 32

# --------------------------------------------------------------------------------------
# Arcmage: judgement calls
# --------------------------------------------------------------------------------------

ARCMAGE_RULINGS: dict[str, Ruling] = {
    "city_region": Ruling(
        "type City read as Region (printed_type: City kept, hp = defense)",
        "In the later Arcmage rules City cards took the place of the Original Rules "
        "Concept's region cards; the pool treats City cards as region cards (defense = "
        "region HP).",
    ),
    "no_chapter": Ruling(
        "no chapter position (I, II, III) on any region",
        "The source gives none and the pool does not invent one; the field is there for "
        "pools that know it.",
    ),
    "snapshot": Ruling(
        "the 2026 snapshot of the Rebirth set decides the values of its 95 cards (matched "
        "by guid); the 2018 list only adds the card number, series and status",
        "The snapshot is the Arcmage database's 'Set 1 - Rebirth (full set)' as it stood in "
        "2026: these are the game's current cards. The cards it changed are listed with "
        "each change below.",
    ),
    "snapshot_change": Ruling(
        "{changes}",
        "The 2026 snapshot of the Rebirth set gives this value; it replaces the 2018 one.",
    ),
    "revisions": Ruling(
        "older revisions folded into the current card of their number; their names kept as "
        "aliases, their old values dropped",
        "The rulebook counts cards with the same number or the same name as the same card "
        "for deck building, whatever the revision, and the snapshot holds each of these "
        "cards once, under its current name. A decklist that uses an old name reads as the "
        "current card (and says so). Dropped with them: Second's Sons' Army Camp's cost 6 "
        "and defense 6, Misled Goblin's subtype Goblin, Hidden Realm's and Ancestral Spirit "
        "Tree's cost 6 (and defense 6 for Hidden Realm).",
    ),
    "warren": Ruling(
        "set REBIRTH, no serie field",
        "The 2018 list writes serie 'None' (a string) for this card, but the 2026 snapshot "
        "of the Rebirth full set holds it, so it is a Rebirth card.",
    ),
    "artwork_licensor": Ruling(
        "artwork_licensor from the snapshot kept beside the artist",
        "The snapshot names where each artwork comes from (wtactics.org, Battle for Wesnoth, "
        "Santharia Dream); the CC-BY-SA licence asks for that credit. It replaces the "
        "permission note some 2018 artist names carried.",
    ),
    "cost_symbol": Ruling(
        "cost S or X kept as cost_symbol instead of cost",
        "S and X are symbols printed in the cost spot, not gold amounts; cost stays a "
        "number for every card that has one.",
    ),
    "no_cost": Ruling(
        "no cost given",
        "These tokens have no cost in the source (they are put into play by other cards); "
        "none is invented.",
    ),
    "subtype_mismatch": Ruling(
        "type kept although the subtype names another spell type",
        "The type field decides the card type; the subtype text is kept as given. Doubtful: "
        "one of the two fields is probably a slip in the source.",
    ),
    "no_artist": Ruling(
        "no artist recorded",
        "The source names no artist for these cards, so they cannot be credited by name.",
    ),
    "enchanted_realm": Ruling(
        "Enchanted Realm cards (set ENCHANTED) carry no card number, attack, defense or "
        "HP; their ids are er- and the name",
        "The source (a port of the two Enchanted Realm preconstructed decks, The Empire's "
        "Thugs and Merfolk) kept none of these; nothing is invented. Without a number, "
        "only the same name makes two cards the same card; their cities have no HP "
        "recorded. The decks' card quantities were not recorded either, so the pool has no "
        "preconstructed lists.",
    ),
    "token_flag": Ruling(
        "the source's token flag dropped",
        "The subtype already says Token, which is what the rules read.",
    ),
    "ascii_alias": Ruling(
        "an alias in plain letters",
        "The name uses letters (U+027E, U+0254) that keyboards lack and that Unicode does "
        "not decompose; players write Karka Suno, which the alias matches.",
    ),
}

ARCMAGE_SETS = [
    {"code": "REBIRTH", "name": "Rebirth", "constructed": True},
    {"code": "ENCHANTED", "name": "Enchanted Realm", "constructed": True},
    {"code": "COMMUNITY", "name": "Cards seen in community decks", "constructed": True},
]
ARCMAGE_SPELL_TYPES = ("Event", "Magic", "Enchantment")
ARCMAGE_TYPES = {"City": "Region"}  # source type -> pool type, when they differ
ARCMAGE_CURRENT = {"serie": "Rebirth", "status": "Release Candidate"}
# The snapshot fields that are card facts, and the pool field each one fills.
ARCMAGE_SNAPSHOT_FIELDS = (
    "name", "type", "subType", "faction", "cost", "loyalty", "attack", "defense", "artist",
)  # fmt: skip
ARCMAGE_ASCII_NAMES = {"Kaɾka Sunɔ": "Karka Suno"}  # names players cannot type as printed
ARCMAGE_COUNTS = {"cards.json": 150, "snapshot": 95, "enchanted": 35, "pool": 180}

# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------

_NOT_SLUG = re.compile(r"[^a-z0-9]+")
_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def require(condition: bool, message: str) -> None:
    """Stop the conversion when the data breaks a fact the pool relies on."""
    if not condition:
        raise ConversionError(message)


def title_case(value: str) -> str:
    """WULVEN -> Wulven, the way the pool spells attribute values."""
    return value.replace("_", " ").title()


def slug(text: str) -> str:
    """Knitter's Foul Imp -> knitters-foul-imp."""
    return _NOT_SLUG.sub("-", text.lower().replace("'", "")).strip("-")


def decision(change: str, reason: str, cards: list[str] | None = None) -> dict:
    """A ``decisions`` entry: the cards concerned (none for pool-wide calls), what and why."""
    entry: dict[str, Any] = {}
    if cards:
        entry["cards"] = list(cards)  # a copy each time, so the YAML has no &anchors
    entry["change"] = change
    entry["reason"] = reason
    return entry


def ruling_decision(ruling: Ruling, cards: list[str] | None = None) -> dict:
    return decision(ruling.change, ruling.reason, cards)


def fix_decisions(fixes: dict[str, Fix]) -> list[dict]:
    """One decision per (change, reason), naming every card it was applied to."""
    grouped: dict[tuple[str, str], list[str]] = defaultdict(list)
    for name, fix in fixes.items():
        grouped[fix.change, fix.reason].append(name)
    return [decision(change, reason, names) for (change, reason), names in grouped.items()]


def check_unique_ids(cards: list[dict]) -> None:
    seen: set[str] = set()
    for card in cards:
        require(bool(_ID.fullmatch(card["id"])), f"id {card['id']!r} is not URL-safe")
        require(card["id"] not in seen, f"id {card['id']!r} is used twice")
        seen.add(card["id"])


def load_json(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)


def write_yaml(document: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=1000)
    path.write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------------------
# Shadow Era
# --------------------------------------------------------------------------------------


def apply_fixes(raw_cards: list[dict], fixes: dict[str, Fix]) -> list[dict]:
    """The source cards with each fix's fields overwritten (the source is left untouched)."""
    by_name = {raw["name"].strip(): raw for raw in raw_cards}
    require(len(by_name) == len(raw_cards), "two source cards share a name")
    unknown = sorted(set(fixes) - set(by_name))
    require(not unknown, f"fixes name cards the source does not have: {unknown}")
    return [{**raw, **fixes[name].patch} if name in fixes else raw for name, raw in by_name.items()]


def is_placeholder_health(raw: dict) -> bool:
    """initialHp 0 on a card that has no health or durability to speak of."""
    return raw["cardType"] in ("ABILITY", "ITEM") and raw.get("initialHp") == 0


def class_icons(raw: dict) -> list[str]:
    """The card's class icons; NEUTRAL (or nothing) means none."""
    source = raw.get("heroClass") or raw.get("availableForHeroClasses") or []
    classes = [title_case(value) for value in source if value != "NEUTRAL"]
    unknown = [value for value in classes if value not in SHADOW_ERA_CLASSES]
    require(not unknown, f"{raw['name']!r} has unknown classes {unknown}")
    return classes


def shadow_era_card(raw: dict) -> dict:
    """One pool card from one (fixed) source card; keys without a value are left out."""
    card_type = title_case(raw["cardType"])
    card: dict[str, Any] = {
        "id": raw["code"],
        "name": raw["name"].strip(),
        "type": card_type,
        "set": SHADOW_ERA_SETS[raw["code"][:2]]["code"],
        "number": raw["code"],
        "faction": title_case(raw.get("side", "NEUTRAL")),
    }
    if classes := class_icons(raw):
        card["classes"] = classes
    card["rarity"] = SHADOW_ERA_RARITIES[raw.get("rarity")]
    health = raw.get("initialHp")
    if is_placeholder_health(raw):
        health = None
    optional = {
        "cost": raw.get("resourceCost"),
        "attack": raw.get("baseAttack"),
        "durability" if card_type == "Item" else "health": health,
        "defense": raw.get("baseDefence"),
        "item_subtype": raw.get("itemSubType"),
        "attack_type": raw.get("attackType"),
        "affinity": raw.get("affinity"),
        "keywords": raw.get("abilities"),
        "shadow_energy": raw.get("shadowEnergy"),
    }
    for key, value in optional.items():
        if value is None:
            continue
        if isinstance(value, str):
            value = title_case(value)
        elif isinstance(value, list):
            value = [title_case(item) for item in value]
        card[key] = value
    return card


def check_heroes(cards: list[dict]) -> None:
    """The rulebook's hero facts: one faction, one class, one of the ten class decks."""
    heroes = [card for card in cards if card["type"] == "Hero"]
    require(
        len(heroes) == SHADOW_ERA_HERO_COUNT,
        f"expected {SHADOW_ERA_HERO_COUNT} heroes, found {len(heroes)}",
    )
    for hero in heroes:
        classes = hero.get("classes", [])
        require(len(classes) == 1, f"hero {hero['name']!r} has classes {classes}, not one")
        deck = (hero["faction"], classes[0])
        require(deck in CLASS_DECKS, f"hero {hero['name']!r} is {deck}, not a class deck")


def names_where(raw_cards: list[dict], test: Callable[[dict], bool]) -> list[str]:
    return [raw["name"].strip() for raw in raw_cards if test(raw)]


def is_classless_wulven_ally(raw: dict) -> bool:
    return (
        raw["cardType"] == "ALLY"
        and raw.get("affinity") == "WULVEN"
        and "WULVEN" not in raw.get("heroClass", [])
    )


def has_only_available_for(raw: dict) -> bool:
    return "heroClass" not in raw and "availableForHeroClasses" in raw


def has_neutral_class(raw: dict) -> bool:
    return "NEUTRAL" in raw.get("heroClass", [])


def has_trailing_space(raw: dict) -> bool:
    return raw["name"] != raw["name"].strip()


def has_durability_999(raw: dict) -> bool:
    return raw["cardType"] == "ITEM" and raw.get("initialHp") == 999


def is_campaign_card(raw: dict) -> bool:
    return not SHADOW_ERA_SETS[raw["code"][:2]]["constructed"]


def in_wulven_block(raw: dict) -> bool:
    block = SHADOW_ERA_WULVEN_BLOCKS.get(raw["code"][:2])
    return block is not None and int(raw["code"][2:]) in block


def is_classless_in_wulven_block(raw: dict) -> bool:
    return in_wulven_block(raw) and not raw.get("heroClass")


def apply_wulven_blocks(raw_cards: list[dict]) -> list[dict]:
    """The cards of the Wulven class blocks given the Wulven class the source leaves out."""
    classes = {tuple(raw.get("heroClass") or ()) for raw in raw_cards if in_wulven_block(raw)}
    require(
        classes == {(), ("WULVEN",)},
        f"the Wulven class blocks hold cards of other classes: {sorted(classes)}",
    )
    fixed = names_where(raw_cards, is_classless_in_wulven_block)
    require(
        len(fixed) == SHADOW_ERA_WULVEN_BLOCK_FIXED,
        f"expected {SHADOW_ERA_WULVEN_BLOCK_FIXED} Wulven block cards without a class, "
        f"found {len(fixed)}",
    )
    return [
        {**raw, "heroClass": ["WULVEN"]} if is_classless_in_wulven_block(raw) else raw
        for raw in raw_cards
    ]


def shadow_era_decisions(source: list[dict], fixed: list[dict]) -> list[dict]:
    rulings = SHADOW_ERA_RULINGS
    patched = apply_fixes(source, SHADOW_ERA_FIXES)
    return [
        *fix_decisions(SHADOW_ERA_FIXES),
        ruling_decision(
            rulings["wulven_block"], names_where(patched, is_classless_in_wulven_block)
        ),
        ruling_decision(rulings["heroes"]),
        ruling_decision(rulings["available_for"], names_where(fixed, has_only_available_for)),
        ruling_decision(rulings["neutral_class"], names_where(fixed, has_neutral_class)),
        ruling_decision(rulings["wulven_allies"], names_where(fixed, is_classless_wulven_ally)),
        ruling_decision(rulings["trailing_space"], names_where(source, has_trailing_space)),
        ruling_decision(rulings["no_rarity"]),
        ruling_decision(rulings["zero_health"], names_where(fixed, is_placeholder_health)),
        ruling_decision(rulings["durability_999"], names_where(fixed, has_durability_999)),
        ruling_decision(rulings["set_names"]),
        ruling_decision(rulings["set_dates"]),
        ruling_decision(rulings["campaign"], names_where(fixed, is_campaign_card)),
    ]


def card_order(card: dict) -> tuple[int, int]:
    """Sets in release order, then card number."""
    prefixes = list(SHADOW_ERA_SETS)
    return prefixes.index(card["number"][:2]), int(card["number"][2:])


def convert_shadow_era(source: list[dict]) -> dict:
    fixed = apply_wulven_blocks(apply_fixes(source, SHADOW_ERA_FIXES))
    cards = sorted((shadow_era_card(raw) for raw in fixed), key=card_order)
    require(
        len(cards) == SHADOW_ERA_CARD_COUNT,
        f"expected {SHADOW_ERA_CARD_COUNT} Shadow Era cards, converted {len(cards)}",
    )
    check_unique_ids(cards)
    check_heroes(cards)
    return {
        "game": "shadow-era",
        "title": "Shadow Era card database",
        "illustrative": False,
        "source": "public fan-made card list (JSON), April 2020; card facts only, no rules text",
        "credits": "Shadow Era is a game by Wulven Studios; card names and facts are theirs.",
        "decisions": shadow_era_decisions(source, fixed),
        "sets": list(SHADOW_ERA_SETS.values()),
        "cards": cards,
    }


# --------------------------------------------------------------------------------------
# Arcmage
# --------------------------------------------------------------------------------------


def arcmage_serie(raw: dict) -> str | None:
    serie = raw.get("serie")
    return None if serie in (None, "None") else serie


def is_current(raw: dict) -> bool:
    """Is this the current revision of its card (Rebirth series, Release Candidate)?"""
    serie_ok = arcmage_serie(raw) == ARCMAGE_CURRENT["serie"]
    return serie_ok and raw.get("status") == ARCMAGE_CURRENT["status"]


def snapshot_changes(raw: dict, newer: dict) -> list[str]:
    """What the 2026 snapshot changes in a card: 'type Magic -> Event', ..."""
    return [
        f"{key} {raw.get(key)} -> {newer[key]}"
        for key in ARCMAGE_SNAPSHOT_FIELDS
        if key in newer and newer[key] != raw.get(key)
    ]


def with_snapshot(raw: dict, newer: dict | None) -> dict:
    """The source card with the snapshot's values wherever the snapshot has one."""
    if newer is None:
        return raw
    merged = {**raw, **{key: newer[key] for key in ARCMAGE_SNAPSHOT_FIELDS if key in newer}}
    merged["artworkLicensor"] = newer.get("artworkLicensor")
    return merged


def arcmage_card(raw: dict, card_id: str, set_code: str, aliases: list[str]) -> dict:
    """One pool card from one source card; keys without a value are left out."""
    name = raw["name"].strip()
    card_type = ARCMAGE_TYPES.get(raw["type"], raw["type"])
    card: dict[str, Any] = {"id": card_id, "name": name, "type": card_type}
    if card_type != raw["type"]:
        card["printed_type"] = raw["type"]
    card["set"] = set_code
    if raw.get("id") is not None:
        card["number"] = str(raw["id"])
    if aliases:
        card["aliases"] = aliases
    card["faction"] = raw["faction"]
    if raw.get("subType"):
        card["subtype"] = raw["subType"]
    cost = raw.get("cost")
    if cost is not None and cost.isdigit():
        card["cost"] = int(cost)
    elif cost is not None:
        card["cost_symbol"] = cost
    card["loyalty"] = int(raw["loyalty"])
    for key in ("attack", "defense"):
        if raw.get(key) is not None:
            card[key] = int(raw[key])
    if card_type == "Region" and "defense" in card:
        card["hp"] = card["defense"]
    optional = {
        "serie": arcmage_serie(raw),
        "status": raw.get("status"),
        "artist": raw.get("artist"),
        "artwork_licensor": raw.get("artworkLicensor"),
    }
    card.update({key: value for key, value in optional.items() if value is not None})
    return card


class ArcmageSources(NamedTuple):
    """The three source files, read once."""

    cards: list[dict]  # cards.json: the 2018 list, every revision a row
    snapshot: dict[str, dict]  # the 2026 Rebirth snapshot by guid
    enchanted: list[dict]  # the 35 Enchanted Realm cards


def rebirth_and_community_cards(sources: ArcmageSources) -> list[dict]:
    """One card per number: the current revision with the snapshot's values, older names
    as aliases."""
    by_number: dict[int, list[dict]] = defaultdict(list)
    for raw in sources.cards:
        by_number[raw["id"]].append(raw)
    cards: list[dict] = []
    for number in sorted(by_number):
        group = sorted(by_number[number], key=lambda raw: (not is_current(raw), raw["name"]))
        if len(group) > 1:
            currents = [raw["name"] for raw in group if is_current(raw)]
            require(len(currents) == 1, f"card number {number} has current cards {currents}")
        newer = sources.snapshot.get(group[0]["guid"])
        current = with_snapshot(group[0], newer)
        name = current["name"].strip()
        aliases = [raw["name"].strip() for raw in group if raw["name"].strip() != name]
        set_code = "REBIRTH" if newer or arcmage_serie(current) == "Rebirth" else "COMMUNITY"
        card_id = f"{number}-{slug(name)}"
        cards.append(arcmage_card(current, card_id, set_code, list(dict.fromkeys(aliases))))
    return cards


def enchanted_realm_cards(sources: ArcmageSources, taken: set[str]) -> list[dict]:
    cards = []
    for raw in sources.enchanted:
        name = raw["name"].strip()
        require(name not in taken, f"Enchanted Realm card {name!r} is already in the pool")
        plain = ARCMAGE_ASCII_NAMES.get(name)
        card_id = f"er-{slug(plain or name)}"
        cards.append(arcmage_card(raw, card_id, "ENCHANTED", [plain] if plain else []))
    return cards


def names_another_type(card: dict) -> bool:
    """Does the subtype of a spell name a different spell type (Magic card, subtype Event)?"""
    subtype = card.get("subtype")
    return subtype in ARCMAGE_SPELL_TYPES and subtype != card["type"]


def arcmage_decisions(sources: ArcmageSources, cards: list[dict]) -> list[dict]:
    rulings = ARCMAGE_RULINGS

    def names(test: Callable[[dict], bool]) -> list[str]:
        return [card["name"] for card in cards if test(card)]

    changed = []
    for raw in sources.cards:
        newer = sources.snapshot.get(raw["guid"])
        current = is_current(raw) or raw.get("serie") == "None"
        if newer and current and (changes := snapshot_changes(raw, newer)):
            text = "from the 2026 snapshot: " + "; ".join(changes)
            changed.append(decision(text, rulings["snapshot_change"].reason, [newer["name"]]))
    warren = [raw["name"] for raw in sources.cards if raw.get("serie") == "None"]
    return [
        ruling_decision(rulings["city_region"], names(lambda c: c.get("printed_type") == "City")),
        ruling_decision(rulings["no_chapter"]),
        ruling_decision(rulings["snapshot"]),
        *changed,
        ruling_decision(
            rulings["revisions"], names(lambda c: c["set"] != "ENCHANTED" and "aliases" in c)
        ),
        ruling_decision(rulings["warren"], warren),
        ruling_decision(rulings["artwork_licensor"]),
        ruling_decision(rulings["cost_symbol"], names(lambda c: "cost_symbol" in c)),
        ruling_decision(
            rulings["no_cost"], names(lambda c: "cost" not in c and "cost_symbol" not in c)
        ),
        *(
            [ruling_decision(rulings["subtype_mismatch"], mismatched)]
            if (mismatched := names(names_another_type))
            else []
        ),
        ruling_decision(rulings["no_artist"], names(lambda c: "artist" not in c)),
        ruling_decision(rulings["enchanted_realm"], names(lambda c: c["set"] == "ENCHANTED")),
        ruling_decision(
            rulings["token_flag"], [raw["name"] for raw in sources.enchanted if raw.get("token")]
        ),
        ruling_decision(rulings["ascii_alias"], list(ARCMAGE_ASCII_NAMES)),
    ]


def convert_arcmage(source: list[dict], enchanted: dict, snapshot: dict) -> dict:
    sources = ArcmageSources(
        cards=source,
        snapshot={raw["guid"]: raw for raw in snapshot["cards"]},
        enchanted=enchanted["cards"],
    )
    counts = ARCMAGE_COUNTS
    for label, found in (
        ("cards.json", len(sources.cards)),
        ("snapshot", len(sources.snapshot)),
        ("enchanted", len(sources.enchanted)),
    ):
        require(found == counts[label], f"expected {counts[label]} {label} cards, found {found}")
    unknown = sorted(set(sources.snapshot) - {raw["guid"] for raw in sources.cards})
    require(not unknown, f"snapshot guids with no card in cards.json: {unknown}")
    cards = rebirth_and_community_cards(sources)
    taken = {key for card in cards for key in (card["name"], *card.get("aliases", ()))}
    cards += enchanted_realm_cards(sources, taken)
    require(len(cards) == counts["pool"], f"expected {counts['pool']} cards, made {len(cards)}")
    check_unique_ids(cards)
    return {
        "game": "arcmage",
        "title": "Arcmage card database",
        "illustrative": False,
        "source": "public Arcmage card database: the 2018 Rebirth series plus cards seen in "
        "community decks, the Rebirth set as the database held it in 2026, and the 35 cards "
        "of the two Enchanted Realm preconstructed decks; card facts only, no rules text",
        "credits": "Arcmage card data is licensed CC-BY-SA 4.0, and so is this file. Artists "
        "are credited per card in the artist field, the artwork's source in "
        "artwork_licensor.",
        "decisions": arcmage_decisions(sources, cards),
        "sets": ARCMAGE_SETS,
        "cards": cards,
    }


# --------------------------------------------------------------------------------------
# ERUMA
# --------------------------------------------------------------------------------------

ERUMA_RULINGS: dict[str, Ruling] = {
    "numbers": Ruling(
        "card numbers 001-117 are the order of the designer's list, kept as given",
        "The list numbers every card; players may use the number in a decklist (#077).",
    ),
    "one_set": Ruling(
        "all cards in one set ERUMA 'Eruma TCG card list (2025)', with no release date",
        "The list names no products or dates, and the guide calls the game early access; the "
        "list is the whole pool as the designer published it.",
    ),
    "class": Ruling(
        "every Outlaw carries its Class, no Henchman carries one",
        "The guide's Outlaw anatomy has a Class (Assassin, Thief, Spy or Maniac) and says "
        "'Henchmen do not have a Class'; the list agrees card by card, and the converter "
        "stops if it ever does not.",
    ),
    "types": Ruling(
        "Types kept as the list spells them: Curse (the guide's Card Types section says "
        "Cursed) and Prowler (not among the guide's Types) included",
        "The list (2025) is newer than the guide (v1.3, 2024) and is how the cards read; "
        "Prowler is a Type the guide does not describe yet. Facts are not renamed to fit an "
        "older text.",
    ),
    "creates": Ruling(
        "creates lists the Henchmen a card's power names ('Create 1 Zombie'); the guide "
        "calls this summoning",
        "The guide: 'When a card's power tells you to summon a Henchman, you must take the "
        "card with the matching name from your Extra Deck'. Every name listed is a Henchman "
        "of this list; the converter stops if one is not.",
    ),
    "henchmen_create": Ruling(
        "Henchmen that create Henchmen kept as listed",
        "The guide says 'Only Maniacs can summon Henchman cards', yet these Henchmen name "
        "Henchmen in their effect. The Golden Rule decides: 'Whenever a card's text directly "
        "contradicts these rules, the card takes precedence.' Their Henchmen belong in the "
        "Extra Deck too.",
    ),
    "maniac_creates_nothing": Ruling(
        "a Maniac that creates no Henchman kept as listed",
        "Being a Maniac lets a card summon; it does not oblige its power to.",
    ),
    "accents": Ruling(
        "names kept with their accents",
        "They are the printed names; players may type them without accents, which match "
        "all the same.",
    ),
}

ERUMA_SET = {"code": "ERUMA", "name": "Eruma TCG card list (2025)", "constructed": True}
ERUMA_CLASSES = ("Assassin", "Thief", "Spy", "Maniac")
ERUMA_COUNTS = {"Outlaw": 96, "Henchman": 21}


def eruma_card(raw: dict) -> dict:
    """One pool card from one source card; keys without a value are left out."""
    name = raw["name"].strip()
    card: dict[str, Any] = {
        "id": f"{raw['number']}-{names.slug(name)}",
        "name": name,
        "type": raw["card_type"],
        "set": ERUMA_SET["code"],
        "number": raw["number"],
    }
    if raw.get("class"):
        card["class"] = raw["class"]
    if raw.get("types"):
        card["keywords"] = list(raw["types"])
    if raw.get("creates"):
        card["creates"] = list(raw["creates"])
    return card


def check_eruma(cards: list[dict]) -> None:
    """The guide's card facts: Outlaws have a Class, Henchmen none; creates names Henchmen."""
    for card_type, expected in ERUMA_COUNTS.items():
        found = sum(card["type"] == card_type for card in cards)
        require(found == expected, f"expected {expected} {card_type} cards, found {found}")
    henchmen = {card["name"] for card in cards if card["type"] == "Henchman"}
    for card in cards:
        if card["type"] == "Outlaw":
            require(card.get("class") in ERUMA_CLASSES, f"Outlaw {card['name']!r} has no Class")
        else:
            require("class" not in card, f"Henchman {card['name']!r} has a Class")
        unknown = [name for name in card.get("creates", ()) if name not in henchmen]
        require(not unknown, f"{card['name']!r} creates {unknown}, which are no Henchmen")


def convert_eruma(source: list[dict]) -> dict:
    cards = [eruma_card(raw) for raw in sorted(source, key=lambda raw: raw["number"])]
    check_unique_ids(cards)
    check_eruma(cards)
    rulings = ERUMA_RULINGS

    def names_where(test: Callable[[dict], bool]) -> list[str]:
        return [card["name"] for card in cards if test(card)]

    unusual_types = {"Curse", "Prowler"}
    return {
        "game": "eruma",
        "title": "Eruma TCG card list",
        "illustrative": False,
        "source": "the designer's public card list (2025): names, Class, Types and the "
        "Henchmen each card creates; card facts only, no power text",
        "credits": "Eruma TCG is a game by Fabio Esteves; card names and facts are his.",
        "decisions": [
            ruling_decision(rulings["numbers"]),
            ruling_decision(rulings["one_set"]),
            ruling_decision(rulings["class"]),
            ruling_decision(
                rulings["types"], names_where(lambda c: unusual_types & set(c.get("keywords", ())))
            ),
            ruling_decision(rulings["creates"]),
            ruling_decision(
                rulings["henchmen_create"],
                names_where(lambda c: c["type"] == "Henchman" and "creates" in c),
            ),
            ruling_decision(
                rulings["maniac_creates_nothing"],
                names_where(lambda c: c.get("class") == "Maniac" and "creates" not in c),
            ),
            ruling_decision(rulings["accents"], names_where(lambda c: not c["name"].isascii())),
        ],
        "sets": [ERUMA_SET],
        "cards": cards,
    }


# --------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------

CONVERTERS = {
    "shadow-era": convert_shadow_era,
    "arcmage": convert_arcmage,
    "eruma": convert_eruma,
}
# The source files of a game, in the order its converter takes them (default: cards.json).
SOURCES: dict[str, tuple[str, ...]] = {
    "arcmage": ("cards.json", "enchanted-realm-35-cards.json", "rebirth-set-2026-snapshot.json"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m cardpool.convert", description=__doc__.splitlines()[0]
    )
    parser.add_argument("carddata", nargs="?", type=Path, default=DEFAULT_CARDDATA)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument(
        "--game", action="append", choices=sorted(CONVERTERS), help="only this game (repeatable)"
    )
    args = parser.parse_args(argv)
    try:
        for game, convert in CONVERTERS.items():
            if args.game and game not in args.game:
                continue
            files = SOURCES.get(game, ("cards.json",))
            document = convert(*(load_json(args.carddata / game / name) for name in files))
            target = args.out / game / "cards.yaml"
            write_yaml(document, target)
            print(f"{target}: {len(document['cards'])} cards")
    except ConversionError as error:
        print(f"convert: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
