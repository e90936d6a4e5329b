"""A rule's ``cite`` is shown under "What the rulebook says", in a quote: for ERA, RYFT and
ERUMA it is the rulebook's own words, its parts joined by "..." where the rule takes
sentences that do not follow each other. So is every “quote” in a recorded reading, shown
beside the rule it explains."""

from __future__ import annotations

import re

import pytest
import yaml

from cardpool import default_pool_dir
from tests.rules.conftest import normalised

_GAP = re.compile(r"\s*(?:\.\.\.|…)\s*")


def _cites(game_id: str) -> list[tuple[str, str]]:
    data = yaml.safe_load((default_pool_dir() / game_id / "game.yaml").read_text("utf-8"))
    cites = [
        (rule["id"], rule["cite"])
        for format_ in data["formats"]
        for rule in format_.get("rules", ())
    ]
    if data.get("play", {}).get("cite"):
        cites.append(("play", data["play"]["cite"]))
    return cites


@pytest.mark.parametrize("game_id", ["era", "ryft", "eruma"])
def test_every_rule_cite_is_the_rulebook_word_for_word(games, rulebook_text, game_id):
    text = rulebook_text(games[game_id].rulebook)
    cites = _cites(game_id)
    assert cites
    not_said = [
        (rule_id, part)
        for rule_id, cite in cites
        for part in _GAP.split(cite)
        if part.strip() and normalised(part) not in text
    ]
    assert not_said == []


@pytest.mark.parametrize("game_id", ["era", "ryft", "eruma"])
def test_every_quote_in_a_recorded_reading_is_the_rulebook_word_for_word(
    games, rulebook_text, game_id
):
    text = rulebook_text(games[game_id].rulebook)
    decisions = games[game_id].decisions
    assert decisions
    not_said = [
        quote
        for decision in decisions
        for words in (decision.reading, decision.reason)
        for quote in re.findall(r"“(.+?)”", words)
        if normalised(quote) not in text
    ]
    assert not_said == []
