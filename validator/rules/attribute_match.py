"""attribute-match: one section's attribute values must equal another's, value for value."""

from __future__ import annotations

from .base import REMEMBERED_CARDS, Context, Params, Rule, plural, primitive

_UNSEEN = object()
_LEFT_OUT = object()  # a card ``where`` leaves out of the tally


@primitive("attribute-match")
class AttributeMatch(Rule):
    """The multiset of ``attribute`` over the (filtered) cards of ``section`` equals the
    one over ``match_section`` (ERA: "Crystals must match the elements of the selected
    dinos. For example, if you select 2 Air dinos and 1 Earth dino, you must have 2 Air
    crystals and 1 Earth crystal."). ``sections`` / ``match_sections`` count the cards
    of those sections instead (a dino is a dino wherever it was listed); problems are
    still ``section``'s."""

    def configure(self, params: Params) -> None:
        # one value a card: a list of values is no value to count cards of
        self.attribute = params.attribute(kinds=("choice", "text", "int", "bool"))
        self.section = params.section()
        self.counted = params.sections() if "sections" in params.raw else (self.section,)
        self.where = params.where()
        self.noun = params.noun("noun", self.game.sections_by_id[self.section].noun)
        self.match_section = params.section("match_section")
        self.match_counted = (
            params.sections("match_sections")
            if "match_sections" in params.raw
            else (self.match_section,)
        )
        self.match_where = params.where("match_where")
        self.match_noun = params.noun(
            "match_noun", self.game.sections_by_id[self.match_section].noun
        )
        self._have: dict = {}  # a card -> its value counted on the section's side
        self._want: dict = {}  # a card -> its value counted on the matched side

    def additions(self, deck, problem):
        """Too many cards of a value (a Water crystal, no Water dino) are met by as many more
        cards of the value on the other side, which the deck does not hold yet (a Water dino
        of the dinos still to choose); too few name no card, so are never asked."""
        if not problem.cards or problem.actual <= problem.expected:
            return None
        value = self.game.find_card(problem.cards[0]).facts.get(self.attribute)
        held = {e.card.identity for entries in deck.sections.values() for e in entries}
        wanted = problem.actual - problem.expected
        found: list = []
        for card in self.game.cards:
            if (
                card.identity not in held
                and card.facts.get(self.attribute) == value
                and (self.match_where is None or self.match_where(card))
                and self.game.section_for_card(card) == self.match_section
            ):
                held.add(card.identity)
                found.append((self.match_section, self.game.find_card(card.name) or card))
                if len(found) == wanted:
                    return found
        return None

    def short(self, deck, problem):
        return problem.actual < problem.expected

    def _tally(self, deck, sections, where, known: dict) -> dict:
        # A plain dict: Counter finds each new value through a method written in Python.
        # What each card gives the tally (its value, or nothing when ``where`` leaves it out)
        # is remembered per rule in ``known`` (bounded): a look-up instead of a filter's call.
        counts: dict = {}
        if len(known) >= REMEMBERED_CARDS:
            known.clear()
        for section_id in sections:
            for entry in deck.sections.get(section_id, ()):
                value = known.get(entry.card, _UNSEEN)
                if value is _UNSEEN:
                    card = entry.card
                    left_out = where is not None and not where(card)
                    value = known[card] = _LEFT_OUT if left_out else card.facts.get(self.attribute)
                if value is _LEFT_OUT:
                    continue
                # (a test and a store: a look-up by method call costs more, on every entry)
                if value in counts:
                    counts[value] += entry.count
                else:
                    counts[value] = entry.count
        return counts

    def _holders(self, deck, value) -> list:
        """The entries of ``section``'s counted cards whose value is ``value``: asked only
        of a deck that fails the rule."""
        attribute, where = self.attribute, self.where
        return [
            entry
            for section_id in self.counted
            for entry in deck.sections.get(section_id, ())
            if (where is None or where(entry.card)) and entry.card.facts.get(attribute) == value
        ]

    def problems(self, deck, context: Context):
        have = self._tally(deck, self.counted, self.where, self._have)
        want = self._tally(deck, self.match_counted, self.match_where, self._want)
        if have == want:
            return []
        found = []
        for value in sorted(set(have) | set(want), key=str):
            if have.get(value, 0) == want.get(value, 0):
                continue
            label = value if value is not None else "no"
            short = have.get(value, 0) < want.get(value, 0)
            found.append(
                self.problem(
                    f"you have {_counted(want.get(value, 0), label, self.match_noun)}"
                    f" but {_counted(have.get(value, 0), label, self.noun)}",
                    section=self.section,
                    entries=self._holders(deck, value),
                    # Too few: the cards listed are where more go, not wrong ones, so their
                    # lines are cited and no card is named (the builder's "fits my deck"
                    # hides a card a problem names, and one more is what the deck needs).
                    cards=() if short else None,
                    expected=want.get(value, 0),
                    actual=have.get(value, 0),
                )
            )
        return found


def _counted(count: int, label, noun: str) -> str:
    """'3 Fire dinos', '1 no crystal': the value before the noun, the noun in the plural."""
    return f"{count} {label} {plural(noun, count)}"
