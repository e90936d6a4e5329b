"""GET /api/v1/games and /api/v1/games/{game}: what a client needs to build decks."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardpool import RuleSpec
from tests.api.support import error_of
from validator.cli import cli
from webapp.api import _one_section


def test_games_lists_every_pool_with_sections_formats_and_attributes(client, games):
    answer = client.get("/api/v1/games").get_json()
    by_id = {g["id"]: g for g in answer["games"]}
    assert set(by_id) == set(games)
    era = by_id["era"]
    assert era["short_name"] == "ERA"
    assert era["rulebook"] == "era-comprehensive-rulebook.txt"
    assert era["illustrative"] is True
    assert [s["id"] for s in era["sections"]] == ["dinos", "crystals", "deck"]
    assert era["sections"][0] == {"id": "dinos", "name": "Dinos", "noun": "dino", "types": ["Dino"]}
    assert era["default_format"] == "standard"
    assert [(f["id"], f["default"]) for f in era["formats"]] == [
        ("standard", True),
        ("open", False),
    ]
    assert era["main_attribute"] == "element"
    element = next(a for a in era["attributes"] if a["name"] == "element")
    assert element == {
        "name": "element",
        "label": "Element",
        "kind": "choice",
        "values": ["Air", "Earth", "Fire", "Water"],
        "filter": True,
    }
    assert era["colors"]["Fire"].startswith("#")
    assert "Dino" in era["card_types"]


def test_the_list_leaves_rules_to_the_game_page(client):
    answer = client.get("/api/v1/games").get_json()
    assert all("rules" not in f for g in answer["games"] for f in g["formats"])


def test_one_game_gives_each_formats_rules_in_words(client):
    answer = client.get("/api/v1/games/shadow-era").get_json()
    assert answer["id"] == "shadow-era"
    for fmt in answer["formats"]:
        assert fmt["rules"], fmt["id"]
        for rule in fmt["rules"]:
            assert set(rule) == {"id", "check", "severity", "rule", "cite", "section", "readings"}
            assert rule["rule"]


def test_a_rule_that_looks_at_one_section_names_it(client):
    answer = client.get("/api/v1/games/era").get_json()
    rules = {rule["id"]: rule for rule in answer["formats"][0]["rules"]}
    assert rules["era-deck-card-types"]["section"] == "deck"
    assert rules["era-unique-dinos"]["section"] is None


@pytest.mark.parametrize(
    ("params", "section"),
    [
        ({"section": "deck"}, "deck"),
        ({"section": "deck", "sections": ["deck"]}, "deck"),
        ({"section": "crystals", "sections": ["dinos", "crystals", "deck"]}, None),
        ({"sections": ["deck"]}, None),
        ({}, None),
    ],
)
def test_a_rule_counting_cards_of_other_sections_too_names_no_section(params, section):
    spec = RuleSpec("r", "check", "error", "cite", "title", params)
    assert _one_section(spec) == section


def test_an_unknown_game_is_a_404_naming_the_games(client):
    error = error_of(client.get("/api/v1/games/magic"), 404)
    assert error["code"] == "unknown-game"
    assert "shadow-era" in error["message"]


@pytest.mark.parametrize(
    ("typed", "meant"), [("eraa", "era or eruma"), ("ERA", "era"), ("Shadow Era", "shadow-era")]
)
def test_a_misspelled_game_is_answered_with_the_one_meant_as_the_command_line_answers(
    client, typed, meant
):
    error = error_of(client.get(f"/api/v1/games/{typed}"), 404)
    assert (error["code"], error["details"]) == ("unknown-game", [])
    assert error["message"] == (
        f"no game {typed!r}; the games are: arcmage, era, eruma, ryft, shadow-era;"
        f" did you mean {meant}?"
    )
    said = CliRunner().invoke(cli, ["validate", "-g", typed, "deck.txt"])
    assert said.output == f"Error: {error['message']}\n"


def test_health_answers_ok(client):
    response = client.get("/api/v1/health")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}
