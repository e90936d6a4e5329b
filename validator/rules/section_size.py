"""section-size: how many cards a section holds, optionally counting only some of them."""

from __future__ import annotations

from .base import Context, Params, Rule, count_phrase, primitive

# The largest limit read as a slot whose cards are named, rather than a count of cards.
SLOT = 1


@primitive("section-size")
class SectionSize(Rule):
    """A section holds exactly / at least / at most N cards (copies counted).

    With ``where`` only matching cards count, which expresses rules such as
    ERA's "The deck consists of 3 event cards and 27 other cards." With ``sections``
    the cards of those sections count, and the problem is still the ``section``'s: a
    card counts as what it is wherever it was listed (ERA: "each player must have 3
    dinos"; a dino listed among the deck cards is reported once, by the deck's type
    rule), and a limit may span sections (Shadow Era: "up to 80 cards in total,
    including the hero").

    A size problem marks the section and names no card: no one card of a short or long
    deck, or of 4 events where 3 belong, is the wrong one. A slot for one card (a limit
    of 1, such as the hero) names the cards competing for it when there are too many;
    ``name_cards`` (true or false) says otherwise.
    """

    def configure(self, params: Params) -> None:
        self.section = params.section()
        self.counted = params.sections() if "sections" in params.raw else (self.section,)
        self.exactly = params.int("exactly", None)
        self.min = params.int("min", self.exactly)
        self.max = params.int("max", self.exactly)
        if self.min is None and self.max is None:
            params.fail("needs 'exactly', 'min' or 'max'")
        self.where = params.where()
        self.noun = params.get("noun", self.game.sections_by_id[self.section].noun, str)
        slot = self.max is not None and self.max <= SLOT
        self.name_cards = params.get("name_cards", slot, bool)

    def expected(self) -> str:
        if self.exactly is not None:
            return f"exactly {self.exactly}"
        if self.max is None:
            return f"at least {self.min}"
        if self.min is None:
            return f"at most {self.max}"
        return f"between {self.min} and {self.max}"

    def problems(self, deck, context: Context):
        entries = [e for s in self.counted for e in deck.sections.get(s, ())]
        where = self.where
        if where is None:
            count = sum(e.count for e in entries)
        else:
            entries = [e for e in entries if where(e.card)]
            count = sum(e.count for e in entries)
        too_many = self.max is not None and count > self.max
        if too_many or (self.min is not None and count < self.min):
            return [
                self.problem(
                    f"you have {count_phrase(count, self.noun)}",
                    section=self.section,
                    entries=entries if self.name_cards and too_many else (),
                    expected=self.expected(),
                    actual=count,
                )
            ]
        return []
