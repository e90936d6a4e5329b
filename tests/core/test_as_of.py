"""Validation "as of" a day defaults to today, for banned lists and set releases alike."""

from __future__ import annotations

from datetime import date

import pytest
from click.testing import CliRunner

from cardpool import load_game
from validator import parse_text, validate
from validator.cli import cli
from webapp import create_app

from ..helpers import rule_ids
from .conftest import edit

DECK = "Leader:\n1 Captain Ash\nDeck:\n2 Ember Scout\n2 Stone Giant\n2 Quick Bolt\n"
ANNOUNCED = date(2099, 1, 1)


@pytest.fixture
def announced(skirmish_pool):
    """The skirmish pool with a banned list announced for 2099, banning Stone Giant."""
    edit(
        skirmish_pool / "skirmish" / "game.yaml",
        "      - {date: 2024-01-01, note: Nothing banned.}\n",
        "      - {date: 2024-01-01, note: Nothing banned.}\n"
        "      - {date: 2099-01-01, banned: [Stone Giant]}\n",
    )
    return skirmish_pool


def test_a_banned_list_dated_in_the_future_is_not_in_force_yet(announced):
    """ERA's rulebook: “This page is always current, and any prospective rule changes are
    not officially in effect until included on this page.”"""
    game = load_game(announced / "skirmish")
    deck = parse_text(DECK, game).deck
    assert validate(deck).legal
    on_the_day = validate(deck, as_of=ANNOUNCED)
    assert rule_ids(on_the_day) == ["sk-banned"]
    assert on_the_day.problems[0].cards == ("Stone Giant",)
    assert game.formats["standard"].banlist_on(None).date == date(2024, 1, 1)


def test_a_set_released_in_the_future_is_not_legal_yet(skirmish):
    deck = parse_text(DECK + "1 Comet\n", skirmish).deck
    (problem,) = validate(deck).problems
    assert problem.message == (
        f"Legal sets: Comet is from Far Future, released 2099-01-01, after"
        f" {date.today().isoformat()}"
    )
    assert validate(deck, as_of=ANNOUNCED).legal


def test_the_command_line_validates_as_of_today_by_default(announced, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    runner = CliRunner()
    base = ["--pools", str(announced), "validate", "-g", "skirmish"]
    today = runner.invoke(cli, [*base, str(deck)])
    assert (today.exit_code, today.output) == (0, f"{deck}: legal in Skirmish Standard\n")
    later = runner.invoke(cli, [*base, "--as-of", "2099-01-01", str(deck)])
    assert later.exit_code == 1
    assert "[sk-banned]" in later.output


def test_the_api_validates_as_of_today_by_default(announced, tmp_path):
    app = create_app(
        {"DATABASE": str(tmp_path / "db.sqlite"), "TESTING": True, "POOLS": str(announced)}
    )
    client = app.test_client()
    url = "/api/v1/games/skirmish/validate"
    today = client.post(url, data=DECK, content_type="text/plain").get_json()
    assert today["legal"] is True
    later = client.post(f"{url}?as_of=2099-01-01", data=DECK, content_type="text/plain")
    assert later.get_json()["legal"] is False
    assert "sk-banned" in {p["rule"] for p in later.get_json()["problems"]}
