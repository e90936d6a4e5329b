"""What every rule primitive shares: reading its YAML parameters, filters, and wording."""

from __future__ import annotations

import difflib
import functools
import math
import operator
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any, ClassVar

from cardpool import Card, Format, Game, RuleSpec
from cardpool.names import did_you_mean, name_key

from ..deck import Deck, Entry
from ..errors import RuleConfigError
from ..problems import Problem

Predicate = Callable[[Card], bool]

REGISTRY: dict[str, type[Rule]] = {}


def primitive(name: str):
    """Register a rule class under the name game YAML files use in ``check:``."""

    def register(cls: type[Rule]) -> type[Rule]:
        cls.check = name
        REGISTRY[name] = cls
        return cls

    return register


@dataclass(frozen=True, slots=True)
class Context:
    """What a validation run knows besides the deck: the day whose rules apply."""

    as_of: date | None = None


class Params:
    """The parameters of one rule entry, checked as they are read."""

    def __init__(self, spec: RuleSpec, game: Game):
        self.spec = spec
        self.game = game
        self.raw = dict(spec.params)
        self.read: set[str] = set()

    def fail(self, message: str, key: str | None = None):
        raise RuleConfigError(self.spec.id, message, key)

    def get(self, key: str, default: Any = ..., kind: type | tuple = object) -> Any:
        self.read.add(key)
        if key not in self.raw:
            if default is ...:
                self.fail(f"needs parameter {key!r}{_meant(key, self.raw)}", key)
            return default
        value = self.raw[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, kind) or (
            isinstance(value, bool) and bool not in kinds and object not in kinds
        ):
            self.fail(
                f"parameter {key!r} has the wrong type ({value!r}): {_expected(kinds)} is expected",
                key,
            )
        return value

    def int(self, key: str, default: Any = ...) -> int | None:
        return self.get(key, default, int)

    def count(self, key: str, default: Any = ...) -> int | None:
        """A whole number of 0 or more: a limit on cards or values (``max: -2`` allows
        nothing, unsaid, and is no limit anyone writes)."""
        value = self.get(key, default, int)
        if value is not None and value < 0:
            self.fail(f"parameter {key!r} is {value}: a whole number, 0 or more, is expected", key)
        return value

    def text(
        self, key: str, default: Any = ..., hint: str = "write the words or leave it out"
    ) -> str | None:
        """Words a message says (``noun``, ``verb``): an empty one would leave a gap in it,
        refused with ``hint`` (what the words are, for words that may not be left out)."""
        value = self.get(key, default, str)
        if value is not None and not value.strip():
            self.fail(f"parameter {key!r} is empty: {hint}", key)
        return value

    def noun(self, key: str = "noun", default: Any = ...) -> str | None:
        """The words a count says (``noun: ACE SPEC card``: "2 ACE SPEC cards"), or a noun
        and its plural when English adds no s (``noun: {one: Basic Pokémon, many: Basic
        Pokémon}``: "0 Basic Pokémon", never "0 Basic Pokémons")."""
        value = self.get(key, default, (str, dict))
        if not isinstance(value, dict):
            return self.text(key, default) if value is not None else None
        forms = {}
        for form in ("one", "many"):
            word = value.get(form)
            if not isinstance(word, str) or not word.strip():
                self.fail(f"{key}: {{one: ..., many: ...}}, {form!r} missing or empty", key)
            forms[form] = word
        if set(value) - set(forms):
            self.fail(f"{key}: {{one: ..., many: ...}}, the noun and its plural alone", key)
        return Noun(forms["one"], forms["many"])

    def section(self, key: str = "section", default: Any = ...) -> str | None:
        value = self.get(key, default, str)
        if value is not None and value not in self.game.sections_by_id:
            self._no_section(key, value)
        return value

    def sections(self, key: str = "sections") -> tuple[str, ...]:
        """A list of section ids; all the game's sections when the entry names none."""
        value = self.get(key, None, (list, str))
        if value is None:
            return tuple(s.id for s in self.game.sections)
        values = [value] if isinstance(value, str) else value
        if not values:
            self.fail(f"{key} names no section: name one, or leave it out for all", key)
        for section_id in values:
            if not isinstance(section_id, str) or section_id not in self.game.sections_by_id:
                self._no_section(key, section_id)
        twice = [s for s in dict.fromkeys(values) if values.count(s) > 1]
        if twice:
            # the cards of a section named twice would be counted twice
            self.fail(f"{key} names {twice[0]!r} twice", key)
        return tuple(values)

    def _no_section(self, key: str, value: Any):
        """Fail naming the sections there are, and the one meant when one is close (a rule
        naming a section by its name, 'Extra Deck', rather than its id)."""
        sections = self.game.sections
        hint = did_you_mean(str(value), {s.id: (s.name, *s.aliases) for s in sections})
        known = ", ".join(s.id for s in sections)
        self.fail(f"{key} names no section {value!r}{hint} (its sections: {known})", key)

    def attribute(self, key: str = "attribute", kinds: tuple[str, ...] = ()) -> str:
        """An attribute of the game's cards (or ``type``, ``set``, ``name``); with ``kinds``,
        one of those kinds, the ones the rule can read."""
        value = self.get(key, kind=str)
        if value not in self.game.attributes and value not in ("type", "set", "name"):
            self.fail(f"{key} names no attribute {value!r} of {self.game.short_name}", key)
        if kinds and self._kind(value) not in kinds:
            found = _KIND_WORDS[self._kind(value)]
            wanted = or_list([_KIND_WORDS[k] for k in kinds])
            self.fail(f"{key} {value!r} is {found} attribute: {wanted} attribute is expected", key)
        return value

    def strings(self, key: str, default: Any = ...) -> tuple[str, ...]:
        value = self.get(key, default, (list, str))
        if value is None:
            return ()
        return (value,) if isinstance(value, str) else tuple(str(v) for v in value)

    def values(self, attribute: str, key: str, default: Any = ...) -> frozenset:
        """The values ``key`` names of ``attribute`` (a value or a list), each one a card of
        the pool can have: a misspelt value ("Neutrall", "Humann") would match no card and
        change verdicts in silence, so it is refused with the values the attribute has."""
        raw = self.get(key, default, object)
        if raw is None and key in self.raw:
            self.fail(f"parameter {key!r} is empty: a value or a list of values is expected", key)
        if raw is None:
            return frozenset()
        values = raw if isinstance(raw, list) else [raw]
        for value in values:
            if isinstance(value, (dict, list)):
                self.fail(f"{key}: {attribute}: a value or a list of values", key)
            self.known(attribute, value, key)
        return frozenset(values)

    def known(self, attribute: str, value: Any, key: str) -> None:
        """Fail unless ``value`` is one a card can have as ``attribute`` (said as ``key``'s)."""
        game = self.game
        if attribute == "type":
            known, what = game.card_types, "card type"
        elif attribute == "set":
            known, what = tuple(game.sets), "set"
        elif attribute == "name":
            card = game.find_card(str(value))
            if (card is not None and card.name == value) or _refused(game, value):
                return
            hint = f"; is it meant to be {card.name!r}?" if card is not None else ""
            self.fail(f"{key}: name: no card is named {value!r}{hint}", key)
        else:
            declared = game.attributes[attribute]
            if declared.kind == "int":
                if not whole_number(value):
                    self.fail(f"{key}: {attribute}: {value!r} is no number", key)
                return
            if declared.kind == "bool":
                if not isinstance(value, bool):
                    self.fail(f"{key}: {attribute}: {value!r} is neither true nor false", key)
                return
            if not declared.values:
                return
            known, what = declared.values, f"{attribute} value"
        if value not in known:
            names = [str(k) for k in known]
            close = difflib.get_close_matches(str(value), names, n=1, cutoff=0.6)
            hint = f"; is it meant to be {close[0]!r}?" if close else ""
            more = f" and {len(names) - 12} more" if len(names) > 12 else ""
            shown = ", ".join(names[:12]) + more
            self.fail(f"{key}: {attribute}: {value!r} is no {what}{hint} ({what}s: {shown})", key)

    def where(self, key: str = "where") -> Predicate | None:
        """A card filter: ``{type: Event}``, ``{type: [Action, Equipment]}``, ``{not: {...}}``,
        ``{subtype: {contains: Token}}``, ``{cost: {min: 2, max: 4}}``, ``{cost: {lt: 3}}``.

        A card's facts never change, so each filter is worked out once per card and then
        remembered: rules run their filters on every card of every deck (an ERA deck runs
        about 190 of them), and a remembered answer is a C-level look-up, not a Python call.
        """
        value = self.get(key, None, dict)
        return None if value is None else _REMEMBER(self._compile_filter(value, key))

    def _compile_filter(self, spec: dict, key: str) -> Predicate:
        if not spec:
            self.fail(f"{key} is an empty filter: name an attribute and its values", key)
        tests: list[Predicate] = []
        for attribute, wanted in spec.items():
            if attribute == "not":
                if not isinstance(wanted, dict):
                    self.fail("'not' takes a filter mapping", key)
                inner = self._compile_filter(wanted, key)
                tests.append(lambda card, inner=inner: not inner(card))
                continue
            if attribute not in self.game.attributes and attribute not in ("type", "set", "name"):
                self.fail(f"{key} names no attribute {attribute!r}", key)
            if isinstance(wanted, dict):
                tests.append(self._compile_test(attribute, wanted, key))
                continue
            values = wanted if isinstance(wanted, list) else [wanted]
            if not values or any(isinstance(v, (dict, list)) for v in values):
                self.fail(f"{key}: {attribute}: a value or a list of values", key)
            for value in values:
                self.known(attribute, value, key)
            tests.append(_one_of(attribute, frozenset(values)))
        if len(tests) == 1:
            return tests[0]
        return lambda card: all(test(card) for test in tests)

    def _compile_test(self, attribute: str, spec: dict, key: str) -> Predicate:
        """``{contains: X}`` or numeric bounds (``min``/``max``, ``lt``/``lte``/``gt``/``gte``/
        ``eq``) on one attribute; several in one mapping must all hold."""
        where = f"{key}: {attribute}"
        if not spec:
            self.fail(f"{where}: an empty test", key)
        kind = self._kind(attribute)
        tests: list[Predicate] = []
        low, high = -math.inf, math.inf  # the whole numbers the comparisons leave
        for test, operand in spec.items():
            if test == "contains":
                if kind not in ("list", "text"):
                    self.fail(f"{where}: 'contains' needs a list or text attribute", key)
                if (
                    not isinstance(operand, (str, int))
                    or isinstance(operand, bool)
                    or not str(operand).strip()
                ):
                    # nothing ('') is in every text, a card without one too
                    self.fail(f"{where}: 'contains' takes one value ({operand!r})", key)
                tests.append(_contains(attribute, str(operand), kind))
            elif test in _COMPARE:
                if kind != "int":
                    self.fail(f"{where}: {test!r} needs a number attribute", key)
                if (
                    not isinstance(operand, (int, float))
                    or isinstance(operand, bool)
                    or not math.isfinite(operand)
                ):
                    self.fail(f"{where}: {test!r} takes a number ({operand!r})", key)
                tests.append(_compare(attribute, _COMPARE[test], operand))
                low, high = _narrowed(test, operand, low, high)
            else:
                known = ", ".join(("contains", *_COMPARE))
                self.fail(f"{where}: unknown test {test!r} (use {known})", key)
        if low > high:
            # {min: 5, max: 2} matches no card, and the rule would hold for none, unsaid
            said = " and ".join(f"{test} {operand}" for test, operand in spec.items())
            self.fail(f"{where}: no whole number is {said}", key)
        if len(tests) == 1:
            return tests[0]
        return lambda card: all(test(card) for test in tests)

    def _kind(self, attribute: str) -> str:
        if attribute == "name":
            return "text"
        if attribute in ("type", "set"):
            return "choice"
        return self.game.attributes[attribute].kind

    def leader(self, needed_by: str) -> str:
        """The section holding the deck's leader card (the ``leader`` parameter), which the
        parameter ``needed_by`` reads."""
        if "leader" not in self.raw:
            self.fail(f"{needed_by} needs 'leader': the section of the leader card", needed_by)
        return self.section("leader")

    def leader_types(self, section_id: str) -> frozenset[str]:
        """The card types that lead in ``section_id`` (none named: any card there leads)."""
        return frozenset(self.game.sections_by_id[section_id].types)

    def done(self) -> None:
        # a key YAML reads as a number ('5: 2') is said as written, not sorted among words
        unknown = sorted(str(name) for name in set(self.raw) - self.read)
        if unknown:
            hints = "".join(_meant(name, self.read, reverse=True) for name in unknown)
            self.fail(f"unknown parameter(s): {', '.join(unknown)}{hints}", unknown[0])


