"""legal-sets: only cards printed in the format's eligible products."""

from __future__ import annotations

from datetime import date

from .base import Context, Params, Rule, and_list, primitive

# A printing in a legal set whose release date is unknown is legal on any day.
ALWAYS = date.min


@primitive("legal-sets")
class LegalSets(Rule):
    """Every card was printed in one of the format's ``legal_sets`` (ERA: "Dinos,
    crystals, and cards printed in the following officially-released products are
    eligible for inclusion in ERA decks"), or, when the format lists none, in a set made
    for constructed play. A set released after the day validated for is not legal yet.

    A card printed in several sets is legal when any of its printings is legal on that
    day, unless the decklist line named one printing (by set code or card number): then
    that printing must be."""

    def configure(self, params: Params) -> None:
        self.sections = params.sections()
        listed = self.format.legal_sets
        if listed is None:
            listed = tuple(code for code, s in self.game.sets.items() if s.constructed)
        self.legal = frozenset(listed)
        # identity -> the first day any printing of it is legal (absent: never)
        self.legal_from: dict[str, date] = {}
        for card in self.game.cards:
            day = self._legal_day(card)
            if day is not None:
                known = self.legal_from.get(card.identity)
                if known is None or day < known:
                    self.legal_from[card.identity] = day

    def problems(self, deck, context: Context):
        as_of = context.as_of
        # one problem per card (or per named printing), however many sections list it
        illegal: dict[tuple, list] = {}
        for section_id in self.sections:
            for entry in deck.sections.get(section_id, ()):
                if entry.printing_named:
                    day = self._legal_day(entry.card)
                else:
                    day = self.legal_from.get(entry.card.identity)
                if day is not None and (as_of is None or day <= as_of):
                    continue
                key = (entry.card.identity, entry.card.id if entry.printing_named else None)
                illegal.setdefault(key, []).append((section_id, entry))
        return [self._not_legal(held, as_of) for held in illegal.values()]

    def _legal_day(self, printing) -> date | None:
        """The first day this one printing is legal (None: never)."""
        if printing.set not in self.legal:
            return None
        return self.game.sets[printing.set].released or ALWAYS

    def _not_legal(self, held: list, as_of: date | None):
        section_id, entry = held[0]
        card = entry.card
        printings = (card,) if entry.printing_named else self.game.printings(card)
        sets = self.game.sets
        early = [p for p in printings if p.set in self.legal]
        if early:
            first = min(early, key=lambda p: sets[p.set].released or ALWAYS)
            card_set = sets[first.set]
            reason = (
                f"{card.name} is from {card_set.name}, released"
                f" {card_set.released.isoformat()}, after {as_of.isoformat()}"
            )
        else:
            names = list(dict.fromkeys(sets[p.set].name for p in printings))
            which = "which is not" if len(names) == 1 else "none of them"
            reason = f"{card.name} is from {and_list(names)}, {which} legal here"
        return self.problem(
            reason,
            section=section_id,
            entries=[e for _, e in held],
            expected=sorted(self.legal),
            actual=card.set,
        )
