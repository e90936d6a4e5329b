"""legal-sets: only cards printed in the format's eligible products."""

from __future__ import annotations

from .base import Context, Params, Rule, primitive


@primitive("legal-sets")
class LegalSets(Rule):
    """Every card was printed in one of the format's ``legal_sets`` (ERA: "Dinos,
    crystals, and cards printed in the following officially-released products are
    eligible for inclusion in ERA decks"), or, when the format lists none, in a set made
    for constructed play. A set released after the day validated for is not legal yet."""

    def configure(self, params: Params) -> None:
        self.sections = params.sections()
        listed = self.format.legal_sets
        if listed is None:
            listed = tuple(code for code, s in self.game.sets.items() if s.constructed)
        self.legal = frozenset(listed)

    def problems(self, deck, context: Context):
        found = []
        sets = self.game.sets
        for section_id in self.sections:
            for entry in deck.sections.get(section_id, ()):
                code = entry.card.set
                card_set = sets[code]
                if code not in self.legal:
                    reason = f"{entry.card.name} is from {card_set.name}, which is not legal here"
                elif (
                    context.as_of is not None
                    and card_set.released is not None
                    and card_set.released > context.as_of
                ):
                    reason = (
                        f"{entry.card.name} is from {card_set.name}, released"
                        f" {card_set.released.isoformat()}, after {context.as_of.isoformat()}"
                    )
                else:
                    continue
                found.append(
                    self.problem(
                        reason,
                        section=section_id,
                        entries=[entry],
                        expected=sorted(self.legal),
                        actual=code,
                    )
                )
        return found
