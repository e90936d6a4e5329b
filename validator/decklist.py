"""Decklists in the forms players and programs use: plain text and a JSON-shaped mapping.

Text, one entry a line::

    # comments and blank lines are ignored
    Dinos:
    1 Ember Rex
    3x Raptor Claw          // a trailing comment
    Fire Crystal            <- one copy
    Tidal Surge x2
    2 Kindle (SDS1A) 14     <- a printing: set code and card number ([SDS1A-014] too)
    2 Kindle SDS1A 14       <- the same, as digital clients export it
    (3) Flame Lash          <- counts as forums write them: (3), [3], x3, Name (3), Name - 3
    Kindle x2 SDS1A-015     <- a count after the name, then the card's own number
    1. Fire Breath          <- a numbered list: see _NUMBERED
    3,Fire Breath           <- a row pasted from a spreadsheet, a CSV file or a markdown table
    Sideboard:
    2 Flame Lash

Section headers are the game's section names or aliases followed by a colon
(``Deck: 3 Kindle`` is a header and its first card). A header naming a card type
(``Allies:``, ``Creatures (24)``) or the deck as a whole (``Main:``, and the game's
``whole_deck_headers``: Shadow Era's ``Deck:`` holds its hero) groups cards the way
players do; each card goes to the section its type belongs to, as it does without any
header. ``Sideboard:``, ``Maybeboard:`` and ``SB: 2 Card`` keep cards
beside the deck, outside every rule, unless the game has a section of that name.
Names are matched without regard to case, spacing, accents or punctuation; card
ids and card numbers (``#se017``) are accepted too. A first line naming no card, above
every card and header, is the list's title (with a warning). Problems come back with their
line numbers; nothing is thrown away silently: a line is a card, a header, a
comment, or a problem.
"""

from __future__ import annotations

import csv
import re
import weakref
from collections.abc import Mapping
from contextvars import ContextVar, Token
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

from cardpool import Card, Game, name_key

from .deck import BOARD_NAMES, BOARDS, MAYBEBOARD, SIDEBOARD, Deck
from .errors import DecklistError, DecklistTooLongError
from .problems import ERROR, WARNING, Problem

MAX_COPIES_PER_LINE = 999
# The lines (or JSON entries) of one decklist: every unknown name costs a search for the
# closest names, so a list's length bounds the work one request can make. The web app sets
# its own limit (MAX_DECKLIST_LINES) for each request with limit_lines().
MAX_LINES = 1_000
_LINE_LIMIT: ContextVar[int] = ContextVar("decklist_line_limit", default=MAX_LINES)
# A count longer than this is too many copies whatever it says; int() of thousands of
# digits would be refused by Python itself with a ValueError.
_MAX_COUNT_DIGITS = 18
# "3 Name", "3x Name", and as forums write them too: "(3) Name", "[3] Name", "x3 Name".
_COUNT_FIRST = re.compile(r"^(?:[xX×]\s*)?[\(\[]?(\d+)[\)\]]?\s*[xX×]?\s+(\S.*)$")
# The common line (see _read_plain): _COUNT_FIRST with a count of at most three digits and a
# name holding none of the characters of a comment or emphasis (# / * _) nor ending a header.
# A count never starts with a zero: "062 Glacáin" is a card's number (see _with_count).
_PLAIN = re.compile(r"^([1-9]\d{0,2})\s*[xX×]?\s+([^\s#/*_][^#/*_]*)(?<!:)$")
_NEGATIVE_COUNT = re.compile(r"^[-−–](\d+)\s*[xX×]?\s+(\S.*)$")
# The word notes write after a count: "3 copies", "3 pcs".
_COPIES = r"(?:\s*(?i:copies|copy|pcs|pc)\.?)"
# "Name x3", "Name 3x", "Name (3)", "Name [3]", "Name (x 3)", "Name (3 copies)": no card's name
# ends in a count of these shapes.
_COUNT_LAST = re.compile(
    r"^(\S.*?)\s*(?:\s[xX×]\s*(\d+)|\s(\d+)\s*[xX×]"
    rf"|\(\s*[xX×]?\s*(\d+){_COPIES}?\s*\)|\[\s*[xX×]?\s*(\d+){_COPIES}?\s*\])$"
)
# A count set apart after a name, by a dash, a colon, an equals sign, dots leading the eye to it
# or a wide gap ("Name - 3", "Name ..... 3", "Name    3"), or with its word ("Name 3 copies").
# Names may end in a number ("Patchbot Unit-7"), so it is a count only when the rest is a card.
_COUNT_APART = re.compile(
    r"^(\S.*?)(?:\s*[-–—:=]\s*|\s*(?<![.…])[.…]{2,}+\s*|\s*…\s*|\s{2,}|\s(?=\d{1,3}"
    rf"{_COPIES}$))[xX×]?(\d{{1,3}})[xX×]?{_COPIES}?$"
)
_DIGIT = re.compile(r"\d")
_DIGITS = re.compile(r"\d+")
# The same count after a name, then the card's printing: "Name x3 RYFT1-004", "Name (3) [SET-004]".
# The name takes all it can, so a count in it ("Unit-7") stays in it; it is a count only when
# the name and the printing name a card.
_COUNT_THEN_PRINTING = re.compile(
    r"^(\S.*)(?:\s[xX×]\s*(\d{1,3})|\s(\d{1,3})\s*[xX×]|\s*\(\s*[xX×]?(\d{1,3})\s*\)"
    r"|\s*[-–—:]\s*[xX×]?(\d{1,3})[xX×]?)\s+(\S.*)$"
)
# A numbered list, "1. Kindle", "2. Fire Breath" (or "1) Kindle"), as forums, markdown and word
# processors write one. The number is the line's place when the list's numbers run 1, 2, 3
# down its lines (starting again at 1 for a new part), as in the rulebooks' numbered steps, or
# when a count follows it ("1. 3 Kindle"); otherwise ("3. Kindle", "3. Fire Breath", "2. Flame
# Lash") it is read as the count. Either reading of a line that could be the other comes with
# a warning.
_NUMBERED = re.compile(r"^(\d{1,3})([.)])\s+(\S.*)$")
# A place written in roman numerals, "I. Plymouth", "II) Lake of Fire", "(III) Warren": as
# Arcmage lists give each region its place in the chapter (the card shows it), or an outline
# numbers its lines. Never a count.
_ROMAN = r"(?:I{1,3}|IV|VI{0,3}|IX|X)"
_ROMAN_PLACE = re.compile(rf"^(?:\({_ROMAN}\)|{_ROMAN}[.)])\s+(\S.*)$")
_ROMAN_NUMERAL = re.compile(_ROMAN)
# A row pasted from a spreadsheet, a CSV file or a markdown table, and its cells.
_CELL_SEPARATORS = ("\t", "|", ";", ",")
# A row naming a card has a few cells, and a header line lists a section's cards: a line of
# more parts than this is read whole, not part by part. Each part is a look-up, and the line
# limit does not bound them: one 500 KB line of 250,000 cells took 2 s to read.
MAX_LINE_PARTS = 200
_COUNT_CELL = re.compile(r"^[xX×]?\s*(\d{1,3})\s*[xX×]?$")
_TABLE_RULE = re.compile(r"^[|:\-+=\s]+$")
# The column names of such a table's first row.
_COLUMN_NAMES = frozenset(
    ("qty", "quantity", "count", "amount", "copies", "#", "no", "no.", "number", "card", "cards",
     "name", "card name", "set", "set code", "edition", "type", "card type", "rarity", "id",
     "card number", "collector number", "faction", "element", "class", "domain", "cost",
     "section", "board", "part", "card_id")
)  # fmt: skip
# The count players write after a header: "Creatures (24)", "Allies [12 cards]", "Items - 8".
# Here and in the printing patterns below, a number starts only where its run of digits
# starts ((?<!\d); a count set apart starts a word, (?<!\w): "v2" is no count) and "a word
# with a digit" is a look-ahead: a run of 10,000 digits is then tried once, not at every
# split (one such line took 6 s to read).
_HEADER_COUNT = re.compile(
    r"\s*(?:[\(\[]\s*(?<!\d)\d+(?:\s+cards?)?\s*[\)\]]|[-–:]?\s*(?<!\w)\d+(?:\s+cards?)?)\s*$", re.I
)
# Longer runs of blanks are read as this long (see _short_blanks).
MAX_BLANK_RUN = 8
_LONG_BLANKS = re.compile(rf"\s{{{MAX_BLANK_RUN + 1},}}")
# Bullets, including the dashes and dots word processors and forums put before a list item,
# and those phones offer (sent with U+FE0F, which asks for the emoji form: "▪️"); and the
# "> " (">>> ") a chat or a forum quotes a line with.
_BULLET = re.compile(r"^(?:>+\s*|[-*•–—·◦▪▫◾◽‣►▸▶➤→🔹🔸🔷🔶]\ufe0f?\s+)")
# A checklist's box, as notes apps and markdown write one: "- [ ] 4 Bad Wolf", "☐ 4 Bad Wolf".
_CHECKBOX = re.compile(r"^(?:\[[ xX✓✔]?\]|[☐☑☒✅✔✓]\ufe0f?)\s+")
_CHECKBOX_STARTS = frozenset("[☐☑☒✅✔✓")
# A markdown link to a card's page, "[Bad Wolf](https://...)": the card is its text.
_LINK = re.compile(r"\[([^\[\]]+)\]\((?:https?://|/)[^()\s]*\)")
# Markdown emphasis around a header or a whole line: "**Allies (16)**", "__Deck:__", "*Items*".
_EMPHASIS = re.compile(r"^(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1(:?)$")
# A markdown heading: "## Sideboard". Only a heading that names a part of the deck is a
# header; "# Burn plan" stays a comment.
_HEADING = re.compile(r"^#{1,6}\s+(\S.*?)\s*#*$")
# The count players add at the end of a list: "Total: 40", "Total cards - 40", "40 cards".
_TOTAL = re.compile(
    r"^(?:total(?:\s+cards?)?|card\s+count)\s*[:=-]?\s*[\(\[]?\d+[\)\]]?(?:\s*cards?)?"
    # and what players add to it: "Total: 40 (+hero)", "Total: 40 + hero", "Total 15 + 13"
    r"(?:\s*\([^()]*\)|\s*\+\s*\w+(?:\s+\w+)?)*$"
    r"|^\d+\s+cards?(?:\s+total)?$",
    re.I,
)
# What a list writes in a part it leaves empty: "Sideboard: none", "Maybe: -".
_NOTHING = frozenset(
    ("none", "nothing", "empty", "n/a", "na", "nil", "tbd", "-", "--", "---", "–", "—", "―",
     "...", "…")
)  # fmt: skip
# Characters that show as nothing: a byte order mark a Windows editor or a web form leaves at
# the start of a list, and zero-width spaces copied from web pages.
_INVISIBLE = "\ufeff\u200b\u200c\u200d\u2060"
# Rules drawn across a forum post ("-----", "=== Sideboard ===") frame a header or nothing.
_RULE = re.compile(r"^([-=_*~─━])\1{2,}\s*(.*?)\s*(?:([-=_*~─━])\3{2,})?$")
# "Deck: 3 Card", "SB: 2 Card", "Hero - Card": a label, a colon or dash, and the rest.
_LABELLED = re.compile(r"^([^:]{1,40}?)\s*(?::|\s[-–—])\s*(\S.*)$")
# A comment after the card: "// ..." or "# ..." (but "#42" or "#se017" may be a card number).
_TRAILING_COMMENT = re.compile(r"\s+(?://.*|#(?!(?=\S*\d)\S+$).*)$")
# The notes deck tools export above a list's cards: "Format: Standard", "Author: Sam".
_LIST_NOTE = re.compile(
    r"^(?:deck ?name|name|title|format|author|by|created|updated|date|archetype|description"
    r"|notes?)\s*:\s*(\S.*)$",
    re.IGNORECASE,
)
# Printing codes: "(SET) 12" (with a foil mark like "*F*"), "[SET-012]" or "{SET}", "#se017".
_PAREN_CODE = re.compile(r"^(.*?\S)\s+\(([\w.-]+)\)(?:\s+([\w.-]+))?(?:\s+\*\w+\*)*$")
_BRACKET_CODE = re.compile(r"^(.*?\S)\s*(?:\[([^\[\]]+)\]|\{([^{}]+)\})$")
_HASH_CODE = re.compile(r"^(.*?\S)\s+#((?=\S*\d)\S+)$")
# "Nest Ball SVI 181", as digital clients export a print: a set code of the game, a number.
_SET_NUMBER = re.compile(r"^(.*?\S)\s+([\w-]+)\s+((?=[\w-]*\d)[\w-]+)$")
# "Canyon Therizinosaur SDS1C-006", "Smashing Blow - se064": a card's own number after it.
_NUMBER_AFTER = re.compile(r"^(.*?\S)\s+(?:[-–—|]\s+)?((?=\S*\d)\S+)$")
_CODE_SEPARATOR = re.compile(r"[-\s#/:]+")
_TRAILING_DIGITS = re.compile(r"(?<!\d)\d+$")
# The size of the deck after a list's title: "Inferno aggro (40)", "[40]", two digits or more.
_TITLE_SIZE = re.compile(r"[\(\[]\s*\d{2,}\s*(?:cards?)?\s*[\)\]]$", re.I)
# A board named in brackets after a card: "2 Kindle (SB)", "Fireball [Sideboard]".
_BOARD_NOTE = re.compile(r"\s*[\(\[]\s*([^\W\d][\w ]{0,20}?)\s*[\)\]]$")

