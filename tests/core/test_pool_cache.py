"""The compiled-game cache: a start from it reads no YAML, and an edited pool, a broken or
planted cache file, or a pool with problems never gives a wrong game."""

from __future__ import annotations

import json
import os
import pickle
from dataclasses import FrozenInstanceError, fields

import pytest
import yaml

from cardpool import PoolError, PoolLibrary, cache, load_game
from cardpool.loader import check_and_load
from cardpool.model import Card

from .conftest import edit


@pytest.fixture
def cache_dir(tmp_path):
    return tmp_path / "compiled"


@pytest.fixture
def folder(skirmish_pool):
    return skirmish_pool / "skirmish"


def cards_of(game):
    return [(c.id, c.name, c.identity, dict(c.facts), c.aliases) for c in game.cards]


@pytest.fixture
def no_yaml(monkeypatch):
    """From here on, reading any YAML fails the test."""

    def refuse(*args, **kwargs):
        raise AssertionError("YAML was read")

    def turn_on():
        for name in ("load", "parse", "compose"):
            monkeypatch.setattr(yaml, name, refuse)

    return turn_on


def test_a_cached_start_reads_no_yaml(folder, cache_dir, no_yaml):
    compiled = load_game(folder, cache_dir)
    no_yaml()
    started = load_game(folder, cache_dir)
    assert cards_of(started) == cards_of(compiled)
    assert started.formats == compiled.formats
    assert started.find_card("fire knight").id == "knight"
    assert started.suggest("Stone Gaint") == ["Stone Giant"]
    assert PoolLibrary(folder.parent, cache_dir).game("skirmish").name == compiled.name


def test_a_card_read_back_has_every_field_it_was_compiled_with(games):
    """Cards are read back by setting their slots one by one: none may be left out."""
    every_field = Card("x1", "Ex", "Unit", "S1", {"cost": 2}, "ex", "7", 2, "x0", ("The Ex",))
    assert all(getattr(every_field, f.name) not in (None, ()) for f in fields(Card))
    for card in [every_field, *(card for game in games.values() for card in game.cards)]:
        again = pickle.loads(pickle.dumps(card, protocol=pickle.HIGHEST_PROTOCOL))
        assert type(again) is Card
        assert [getattr(again, f.name) for f in fields(Card)] == [
            getattr(card, f.name) for f in fields(Card)
        ]
    with pytest.raises(FrozenInstanceError):
        again.name = "Changed"


def test_an_edited_card_file_is_compiled_again(folder, cache_dir):
    assert load_game(folder, cache_dir).find_card("Stone Giant") is not None
    # Same length, written at once: only the bytes tell the files apart.
    edit(folder / "cards.yaml", "Stone Giant", "Stone Titan")
    again = load_game(folder, cache_dir)
    assert again.find_card("Stone Giant") is None
    assert again.find_card("Stone Titan").id == "giant"


@pytest.mark.parametrize(
    "content",
    [b"", b"not a cache file", cache.MAGIC + b"0" * 64 + b"\x80\x05garbage"],
    ids=["empty", "foreign", "truncated"],
)
def test_a_broken_cache_file_is_ignored_and_replaced(folder, cache_dir, content):
    compiled = load_game(folder, cache_dir)
    path = cache.cache_file(cache_dir, folder)
    path.write_bytes(content)
    assert cards_of(load_game(folder, cache_dir)) == cards_of(compiled)
    assert cache.read(cache_dir, folder, cache.fingerprint(folder)) is not None


class Planted:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_a_planted_cache_file_cannot_run_code(folder, cache_dir, tmp_path):
    compiled = load_game(folder, cache_dir)
    marker = tmp_path / "planted-code-ran"
    stamp = cache.fingerprint(folder).encode()
    plant = cache.MAGIC + stamp + cache.code_version().encode() + pickle.dumps(Planted(marker))
    cache.cache_file(cache_dir, folder).write_bytes(plant)
    assert cards_of(load_game(folder, cache_dir)) == cards_of(compiled)
    assert not marker.exists()
    assert cache.cache_file(cache_dir, folder).read_bytes() != plant


def test_a_pool_with_problems_is_never_cached(folder, cache_dir):
    edit(folder / "cards.yaml", "cost: 5}", 'cost: "five"}')
    with pytest.raises(PoolError):
        load_game(folder, cache_dir)
    games, problems = check_and_load(folder.parent, cache_dir)
    assert problems
    assert not games
    assert not cache.cache_file(cache_dir, folder).exists()


def test_check_and_load_compiles_the_games_it_checked_for_the_next_start(
    folder, cache_dir, no_yaml
):
    games, problems = check_and_load(folder.parent, cache_dir)
    assert problems == []
    no_yaml()
    assert cards_of(load_game(folder, cache_dir)) == cards_of(games["skirmish"])


