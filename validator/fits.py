"""Which cards could join a deck: the builder's "fits my deck" filter.

A card fits when one more copy of it, added to the section its type belongs in,
breaks no rule of the format that names that card: the leader's restrictions,
legal sets, banned lists, copy limits. Rules about the deck as a whole (its size)
name no card and so never hide one: a deck is built a card at a time.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from cardpool import Card

from .deck import Deck
from .engine import compiled
from .problems import ERROR, Problem


def misfits(
    deck: Deck, format_id: str | None, as_of: date | None, cards: Iterable[Card]
) -> dict[str, Problem | None]:
    """For each card's id: ``None`` when a copy more fits the deck, else the first error
    that the copy more brings and that names the card."""
    rules = compiled(deck.game, format_id)
    answer: dict[str, Problem | None] = {}
    for card in cards:
        trial = _copy(deck)
        trial.add(deck.game.section_for_card(card), card)
        found = rules.validate(trial, as_of).problems
        answer[card.id] = next(
            (p for p in found if p.severity == ERROR and card.name in p.cards), None
        )
    return answer


def _copy(deck: Deck) -> Deck:
    trial = Deck(deck.game, name=deck.name)
    for section_id, entries in deck.sections.items():
        trial.sections.setdefault(section_id, [])
        for entry in entries:
            trial.add(section_id, entry.card, entry.count, printing_named=entry.printing_named)
    return trial