# A list's headers whose counts are checked against their cards (the first so many): each check
# reads the lines below its header, and a list has a few headers, not hundreds.
MAX_COUNTED_HEADERS = 50

UNKNOWN_CARD = "decklist-unknown-card"
MALFORMED_LINE = "decklist-malformed-line"
UNKNOWN_SECTION = "decklist-unknown-section"
IGNORED_LINE = "decklist-ignored-line"
READ_AS = "decklist-read-as"
HEADER_COUNT = "decklist-header-count"

# Headers players write over a whole list rather than one section of it.
_GENERIC_LABELS = ("Deck", "Main", "Main Deck", "Mainboard", "Main board", "Decklist", "Cards")
_GENERIC_HEADERS = frozenset(name_key(label) for label in _GENERIC_LABELS)
_SIDEBOARD_LABELS = ("Sideboard", "Side board", "Side", "SB", "Side Deck", "Sidedeck")
_MAYBEBOARD_LABELS = ("Maybeboard", "Maybe board", "Maybe", "Considering")
_BOARD_LABELS = (*_SIDEBOARD_LABELS, *_MAYBEBOARD_LABELS)
_BOARD_HEADERS = {
    **{name_key(label): SIDEBOARD for label in _SIDEBOARD_LABELS},
    **{name_key(label): MAYBEBOARD for label in _MAYBEBOARD_LABELS},
}
# "SB: 2 Card" marks its own line only; lists in that style mix SB lines with main ones.
_LINE_ONLY_LABELS = frozenset({name_key("SB")})
_ON_ITS_LINE = "on its line"  # how a header reading marks a line of such a label


@dataclass
class ParsedDeck:
    """A deck read from a list, and what could not be read (with where it was).

    ``unread`` keeps the entries of the JSON form that name no card of the pool (one taken
    out since the deck was saved), so what shows or exports the deck can still list them.
    """

    deck: Deck
    problems: list[Problem] = field(default_factory=list)
    unread: list[UnreadEntry] = field(default_factory=list)


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


# -- what a game's lists can say ------------------------------------------------------


class _Lexicon:
    """What the reader knows of one game besides its lookups: the headers that group its
    cards (by type, or by a value of an attribute: a faction, a domain, a class)."""

    def __init__(self, game: Game):
        self.group_keys: set[str] = set()
        self.set_keys = frozenset(name_key(code) for code in game.sets)
        for card_type in game.card_types:
            self.group_keys.add(name_key(card_type))
            # "Code" for "Active Code" and "Delayed Code": players group by the last word.
            self.group_keys.add(name_key(card_type.split()[-1]))
        # "Inferno:", "Shadow (12)", "Weapons": players group a list by what its cards are,
        # and a header naming a value of the game's own attributes is such a group.
        for attribute in game.attributes.values():
            if not attribute.references:
                self.group_keys.update(name_key(str(value)) for value in attribute.values)
        self.group_keys.discard("")
        self.whole_deck_keys = frozenset(name_key(label) for label in game.whole_deck_headers)
        self._game = weakref.ref(game)
        self._header_names: dict[str, str] | None = None

    def header_names(self) -> dict[str, str]:
        """Every header the game's lists may use, by key: its sections (and their aliases),
        boards, card types (and their plurals) and the whole deck's names, made at first use
        (only a header no game knows asks for them)."""
        if self._header_names is None:
            game = self._game()
            names = [*_BOARD_LABELS, *_GENERIC_LABELS]
            if game is not None:
                for section in game.sections:
                    names += [section.name, *section.aliases]
                for card_type in game.card_types:
                    names += [card_type, _plural(card_type)]
                names += game.whole_deck_headers
            self._header_names = {name_key(name): name for name in reversed(names)}
        return self._header_names

    def names_group(self, key: str) -> bool:
        """Whether a header key names a card type or an attribute value, singular or plural."""
        return any(form in self.group_keys for form in _singulars(key))


def _plural(word: str) -> str:
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"  # Ally: Allies
    return word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")


def _header_meant(game: Game, label: str) -> str | None:
    """The header a label no game knows is most likely a misspelling of ("Alies": "Allies"),
    or None when it is like none of them (a list's title: "Orc Rush v2")."""
    key = name_key(_without_count(label))
    best, name = 0.0, None
    for known, shown in _lexicon(game).header_names().items():
        ratio = SequenceMatcher(None, key, known).ratio()
        if ratio > best:
            best, name = ratio, shown
    return name if best >= MISSPELT_HEADER else None


def _singulars(key: str) -> tuple[str, ...]:
    forms = [key]
    if key.endswith("ices"):
        forms.append(key[:-4] + "ix")  # matrices
    if key.endswith("ies"):
        forms.append(key[:-3] + "y")  # allies, abilities
    if key.endswith("es"):
        forms.append(key[:-2])  # heroes
    if key.endswith("s"):
        forms.append(key[:-1])  # items, beings
    if key.endswith("men"):
        forms.append(key[:-3] + "man")  # henchmen
    return tuple(forms)


_LEXICONS: weakref.WeakKeyDictionary[Game, _Lexicon] = weakref.WeakKeyDictionary()


def _lexicon(game: Game) -> _Lexicon:
    lexicon = _LEXICONS.get(game)
    if lexicon is None:
        lexicon = _LEXICONS.setdefault(game, _Lexicon(game))
    return lexicon


# Where a header sends the cards below it.
_SECTION = "section"  # (_SECTION, section id): the game's own section
_BOARD = "board"  # (_BOARD, board): the sideboard or maybe-board
_BY_TYPE = (_SECTION, None)  # a grouping header: each card to the section of its type


def _target(game: Game, label: str) -> tuple | None:
    """Where a header sends its cards, or None when it names nothing the game knows.

    The game's own section names and aliases come first, so a game whose YAML has a
    "Sideboard" section counts it like any other. A header the game does not know as it
    is written is tried without a last word "cards" ("Hero Cards") and without a note in
    brackets ("Extra Deck (Henchmen)"), then by that note ("Henchmen (Extra Deck)" is read
    by its first words, which name a type, before the note); and words that each name a
    group ("Inferno Code") are a group too.
    """
    label = _without_count(label)
    forms = [label]
    noted = _note_apart(label)
    if noted is not None:
        forms.extend(noted)
    for form in forms:
        found = _named_target(game, form)
        words = form.split()
        if found is None and len(words) > 1 and words[-1].lower() in ("card", "cards"):
            found = _named_target(game, " ".join(words[:-1]))
        if found is not None:
            return found
    words = label.split()
    lexicon = _lexicon(game)
    if len(words) > 1 and all(lexicon.names_group(name_key(word)) for word in words):
        return _BY_TYPE  # "Inferno Code", "Shadow Allies": a group of groups
    return None


