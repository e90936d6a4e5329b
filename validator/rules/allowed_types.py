"""allowed-types: which card types a section may hold."""

from __future__ import annotations

from .base import Context, Params, Rule, a_or_an, and_list, primitive


@primitive("allowed-types")
class AllowedTypes(Rule):
    """Every card in ``section`` is of one of ``types`` (RYFT: "Their decks will consist
    of Being and Code cards"; ERUMA: "The Extra deck has Henchman Cards only"). With
    ``where`` only the cards it matches are held to the types."""

    def configure(self, params: Params) -> None:
        self.section = params.section()
        self.types = frozenset(params.strings("types"))
        if not self.types:
            params.fail("types names no card type: name those the section holds", "types")
        unknown = self.types - set(self.game.card_types)
        if unknown:
            params.fail(f"types names unknown card types: {', '.join(sorted(unknown))}", "types")
        self.allowed_words = and_list(sorted(self.types))
        self.where = params.where()

    def problems(self, deck, context: Context):
        # A plain loop: this runs on every deck, and most hold no card out of place, so a
        # comprehension's call would be paid for nothing.
        found = []
        types, where = self.types, self.where
        for entry in deck.sections.get(self.section, ()):
            card = entry.card
            if card.type not in types and (where is None or where(card)):
                found.append(
                    self.problem(
                        f"{card.name} is {a_or_an(card.type)} card",
                        section=self.section,
                        entries=[entry],
                        expected=sorted(types),
                        actual=card.type,
                    )
                )
        return found
