"""Compile a format's rule entries once, then validate decks against them quickly."""

from __future__ import annotations

import time
import weakref
from collections.abc import Iterable
from datetime import date

from cardpool import Format, Game, PoolError, PoolProblem
from cardpool.loader import rule_hint, rule_line
from cardpool.names import did_you_mean

from .deck import Deck
from .errors import RuleConfigError
from .problems import Problem, Result
from .rules import REGISTRY, Context, Rule

_COMPILED: weakref.WeakKeyDictionary[Game, dict[str, CompiledFormat]] = weakref.WeakKeyDictionary()
# Every format of a game, compiled, in the order the game lists them, each with its rules'
# steps (validate_all_formats); the game asked for last is kept beside the weak dict, since
# asking the dict makes a reference to the game each time. One tuple, replaced whole, so a
# thread never finds one game's plan beside another game.
_ALL: weakref.WeakKeyDictionary[Game, _Plan] = weakref.WeakKeyDictionary()
_LAST: tuple[weakref.ref | None, _Plan | None] = (None, None)
# A day's context, made once: a frozen dataclass costs more to make than some rules to run.
_CONTEXTS: dict[date, Context] = {}


class CompiledFormat:
    """A format's rules, configured and ready: the hot path of validation."""

    def __init__(self, game: Game, fmt: Format):
        self.game = game
        self.format = fmt
        problems: list[PoolProblem] = []
        rules: list[Rule] = []
        for spec in fmt.rules:
            primitive = REGISTRY.get(spec.check)
            if primitive is None:
                # the rule named, and the check meant when it is misspelt ('copy-limimt')
                hint = did_you_mean(str(spec.check), dict.fromkeys(REGISTRY, ()))
                known = ", ".join(sorted(REGISTRY))
                problems.append(
                    _pool_problem(
                        game,
                        fmt,
                        spec.id,
                        f"rule {spec.id!r}: unknown check {spec.check!r}{hint} (checks: {known})",
                        "check",
                    )
                )
                continue
            try:
                rules.append(primitive(spec, game, fmt))
            except RuleConfigError as exc:
                problems.append(_pool_problem(game, fmt, spec.id, str(exc), exc.field))
        if problems:
            raise PoolError(problems)
        self.rules = tuple(rules)

    def validate(
        self, deck: Deck, as_of: date | None = None, extra: Iterable[Problem] = ()
    ) -> Result:
        """The deck's problems under the rules in force on ``as_of``: today when no day is
        given, for banned lists and set releases alike (a list or set dated later is
        announced, not in force). The result keeps ``as_of`` as asked."""
        return self.judge(deck, context_of(as_of or _today()), as_of, list(extra))

    def judge(
        self, deck: Deck, context: Context, as_of: date | None, problems: list[Problem]
    ) -> Result:
        """:meth:`validate` with the day's ``context`` made, and ``problems`` (the reader's,
        a list of the caller's own) to add the rules' problems to."""
        for rule in self.rules:
            found = rule.problems(deck, context)
            if found:
                problems.extend(found)
        # (positional: a dataclass's __init__ by keywords costs twice as much)
        return Result(self.game.id, self.format.id, self.format.name, problems, as_of)


def _today() -> date:
    """``date.today()``, which is ``date.fromtimestamp(time.time())``, asked so: date.today
    imports the time module to find time.time on every call (3.7 of its 5.7 kIr)."""
    return date.fromtimestamp(time.time())


def context_of(day: date) -> Context:
    """The context of validating on ``day``; the same one for every deck of that day."""
    context = _CONTEXTS.get(day)
    if context is None:
        if len(_CONTEXTS) >= 64:  # days asked for (as_of) are few; keep no more than that
            _CONTEXTS.clear()
        context = _CONTEXTS[day] = Context(as_of=day)
    return context


def _pool_problem(game: Game, fmt: Format, rule_id: str, message: str, field=None):
    return PoolProblem(
        file=game.source_files[0] if game.source_files else game.id,
        message=f"format {fmt.id!r}: {message}{rule_hint(game, fmt.id, rule_id, field)}",
        line=rule_line(game, fmt.id, rule_id, field),
        field=field,
        card=None,
    )


def compiled(game: Game, format_id: str | None = None) -> CompiledFormat:
    """The compiled rules of a format, built once per loaded game.

    They are remembered under the id asked for too (``None`` for the game's default), so
    the look-up every validation makes is one plain dict look-up: a loaded game never
    changes, a changed pool is a new game."""
    per_game = _COMPILED.get(game)
    if per_game is None:
        per_game = _COMPILED[game] = {}
    found = per_game.get(format_id)
    if found is None:
        fmt = game.format(format_id)
        found = per_game.get(fmt.id)
        if found is None:
            found = per_game[fmt.id] = CompiledFormat(game, fmt)
        per_game[format_id] = found
    return found


