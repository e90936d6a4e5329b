"""Fixtures for pool-loading tests: a writable copy of the shipped pools."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardpool import default_pool_dir


@pytest.fixture
def pool_copy(tmp_path) -> Path:
    """A copy of the shipped pools that a test may break."""
    root = tmp_path / "pools"
    for game_dir in sorted(default_pool_dir().glob("*/game.yaml")):
        shutil.copytree(game_dir.parent, root / game_dir.parent.name)
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
