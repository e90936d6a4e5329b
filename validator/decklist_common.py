"""What reading a decklist gives, whichever form it came in: the deck, the problems found
(their rule ids and how one is made) and the entries naming no card; and the bound on how
long a list may be."""

from __future__ import annotations

from contextvars import ContextVar, Token
from dataclasses import dataclass, field

from cardpool import Game, name_key

from .deck import Deck
from .problems import ERROR, Problem

MAX_COPIES_PER_LINE = 999
# The lines (or JSON entries) of one decklist: every unknown name costs a search for the
# closest names, so a list's length bounds the work one request can make. The web app sets
# its own limit (MAX_DECKLIST_LINES) for each request with limit_lines().
MAX_LINES = 1_000
_LINE_LIMIT: ContextVar[int] = ContextVar("decklist_line_limit", default=MAX_LINES)

UNKNOWN_CARD = "decklist-unknown-card"
MALFORMED_LINE = "decklist-malformed-line"
UNKNOWN_SECTION = "decklist-unknown-section"
IGNORED_LINE = "decklist-ignored-line"
READ_AS = "decklist-read-as"
HEADER_COUNT = "decklist-header-count"


@dataclass
class ParsedDeck:
    """A deck read from a list, and what could not be read (with where it was).

    ``unread`` keeps the entries of the JSON form that name no card of the pool (one taken
    out since the deck was saved), so what shows or exports the deck can still list them.
    ``format`` is the format a deck names as its own, when its game has it: a deck in the
    JSON form by its "format" (a saved deck, the builder's export), a text list by a note
    "Format: Henchmen required" (by the format's id or name, as the site's text export
    writes it). It judges the deck when no other format is asked for, as the JSON body
    names the format it is judged in.
    """

    deck: Deck
    problems: list[Problem] = field(default_factory=list)
    unread: list[UnreadEntry] = field(default_factory=list)
    format: str | None = None


@dataclass(frozen=True)
class UnreadEntry:
    """An entry naming no card of the pool: where it was (a section or board id), the card
    as the entry names it (its name when it has one), and its count."""

    place: str
    card: str
    count: int


def _problem(
    rule: str, message: str, line: int | None = None, severity: str = ERROR, **extra
) -> Problem:
    return Problem(
        rule=rule,
        severity=severity,
        message=message,
        lines=(line,) if line else (),
        **extra,
    )


def limit_lines(limit: int) -> Token:
    """Set the most lines a decklist may have in this context (``reset`` with the token)."""
    return _LINE_LIMIT.set(limit)


def reset_line_limit(token: Token) -> None:
    _LINE_LIMIT.reset(token)


def _drop_empty(deck: Deck) -> Deck:
    # (a part with none empty is kept as it is: most decks fill every section, and use no board)
    if not all(deck.sections.values()):
        deck.sections = {k: v for k, v in deck.sections.items() if v}
    if not all(deck.boards.values()):
        deck.boards = {k: v for k, v in deck.boards.items() if v}
    return deck


def format_named(game: Game, text: str) -> str | None:
    """The id of the game's format ``text`` names, by its id or its name, or its name's words
    before a note in brackets ("Open" for "Open (casual)"), case and spacing aside; None for
    any other text."""
    key = name_key(text)
    return next(
        (
            each.id
            for each in game.formats.values()
            if key in (name_key(each.id), name_key(each.name), name_key(each.name.split(" (")[0]))
        ),
        None,
    )


# The quotes a deck's name may be written in, after "Name=" or "Name:", by the one that
# opens them: not the name's own.
NAME_QUOTES = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»", "„": "“"}


def unquoted_name(name: str) -> str:
    """A deck's name as a list writes it (``Name="Fire tempo"``), without the quotes that
    wrap it whole, taken off once; quotes that are the name's own stay: ``"Rex" Rush``
    (not wrapped whole), ``"Rex" Rush "Deluxe"`` (its last quote closes "Deluxe", not the
    name) and ``""Rex Rush""`` (a name quoted by its player, wrapped once more), as does an
    apostrophe within a word (``'Nature's Wrath'`` is Nature's Wrath)."""
    inner = quoted_whole(name)
    if inner is None or not holds_quote(inner, name[0], name[-1]):
        return name if inner is None else inner
    # Quotes within: the outer pair wraps the name only when they wrap a name quoted whole.
    again = quoted_whole(inner)
    return inner if again is not None and (inner[0], inner[-1]) == (name[0], name[-1]) else name


def quoted_whole(name: str) -> str | None:
    """What is inside the quotes wrapping all of ``name`` (None when none wraps it)."""
    if len(name) > 2 and NAME_QUOTES.get(name[0]) == name[-1]:
        return name[1:-1].strip()
    return None


def holds_quote(text: str, opening: str, closing: str) -> bool:
    """Whether ``text`` holds either quote, an apostrophe between two letters aside."""
    for at, char in enumerate(text):
        if char not in (opening, closing):
            continue
        apostrophe = char in "'’" and 0 < at < len(text) - 1
        if not (apostrophe and text[at - 1].isalpha() and text[at + 1].isalpha()):
            return True
    return False
