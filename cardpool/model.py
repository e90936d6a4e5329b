"""Plain dataclasses for a loaded game: its cards, sets, sections and formats.

Nothing here knows YAML or rules; :mod:`cardpool.loader` builds these objects
and :mod:`validator` compiles each format's rule entries.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from sys import intern
from typing import Any

from .errors import UnknownCardError, UnknownFormatError
from .name_index import NameIndex
from .names import did_you_mean, name_key


@dataclass(frozen=True, slots=True)
class CardSet:
    code: str
    name: str
    released: date | None = None
    constructed: bool = True
    # The first day the set is legal, when it is not its release day (a set released on a
    # Friday and allowed at events from the second Friday on).
    legal_from: date | None = None


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card of a pool.

    ``facts`` holds every fact of the card under its attribute name, including
    ``name``, ``type`` and ``set``, so a rule can filter on any of them alike.
    ``identity`` is what makes two cards "the same card" for copy limits: the
    name for most games, the name or card number for games that say so.
    """

    id: str
    name: str
    type: str
    set: str
    facts: Mapping[str, Any]
    identity: str
    number: str | None = None
    max_copies: int | None = None
    revision_of: str | None = None
    aliases: tuple[str, ...] = ()

    def get(self, attribute: str, default: Any = None) -> Any:
        return self.facts.get(attribute, default)

    def __repr__(self) -> str:
        return f"Card({self.id!r}, {self.name!r})"

    def __reduce__(self):
        # Read back by _card: the state hooks dataclasses give slotted classes cost ten times
        # as much as __init__, and __init__ twice as much as _card, on every card at every start.
        return (_card, tuple(getattr(self, name) for name in self.__match_args__))


_new = object.__new__
# Each slot's own setter: writing a slot through it skips the frozen class's __setattr__.
(_id, _name, _type, _set, _facts, _identity, _number, _max_copies, _revision_of, _aliases) = (
    Card.__dict__[name].__set__ for name in Card.__match_args__
)


def _card(id, name, type, set, facts, identity, number, max_copies, revision_of, aliases):
    """The card with these fields, as ``Card(...)`` makes it (positional, in field order)."""
    card = _new(Card)
    _id(card, id)
    _name(card, name)
    _type(card, type)
    _set(card, set)
    _facts(card, facts)
    _identity(card, identity)
    _number(card, number)
    _max_copies(card, max_copies)
    _revision_of(card, revision_of)
    _aliases(card, aliases)
    return card


@dataclass(frozen=True, slots=True)
class Attribute:
    """A fact cards of a game carry (element, faction, cost ...) and how to show it."""

    name: str
    label: str
    kind: str  # text | int | bool | choice | list
    values: tuple[str, ...] = ()
    filter: bool = False
    required: bool = False  # every card that may carry it has it
    types: tuple[str, ...] = ()  # only cards of these types carry it (all when empty)
    references: bool = False  # a list whose values name cards of the pool


@dataclass(frozen=True, slots=True)
class Section:
    """A part of a deck as the rulebook names it: "Dinos", "Hero", "Extra Deck"."""

    id: str
    name: str
    noun: str
    aliases: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    description: str = ""


@dataclass(frozen=True, slots=True)
class RuleSpec:
    """One rule entry of a format, as written in YAML, before it is compiled."""

    id: str
    check: str
    severity: str
    cite: str
    title: str
    params: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Decision:
    """How Deckwright reads a rulebook sentence that can be read two ways, and why.

    ``rules`` are the ids of the rule entries that enforce the reading; ``alternative``
    is the id of a format built on the other reading, when the other reading is plausible.
    """

    rules: tuple[str, ...]
    reading: str
    reason: str
    alternative: str | None = None


@dataclass(frozen=True, slots=True)
class Banlist:
    """The banned and restricted cards in force from ``date`` on."""

    date: date
    banned: frozenset[str] = frozenset()  # card identities
    restricted: Mapping[str, int] = field(default_factory=dict)  # identity -> max copies
    note: str = ""


