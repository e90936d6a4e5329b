"""copy-limit: at most N copies of the same card."""

from __future__ import annotations

from .base import REMEMBERED_CARDS, Context, Params, Rule, overrides_by_identity, plural, primitive

_UNSEEN = object()


@primitive("copy-limit")
class CopyLimit(Rule):
    """No more than ``max`` copies of one card across the given sections.

    "The same card" is the game's identity (same name, or same name or card
    number where the rulebook says so). A card's own ``max_copies`` ("unless
    otherwise explicitly stated on a card") and the entry's ``overrides`` win
    over the default. ``where`` limits the rule to some cards (ERA: "up to 3
    copies of any unique Action or Equipment card").
    """

    def configure(self, params: Params) -> None:
        self.max = params.count("max")
        self.sections = params.sections()
        self.where = params.where()
        self.overrides = overrides_by_identity(self.game, params)
        self.card_overrides = params.get("card_overrides", True, bool)
        self.limits = self.configure_limits()
        # No card may have more copies than this: a deck whose most copies of a card are
        # within it breaks no limit, which most decks show without a look at each card's.
        self.lowest = min([self.max, *self.limits.values()])
        self._keys: dict = {}  # a card -> what it is counted as

    def configure_limits(self) -> dict[str, int]:
        """The limit of every card whose limit is not ``max``, worked out once per format.

        Revisions of one card may state different limits; the lowest stated one
        holds, so the verdict never depends on which revision is listed.
        """
        stated: dict[str, int] = {}
        if self.card_overrides:
            for card in self.game.cards:
                if card.max_copies is not None:
                    known = stated.get(card.identity, card.max_copies)
                    stated[card.identity] = min(known, card.max_copies)
        stated.update(self.overrides)
        return {identity: limit for identity, limit in stated.items() if limit != self.max}

    def problems(self, deck, context: Context):
        totals: dict[str, int] = {}
        # Whether a total went over the lowest limit as it was added up: none did in most
        # decks, which is then known without max() over the totals (3.7 kIr for a deck of
        # twelve cards: more than its arguments' parsing than its work). A total never over
        # it ends within it.
        lowest, over = self.lowest, False
        # What each card is counted as (its identity, or None when ``where`` leaves it out),
        # remembered per rule (bounded): a look-up instead of a filter's call per entry.
        keys = self._keys
        if len(keys) >= REMEMBERED_CARDS:
            keys.clear()
        for section_id in self.sections:
            for entry in deck.sections.get(section_id, ()):
                key = keys.get(entry.card, _UNSEEN)
                if key is _UNSEEN:
                    key = keys[entry.card] = self._key(entry.card)
                if key is not None:
                    # (a test and a store: a look-up by method call costs more, on every entry)
                    if key in totals:
                        total = totals[key] = totals[key] + entry.count
                    else:
                        total = totals[key] = entry.count
                    if total > lowest:
                        over = True
        return self._over(deck, totals) if over else []

    def _over(self, deck, totals: dict[str, int]):
        """The problems of a deck with a card whose total went over the lowest limit as it
        was added up (``totals`` per key): those over their own limit in the end."""
        limits, default = self.limits, self.max
        over = [key for key, total in totals.items() if total > limits.get(key, default)]
        return [self._too_many(deck, key, totals[key], limits.get(key, default)) for key in over]

    def _key(self, card) -> str | None:
        """What ``card`` is counted as: its identity, or None for a card ``where`` leaves out."""
        return None if self.where is not None and not self.where(card) else card.identity

    def _too_many(self, deck, identity: str, total: int, limit: int):
        held = [
            (section_id, entry)
            for section_id in self.sections
            for entry in deck.sections.get(section_id, ())
            if entry.card.identity == identity and (self.where is None or self.where(entry.card))
        ]
        entries = [entry for _, entry in held]
        names = " / ".join(dict.fromkeys(e.card.name for e in entries))
        # A card's own limit differs from the one the title states: say whose limit it is,
        # so the message never reads "Only 1 copy ... (at most 2)"; and a limit of 0 (Arcmage's
        # tokens "Can't be put in hand/deck/grave") is "none allowed", not "at most 0".
        if limit == self.max:
            bound = "none allowed" if limit == 0 else f"at most {limit}"
        else:
            bound = "this card allows none" if limit == 0 else f"this card allows at most {limit}"
        return self.problem(
            f"you have {total} {plural('copy', total)} of {names} ({bound})",
            section=held[0][0],
            entries=entries,
            expected=limit,
            actual=total,
        )
