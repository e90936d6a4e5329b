"""Helpers for pool-loading tests (the writable ``pool_copy`` is in tests/conftest.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardpool import load_game

from ..helpers import edit  # noqa: F401  (the core tests import it from here)

SKIRMISH = Path(__file__).resolve().parent / "pools" / "skirmish"


@pytest.fixture
def skirmish_pool(tmp_path) -> Path:
    """A private copy of the tiny test game ``skirmish`` (tests/core/pools), to edit or break."""
    root = tmp_path / "pools"
    shutil.copytree(SKIRMISH, root / "skirmish")
    return root


@pytest.fixture(scope="session")
def skirmish():
    """The tiny test game, loaded once (read-only)."""
    return load_game(SKIRMISH)


def add_rule(root: Path, rule: str, format_id: str = "standard") -> Path:
    """Add a rule entry (YAML flow mapping text) to a format of the skirmish copy at ``root``."""
    game = root / "skirmish" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    anchor = f"  - id: {format_id}\n"
    head, found, tail = text.partition(anchor)
    assert found, f"no format {format_id} in {game}"
    if "    rules:\n" in tail.split("\n  - id: ", 1)[0]:
        tail = tail.replace("    rules:\n", f"    rules:\n      - {rule}\n", 1)
    else:
        tail = tail.replace("    name:", f"    rules:\n      - {rule}\n    name:", 1)
    game.write_text(head + found + tail, encoding="utf-8")
    return game
