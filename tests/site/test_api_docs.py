"""The README's JSON API paragraph: what it says a deck and a verdict carry is so."""

from __future__ import annotations

import json
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def api_paragraph() -> str:
    text = README.read_text(encoding="utf-8")
    return text.split("## JSON API", 1)[1].split("\n## ", 1)[0]


def test_the_readmes_json_deck_with_a_sideboard_is_read_kept_and_exported(client):
    example = re.search(r"`(\{\"sections\".*?\})`", api_paragraph()).group(1)
    deck = json.loads(example)
    assert "boards" in deck

    answer = client.post("/api/v1/games/era/validate", json=deck).get_json()
    assert answer["deck"]["boards"] == {
        "sideboard": [{"card": "Kindle", "count": 1, "id": "era-kindle"}]
    }
    assert answer["summary"]["total"] == 3  # the sideboard's copy is not counted
    assert answer["text"].endswith("Sideboard:\n1 Kindle\n")


def test_the_readme_says_rules_and_problems_carry_readings(client):
    paragraph = api_paragraph()
    assert "`readings`" in paragraph
    game = client.get("/api/v1/games/era").get_json()
    rules = [rule for fmt in game["formats"] for rule in fmt["rules"]]
    assert rules
    assert all(isinstance(rule["readings"], list) for rule in rules)
    answer = client.post("/api/v1/games/era/validate", data="1 Kindle", content_type="text/plain")
    problems = answer.get_json()["problems"]
    assert problems
    assert all(isinstance(p["readings"], list) for p in problems)
