"""Decklists in the forms players and programs use: plain text and a JSON-shaped mapping.

Text, one entry a line::

    # comments and blank lines are ignored
    Dinos:
    1 Ember Rex
    3x Raptor Claw
    Fire Crystal          <- one copy
    Tidal Surge x2

Section headers are the game's section names or aliases followed by a colon.
Without a header a card goes to the section its type belongs to. Names are
matched without regard to case, spacing, accents or punctuation; card ids and
card numbers are accepted too. Problems come back with their line numbers;
nothing is thrown away silently.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardpool import Game

from .deck import Deck
from .errors import DecklistError
from .problems import ERROR, Problem

MAX_COPIES_PER_LINE = 999
_COUNT_FIRST = re.compile(r"^(\d+)\s*[xX×]?\s+(\S.*)$")
_COUNT_LAST = re.compile(r"^(\S.*?)\s+[xX×]\s*(\d+)$")
_HEADER_COUNT = re.compile(r"\s*[\(\[]\s*\d+\s*[\)\]]\s*$")
_BULLET = re.compile(r"^[-*•]\s+")

UNKNOWN_CARD = "decklist-unknown-card"
MALFORMED_LINE = "decklist-malformed-line"
UNKNOWN_SECTION = "decklist-unknown-section"


@dataclass
class ParsedDeck:
    """A deck read from a list, and what could not be read (with where it was)."""

    deck: Deck
    problems: list[Problem] = field(default_factory=list)


def _problem(rule: str, message: str, line: int | None = None, **extra) -> Problem:
    return Problem(
        rule=rule,
        severity=ERROR,
        message=message,
        lines=(line,) if line else (),
        **extra,
    )


# Reading a line means regular expressions, a name key and a look-up, and finding the closest
# names for an unknown card compares it with every card of the game: the dearest step of all.
# Each reading depends on the line's text and the game alone, and an event's lists repeat the
# same lines ("3 Fire Breath") and the same misspellings list after list, so each game keeps
# the readings it has made, up to a bound on memory whatever a server is sent.
_READINGS: weakref.WeakKeyDictionary[Game, dict[str, tuple]] = weakref.WeakKeyDictionary()
MAX_KEPT_READINGS = 50_000

_SKIP = "skip"
_HEADER = "header"
_BARE_HEADER = "bare-header"  # a header written without its colon: "Deck (40)"
_UNREADABLE = "unreadable"
_BAD_COUNT = "bad-count"
_CARD = "card"
_UNKNOWN = "unknown"


def _readings(game: Game) -> dict[str, tuple]:
    """The readings kept for ``game``: stripped line -> ``(kind, value, ...)``."""
    kept = _READINGS.get(game)
    if kept is None:
        kept = _READINGS.setdefault(game, {})
    elif len(kept) >= MAX_KEPT_READINGS:
        kept.clear()
    return kept


def _read_line(game: Game, stripped: str) -> tuple:
    line = _BULLET.sub("", stripped)
    if not line or line.startswith("//") or (line.startswith("#") and not _is_number(line)):
        return (_SKIP,)
    if line.endswith(":"):
        label = _HEADER_COUNT.sub("", line[:-1]).strip()
        return (_HEADER, game.section_for(label), label)
    count, card_text = _split_count(line)
    if count is None or not card_text:
        return (_UNREADABLE,)
    if count < 1 or count > MAX_COPIES_PER_LINE:
        return (_BAD_COUNT, count)
    card = game.find_card(card_text)
    if card is None and _HEADER_COUNT.search(line) is None:
        header = game.section_for(_HEADER_COUNT.sub("", line))
        if header is not None:
            return (_BARE_HEADER, header)
    if card is None:
        return (_UNKNOWN, card_text, tuple(game.suggest(card_text)))
    return (_CARD, card, count)


def _unknown_card(
    game: Game,
    name: str,
    where: str,
    line: int | None,
    section,
    suggestions: tuple[str, ...] | None = None,
) -> Problem:
    if suggestions is None:
        suggestions = tuple(game.suggest(name))
    hint = f"; did you mean {' or '.join(suggestions)}?" if suggestions else ""
    return _problem(
        UNKNOWN_CARD,
        f"{where}: no {game.short_name} card is called {name!r}{hint}",
        line,
        section=section,
        cards=(name,),
        suggestions=suggestions,
    )


def parse_text(text: str, game: Game, name: str = "") -> ParsedDeck:
    """Read a plain-text decklist; every unreadable line becomes a problem with its number."""
    if not isinstance(text, str):
        raise DecklistError("a text decklist must be a string")
    deck = Deck(game, {s.id: [] for s in game.sections}, name=name)
    problems: list[Problem] = []
    section: str | None = None
    kept = _readings(game)
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        reading = kept.get(stripped)
        if reading is None:
            reading = kept[stripped] = _read_line(game, stripped)
        kind, *values = reading
        if kind == _CARD:
            card, count = values
            deck.add(section or game.section_for_card(card), card, count, number)
        elif kind == _SKIP:
            continue
        elif kind == _HEADER:
            section, label = values
            if section is None:
                known = ", ".join(s.name for s in game.sections)
                problems.append(
                    _problem(
                        UNKNOWN_SECTION,
                        f"Line {number}: {game.short_name} decks have no section {label!r}"
                        f" (the sections are {known}); its cards are placed by type",
                        number,
                    )
                )
        elif kind == _BARE_HEADER:
            section = values[0]
        elif kind == _UNREADABLE:
            problems.append(
                _problem(MALFORMED_LINE, f"Line {number}: cannot read {stripped!r}", number)
            )
        elif kind == _BAD_COUNT:
            problems.append(
                _problem(
                    MALFORMED_LINE,
                    f"Line {number}: {values[0]} is not a number of copies"
                    f" (1 to {MAX_COPIES_PER_LINE})",
                    number,
                )
            )
        else:
            card_text, suggestions = values
            problems.append(
                _unknown_card(game, card_text, f"Line {number}", number, section, suggestions)
            )
    return ParsedDeck(_drop_empty(deck), problems)


def _is_number(line: str) -> bool:
    return len(line) > 1 and line[1].isdigit()


def _split_count(line: str) -> tuple[int | None, str]:
    match = _COUNT_FIRST.match(line)
    if match:
        return int(match.group(1)), match.group(2).strip()
    match = _COUNT_LAST.match(line)
    if match:
        return int(match.group(2)), match.group(1).strip()
    if line.isdigit():
        return None, ""
    return 1, line.lstrip("#").strip() if _is_number(line) else line


def parse_mapping(data: Any, game: Game) -> ParsedDeck:
    """Read the JSON form: ``{"name": ..., "sections": {"deck": [{"card": "...", "count": 3}]}}``.

    An entry names its card by ``card`` (name, id or number) or ``id``; ``count``
    defaults to 1. Problems point at the entry's place, e.g. ``sections.deck[2]``.
    """
    if not isinstance(data, Mapping):
        raise DecklistError("a deck must be a JSON object with a 'sections' object")
    sections = data.get("sections")
    if not isinstance(sections, Mapping):
        raise DecklistError("a deck needs 'sections': an object of section name to card list")
    deck_name = data.get("name") if isinstance(data.get("name"), str) else ""
    deck = Deck(game, {s.id: [] for s in game.sections}, name=deck_name)
    problems: list[Problem] = []
    for label, entries in sections.items():
        section = game.section_for(str(label))
        if section is None:
            known = ", ".join(s.id for s in game.sections)
            problems.append(
                _problem(
                    UNKNOWN_SECTION,
                    f"sections.{label}: {game.short_name} decks have no section {label!r}"
                    f" (the sections are {known})",
                )
            )
            continue
        if not isinstance(entries, list):
            problems.append(
                _problem(MALFORMED_LINE, f"sections.{label}: must be a list of entries")
            )
            continue
        for index, entry in enumerate(entries):
            where = f"sections.{label}[{index}]"
            card_text, count = _entry_parts(entry)
            if card_text is None or count is None:
                problems.append(
                    _problem(
                        MALFORMED_LINE,
                        f'{where}: an entry is a card name or {{"card": name, "count": n}}'
                        f" with n from 1 to {MAX_COPIES_PER_LINE}",
                    )
                )
                continue
            card = game.find_card(card_text)
            if card is None:
                problems.append(_unknown_card(game, card_text, where, None, section))
                continue
            deck.add(section, card, count)
    return ParsedDeck(_drop_empty(deck), problems)


def _entry_parts(entry: Any) -> tuple[str | None, int | None]:
    if isinstance(entry, str):
        return (entry, 1) if entry.strip() else (None, None)
    if not isinstance(entry, Mapping):
        return None, None
    card = entry.get("id", entry.get("card"))
    count = entry.get("count", 1)
    if not isinstance(card, str | int) or isinstance(card, bool) or not str(card).strip():
        return None, None
    if not isinstance(count, int) or isinstance(count, bool):
        return str(card), None
    if not 1 <= count <= MAX_COPIES_PER_LINE:
        return str(card), None
    return str(card), count


def _drop_empty(deck: Deck) -> Deck:
    deck.sections = {k: v for k, v in deck.sections.items() if v}
    return deck


def to_text(deck: Deck) -> str:
    """The canonical text of a deck: reading it back gives the same deck."""
    lines: list[str] = []
    if deck.name:
        lines.append(f"# {deck.name}")
    for section in deck.game.sections:
        entries = deck.sections.get(section.id)
        if not entries:
            continue
        if lines:
            lines.append("")
        lines.append(f"{section.name}:")
        lines.extend(f"{e.count} {e.card.name}" for e in entries)
    return "\n".join(lines) + "\n"


def to_mapping(deck: Deck) -> dict[str, Any]:
    """The JSON form of a deck, naming cards by id so it survives renames."""
    return {
        "name": deck.name,
        "game": deck.game.id,
        "sections": {
            section.id: [
                {"card": e.card.name, "id": e.card.id, "count": e.count}
                for e in deck.sections.get(section.id, ())
            ]
            for section in deck.game.sections
            if deck.sections.get(section.id)
        },
    }