def _without_count(label: str) -> str:
    """A header's words without the count players write after them ("Creatures (24)")."""
    return _HEADER_COUNT.sub("", label).strip()


def _note_apart(label: str) -> tuple[str, str] | None:
    """A header's words and the note in brackets after them: ("Extra Deck", "Henchmen")."""
    closing = label[-1:]
    if closing not in (")", "]"):
        return None
    at = label.rfind("(" if closing == ")" else "[")
    words, note = label[:at].strip(), label[at + 1 : -1].strip()
    if at <= 0 or not words or not note or any(c in note for c in "()[]"):
        return None
    return words, note


def _named_target(game: Game, label: str) -> tuple | None:
    if name_key(label) in _lexicon(game).whole_deck_keys:
        return _BY_TYPE  # the game counts every section in its deck (a hero in "Deck:")
    section = game.section_for(label)
    if section is not None:
        return (_SECTION, section)
    key = name_key(label)
    if key in _BOARD_HEADERS:
        return (_BOARD, _BOARD_HEADERS[key])
    if key in _GENERIC_HEADERS or _lexicon(game).names_group(key):
        return _BY_TYPE
    return None


# -- reading one line -------------------------------------------------------------------

# Reading a line means regular expressions, a name key and a look-up, and finding the closest
# names for an unknown card compares it with every card of the game: the dearest step of all.
# Each reading depends on the line's text and the game alone, and an event's lists repeat the
# same lines ("3 Fire Breath") and the same misspellings list after list, so each game keeps
# the readings it has made, up to a bound on memory whatever a server is sent: so many
# lines, each no longer than a card line ever is (a body of 500 KB lines, one after another,
# would otherwise keep gigabytes).
_READINGS: weakref.WeakKeyDictionary[Game, dict[str, tuple]] = weakref.WeakKeyDictionary()
MAX_KEPT_READINGS = 50_000
MAX_KEPT_LINE = 200
# The closest names to an unknown card's text, kept per game the same way (see _suggestions);
# a reading keeps none, so no list's budget (MAX_SUGGESTED) reaches another list.
_SUGGESTIONS: weakref.WeakKeyDictionary[Game, dict[str, tuple[str, ...]]] = (
    weakref.WeakKeyDictionary()
)
# The unknown names of one list that get "did you mean": looking for the closest names is most
# of the cost of a list of unknown lines, and a player fixes the first ones first. The others
# are still said, each with its line, and the message says their names were not looked up.
MAX_SUGGESTED = 50

_SKIP = "skip"
_BLANK = (_SKIP, "blank")  # a line of nothing: where a group of lines may end
_HEADER = "header"  # (target or None, label, reading of the rest of the line or None, line only)
_NOT_A_NUMBER = "not-a-number"  # "#se999": a comment that looks like a card number
_COMMENTED = "commented"  # (line, card, number): "#3 Kindle", a card line put out by a "#"
_TOTAL_LINE = "total"  # "Total: 40": the player's own count, not a card
_UNREADABLE = "unreadable"
_BAD_COUNT = "bad-count"  # (count, what the line names)
_ZERO = "zero"  # (what the line names)
_CARD = "card"  # (card, printing named, notes, count)
_UNKNOWN = "unknown"  # (text, None): its suggestions are looked for when it is said
_NUMBERED_LINE = "numbered"  # (number, reading as its place, reading as its count)
_SEVERAL = "several"  # (the readings of the cards a header line lists after it,)


def _short_blanks(text: str) -> str:
    """``text`` with every run of blanks cut to ``MAX_BLANK_RUN`` characters.

    No reading tells 8 spaces from 8,000, but the patterns that look for a count or a
    printing at the end of a line try each way of splitting a run of blanks: a line of
    2,000 spaces between two words took 47 seconds to read, and longer ones longer still.
    """
    return _LONG_BLANKS.sub(_cut_blanks, text) if _LONG_BLANKS.search(text) else text


def _cut_blanks(match: re.Match) -> str:
    return match.group()[:MAX_BLANK_RUN]


def _readings(game: Game) -> dict[str, tuple]:
    """The readings kept for ``game``: stripped line -> ``(kind, value, ...)``."""
    return _kept(_READINGS, game)


def _kept(store: weakref.WeakKeyDictionary, game: Game) -> dict:
    """``game``'s dict in ``store``, emptied once it holds ``MAX_KEPT_READINGS``."""
    kept = store.get(game)
    if kept is None:
        kept = store.setdefault(game, {})
    elif len(kept) >= MAX_KEPT_READINGS:
        kept.clear()
    return kept


def _read_plain(game: Game, line: str) -> tuple | None:
    """The common line, ``3 Name`` or ``3x Name`` naming a card by its own name, read with
    one match and one look-up; None for anything else, which :func:`_read_line` reads in full.

    Each check stands for a step of the full reading that could change such a line: an
    ASCII line starting with a digit has no bullet, emphasis, heading, rule or invisible
    character; without ``#``, ``/``, ``*`` or ``_`` it has no comment to cut or marks to
    drop; it is a header only when it ends with a colon and a total only when its name
    starts with "card"; and its count (one to three digits) is split from the name as
    _COUNT_FIRST splits it (the prefix is the same pattern, and the characters left out
    are never in it). What is left is what the full reading does for it.
    """
    match = _PLAIN.match(line)
    if match is None or not line.isascii():
        return None
    digits, text = match.groups()
    key = name_key(text)
    card = game.cards_by_key.get(key)
    count = int(digits)
    if card is None or not count or key.startswith("card"):
        return None
    return (_CARD, card, False, (), count)


def _read_line(game: Game, stripped: str) -> tuple:
    line = _BULLET.sub("", _short_blanks(stripped).strip(_INVISIBLE).strip())
    if line[:1] in _CHECKBOX_STARTS:
        line = _CHECKBOX.sub("", line)
    if "](" in line:
        line = _LINK.sub(r"\1", line)
    line = line.replace("**", "").replace("__", "")
    emphasis = _EMPHASIS.match(line)
    if emphasis:
        line = emphasis.group(2).strip() + emphasis.group(3)
    if not line:
        return _BLANK
    if line.startswith("//") or _says_nothing(game, line):
        return (_SKIP,)
    heading = _HEADING.match(line)
    if heading:
        label = heading.group(1).rstrip(":").strip()
        target = _target(game, label)
        if target is not None:
            return (_HEADER, target, _without_count(label), None, False)
    if line.startswith("#"):
        return _hashed(game, line)
    line = _TRAILING_COMMENT.sub("", line)
    if _TOTAL.match(line):
        return (_TOTAL_LINE, line)
    ruled = _RULE.match(line)
    if ruled:
        if not ruled.group(2):
            return (_SKIP,)  # a rule alone is drawn, not written: it says nothing
        line = ruled.group(2)
    numbered = _NUMBERED.match(line) if line[:1].isdigit() else None
    if numbered:
        number, mark, rest = numbered.groups()
        own = _own_number(game, _resolve(game, rest), number) if number[0] == "0" else None
        if own is not None:  # "062. Glacáin": the card's number, not a place or a count
            return _counted(own, 1, rest)
        return _numbered_entry(game, int(number), rest, mark)
    roman = _ROMAN_PLACE.match(line) if line[0] in "(IVX" else None
    if roman and _find(game, line) is None:
        reading = _read_line(game, roman.group(1))
        if reading[0] != _UNKNOWN:  # "I. Aggro" on top of a list may be its title
            return reading
    if line.endswith(":"):
        label = line[:-1].strip()
        return (_HEADER, _target(game, label), _without_count(label), None, False)
    if line[-1] in ")]" and (board := _board_noted(game, line)) is not None:
        return board
    reading = _read_entry(game, line)
    if reading[0] == _CARD:
        return reading
    labelled = _LABELLED.match(line)
    if labelled:
        label, rest = labelled.groups()
        target = _target(game, label)
        counted = _HEADER_COUNT.fullmatch(" " + rest)
        if target is not None and not (counted and _find(game, label)):
            label = _without_count(label)
            if counted:  # "Allies: 24" is a header with a count; "Sideboard: 0" starts nothing
                return (_HEADER, target, label, None, _counts_none(rest))
            # "Hero: Darkclaw" names the one card of its section, as a form is filled in; the
            # cards below it are the deck's. "Deck: 3 Kindle" starts its section, and a board
            # ("Sideboard: Fireball") too, as "Sideboard:" alone does; "SB: 2 Card" marks its
            # own line (see _LINE_ONLY_LABELS and _below_label).
            alone = target[0] == _SECTION and _split_count(rest)[1] == rest.strip()
            line_only = _ON_ITS_LINE if name_key(label) in _LINE_ONLY_LABELS else alone
            if _says_nothing(game, rest):  # "Sideboard: none": an empty part, started by nothing
                return (_HEADER, target, label, None, True)
            read = _read_entry(game, rest)
            if read[0] == _UNKNOWN and "," in rest:
                read = _read_several(game, rest) or read
            if read[0] == _UNKNOWN and (further := _target(game, rest)) is not None:
                # "Items - Weapons (4)": a header and the group within it, no card
                inner = further if further[1] is not None else target
                return (_HEADER, inner, _without_count(line), None, line_only)
            return (_HEADER, target, label, read, line_only)
    if reading[0] == _UNKNOWN or (reading[0] == _ZERO and _find(game, reading[1]) is None):
        # "Creatures (24)" or "Sideboard": a header written without its colon. Words that
        # name a card are that card and its count ("Fire Crystal - 2", "Shadow Armor<tab>4"),
        # though each of them could head a group. "Sideboard (0)" says the part is empty.
        target = _target(game, line)
        label = _without_count(line)
        if target is not None and (label == line or not _find(game, label)):
            return (_HEADER, target, label, None, label != line and _counts_none(line))
        row = _read_row(game, line)
        if row is not None:
            return row
        if "," in line:
            # "Charlotte, Makuna, Shimaru": a singleton list written a few names a line
            several = _read_several(game, line)
            if several is not None:
                return several
    return reading


