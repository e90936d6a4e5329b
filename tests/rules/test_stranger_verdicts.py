"""Whole lists as a stranger brings them, judged against each rulebook's deck construction:
a title on top, counts in brackets or after the name, rows pasted from a spreadsheet, a CSV
export or a markdown table, card numbers after the names, a BOM and CRLF endings. Each is
judged by the command line and the API as the rulebook judges the deck it holds: a legal
deck is legal, and an illegal one breaks the rule the sentence states, naming its card.
"""

from __future__ import annotations

import json

import pytest

from tests.rules.prefixes import GAME_OF_PREFIX
from validator import ERROR, WARNING
from validator.decklist import IGNORED_LINE


def windows(text: str) -> bytes:
    """``text`` as a Windows editor saves it: a byte order mark and CRLF endings."""
    return ("\ufeff" + text.replace("\n", "\r\n")).encode("utf-8")


def via_api(client, game_id: str, text: str) -> dict:
    response = client.post(
        f"/api/v1/games/{game_id}/validate",
        data=windows(text),
        content_type="text/plain; charset=utf-8",
    )
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def via_cli(run_cli, tmp_path, game_id: str, text: str) -> tuple[int, dict]:
    path = tmp_path / "list.txt"
    path.write_bytes(windows(text))
    result = run_cli("validate", "--game", game_id, "--json", path)
    (answer,) = json.loads(result.output)
    return result.exit_code, answer


def errors(answer: dict) -> list[tuple[str, tuple[str, ...]]]:
    return sorted(
        (p["rule"], tuple(p["cards"])) for p in answer["problems"] if p["severity"] == ERROR
    )


def warnings(answer: dict) -> list[str]:
    return sorted(p["rule"] for p in answer["problems"] if p["severity"] == WARNING)


# -- ERA --------------------------------------------------------------------------------

ERA_SPREADSHEET = """\
Fire/Water tempo — exported from my sheet
Qty\tCard\tSet
1\tEmber Rex\tSDS1A
1\tCinderhorn Triceratops\tSDS1A
1\tTidefang Mosasaur\tSDS1A
2\tFire Crystal\tSDS1A
1\tWater Crystal\tSDS1A
1\tVolcanic Eruption\tSDS1A
1\tWildfire Season\tSDS1A
1\tHigh Tide\tSDS1A
3\tFire Breath\tSDS1A
3\tFlame Lash\tSDS1A
3\tKindle\tSDS1A
3\tCinder Claws\tSDS1A
3\tTorchtail Spike\tSDS1A
3\tObsidian Scale Plate\tSDS1A
3\tBubble Shield\tSDS1A
3\tCoral Trident\tSDS1A
3\tRiptide Pull\tSDS1A
Total: 36
"""


def test_era_a_spreadsheet_export_under_a_title_is_a_legal_deck(client, run_cli, tmp_path):
    """Rows of count, card and set, with the sheet's column names and a title above them:
    “For the game to begin, each player must have 3 dinos, 3 crystals, and a deck of 30
    cards”."""
    code, answer = via_cli(run_cli, tmp_path, "era", ERA_SPREADSHEET)
    assert code == 0, answer["problems"]
    for verdict in (answer, via_api(client, "era", ERA_SPREADSHEET)):
        assert verdict["legal"] is True
        assert errors(verdict) == []
        assert warnings(verdict) == [IGNORED_LINE]  # the title; the total agrees with the cards


def test_era_a_dino_counted_in_brackets_is_selected_that_many_times(client):
    """``(2) Ember Rex`` is two Ember Rex, not one: “A player can select any 3 dinos they
    wish, however cannot select more than 1 of a unique dino.”"""
    text = ERA_SPREADSHEET.replace("1\tEmber Rex\tSDS1A", "(2) Ember Rex").replace(
        "1\tTidefang Mosasaur\tSDS1A\n", ""
    )
    answer = via_api(client, "era", text)
    assert answer["legal"] is False
    assert ("era-unique-dinos", ("Ember Rex",)) in errors(answer)


# -- Shadow Era ---------------------------------------------------------------------------

