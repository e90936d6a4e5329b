"""Deck figures players look at: counts per section, per card type, per main attribute, curve."""

from __future__ import annotations

import weakref
from typing import Any

from cardpool import Card, Game

from .deck import Deck
from .rules.base import REMEMBERED_CARDS  # the cards a game keeps figures for, as filters do

CURVE_ATTRIBUTES = ("cost", "synergy")

_FIGURES: weakref.WeakKeyDictionary[Game, dict[Card, tuple]] = weakref.WeakKeyDictionary()
# A game's curve attribute (or None), as curve_attribute says it: asked on every summary.
_CURVES: weakref.WeakKeyDictionary[Game, tuple[str | None]] = weakref.WeakKeyDictionary()


def curve_attribute(game: Game) -> str | None:
    """The attribute a game's cost curve uses: the one game.yaml's ``curve`` names (Yu-Gi-Oh!'s
    ``level``), else ``cost`` or ``synergy`` when the game has one."""
    if game.curve:
        return game.curve
    return next((a for a in CURVE_ATTRIBUTES if a in game.attributes), None)


def _curve_of(game: Game) -> str | None:
    """:func:`curve_attribute`, worked out once per loaded game (which never changes)."""
    known = _CURVES.get(game)
    if known is None:
        known = _CURVES[game] = (curve_attribute(game),)
    return known[0]


def _figures(game: Game, card: Card) -> tuple[str, tuple, int | None]:
    """What one copy of ``card`` adds: its type, its main attribute's values, its cost."""
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
    curve = _curve_of(game)
    cost = facts.get(curve) if curve else None
    return card.type, main, cost if isinstance(cost, int) else None


def summarize(deck: Deck) -> dict[str, Any]:
    """Counts of copies per section, type and the game's main attribute, and the cost curve.

    The curve uses the attribute game.yaml's ``curve`` names, else the game's cost-like
    attribute (``cost`` or ``synergy``) when it has one; cards without a value are left out
    of it.
    """
    game = deck.game
    known = _FIGURES.get(game)
    if known is None or len(known) >= REMEMBERED_CARDS:
        known = _FIGURES[game] = {}
    sections: dict[str, int] = {}
    types: dict[str, int] = {}
    main: dict[Any, int] = {}
    curve: dict[int, int] = {}
    # Plain dicts, one pass, each card's figures worked out once: this runs on every
    # validation the API answers.
    for section in game.sections:
        total = 0
        for entry in deck.sections.get(section.id, ()):
            count, card = entry.count, entry.card
            figures = known.get(card)
            if figures is None:
                figures = known[card] = _figures(game, card)
            kind, values, cost = figures
            total += count
            types[kind] = types.get(kind, 0) + count
            for value in values:
                main[value] = main.get(value, 0) + count
            if cost is not None:
                curve[cost] = curve.get(cost, 0) + count
        sections[section.id] = total
    return {
        "total": sum(sections.values()),
        "sections": sections,
        "types": dict(sorted(types.items())),
        "main_attribute": game.main_attribute,
        # keys as text, as JSON has them, the curve's too; numbers in their order
        "by_main_attribute": {str(k): n for k, n in sorted(main.items(), key=_value_order)},
        "curve_attribute": _curve_of(game),
        "curve": {str(k): curve[k] for k in sorted(curve)},
    }


def _value_order(item: tuple) -> tuple:
    """Numbers in order before words: a number attribute (a pitch) beside the "none" of a
    card without it is not compared with it."""
    value = item[0]
    return (isinstance(value, str), value)
