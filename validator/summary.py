"""Deck figures players look at: counts per section, per card type, per main attribute, curve."""

from __future__ import annotations

from typing import Any

from .deck import Deck

CURVE_ATTRIBUTES = ("cost", "synergy")


def summarize(deck: Deck) -> dict[str, Any]:
    """Counts of copies per section, type and the game's main attribute, and the cost curve.

    The curve uses the game's cost-like attribute (``cost`` or ``synergy``) when
    it has one; cards without a value are left out of it.
    """
    game = deck.game
    main_attribute = game.main_attribute
    curve_attribute = next((a for a in CURVE_ATTRIBUTES if a in game.attributes), None)
    sections: dict[str, int] = {}
    types: dict[str, int] = {}
    main: dict[Any, int] = {}
    curve: dict[int, int] = {}
    # Plain dicts and one pass per section: this runs on every validation the API answers.
    for section in game.sections:
        total = 0
        for entry in deck.sections.get(section.id, ()):
            count, card = entry.count, entry.card
            total += count
            types[card.type] = types.get(card.type, 0) + count
            facts = card.facts
            if main_attribute:
                value = facts.get(main_attribute)
                for v in value if isinstance(value, list) else (value,):
                    key = v if v is not None else "none"
                    main[key] = main.get(key, 0) + count
            if curve_attribute:
                cost = facts.get(curve_attribute)
                if isinstance(cost, int):
                    curve[cost] = curve.get(cost, 0) + count
        sections[section.id] = total
    return {
        "total": sum(sections.values()),
        "sections": sections,
        "types": dict(sorted(types.items())),
        "main_attribute": main_attribute,
        "by_main_attribute": dict(sorted(main.items())),
        "curve_attribute": curve_attribute,
        "curve": {str(k): curve[k] for k in sorted(curve)},
    }
