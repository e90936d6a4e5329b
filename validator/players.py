"""Players named in text: the key that makes two spellings of one name one player, the
player a decklist file is named for, and which of many lists is each player's first.

The event site keys its entries by :func:`player_key` and an organizer's upload names
each player by a file's name; ``deckwright event check`` reads a folder the same way, so
the site and the command line agree on who is one player.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import PurePosixPath
from typing import Generic, TypeVar

Source = TypeVar("Source")

# The invisible characters some names are written with: the zero-width joiner (U+200D)
# makes one emoji of a sequence (woman, joiner, laptop is the one "technologist" emoji)
# and the zero-width non-joiner (U+200C) is how Persian writes many names. Every other
# control or invisible character is refused.
JOINERS = "\u200c\u200d"
_NO_JOINERS = str.maketrans("", "", JOINERS)


def without_joiners(text: str) -> str:
    """``text`` as it reads: the joiners left out."""
    return text.translate(_NO_JOINERS)


def player_key(name: str) -> str:
    """Two spellings of one player's name share a key: case and spacing aside, and however
    its letters are encoded or typed. "é" is one character from one keyboard and "e" with a
    combining accent from another, full-width "Ａｌｉｃｅ" is "Alice", and the invisible
    joiners are left out: one player, whose second list is refused, as Unicode's caseless
    matching of identifiers has it.

    The marks keyboards type differently are one mark too: a phone's curly apostrophe
    ("O’Brien") is a computer's straight one, as are the modifier letter and the backtick
    typed for it; a hyphen ("Jean-Luc", or the typographic one a word processor puts) is a
    space ("Jean Luc"); and a full stop at the end ("Dave." as a phone ends a sentence) is
    left out. A name that is nothing but such marks keeps them, so that it is not keyed as
    every other such name is."""
    folded = _caseless(name)
    if not _MARKS.search(folded):  # the common name: nothing more to fold
        return folded
    key = " ".join(folded.translate(_ONE_MARK).split()).rstrip(". ").strip()
    return key or folded


def keys_before(name: str) -> list[str]:
    """The keys earlier versions gave ``name`` (case folded alone, then its marks kept), those
    that are not its key now. An event's file keyed anew keeps an entry on its old key when
    another entry holds its key now (two players then, one name now): that entry is still
    the one of ``name`` as it was typed, and is found by its old key first."""
    key = player_key(name)
    before = (" ".join(name.split()).casefold(), _caseless(name))
    return [old for old in dict.fromkeys(before) if old != key]


def same_text(one: str, other: str) -> bool:
    """Two typings of one code (a player id): case, spacing and encoding aside, every mark
    kept ("A-9" is not "A 9")."""
    return text_key(one) == text_key(other)


def text_key(text: str) -> str:
    """The key two typings of one code share (see :func:`same_text`): what looks one up."""
    return _caseless(text)


def _caseless(name: str) -> str:
    if name.isascii():  # the common name: nothing to normalise
        return " ".join(name.split()).casefold()
    folded = unicodedata.normalize("NFKD", without_joiners(name)).casefold()
    return " ".join(unicodedata.normalize("NFKC", folded).split())


# The apostrophes keyboards type (a phone's right single quotation mark, the left one, the
# modifier letter apostrophe, the backtick, the prime) and the hyphens (the typographic one,
# the figure dash, the en dash, the minus sign), each as the one a key makes of it.
_APOSTROPHES = "\u2019\u2018\u02bc`\u2032"
_HYPHENS = "-\u2010\u2012\u2013\u2212"
_ONE_MARK = str.maketrans({**dict.fromkeys(_APOSTROPHES, "'"), **dict.fromkeys(_HYPHENS, " ")})
_MARKS = re.compile(f"[{re.escape(_APOSTROPHES + _HYPHENS)}]|\\.$")


# A decklist's own extensions, the files an upload and an event folder read, taken off a
# file's name as often as it has them: Windows hides a known extension, so "Quinn.txt" saved
# by a tool that adds its own is "Quinn.txt.txt".
DECKLIST_SUFFIXES = (".txt", ".dek", ".deck", ".json")
# What a file of another kind is, in an upload's report and an event check's alike.
NOT_A_DECKLIST = f"not a decklist ({', '.join(DECKLIST_SUFFIXES)} files only)"


def player_of_file(path: str) -> str:
    """The player a decklist file is named for: its name without folders or extension,
    underscores as spaces ("round-1/Alice_Smith.txt" is Alice Smith; "Quinn.txt.txt" is
    Quinn, but "J.R.txt" is J.R)."""
    return _without_copy_number(_without_extensions(path).replace("_", " ").strip())


# The number a browser gives a file downloaded again ("Alice_Smith (1).txt", and with no
# space "Alice_Smith(1).txt" as Firefox writes it), as a zip of a Drive folder numbers a
# second file of one name: a copy of the player's file, not a name.
_COPY_NUMBER = re.compile(r"\s*\(\d{1,3}\)$")


def _without_copy_number(name: str) -> str:
    """A name without the copy number after it, unless the number is all it is."""
    return _COPY_NUMBER.sub("", name) or name


def _without_extensions(path: str) -> str:
    """A file's name without folders, its extension, and any decklist's extension before it."""
    name = PurePosixPath(path).stem
    while PurePosixPath(name).suffix.lower() in DECKLIST_SUFFIXES:
        name = PurePosixPath(name).stem
    return name


# A form's file question keeps each upload in a "<question> (File responses)" folder as
# "<the file's own name> - <the respondent's name>.<ext>".
_FORM_FOLDER = " (File responses)"
_FORM_RESPONDENT = " - "


def form_respondent(path: str) -> str | None:
    """Who answered a form with the file at ``path``, when it is in a form's folder of
    uploads (a Drive folder downloaded as a zip): the name after the last " - "."""
    where = PurePosixPath(path)
    if not any(part.endswith(_FORM_FOLDER) for part in where.parts[:-1]):
        return None
    _, dash, respondent = _without_extensions(path).rpartition(_FORM_RESPONDENT)
    if not dash or not respondent.strip():
        return None
    return _without_copy_number(respondent.strip())


def player_of_upload(path: str) -> str:
    """The player a decklist file among many (a zip, an event's folder) is for: who answered,
    in a form's folder of uploads, else the player its name names (:func:`player_of_file`)."""
    return form_respondent(path) or player_of_file(path)


def second_list(name: str) -> str:
    """Why a list is refused when its player already gave one."""
    return f"a second list for {name}"


class FirstLists(Generic[Source]):
    """Each player's first list, as their lists come in order: a later list for one of them
    (the same :func:`player_key`) is a second list, which one event does not take."""

    def __init__(self) -> None:
        self._first: dict[str, Source] = {}

    def first_of(self, name: str, source: Source) -> Source | None:
        """Where ``name``'s first list came from when ``source`` is a second one; None when
        ``source`` is the first, and now the player's."""
        key = player_key(name)
        if key in self._first:
            return self._first[key]
        self._first[key] = source
        return None
