"""A deck written out: its canonical text and its JSON form, each read back as the same deck."""

from __future__ import annotations

from typing import Any

from .deck import BOARDS, Deck


def _printing_text(entry) -> str:
    """An entry naming its printing, as ``2 Name (SET) 14``."""
    card = entry.card
    code = f"({card.set}) {card.number}" if card.number else f"({card.set})"
    return f"{entry.count} {card.name} {code}"


def to_text(deck: Deck) -> str:
    """The canonical text of a deck: reading it back gives the same deck, boards and all."""
    lines: list[str] = []
    if deck.name:
        lines.append(f"# {deck.name}")
    for header, entries in deck.named_parts():
        if lines:
            lines.append("")
        lines.append(f"{header}:")
        # Most entries name a card alone: written here, without a call for each.
        lines.extend(
            _printing_text(e) if e.printing_named else f"{e.count} {e.card.name}" for e in entries
        )
    return "\n".join(lines) + "\n"


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
    data = {
        "name": deck.name,
        "game": deck.game.id,
        "sections": {
            section.id: _entry_mappings(deck.sections[section.id])
            for section in deck.game.sections
            if deck.sections.get(section.id)
        },
    }
    boards = {b: _entry_mappings(deck.boards[b]) for b in BOARDS if deck.boards.get(b)}
    if boards:
        data["boards"] = boards
    return data