_KIND_WORDS = {
    "int": "a number",
    "text": "a text",
    "bool": "a true-or-false",
    "choice": "a choice",
    "list": "a list",
}

_TYPE_WORDS = {
    int: "a whole number",
    float: "a number",
    str: "text",
    bool: "true or false",
    dict: "a mapping",
    list: "a list",
}


def _expected(kinds: tuple) -> str:
    """'a whole number', 'a list or text': what a parameter of these Python types is."""
    if set(kinds) == {int, float}:
        return "a number"
    return or_list([_TYPE_WORDS.get(k, k.__name__) for k in kinds])


def _narrowed(test: str, operand, low, high) -> tuple:
    """The whole numbers ``low``..``high`` that also pass ``test operand``."""
    if test in ("min", "gte"):
        return max(low, math.ceil(operand)), high
    if test == "gt":
        return max(low, math.floor(operand) + 1), high
    if test in ("max", "lte"):
        return low, min(high, math.floor(operand))
    if test == "lt":
        return low, min(high, math.ceil(operand) - 1)
    if operand != int(operand):  # eq 1.5: no card's number
        return math.inf, -math.inf
    return max(low, operand), min(high, operand)


def _meant(name: str, others, reverse: bool = False) -> str:
    """A hint naming the parameter a misspelling stands for ("maximum" written for "max").

    ``name`` is a parameter the rule needs and ``others`` those written (or, with
    ``reverse``, a parameter written and those the rule reads)."""
    close = difflib.get_close_matches(name, sorted(others), n=1, cutoff=0.6)
    if not close:
        close = [o for o in sorted(others) if o.startswith(name) or name.startswith(o)][:1]
    if not close:
        return ""
    written, needed = (name, close[0]) if reverse else (close[0], name)
    return f" (is {written!r} meant to be {needed!r}?)"


