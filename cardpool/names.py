"""How card names are compared: without regard to case, spacing, accents or punctuation."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping

_NOT_ALNUM = re.compile(r"[^0-9a-z]+")
# Outside ASCII a key keeps every letter and digit of any script, so names written in
# Japanese or Greek (whose letters no ASCII spelling stands for) keep keys of their own.
_NOT_LETTER_OR_DIGIT = re.compile(r"[\W_]+")

# Letters Unicode does not decompose into a base letter and an accent, spelled the way
# players type them on an English keyboard ("Jötunn Bjørn" is typed "jotunn bjorn").
# Applied after casefold(), so only lowercase forms are needed (and ß is already "ss").
_TRANSLITERATION = str.maketrans(
    {
        "ø": "o",
        "æ": "ae",
        "œ": "oe",
        "ł": "l",
        "đ": "d",
        "ð": "d",
        "þ": "th",
        "ı": "i",
        "ħ": "h",
        "ŧ": "t",
        "ŀ": "l",
        "ĸ": "k",
        "ŋ": "ng",
        "ſ": "s",
        "ƒ": "f",
        "ƀ": "b",
        "ɨ": "i",
        "ʉ": "u",
    }
)


def name_key(name: str) -> str:
    """The key two spellings of one card name share.

    "Crystals: Ember-Rex", "crystals ember rex" and "Crystals Émber Rex" all
    give the same key, so players can type names the way they remember them.
    "Bjørn" is keyed as "bjorn"; a name in a script without an ASCII spelling keeps
    its own letters (and a name of symbols its symbols), so no two different names
    share an empty key.
    """
    if name.isascii():  # most names: nothing to decompose, and casefold() is lower()
        key = _NOT_ALNUM.sub("", name.lower())
    else:
        key = _NOT_LETTER_OR_DIGIT.sub("", _latin(name))
    # A name of symbols alone ("★", "???") keys on its symbols rather than on nothing.
    return key or "".join(name.casefold().split())


def _latin(text: str) -> str:
    """``text`` casefolded, accents dropped and undecomposable letters transliterated."""
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return stripped.casefold().translate(_TRANSLITERATION)


def slug(text: str) -> str:
    """A URL-safe identifier: lowercase words joined by dashes."""
    return _NOT_ALNUM.sub("-", _latin(text)).strip("-")


def did_you_mean(typed: str, named: Mapping[str, Iterable[str]]) -> str:
    """``"; did you mean era or eruma?"`` for an id typed as one of its names, in capitals or
    misspelled, among ``named`` (each id with its other names: a game's name and short name,
    a format's name); ``""`` when no id is close. The words end the message of a lookup that
    found nothing, so the command line and the API say the same."""
    keys = {name_key(word): ident for ident, words in named.items() for word in (ident, *words)}
    typed_key = name_key(typed)
    close = [typed_key] if typed_key in keys else []
    close = close or _closest(typed_key, list(keys))
    ids = list(dict.fromkeys(keys[key] for key in close))
    return f"; did you mean {' or '.join(ids)}?" if ids else ""


def _closest(typed: str, keys: list[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """The ``n`` keys closest to ``typed``, closest first and equally close ones in their
    own order ('SDS1' is as close to SDS1A, SDS1B and SDS1C: they are said so), where
    :func:`difflib.get_close_matches` gives equal ones in reverse alphabetical order."""
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(typed)
    scored = []
    for order, key in enumerate(keys):
        matcher.set_seq1(key)
        if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff:
            ratio = matcher.ratio()
            if ratio >= cutoff:
                scored.append((-ratio, order, key))
    return [key for _, _, key in sorted(scored)[:n]]
