"""ordered-positions: cards that say where they go within a section."""

from __future__ import annotations

from .base import Context, Params, Rule, primitive

SLOTS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "last": -1}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


@primitive("ordered-positions")
class OrderedPositions(Rule):
    """A card whose ``attribute`` names a position sits at that place in the section, in
    decklist order (Arcmage: "This position in the chapter is shown in roman numericals,
    I, II and III, meaning that the card should be first (on top of the chapter), second
    or last (at the bottom of the chapter)."). ``positions`` maps each value to a slot:
    first, second, third, fourth or last. Cards without a position may go anywhere.
    """

    def configure(self, params: Params) -> None:
        self.section = params.section()
        self.attribute = params.attribute()
        raw = params.get("positions", kind=dict)
        self.positions = {}
        for value, slot in raw.items():
            if slot not in SLOTS:
                params.fail(f"position {value!r}: slot must be one of {', '.join(SLOTS)}")
            self.positions[str(value)] = slot

    def problems(self, deck, context: Context):
        entries = deck.sections.get(self.section, ())
        size = sum(e.count for e in entries)
        found = []
        place = 0
        for entry in entries:
            value = entry.card.get(self.attribute)
            for _ in range(entry.count):
                slot = self.positions.get(value) if value is not None else None
                if slot is not None:
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
                place += 1
        return found


def _ordinal(index: int) -> str:
    return ORDINALS[index] if index < len(ORDINALS) else f"number {index + 1}"
