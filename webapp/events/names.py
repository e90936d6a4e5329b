"""The names people type: players' names and ids, and the key that makes two spellings one."""

from __future__ import annotations

from typing import Any

from .records import MAX_NAME_CHARS, MAX_PLAYER_ID_CHARS
from .refusals import InvalidSubmissionError


def player_key(name: str) -> str:
    """Two spellings of one player's name share a key (case and spacing aside)."""
    return " ".join(name.split()).casefold()


def clean_player_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise InvalidSubmissionError("a player name is required")
    name = " ".join(name.split())
    if len(name) > MAX_NAME_CHARS:
        raise InvalidSubmissionError(f"a player name has at most {MAX_NAME_CHARS} characters")
    if any(not ch.isprintable() for ch in name):
        raise InvalidSubmissionError("a player name cannot hold control characters")
    return name


def clean_player_id(player_id: Any) -> str | None:
    if player_id is None or (isinstance(player_id, str) and not player_id.strip()):
        return None
    if not isinstance(player_id, str):
        raise InvalidSubmissionError("a player id is text")
    player_id = player_id.strip()
    if len(player_id) > MAX_PLAYER_ID_CHARS or any(not ch.isprintable() for ch in player_id):
        raise InvalidSubmissionError(
            f"a player id has at most {MAX_PLAYER_ID_CHARS} printable characters"
        )
    return player_id
