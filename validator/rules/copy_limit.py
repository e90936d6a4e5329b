"""copy-limit: at most N copies of the same card."""

from __future__ import annotations

from .base import Context, Params, Rule, overrides_by_identity, plural, primitive


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
        self.max = params.int("max")
        self.sections = params.sections()
        self.where = params.where()
        self.overrides = overrides_by_identity(self.game, params)
        self.card_overrides = params.get("card_overrides", True, bool)

    def limit_for(self, cards) -> int:
        """The limit of one card, given every printing of it in the deck.

        Revisions of one card may state different limits; the lowest stated one
        holds, so the verdict never depends on which revision is listed first.
        """
        identity = cards[0].identity
        if identity in self.overrides:
            return self.overrides[identity]
        stated = [c.max_copies for c in cards if c.max_copies is not None]
        if self.card_overrides and stated:
            return min(stated)
        return self.max

    def problems(self, deck, context: Context):
        groups: dict[str, list] = {}
        totals: dict[str, int] = {}
        where = self.where
        for section_id in self.sections:
            for entry in deck.sections.get(section_id, ()):
                card = entry.card
                if where is not None and not where(card):
                    continue
                key = card.identity
                totals[key] = totals.get(key, 0) + entry.count
                groups.setdefault(key, []).append((section_id, entry))
        found = []
        for key, total in totals.items():
            first_section = groups[key][0][0]
            entries = [entry for _, entry in groups[key]]
            limit = self.limit_for([entry.card for entry in entries])
            if total <= limit:
                continue
            names = " / ".join(dict.fromkeys(e.card.name for e in entries))
            found.append(
                self.problem(
                    f"you have {total} {plural('copy', total)} of {names} (at most {limit})",
                    section=first_section,
                    entries=entries,
                    expected=limit,
                    actual=total,
                )
            )
        return found
