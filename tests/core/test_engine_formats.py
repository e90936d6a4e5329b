"""Every format of a game judges a deck by its own rules; a rule entry a format inherits is
the same rule there, and is run once for the formats that share it."""

from __future__ import annotations

import inspect
import sys
import threading
from datetime import date
from pathlib import Path

from cardpool import load_game
from validator import validate, validate_all_formats
from validator.decklist import parse_text
from validator.rules import REGISTRY

DECK = """Leader:
1 Captain Ash
Deck:
2 Ember Scout (S1) 3
2 Stone Giant
2 Quick Bolt
"""


def test_every_primitive_reading_its_format_says_so():
    """A rule reading its format (its banned lists, its sets) is not shared by the formats
    inheriting its entry: each format's lists are its own."""
    for name, primitive in REGISTRY.items():
        reads = "self.format" in inspect.getsource(primitive)
        assert primitive.reads_format == reads, name


def test_an_inherited_banlist_rule_judges_by_each_formats_own_list(skirmish_pool):
    game_yaml = skirmish_pool / "skirmish" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(
        text.replace(
            "    base: standard\n",
            "    base: standard\n    banlists:\n"
            "      - {date: 2024-01-01, banned: [Stone Giant], note: Giants are out.}\n",
        ),
        encoding="utf-8",
    )
    game = load_game(skirmish_pool / "skirmish")
    deck = parse_text(DECK, game).deck
    day = date(2025, 6, 1)
    results = validate_all_formats(deck, day)
    assert [p.rule for p in results["standard"].problems] == []
    assert [p.rule for p in results["open"].problems] == ["sk-banned"]
    for format_id, result in results.items():
        alone = validate(deck, format_id, day)
        assert [p.as_dict() for p in result.problems] == [p.as_dict() for p in alone.problems]


def test_decks_of_two_games_judged_at_once_each_get_their_own_games_rules(era, shadow_era):
    """The server judges requests in threads: a deck judged while another game's deck is
    never meets that game's formats or rules."""
    root = Path(__file__).resolve().parents[2] / "examples"
    decks = [
        parse_text((root / f"{name}-legal.txt").read_text(), game).deck
        for name, game in (("era", era), ("shadow-era", shadow_era))
    ]
    wrong: list[str] = []

    def judge(deck):
        try:
            for _ in range(20000):
                verdicts = validate_all_formats(deck)
                if list(verdicts) != list(deck.game.formats):
                    wrong.append(f"{deck.game.id} judged in {list(verdicts)}")
                    return
        except KeyError as error:  # a rule of the other game looking up this deck's sets
            wrong.append(f"{deck.game.id}: {error!r}")

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as can be, to meet the race
    try:
        threads = [threading.Thread(target=judge, args=(deck,)) for deck in decks]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert wrong == []
