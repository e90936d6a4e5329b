"""The submission rules: how a list received is read and judged in an event's format."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable
from datetime import date, datetime
from typing import Any

import orjson

from cardpool import DeckwrightError, Game
from validator import (
    DecklistError,
    parse_mapping,
    parse_text,
    to_text,
    validate,
)
from validator.files import EMPTY_DECKLIST, is_empty_decklist, played_in_another_format

from ..json_provider import ORJSON_OPTIONS
from .records import (
    DEFAULT_LIMITS,
    JSON,
    MAX_LIST_CHARS,
    TEXT,
    Checked,
    Event,
    Limits,
    Recheck,
    SheetSection,
    Submission,
    Version,
    as_utc,
)
from .refusals import DECKLIST, FormatGoneError, InvalidSubmissionError
from .text import is_unicode, shown_data, stored_json

# What one kept problem may carry: a problem about 25,000 lines names the first few.
PROBLEM_ITEMS = 20
PROBLEM_TEXT_CHARS = 1_000
# How problems are stored: JSON with anything else written as its str(), as
# json.dumps(problems, default=str) writes it; orjson does it several times faster.
_PROBLEMS_JSON = json.JSONEncoder(default=str)


def check(
    game: Game,
    event: Event,
    submission: Submission,
    limits: Limits = DEFAULT_LIMITS,
    *,
    received: datetime | None = None,
) -> Checked:
    """Read a list and validate it in the event's format, on the event's banned-list day,
    or without one on the day (in UTC, as its sheet prints it) the list is ``received``.

    The verdict keeps its counts whole but at most ``limits.problems`` problems,
    each with its first few lines, cards and suggestions: what is stored and
    answered stays small however long the list. An event whose format the card pool no
    longer has takes no list (:class:`FormatGoneError`).
    """
    if gone := format_gone(game, event):
        raise gone
    if not (is_unicode(submission.body) and is_unicode(submission.content)):
        # No page could show it: a lone surrogate cannot be written as UTF-8.
        raise InvalidSubmissionError("the list holds text that is not valid Unicode", DECKLIST)
    if submission.kind == TEXT:
        if not isinstance(submission.content, str) or is_empty_decklist(submission.content):
            raise InvalidSubmissionError(EMPTY_DECKLIST, DECKLIST)
        if len(submission.content) > MAX_LIST_CHARS:
            raise InvalidSubmissionError(
                f"a decklist has at most {MAX_LIST_CHARS} characters", DECKLIST
            )
        parsed = parse_text(submission.content, game)
    else:
        if len(submission.body) > MAX_LIST_CHARS:
            raise InvalidSubmissionError(
                f"a decklist has at most {MAX_LIST_CHARS} characters", DECKLIST
            )
        try:
            parsed = parse_mapping(submission.content, game)
        except DecklistError as exc:
            raise InvalidSubmissionError(f"the deck cannot be read: {exc}", DECKLIST) from None
    # The receipt covers the cards alone, so a deck's own title never changes its hash.
    parsed.deck.name = ""
    day = judged_on(event, received)
    result = validate(
        parsed.deck,
        event.format,
        day,
        [*parsed.problems, *played_in_another_format(game, parsed, event.format)],
    )
    canonical = to_text(parsed.deck)
    problems, problems_json = stored_problems(
        [compact(p.as_dict()) for p in result.problems[: limits.problems]]
    )
    return Checked(
        submission=submission,
        parsed=parsed,
        canonical=canonical,
        digest=hashlib.sha256(canonical.encode("utf-8")).hexdigest(),
        legal=result.legal,
        errors=len(result.errors),
        warnings=len(result.warnings),
        problems=problems,
        problems_json=problems_json,
        format=event.format,
        as_of=event.as_of,
    )


def format_gone(game: Game, event: Event) -> FormatGoneError | None:
    """Why no list can be checked for the event, when its format is no longer in the card
    pool (the pages say it; a list sent is refused with it); None while it is."""
    if event.format in game.formats:
        return None
    names = [f"{each.name} ({each.id})" for each in game.formats.values()]
    return FormatGoneError(event.format, game.short_name, names)


def stored_problems(problems: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], str]:
    """The problems as reading their stored JSON back gives them, and that JSON."""
    try:
        text = orjson.dumps(problems, default=str, option=ORJSON_OPTIONS).decode()
    except orjson.JSONEncodeError:
        # A lone surrogate (a card pool's text can hold one: YAML reads "\ud800") or an
        # integer past 64 bits: written by the standard encoder, surrogates replaced first.
        text = _PROBLEMS_JSON.encode(shown_data(problems))
        return stored_json(text, []), text
    # What orjson wrote it reads back exactly: its integers all fit in 64 bits.
    return orjson.loads(text), text


def compact(problem: dict[str, Any]) -> dict[str, Any]:
    """A problem as kept (``problem`` is a fresh ``as_dict()``, cut in place): long lists
    and texts cut to their start."""
    for key in ("lines", "cards", "suggestions"):
        if len(problem[key]) > PROBLEM_ITEMS:
            problem[key] = problem[key][:PROBLEM_ITEMS]
    for key in ("message", "cite"):
        if len(problem[key]) > PROBLEM_TEXT_CHARS:
            problem[key] = problem[key][: PROBLEM_TEXT_CHARS - 1] + "…"
    return problem


# A line of a stored list as ``to_text`` writes it: a section's header, or a count and a card.
_HEADER_LINE = re.compile(r"(?P<name>[^0-9#].*):")
_CARD_LINE = re.compile(r"(?P<count>[0-9]+) (?P<card>.+)")


def sheet_sections(game: Game, version: Version) -> list[SheetSection]:
    """A stored list by section in the game's order, each card with its count and the totals,
    then its sideboard and maybe-board: the receipt covers them, and judges check them too.

    The sections, counts and lines are the stored list's own, each card named as the game
    names it today. A card the game no longer has (taken out of the pool, or renamed with
    no alias since) keeps its line as stored, named in ``missing``: a sheet never leaves out
    a card the player's receipt covers."""
    read = parse_text(version.canonical, game)
    named = {n: e.card.name for _, part in read.deck.named_parts() for e in part for n in e.lines}
    # Each section as (its name, its rows, the names of its rows the game no longer has).
    parts: list[tuple[str, list[tuple[int, str]], list[str]]] = []
    for number, line in enumerate(version.canonical.split("\n"), start=1):
        if card := _CARD_LINE.fullmatch(line):
            if not parts:  # every stored list opens with a header; one without is still shown
                parts.append(("", [], []))
            name = named.get(number)
            if name is None:
                name = card["card"]
                parts[-1][2].append(name)
            parts[-1][1].append((int(card["count"]), name))
        elif header := _HEADER_LINE.fullmatch(line):
            parts.append((header["name"], [], []))
    return [
        SheetSection(name, rows, sum(count for count, _ in rows), missing)
        for name, rows, missing in parts
        if rows
    ]


