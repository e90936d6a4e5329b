"""A deck as the validator sees it: cards, counts and where each entry came from."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from cardpool import Card, Game


@dataclass(slots=True)
class Entry:
    """``count`` copies of ``card`` in one section; ``line`` is the decklist line it came from."""

    card: Card
    count: int
    line: int | None = None


@dataclass
class Deck:
    """A deck of one game: its sections in the game's order, each a list of entries."""

    game: Game
    sections: dict[str, list[Entry]] = field(default_factory=dict)
    name: str = ""

    def entries(self, section_ids: Iterable[str] | None = None) -> Iterator[Entry]:
        if section_ids is None:
            for entries in self.sections.values():
                yield from entries
        else:
            for section_id in section_ids:
                yield from self.sections.get(section_id, ())

    def size(self, section_id: str) -> int:
        return sum(e.count for e in self.sections.get(section_id, ()))

    def add(self, section_id: str, card: Card, count: int = 1, line: int | None = None) -> None:
        """Add copies, merging with an entry of the same card already in the section."""
        entries = self.sections.setdefault(section_id, [])
        for entry in entries:
            if entry.card is card:
                entry.count += count
                return
        entries.append(Entry(card, count, line))

    def cards_by_section(self) -> dict[str, list[tuple[str, int]]]:
        """Plain (card id, count) pairs per section, for comparing and storing decks."""
        return {
            section: [(e.card.id, e.count) for e in entries]
            for section, entries in self.sections.items()
            if entries
        }
