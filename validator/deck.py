"""A deck as the validator sees it: cards, counts and where each entry came from."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from cardpool import Card, Game

# The boards players keep beside a deck. Rules never see them: a sideboard is not
# part of the deck played, unless a game's YAML makes it a section of its own.
SIDEBOARD = "sideboard"
MAYBEBOARD = "maybeboard"
BOARDS = (SIDEBOARD, MAYBEBOARD)
BOARD_NAMES = {SIDEBOARD: "Sideboard", MAYBEBOARD: "Maybeboard"}


class Entry:
    """``count`` copies of ``card`` in one section.

    ``lines`` are every decklist line the entry came from (a card listed twice is one
    entry). ``printing_named`` is true when a line named this very printing (a card
    number, a card id or a set code) rather than the card by name alone.
    """

    # The lines are kept in a list that grows in place: a card listed on 10,000 lines
    # would otherwise copy a longer tuple on every one of them.
    __slots__ = ("_lines", "card", "count", "printing_named")
    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value

    def __init__(
        self, card: Card, count: int, line: int | None = None, printing_named: bool = False
    ) -> None:
        self.card = card
        self.count = count
        self._lines = [] if line is None else [line]
        self.printing_named = printing_named

    @property
    def lines(self) -> tuple[int, ...]:
        return tuple(self._lines)

    @lines.setter
    def lines(self, value: Iterable[int]) -> None:
        self._lines = list(value)

    @property
    def line(self) -> int | None:
        """The first decklist line of the entry, if it came from one."""
        return self._lines[0] if self._lines else None

    def _key(self) -> tuple:
        return (self.card, self.count, self.lines, self.printing_named)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return (
            f"Entry(card={self.card!r}, count={self.count!r}, lines={self.lines!r},"
            f" printing_named={self.printing_named!r})"
        )


@dataclass
class Deck:
    """A deck of one game: its sections in the game's order, each a list of entries.

    ``boards`` holds the sideboard and maybe-board (``sideboard`` / ``maybeboard``):
    kept and exported with the deck, but not part of it for any rule.
    """

    game: Game
    sections: dict[str, list[Entry]] = field(default_factory=dict)
    name: str = ""
    boards: dict[str, list[Entry]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # section or board id -> its entries indexed by card: adding a card costs one
        # look-up however long the section already is.
        self._section_index: dict[str, _Index] = {}
        self._board_index: dict[str, _Index] = {}

    def entries(self, section_ids: Iterable[str] | None = None) -> Iterator[Entry]:
        if section_ids is None:
            for entries in self.sections.values():
                yield from entries
        else:
            for section_id in section_ids:
                yield from self.sections.get(section_id, ())

    def size(self, section_id: str) -> int:
        return sum(e.count for e in self.sections.get(section_id, ()))

    def add(
        self,
        section_id: str,
        card: Card,
        count: int = 1,
        line: int | None = None,
        printing_named: bool = False,
    ) -> Entry:
        """Add copies, merging with an entry of the same card already in the section."""
        return self.section_index(section_id).add(card, count, line, printing_named)

    def section_index(self, section_id: str) -> _Index:
        """The section's entries by card, made afresh at first use or once its list was
        replaced or changed by hand. A reader adding line after line holds it and adds
        through it: its :meth:`_Index.add` keeps it whole."""
        return _fresh_index(self.sections, self._section_index, section_id)

    def board_index(self, board: str) -> _Index:
        """The board's entries by card, as :meth:`section_index` gives a section's."""
        return _fresh_index(self.boards, self._board_index, board)

    def add_to_board(
        self,
        board: str,
        card: Card,
        count: int = 1,
        line: int | None = None,
        printing_named: bool = False,
    ) -> Entry:
        """Add copies to the sideboard or maybe-board, merging like :meth:`add`."""
        return self.board_index(board).add(card, count, line, printing_named)

    def named_parts(self) -> list[tuple[str, list[Entry]]]:
        """The sections that hold cards, by name in the game's order, then the boards:
        the parts a list is written and printed in."""
        parts = [(s.name, self.sections.get(s.id)) for s in self.game.sections]
        parts += [(BOARD_NAMES[b], self.boards.get(b)) for b in BOARDS]
        return [(name, entries) for name, entries in parts if entries]

    def cards_by_section(self) -> dict[str, list[tuple[str, int]]]:
        """Plain (card id, count) pairs per section, for comparing and storing decks."""
        return {
            section: [(e.card.id, e.count) for e in entries]
            for section, entries in self.sections.items()
            if entries
        }

    def cards_by_board(self) -> dict[str, list[tuple[str, int]]]:
        """Plain (card id, count) pairs per board, like :meth:`cards_by_section`."""
        return {
            board: [(e.card.id, e.count) for e in entries]
            for board, entries in self.boards.items()
            if entries
        }


class _Index:
    """A section's entries by card: those named by card, and those naming a printing."""

    __slots__ = ("entries", "named", "plain", "size")

    def __init__(self, entries: list[Entry]):
        self.entries = entries
        self.size = len(entries)
        self.plain: dict[Card, Entry] = {}
        self.named: dict[Card, Entry] = {}
        for entry in entries:
            (self.named if entry.printing_named else self.plain).setdefault(entry.card, entry)

    def add(self, card: Card, count: int, line: int | None, printing_named: bool) -> Entry:
        """Add copies, merging with the entry of the same card (and the same kind of naming)."""
        by_card = self.named if printing_named else self.plain
        entry = by_card.get(card)
        if entry is None:
            entry = Entry(card, count, line, printing_named)
            by_card[card] = entry
            self.entries.append(entry)
            self.size += 1
        else:
            entry.count += count
            if line is not None:
                entry._lines.append(line)
        return entry


def _fresh_index(parts: dict[str, list[Entry]], indexes: dict[str, _Index], part_id: str) -> _Index:
    """A part's index, made afresh at first use, or once its list was replaced or had entries
    added or taken other than through :meth:`_Index.add`."""
    entries = parts.get(part_id)
    index = indexes.get(part_id)
    if index is None or index.entries is not entries or index.size != len(entries):
        if entries is None:
            entries = parts[part_id] = []
        index = indexes[part_id] = _Index(entries)
    return index
