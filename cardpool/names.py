"""How card names are compared: without regard to case, spacing, accents or punctuation."""

from __future__ import annotations

import re
import unicodedata

_NOT_ALNUM = re.compile(r"[^0-9a-z]+")


def name_key(name: str) -> str:
    """The key two spellings of one card name share.

    "Crystals: Ember-Rex", "crystals ember rex" and "Crystals Émber Rex" all
    give the same key, so players can type names the way they remember them.
    """
    if name.isascii():  # most names: nothing to decompose, and casefold() is lower()
        return _NOT_ALNUM.sub("", name.lower())
    decomposed = unicodedata.normalize("NFKD", name)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NOT_ALNUM.sub("", stripped.casefold())


def slug(text: str) -> str:
    """A URL-safe identifier: lowercase words joined by dashes."""
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NOT_ALNUM.sub("-", stripped.casefold()).strip("-")