def _hashed(game: Game, line: str) -> tuple:
    """A line starting with "#": "#se017" names a card by its number, and so does "#062 Glacáin"
    with its name after it; "# Burn" and "#budget" are comments. "#3 Kindle", a number that is
    not the card's, is a comment too (a line put out of the list), said with a warning."""
    token = line[1:]
    number, _, rest = token.partition(" ")
    if not number or not _DIGIT.search(number):
        return (_SKIP,)
    rest = rest.strip()
    if not rest:
        found = _resolve(game, number)
        return (_CARD, *found, 1) if found else (_NOT_A_NUMBER, line)
    found = _resolve(game, rest)
    if found is None:
        return (_SKIP,)  # "#1 priority: find the crystals"
    printing = _first(game.printings(found[0]), None, number)
    if printing is None:
        return (_COMMENTED, line, found[0].name, number)
    return (_CARD, printing, True, found[2], 1)


def _counts_none(text: str) -> bool:
    """Whether the count at the end of a header is 0 ("Sideboard (0)"): the part is empty, and
    the cards below it are not its."""
    count = _HEADER_COUNT.search(text)
    return count is not None and not _DIGITS.search(count.group()).group().strip("0")


def _says_nothing(game: Game, text: str) -> bool:
    """Whether ``text`` is what forum templates put in a part the list leaves empty ("none",
    "-", "N/A", "(empty)"), rather than a card."""
    return text.strip("()[] ").lower() in _NOTHING and _find(game, text) is None


def _board_noted(game: Game, line: str) -> tuple | None:
    """A card line with a board named in brackets after it ("2 Kindle (SB)"): that line is the
    board's, as "SB: 2 Kindle" is; None for any other line."""
    note = _BOARD_NOTE.search(line)
    if note is None or name_key(note.group(1)) not in _BOARD_HEADERS:
        return None
    reading = _read_entry(game, line[: note.start()])
    target = _target(game, note.group(1))
    if reading[0] != _CARD or target is None:
        return None
    return (_HEADER, target, note.group(1), reading, True)


def _read_row(game: Game, line: str) -> tuple | None:
    """A line no other way reads: a count set apart after the name, or a row pasted from a
    spreadsheet, a CSV file or a markdown table (``1<tab>Ember Rex<tab>SDS1A``,
    ``"3","Kindle"``, ``| 4 | Dirk Saber |``); None when it is neither."""
    apart = _COUNT_APART.match(line)
    if apart:
        found = _resolve(game, apart.group(1))
        if found is not None:
            return _with_count(game, found, apart.group(2), apart.group(1))
    printed = _COUNT_THEN_PRINTING.match(line)
    if printed:
        name, *digits, printing = printed.groups()
        found = _resolve(game, f"{name} {printing}")
        if found is not None:
            return _counted(found, _count(next(d for d in digits if d)), name)
    separator = next((s for s in _CELL_SEPARATORS if s in line), None)
    if separator is None:
        return None
    if separator == "|" and _TABLE_RULE.match(line):
        return (_SKIP,)  # the line under a markdown table's column names
    if separator in ",;":
        cells = next(csv.reader([line], delimiter=separator, skipinitialspace=True))
    else:
        cells = line.strip("|").split(separator)
    if len(cells) > MAX_LINE_PARTS:
        return None
    cells = [cell.strip().strip('"').strip() for cell in cells]
    cells = [cell for cell in cells if cell]
    if cells and all(cell.lower() in _COLUMN_NAMES for cell in cells):
        return (_SKIP,)  # a table's column names
    # The count is the first cell of digits without a leading zero, if any: "062" is more
    # likely the card's number ("| 062 | Glacáin | 2 |"), and read as such when it is.
    counts = [(i, m) for i, cell in enumerate(cells) if (m := _COUNT_CELL.match(cell))]
    if not counts:
        return None
    at, match = next(((i, m) for i, m in counts if m.group(1)[0] != "0"), counts[0])
    digits = match.group(1)
    others = [cell for i, cell in enumerate(cells) if i != at]
    if not others:
        return None
    # Each cell alone, then all together: a name holding the separator ("Stop, Thief!"). A
    # cell of digits alone is tried after the others: it may be a card's number ("3,50"), but
    # beside a name it is another count or the row's number ("3,1,Kolibri"), never the card.
    cells = sorted(enumerate(others), key=lambda cell: cell[1].isdigit())
    for index, text in [*cells, (None, " ".join(others))]:
        found = _resolve(game, text)
        if found is None:
            continue
        codes = [] if index is None else [c for c in others[index + 1 :] if _is_code(game, c)]
        if codes:
            printed = f"{text} ({codes[0]})" + (f" {codes[1]}" if len(codes) > 1 else "")
            found = _resolve(game, printed) or found
        reading = _with_count(game, found, digits, text)
        if index is None or reading[0] != _CARD:
            return reading
        # A cell naming a part of the deck (the site's CSV export starts each row with one:
        # "Sideboard,2,Kindle,...") places the row there; other rows are placed by type.
        part = next(((c, p) for c in others if c != text and (p := _part(game, c))), None)
        return reading if part is None else (_HEADER, part[1], part[0], reading, True)
    return (_UNKNOWN, others[0], None)


def _part(game: Game, cell: str) -> tuple | None:
    """The section or board a row's cell names (``Dinos``, ``Sideboard``), or None: a cell
    naming a group of cards (``Action``, ``Fire``) or none places the row by its card's type."""
    target = _target(game, cell)
    return target if target is not None and target[1] is not None else None


def _is_code(game: Game, cell: str) -> bool:
    """Whether a cell beside a card's name is a set code or a card number, not a type."""
    return name_key(cell) in _lexicon(game).set_keys or any(c.isdigit() for c in cell)


def _numbered_entry(game: Game, number: int, rest: str, mark: str = ".") -> tuple:
    """A line of a numbered list (see _NUMBERED; ``mark`` is its "." or ")"): its reading as
    the line's place and as its count, which :func:`parse_text` chooses between for the whole
    list."""
    found = _resolve(game, rest)
    if found is None:  # a count of its own after the number ("1. 3 Kindle"), or no card
        reading = _read_line(game, rest)
        if reading[0] in (_SKIP, _HEADER):
            return reading
        return (_NUMBERED_LINE, number, reading, reading)
    as_place = _counted(found, 1, rest)
    if number == 1:  # one copy either way
        return (_NUMBERED_LINE, number, as_place, as_place)
    as_count = _counted(found, number, rest)
    if as_count[0] == _CARD:
        note = (
            f"'{number}{mark}' before {as_count[1].name} is read as its count, {number} copies"
            " (the list's numbers do not run 1, 2, 3 down its lines, as a numbering would)"
        )
        as_count = (*as_count[:3], (*as_count[3], note), as_count[4])
    return (_NUMBERED_LINE, number, as_place, as_count)


def _read_several(game: Game, text: str) -> tuple | None:
    """ "Dinos: Ember Rex, Tide Raptor, Gale Wing", or such a line under its header: cards
    written one after another, each read as a line of its own; None unless every part is a
    card (the first part that is not ends the reading)."""
    parts = [part.strip() for part in text.split(",", MAX_LINE_PARTS)]
    if len(parts) > MAX_LINE_PARTS:
        return None
    readings = []
    for part in parts:
        if part:
            reading = _read_entry(game, part)
            if reading[0] != _CARD:
                return None
            readings.append(reading)
    return (_SEVERAL, tuple(readings)) if len(readings) > 1 else None


def _suggestions(game: Game, text: str) -> tuple[str, ...]:
    """The closest card names to ``text``, kept per game as its readings are (an event's lists
    repeat the same misspellings); looked for only when a problem or a title needs them."""
    kept = _kept(_SUGGESTIONS, game)
    found = kept.get(text)
    if found is None:
        found = tuple(game.suggest(text))
        if len(text) <= MAX_KEPT_LINE:
            kept[text] = found
    return found


def _read_entry(game: Game, line: str) -> tuple:
    """A count and a card: ``3 Name``, ``3x Name``, ``Name x3``, ``Name``, ``-1 Name``."""
    count, card_text, digits = _split_count_digits(line)
    if count is None:
        return (_UNREADABLE,)
    found = _resolve(game, card_text)
    if digits and count > 0:
        return _with_count(game, found, digits, card_text)
    return _counted(found, count, card_text)


def _with_count(game: Game, found: tuple | None, digits: str, card_text: str) -> tuple:
    """The reading of ``digits`` copies of what ``card_text`` resolved to, unless the digits are
    a number no one writes as a count, zero-padded ("062"), and the card's own number: ERUMA
    numbers its cards 001 to 117, and a table puts them before the names ("| 062 | Glacáin |").
    That is one copy of that printing."""
    numbered = _own_number(game, found, digits)
    if numbered is not None:
        return _counted(numbered, 1, card_text)
    return _counted(found, _count(digits), card_text)


def _own_number(game: Game, found: tuple | None, digits: str) -> tuple | None:
    """The printing of the card ``found`` whose number is ``digits`` when they are
    zero-padded ("062", "014"), as a count never is; None otherwise."""
    if found is None or len(digits) < 2 or digits[0] != "0":
        return None
    printing = _first(game.printings(found[0]), None, digits)
    return None if printing is None else (printing, True, found[2])