@dataclass(frozen=True, slots=True)
class Rotation:
    """What a format allows from ``date`` on: its legal sets, and the legal values of some
    attributes (a regulation mark); what it leaves out is as before."""

    date: date
    legal_sets: tuple[str, ...] | None = None
    legal_values: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    note: str = ""


@dataclass(frozen=True, slots=True)
class Format:
    id: str
    name: str
    description: str
    rules: tuple[RuleSpec, ...]
    legal_sets: tuple[str, ...] | None = None
    banlists: tuple[Banlist, ...] = ()
    base: str | None = None
    rotations: tuple[Rotation, ...] = ()  # sorted by date at load time
    # attribute -> the values legal before the first rotation that names it (absent: any)
    legal_values: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    legal_after_days: int = 0  # days from a set's release until it is legal here

    def legal_sets_periods(self) -> tuple[tuple[date, tuple[str, ...] | None], ...]:
        """``(first day, legal sets)`` for each stretch of days with one list of legal sets,
        oldest first; ``None`` is the default (every set made for constructed play)."""
        periods = [(date.min, self.legal_sets)]
        for rotation in self.rotations:
            if rotation.legal_sets is not None:
                periods.append((rotation.date, rotation.legal_sets))
        return tuple(periods)

    def legal_values_periods(self, attribute: str) -> tuple[tuple[date, tuple | None], ...]:
        """``(first day, legal values of attribute)`` for each stretch of days, oldest first;
        ``None``: every value is legal."""
        periods = [(date.min, self.legal_values.get(attribute))]
        for rotation in self.rotations:
            if attribute in rotation.legal_values:
                periods.append((rotation.date, rotation.legal_values[attribute]))
        return tuple(periods)

    def banlist_on(self, day: date | None) -> Banlist | None:
        """The list in force on ``day`` (today when no day is given): a list dated later is
        announced but not in force yet."""
        day = day or date.today()
        current = None
        for banlist in self.banlists:  # sorted by date at load time
            if banlist.date <= day:
                current = banlist
        return current


