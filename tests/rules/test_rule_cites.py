"""A rule's ``cite`` is shown under "What the rulebook says", in a quote: it is the
rulebook's own words, its parts joined by "..." where the rule takes sentences that do
not follow each other. So is every “quote” in a recorded reading, shown beside the rule it
explains. A rule the rulebook does not state (Shadow Era's 80 cards at most, from the
game's own deck builder) cites nothing, and a recorded reading shown beside it says where
it comes from."""

from __future__ import annotations

import re

import pytest
import yaml

from cardpool import default_pool_dir
from tests.rules.conftest import normalised

GAMES = ["era", "shadow-era", "ryft", "arcmage", "eruma"]

_GAP = re.compile(r"\s*(?:\.\.\.|…)\s*")


def _cites(game_id: str) -> list[tuple[str, str, str]]:
    """(format id, rule id, cite) of every rule entry, and the draw odds' sentence."""
    data = yaml.safe_load((default_pool_dir() / game_id / "game.yaml").read_text("utf-8"))
    cites = [
        (format_["id"], rule["id"], rule["cite"])
        for format_ in data["formats"]
        for rule in format_.get("rules", ())
    ]
    if data.get("play", {}).get("cite"):
        cites.append(("", "play", data["play"]["cite"]))
    return cites


def _not_said(text: str, quote: str) -> list[str]:
    return [part for part in _GAP.split(quote) if part.strip() and normalised(part) not in text]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_cite_is_the_rulebook_word_for_word(games, rulebook_text, game_id):
    text = rulebook_text(games[game_id].rulebook)
    cites = _cites(game_id)
    assert any(cite for _, _, cite in cites)
    not_said = [(rule_id, part) for _, rule_id, cite in cites for part in _not_said(text, cite)]
    assert not_said == []


@pytest.mark.parametrize("game_id", GAMES)
def test_a_rule_the_rulebook_does_not_state_has_a_reading_saying_where_it_comes_from(
    games, game_id
):
    game = games[game_id]
    unsaid = [
        (format_id, rule_id)
        for format_id, rule_id, cite in _cites(game_id)
        if rule_id != "play" and not cite.strip()
    ]
    without_reading = [
        (format_id, rule_id)
        for format_id, rule_id in unsaid
        if not game.decisions_for(rule_id, format_id)
    ]
    assert without_reading == []


def test_shadow_eras_rules_from_outside_the_rulebook_say_so(games):
    """The rulebook's “DECK BUILDING RULES” set no maximum and name no sets: the 80 cards
    come from the game's deck builder, the Campaigns set from the card data."""
    game = games["shadow-era"]
    cites = {rule_id: cite for _, rule_id, cite in _cites("shadow-era")}
    for rule_id, source in (
        ("se-at-most-80-cards", "deck builder"),
        ("se-collectible-sets", "campaign-only cards"),
    ):
        assert cites[rule_id] == ""
        (decision,) = game.decisions_for(rule_id, "standard")
        assert decision.reason.startswith("The rulebook")
        assert source in decision.reason


@pytest.mark.parametrize("game_id", GAMES)
def test_every_quote_in_a_recorded_reading_is_the_rulebook_word_for_word(
    games, rulebook_text, game_id
):
    text = rulebook_text(games[game_id].rulebook)
    decisions = games[game_id].decisions
    assert decisions
    quotes = [
        quote
        for decision in decisions
        for words in (decision.reading, decision.reason)
        for quote in re.findall(r"“(.+?)”", words)
    ]
    assert quotes
    assert [quote for quote in quotes if _not_said(text, quote)] == []


@pytest.mark.parametrize("game_id", GAMES)
def test_a_recorded_reading_quotes_the_rulebook_in_curly_quotes_only(games, game_id):
    """Straight quotes around a phrase would hide it from the check above."""
    straight = [
        quote
        for decision in games[game_id].decisions
        for words in (decision.reading, decision.reason)
        for quote in re.findall(r"(?<!\w)'([^']*?)'(?!\w)", words)
    ]
    assert straight == []
