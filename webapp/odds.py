"""Draw odds: the chance to see at least one of some cards in the opening hand and by turn N.

Drawing without replacement from a shuffled deck is hypergeometric: with ``copies`` of
the wanted cards among ``deck`` cards, the chance that ``drawn`` cards hold none of them
is C(deck - copies, drawn) / C(deck, drawn), so at least one is one minus that. The
opening hand and the draws per turn are the game's (``play`` in its game.yaml).

Cards of the types in ``play.set_aside`` never stay in the opening hand (ERA: "If, while
drawing an opening hand, you draw an event card, simply set that event card aside, do
not count it as part of your hand, and continue drawing your hand. Once you have decided
to keep a hand, shuffle any event cards that had been set aside during this process back
into your deck."): the hand is dealt from the other cards, and every later draw from the
whole rest of the deck. The first hand is the one kept: a mulligan is the player's choice.
``static/js/odds.js`` computes the same in the builder.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import comb, floor
from typing import Any

TURNS = (1, 2, 3, 5)


def none_seen(deck: int, copies: int, drawn: int) -> float:
    """The chance that ``drawn`` cards from a ``deck`` holding ``copies`` wanted ones show none."""
    if copies <= 0 or drawn <= 0:
        return 1.0
    drawn = min(drawn, deck)
    copies = min(copies, deck)
    return comb(deck - copies, drawn) / comb(deck, drawn)


def at_least_one(deck: int, copies: int, drawn: int) -> float:
    """The chance that ``drawn`` cards from a ``deck`` holding ``copies`` wanted ones show one."""
    if deck <= 0 or copies <= 0 or drawn <= 0:
        return 0.0
    return 1 - none_seen(deck, copies, drawn)


def cards_seen(play: Mapping[str, Any], turn: int) -> int:
    """How many cards a player has seen by their turn ``turn`` (0: the opening hand alone)."""
    return play["opening_hand"] + play["draws_per_turn"] * turn


def chances(
    play: Mapping[str, Any], deck: int, copies: int, aside: int = 0, deck_aside: int = 0
) -> tuple[float, ...]:
    """The chance to see one of ``copies`` wanted cards in the opening hand, then by each
    of ``TURNS``. ``aside`` of the wanted copies, and ``deck_aside`` of the deck's cards,
    are of a type set aside from the opening hand."""
    if deck <= 0 or copies <= 0:
        return (0.0,) * (1 + len(TURNS))
    dealt_from = deck - deck_aside
    hand = min(play["opening_hand"], dealt_from)
    # Missing in the hand, then (every set-aside card shuffled back) in the turns' draws.
    missed = none_seen(dealt_from, copies - aside, hand) if dealt_from > 0 else 1.0
    rest = deck - hand
    by_turn = (
        1 - missed * none_seen(rest, copies, play["draws_per_turn"] * turn) if rest > 0 else 1.0
        for turn in TURNS
    )
    return (1 - missed, *by_turn)


def percent(chance: float) -> str:
    """A chance as a whole percentage; 100% and 0% only when it is certain or impossible, so
    a 99.7% draw never reads as a sure one (">99%", and "<1%" for one that may still come)."""
    if chance >= 1:
        return "100%"
    if chance <= 0:
        return "0%"
    # Half up, as the builder's Math.round: round() takes 12.5 to 12, the builder to 13, and
    # one card of 40 in a 5-card hand (1 in 8) read differently on the two pages.
    shown = floor(chance * 100 + 0.5)
    if shown >= 100:
        return ">99%"
    if shown <= 0:
        return "<1%"
    return f"{shown}%"


@dataclass(frozen=True)
class Odds:
    label: str
    copies: int
    chances: tuple[float, ...]  # the opening hand, then by each of TURNS

    @property
    def shown(self) -> tuple[str, ...]:
        """The chances as the odds table shows them."""
        return tuple(map(percent, self.chances))


@dataclass(frozen=True)
class Wanted:
    """Cards a player hopes to draw: one card, or every card of a type."""

    label: str
    copies: int
    aside: int = 0  # of those, copies of a type set aside from the opening hand


def odds_table(
    play: Mapping[str, Any], deck: int, wanted: list[Wanted], deck_aside: int = 0
) -> list[Odds]:
    """Each wanted group with its chance in the opening hand and by each turn of TURNS."""
    return [
        Odds(w.label, w.copies, chances(play, deck, w.copies, w.aside, deck_aside)) for w in wanted
    ]