def _counted(found: tuple | None, count: int, card_text: str) -> tuple:
    """The reading of ``count`` copies of what ``card_text`` resolved to (``found``)."""
    shown = found[0].name if found else card_text
    if count < 1:
        return (_ZERO, shown) if count == 0 else (_BAD_COUNT, count, shown)
    if count > MAX_COPIES_PER_LINE:
        return (_BAD_COUNT, count, shown)
    if found is None:
        return (_UNKNOWN, card_text, None)
    card, named, notes = found
    return (_CARD, card, named, notes, count)


def _count(digits: str) -> int:
    return int(digits) if len(digits) <= _MAX_COUNT_DIGITS else 10**_MAX_COUNT_DIGITS


def _split_count(line: str) -> tuple[int | None, str]:
    count, text, _ = _split_count_digits(line)
    return count, text


def _split_count_digits(line: str) -> tuple[int | None, str, str]:
    """A line's count, the rest of it, and the count's digits as written ("" when it has none)."""
    match = _COUNT_FIRST.match(line)
    if match:
        return _count(match.group(1)), match.group(2).strip(), match.group(1)
    match = _NEGATIVE_COUNT.match(line)
    if match:
        return -_count(match.group(1)), match.group(2).strip(), ""
    match = _COUNT_LAST.match(line)
    if match:
        digits = match.group(match.lastindex)
        return _count(digits), match.group(1).strip(), digits
    if line.isdigit():
        return None, "", ""
    return 1, line, ""


def _find(game: Game, text: str) -> tuple[Card, bool, tuple[str, ...]] | None:
    """The card ``text`` names, whether it named one printing (an id or number), and notes."""
    card = game.find_card(text)
    if card is None and "&" in text:
        # "Didi & Dimbo" for "Didi and Dimbo": players write the ampersand for "and".
        found = _find(game, text.replace("&", " and "))
        if found is None:
            return None
        card, named, notes = found
        return card, named, (*notes, f"read {text.strip()!r} as {card.name!r}")
    if card is None:
        return None
    if name_key(text) in game.cards_by_key:
        return card, False, ()
    if text.strip().lower() in game.cards_by_id:
        return card, True, ()
    if game.alias_match(text) is card:  # an old name or a nickname: say how it was read
        return card, False, (f"read {text.strip()!r} as {card.name!r}",)
    return card, True, ()  # a card number


def _resolve(game: Game, text: str) -> tuple[Card, bool, tuple[str, ...]] | None:
    """``text`` as a card, with a printing code after its name if it carries one."""
    found = _find(game, text)
    if found is not None:
        return found
    for pattern in (_PAREN_CODE, _BRACKET_CODE, _HASH_CODE, _SET_NUMBER):
        match = pattern.match(text)
        if match is None:
            continue
        if pattern is _SET_NUMBER and name_key(match.group(2)) not in _lexicon(game).set_keys:
            continue  # "Eli 1.0" or "Mark 2": a name ending in a number, not a print
        if (
            pattern is _PAREN_CODE
            and match.group(3) is not None
            and match.group(2).isdigit()
            and match.group(2) not in _lexicon(game).set_keys
        ):
            continue  # "Name (3) RYFT1-004": a count, then the printing (see _read_row)
        found = _find(game, match.group(1))
        if found is None:
            return None
        card, named, notes = found
        code = text[len(match.group(1)) :].strip()
        printing = _printing(game.printings(card), match)
        if printing is None and _is_place(game, card, code.strip("()[]{}").strip()):
            return card, named, notes  # "Plymouth (I)": the region's place in the chapter
        if printing is None:
            note = f"no printing of {card.name} is {code}; read as {card.name} in any printing"
            return card, named, (*notes, note)
        return printing, True, notes
    number = _NUMBER_AFTER.match(text)
    if number is not None:
        found = _find(game, number.group(1))
        printing = found and _numbered(game.printings(found[0]), number.group(2))
        if printing is not None:
            return printing, True, found[2]
    text = text.strip()
    first, _, name = text.partition(" ")
    numbered = name and game.cards_by_number.get(name_key(first))
    if numbered:
        # "SDS1B-001 Galeclaw Raptor", "se021 Jasmine Rosecult": a number, then its card's name
        found = _find(game, name)
        if found is not None and found[0].identity == numbered.identity:
            return numbered, True, found[2]
    elif name and _DIGIT.search(f"{first} {name.partition(' ')[0]}"):
        printed = _set_number_first(game, first, name)
        if printed is not None:
            return printed
    noted = _note_apart(text)
    if noted is not None and len(noted[1].split()) > 1 and not _DIGIT.search(noted[1]):
        # a note of a few words in brackets: "Banebow (Shadow Hunter)", "Kindle (vs air)";
        # a digit may be a count or a printing ("(2 copies)", "(SDS1A 13)"), never dropped
        found = _find(game, noted[0])
        if found is not None:
            card, named, notes = found
            return card, named, (*notes, f"({noted[1]}) after {card.name} is read as a note")
    return None


def _is_place(game: Game, card: Card, code: str) -> bool:
    """Whether ``code`` after a card is a value of the game's that places the card, as its
    attributes of choice say: "I", "II", "III" are the chapter places of Arcmage's regions."""
    return _ROMAN_NUMERAL.fullmatch(code) is not None and any(
        attribute.kind == "choice"
        and code in attribute.values
        and (not attribute.types or card.type in attribute.types)
        for attribute in game.attributes.values()
    )


def _set_number_first(game: Game, first: str, rest: str) -> tuple | None:
    """A card named by its set and number, then its name: "ERUMA-062 Glacáin", "ERUMA 062
    Glacáin" (a number that is the card's own is read by :func:`_resolve` itself); None when
    the text is not that card's."""
    set_code = None
    if name_key(first) in _lexicon(game).set_keys:
        set_code, _, rest = rest.partition(" ")
        set_code, first = first, set_code
    if not rest or not _DIGIT.search(first):
        return None
    found = _find(game, rest)
    if found is None:
        return None
    printing = _first(game.printings(found[0]), set_code, first)
    return None if printing is None else (printing, True, found[2])


def _printing(printings: tuple[Card, ...], match: re.Match) -> Card | None:
    """The printing a code names, among a card's reprints and revisions."""
    if match.re is _PAREN_CODE or match.re is _SET_NUMBER:
        found = _first(printings, match.group(2), match.group(3))
        if found is None and match.re is _PAREN_CODE and match.group(3) is None:
            return _numbered(printings, match.group(2))  # "(se022)": the card's own number
        return found
    code = match.group(2) or match.group(3)  # "[SDS1A-014]" or "{SDS1A-014}"
    if match.re is _HASH_CODE:
        return _first(printings, None, code)
    whole = _first(printings, None, code)  # "[SDS1A-014]" is often the card number itself
    if whole is not None:
        return whole
    parts = _CODE_SEPARATOR.split(code.strip())
    if len(parts) >= 2:
        return _first(printings, " ".join(parts[:-1]), parts[-1])
    return _first(printings, code, None)


def _numbered(printings: tuple[Card, ...], code: str) -> Card | None:
    """The printing whose whole card number (or id) is ``code``."""
    key = name_key(code)
    for card in printings:
        if (card.number and name_key(card.number) == key) or card.id == code.strip().lower():
            return card
    return None


def _first(printings: tuple[Card, ...], set_code: str | None, number: str | None) -> Card | None:
    set_key = name_key(set_code) if set_code else None
    for card in printings:
        if set_key is not None and name_key(card.set) != set_key:
            continue
        if number is not None and not _same_number(card, number):
            continue
        return card
    return None


def _same_number(card: Card, number: str) -> bool:
    """Whether ``number`` is the card's number as players shorten it: 14, 014, SDS1A-014."""
    if not card.number:
        return False
    have, want = name_key(card.number), name_key(number)
    if have == want or have == name_key(card.set) + want:
        return True
    # The digits are those of the number as printed: keyed, "RYFT1-021" runs its set's 1 into
    # its 021 ("ryft1021"), and 21 was then no number of the card.
    printed, wanted = card.number.strip(), number.strip()
    have_digits, want_digits = _TRAILING_DIGITS.search(printed), _TRAILING_DIGITS.search(wanted)
    if have_digits is None or want_digits is None:
        return False
    # Compared as text without leading zeros: the same as int() and safe at any length.
    if have_digits.group().lstrip("0") != want_digits.group().lstrip("0"):
        return False
    prefix = name_key(wanted[: want_digits.start()])
    if not prefix or name_key(printed[: have_digits.start()]).endswith(prefix):
        return True
    return prefix == name_key(card.set)  # "ERUMA-062" for 062 of the set ERUMA


# -- reading a whole list ---------------------------------------------------------------


def _unknown_card(
    game: Game,
    name: str,
    where: str,
    line: int | None,
    section,
    budget: list[int],
) -> Problem:
    """An unknown card's problem, with the closest names while the list's ``budget`` (the
    count of names it may still look up, see MAX_SUGGESTED) lasts."""
    if budget[0] > 0:
        budget[0] -= 1
        suggestions = _suggestions(game, name)
        hint = f"; did you mean {' or '.join(suggestions)}?" if suggestions else ""
    else:
        suggestions = ()
        hint = (
            f" (close names are looked for only for the first {MAX_SUGGESTED} unknown cards"
            " of a list)"
        )
    return _problem(
        UNKNOWN_CARD,
        f"{where}: no {game.short_name} card is called {name!r}{hint}",
        line,
        section=section,
        cards=(name,),
        suggestions=suggestions,
    )


def limit_lines(limit: int) -> Token:
    """Set the most lines a decklist may have in this context (``reset`` with the token)."""
    return _LINE_LIMIT.set(limit)


def reset_line_limit(token: Token) -> None:
    _LINE_LIMIT.reset(token)


