"""Draw odds: the chance to see at least one of some cards in the opening hand and by turn N.

Drawing without replacement from a shuffled deck is hypergeometric: with ``copies`` of
the wanted cards among ``deck`` cards, the chance that ``drawn`` cards hold none of them
is C(deck - copies, drawn) / C(deck, drawn), so at least one is one minus that. The
opening hand and the draws per turn are the game's (``play`` in its game.yaml).
``static/js/odds.js`` computes the same in the builder.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import comb
from typing import Any

TURNS = (1, 2, 3, 5)


def at_least_one(deck: int, copies: int, drawn: int) -> float:
    """The chance that ``drawn`` cards from a ``deck`` holding ``copies`` wanted ones show one."""
    if deck <= 0 or copies <= 0 or drawn <= 0:
        return 0.0
    drawn = min(drawn, deck)
    copies = min(copies, deck)
    return 1 - comb(deck - copies, drawn) / comb(deck, drawn)


def cards_seen(play: Mapping[str, Any], turn: int) -> int:
    """How many cards a player has seen by their turn ``turn`` (0: the opening hand alone)."""
    return play["opening_hand"] + play["draws_per_turn"] * turn


@dataclass(frozen=True)
class Odds:
    label: str
    copies: int
    chances: tuple[float, ...]  # the opening hand, then by each of TURNS


def odds_table(play: Mapping[str, Any], deck: int, wanted: list[tuple[str, int]]) -> list[Odds]:
    """Each (label, copies) with its chance in the opening hand and by each turn of TURNS."""
    draws = [cards_seen(play, 0), *(cards_seen(play, t) for t in TURNS)]
    return [
        Odds(label, copies, tuple(at_least_one(deck, copies, n) for n in draws))
        for label, copies in wanted
    ]