def leaders(deck: Deck, section_id: str, types: frozenset[str]) -> list[Card]:
    """The deck's leader cards: the cards of the leader section, of its types when it names
    any (an ally listed in the hero slot is no hero)."""
    # a plain loop: every deck asks, and a comprehension's call costs more than its one card
    found = []
    for entry in deck.sections.get(section_id, ()):
        if not types or entry.card.type in types:
            found.append(entry.card)
    return found


def _one_of(attribute: str, allowed: frozenset) -> Predicate:
    """A card whose ``attribute`` (or one of its values) is in ``allowed``: one call per
    card, since every rule with a ``where`` runs it on every card of every deck."""

    def test(card: Card) -> bool:
        value = card.facts.get(attribute)
        if value.__class__ is list:
            return not allowed.isdisjoint(value)
        return value in allowed

    return test


# The cards a filter remembers its answer for: far more than any deck holds, and a bound on
# what a caller trying every card of a 50,000-card pool can make a worker keep.
REMEMBERED_CARDS = 4096
_REMEMBER = functools.lru_cache(maxsize=REMEMBERED_CARDS)

_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "min": operator.ge,
    "max": operator.le,
    "gte": operator.ge,
    "lte": operator.le,
    "gt": operator.gt,
    "lt": operator.lt,
    "eq": operator.eq,
}