def parse_text(text: str, game: Game, name: str = "", max_lines: int | None = None) -> ParsedDeck:
    """Read a plain-text decklist; every unreadable line becomes a problem with its number.

    A list of more than ``max_lines`` lines (by default the context's limit, see
    :func:`limit_lines`) is refused whole with :class:`DecklistTooLongError`.
    """
    if not isinstance(text, str):
        raise DecklistError("a text decklist must be a string")
    limit = _LINE_LIMIT.get() if max_lines is None else max_lines
    lines = text.splitlines()
    if len(lines) > limit:
        raise DecklistTooLongError(len(lines), limit)
    deck = Deck(game, {s.id: [] for s in game.sections}, name=name)
    problems: list[Problem] = []
    place: tuple = _BY_TYPE
    kept = _readings(game)
    section_for_type, default_section = game.section_for_type, game.default_section
    # Each section's index, held while the lines are read: a card line is one call to add.
    indexes: dict[str, Any] = {}
    on_board = False  # place[0] == _BOARD, kept as the lines are read
    opening = True  # no header, note or problem read yet: a first line may be the list's title
    as_places: bool | None = None  # whether a numbered list's numbers are places (_NUMBERED)
    placed: list[tuple[int, int, tuple]] = []  # its lines whose number could have been a count
    labelled: list[int] = []  # the "SB: 2 Card" lines outside a board (_below_label)
    counted: list[tuple] = []  # headers with a count of their own (_header_count)
    kept_long: dict[str, tuple] = {}  # this list's readings of lines too long to keep
    totals: list[tuple[int, str]] = []  # "Total: 40": the list's own counts (_total)
    board_line, board_grouped = 0, False  # the board's header, and whether a group was said
    budget = [MAX_SUGGESTED]  # the unknown names still to be given "did you mean"
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        reading = kept.get(stripped)
        if reading is None:
            reading = _read_plain(game, stripped) or _read_line(game, stripped)
            if len(stripped) <= MAX_KEPT_LINE:
                kept[stripped] = reading
            else:
                kept_long[stripped] = reading
        kind = reading[0]
        if kind == _CARD and not reading[3]:  # the common line: a card, nothing to say
            _, card, named, _, count = reading
            if on_board:
                deck.add_to_board(place[1], card, count, number, named)
            else:
                section = place[1] or section_for_type.get(card.type, default_section)
                index = indexes.get(section)
                if index is None:  # every add, here or in _take, goes through it: never stale
                    index = indexes[section] = deck.section_index(section)
                index.add(card, count, number, named)
            continue
        if kind == _SKIP:
            continue
        if kind == _NUMBERED_LINE:
            if as_places is None:
                as_places = _numbered_in_order(game, kept, lines)
            if as_places and reading[2] is not reading[3]:
                placed.append((number, reading[1], reading[2]))
            reading = reading[2] if as_places else reading[3]
            kind = reading[0]
        if opening:
            opening = False
            if kind == _UNKNOWN and _is_title(game, deck, reading, stripped):
                problems.append(_title(game, number, stripped, _suggestions(game, reading[1])))
                continue
            if kind == _HEADER and _is_titled_header(game, reading, stripped):
                problems.append(_title(game, number, stripped, _suggestions(game, reading[3][1])))
                continue
            if kind == _HEADER and _is_title_with_colon(game, deck, reading):
                problems.append(_title(game, number, stripped, _suggestions(game, reading[2])))
                continue
        if kind == _UNKNOWN and _is_list_note(game, deck, stripped):
            problems.append(
                _problem(
                    IGNORED_LINE,
                    f"Line {number}: {stripped!r} is read as a note on the list, not a card",
                    number,
                    WARNING,
                )
            )
            continue
        if kind == _TOTAL_LINE:
            totals.append((number, reading[1]))
            continue
        where = place
        if reading[0] == _HEADER:
            _, target, label, rest, line_only = reading
            if target is None:
                known = ", ".join(s.name for s in game.sections)
                meant = _header_meant(game, label)
                hint = f"; did you mean {meant!r}?" if meant else ""
                problems.append(
                    _problem(
                        UNKNOWN_SECTION,
                        f"Line {number}: {game.short_name} decks have no section {label!r}"
                        f" (the sections are {known}); its cards are placed by type{hint}",
                        number,
                    )
                )
                target = _BY_TYPE
            where = target
            if on_board and target == _BY_TYPE and not line_only:
                grouped = _grouped_board(game, deck, place, board_line, number, label)
                if grouped is not None:  # "Sideboard:", then "Allies (2)": see _grouped_board
                    kept_on_board, said = grouped
                    if kept_on_board:
                        target = where = place
                    if not board_grouped:
                        problems.append(said)
                    board_grouped = True
            elif on_board and line_only is True and target[0] == _SECTION:
                place, on_board = _BY_TYPE, False  # "Hero: Darkclaw" below the sideboard
            if not line_only:
                if target[0] == _BOARD and target != place:
                    board_line, board_grouped = number, False
                place = target
                on_board = place[0] == _BOARD
                if rest is None and _DIGIT.search(stripped):
                    header = _counted_header(stripped)
                    if header is not None:
                        counted.append((number, target, label, *header))
            elif line_only is _ON_ITS_LINE and not on_board:
                labelled.append(number)
            if rest is None:
                continue
            reading = rest
        if reading[0] == _SEVERAL:
            for each in reading[1]:
                _take(game, deck, problems, each, where, number, stripped, budget)
            continue
        _take(game, deck, problems, reading, where, number, stripped, budget)
    if placed:
        problems.append(_placed(placed))
    if len(labelled) == 1:
        below = _below_label(game, kept, lines, labelled[0])
        if below is not None:
            problems.append(below)
    for number, text in totals:
        problem = _total(game, deck, number, text)
        if problem is not None:
            problems.append(problem)
    if counted:
        # each line as it was read (a numbered line as the list's numbers say)
        readings = []
        for raw in lines:
            stripped = raw.strip()
            reading = kept.get(stripped) or kept_long.get(stripped)
            if reading is None:  # the game's kept readings were cleared since (another list)
                reading = _read_plain(game, stripped) or _read_line(game, stripped)
            if reading[0] == _NUMBERED_LINE:
                reading = reading[2] if as_places else reading[3]
            readings.append(reading)
        for header in counted[:MAX_COUNTED_HEADERS]:
            problem = _header_count(game, readings, *header)
            if problem is not None:
                problems.append(problem)
    return ParsedDeck(_drop_empty(deck), problems)


def _total(game: Game, deck: Deck, number: int, text: str) -> Problem | None:
    """The warning on a list's own total ("Total: 40", "Total 15 + 13") that is none of the
    counts a player may mean: the whole deck, with or without its boards, one of its sections
    or boards, or the whole deck without its sections apart from the main one (a hero)."""
    stated = [_count(digits) for digits in _DIGITS.findall(text)]
    sizes = {s.name: deck.size(s.id) for s in game.sections if deck.sections.get(s.id)}
    boards = {b: sum(e.count for e in deck.boards[b]) for b in BOARDS if deck.boards.get(b)}
    whole = sum(sizes.values())
    main = deck.size(game.default_section)
    meant = {whole, whole + sum(boards.values()), main, *sizes.values(), *boards.values()}
    if stated and (stated[0] in meant or sum(stated) in meant):
        return None
    parts = [f"{size} in its {name}" for name, size in sizes.items()]
    parts += [f"{size} in its {board}" for board, size in boards.items()]
    held = f"{whole} {'card' if whole == 1 else 'cards'}" + (
        f" ({', '.join(parts)})" if parts else ""
    )
    return _problem(
        IGNORED_LINE,
        f"Line {number}: {text!r} is read as the list's own count of its cards, not a card, but"
        f" the list holds {held}; the line is ignored",
        number,
        WARNING,
    )


def _counted_header(stripped: str) -> tuple[str, int] | None:
    """A header line as it shows without its marks ("Allies (20)"), and the count players
    write in it to check their list; None when it has none."""
    shown = _BULLET.sub("", stripped.strip(_INVISIBLE).strip()).replace("**", "").replace("__", "")
    shown = shown.strip("#=-_*~─━ \t").rstrip(":").strip()
    count = _HEADER_COUNT.search(shown)
    if count is None or count.start() == 0:
        return None
    digits = _DIGITS.search(count.group()).group()
    return shown, _count(digits)


def _header_count(
    game: Game,
    readings: list[tuple],
    at: int,
    target: tuple,
    label: str,
    shown: str,
    count: int,
) -> Problem | None:
    """The warning on a header whose count (line ``at``) is none of the counts of the cards
    below it a player may mean: those up to the next header, or up to a blank line ("Hero (1)",
    its card, a blank line, then the deck under no header); and for a section or the whole
    deck, those up to the next header of another section or a board, through the groups
    within it ("Outlaws (15)" over "Assassins (4)" and "Thieves (11)"), all of them or only
    those of the section (the whole deck counted with its hero or without it)."""
    if target[0] == _BOARD:
        kind = _BOARD
    elif name_key(label) in _GENERIC_HEADERS or name_key(label) in _lexicon(game).whole_deck_keys:
        kind = "whole"
    elif target[1] is not None:
        kind = _SECTION
    else:
        kind = "group"
    own = target[1] if kind != "whole" else game.default_section
    place = target
    near = blank = wide = inside = 0
    near_open = blank_open = True
    for reading in readings[at:]:
        if reading[0] == _SKIP:
            if reading == _BLANK and blank:
                blank_open = False
            continue
        there = place
        if reading[0] == _HEADER:
            _, header, labelled, rest, line_only = reading
            header = header or _BY_TYPE
            if not line_only:
                near_open = blank_open = False
                if kind == "group" or _ends_counted(game, kind, own, header, labelled):
                    break
                if kind != _BOARD:  # a board's groups are the board's (_grouped_board)
                    place = header
                there = place
            else:
                there = header
            if rest is None:
                continue
            reading = rest
        copies = reading[1] if reading[0] == _SEVERAL else (reading,)
        for each in copies:
            if each[0] != _CARD:
                continue
            card, copies_of = each[1], each[4]
            if there[0] == _BOARD:
                if kind != _BOARD or there[1] != target[1]:
                    continue
                section = there[1]
            elif kind == _BOARD:
                continue
            else:
                section = there[1] or game.section_for_card(card)
            near += copies_of if near_open else 0
            blank += copies_of if blank_open else 0
            wide += copies_of
            inside += copies_of if section == own else 0
    if count in (near, blank) or (kind != "group" and count in (wide, inside)):
        return None
    listed = {_SECTION: inside, "whole": wide, _BOARD: wide}.get(kind, near)
    are = "is" if listed == 1 else "are"
    return Problem(
        rule=HEADER_COUNT,
        severity=WARNING,
        message=f"Line {at}: {shown!r} counts {count} {'card' if count == 1 else 'cards'}, but"
        f" {listed} {are} listed under it; the list is read as its cards say",
        lines=(at,),
    )


