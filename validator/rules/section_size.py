"""section-size: how many cards a section holds, optionally counting only some of them."""

from __future__ import annotations

from .base import Context, Params, Rule, count_phrase, primitive


@primitive("section-size")
class SectionSize(Rule):
    """A section holds exactly / at least / at most N cards (copies counted).

    With ``where`` only matching cards count, which expresses rules such as
    ERA's "The deck consists of 3 event cards and 27 other cards."
    """

    def configure(self, params: Params) -> None:
        self.section = params.section()
        self.exactly = params.int("exactly", None)
        self.min = params.int("min", self.exactly)
        self.max = params.int("max", self.exactly)
        if self.min is None and self.max is None:
            params.fail("needs 'exactly', 'min' or 'max'")
        self.where = params.where()
        self.noun = params.get("noun", self.game.sections_by_id[self.section].noun, str)

    def expected(self) -> str:
        if self.exactly is not None:
            return f"exactly {self.exactly}"
        if self.max is None:
            return f"at least {self.min}"
        if self.min is None:
            return f"at most {self.max}"
        return f"between {self.min} and {self.max}"

    def problems(self, deck, context: Context):
        entries = deck.sections.get(self.section, ())
        where = self.where
        if where is None:
            count = sum(e.count for e in entries)
        else:
            entries = [e for e in entries if where(e.card)]
            count = sum(e.count for e in entries)
        if (self.min is not None and count < self.min) or (
            self.max is not None and count > self.max
        ):
            return [
                self.problem(
                    f"you have {count_phrase(count, self.noun)}",
                    section=self.section,
                    entries=entries if self.max is not None and count > self.max else (),
                    expected=self.expected(),
                    actual=count,
                )
            ]
        return []