def json_lines(folder):
    """The card file with every card written on one line as a JSON object."""
    text = (folder / "cards.yaml").read_text(encoding="utf-8")
    head = text[: text.index("\ncards:\n")]
    cards = yaml.safe_load(text)["cards"]
    lines = [head, "cards:", *(f"  - {json.dumps(card, ensure_ascii=False)}" for card in cards)]
    (folder / "cards.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_cards_written_as_json_lines_load_as_the_yaml_does(folder, skirmish):
    json_lines(folder)
    assert '  - {"id": "knight", "name": "Flame Knight"' in (folder / "cards.yaml").read_text()
    assert cards_of(load_game(folder)) == cards_of(skirmish)


def test_a_problem_on_a_json_line_names_its_line(folder):
    json_lines(folder)
    edit(folder / "cards.yaml", '"cost": 5}', '"cost": "five"}')
    with pytest.raises(PoolError) as raised:
        load_game(folder)
    (problem,) = raised.value.problems
    lines = (folder / "cards.yaml").read_text().splitlines()
    assert '"cost": "five"' in lines[problem.line - 1]
    assert (problem.card, problem.field) == ("Stone Giant", "cost")


@pytest.fixture
def yaml_read(monkeypatch):
    """Every text read as YAML from here on (loaded, composed or parsed)."""
    texts = []
    for name in ("load", "compose", "parse"):
        real = getattr(yaml, name)

        def reading(stream, *args, _real=real, **kwargs):
            texts.append(stream)
            return _real(stream, *args, **kwargs)

        monkeypatch.setattr(yaml, name, reading)
    return texts


def test_a_problem_on_a_json_line_is_found_without_reading_every_card_as_yaml(folder, yaml_read):
    # Read whole as YAML to find one card's line, a 75,000-card pool took twice as long to
    # say one card was wrong as to load with none.
    json_lines(folder)
    edit(folder / "cards.yaml", '"name": "Stone Giant"', '"name": 1984')
    with pytest.raises(PoolError) as raised:
        load_game(folder)
    (problem,) = raised.value.problems
    lines = (folder / "cards.yaml").read_text().splitlines()
    assert '"name": 1984' in lines[problem.line - 1]
    assert (problem.card, problem.field) == ("giant", "name")
    assert problem.message == (
        'Not a valid string: YAML reads 1984 as a number; write it in quotes, "1984", for the text'
    )
    assert not [text for text in yaml_read if '"id": "knight"' in text]


def test_a_problem_on_a_card_written_on_one_line_is_found_without_composing_every_card(
    folder, monkeypatch
):
    """Cards written one a line in YAML (as the docs write them): to give one card's line,
    every card was composed again as YAML nodes, a third of the check's time at 60,000."""
    composed = []
    real = yaml.compose

    def compose(stream, *args, **kwargs):
        composed.append(stream)
        return real(stream, *args, **kwargs)

    monkeypatch.setattr(yaml, "compose", compose)
    edit(
        folder / "cards.yaml", '"S1-05", colour: Red, cost: 5}', '"S1-05", colour: Red, cost: five}'
    )
    with pytest.raises(PoolError) as raised:
        load_game(folder)
    (problem,) = raised.value.problems
    lines = (folder / "cards.yaml").read_text().splitlines()
    assert lines[problem.line - 1].endswith("colour: Red, cost: five}")
    assert (problem.card, problem.field) == ("Stone Giant", "cost")
    assert problem.message == "Not a valid integer: 'five'; write a whole number"
    assert not [text for text in composed if "id: bolt," in text]


def test_a_malformed_json_line_far_down_is_said_without_reading_every_card_as_yaml(
    folder, yaml_read
):
    json_lines(folder)
    # a comma left out, on the last card
    edit(folder / "cards.yaml", '"colour": "Blue", "cost": 4}\n', '"colour": "Blue" "cost": 4}\n')
    with pytest.raises(PoolError) as raised:
        load_game(folder)
    (problem,) = raised.value.problems
    lines = (folder / "cards.yaml").read_text().splitlines()
    assert lines[problem.line - 1].endswith('"colour": "Blue" "cost": 4}')
    assert problem.message == "malformed YAML: did not find expected ',' or '}'"
    assert not [text for text in yaml_read if '"id": "knight"' in text]


def test_a_json_looking_line_inside_a_block_of_text_stays_text(folder, skirmish):
    text = (folder / "cards.yaml").read_text(encoding="utf-8")
    block = 'credits: |\n  - {"id": "fake", "name": "Not a card"}\n'
    (folder / "cards.yaml").write_text(text.replace("sets:\n", block + "sets:\n", 1))
    game = load_game(folder)
    assert game.meta["credits"] == '- {"id": "fake", "name": "Not a card"}\n'
    assert cards_of(game) == cards_of(skirmish)


def test_the_site_keeps_its_compiled_games_beside_its_database(skirmish_pool, tmp_path):
    from webapp import create_app

    database = tmp_path / "site" / "deckwright.sqlite"
    database.parent.mkdir()
    settings = {"DATABASE": str(database), "TESTING": True, "POOLS": str(skirmish_pool)}
    pools = create_app(settings).extensions["deckwright.pools"]
    assert pools.cache_dir == database.parent / "pool-cache"
    pools.games()
    assert list((database.parent / "pool-cache").glob("skirmish-*.game"))
    off = create_app({**settings, "POOL_CACHE": "off"}).extensions["deckwright.pools"]
    assert off.cache_dir is None
