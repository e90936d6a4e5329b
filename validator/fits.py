"""Which cards could join a deck: the builder's "fits my deck" filter.

A card fits when one more copy of it, added to the section its type belongs in,
leaves a deck that adding cards can still make legal: it breaks no rule of the format
that names that card (the leader's restrictions, legal sets, banned lists, copy limits),
and takes no section past a size the deck kept to (a fourth dino where 3 belong, a 31st
card in a deck of exactly 30: said as that size). A deck short of a size hides no card,
as a deck is built a card at a time. For the same reason a card that asks for other cards
the deck lacks (a Henchman it creates, in a format that requires it; a dino of its
element, for an ERA crystal while dinos are still to choose) fits when those cards can be
added in turn: they are tried with it, held to the same rules, and a problem of theirs (a
banned card, a fourth dino) hides it. A section already past its size hides no card for
it: that problem is the deck's, not one a card brings.

The cards the deck already asks for so wait, and a card that leaves no room for them does
not fit either: beside two Water dinos and an Air event, the third dino must be Air, so an
Earth dino does not fit (said as the Air event's problem), nor does a crystal or event
needing a fourth dino.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from cardpool import Card

from .deck import Deck
from .engine import CompiledFormat, compiled
from .problems import ERROR, Problem
from .rules import Rule


def misfits(
    deck: Deck, format_id: str | None, as_of: date | None, cards: Iterable[Card]
) -> dict[str, Problem | None]:
    """For each card's id: ``None`` when a copy more fits the deck, else the first error
    that the copy more brings and that adding cards cannot meet: one naming the card, or
    else one naming a card of the deck that it leaves without the cards it waits for."""
    rules = compiled(deck.game, format_id)
    by_id = {rule.id: rule for rule in rules.rules}
    errors = [p for p in rules.validate(deck, as_of).problems if p.severity == ERROR]
    standing = frozenset(_said(p) for p in errors)
    # The rules the deck breaks already, but for having too few cards (a section past its
    # size): what a copy more brings on them is not its doing.
    over = frozenset(p.rule for p in errors if not by_id[p.rule].short(deck, p))
    apart = _misplaced(by_id, deck, errors)
    waiting = _waiting(rules, by_id, deck, errors, apart, as_of, over)
    answer: dict[str, Problem | None] = {}
    for card in cards:
        trial = _copy(deck)
        section = deck.game.section_for_card(card)
        trial.add(section, card)
        answer[card.id] = _unmet(
            rules, by_id, trial, {card.name}, waiting, as_of, (standing, section), apart, over
        )
    return answer


def _said(problem: Problem) -> tuple:
    """What a problem says of which cards where: the same before and after a copy more
    when that copy has no part in it."""
    return (problem.rule, problem.section, problem.message, problem.cards)


def _misplaced(by_id: dict[str, Rule], deck: Deck, errors: list[Problem]) -> frozenset:
    """What the deck's errors say (see :func:`_said`) that only says cards are listed out of
    place (an Air event under Crystals): each names cards listed in a section their type does
    not go in, and no card added meets it. Moving them changes nothing a rule counts (they
    count wherever they are listed), so what they ask for they still ask."""
    section_for = deck.game.section_for_card
    out_of_place = {
        (section_id, entry.card.name)
        for section_id, entries in deck.sections.items()
        for entry in entries
        if section_for(entry.card) != section_id
    }
    return frozenset(
        _said(p)
        for p in errors
        if p.cards
        and all((p.section, name) in out_of_place for name in p.cards)
        and by_id[p.rule].additions(deck, p) is None
    )


def _waiting(
    rules: CompiledFormat,
    by_id: dict[str, Rule],
    deck: Deck,
    errors: list[Problem],
    apart: frozenset,
    as_of: date | None,
    over: frozenset[str] = frozenset(),
) -> frozenset[str]:
    """The names of the deck's cards that ask for cards it does not hold yet (an Air event
    for an Air dino), when adding cards can give every one of them what it asks for; none
    when it cannot (no card added is to blame for what the deck could not do without it).
    A card listed out of place (``apart``: see :func:`_misplaced`) asks all the same."""
    asking = frozenset(
        name
        for p in errors
        if p.cards and by_id[p.rule].additions(deck, p) is not None
        for name in p.cards
    )
    if not asking or _unmet(
        rules, by_id, _copy(deck), set(asking), frozenset(), as_of, (apart, None), over=over
    ):
        return frozenset()
    return asking


def _unmet(
    rules: CompiledFormat,
    by_id: dict[str, Rule],
    trial: Deck,
    asked: set[str],
    waiting: frozenset[str],
    as_of: date | None,
    standing: tuple[frozenset, str] | None = None,
    apart: frozenset = frozenset(),
    over: frozenset[str] = frozenset(),
) -> Problem | None:
    """The first error naming a card ``asked`` for (else one ``waiting``) that adding cards
    cannot meet, or None. An error a rule can meet by adding cards (``Rule.additions``: the
    Henchmen a card creates) has them added to the trial deck, checked again with them.

    An error that names no card and that no card added meets (``Rule.short``: a section
    past its size) is the trial's doing unless its rule is one the deck broke before
    (``over``): a fourth dino does not fit 3, nor a crystal asking for a fourth dino (said
    as the crystal's own problem), while beside 31 deck cards a dino still to choose does.

    With ``standing`` (the deck's errors before, and the section the card goes in), an
    error the deck said word for word before is none of the card's unless it is of a
    section a card it names was added to: two Demons listed under Deck are misplaced
    whether or not a Demon more goes in the Extra Deck, and that Demon fits there (so does
    Grotheus, who creates one), while a Shadow ally more beside one under a Human hero
    breaks the faction rule as the first one does. A card waiting for others is held to
    what it asks, not to its being listed out of place (``apart``), which it was before."""
    said, into = standing if standing else (frozenset(), None)
    placed = {(into, name) for name in asked}  # where each card tried went
    added: set[tuple[str, str]] = set()
    # The rules broken, but for having too few cards, that are not the card's doing: the
    # deck's before, and those the card's own trial breaks naming other cards of the deck
    # (their problem, said by the deck's verdict). One broken past them is the card's.
    broken: set[str] | None = None
    # The first problem met by adding cards: said when they cannot be added after all (a
    # banned Henchman, a fourth dino), as it is the rule the card itself breaks.
    first: Problem | None = None
    while True:
        # each error once, in the verdict's order: the card's (those naming a card asked
        # for), then those of the cards waiting, then the rest unless more cards meet them
        errors: list[Problem] = []
        waited: list[Problem] = []
        beyond: list[Problem] = []
        for p in rules.validate(trial, as_of).problems:
            if p.severity != ERROR:
                continue
            if asked.intersection(p.cards) and (
                _said(p) not in said or any((p.section, c) in placed for c in p.cards)
            ):
                errors.append(p)
            elif waiting.intersection(p.cards) and (
                _said(p) not in apart or any((p.section, c) in placed for c in p.cards)
            ):
                waited.append(p)
            elif not by_id[p.rule].short(trial, p):
                beyond.append(p)
        errors += waited
        if broken is None:
            broken = set(over).union(p.rule for p in beyond if p.cards)
        wanted = [(p, by_id[p.rule].additions(trial, p)) for p in errors]
        unmet = next((p for p, additions in wanted if additions is None), None)
        if unmet is not None:
            return first or unmet
        brought = next((p for p in beyond if p.rule not in broken), None)
        if brought is not None:
            # the card takes a section past its size, or what was added for it does
            return first or brought
        if not errors:
            return None
        first = first or errors[0]
        new = {
            (section_id, more.identity): (section_id, more)
            for _, additions in wanted
            for section_id, more in additions
            if (section_id, more.identity) not in added
        }
        if not new:  # nothing more to add: the cards asked for do not meet it
            return first
        for key, (section_id, more) in new.items():
            added.add(key)
            asked.add(more.name)
            placed.add((section_id, more.name))
            trial.add(section_id, more)


@dataclass(frozen=True)
class Fit:
    """Whether a copy more of the card with this id fits, and if not, the rule it breaks."""

    id: str
    fits: bool
    reason: str | None = None
    rule: str | None = None


NO_SUCH_CARD = "No card has this id."


def fits(
    deck: Deck, format_id: str | None, as_of: date | None, card_ids: Iterable[str]
) -> list[Fit]:
    """Each card id once, in the order given: a card the game does not have never fits."""
    ids = list(dict.fromkeys(card_ids))
    cards = deck.game.cards_by_id
    found = misfits(deck, format_id, as_of, [cards[i] for i in ids if i in cards])
    answer = []
    for card_id in ids:
        if card_id not in found:
            answer.append(Fit(card_id, False, NO_SUCH_CARD))
        elif (problem := found[card_id]) is None:
            answer.append(Fit(card_id, True))
        else:
            answer.append(Fit(card_id, False, problem.message, problem.rule))
    return answer


def _copy(deck: Deck) -> Deck:
    trial = Deck(deck.game, name=deck.name)
    for section_id, entries in deck.sections.items():
        trial.sections.setdefault(section_id, [])
        for entry in entries:
            trial.add(section_id, entry.card, entry.count, printing_named=entry.printing_named)
    return trial
