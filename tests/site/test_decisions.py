"""Decisions on the pages: "How Deckwright reads this" beside the rule it explains."""

from __future__ import annotations

import html
import re

import pytest

from tests.decisions import ALTERNATIVE, ALTERNATIVE_NAME, READING, REASON, RULE, add_decision
from tests.site.test_builder_page import embedded
from tests.site.test_validate_page import post_form

_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
_PROBLEM = re.compile(r'<li class="problem problem-[a-z]+">(.*?)</li>', re.S)


@pytest.fixture
def decided(tmp_path, pool_copy):
    """A client of a site whose RYFT pool records one decision."""
    from tests.api.support import make_app

    add_decision(pool_copy)
    return make_app(tmp_path, POOLS=str(pool_copy)).test_client()


def problems_on(page: str) -> dict[str, str]:
    """Each problem's words on the validation page, by the id of the rule it breaks."""
    found = {}
    for item in _PROBLEM.findall(page):
        rule = re.search(r"<code>([^<]+)</code>", item).group(1)
        words = " ".join(re.sub(r"<[^>]+>", " ", item).split())
        found[rule] = html.unescape(words.replace(" :", ":").replace(" .", "."))
    return found


def test_the_validation_page_shows_the_reading_beside_the_problem(decided, example):
    token = _TOKEN.search(decided.get("/validate").get_data(as_text=True)).group(1)
    text = example("ryft-legal").replace("3 Cinder Imp", "4 Cinder Imp")
    problems = problems_on(post_form(decided, token, text, game="ryft"))
    copies = problems[RULE]
    assert "How Deckwright reads this" in copies
    assert READING in copies
    assert f"Why: {REASON}" in copies
    assert f"Read it the other way in the {ALTERNATIVE_NAME} format." in copies
    assert "How Deckwright reads this" not in problems["ryft-forty-cards"]


def test_the_format_built_on_the_other_reading_shows_no_reading(decided, example):
    token = _TOKEN.search(decided.get("/validate").get_data(as_text=True)).group(1)
    text = example("ryft-legal").replace("3 Cinder Imp", "4 Cinder Imp")
    page = post_form(decided, token, text, game="ryft", format=ALTERNATIVE)
    assert RULE in problems_on(page)
    assert "How Deckwright reads this" not in page


def test_the_builder_carries_each_formats_rules_with_their_readings(decided):
    config = embedded(decided.get("/games/ryft/build").get_data(as_text=True))["builder-config"]
    rules = {fmt["id"]: {rule["id"]: rule for rule in fmt["rules"]} for fmt in config["formats"]}
    assert [r["reading"] for r in rules["standard"][RULE]["readings"]] == [READING]
    assert rules["standard"][RULE]["readings"][0]["alternative_name"] == ALTERNATIVE_NAME
    assert rules[ALTERNATIVE][RULE]["readings"] == []
    assert rules["standard"]["ryft-forty-cards"]["cite"]


def test_the_builder_has_a_place_for_the_rules_and_for_a_sections_own_problems(client):
    page = client.get("/games/era/build").get_data(as_text=True)
    assert 'id="rules-list"' in page
    assert page.count('<span class="section-flag" hidden></span>') == 3


def test_each_reading_is_a_note_of_its_problem_not_a_landmark_of_the_page(decided, example):
    # A landmark a problem: a screen reader's list of the page's regions named the same box
    # once per problem, among the page's header, navigation and main.
    token = _TOKEN.search(decided.get("/validate").get_data(as_text=True)).group(1)
    text = example("ryft-legal").replace("3 Cinder Imp", "4 Cinder Imp")
    page = post_form(decided, token, text, game="ryft")
    assert "<aside" not in page
    assert '<div class="reading" role="note" aria-label="How Deckwright reads this">' in page