@dataclass(eq=False)
class Game:
    """A game: its card pool and deck-construction formats, indexed for fast lookup."""

    id: str
    name: str
    short_name: str
    rulebook: str
    description: str
    illustrative: bool
    card_types: tuple[str, ...]
    attributes: Mapping[str, Attribute]
    main_attribute: str | None
    colors: Mapping[str, str]
    sections: tuple[Section, ...]
    default_section: str
    default_format: str
    formats: Mapping[str, Format]
    sets: Mapping[str, CardSet]
    cards: tuple[Card, ...]
    meta: Mapping[str, Any] = field(default_factory=dict)
    source_files: tuple[str, ...] = ()
    decisions: tuple[Decision, ...] = ()
    # Decklist headers that name the whole deck, even where a section bears the same name:
    # the cards under them go to the sections of their types, as in a list with no header.
    whole_deck_headers: tuple[str, ...] = ()
    # The number attribute the builder's cost curve counts (Yu-Gi-Oh!'s ``level``), as
    # game.yaml's ``curve`` names it; None when it names none.
    curve: str | None = None

    def __post_init__(self) -> None:
        self.cards_by_id: dict[str, Card] = {c.id: c for c in self.cards}
        self.cards_by_key: dict[str, Card] = {}
        self.cards_by_number: dict[str, Card] = {}
        self.cards_by_alias: dict[str, Card] = {}
        by_identity: dict[str, list[Card]] = {}
        # A name, number or alias shared by several printings leads to the same printing
        # however cards.yaml orders them: the verdict must not depend on the file's order.
        for card in sorted(self.cards, key=self._printing_order):
            # Interned: a key equal to the card's identity or number is that same string, held
            # (and kept in the compiled game) once.
            self.cards_by_key.setdefault(intern(name_key(card.name)), card)
            if card.number:
                self.cards_by_number.setdefault(intern(name_key(card.number)), card)
            for alias in card.aliases:
                self.cards_by_alias.setdefault(name_key(alias), card)
            by_identity.setdefault(card.identity, []).append(card)
        # Only cards printed more than once: the others are their own only printing.
        self._printings = {
            identity: tuple(cards) for identity, cards in by_identity.items() if len(cards) > 1
        }
        self.sections_by_id = {s.id: s for s in self.sections}
        self._section_keys: dict[str, str] = {}
        for section in self.sections:
            for label in (section.id, section.name, section.noun, *section.aliases):
                self._section_keys.setdefault(name_key(label), section.id)
        # card type -> the section its cards go to when a list names none (a reader asks
        # this of every card line, so it reads the mapping rather than call a method)
        self.section_for_type: dict[str, str] = {}
        for section in self.sections:
            for card_type in section.types:
                self.section_for_type.setdefault(card_type, section.id)

    @cached_property
    def name_index(self) -> NameIndex:
        """Built once, on the first suggestion or when the game is compiled to its cache: a
        suggestion then costs the same at 50 cards as at 50,000, and a start that never
        suggests never pays for it."""
        return NameIndex(c.name for c in self.cards)

    # -- lookups -----------------------------------------------------------

    def card(self, card_id: str) -> Card:
        try:
            return self.cards_by_id[card_id]
        except KeyError:
            raise UnknownCardError(f"{self.short_name} has no card with id {card_id!r}") from None

    def _printing_order(self, card: Card) -> tuple:
        """Current revisions before old ones, printings in constructed sets before others,
        then oldest release first; set code and id settle the rest."""
        card_set = self.sets.get(card.set)
        released = card_set.released if card_set and card_set.released else date.max
        constructed = card_set.constructed if card_set else False
        return (card.revision_of is not None, not constructed, released, card.set, card.id)

    def printings(self, card: Card) -> tuple[Card, ...]:
        """Every card that is ``card`` for the rules (its reprints and revisions, sharing its
        identity), in :meth:`_printing_order`: the first is the one a plain name reads as."""
        return self._printings.get(card.identity, (card,))

    def find_card(self, text: str) -> Card | None:
        """A card by name (any case, spacing, accents), card id, alias or card number.

        Real names win over aliases, so an alias can never hide a card's own name.
        """
        key = name_key(text)
        card = self.cards_by_key.get(key) or self.cards_by_id.get(text.strip().lower())
        if card is None and key:
            card = self.cards_by_alias.get(key) or self.cards_by_number.get(key)
        return card

    def alias_match(self, text: str) -> Card | None:
        """The card ``text`` names through one of its aliases, when it names no card itself.

        The decklist reader uses it to say "read X as Y" rather than change a name silently.
        """
        key = name_key(text)
        if not key or key in self.cards_by_key or text.strip().lower() in self.cards_by_id:
            return None
        return self.cards_by_alias.get(key)

    def suggest(self, text: str, limit: int = 3) -> list[str]:
        """The closest card names to ``text``, best first ("did you mean ...?")."""
        return self.name_index.suggest(text, limit)

    def decisions_for(self, rule_id: str, format_id: str | None = None) -> tuple[Decision, ...]:
        """The readings behind a rule; in ``format_id``, less those the format is the alternative
        to (a format built on the other reading does not read the sentence that way)."""
        return tuple(
            d
            for d in self.decisions
            if rule_id in d.rules and (format_id is None or d.alternative != format_id)
        )

    def section_for(self, label: str) -> str | None:
        """The section id a decklist header names, if any."""
        return self._section_keys.get(name_key(label))

    def section_for_card(self, card: Card) -> str:
        """Where a card goes when a decklist gives no section header."""
        return self.section_for_type.get(card.type, self.default_section)

    def format(self, format_id: str | None) -> Format:
        key = format_id or self.default_format
        try:
            return self.formats[key]
        except KeyError:
            known = ", ".join(self.formats)
            hint = did_you_mean(str(key), {f.id: (f.name,) for f in self.formats.values()})
            raise UnknownFormatError(
                f"{self.short_name} has no format {key!r}; its formats are: {known}{hint}"
            ) from None