SHADOW_ERA_FORUM = """\
Boris Smash – Human Warrior (updated for Dawn of Prophecy)

Hero: Boris Skullcrusher

Allies (20):
4x Jasmine Rosecult
4x Dirk Saber
4x Sandra Trueblade
4x Kurt Whitehelm
2x Gunther, General of Balor
2x Fleet Footed Messenger

Abilities (14):
4x Smashing Blow
4x Wizent’s Prayer
3x Retreat
3x Enrage

Items (6)
3x Reserve Weapon
2x The Kings Pride
1x War Banner

Total: 40 (+hero)

Sideboard
2x Rampage
"""


def test_shadow_era_a_hero_named_on_its_own_line_leads_the_cards_below(client, run_cli, tmp_path):
    """``Hero: Boris Skullcrusher`` names the hero; the forty cards under it are the deck:
    “1. Every deck must have one hero card, and at least 39 other non-hero cards.”"""
    code, answer = via_cli(run_cli, tmp_path, "shadow-era", SHADOW_ERA_FORUM)
    assert code == 0, answer["problems"]
    for verdict in (answer, via_api(client, "shadow-era", SHADOW_ERA_FORUM)):
        assert verdict["legal"] is True
        assert errors(verdict) == []
        assert warnings(verdict) == [IGNORED_LINE]  # the title; the total agrees with the cards


def test_shadow_era_a_hero_line_over_a_list_without_headers_is_legal(client):
    """“Every deck has exactly one hero card, which starts in play.” A list of a hero line
    and its forty cards, with no header above them, holds exactly one hero."""
    text = "Hero: Darkclaw\n" + "\n".join(
        f"{count} {name}"
        for count, name in [
            (4, "Insolent Pup"),
            (4, "Den Mother"),
            (2, "Eye of the Dark Forest"),
            (2, "Spiked Shield"),
            (4, "Bad Wolf"),
            (4, "Wulven Tracker"),
            (4, "Pack Wolf"),
            (4, "Full Moon"),
            (4, "Rabid Bite"),
            (4, "Lone Wolf"),
            (4, "Pack Alpha"),
        ]
    )
    answer = via_api(client, "shadow-era", text)
    assert errors(answer) == []
    assert answer["legal"] is True


def test_shadow_era_a_markdown_table_is_judged_row_by_row(client):
    """A fifth copy spread over two table rows is counted: “2. Each deck may contain a
    maximum of four copies of any card with the same name.”"""
    rows = "\n".join(
        f"| {line.split('x ', 1)[0]} | {line.split('x ', 1)[1]} |"
        for line in SHADOW_ERA_FORUM.splitlines()
        if line[:1].isdigit()
    )
    text = f"Hero: Boris Skullcrusher\n\n| Qty | Card |\n|---|---|\n{rows}\n| 1 | Dirk Saber |\n"
    answer = via_api(client, "shadow-era", text)
    assert errors(answer) == [("se-four-copies", ("Dirk Saber",))]


# -- RYFT -----------------------------------------------------------------------------------

RYFT_COUNTS_LAST = """\
RYFT Inferno/Circuit aggro (40)
Main Deck - 40
Cinder Imp x3
Flarefox Kit 3x
Magma Golemling (3)
Pyre Knight Valcor - 3
Byte Drone x 3
Patchbot Unit-7 x3
Static Hound ×3
Overclock Titan x3
Caldera Forge x3
Mainframe Nexus x3
Flash Fire Protocol x3
Voltage Spike x3
Ryft Surge x1
Logic Bomb x2
Eruption Countdown x1
"""


def test_ryft_counts_written_after_the_names_make_a_forty_card_deck(client, run_cli, tmp_path):
    """“In RYFT Card Battle, 2 Players build a 40 card deck to defeat their Rival, with a
    maximum of 3 of each card.”"""
    code, answer = via_cli(run_cli, tmp_path, "ryft", RYFT_COUNTS_LAST)
    assert code == 0, answer["problems"]
    for verdict in (answer, via_api(client, "ryft", RYFT_COUNTS_LAST)):
        assert verdict["legal"] is True
        assert errors(verdict) == []
        assert warnings(verdict) == [IGNORED_LINE]