def _compare(attribute: str, holds: Callable[[Any, Any], bool], bound) -> Predicate:
    """A numeric bound on an ``int`` attribute; a card without the number does not match
    (a cost-less card is neither cheap nor expensive)."""

    def test(card: Card) -> bool:
        value = card.get(attribute)
        return value is not None and holds(value, bound)

    return test


def _contains(attribute: str, wanted: str, kind: str) -> Predicate:
    """A list attribute holding ``wanted``, or a text attribute with it as a word or phrase
    ("Orc Token" contains "Token"), without regard to case."""
    folded = wanted.casefold()
    if kind == "list":
        return lambda card: any(str(v).casefold() == folded for v in card.get(attribute) or ())
    phrase = re.compile(rf"(?<!\w){re.escape(wanted)}(?!\w)", re.IGNORECASE)
    return lambda card: bool(phrase.search(str(card.get(attribute) or "")))


class Rule:
    """A configured rule: reads its parameters once, then checks decks quickly.

    Subclasses implement :meth:`configure` (read parameters) and
    :meth:`problems` (return the problems of one deck, or an empty list).
    """

    check: ClassVar[str]
    # Whether the rule's verdict depends on its format (its banned list, its sets), not on
    # its entry alone: a format inheriting the same entry has the same verdict otherwise,
    # and validate_all_formats runs it once.
    reads_format: ClassVar[bool] = False

    def __init__(self, spec: RuleSpec, game: Game, fmt: Format):
        self.spec = spec
        self.id = spec.id
        self.severity = spec.severity
        self.title = spec.title
        self.game = game
        self.format = fmt
        params = Params(spec, game)
        self.when_leader = params.where("when_leader")
        self.configure(params)
        if self.when_leader is not None:
            self._only_for_leader(params.leader("when_leader"), params)
        params.done()

    def _only_for_leader(self, section_id: str, params: Params) -> None:
        """``when_leader``: the rule applies to decks whose leader matches the filter (one side
        of an asymmetric game); a deck without a leader is no such deck. Only rules that have
        the condition pay for it: their ``problems`` is wrapped, the others' is untouched."""
        condition, types, check = self.when_leader, params.leader_types(section_id), self.problems

        def problems(deck: Deck, context: Context) -> list[Problem]:
            if any(condition(card) for card in leaders(deck, section_id, types)):
                return check(deck, context)
            return []

        self.problems = problems

    def configure(self, params: Params) -> None:
        raise NotImplementedError

    def problems(self, deck: Deck, context: Context) -> list[Problem]:
        raise NotImplementedError

    def describe(self) -> str:
        """The rule in words, for listings of a format's rules."""
        return self.title

    def additions(self, deck: Deck, problem: Problem) -> list[tuple[str, Card]] | None:
        """The cards that, added to ``deck``, meet ``problem`` (one of its problems), each with
        the section it goes in; None when adding cards cannot (a card there is too much of, or
        one out of place).

        The builder's "fits my deck" does not hold such a problem against the card that asks
        for them, so long as they can be added in turn: a deck is built a card at a time."""
        return None

    def short(self, deck: Deck, problem: Problem) -> bool:
        """Whether ``problem`` (one of ``deck``'s) is the deck having too few cards, which more
        cards can meet: a section under its size, a value short of its match. Cards added to
        try a card (``additions``) may leave the deck short, never over a limit."""
        return self.additions(deck, problem) is not None

    def problem(
        self,
        detail: str,
        *,
        section: str | None = None,
        entries: Iterable[Entry] = (),
        expected: Any = None,
        actual: Any = None,
        cards: Iterable[str] | None = None,
    ) -> Problem:
        entries = entries if entries.__class__ is list else list(entries)
        if len(entries) == 1:  # most problems name one entry: no merging to do
            (entry,) = entries
            names = (entry.card.name,) if cards is None else tuple(cards)
            # (read from the entry's own list: its lines property makes a tuple of it)
            held = entry._lines
            lines = (held[0],) if len(held) == 1 else tuple(sorted(set(held)))
        else:
            names = tuple(cards) if cards is not None else _unique(e.card.name for e in entries)
            # every line of every entry: a card listed on three lines is cited on all three
            lines = tuple(sorted({n for e in entries for n in e.lines}))
        # by position, in Problem's order of fields: by keywords its __init__ costs twice
        return Problem(
            self.id,
            self.severity,
            f"{self.title}: {detail}" if detail else self.title,
            section,
            names,
            expected,
            actual,
            lines,
            self.spec.cite,
        )


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