# The problems a verdict read again names (the rest are on the list's own page).
RECHECK_PROBLEMS = 3
# Verdicts read again, per loaded game: a pool read again makes new games, whose lists are
# read afresh, and the old ones' go with them. A stored version never changes, so its
# event, entry and number name it: its body is read from the store only the first time.
# The least recently asked for go first once a game holds _RECHECKED_PER_GAME: every
# dashboard asks for each of its event's lists, and forgetting them all at once would
# have the next one read a whole event again.
_RECHECKED: weakref.WeakKeyDictionary[Game, OrderedDict[tuple, Recheck | None]] = (
    weakref.WeakKeyDictionary()
)
_RECHECKED_PER_GAME = 20_000
# Lists whose bodies are read from the store at once when a listing reads them again: a
# list may be 100,000 characters, and an event 2,000 lists.
BODIES_AT_ONCE = 50


def judged_on(event: Event, received: datetime | None) -> date | None:
    """The day a list is judged on: its event's banned-list day, else the day it came
    (none when neither is known: today's rules).

    That day is UTC's, the one its sheet prints, not the server's own calendar day, which
    is another for hours a day where it keeps local time; when the list comes and when it is
    read again, one day."""
    return event.as_of or (None if received is None else as_utc(received).date())


@dataclasses.dataclass(frozen=True)
class Listed:
    """A stored list as a listing names it, without its body: what reading it again needs."""

    entry_id: str
    number: int
    received: datetime
    kind: str
    legal: bool


def _key(event: Event, listed: Listed) -> tuple[tuple, date]:
    """What a list's reading again depends on besides the game: its event's format and day
    (the banned-list day, or the day the list came), and the stored version."""
    day = judged_on(event, listed.received)
    return (event.id, event.format, day, listed.entry_id, listed.number), day


def _known(game: Game) -> OrderedDict[tuple, Recheck | None]:
    return _RECHECKED.setdefault(game, OrderedDict())


_UNREAD = object()


def _looked_up(known: OrderedDict[tuple, Recheck | None], key: tuple) -> Any:
    """What a list read again before reads to (None too), as the most recently asked for;
    ``_UNREAD`` when it is not held (another thread of the worker may let it go at once)."""
    try:
        known.move_to_end(key)
        return known[key]
    except KeyError:
        return _UNREAD


def _keep(known: OrderedDict[tuple, Recheck | None], key: tuple, read: Recheck | None) -> None:
    known[key] = read
    while len(known) > _RECHECKED_PER_GAME:
        try:
            known.popitem(last=False)
        except KeyError:  # emptied by another thread meanwhile
            break


def checked_again(
    game: Game,
    event: Event,
    entry_id: str,
    version: Version,
    body_of: Callable[[], str | None] = lambda: None,
) -> Recheck | None:
    """The list as received, read and judged again against today's card pool, where it is
    legal and was not, or was legal and is not (a card taken out or renamed, a ban added to
    the pool with a date before the list came, a rule changed); None where that stands.

    It is judged on the day it was judged: the event's banned-list day, or the day it came
    when the event names none, so a ban coming into force since changes nothing here. The
    list on file, its verdict and receipt are left as they are: this says what changed.
    ``body_of`` gives the list as received when ``version`` was read without it.
    """
    listed = Listed(entry_id, version.number, version.received, version.kind, version.legal)
    key, day = _key(event, listed)
    known = _known(game)
    again = _looked_up(known, key)
    if again is _UNREAD:
        body = version.body if version.body is not None else body_of()
        again = None if body is None else _read_again(game, event, version.kind, body, day)
        _keep(known, key, again)
    if again is None or again.legal == version.legal:
        return None
    return again


