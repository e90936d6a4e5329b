"""ordered-positions: cards that say where they go within a section."""

from __future__ import annotations

from .base import Context, Params, Rule, primitive

SLOTS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "last": -1}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
ORDERS = ("exact", "relative")


@primitive("ordered-positions")
class OrderedPositions(Rule):
    """A card whose ``attribute`` names a position sits at that place in the section, in
    decklist order (Arcmage: "This position in the chapter is shown in roman numericals,
    I, II and III, meaning that the card should be first (on top of the chapter), second
    or last (at the bottom of the chapter)."). ``positions`` maps each value to a slot:
    first, second, third, fourth or last. Cards without a position may go anywhere.

    ``order: exact`` (the default) reads a slot as a place counted from the top: "second"
    is the second card of the section. ``order: relative`` reads the slots as an order
    only: a card marked "second" sits below every "first" and above every "last", however
    many cards the section holds. In both, no two cards may claim the same slot. With
    ``where`` only the cards it matches claim a slot; the others may go anywhere.
    """

    def configure(self, params: Params) -> None:
        self.section = params.section()
        # one value a card, matched as written: a number or a list would match no position
        self.attribute = params.attribute(kinds=("choice", "text"))
        raw = params.get("positions", kind=dict)
        if not raw:
            params.fail("positions names no value: map each to its slot", "positions")
        self.positions = {}
        for value, slot in raw.items():
            params.known(self.attribute, value, "positions")
            if not isinstance(slot, str) or slot not in SLOTS:
                params.fail(
                    f"positions: {value!r}: slot {slot!r} is none of {', '.join(SLOTS)}",
                    "positions",
                )
            self.positions[str(value)] = slot
        self.where = params.where()
        self.order = params.get("order", "exact", str)
        if self.order not in ORDERS:
            params.fail(f"order must be one of {', '.join(ORDERS)}", "order")

    def problems(self, deck, context: Context):
        entries = deck.sections.get(self.section, ())
        placed = []  # (place, entry, value, slot) of every copy that names a position
        place = 0
        for entry in entries:
            value = entry.card.get(self.attribute)
            slot = self.positions.get(value) if value is not None else None
            if slot is not None and self.where is not None and not self.where(entry.card):
                slot = None
            if slot is None:
                # no copy names a position: the places they take are counted, not walked
                if entry.count > 0:
                    place += entry.count
                continue
            for _ in range(entry.count):
                placed.append((place, entry, value, slot))
                place += 1
        if self.order == "relative":
            return self._out_of_order(placed)
        return self._misplaced(placed, place)

    def _misplaced(self, placed, size: int):
        found = []
        for place, entry, value, slot in placed:
            index = SLOTS[slot] if SLOTS[slot] >= 0 else size - 1
            if index != place:
                found.append(
                    self.problem(
                        f"{entry.card.name} ({value}) must be {slot} but is"
                        f" {_ordinal(place)} of {size}",
                        section=self.section,
                        entries=[entry],
                        expected=index + 1,
                        actual=place + 1,
                    )
                )
        return found

    def _out_of_order(self, placed):
        """Each card against the lowest-ranked card above it: one problem per card that
        sits too low or shares its slot."""
        found = []
        above = None  # (rank, entry, value, slot) of the lowest-ranked card seen so far
        for place, entry, value, slot in placed:
            rank = _rank(slot)
            if above is not None and rank <= above[0]:
                _, other, other_value, _ = above
                if rank == above[0]:
                    # Named as the list has them, the card above first.
                    detail = (
                        f"{other.card.name} ({other_value}) and {entry.card.name} ({value})"
                        f" cannot both be {slot}"
                    )
                else:
                    detail = (
                        f"{entry.card.name} ({value}) must come before"
                        f" {other.card.name} ({other_value})"
                    )
                found.append(
                    self.problem(
                        detail,
                        section=self.section,
                        entries=[entry],
                        expected=slot,
                        actual=place + 1,
                    )
                )
            if above is None or rank > above[0]:
                above = (rank, entry, value, slot)
        return found


def _rank(slot: str) -> int:
    """first < second < third < fourth < last."""
    return SLOTS[slot] if SLOTS[slot] >= 0 else len(SLOTS)


def _ordinal(index: int) -> str:
    return ORDINALS[index] if index < len(ORDINALS) else f"number {index + 1}"
