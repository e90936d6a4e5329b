"""Deck figures players look at: counts per section, per card type, per main attribute, curve."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .deck import Deck

CURVE_ATTRIBUTES = ("cost", "synergy")


def summarize(deck: Deck) -> dict[str, Any]:
    """Counts of copies per section, type and the game's main attribute, and the cost curve.

    The curve uses the game's cost-like attribute (``cost`` or ``synergy``) when
    it has one; cards without a value are left out of it.
    """
    game = deck.game
    sections = {s.id: deck.size(s.id) for s in game.sections}
    types: Counter = Counter()
    main: Counter = Counter()
    curve: Counter = Counter()
    curve_attribute = next((a for a in CURVE_ATTRIBUTES if a in game.attributes), None)
    for entry in deck.entries():
        card = entry.card
        types[card.type] += entry.count
        if game.main_attribute:
            value = card.get(game.main_attribute)
            for v in value if isinstance(value, list) else [value]:
                main[v if v is not None else "none"] += entry.count
        if curve_attribute:
            cost = card.get(curve_attribute)
            if isinstance(cost, int):
                curve[cost] += entry.count
    return {
        "total": sum(sections.values()),
        "sections": sections,
        "types": dict(sorted(types.items())),
        "main_attribute": game.main_attribute,
        "by_main_attribute": dict(sorted(main.items())),
        "curve_attribute": curve_attribute,
        "curve": {str(k): curve[k] for k in sorted(curve)},
    }
