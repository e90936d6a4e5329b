"""JSON objects naming a key twice: JSON readers keep the last one without a word."""

from __future__ import annotations

from typing import Any


def repeated_key(pairs: list[tuple[str, Any]]) -> str | None:
    """The first key a JSON object's pairs name twice, or None when each is named once.

    Given as a JSON reader's ``object_pairs_hook`` sees them: a deck edited by hand with
    two ``"dinos"`` lists would otherwise keep the second and lose the first.
    """
    if len({key for key, _ in pairs}) == len(pairs):
        return None
    seen: set[str] = set()
    return next(key for key, _ in pairs if key in seen or seen.add(key))
