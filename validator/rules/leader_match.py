"""leader-match: cards restricted by an attribute of the deck's leader card."""

from __future__ import annotations

from .base import Context, Params, Rule, and_list, leaders, plural, primitive

MODES = ("same", "shares")


@primitive("leader-match")
class LeaderMatch(Rule):
    """Cards fit the leader card (the one card of ``leader``) on ``attribute``.

    ``mode: same`` — the card's value equals the leader's (Shadow Era: "Cards which
    specify a faction in their type line may only be put into decks with a hero from
    that faction."); ``mode: shares`` — the card's values share at least one with the
    leader's (Shadow Era: "Cards that have one or more Class icons may only be used in
    decks with a hero that has at least one matching icon."). Cards without a value, or
    with a value in ``free`` ("Neutral"), go in any deck.

    Only cards of the leader section's types lead (an ally in the hero slot is no hero).
    Every card is checked against the leaders present: with two heroes a card fits if it
    fits either, since which one the player meant to keep is unknown; with none the rule
    says nothing. The leader section's own size and type rules report the slot itself.
    With ``where`` only the cards it matches must fit (Netrunner: only agendas may not be
    out of faction).
    """

    def configure(self, params: Params) -> None:
        self.leader_section = params.section("leader")
        self.attribute = params.attribute()
        self.mode = params.get("mode", "same", str)
        if self.mode not in MODES:
            params.fail(f"mode must be one of {', '.join(MODES)}", "mode")
        self.free = frozenset(params.strings("free", None))
        others = [s for s in params.sections() if s != self.leader_section]
        self.sections = tuple(others)
        self.leader_noun = self.game.sections_by_id[self.leader_section].noun
        self.leader_types = params.leader_types(self.leader_section)
        self.where = params.where()

    @staticmethod
    def _values(value) -> frozenset:
        if value is None:
            return frozenset()
        return frozenset(value) if isinstance(value, list) else frozenset([value])

    def _yours(self, leading, mine: frozenset) -> str:
        """'your hero Zaladar is shadow': built for a problem only, most decks have none."""
        names = list(dict.fromkeys(card.name for card in leading))
        verb = "is" if len(names) == 1 else "are"
        values_words = and_list(sorted(mine)) or f"no {self.attribute}"
        leader = f"{plural(self.leader_noun, len(names))} {and_list(names)}"
        return f"your {leader} {verb} {values_words}"

    def problems(self, deck, context: Context):
        leading = leaders(deck, self.leader_section, self.leader_types)
        if not leading:
            return []
        mine = frozenset().union(*(self._values(card.get(self.attribute)) for card in leading))
        attribute, free, shares = self.attribute, self.free, self.mode == "shares"
        found = []
        for section_id in self.sections:
            for entry in deck.sections.get(section_id, ()):
                value = entry.card.facts.get(attribute)
                if value is None:
                    continue
                if isinstance(value, list):
                    values = frozenset(value) - free
                    if not values:
                        continue
                    fits = bool(values & mine) if shares else values <= mine
                elif value in free:
                    continue
                else:
                    # One value (most cards): no set to build; both modes ask the same.
                    values = (value,)
                    fits = value in mine
                if fits or (self.where is not None and not self.where(entry.card)):
                    continue
                theirs = and_list(sorted(values)) if not shares else " or ".join(sorted(values))
                found.append(
                    self.problem(
                        f"{entry.card.name} is for {theirs} decks but {self._yours(leading, mine)}",
                        section=section_id,
                        entries=[entry],
                        expected=sorted(mine),
                        actual=sorted(values),
                    )
                )
        return found
