"""What several primitives share about limits: the deck's leader card and bounds that are
not constants, read from the leader (``{from_leader: attribute}``) or from a table keyed by
the deck's own size (``by_deck_size``).

This module registers no primitive; ``section-size`` and ``deck-sum`` read their bounds
through :class:`Bounds`, and every primitive's ``when_leader`` reads the leader through
:func:`~validator.rules.base.leaders`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardpool import Card

from ..deck import Deck
from .base import Params, and_list, count_phrase, leaders, whole_number

BOUND_KEYS = ("exactly", "min", "max")


@dataclass(frozen=True, slots=True)
class Limits:
    """The bounds that hold for one deck, and the words saying where they come from."""

    low: int | None
    high: int | None
    why: str = ""  # "the Influence limit of Kate", "for a 45-card deck"

    def holds(self, value: int) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    def below(self, value) -> bool:
        """Under the lower bound: more cards (or more of a number) would meet it."""
        return self.low is not None and isinstance(value, int) and value < self.low

    def expected(self) -> str:
        low, high = self.low, self.high
        if low is not None and low == high:
            words = f"exactly {low}"
        elif high is None:
            words = f"at least {low}"
        elif low is None:
            words = f"at most {high}"
        else:
            words = f"between {low} and {high}"
        return f"{words}, {self.why}" if self.why else words


@dataclass(frozen=True, slots=True)
class _FromLeader:
    attribute: str
    label: str


class Bounds:
    """``exactly`` / ``min`` / ``max`` of a count, each a number or ``{from_leader: attribute}``
    (a number the leader card carries), or ``by_deck_size``: rows ``{size: [40, 44], min: 18,
    max: 19}`` giving the bounds for a deck whose size (the cards of ``size_sections``, by
    default the rule's ``sections``) is in the row's range. A deck no row covers, or whose
    leader is missing or carries no such number, is not bounded by this rule: the rules on
    the deck's size and its leader speak for it."""

    def __init__(self, params: Params, sections: Sequence[str]):
        self.game = params.game
        raw = {key: params.raw[key] for key in BOUND_KEYS if key in params.raw}
        table = params.get("by_deck_size", None, list)
        if table is not None and raw:
            params.fail(f"by_deck_size and {next(iter(raw))} cannot both bound it", "by_deck_size")
        if table is None and not raw:
            params.fail("needs 'exactly', 'min', 'max' or 'by_deck_size'")
        if "exactly" in raw and len(raw) > 1:
            # which would hold, exactly 30 or min 20? Neither is said
            other = next(key for key in raw if key != "exactly")
            params.fail(f"exactly and {other} cannot both bound it", "exactly")
        if table is None and "size_sections" in params.raw:
            params.fail(
                "size_sections counts a deck's size for by_deck_size alone", "size_sections"
            )
        low = self._bound(params, "min" if "min" in raw else "exactly")
        high = self._bound(params, "max" if "max" in raw else "exactly")
        self.rows = self._table(params, table) if table is not None else None
        self.repeat = self._repeat(params, table, self.rows) if table is not None else None
        self.size_sections = (
            params.sections("size_sections") if "size_sections" in params.raw else tuple(sections)
        )
        # "for a 45-card deck"; sized by one section of its own (the commanders), "with 2
        # commanders", since "for a 2-card deck" reads as the whole deck holding 2 cards
        self.size_noun = None
        if len(self.size_sections) == 1 and self.size_sections[0] != self.game.default_section:
            self.size_noun = self.game.sections_by_id[self.size_sections[0]].noun
        needs_leader = isinstance(low, _FromLeader) or isinstance(high, _FromLeader)
        self.leader = params.leader(_first_from_leader(raw)) if needs_leader else None
        self.leader_types = params.leader_types(self.leader) if self.leader else frozenset()
        if isinstance(low, int) and isinstance(high, int) and low > high:
            params.fail(f"min {low} is more than max {high}: no count is both", "min")
        self.low, self.high = low, high
        # A rule whose bounds never change answers every deck with the same Limits.
        self.constant = Limits(low, high) if self.rows is None and not needs_leader else None

    def _bound(self, params: Params, key: str):
        value = params.get(key, None, object)
        if key in params.raw and not whole_number(value) and not isinstance(value, dict):
            params.fail(
                f"parameter {key!r} has the wrong type ({value!r}): a whole number or"
                " {from_leader: attribute} is expected",
                key,
            )
        if whole_number(value) and value < 0:
            params.fail(
                f"parameter {key!r} is {value}: a whole number, 0 or more, is expected", key
            )
        if not isinstance(value, dict):
            return value
        if set(value) != {"from_leader"}:
            params.fail(f"{key}: a number or {{from_leader: attribute}}", key)
        attribute = value["from_leader"]
        declared = self.game.attributes.get(attribute) if isinstance(attribute, str) else None
        if declared is None:
            params.fail(f"{key}: from_leader names no attribute {attribute!r}", key)
        if declared.kind != "int":
            params.fail(f"{key}: from_leader needs a number attribute, not {attribute!r}", key)
        label = declared.label
        # "the minimum deck size of your identity", but "the NBN ..." keeps its capitals
        if label[1:2].islower():
            label = label[:1].lower() + label[1:]
        return _FromLeader(attribute, label)

    @staticmethod
    def _table(params: Params, table: list) -> tuple:
        if not table:
            params.fail(
                "by_deck_size has no row: give each {size: [from, to], min, max}", "by_deck_size"
            )
        rows = []
        for row in table:
            if not isinstance(row, dict) or "size" not in row:
                params.fail("each row is {size: [from, to], min: n, max: n}", "by_deck_size")
            size = row["size"]
            if whole_number(size):
                size = [size, size]
            if (
                not isinstance(size, list)
                or len(size) != 2
                or not all(whole_number(n) for n in size)
                or size[0] > size[1]
                or size[0] < 0
            ):
                params.fail(f"by_deck_size: size {row['size']!r} is not [from, to]", "by_deck_size")
            unknown = sorted(set(row) - {"size", "repeat", *BOUND_KEYS})
            numbers = {k: row[k] for k in BOUND_KEYS if k in row}
            if (
                unknown
                or not numbers
                or not all(whole_number(n) and n >= 0 for n in numbers.values())
                or ("exactly" in numbers and len(numbers) > 1)
            ):
                params.fail(
                    f"by_deck_size: the row for {size[0]}–{size[1]} cards needs min, max or"
                    " exactly (whole numbers, 0 or more), and nothing else",
                    "by_deck_size",
                )
            low = numbers.get("exactly", numbers.get("min"))
            high = numbers.get("exactly", numbers.get("max"))
            if low is not None and high is not None and low > high:
                params.fail(
                    f"by_deck_size: the row for {size[0]}–{size[1]} cards: min {low} is more"
                    f" than max {high}",
                    "by_deck_size",
                )
            for other in rows:
                if size[0] <= other[1] and other[0] <= size[1]:
                    params.fail(
                        f"by_deck_size: rows {other[0]}–{other[1]} and {size[0]}–{size[1]} overlap",
                        "by_deck_size",
                    )
            rows.append((size[0], size[1], low, high))
        return tuple(rows)

    @staticmethod
    def _repeat(params: Params, table: list, rows: tuple) -> tuple | None:
        """The last row's ``repeat: {every: 5, add: 2}``: past its end the row's bounds rise
        by 2 for every 5 cards (Netrunner: 2 more agenda points for every 5 cards above 44),
        however large the deck. ``rows`` are the table's rows as read (see _table), in its
        order; the answer is (the row's last size, every, add, its low and high bounds)."""
        repeating = [at for at, row in enumerate(table) if "repeat" in row]
        if not repeating:
            return None
        row = table[repeating[0]]
        first, last, low, high = rows[repeating[0]]
        if len(repeating) > 1 or any(other[1] > last for other in rows):
            params.fail(
                "by_deck_size: only the row of the largest decks may repeat past its end",
                "by_deck_size",
            )
        repeat = row["repeat"]
        every, add = (
            (repeat.get("every"), repeat.get("add")) if isinstance(repeat, dict) else (0, 0)
        )
        if (
            not isinstance(repeat, dict)
            or set(repeat) != {"every", "add"}
            or not all(whole_number(n) for n in (every, add))
        ):
            params.fail(
                f"by_deck_size: the row for {first}–{last} cards: repeat is {{every: n, add: n}},"
                " every a whole number of cards (1 or more) and add how much its bounds rise",
                "by_deck_size",
            )
        if every < 1:
            params.fail(
                f"by_deck_size: the row for {first}–{last} cards: repeat's every is {every}:"
                " every must be 1 or more",
                "by_deck_size",
            )
        if add < 0:
            # however large the deck: a bound that falls for ever falls below 0 (a max no
            # deck keeps, a min every deck meets)
            params.fail(
                f"by_deck_size: the row for {first}–{last} cards: repeat's add is {add}, which"
                " takes its bounds below 0 for larger decks: add must keep every bound at 0 or"
                " more (add 0 or more)",
                "by_deck_size",
            )
        return (last, every, add, low, high)

    def below(self, deck: Deck, value) -> bool:
        """Whether ``value`` (a rule's count for ``deck``) is under the deck's lower bound,
        which more cards (or more of a number) would meet."""
        limits = self.limits(deck)
        return limits is not None and limits.below(value)

    def limits(self, deck: Deck) -> Limits | None:
        """The bounds for ``deck``, or None when nothing bounds it."""
        if self.constant is not None:
            return self.constant
        if self.rows is not None:
            size = sum(e.count for s in self.size_sections for e in deck.sections.get(s, ()))
            for first, last, low, high in self.rows:
                if first <= size <= last:
                    return Limits(low, high, self._size_words(size))
            if self.repeat is not None and size > self.repeat[0]:
                last, every, add, low, high = self.repeat
                # the first 'every' cards past the row's end are one step, the next another
                rise = ((size - last - 1) // every + 1) * add
                return Limits(
                    None if low is None else low + rise,
                    None if high is None else high + rise,
                    self._size_words(size),
                )
            return None
        cards = leaders(deck, self.leader, self.leader_types)
        low = self._from_leaders(self.low, cards, min)
        high = self._from_leaders(self.high, cards, max)
        if low is None and high is None:
            return None
        read = [
            bound.label
            for bound, value in ((self.low, low), (self.high, high))
            if isinstance(bound, _FromLeader) and value is not None
        ]
        return Limits(low, high, self._why(read, cards) if read else "")

    def _size_words(self, size: int) -> str:
        if self.size_noun is None:
            return f"for a {size}-card deck"
        return f"with {count_phrase(size, self.size_noun)}"

    @staticmethod
    def _from_leaders(bound, cards: list[Card], lenient):
        """A number, or the leaders' number: with two leaders, the more lenient one (which
        leader the player meant to keep is unknown; the leader's own rule reports the slot)."""
        if not isinstance(bound, _FromLeader):
            return bound
        values = [v for v in (c.get(bound.attribute) for c in cards) if isinstance(v, int)]
        return lenient(values) if values else None

    def _why(self, labels: list[str], cards: list[Card]) -> str:
        names = and_list(dict.fromkeys(c.name for c in cards))
        noun = self.game.sections_by_id[self.leader].noun
        return f"the {and_list(dict.fromkeys(labels))} of your {noun} {names}"


def _first_from_leader(raw: dict) -> str:
    return next(key for key, value in raw.items() if isinstance(value, dict))
