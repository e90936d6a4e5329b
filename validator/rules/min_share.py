"""min-share: a minimum share of a section made of some kind of card."""

from __future__ import annotations

from .base import REMEMBERED_CARDS, Context, Params, Rule, primitive

_OUTSIDE, _OTHER, _MATCHING = 0, 1, 2


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
        self._kinds: dict = {}  # a card -> what it is to the share

    def _kind(self, card) -> int:
        """0 for a card the share is not taken of (``of``), else 1, or 2 when it matches."""
        if self.of is not None and not self.of(card):
            return _OUTSIDE
        return _MATCHING if self.where(card) else _OTHER

    def short(self, deck, problem):
        """A share too small is met by adding cards of the kind asked for."""
        return True

    def problems(self, deck, context: Context):
        # What each card is to the share (see _kind), remembered per rule (bounded): a
        # look-up instead of two filters' calls per entry.
        kinds = self._kinds
        if len(kinds) >= REMEMBERED_CARDS:
            kinds.clear()
        total = matching = 0
        for entry in deck.sections.get(self.section, ()):
            kind = kinds.get(entry.card)
            if kind is None:
                kind = kinds[entry.card] = self._kind(entry.card)
            if kind:
                total += entry.count
                if kind == _MATCHING:
                    matching += entry.count
        if total == 0:
            return []
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
