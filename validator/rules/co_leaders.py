"""co-leaders: a deck led by several cards only when each of them may share the lead."""

from __future__ import annotations

from .base import Context, Params, Rule, a_or_an, and_list, count_phrase, primitive


@primitive("co-leaders")
class CoLeaders(Rule):
    """When more than one card leads the deck (the cards of ``leader`` of its section's
    types), each of them matches ``each``, worded by ``noun`` (Magic's Commander: a deck
    may have two commanders when both have partner). One leader alone is never held to
    ``each``, and how many may lead is the leader section's size rule. With ``where`` only
    the leaders it matches are held to ``each``.

    "you have 2 commanders; each must be a partner commander, and Krenko, Mob Boss is not"
    """

    def configure(self, params: Params) -> None:
        self.leader_section = params.section("leader")
        self.leader_types = params.leader_types(self.leader_section)
        self.leader_noun = self.game.sections_by_id[self.leader_section].noun
        self.each = params.where("each")
        if self.each is None:
            params.fail("needs parameter 'each': the filter every co-leader matches", "each")
        self.noun = params.text("noun", hint="the words for a card that may co-lead")
        self.where = params.where()

    def problems(self, deck, context: Context):
        types = self.leader_types
        leading = [
            entry
            for entry in deck.sections.get(self.leader_section, ())
            if not types or entry.card.type in types
        ]
        count = sum(entry.count for entry in leading)
        if count < 2:
            return []
        where, each = self.where, self.each
        odd = [
            entry
            for entry in leading
            if (where is None or where(entry.card)) and not each(entry.card)
        ]
        if not odd:
            return []
        names = [entry.card.name for entry in odd]
        verb = "is" if len(names) == 1 else "are"
        return [
            self.problem(
                f"you have {count_phrase(count, self.leader_noun)}; each must be"
                f" {a_or_an(self.noun)}, and {and_list(names)} {verb} not",
                section=self.leader_section,
                entries=odd,
                expected=self.noun,
                actual=count,
            )
        ]
