"""What a card's own page shows: its facts, printings, legality over time, decisions and lists.

Legality is the validator's: the card alone, one copy, in every format, on today and on
each day a banned list took effect. Only the rules that judge a card by itself are asked
(a rule about what else the deck holds has nothing to say of one card).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any
from urllib.parse import urlsplit

import sqlite_utils

from cardpool import Card, Game
from validator import Deck, compiled
from validator.rules import Context

# The checks that judge a card by itself: where it was printed, its legal values (a
# regulation mark), banned and restricted lists, a limit of copies (0 for a card no deck
# may hold), the types a deck may hold.
CARD_ALONE_CHECKS = frozenset(
    {"legal-sets", "legal-values", "banlist", "copy-limit", "allowed-types"}
)
# Published events read for lists that play a card; the newest first.
MAX_EVENTS_READ = 50
# A picture elsewhere is let into the page by its origin alone, written plainly.
_ORIGIN = re.compile(r"^https://[A-Za-z0-9.-]+(:[0-9]{1,5})?$")


@dataclass(frozen=True)
class Fact:
    label: str
    value: str


@dataclass(frozen=True)
class Standing:
    """The card in one format on one day: legal, or the reasons it is not."""

    day: date | None  # None: today
    note: str  # why this day is shown ("banned list of ...")
    legal: bool
    reasons: tuple[str, ...] = ()
    restricted: int | None = None


@dataclass(frozen=True)
class FormatStanding:
    id: str
    name: str
    standings: tuple[Standing, ...]

    @property
    def today(self) -> Standing:
        return self.standings[0]


@dataclass(frozen=True)
class PlayedIn:
    event_id: str
    event: str
    player: str
    count: int


@dataclass
class CardView:
    card: Card
    facts: list[Fact]
    text: str | None
    image: str | None  # an address to put in <img src>
    image_origin: str | None  # when the picture is elsewhere: its origin, for the page's CSP
    printings: list[Card]
    formats: list[FormatStanding]
    card_decisions: list[dict[str, Any]]
    readings: list[dict[str, Any]] = field(default_factory=list)
    lists: list[PlayedIn] = field(default_factory=list)


def facts_of(game: Game, card: Card) -> list[Fact]:
    """Every fact the pool gives the card, in the order the game declares its attributes."""
    facts = [Fact("Type", card.type)]
    card_set = game.sets.get(card.set)
    facts.append(Fact("Set", card_set.name if card_set else card.set))
    if card.number:
        facts.append(Fact("Number", card.number))
    for name, attribute in game.attributes.items():
        value = card.get(name)
        if value is None or value == "" or value == []:
            continue
        if isinstance(value, bool):
            shown = "Yes" if value else "No"
        elif isinstance(value, list):
            shown = ", ".join(map(str, value))
        else:
            shown = str(value)
        facts.append(Fact(attribute.label, shown))
    if card.max_copies is not None:
        facts.append(Fact("Copies allowed", str(card.max_copies)))
    if card.aliases:
        facts.append(Fact("Also written", ", ".join(card.aliases)))
    return facts


def image_of(card: Card, file_url: str) -> tuple[str | None, str | None]:
    """The address of the card's picture and, when it is on another site, that site's origin."""
    image = card.get("image")
    if not image:
        return None, None
    if image.startswith("https://"):
        origin = f"https://{urlsplit(image).netloc}"
        return (image, origin) if _ORIGIN.match(origin) else (None, None)
    return file_url, None


def days_of(game: Game, fmt) -> list[tuple[date | None, str]]:
    """Today, then each day the format's banned list changed or it rotated, newest first."""
    changes: dict[date, list[str]] = {}
    for banlist in fmt.banlists:
        changes.setdefault(banlist.date, []).append(banlist.note or "banned list of this day")
    for rotation in getattr(fmt, "rotations", ()):
        changes.setdefault(rotation.date, []).append(rotation.note or "rotation")
    days: list[tuple[date | None, str]] = [(None, "Today")]
    for day in sorted(changes, reverse=True):
        days.append((day, "; ".join(changes[day])))
    return days


