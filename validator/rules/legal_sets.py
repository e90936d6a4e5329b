"""legal-sets: only cards printed in the format's eligible products, on the day validated."""

from __future__ import annotations

from bisect import bisect_right
from datetime import date, timedelta

from .base import REMEMBERED_CARDS, Context, Params, Rule, and_list, primitive

# A printing in a legal set whose release date is unknown is legal on any day.
ALWAYS = date.min
# The days a rule remembers the legal cards of: validations ask for today, and a few
# as_of days (each a set of at most REMEMBERED_CARDS cards).
REMEMBERED_DAYS = 16


@primitive("legal-sets")
class LegalSets(Rule):
    """Every card was printed in one of the format's ``legal_sets`` (ERA: "Dinos,
    crystals, and cards printed in the following officially-released products are
    eligible for inclusion in ERA decks"), or, when the format lists none, in a set made
    for constructed play. A set released after the day validated for is not legal yet;
    nor is one whose ``legal_from`` day, or the format's ``legal_after_days`` after its
    release, is still to come.

    The format's ``rotations`` change its legal sets on their days: a card whose sets all
    left the list "rotated out" on the day they left, and one whose set joins the list on
    a later rotation is "not legal until" then.

    A card printed in several sets is legal when any of its printings is legal on that
    day, unless the decklist line named one printing (by set code or card number): then
    that printing must be, unless ``any_printing: true`` (a reprint in a legal set makes
    every print of the card playable). ``where`` limits the rule to the cards it matches.
    """

    reads_format = True  # its format's legal sets and their days

    def configure(self, params: Params) -> None:
        self.sections = params.sections()
        self.where = params.where()
        self.any_printing = params.get("any_printing", False, bool)
        default = tuple(code for code, s in self.game.sets.items() if s.constructed)
        self.periods = tuple(
            (start, frozenset(default if listed is None else listed))
            for start, listed in self.format.legal_sets_periods()
        )
        self.starts = [start for start, _ in self.periods]
        self.rotates = len(self.starts) > 1  # else one period, no call to find it
        self.delay = timedelta(days=self.format.legal_after_days)
        # per period: identity -> the first day any printing of it is legal (absent: never)
        self.first_days = tuple(self._first_days(legal) for _, legal in self.periods)
        self.legal = self.periods[0][1]
        self._fine: dict[date, set] = {}  # a day -> the cards known legal on it

    def _first_days(self, legal: frozenset) -> dict[str, date]:
        first: dict[str, date] = {}
        for card in self.game.cards:
            day = self._legal_day(card, legal)
            if day is not None:
                known = first.get(card.identity)
                if known is None or day < known:
                    first[card.identity] = day
        return first

    def _period(self, as_of: date) -> int:
        return 0 if len(self.starts) == 1 else bisect_right(self.starts, as_of) - 1

    def problems(self, deck, context: Context):
        as_of = context.as_of or date.today()
        period = self._period(as_of) if self.rotates else 0
        legal, first_days = self.periods[period][1], self.first_days[period]
        own_printing = not self.any_printing
        where = self.where
        # The cards known legal on the day however the list names them, remembered per rule
        # and day (bounded): a card seen before is one set look-up.
        fine = self._fine.get(as_of)
        if fine is None:
            if len(self._fine) >= REMEMBERED_DAYS:
                self._fine.clear()
            fine = self._fine[as_of] = set()
        # one problem per card (or per named printing), however many sections list it
        illegal: dict[tuple, list] = {}
        for section_id in self.sections:
            for entry in deck.sections.get(section_id, ()):
                if entry.card in fine:
                    continue
                if self._legal_on(entry.card, as_of, legal, first_days):
                    if len(fine) >= REMEMBERED_CARDS:
                        fine.clear()
                    fine.add(entry.card)
                    continue
                named = own_printing and entry.printing_named
                if named:
                    day = self._legal_day(entry.card, legal)
                else:
                    day = first_days.get(entry.card.identity)
                if day is not None and day <= as_of:
                    continue
                if where is not None and not where(entry.card):
                    continue
                key = (entry.card.identity, entry.card.id if named else None)
                illegal.setdefault(key, []).append((section_id, entry))
        if not illegal:
            return []  # (most decks: no comprehension's call for nothing)
        return [self._not_legal(held, as_of, period) for held in illegal.values()]

    def _legal_on(self, card, as_of: date, legal: frozenset, first_days: dict) -> bool:
        """Whether ``card`` is legal on ``as_of`` whether the list names it or this very
        printing of it (or is a card ``where`` leaves out)."""
        day = first_days.get(card.identity)
        if day is not None and day <= as_of and not self.any_printing:
            day = self._legal_day(card, legal)
        if day is not None and day <= as_of:
            return True
        return self.where is not None and not self.where(card)

    def _legal_day(self, printing, legal: frozenset) -> date | None:
        """The first day this one printing is legal while ``legal`` are the legal sets."""
        if printing.set not in legal:
            return None
        card_set = self.game.sets[printing.set]
        if card_set.legal_from is not None:
            return card_set.legal_from
        if card_set.released is not None:
            return card_set.released + self.delay
        return ALWAYS

    def _not_legal(self, held: list, as_of: date, period: int):
        section_id, entry = held[0]
        card = entry.card
        named = entry.printing_named and not self.any_printing
        printings = (card,) if named else self.game.printings(card)
        legal = self.periods[period][1]
        return self.problem(
            f"{card.name} is from {self._reason(printings, as_of, period)}",
            section=section_id,
            entries=[e for _, e in held],
            expected=sorted(legal),
            actual=card.set,
        )

    def _reason(self, printings, as_of: date, period: int) -> str:
        sets, legal = self.game.sets, self.periods[period][1]
        early = [(self._legal_day(p, legal), p) for p in printings if p.set in legal]
        if early:
            day, first = min(early, key=lambda found: found[0])
            card_set = sets[first.set]
            if card_set.released == day:
                return f"{card_set.name}, released {day.isoformat()}, after {as_of.isoformat()}"
            released = f", released {card_set.released.isoformat()}" if card_set.released else ""
            return f"{card_set.name}{released}, not legal until {day.isoformat()}"
        names = list(dict.fromkeys(sets[p.set].name for p in printings))
        for before in range(period - 1, -1, -1):
            if any(p.set in self.periods[before][1] for p in printings):
                left = self.periods[before + 1][0]
                which = "which" if len(names) == 1 else "which all"
                return f"{and_list(names)}, {which} rotated out on {left.isoformat()}"
        for after in range(period + 1, len(self.periods)):
            start, joining = self.periods[after]
            days = [(self._legal_day(p, joining), p.set) for p in printings if p.set in joining]
            if days:
                day, code = min(days)
                until = f"not legal until {max(start, day).isoformat()}"
                if len(names) == 1:
                    return f"{names[0]}, {until}"
                # 'from Alpha and Final Fantasy, not legal until ...' read as Alpha joining too
                return f"{and_list(names)}, and {sets[code].name} is {until}"
        which = "which is not" if len(names) == 1 else "none of them"
        return f"{and_list(names)}, {which} legal here"
