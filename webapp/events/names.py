"""The names people type: players' names and ids, and the key that makes two spellings one."""

from __future__ import annotations

import unicodedata
from typing import Any

from validator.players import (
    JOINERS,
    keys_before,
    player_key,
    same_text,
    text_key,
    without_joiners,
)

from .records import MAX_NAME_CHARS, MAX_PLAYER_ID_CHARS, MAX_TYPED_CHARS
from .refusals import InvalidSubmissionError

# player_key and without_joiners live with the rules (validator.players), so that
# ``deckwright event check`` keys a folder's players as the site keys an event's.
__all__ = [
    "JOINERS",
    "by_player_key",
    "clean_player_id",
    "clean_player_name",
    "lookalike_key",
    "player_id_key",
    "player_key",
    "same_player_id",
    "unwritable",
    "without_joiners",
]


def by_player_key(name: str) -> tuple[str, list[str]]:
    """The SQL that finds the entry of ``name`` by its ``player_key`` (``e.player_key IN
    (...)``, then ``ORDER BY`` the entry on an old key first) and its parameters: an entry an
    earlier version keyed, left on that key since another now holds its new one, is this
    spelling's own (see :func:`validator.players.keys_before`)."""
    keys = [*keys_before(name), player_key(name)]
    marks = ", ".join("?" * len(keys))
    return f"e.player_key IN ({marks}) ORDER BY e.player_key = ?", [*keys, keys[-1]]


def unwritable(text: str) -> str | None:
    """The first character of ``text`` no name may hold (a control or invisible character
    other than the joiners), as ``U+XXXX``; None when every one may be."""
    if text.isascii() and text.isprintable():  # the common name: one look at a flag
        return None
    for ch in text:
        if not ch.isprintable() and ch not in JOINERS:
            return f"U+{ord(ch):04X}"
    return None


def trimmed(text: str) -> str:
    """``text`` without the spaces and invisible marks at its ends: a zero-width space or
    byte order mark copied with a name from a chat or a sheet, which no one sees or typed."""
    start, end = 0, len(text)
    while start < end and _edge(text[start]):
        start += 1
    while end > start and _edge(text[end - 1]):
        end -= 1
    return text[start:end]


# Marks that draw nothing, wherever they stand: an end holding one reads the same without it.
# Marks that turn the text's direction (U+202E) are not among them: left off, the name
# would read otherwise than it was shown.
_INVISIBLE = frozenset("\u200b\u200c\u200d\u2060\ufeff")


def _edge(ch: str) -> bool:
    return ch.isspace() or ch in _INVISIBLE


def clean_player_name(name: Any) -> str:
    """A player's name as stored: its spaces collapsed, then judged by its limit, so a name
    padded past it by spaces copied from a spreadsheet is the name ("  Alice  " is Alice).
    Text far longer than any name is refused before it is read."""
    too_long = f"a player name has at most {MAX_NAME_CHARS} characters"
    if isinstance(name, str) and len(name) > MAX_TYPED_CHARS:
        raise InvalidSubmissionError(too_long, "player")
    if not isinstance(name, str) or not without_joiners(trimmed(name)).strip():
        raise InvalidSubmissionError("a player name is required", "player")
    name = " ".join(trimmed(name).split())
    if len(name) > MAX_NAME_CHARS:
        raise InvalidSubmissionError(too_long, "player")
    if refused := unwritable(name):
        raise InvalidSubmissionError(
            f"a player name cannot hold control or invisible characters (it holds {refused})",
            "player",
        )
    return name


def clean_player_id(player_id: Any) -> str | None:
    """A player id as stored: judged by its limit once the spaces around it are trimmed."""
    refused = InvalidSubmissionError(
        f"a player id has at most {MAX_PLAYER_ID_CHARS} printable characters", "player_id"
    )
    if isinstance(player_id, str) and len(player_id) > MAX_TYPED_CHARS:
        raise refused
    if player_id is None or (isinstance(player_id, str) and not trimmed(player_id)):
        return None
    if not isinstance(player_id, str):
        raise InvalidSubmissionError("a player id is text", "player_id")
    player_id = trimmed(player_id)
    if len(player_id) > MAX_PLAYER_ID_CHARS:
        raise refused
    if unprintable := next((ch for ch in player_id if not ch.isprintable()), None):
        raise InvalidSubmissionError(
            "a player id cannot hold control or invisible characters"
            f" (it holds U+{ord(unprintable):04X})",
            "player_id",
        )
    return player_id


def same_player_id(registered: str, given: str | None) -> bool:
    """A player id as typed matches the one on file (case and spacing aside; its marks are
    its own, so "A-9" is not "A 9" as the names "Jean-Luc" and "Jean Luc" are one)."""
    return given is not None and same_text(registered, given)


def player_id_key(player_id: str) -> str:
    """The key the typings of one player id share, as :func:`same_player_id` matches them."""
    return text_key(player_id)


# Letters drawn like Latin ones in other scripts, mapped before case is folded, since
# some look alike only as capitals (Greek Ν is N, its small ν is v) and some only as
# small letters. Capital I, digit 1 and bar are drawn like small l, and 0 like O.
_LOOKALIKES = str.maketrans(
    {
        **dict(zip("АВЕЅІЈКМНОРСТУХ", "ABESIJKMHOPCTYX", strict=True)),  # Cyrillic capitals
        **dict(zip("аеіјоԁһрсѕухԛԝӏ", "aeijodhpcsyxqwl", strict=True)),  # Cyrillic small
        **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX", strict=True)),  # Greek capitals
        **dict(zip("ανιοκρχ", "aviokpx", strict=True)),  # Greek small
        "I": "l",
        "1": "l",
        "|": "l",
        "0": "o",
        # Latin letters with a stroke or joined, which no decomposition takes apart: written
        # without them ("Lukasz" for "Łukasz"), as file names and some keyboards do.
        **dict(zip("ŁłØøĐđĦħıŦŧ", "LlOoDdHhiTt", strict=True)),
        "ß": "ss",
        "Æ": "AE",
        "æ": "ae",
        "Œ": "OE",
        "œ": "oe",
        "Þ": "Th",
        "þ": "th",
    }
)


def lookalike_key(name: str) -> str:
    """Names that read alike share this key: "Аnna" (Cyrillic А) and "Anna", "Bob" and "B0b".

    Accents are dropped, lookalike letters of other scripts become Latin, and
    case, spacing and punctuation are ignored ("O'Brien" typed on a computer, "O’Brien"
    on a phone). Two players with different names but one key are worth a look: one
    may be posing as the other, or be the other, typed another way.
    """
    decomposed = unicodedata.normalize("NFKD", without_joiners(name))
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    folded = bare.translate(_LOOKALIKES).casefold()
    letters = "".join(
        ch for ch in folded if not ch.isspace() and not unicodedata.category(ch).startswith("P")
    )
    return letters.replace("rn", "m").replace("vv", "w")