# English adds -es after these few words ending in -o ("2 heroes"), but not after "dino".
_O_ES = frozenset({"hero"})


class Noun(str):
    """A noun written with its own plural, which :func:`plural` says as written."""

    many: str

    def __new__(cls, one: str, many: str):
        noun = super().__new__(cls, one)
        noun.many = many
        return noun


def plural(noun: str, count: int) -> str:
    """'1 dino', '2 dinos', '2 abilities', '2 copies', '2 heroes'; a :class:`Noun`'s own
    plural ('2 Basic Pokémon')."""
    if count == 1:
        return noun
    if noun.__class__ is Noun:
        return noun.many
    if noun.rsplit(" ", 1)[-1] in _O_ES:
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def a_or_an(word: str) -> str:
    """'a Creature', 'an Ally': the article a player expects before a card type."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def count_phrase(count: int, noun: str) -> str:
    return f"{count} {plural(noun, count)}"


def and_list(items: Iterable[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def or_list(items: Iterable[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def whole_number(value: Any) -> bool:
    """Whether a parameter's value is a whole number as YAML writes one: not true or false,
    which Python counts as 1 and 0."""
    return isinstance(value, int) and not isinstance(value, bool)


def overrides_by_identity(game: Game, params: Params, key: str = "overrides") -> dict[str, int]:
    raw = params.get(key, {}, dict)
    found = {}
    for name, limit in raw.items():
        card = game.find_card(str(name))
        if card is None and _refused(game, name):
            continue
        if card is None:
            params.fail(f"{key} names no card {name!r}", key)
        if not whole_number(limit) or limit < 0:
            params.fail(f"{key}: the limit for {name!r} must be a whole number, 0 or more", key)
        found[card.identity] = limit
    return found


def _refused(game: Game, name: Any) -> bool:
    """Whether ``name`` is a card the pool refused for a problem of its own, said already
    (a game built for a check in spite of problems): a rule naming it is no second one."""
    return name_key(str(name)) in game.meta.get("refused_names", ())
