"""A deck written out: its canonical text and its JSON form, each read back as the same deck."""

from __future__ import annotations

from typing import Any

from cardpool import Game, name_key

from .deck import BOARD_NAMES, BOARDS, Deck
from .decklist_common import unquoted_name
from .decklist_headers import _lexicon


def _printing_text(entry) -> str:
    """An entry naming its printing, as ``2 Name (SET) 14``."""
    card = entry.card
    code = f"({card.set}) {card.number}" if card.number else f"({card.set})"
    return f"{entry.count} {card.name} {code}"


def format_line(game: Game, format_id: str | None) -> str | None:
    """The line naming the format a deck is in, "Format: henchmen-required" (by its id, as
    the API and ``deckwright validate --format`` name it), which the reader takes as the
    list's format; None for the game's default format, which a list naming none is in."""
    if not format_id or format_id == game.default_format:
        return None
    return f"Format: {format_id}"


def _head_lines(deck: Deck, format_id: str | None) -> list[str]:
    """The lines over a deck's cards: its name, then the format it is in (a blank line
    between) when that is not the game's default."""
    lines: list[str] = []
    if deck.name:
        lines.append(_name_line(deck.game, deck.name))
    if format_id and (named := format_line(deck.game, format_id)) is not None:
        if lines:
            lines.append("")
        lines.append(named)
    return lines


def _name_line(game: Game, name: str) -> str:
    """The line naming a deck: "# Orc Rush"; "Name: Deck" for a name the reader takes as a
    list's heading when it is a comment ("# Decklist", "# Main Deck" over "Hero:"). A name
    in quotes of its own ('"Rex Rush"') is wrapped in one more pair, which the reader takes
    off, as it takes off quotes wrapping a name (Name="Rex Rush")."""
    if unquoted_name(name) != name:
        name = f'"{name}"'
    if name_key(name) in _lexicon(game).whole_list_keys:
        return f"Name: {name}"
    return f"# {name}"


def _written_name(written: str) -> str:
    """The deck's name a "# " line of :func:`to_text` writes: the line's text, or what is
    inside the quotes it wrapped a name in quotes of its own in ('""Rex Rush""'). Text
    written before names were wrapped has its name as it is ('"Rex Rush"')."""
    inner = written[1:-1] if len(written) > 2 and written[0] == written[-1] == '"' else None
    return inner if inner is not None and unquoted_name(inner) != inner else written


# A count's text, kept for the counts lists hold: f"{count}" makes a new string each time, and
# the text export is part of every validation the API answers. (A count is a whole number.)
_COUNT_TEXTS = {count: str(count) for count in range(100)}


def to_text(deck: Deck, format_id: str | None = None) -> str:
    """The canonical text of a deck: reading it back gives the same deck, boards and all, its
    name on top and the format ``format_id`` below it when it is not the game's default."""
    game = deck.game
    lines = _head_lines(deck, format_id)
    # The parts of Deck.named_parts, in its order, looked at here without a list made of them.
    parts = deck.sections
    for section in game.sections:
        if entries := parts.get(section.id):
            _write_part(lines, section.name, entries)
    parts = deck.boards
    if parts:  # most decks have no board
        for board in BOARDS:
            if entries := parts.get(board):
                _write_part(lines, BOARD_NAMES[board], entries)
    return "\n".join(lines) + "\n"


def _write_part(lines: list[str], header: str, entries) -> None:
    """A part's header and its entries, below a blank line when lines come before it."""
    if lines:
        lines.append("")
    lines.append(f"{header}:")
    # A loop, not a comprehension (a function made and called for each part); most entries
    # name a card alone: written here, without a call for each.
    for e in entries:
        if e.printing_named:
            lines.append(_printing_text(e))
        else:
            lines.append(f"{_COUNT_TEXTS.get(e.count) or e.count} {e.card.name}")


def as_written_now(text: str, game: Game, format_id: str | None) -> str:
    """A deck's canonical text as :func:`to_text` wrote it before, written as it now does:
    naming the format ``format_id`` below the deck's name (or on top), and the deck's name
    in a form the reader takes as a name ("Name: Deck", not "# Deck"). Text it wrote so
    already is given back as it is."""
    first, newline, rest = text.partition("\n")
    headed = first.startswith(("# ", "Name: ")) and (not rest or rest.startswith("\n"))
    if headed and first.startswith("# "):
        first = _name_line(game, _written_name(first[2:]))
    named = format_line(game, format_id)
    if named is None or named in text.split("\n"):
        return f"{first}{newline}{rest}" if headed else text
    if headed:
        return f"{first}\n\n{named}\n{rest}"
    return f"{named}\n\n{text}" if text.strip() else f"{named}\n"


def _entry_mappings(entries) -> list[dict[str, Any]]:
    mappings = []
    for entry in entries:
        card = entry.card
        data = {"card": card.name, "id": card.id, "count": entry.count}
        if entry.printing_named:
            data["printing"] = True
        mappings.append(data)
    return mappings


def to_mapping(deck: Deck) -> dict[str, Any]:
    """The JSON form of a deck, naming cards by id so it survives renames."""
    # Loops, not comprehensions (each a function made and called): the JSON form is part of
    # every validation the API answers.
    sections = {}
    parts = deck.sections
    for section in deck.game.sections:
        if entries := parts.get(section.id):
            sections[section.id] = _entry_mappings(entries)
    data = {"name": deck.name, "game": deck.game.id, "sections": sections}
    parts = deck.boards
    if parts:  # most decks have no board
        boards = {}
        for board in BOARDS:
            if entries := parts.get(board):
                boards[board] = _entry_mappings(entries)
        if boards:
            data["boards"] = boards
    return data


def exported(deck: Deck, format_id: str | None = None) -> tuple[dict[str, Any], str]:
    """``(to_mapping(deck), to_text(deck, format_id))``, both written in one pass over the
    deck's entries: a validation's answer holds both, and each pass fetched every entry's
    card, count and name again."""
    game = deck.game
    lines = _head_lines(deck, format_id)
    sections = {}
    parts = deck.sections
    for section in game.sections:
        if entries := parts.get(section.id):
            sections[section.id] = _write_both(lines, section.name, entries)
    data = {"name": deck.name, "game": game.id, "sections": sections}
    parts = deck.boards
    if parts:  # most decks have no board
        boards = {}
        for board in BOARDS:
            if entries := parts.get(board):
                boards[board] = _write_both(lines, BOARD_NAMES[board], entries)
        if boards:
            data["boards"] = boards
    return data, "\n".join(lines) + "\n"


def _write_both(lines: list[str], header: str, entries) -> list[dict[str, Any]]:
    """A part's lines as :func:`_write_part` writes them, and its entries as
    :func:`_entry_mappings` gives them."""
    if lines:
        lines.append("")
    lines.append(f"{header}:")
    mappings = []
    for e in entries:
        card = e.card
        count = e.count
        if e.printing_named:
            lines.append(_printing_text(e))
            mappings.append({"card": card.name, "id": card.id, "count": count, "printing": True})
        else:
            name = card.name
            lines.append(f"{_COUNT_TEXTS.get(count) or count} {name}")
            mappings.append({"card": name, "id": card.id, "count": count})
    return mappings