def standing(game: Game, fmt, card: Card, day: date | None, note: str) -> Standing:
    deck = Deck(game)
    deck.add(game.section_for_card(card), card)
    context = Context(as_of=day or date.today())
    reasons = []
    for rule in compiled(game, fmt.id).rules:
        if rule.check not in CARD_ALONE_CHECKS:
            continue
        for problem in rule.problems(deck, context):
            if problem.severity == "error" and card.name in problem.cards:
                reasons.append(problem.message)
    banlist = fmt.banlist_on(day)
    restricted = banlist.restricted.get(card.identity) if banlist else None
    return Standing(day, note, not reasons, tuple(dict.fromkeys(reasons)), restricted)


def format_standings(game: Game, card: Card) -> list[FormatStanding]:
    return [
        FormatStanding(
            fmt.id,
            fmt.name,
            tuple(standing(game, fmt, card, day, note) for day, note in days_of(game, fmt)),
        )
        for fmt in game.formats.values()
    ]


def card_decisions(game: Game, card: Card) -> list[dict[str, Any]]:
    """The data fixes and judgement calls ``cards.yaml`` records naming this card."""
    names = {card.name, *(p.name for p in game.printings(card))}
    return [d for d in game.meta.get("decisions", ()) if names & set(d.get("cards") or ())]


def readings_for(game: Game, card: Card) -> list[dict[str, Any]]:
    """The game's readings of rules that judge this card: a rule whose ``where`` the card
    passes, a card-by-card rule with no ``where`` (it judges every card), or a rule whose
    parameters name the card, its type or its section."""
    section = game.section_for_card(card)
    concerned: dict[str, str] = {}  # rule id -> title
    for fmt in game.formats.values():
        for rule in compiled(game, fmt.id).rules:
            if rule.id in concerned:
                continue
            where = getattr(rule, "where", None)
            if where is not None:
                hit = where(card)
            elif rule.check in CARD_ALONE_CHECKS:
                hit = True
            else:
                hit = bool({card.name, card.type, section} & set(_words(rule.spec.params)))
            if hit:
                concerned[rule.id] = rule.title
    found = []
    for decision in game.decisions:
        rules = [concerned[r] for r in decision.rules if r in concerned]
        if rules:
            alternative = game.formats.get(decision.alternative) if decision.alternative else None
            found.append(
                {
                    "reading": decision.reading,
                    "reason": decision.reason,
                    "rules": rules,
                    "alternative": alternative.name if alternative else None,
                }
            )
    return found


def _words(value: Any):
    if isinstance(value, dict):
        for item in value.values():
            yield from _words(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _words(item)
    elif isinstance(value, str):
        yield value


def published_lists(db: sqlite_utils.Database, game: Game, card: Card) -> list[PlayedIn]:
    """The lists of published events of this game that play the card (any printing)."""
    from validator import parse_text

    from .events import store

    if not db["events"].exists():
        return []
    event_ids = [
        row[0]
        for row in db.execute(
            "SELECT id FROM events WHERE game = ? AND published = 1 ORDER BY created DESC LIMIT ?",
            [game.id, MAX_EVENTS_READ],
        )
    ]
    names = {p.name for p in game.printings(card)}
    found = []
    for event_id in event_ids:
        event, entries = store.published_lists(db, event_id)
        for entry in entries:
            # A stored list is canonical text naming each card: one without the name is
            # passed over unread, so a page of a card few play stays quick.
            if not any(name in entry.latest.canonical for name in names):
                continue
            deck = parse_text(entry.latest.canonical, game).deck
            count = sum(e.count for e in deck.entries() if e.card.identity == card.identity)
            if count:
                found.append(PlayedIn(event.id, event.name, entry.player, count))
    return found


def card_view(db: sqlite_utils.Database, game: Game, card: Card, image_url: str) -> CardView:
    image, origin = image_of(card, image_url)
    return CardView(
        card=card,
        facts=facts_of(game, card),
        text=card.get("text"),
        image=image,
        image_origin=origin,
        printings=list(game.printings(card)),
        formats=format_standings(game, card),
        card_decisions=card_decisions(game, card),
        readings=readings_for(game, card),
        lists=published_lists(db, game, card),
    )