# How long one request reads lists again at most, in seconds, by default (the site's
# EVENT_REREAD_SECONDS): a list of 1,000 lines of gibberish takes a fifth of a second, and an
# event of such lists read whole at once would pass a worker's timeout, the worker killed
# with what it had read and every retry starting over. What is left is read by the next.
REREAD_SECONDS = 5.0
# The clock the time to read lists again is measured on.
clock = time.monotonic


class ReadToday(dict[str, Recheck]):
    """The lists that read to another verdict against today's card pool than the one they
    got, by entry id (what each reads to); ``unread``, the entry ids of the lists not read
    again yet (left for a later request): those are counted by the verdict they got."""

    def __init__(self, changed: dict[str, Recheck] | None = None, unread: Iterable[str] = ()):
        super().__init__(changed or {})
        self.unread = frozenset(unread)


def read_today(
    game: Game,
    event: Event,
    listed: Iterable[Listed],
    bodies_of: Callable[[list[Listed]], dict[tuple[str, int], str]],
    *,
    seconds: float | None = None,
    first: Collection[str] = (),
) -> ReadToday:
    """Every listed list that reads to another verdict against today's card pool than the
    one it got (as :func:`checked_again` says it), by entry id: what a dashboard's filters
    and counts, the API's listings and the exports go by.

    A list read again before (against this very game) is not read again: a dashboard of
    1,000 lists reads each once after the pool changes, and later only looks them up.
    ``bodies_of`` gives the bodies of the lists not read yet, by (entry id, number), asked
    for :data:`BODIES_AT_ONCE` at a time. With ``seconds``, lists are read again only until
    that much time has passed (one at least, so that requests one after another read them
    all): the lists of the entries ``first`` (a page shown) first, then the others in the
    order listed; those left are named in :attr:`ReadToday.unread`."""
    changed, unread = _looked_up_all(game, event, listed)
    if first:
        wanted = frozenset(first)
        unread.sort(key=lambda each: each.entry_id not in wanted)  # stable: the rest in order
    known = _known(game)
    deadline = None if seconds is None else clock() + seconds
    bodies: dict[tuple[str, int], str] = {}
    done = fetched = 0
    while done < len(unread):
        if deadline is not None and done and clock() >= deadline:
            break
        if done == fetched:
            batch = unread[done : done + BODIES_AT_ONCE]
            bodies, fetched = bodies_of(batch), done + len(batch)
        each = unread[done]
        key, day = _key(event, each)
        body = bodies.get((each.entry_id, each.number))
        again = None if body is None else _read_again(game, event, each.kind, body, day)
        _keep(known, key, again)
        if again is not None and again.legal != each.legal:
            changed[each.entry_id] = again
        done += 1
    return ReadToday(changed, (each.entry_id for each in unread[done:]))


def known_today(game: Game, event: Event, listed: Iterable[Listed]) -> ReadToday:
    """What :func:`read_today` says of the listed lists from those read again before alone,
    reading none: the others named unread."""
    changed, unread = _looked_up_all(game, event, listed)
    return ReadToday(changed, (each.entry_id for each in unread))


def _looked_up_all(
    game: Game, event: Event, listed: Iterable[Listed]
) -> tuple[dict[str, Recheck], list[Listed]]:
    """The lists read again before that read to another verdict, and those not read yet."""
    known = _known(game)
    changed: dict[str, Recheck] = {}
    unread: list[Listed] = []
    for each in listed:
        key, _day = _key(event, each)
        again = _looked_up(known, key)
        if again is _UNREAD:
            unread.append(each)
        elif again is not None and again.legal != each.legal:
            changed[each.entry_id] = again
    return changed, unread


def as_received(kind: str, body: str) -> Submission:
    """A stored list as the submission it came as, to read and judge again (its body is
    kept exactly as it came)."""
    if kind == JSON:
        data = json.loads(body)
        # The API keeps its whole request, {"player": ..., "deck": {...}}; a form or a
        # file keeps the deck alone.
        if isinstance(data, dict) and isinstance(data.get("deck"), dict):
            data = data["deck"]
        return Submission(body, JSON, data)
    return Submission.from_text(body)


def _read_again(game: Game, event: Event, kind: str, body: str, day: date) -> Recheck | None:
    """The verdict of reading a list as received again on ``day``; None if it cannot be read
    as it was (its format is no longer in the pool, say: the pages say so on their own)."""
    try:
        checked = check(game, dataclasses.replace(event, as_of=day), as_received(kind, body))
    except (DeckwrightError, ValueError, RecursionError):
        return None
    return Recheck(
        legal=checked.legal,
        errors=checked.errors,
        warnings=checked.warnings,
        problems=[p["message"] for p in checked.problems if p["severity"] == "error"][
            :RECHECK_PROBLEMS
        ],
    )