def compile_all(game: Game) -> list[PoolProblem]:
    """Compile every format of a game; the problems of those that fail.

    A bad rule entry inherited by other formats is one mistake at one line: it is
    reported once, under the first format that has it."""
    problems: list[PoolProblem] = []
    seen: set[tuple] = set()
    for format_id in game.formats:
        try:
            compiled(game, format_id)
        except PoolError as exc:
            for problem in exc.problems:
                mistake = (
                    problem.file,
                    problem.line,
                    problem.field,
                    problem.message.split(": ", 1)[-1],
                )
                if mistake not in seen:
                    seen.add(mistake)
                    problems.append(problem)
    return problems


def validate(
    deck: Deck,
    format_id: str | None = None,
    as_of: date | None = None,
    extra: Iterable[Problem] = (),
) -> Result:
    """Every problem of ``deck`` in one format (the game's default when none is named)."""
    return compiled(deck.game, format_id).validate(deck, as_of, extra)


def validate_all_formats(
    deck: Deck, as_of: date | None = None, extra: Iterable[Problem] = ()
) -> dict[str, Result]:
    """The deck's verdict in every format of its game, in the order the game lists them.

    A rule entry a format shares with one before it (inherited, the same entry) and whose
    verdict does not depend on the format is run once: its problems are those of the same
    deck on the same day."""
    global _LAST
    game = deck.game
    last, plan = _LAST
    if last is None or last() is not game:
        plan = _ALL.get(game)
        if plan is None:
            plan = _ALL[game] = _Plan(game)
        _LAST = (weakref.ref(game), plan)
    context = context_of(as_of or _today())
    extra = list(extra)
    found = [None] * plan.steps if plan.steps else None
    results = {}
    for format_id, fmt, game_id, name, checks, steps in plan.formats:
        problems = extra.copy()
        if steps is None:  # no rule shared with another format (a game of one format)
            for check in checks:
                found_now = check(deck, context)
                if found_now:
                    problems.extend(found_now)
        else:
            for check, at, first in steps:
                if first:
                    found_now = found[at] = check(deck, context)
                else:
                    found_now = found[at]
                if found_now:
                    problems.extend(found_now)
        results[format_id] = Result(game_id, fmt, name, problems, as_of)
    return results


class _Plan:
    """The formats of a game as :func:`validate_all_formats` runs them: per format, its id,
    the words of its Result, its rules' checks and, when it shares a rule with another
    format, its steps: each check with the place its problems are kept in and whether it
    is the first format to run it (the others reuse them). ``steps`` is the number of
    places, 0 when no format shares a rule."""

    __slots__ = ("formats", "steps")

    def __init__(self, game: Game):
        places: dict[tuple, int] = {}
        users: dict[int, int] = {}  # a place -> the number of formats running its rule
        compiled_formats = [(fid, compiled(game, fid)) for fid in game.formats]
        keyed = []
        for format_id, rules in compiled_formats:
            steps = []
            for rule in rules.rules:
                # a rule reading its format (its banned list, its sets) is its format's own
                key = (rule.__class__, id(rule.spec)) if not rule.reads_format else (id(rule),)
                at = places.get(key)
                first = at is None
                if first:
                    at = places[key] = len(places)
                users[at] = users.get(at, 0) + 1
                steps.append((rule.problems, at, first))
            keyed.append((format_id, rules, steps))
        formats = []
        for format_id, rules, steps in keyed:
            shares = any(users[at] > 1 for _, at, _ in steps)
            formats.append(
                (
                    format_id,
                    rules.format.id,
                    game.id,
                    rules.format.name,
                    tuple(check for check, _, _ in steps),
                    tuple(steps) if shares else None,
                )
            )
        self.formats = tuple(formats)
        self.steps = len(places) if any(n > 1 for n in users.values()) else 0


def describe_rules(game: Game, format_id: str | None = None) -> list[dict]:
    """A format's rules in words, for listings (API, ``deckwright games``)."""
    return [
        {
            "id": rule.id,
            "check": rule.check,
            "severity": rule.severity,
            "rule": rule.describe(),
            "cite": rule.spec.cite,
        }
        for rule in compiled(game, format_id).rules
    ]
