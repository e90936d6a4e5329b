"""legal-values: only cards whose value of an attribute the format allows on the day."""

from __future__ import annotations

from bisect import bisect_right
from datetime import date

from .base import Context, Params, Rule, and_list, or_list, primitive

KINDS = ("choice", "text", "int")


@primitive("legal-values")
class LegalValues(Rule):
    """Every card's ``attribute`` is one of the values the format allows on the day
    validated: the format's ``legal_values``, changed on the days of its ``rotations``
    (a regulation mark: from 2024-04-05 only cards marked F, G or H). A card without the
    attribute (a basic energy without a mark) is legal on any day, and so is every card
    while the format lists no values for the attribute. With ``required: true`` a card
    without it is not legal (Pokémon: a card printed before regulation marks is not legal
    in Standard), and ``where`` leaves out the cards that need none (basic Energy).

    A card printed several times is legal when any printing's value is allowed, unless the
    decklist line named one printing: then that printing's must be, unless ``any_printing:
    true``. A card whose value left the list "rotated out" on the day it left; one whose
    value joins on a later rotation is "not legal until" then. ``where`` limits the rule to
    the cards it matches.
    """

    reads_format = True  # its format's legal values and their days

    def configure(self, params: Params) -> None:
        self.attribute = params.attribute()
        declared = self.game.attributes.get(self.attribute)
        if declared is None or declared.kind not in KINDS:
            params.fail(
                f"attribute {self.attribute!r} must have one value a card ({', '.join(KINDS)})",
                "attribute",
            )
        self.label = declared.label
        self.periods = self.format.legal_values_periods(self.attribute)
        if all(values is None for _, values in self.periods):
            params.fail(
                f"the format lists no legal_values of {self.attribute!r}, here or in its rotations",
                "attribute",
            )
        self.sections = params.sections()
        self.where = params.where()
        self.any_printing = params.get("any_printing", False, bool)
        self.required = params.get("required", False, bool)
        self.starts = [start for start, _ in self.periods]
        # per period: the identities with a printing whose value is legal (None: all are)
        self.legal_cards = tuple(self._legal_cards(values) for _, values in self.periods)

    def _legal_cards(self, values) -> frozenset[str] | None:
        if values is None:
            return None
        allowed = frozenset(values)
        return frozenset(c.identity for c in self.game.cards if self._fits(c, allowed))

    def _fits(self, card, allowed) -> bool:
        value = card.get(self.attribute)
        if value is None:
            return not self.required
        return str(value) in allowed

    def problems(self, deck, context: Context):
        as_of = context.as_of or date.today()
        period = bisect_right(self.starts, as_of) - 1
        legal_cards = self.legal_cards[period]
        if legal_cards is None:
            return []
        allowed = frozenset(self.periods[period][1])
        own_printing, where = not self.any_printing, self.where
        illegal: dict[tuple, list] = {}
        for section_id in self.sections:
            for entry in deck.sections.get(section_id, ()):
                card = entry.card
                named = own_printing and entry.printing_named
                if self._fits(card, allowed) if named else card.identity in legal_cards:
                    continue
                if where is not None and not where(card):
                    continue
                key = (card.identity, card.id if named else None)
                illegal.setdefault(key, []).append((section_id, entry))
        return [self._not_legal(held, period) for held in illegal.values()]

    def _not_legal(self, held: list, period: int):
        section_id, entry = held[0]
        card = entry.card
        named = entry.printing_named and not self.any_printing
        printings = (card,) if named else self.game.printings(card)
        marks = [p.get(self.attribute) for p in printings]
        values = sorted({str(value) for value in marks if value is not None})
        allowed = self.periods[period][1]
        # a printing without the value (``required``) is said as such: 'has None' is no value
        detail = f"{card.name} has no {self.label}" if None in marks else f"{card.name} has"
        if values:
            joined = " or" if None in marks else ""
            detail += f"{joined} {self.label} {or_list(values)}, {self._when(values, period)}"
        return self.problem(
            f"{detail} (legal now: {and_list(allowed) or 'none'})",
            section=section_id,
            entries=[e for _, e in held],
            expected=list(allowed),
            actual=(values[0] if len(values) == 1 else values) if values else None,
        )

    def _when(self, values: list[str], period: int) -> str:
        for before in range(period - 1, -1, -1):
            earlier = self.periods[before][1]
            if earlier is None or set(values) & set(earlier):
                return f"which rotated out on {self.periods[before + 1][0].isoformat()}"
        for after in range(period + 1, len(self.periods)):
            start, later = self.periods[after]
            if later is None or set(values) & set(later):
                return f"not legal until {start.isoformat()}"
        return "which is not legal here"
