"""Decisions in the API: a rule's reading travels with the rule and with each problem it finds."""

from __future__ import annotations

import pytest

from tests.api.support import make_app
from tests.decisions import (
    ALTERNATIVE,
    ALTERNATIVE_NAME,
    ALTERNATIVE_RULE,
    READING,
    REASON,
    RULE,
    add_decision,
)

EXPECTED_READING = {
    "reading": READING,
    "reason": REASON,
    "alternative": ALTERNATIVE,
    "alternative_name": ALTERNATIVE_NAME,
}


@pytest.fixture
def decided(tmp_path, pool_copy):
    """A client of an app whose RYFT pool records one decision."""
    add_decision(pool_copy)
    return make_app(tmp_path, POOLS=str(pool_copy)).test_client()


def rules_of(answer, format_id):
    fmt = next(f for f in answer["formats"] if f["id"] == format_id)
    return {rule["id"]: rule for rule in fmt["rules"]}


def test_a_rule_listing_carries_how_deckwright_reads_the_rule(decided):
    rules = rules_of(decided.get("/api/v1/games/ryft").get_json(), "standard")
    assert rules[RULE]["readings"] == [EXPECTED_READING]
    assert rules["ryft-forty-cards"]["readings"] == []


def test_the_format_built_on_the_other_reading_does_not_show_the_reading(decided):
    rules = rules_of(decided.get("/api/v1/games/ryft").get_json(), ALTERNATIVE)
    assert rules[RULE]["readings"] == []
    assert rules[ALTERNATIVE_RULE]["rule"] == "At most 1 copy of each Matrix card"


def test_each_problem_carries_the_reading_of_its_rule(decided, example):
    text = example("ryft-legal").replace("3 Cinder Imp", "4 Cinder Imp")
    answer = decided.post("/api/v1/games/ryft/validate", data=text, content_type="text/plain")
    problems = {p["rule"]: p for p in answer.get_json()["problems"]}
    assert problems[RULE]["readings"] == [EXPECTED_READING]
    assert problems["ryft-forty-cards"]["readings"] == []


def test_the_other_reading_is_one_format_away(decided, example):
    answer = decided.post(
        "/api/v1/games/ryft/validate", data=example("ryft-legal"), content_type="text/plain"
    ).get_json()
    assert answer["legal"] is True
    assert answer["formats"][ALTERNATIVE]["legal"] is False
    judged = decided.post(
        f"/api/v1/games/ryft/validate?format={ALTERNATIVE}",
        data=example("ryft-legal"),
        content_type="text/plain",
    ).get_json()
    assert {p["rule"] for p in judged["problems"]} == {ALTERNATIVE_RULE}
    assert all(p["readings"] == [] for p in judged["problems"])


def test_the_document_describes_readings_on_rules_and_problems(client):
    document = client.get("/api/v1/openapi.json").get_json()
    components = document["components"]["schemas"]
    for holder in ("Problem", "RuleDescription"):
        readings = components[holder]["properties"]["readings"]
        assert readings["items"] == {"$ref": "#/components/schemas/Reading"}
        assert "readings" in components[holder]["required"]
    assert set(components["Reading"]["properties"]) == set(EXPECTED_READING)
