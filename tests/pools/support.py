"""The test-only games of tests/pools: loaded as they are (once), or copied with their
``game.yaml`` edited (a rule added, a rotation moved)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from functools import cache
from pathlib import Path

import yaml

from cardpool import Game, load_game

POOLS = Path(__file__).resolve().parent


@cache
def load_test_pool(game_id: str) -> Game:
    """A test pool as it is, loaded once (read-only)."""
    return load_game(POOLS / game_id)


def edited(tmp_path: Path, game_id: str, edit: Callable[[dict], None]) -> tuple[Game, Path]:
    """A copy of a test pool whose parsed ``game.yaml`` ``edit`` changes in place: the game,
    and the copy's ``game.yaml``."""
    folder = tmp_path / "pools" / game_id
    shutil.copytree(POOLS / game_id, folder)
    path = folder / "game.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")
    return load_game(folder), path


def format_of(data: dict, format_id: str = "standard") -> dict:
    """The raw format ``format_id`` of a parsed ``game.yaml``."""
    return next(f for f in data["formats"] if f["id"] == format_id)


def rule_of(data: dict, rule_id: str, format_id: str = "standard") -> dict:
    """The raw rule entry ``rule_id`` of a format of a parsed ``game.yaml``."""
    return next(r for r in format_of(data, format_id)["rules"] if r["id"] == rule_id)


def add_rule(data: dict, rule: dict, format_id: str = "standard") -> None:
    """Add a rule entry to a format of a parsed ``game.yaml``."""
    format_of(data, format_id).setdefault("rules", []).append(rule)