def _ends_counted(game: Game, kind: str, own: str, header: tuple, label: str) -> bool:
    """Whether a header ends the cards a section's, a board's or the whole deck's count is of:
    a board, the whole deck's header again, and for a section another section, for a board any
    section; the groups within them (by type) do not."""
    if header[0] == _BOARD:
        return True
    key = name_key(label)
    if key in _GENERIC_HEADERS or key in _lexicon(game).whole_deck_keys:
        return True
    if kind == _BOARD:
        return header[1] is not None
    return kind == _SECTION and header[1] is not None and header[1] != own


def _grouped_board(
    game: Game, deck: Deck, board: tuple, at: int, number: int, label: str
) -> tuple[bool, Problem] | None:
    """The warning on a header grouping cards by type ("Allies (2)") below a board's header
    (line ``at``): below a deck already listed, the group is the board's, as a sideboard
    grouped by type is; above it (the sideboard listed first), the deck's. The answer is
    whether the group is the board's, and the warning; None for a header over the whole deck
    ("Main:"), which ends the board's cards without a word."""
    key = name_key(label)
    if key in _GENERIC_HEADERS or key in _lexicon(game).whole_deck_keys:
        return None
    name = BOARD_NAMES[board[1]]
    on_board = any(deck.sections.values())
    if on_board:
        read = (
            f"a group of the {name.lower()}'s cards; if they are the deck's, write 'Deck:'"
            " above them"
        )
    else:
        read = (
            f"a group of the deck's cards, the deck being listed after its {name.lower()}; if"
            f" they are the {name.lower()}'s, list the deck first"
        )
    return on_board, _problem(
        READ_AS,
        f"Line {number}: {label!r} below {name!r} (line {at}) is read as {read}",
        number,
        WARNING,
    )


def _below_label(game: Game, kept: dict[str, tuple], lines: list[str], at: int) -> Problem | None:
    """The warning on the one "SB: 2 Card" line of a list with cards right below it (line
    ``at``): the label may head the cards below or mark its own line, as lists mixing "SB:"
    lines with the deck's do. Those cards stay in the deck, and the warning says so."""
    below = []
    for number in range(at + 1, len(lines) + 1):
        stripped = lines[number - 1].strip()
        if not stripped:
            break
        reading = kept.get(stripped) or _read_plain(game, stripped) or _read_line(game, stripped)
        if reading[0] in (_CARD, _NUMBERED_LINE, _SEVERAL):
            below.append(number)
        elif reading[0] != _SKIP:
            break
    if not below:
        return None
    if len(below) == 1:
        which = f"line {below[0]}"
    elif len(below) == 2:
        which = f"lines {below[0]} and {below[1]}"
    else:
        which = f"lines {below[0]} to {below[-1]}"
    label = _LABELLED.match(lines[at - 1].strip())
    label = label.group(1) if label else "SB"
    return Problem(
        rule=READ_AS,
        severity=WARNING,
        message=f"Line {at}: '{label}:' puts its own line alone in the sideboard, so {which}"
        f" below it {'is' if len(below) == 1 else 'are'} read in the deck; if"
        f" {'it is' if len(below) == 1 else 'they are'} the sideboard's, write 'Sideboard:' on"
        f" a line of its own above {'it' if len(below) == 1 else 'them'}",
        lines=(at, *below),
    )


def _numbered_in_order(game: Game, kept: dict[str, tuple], lines: list[str]) -> bool:
    """Whether the numbers of a list's numbered lines run 1, 2, 3 down it (restarting at 1),
    as the places of its lines do; the readings made on the way are kept for the reading."""
    previous = 0
    for raw in lines:
        stripped = raw.strip()
        reading = kept.get(stripped)
        if reading is None:
            reading = _read_plain(game, stripped) or _read_line(game, stripped)
            if len(stripped) <= MAX_KEPT_LINE:
                kept[stripped] = reading
        if reading[0] == _NUMBERED_LINE:
            if reading[1] != 1 and reading[1] != previous + 1:
                return False
            previous = reading[1]
    return True


def _placed(placed: list[tuple[int, int, tuple]]) -> Problem:
    """The warning on a numbered list read as the places of its lines: which lines, and how
    to write a count on one (``placed`` holds each line's number, list number and reading)."""
    numbers = [number for number, _, _ in placed]
    if len(numbers) == 1:
        where = f"Line {numbers[0]}"
    else:
        where = f"Lines {', '.join(map(str, numbers[:-1]))} and {numbers[-1]}"
    if len(numbers) > 3:
        where = f"Lines {numbers[0]} to {numbers[-1]}"
    _, place, first = placed[0]
    example = first[1].name if first[0] == _CARD else "Card Name"
    return Problem(
        rule=READ_AS,
        severity=WARNING,
        message=f"{where}: the numbers before the cards run 1, 2, 3 down the list, so each is"
        " read as the line's place in it and each line as one copy; a count goes after the"
        f" number, as in '{place}. 3 {example}'",
        lines=tuple(numbers),
    )


def _is_title(game: Game, deck: Deck, reading: tuple, stripped: str) -> bool:
    """Whether an unknown first line, above every card, is the title players put on top:
    words without a count ("Boris Smash – Human Warrior"), or with the deck's size after them
    ("Inferno aggro (40)"), unless they are a card's name misspelt."""
    if any(deck.sections.values()) or any(deck.boards.values()):
        return False
    if name_key(reading[1]) != name_key(stripped) and _TITLE_SIZE.search(stripped) is None:
        return False
    return not _misspelt_card(reading[1], _suggestions(game, reading[1]))


# How alike (difflib's ratio of name keys) a first line and a card's name are when the line is
# that card misspelt rather than the list's title: "Embr Rex" and "Ember Rex" 0.94, "Zoltn" and
# "Zoltán" 0.91; a title naming a card and more stays a title ("Ember Rex Aggro" 0.76,
# "Darkclaw - Shadow Wulven" 0.57). Read as a title, a misspelt card left the deck a card short
# with only a warning: one card too many could be judged legal.
MISSPELT_CARD = 0.85
# The same for a header: "Alies" and "Allies" 0.91, "Abilites" and "Abilities" 0.94; "My best
# deck" and "Main Deck" 0.67.
MISSPELT_HEADER = 0.85


def _misspelt_card(text: str, suggestions: tuple[str, ...]) -> bool:
    key = name_key(text)
    return any(
        SequenceMatcher(None, key, name_key(name)).ratio() >= MISSPELT_CARD for name in suggestions
    )


def _is_titled_header(game: Game, reading: tuple, stripped: str) -> bool:
    """Whether a first line headed by the whole deck's name is the deck's title ("Deck: Orc
    Rush v2", "Decklist - Gaian birds"): words naming no card and no count after the header.
    A header of one part of the deck ("Hero: Darkclaw") names its card, even misspelt."""
    _, target, label, rest, _ = reading
    if rest is None or rest[0] != _UNKNOWN:
        return False
    if target != _BY_TYPE and target != (_SECTION, game.default_section):
        return False
    if name_key(stripped) != name_key(label) + name_key(rest[1]):
        return False
    return not _misspelt_card(rest[1], _suggestions(game, rest[1]))


def _is_title_with_colon(game: Game, deck: Deck, reading: tuple) -> bool:
    """Whether a first line ending in a colon that heads nothing the game knows is the list's
    title ("Orc Rush v2:"): words that name no card, even misspelt, and no header, even
    misspelt. One word ("Reserves:") or words with a note in brackets ("Extra (Tokens):") are
    written as a header is, and stay one the game does not know."""
    _, target, label, rest, _ = reading
    if target is not None or rest is not None or len(label.split()) < 2:
        return False
    if any(deck.sections.values()) or any(deck.boards.values()):
        return False  # below a card
    if any(c in label for c in "()[]") or _find(game, label) is not None:
        return False
    if _misspelt_card(label, _suggestions(game, label)):
        return False
    return _header_meant(game, label) is None


def _is_list_note(game: Game, deck: Deck, stripped: str) -> bool:
    """Whether an unknown line above every card is one of the notes deck tools export on top
    of a list ("Format: Standard", "Author: Sam"), unless what follows the label is a card's
    name misspelt."""
    note = _LIST_NOTE.match(stripped)
    if note is None or any(deck.sections.values()) or any(deck.boards.values()):
        return False
    return not _misspelt_card(note.group(1), _suggestions(game, note.group(1)))


def _title(game: Game, number: int, stripped: str, suggestions: tuple[str, ...]) -> Problem:
    stripped = stripped.strip(_INVISIBLE).strip()
    hint = f" (if it is a card: did you mean {' or '.join(suggestions)}?)" if suggestions else ""
    return _problem(
        IGNORED_LINE,
        f"Line {number}: {stripped!r} names no {game.short_name} card; it is read as the"
        f" list's title{hint}",
        number,
        WARNING,
        suggestions=suggestions,
    )


