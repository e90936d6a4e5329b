"""deck-sum: a number the cards carry, added up over the deck, within a bound."""

from __future__ import annotations

from .base import Context, Params, Rule, leaders, primitive
from .bounds import Bounds

PER = ("copy", "card")


@primitive("deck-sum")
class DeckSum(Rule):
    """The sum of ``attribute`` over the cards of ``sections`` that ``where`` selects stays
    within ``min`` / ``max`` / ``exactly`` (or a ``by_deck_size`` row): influence, points,
    any budget. ``per: copy`` (the default) adds a card's number once for every copy,
    ``per: card`` once for the card however many copies the deck holds. A card without the
    number adds nothing.

    Bounds may come from the leader card (Netrunner: a deck's out-of-faction influence is
    at most its identity's influence limit, ``max: {from_leader: influence_limit}``) or from
    the deck's size (Netrunner: a 40 to 44-card Corp deck holds 18 or 19 agenda points, a
    45 to 49-card one 20 or 21). With ``off_leader: faction`` only the cards whose faction
    the leader does not share count (out-of-faction influence); a deck without a leader
    then has nothing to count. A sum over the bound names the cards that add to it.
    """

    def configure(self, params: Params) -> None:
        self.attribute = params.attribute()
        declared = self.game.attributes.get(self.attribute)
        if declared is None or declared.kind != "int":
            params.fail(f"attribute {self.attribute!r} is not a number attribute", "attribute")
        self.sections = params.sections()
        self.where = params.where()
        self.per = params.get("per", "copy", str)
        if self.per not in PER:
            params.fail(f"per must be {' or '.join(PER)}, not {self.per!r}", "per")
        self.bounds = Bounds(params, self.sections)
        self.noun = params.text("noun", declared.label.lower())
        self.section = self.sections[0] if len(self.sections) == 1 else None
        self.off_leader = None
        if "off_leader" in params.raw:
            self.off_leader = params.attribute("off_leader")
            self.leader = params.leader("off_leader")
            self.leader_types = params.leader_types(self.leader)

    def short(self, deck, problem):
        """Under its lower bound (too few agenda points): cards carrying the number meet it."""
        return self.bounds.below(deck, problem.actual)

    def problems(self, deck, context: Context):
        limits = self.bounds.limits(deck)
        if limits is None:
            return []
        counted = self._counted(deck)
        if counted is None:
            return []
        attribute, once = self.attribute, self.per == "card"
        total, seen, adding = 0, set(), []
        for entry in counted:
            value = entry.card.get(attribute)
            if not isinstance(value, int) or not value:
                continue
            adding.append(entry)
            if once:
                if entry.card.identity in seen:
                    continue
                seen.add(entry.card.identity)
                total += value
            else:
                total += value * entry.count
        if limits.holds(total):
            return []
        over = limits.high is not None and total > limits.high
        return [
            self.problem(
                f"you have {total} {self.noun} ({limits.expected()})",
                section=self.section,
                entries=adding if over else (),
                expected=limits.expected(),
                actual=total,
            )
        ]

    def _counted(self, deck):
        """The entries whose numbers add up; None when ``off_leader`` finds no leader."""
        entries = [e for s in self.sections for e in deck.sections.get(s, ())]
        if self.where is not None:
            entries = [e for e in entries if self.where(e.card)]
        if self.off_leader is None:
            return entries
        cards = leaders(deck, self.leader, self.leader_types)
        if not cards:
            return None
        attribute = self.off_leader
        theirs = {_values(card.get(attribute)) for card in cards}
        # A card is in the leader's faction when it shares a value with any leader.
        return [
            e for e in entries if not any(_values(e.card.get(attribute)) & mine for mine in theirs)
        ]


def _values(value) -> frozenset:
    if value is None:
        return frozenset()
    return frozenset(value) if isinstance(value, list) else frozenset([value])
