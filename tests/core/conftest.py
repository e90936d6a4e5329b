"""Helpers for pool-loading tests (the writable ``pool_copy`` is in tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
