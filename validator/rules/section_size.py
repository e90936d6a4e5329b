"""section-size: how many cards a section holds, optionally counting only some of them."""

from __future__ import annotations

from .base import REMEMBERED_CARDS, Context, Params, Rule, and_list, count_phrase, primitive
from .bounds import Bounds

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
    of 1, such as the hero) names the cards competing for it when there are too many, in
    its words too ("you have 2 heroes (Boris Skullcrusher and Amber Rain)");
    ``name_cards`` (true or false) says otherwise.

    With ``name_misplaced: true`` the words say which cards listed out of place the count
    left out or took in, so it is not read as a miscount of what the player sees under the
    header ("you have 39 cards, not counting Ember Spawn"; "you have 4 crystals, counting
    Water Crystal listed under Deck"): cards of the section that ``where`` leaves out, and
    cards counted from another section that do not belong in the one they are listed in.

    A bound may be read from the leader card (Netrunner: a deck holds at least its
    identity's minimum deck size, ``min: {from_leader: min_deck_size}``) or from a table
    keyed by the deck's size (``by_deck_size``); see :class:`~.bounds.Bounds`.
    """

    def configure(self, params: Params) -> None:
        self.section = params.section()
        self.counted = params.sections() if "sections" in params.raw else (self.section,)
        self.bounds = Bounds(params, self.counted)
        self.constant = self.bounds.constant
        self.where = params.where()
        self.noun = params.noun("noun", self.game.sections_by_id[self.section].noun)
        high = self.bounds.high
        slot = isinstance(high, int) and high <= SLOT
        self.name_cards = params.get("name_cards", slot, bool)
        self.name_misplaced = params.get("name_misplaced", False, bool)
        self._counted: dict = {}

    def expected(self) -> str:
        limits = self.constant
        return limits.expected() if limits is not None else self.title

    def short(self, deck, problem):
        return self.bounds.below(deck, problem.actual)

    def problems(self, deck, context: Context):
        limits = self.constant or self.bounds.limits(deck)
        if limits is None:
            return []
        where = self.where
        # A plain loop: this runs on every deck, and most are the right size, so the
        # entries are gathered only for a problem that names them.
        count = 0
        if where is None:
            for section_id in self.counted:
                for entry in deck.sections.get(section_id, ()):
                    count += entry.count
        else:
            # whether ``where`` counts a card, remembered per rule as a plain dict (a look-up
            # in it costs half a call of the filter), and bounded as the filter's own memory
            counted = self._counted
            if len(counted) >= REMEMBERED_CARDS:
                counted.clear()
            for section_id in self.counted:
                for entry in deck.sections.get(section_id, ()):
                    card = entry.card
                    counts = counted.get(card)
                    if counts is None:
                        counts = counted[card] = bool(where(card))
                    if counts:
                        count += entry.count
        too_many = limits.high is not None and count > limits.high
        if too_many or (limits.low is not None and count < limits.low):
            entries = [
                e
                for s in self.counted
                for e in deck.sections.get(s, ())
                if where is None or where(e.card)
            ]
            named = self.name_cards and too_many
            detail = f"you have {count_phrase(count, self.noun)}"
            if named:  # in words too: a problem read alone is its message and its lines
                detail += f" ({_named(entries)})"
            if self.name_misplaced:
                detail += self._misplaced(deck)
            if limits.why:  # a bound that changes from deck to deck is said with the problem
                detail += f" ({limits.expected()})"
            return [
                self.problem(
                    detail,
                    section=self.section,
                    entries=entries if named else (),
                    expected=limits.expected(),
                    actual=count,
                )
            ]
        return []

    def _misplaced(self, deck) -> str:
        """', not counting Ember Spawn', ', counting Water Crystal listed under Deck', or ''."""
        where = self.where
        left_out = [
            e
            for e in deck.sections.get(self.section, ())
            if where is not None and not where(e.card)
        ]
        said = f", not counting {_named(left_out)}" if left_out else ""
        sections = self.game.sections_by_id
        for section_id in self.counted:
            if section_id == self.section:
                continue
            taken = [
                e
                for e in deck.sections.get(section_id, ())
                if (where is None or where(e.card))
                and e.card.type not in sections[section_id].types
            ]
            if taken:
                said += f", counting {_named(taken)} listed under {sections[section_id].name}"
        return said


def _named(entries) -> str:
    """'Boris Skullcrusher and Amber Rain', or '2 Boris Skullcrusher' for one card twice."""
    counts: dict[str, int] = {}
    for entry in entries:
        counts[entry.card.name] = counts.get(entry.card.name, 0) + entry.count
    return and_list(name if n == 1 else f"{n} {name}" for name, n in counts.items())