@pytest.mark.parametrize("line", ["Magma Golemling (4)", "(4) Magma Golemling"])
def test_ryft_a_fourth_copy_in_brackets_breaks_the_limit_of_three(client, line):
    """“with a maximum of 3 of each card.”"""
    text = RYFT_COUNTS_LAST.replace("Magma Golemling (3)", line).replace("Ryft Surge x1\n", "")
    answer = via_api(client, "ryft", text)
    assert errors(answer) == [("ryft-three-copies", ("Magma Golemling",))]


# -- Arcmage --------------------------------------------------------------------------------

ARCMAGE_FORUM = """\
Gaia/Nobles vs Red Banner regions – casual
Main Deck - 60
4x Kolibri
4x Nourished Flower
4x Elvish Archer
4x Majestic Griffin
4x Esteemed Duelist
4x Benevolent Baron
4x Royal Guard
4x Prince of Thieves
4x Wild Trample
4x Call to Aid
4x Early Spring
4x Nature’s Outrage
4x Whirlwind
4x Touch of Genius
4x Blindfolded

Region Deck (3)
1x Plymouth
1x Lake of Fire
1x Warren
"""


def test_arcmage_a_titled_list_of_sixty_and_three_regions_is_legal(client, run_cli, tmp_path):
    """“Every player must have a main deck of exactly 60 cards, and in addition there has to
    be a separate region deck of up to 3 cards.”"""
    code, answer = via_cli(run_cli, tmp_path, "arcmage", ARCMAGE_FORUM)
    assert code == 0, answer["problems"]
    for verdict in (answer, via_api(client, "arcmage", ARCMAGE_FORUM)):
        assert verdict["legal"] is True
        assert errors(verdict) == []
        assert warnings(verdict) == [IGNORED_LINE]


# -- ERUMA --------------------------------------------------------------------------------

ERUMA_CSV = """\
Count,Name,Section
1,Lazarus,Deck
1,Gretel,Deck
1,Endora,Deck
1,Kthul’haazgar,Deck
1,Cesar,Deck
1,Didi & Dimbo,Deck
1,Mr Ivanov,Deck
1,Dr Klonn,Deck
1,Glacain,Deck
1,Gevaudan,Deck
1,Charlotte,Deck
1,Makuna,Deck
1,Shimaru,Deck
1,Miara,Deck
1,Dejavu,Deck
3,Zombie,Extra Deck
2,Rat,Extra Deck
2,Bear,Extra Deck
1,Pumpkin,Extra Deck
2,Borobo,Extra Deck
1,Madness,Extra Deck
2,Map Parts,Extra Deck
"""


def test_eruma_a_csv_export_of_fifteen_outlaws_is_legal(client, run_cli, tmp_path):
    """“The Deck must be exactly 15 Outlaw Cards.”"""
    code, answer = via_cli(run_cli, tmp_path, "eruma", ERUMA_CSV)
    assert code == 0, answer["problems"]
    for verdict in (answer, via_api(client, "eruma", ERUMA_CSV)):
        assert verdict["legal"] is True
        assert errors(verdict) == []
        assert warnings(verdict) == ["decklist-read-as"]  # Didi & Dimbo


def test_eruma_a_second_copy_in_a_csv_row_is_one_copy_too_many(client):
    """“You can only have 1 copy of the same card in your Deck.”"""
    text = ERUMA_CSV.replace("1,Dejavu,Deck", '"2","Charlotte","Deck"').replace(
        "1,Charlotte,Deck\n", ""
    )
    answer = via_api(client, "eruma", text)
    assert ("eruma-one-copy", ("Charlotte",)) in errors(answer)


@pytest.mark.parametrize("prefix", sorted(GAME_OF_PREFIX))
def test_every_quote_here_is_in_its_rulebook(prefix, games, assert_quotes_rulebook):
    assert_quotes_rulebook(globals(), prefix, games[GAME_OF_PREFIX[prefix]].rulebook)
