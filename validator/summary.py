"""Deck figures players look at: counts per section, per card type, per main attribute, curve."""

from __future__ import annotations

import weakref
from typing import Any

from cardpool import Card, Game

from .deck import Deck
from .rules.base import REMEMBERED_CARDS  # the cards a game keeps figures for, as filters do

CURVE_ATTRIBUTES = ("cost", "synergy")


class _Known:
    """What a summary of a game's decks asks of the game on every call, worked out once per
    loaded game (which never changes): its sections' ids, its curve attribute, and each card's
    own figures (see :func:`_figures`), kept within a bound."""

    __slots__ = ("curve", "figures", "section_ids")

    def __init__(self, game: Game) -> None:
        self.section_ids = tuple(section.id for section in game.sections)
        self.curve = curve_attribute(game)
        self.figures: dict[Card, tuple] = {}


_KNOWN: weakref.WeakKeyDictionary[Game, _Known] = weakref.WeakKeyDictionary()


def curve_attribute(game: Game) -> str | None:
    """The attribute a game's cost curve uses: the one game.yaml's ``curve`` names (Yu-Gi-Oh!'s
    ``level``), else ``cost`` or ``synergy`` when the game has one."""
    if game.curve:
        return game.curve
    return next((a for a in CURVE_ATTRIBUTES if a in game.attributes), None)


def _figures(game: Game, curve: str | None, card: Card) -> tuple:
    """What one copy of ``card`` adds: its type, its main attribute's value when it has one
    (else None) or its values (else None), and its ``curve`` attribute's cost."""
    facts = card.facts
    main_attribute = game.main_attribute
    main: tuple = ()
    if main_attribute:
        value = facts.get(main_attribute)
        main = (
            tuple(v if v is not None else "none" for v in value)
            if isinstance(value, list)
            else (value if value is not None else "none",)
        )
    cost = facts.get(curve) if curve else None
    one, values = (main[0], None) if len(main) == 1 else (None, main)
    return card.type, one, values, cost if isinstance(cost, int) else None


def summarize(deck: Deck) -> dict[str, Any]:
    """Counts of copies per section, type and the game's main attribute, and the cost curve.

    The curve uses the attribute game.yaml's ``curve`` names, else the game's cost-like
    attribute (``cost`` or ``synergy``) when it has one; cards without a value are left out
    of it.
    """
    game = deck.game
    known = _KNOWN.get(game)
    if known is None or len(known.figures) >= REMEMBERED_CARDS:
        known = _KNOWN[game] = _Known(game)
    figures_of = known.figures
    parts = deck.sections
    sections: dict[str, int] = {}
    types: dict[str, int] = {}
    main: dict[Any, int] = {}
    curve: dict[int, int] = {}
    # Plain dicts, one pass, each card's figures worked out once: this runs on every
    # validation the API answers.
    for section_id in known.section_ids:
        total = 0
        for entry in parts.get(section_id, ()):
            count = entry.count
            figures = figures_of.get(entry.card)
            if figures is None:
                card = entry.card
                figures = figures_of[card] = _figures(game, known.curve, card)
            kind, one, values, cost = figures
            total += count
            types[kind] = types.get(kind, 0) + count
            if values is None:  # one value, as most cards have: no loop set up for it
                main[one] = main.get(one, 0) + count
            else:
                for value in values:
                    main[value] = main.get(value, 0) + count
            if cost is not None:
                curve[cost] = curve.get(cost, 0) + count
        sections[section_id] = total
    return {
        "total": sum(sections.values()),
        "sections": sections,
        "types": dict(sorted(types.items())),
        "main_attribute": game.main_attribute,
        # keys as text, as JSON has them, the curve's too; numbers in their order
        "by_main_attribute": {str(k): n for k, n in sorted(main.items(), key=_value_order)},
        "curve_attribute": known.curve,
        "curve": {str(k): curve[k] for k in sorted(curve)},
    }


def _value_order(item: tuple) -> tuple:
    """Numbers in order before words: a number attribute (a pitch) beside the "none" of a
    card without it is not compared with it."""
    value = item[0]
    return (isinstance(value, str), value)
