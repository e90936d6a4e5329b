"""distinct-values: how many different values of an attribute a section may mix."""

from __future__ import annotations

from .base import REMEMBERED_CARDS, Context, Params, Rule, and_list, count_phrase, primitive


@primitive("distinct-values")
class DistinctValues(Rule):
    """The cards of ``sections`` show at most ``max`` different values of ``attribute``.

    ``max: 1`` is "single faction" (Arcmage: "It is only allowed to have regions from
    one single faction in the region deck."); a warning with ``max: 2`` is Arcmage's
    recommendation "Up to 2 factions". Values in ``ignore`` do not count, nor do the cards
    ``where`` does not match. A card of several values shows each (Lorcana: "a dual-ink card
    counts both"). The problem says the values with their cards, in the words of ``noun``
    (the attribute's label by default): "you have 3 ink colors: Amber (Lantern), ...".
    """

    def configure(self, params: Params) -> None:
        self.sections = params.sections()
        self.attribute = params.attribute()
        self.max = params.count("max")
        self.ignore = params.values(self.attribute, "ignore", None)
        self.section = self.sections[0] if len(self.sections) == 1 else None
        self.where = params.where()
        declared = self.game.attributes.get(self.attribute)  # type, set or name: none
        self.noun = params.noun("noun", declared.label.lower() if declared else self.attribute)
        self._shown: dict = {}  # a card -> the values it shows

    def problems(self, deck, context: Context):
        seen: set = set()
        # The values each card shows (none when ``where`` leaves it out), remembered per rule
        # (bounded): a look-up instead of a filter's call and a card's look-up per entry.
        shown = self._shown
        if len(shown) >= REMEMBERED_CARDS:
            shown.clear()
        for section_id in self.sections:
            for entry in deck.sections.get(section_id, ()):
                values = shown.get(entry.card)
                if values is None:
                    values = shown[entry.card] = self._shows(entry.card)
                seen.update(values)
        seen.discard(None)
        seen -= self.ignore
        if len(seen) <= self.max:
            return []
        return [self._too_many(deck)]

    def _shows(self, card) -> tuple:
        """The values ``card`` shows: its value, or each of its list's; none for a card
        ``where`` leaves out."""
        if self.where is not None and not self.where(card):
            return ()
        value = card.get(self.attribute)
        return tuple(value) if isinstance(value, list) else (value,)

    def _too_many(self, deck):
        holders: dict[str, list] = {}
        for section_id in self.sections:
            for entry in deck.sections.get(section_id, ()):
                if self.where is not None and not self.where(entry.card):
                    continue
                value = entry.card.get(self.attribute)
                for v in value if isinstance(value, list) else [value]:
                    if v is not None and v not in self.ignore:
                        holders.setdefault(v, []).append(entry)
        parts = [
            f"{value} ({', '.join(dict.fromkeys(e.card.name for e in entries))})"
            for value, entries in sorted(holders.items())
        ]
        return self.problem(
            f"you have {count_phrase(len(holders), self.noun)}: {and_list(parts)}",
            section=self.section,
            entries=[e for entries in holders.values() for e in entries],
            expected=self.max,
            actual=len(holders),
        )
