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
    own figures (see :func:`_figures`), kept within a bound, with what they hold: the text of
    each cost, and whether every main value is a word."""

    __slots__ = ("cost_texts", "curve", "figures", "section_ids", "words_only")

    def __init__(self, game: Game) -> None:
        self.section_ids = tuple(section.id for section in game.sections)
        self.curve = curve_attribute(game)
        self.figures: dict[Card, tuple] = {}
        # A game's costs are all of one kind (an int attribute refuses true and false), so a
        # cost's text is the same in every deck: kept, as str() makes a new string each time.
        self.cost_texts: dict[int, str] = {}
        # Until a card with a number (or other non-word) main value is met, the values are
        # sorted as they are: the same order as _value_order's, without a call for each.
        self.words_only = True


_KNOWN: weakref.WeakKeyDictionary[Game, _Known] = weakref.WeakKeyDictionary()
# The game summarized last and what is known of it: most summaries are of the game before,
# and asking a WeakKeyDictionary costs a call and a new reference to the game each time.
_LAST: tuple[weakref.ref, _Known | None] = (weakref.ref(_Known), None)  # no game yet


def _known(game: Game) -> _Known:
    """What is known of ``game``, made afresh at first use and once it holds the bound of
    cards' figures."""
    global _LAST
    known = _KNOWN.get(game)
    if known is None or len(known.figures) >= REMEMBERED_CARDS:
        known = _KNOWN[game] = _Known(game)
    _LAST = (weakref.ref(game), known)
    return known


def curve_attribute(game: Game) -> str | None:
    """The attribute a game's cost curve uses: the one game.yaml's ``curve`` names (Yu-Gi-Oh!'s
    ``level``), else ``cost`` or ``synergy`` when the game has one."""
    if game.curve:
        return game.curve
    return next((a for a in CURVE_ATTRIBUTES if a in game.attributes), None)


def _figures(game: Game, known: _Known, card: Card) -> tuple:
    """What one copy of ``card`` adds: its type, its main attribute's value when it has one
    (else None) or its values (else None), and its cost on the curve (noted in ``known``
    with its text, as whether its main values are all words)."""
    curve = known.curve
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
    if known.words_only and not all(isinstance(value, str) for value in main):
        known.words_only = False
    if not isinstance(cost, int):
        return card.type, one, values, None
    if cost not in known.cost_texts:
        known.cost_texts[cost] = str(cost)
    return card.type, one, values, cost


def summarize(deck: Deck) -> dict[str, Any]:
    """Counts of copies per section, type and the game's main attribute, and the cost curve.

    The curve uses the attribute game.yaml's ``curve`` names, else the game's cost-like
    attribute (``cost`` or ``synergy``) when it has one; cards without a value are left out
    of it.
    """
    game = deck.game
    last_game, known = _LAST
    if last_game() is not game or len(known.figures) >= REMEMBERED_CARDS:
        known = _known(game)
    figures_of = known.figures
    parts = deck.sections
    sections: dict[str, int] = {}
    types: dict[str, int] = {}
    main: dict[Any, int] = {}
    curve: dict[int, int] = {}
    total_copies = 0
    # Plain dicts, one pass, each card's figures worked out once, and loops rather than
    # comprehensions below (each a function made and called): this runs on every validation
    # the API answers.
    for section_id in known.section_ids:
        total = 0
        for entry in parts.get(section_id, ()):
            count = entry.count
            try:  # a subscript costs less than .get(), and the card is nearly always known
                kind, one, values, cost = figures_of[entry.card]
            except KeyError:
                card = entry.card
                kind, one, values, cost = figures_of[card] = _figures(game, known, card)
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
        total_copies += total
    by_type = {}
    for kind in sorted(types):
        by_type[kind] = types[kind]
    # keys as text, as JSON has them, the curve's too; numbers in their order
    by_main = {}
    for value in sorted(main) if known.words_only else sorted(main, key=_value_order):
        by_main[str(value)] = main[value]
    by_cost = {}
    cost_texts = known.cost_texts
    for cost in sorted(curve):
        by_cost[cost_texts[cost]] = curve[cost]
    return {
        "total": total_copies,
        "sections": sections,
        "types": by_type,
        "main_attribute": game.main_attribute,
        "by_main_attribute": by_main,
        "curve_attribute": known.curve,
        "curve": by_cost,
    }


def _value_order(value: Any) -> tuple:
    """Numbers in order before words: a number attribute (a pitch) beside the "none" of a
    card without it is not compared with it."""
    return (isinstance(value, str), value)
