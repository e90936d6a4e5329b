"""The deck figures every validation answers with: counts per section, type, main attribute
and cost, each card's own figures worked out once and kept within a bound."""

from __future__ import annotations

from cardpool import load_game
from validator import parse_text, summarize
from validator import summary as summary_module
from validator.summary import curve_attribute

LIST = """Leader:
1 Captain Ash
Deck:
2 Ember Scout
1 Tide Caller
2 Quick Bolt
Tokens:
1 Spark
"""


def test_summary_counts_copies_per_section_type_main_attribute_and_cost(skirmish):
    figures = summarize(parse_text(LIST, skirmish).deck)
    assert figures == {
        "total": 7,
        "sections": {"leader": 1, "deck": 5, "tokens": 1},
        "types": {"Leader": 1, "Spell": 2, "Token": 1, "Unit": 3},
        "main_attribute": "colour",
        # The token has no colour and no cost: counted as "none", left out of the curve.
        "by_main_attribute": {"Blue": 1, "Red": 5, "none": 1},
        "curve_attribute": "cost",
        "curve": {"1": 4, "2": 1},
    }


def test_summary_is_the_same_when_its_cards_figures_are_kept(skirmish):
    deck = parse_text(LIST, skirmish).deck
    assert summarize(deck) == summarize(deck)


def test_summary_keeps_at_most_the_bound_of_cards_and_stays_right(skirmish, monkeypatch):
    monkeypatch.setattr(summary_module, "REMEMBERED_CARDS", 2)
    first = summarize(parse_text(LIST, skirmish).deck)
    again = summarize(parse_text(LIST, skirmish).deck)
    assert first == again
    assert first["types"] == {"Leader": 1, "Spell": 2, "Token": 1, "Unit": 3}
    # Cleared whenever the bound is reached, so never more than the bound plus one deck's cards.
    assert len(summary_module._KNOWN[skirmish].figures) <= 2 + 5


# Yu-Gi-Oh!'s curve is its monsters' Level: a game names the attribute its curve counts.
LEVELS_GAME = """\
id: duelists
name: Duelists
short_name: Duelists
card_types: [Monster, Spell, Trap]
attributes:
  level: {label: Level, kind: int, types: [Monster]}
  attribute: {label: Attribute, kind: choice, values: [DARK, LIGHT], types: [Monster]}
main_attribute: attribute
curve: level
sections:
  - {id: main, name: Main Deck, noun: card, types: [Monster, Spell, Trap]}
default_section: main
default_format: advanced
formats:
  - id: advanced
    name: Advanced
    rules:
      - {id: three, check: copy-limit, max: 3, title: At most 3 copies of a card, cite: ""}
"""
LEVELS_CARDS = """\
game: duelists
sets:
  - {code: LOB, name: Legend of Blue Eyes White Dragon, released: 2002-03-08}
cards:
  - {id: blue-eyes, name: Blue-Eyes White Dragon, type: Monster, set: LOB, level: 8,
     attribute: LIGHT}
  - {id: dark-magician, name: Dark Magician, type: Monster, set: LOB, level: 7,
     attribute: DARK}
  - {id: kuriboh, name: Kuriboh, type: Monster, set: LOB, level: 1, attribute: DARK}
  - {id: raigeki, name: Raigeki, type: Spell, set: LOB}
"""


def levels_game(tmp_path, game_text=LEVELS_GAME):
    folder = tmp_path / "duelists"
    folder.mkdir()
    (folder / "game.yaml").write_text(game_text, encoding="utf-8")
    (folder / "cards.yaml").write_text(LEVELS_CARDS, encoding="utf-8")
    return folder


def test_a_game_names_the_attribute_its_curve_counts(tmp_path):
    """``curve: level``: the Levels of the monsters, a Spell (no Level) left out."""
    game = load_game(levels_game(tmp_path))
    deck = "3 Kuriboh\n1 Dark Magician\n2 Blue-Eyes White Dragon\n1 Raigeki\n"
    figures = summarize(parse_text(deck, game).deck)
    assert (figures["curve_attribute"], figures["curve"]) == ("level", {"1": 3, "7": 1, "8": 2})
    assert curve_attribute(game) == "level"


def test_a_game_naming_no_curve_has_the_curve_of_its_cost(skirmish, tmp_path):
    """No ``curve`` key: a ``cost`` (or ``synergy``) attribute is the curve, and a game with
    neither has none."""
    assert curve_attribute(skirmish) == "cost"
    game = load_game(levels_game(tmp_path, LEVELS_GAME.replace("curve: level\n", "")))
    assert curve_attribute(game) is None
    assert summarize(parse_text("3 Kuriboh\n", game).deck)["curve"] == {}


def test_summaries_of_two_games_in_turn_each_count_their_own_cards(skirmish, tmp_path):
    """A server summarizes one game's deck, then another's, then the first game's again: each
    summary counts by its own game's sections, figures and curve."""
    duelists = load_game(levels_game(tmp_path))
    first = summarize(parse_text(LIST, skirmish).deck)
    levels = summarize(parse_text("3 Kuriboh\n1 Raigeki\n", duelists).deck)
    assert summarize(parse_text(LIST, skirmish).deck) == first
    assert levels == {
        "total": 4,
        "sections": {"main": 4},
        "types": {"Monster": 3, "Spell": 1},
        "main_attribute": "attribute",
        "by_main_attribute": {"DARK": 3, "none": 1},
        "curve_attribute": "level",
        "curve": {"1": 3},
    }


def test_numbers_of_the_main_attribute_come_in_their_order_before_none(tmp_path):
    """A game summarized by a number (as Flesh and Blood by pitch): the numbers in their
    order, then the "none" of the cards without one, even after a deck of such cards alone
    was summarized first."""
    game = load_game(
        levels_game(
            tmp_path, LEVELS_GAME.replace("main_attribute: attribute", "main_attribute: level")
        )
    )
    assert list(summarize(parse_text("1 Raigeki\n", game).deck)["by_main_attribute"].items()) == [
        ("none", 1)
    ]
    deck = "1 Raigeki\n2 Blue-Eyes White Dragon\n3 Kuriboh\n1 Dark Magician\n"
    figures = summarize(parse_text(deck, game).deck)
    assert list(figures["by_main_attribute"].items()) == [("1", 3), ("7", 1), ("8", 2), ("none", 1)]
    assert list(figures["curve"].items()) == [("1", 3), ("7", 1), ("8", 2)]
