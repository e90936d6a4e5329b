"""min-share: a minimum share of a section made of some kind of card."""

from __future__ import annotations

from .base import Context, Params, Rule, primitive


@primitive("min-share")
class MinShare(Rule):
    """At least ``percent`` % of ``section`` matches ``where`` (Arcmage recommends "At
    least 50% creature cards").

    ``of`` (a filter) names the cards the share is taken of, when not every card listed
    in the section belongs there: Arcmage's main deck is its creatures, events, magic and
    enchantments, and a region or token listed with them is neither a card of the share
    nor one it is taken of."""

    def configure(self, params: Params) -> None:
        self.section = params.section()
        self.where = params.where()
        if self.where is None:
            params.fail("needs 'where'", "where")
        self.of = params.where("of")
        self.percent = params.get("percent", kind=(int, float))
        if not 0 < self.percent <= 100:
            # 0 asks for nothing, and a share over 100% no deck can have
            params.fail(
                f"parameter 'percent' is {self.percent}: more than 0 and at most 100 is expected",
                "percent",
            )
        self.noun = params.text("noun", "matching cards")

    def short(self, deck, problem):
        """A share too small is met by adding cards of the kind asked for."""
        return True

    def problems(self, deck, context: Context):
        entries = deck.sections.get(self.section, ())
        if self.of is not None:
            entries = [e for e in entries if self.of(e.card)]
        total = sum(e.count for e in entries)
        if total == 0:
            return []
        matching = sum(e.count for e in entries if self.where(e.card))
        share = 100 * matching / total
        if share >= self.percent:
            return []
        return [
            self.problem(
                f"{matching} of your {total} cards ({share:.0f}%) are {self.noun}",
                section=self.section,
                expected=f"at least {self.percent}%",
                actual=f"{share:.0f}%",
            )
        ]