def _take(game, deck, problems, reading, where, number, stripped, budget) -> None:
    """Put one read entry into the deck, or say why it could not be."""
    kind, *values = reading
    kind_of_place, place_id = where
    if kind == _CARD:
        card, named, notes, count = values
        if kind_of_place == _BOARD:
            deck.add_to_board(place_id, card, count, number, named)
        else:
            section = place_id or game.section_for_card(card)
            deck.add(section, card, count, number, named)
        for note in notes:
            problems.append(
                _problem(READ_AS, f"Line {number}: {note}", number, WARNING, cards=(card.name,))
            )
    elif kind == _ZERO:
        problems.append(
            _problem(
                IGNORED_LINE,
                f"Line {number}: 0 copies of {values[0]}; the line is ignored",
                number,
                WARNING,
                cards=(values[0],),
            )
        )
    elif kind == _NOT_A_NUMBER:
        problems.append(
            _problem(
                IGNORED_LINE,
                f"Line {number}: no {game.short_name} card has the number {values[0][1:]!r};"
                " the line is read as a comment",
                number,
                WARNING,
            )
        )
    elif kind == _COMMENTED:
        line, card_name, hashed = values
        problems.append(
            _problem(
                IGNORED_LINE,
                f"Line {number}: {line!r} is read as a comment ({hashed} is not the number of"
                f" {card_name}); if the card is in the list, write the line without the '#'",
                number,
                WARNING,
                cards=(card_name,),
            )
        )
    elif kind == _BAD_COUNT:
        count, shown = values
        detail = (
            f"{count} is a negative count of copies of {shown}"
            if count < 0
            else f"{count} copies of {shown} is more than a line may hold"
            f" (1 to {MAX_COPIES_PER_LINE})"
        )
        problems.append(
            _problem(MALFORMED_LINE, f"Line {number}: {detail}", number, cards=(shown,))
        )
    elif kind == _UNREADABLE:
        problems.append(
            _problem(MALFORMED_LINE, f"Line {number}: cannot read {stripped!r}", number)
        )
    else:
        card_text, _ = values
        problems.append(_unknown_card(game, card_text, f"Line {number}", number, place_id, budget))


# -- the JSON form ------------------------------------------------------------------------


def parse_mapping(data: Any, game: Game, max_lines: int | None = None) -> ParsedDeck:
    """Read the JSON form: ``{"name": ..., "sections": {"deck": [{"card": "...", "count": 3}]}}``.

    An entry names its card by ``card`` (name, id, number, or name and printing code),
    ``name`` or ``id``; ``count`` (or ``qty``, ``quantity``, ``amount``) defaults to 1.
    Ids are how programs name cards, so an entry means that very printing only with
    ``"printing": true`` or a printing code.
    ``boards`` holds the sideboard and maybe-board the same way; a section named
    ``sideboard`` is the sideboard unless the game has such a section. Problems point
    at the entry's place, e.g. ``sections.deck[2]``. More than ``max_lines`` entries in
    all are refused whole, as a text list of more lines is.
    """
    if not isinstance(data, Mapping):
        raise DecklistError("a deck must be a JSON object with a 'sections' object")
    sections = data.get("sections")
    if not isinstance(sections, Mapping):
        raise DecklistError("a deck needs 'sections': an object of section name to card list")
    boards = data.get("boards")
    if boards is None:
        boards = {}
    if not isinstance(boards, Mapping):
        raise DecklistError("a deck's 'boards' must be an object of board name to card list")
    deck_name = data.get("name") if isinstance(data.get("name"), str) else ""
    deck = Deck(game, {s.id: [] for s in game.sections}, name=deck_name)
    problems: list[Problem] = []
    unread: list[UnreadEntry] = []
    parts = [("sections", label, entries) for label, entries in sections.items()]
    parts += [("boards", label, entries) for label, entries in boards.items()]
    limit = _LINE_LIMIT.get() if max_lines is None else max_lines
    budget = [MAX_SUGGESTED]  # the unknown names still to be given "did you mean"
    entries_in_all = sum(len(e) if isinstance(e, list) else 1 for _, _, e in parts)
    if entries_in_all > limit:
        raise DecklistTooLongError(entries_in_all, limit, "entries")
    for part, label, entries in parts:
        target = _mapping_target(game, part, str(label))
        if target is None:
            problems.append(_unknown_part(game, part, label))
            continue
        if not isinstance(entries, list):
            problems.append(_problem(MALFORMED_LINE, f"{part}.{label}: must be a list of entries"))
            continue
        for index, entry in enumerate(entries):
            where = f"{part}.{label}[{index}]"
            _take_mapping_entry(game, deck, problems, unread, target, entry, where, budget)
    return ParsedDeck(_drop_empty(deck), problems, unread)


def _mapping_target(game: Game, part: str, label: str) -> tuple | None:
    section = game.section_for(label) if part == "sections" else None
    if section is not None:
        return (_SECTION, section)
    board = _BOARD_HEADERS.get(name_key(label))
    return (_BOARD, board) if board is not None else None


def _unknown_part(game: Game, part: str, label: Any) -> Problem:
    if part == "boards":
        known = ", ".join(BOARDS)
        message = f"boards.{label}: a deck's boards are {known}, not {label!r}"
    else:
        known = ", ".join(s.id for s in game.sections)
        message = (
            f"sections.{label}: {game.short_name} decks have no section {label!r}"
            f" (the sections are {known})"
        )
    return _problem(UNKNOWN_SECTION, message)


def _take_mapping_entry(game, deck, problems, unread, target, entry, where, budget) -> None:
    card_text, count = _entry_parts(entry)
    if card_text is None or count is None:
        problems.append(
            _problem(
                MALFORMED_LINE,
                f'{where}: an entry is a card name or {{"card": name, "count": n}}'
                f" with n from 1 to {MAX_COPIES_PER_LINE}",
            )
        )
        return
    found = _resolve(game, _short_blanks(card_text))
    kind_of_place, place_id = target
    saved_name = entry.get("card", entry.get("name")) if isinstance(entry, Mapping) else None
    saved_name = saved_name.strip() if isinstance(saved_name, str) else ""
    if found is None and saved_name and saved_name != card_text:
        # An id the pool no longer has (its ids were made anew): the card by its name.
        found = _resolve(game, saved_name)
        if found is not None:
            card, _, notes = found
            note = f"no card has the id {card_text!r} now; read by its name as {card.name}"
            found = (card, False, (*notes, note))
    if found is None:
        problems.append(_unknown_card(game, saved_name or card_text, where, None, place_id, budget))
        unread.append(UnreadEntry(place_id, saved_name or card_text, count))
        return
    card, named, notes = found
    if saved_name and saved_name != card_text:
        # {"card": "Flame Lash", "id": "era-kindle"}: the id is read, but not in silence
        by_name = _find(game, saved_name)
        if by_name is not None and by_name[0].identity != card.identity:
            note = f"{saved_name!r} has the id of {card.name}; read by its id as {card.name}"
            notes = (*notes, note)
    # The JSON form names cards by id to survive renames, not to pick a printing: only a
    # printing code in the text, or "printing": true, names one.
    named = (named and _find(game, card_text) is None) or (
        isinstance(entry, Mapping) and entry.get("printing") is True
    )
    if kind_of_place == _BOARD:
        deck.add_to_board(place_id, card, count, None, named)
    else:
        deck.add(place_id, card, count, None, named)
    problems.extend(
        _problem(READ_AS, f"{where}: {note}", None, WARNING, cards=(card.name,)) for note in notes
    )


_COUNT_KEYS = ("count", "qty", "quantity", "amount")


def _entry_parts(entry: Any) -> tuple[str | None, int | None]:
    if isinstance(entry, str):
        return (entry, 1) if entry.strip() else (None, None)
    if not isinstance(entry, Mapping):
        return None, None
    card = entry.get("id", entry.get("card", entry.get("name")))
    if not isinstance(card, str | int) or isinstance(card, bool) or not str(card).strip():
        return None, None
    # other deck tools write the count as "qty", "quantity" or "amount": read as one copy, a
    # playset was cut to one without a word; keys that disagree are refused, none picked
    counts = [entry[key] for key in _COUNT_KEYS if key in entry]
    if any(other != counts[0] or type(other) is not type(counts[0]) for other in counts):
        return str(card), None
    count = counts[0] if counts else 1
    if not isinstance(count, int) or isinstance(count, bool):
        return str(card), None
    if not 1 <= count <= MAX_COPIES_PER_LINE:
        return str(card), None
    return str(card), count


def _drop_empty(deck: Deck) -> Deck:
    deck.sections = {k: v for k, v in deck.sections.items() if v}
    deck.boards = {k: v for k, v in deck.boards.items() if v}
    return deck


# -- writing ----------------------------------------------------------------------------


def _printing_text(entry) -> str:
    """An entry naming its printing, as ``2 Name (SET) 14``."""
    card = entry.card
    code = f"({card.set}) {card.number}" if card.number else f"({card.set})"
    return f"{entry.count} {card.name} {code}"


def to_text(deck: Deck) -> str:
    """The canonical text of a deck: reading it back gives the same deck, boards and all."""
    lines: list[str] = []
    if deck.name:
        lines.append(f"# {deck.name}")
    for header, entries in deck.named_parts():
        if lines:
            lines.append("")
        lines.append(f"{header}:")
        # Most entries name a card alone: written here, without a call for each.
        lines.extend(
            _printing_text(e) if e.printing_named else f"{e.count} {e.card.name}" for e in entries
        )
    return "\n".join(lines) + "\n"


def _entry_mappings(entries) -> list[dict[str, Any]]:
    mappings = []
    for entry in entries:
        card = entry.card
        data = {"card": card.name, "id": card.id, "count": entry.count}
        if entry.printing_named:
            data["printing"] = True
        mappings.append(data)
    return mappings


def to_mapping(deck: Deck) -> dict[str, Any]:
    """The JSON form of a deck, naming cards by id so it survives renames."""
    data = {
        "name": deck.name,
        "game": deck.game.id,
        "sections": {
            section.id: _entry_mappings(deck.sections[section.id])
            for section in deck.game.sections
            if deck.sections.get(section.id)
        },
    }
    boards = {b: _entry_mappings(deck.boards[b]) for b in BOARDS if deck.boards.get(b)}
    if boards:
        data["boards"] = boards
    return data
