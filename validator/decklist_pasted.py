"""A deck pasted as text in a form the site exports rather than as a list of lines: its JSON
(the builder's export, a saved deck as ``GET /api/v1/decks/<id>`` gives it, or the
``{"cards": [...]}`` other deck tools export) and its CSV (the deck page's and the builder's,
as a file's text or as rows copied from a spreadsheet). Each is read as the deck it was
exported from, as importing the file into the builder reads it, not line by line: a JSON deck
read so was a title and nothing else, and the CSV's card id (``se017``) was taken for a card
number, so every card came back naming its printing."""

from __future__ import annotations

import csv
import json
import re
from typing import Any

from cardpool import Game, name_key

from .deck import Deck
from .decklist_common import (
    IGNORED_LINE,
    MALFORMED_LINE,
    READ_AS,
    ParsedDeck,
    Problem,
    _problem,
    format_named,
)
from .decklist_headers import _BOARD, _BOARD_HEADERS, _SECTION
from .decklist_json import keys_beside_deck, parse_mapping, two_decks
from .decklist_lines import _CARD, _HEADER, _INVISIBLE, _SKIP, _UNKNOWN
from .decklist_names import _find, _resolve
from .errors import DecklistError, DecklistTooLongError
from .problems import WARNING
from .spreadsheet import cell_text

# What may come before a JSON deck's "{": blanks, and a byte order mark or zero-width spaces.
_BEFORE_JSON = " \t\r\n\f\v\u00a0" + _INVISIBLE
_JSON_START = re.compile(f"[{_BEFORE_JSON}]*{{")
# What makes text starting with "{" a JSON deck that did not parse rather than a list whose
# title is in braces ({Wolves}, {WIP} Orc rush): a quote after the "{" (straight, single, or
# curled by a chat app), or the "{" alone on its line, as a pretty-printed export starts.
_LOOKS_LIKE_JSON = re.compile("[ \t]*(?:[\"'\u201c\u201d\u2018\u2019]|\r?\n|\r|$)")
# The columns of the site's CSV export that name a row's card and place it.
_CSV_NEEDED = ("part", "count", "card", "card_id")
_CSV_SEPARATORS = (",", "\t", ";")


class _RepeatedKey(Exception):
    def __init__(self, key: str):
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict:
    """A JSON object, refused when it names a key twice (as the API refuses such a body)."""
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise _RepeatedKey(key)
        seen.add(key)
    return dict(pairs)


def json_deck(
    text: str, game: Game, name: str, max_lines: int | None
) -> ParsedDeck | Problem | None:
    """The deck a text holding a JSON deck gives, read as the JSON form is; None for text not
    starting with "{", or starting so with a title in braces ({Wolves}); and for text that
    looks like JSON but is not, the problem to say beside its reading as a text list (a deck
    saved as JSON and pasted in part, or written with single quotes)."""
    start = _JSON_START.match(text)
    if start is None:
        return None
    body = text[start.end() - 1 :].rstrip(_BEFORE_JSON)
    try:
        data = json.loads(body, object_pairs_hook=_unique_keys)
    except _RepeatedKey as exc:
        return _not_a_deck(game, name, f"it names the key {exc.key!r} twice in one object")
    except json.JSONDecodeError as exc:
        if not _LOOKS_LIKE_JSON.match(text, start.end()):
            return None  # a title in braces: the list is read as any list is
        line = exc.lineno + text.count("\n", 0, start.end())
        return _problem(
            READ_AS,
            f"Line {line}: the list starts with '{{' but is not JSON ({exc.msg} at column"
            f" {exc.colno}), so it is read as a text list; a deck saved as JSON is read whole,"
            " from its first '{' to its last '}'",
            line,
            WARNING,
        )
    except (RecursionError, ValueError):  # nested too deeply, or a number too long
        return _not_a_deck(game, name, "it is nested too deeply or holds a number too long")
    if not isinstance(data, dict):  # "{" starts an object: only a stray value after it
        return None
    if beside := keys_beside_deck(data):
        return _not_a_deck(game, name, two_decks(beside))
    try:
        # the deck page's JSON export holds the deck under "deck"; a deck of another game
        # is read as this game's, saying so
        parsed = parse_mapping(data, game, max_lines)
    except DecklistTooLongError:
        raise
    except DecklistError as exc:
        return _not_a_deck(game, name, str(exc))
    if name:
        parsed.deck.name = name
    return parsed


def _not_a_deck(game: Game, name: str, why: str) -> ParsedDeck:
    """An empty deck and the problem of a JSON text naming none: nothing of it is guessed."""
    deck = Deck(game, {}, name=name)
    message = f"the list is JSON but cannot be read as a deck: {why}"
    return ParsedDeck(deck, [_problem(MALFORMED_LINE, message)])


def csv_rows(
    game: Game, lines: list[str]
) -> tuple[dict[str, tuple], str | None, list[Problem]] | None:
    """The readings of the rows of the site's CSV export (its first line names its columns:
    ``part,count,card,type,set,number,card_id``), each row its card by its id in the part it
    names, naming its printing when the row gives its set or number, as the builder imports
    the file; and the format its ``format`` column names (a deck in a format not its game's
    default is exported with one), by the format's id or name as a "Format:" line is read,
    and the first row naming another format or none of the game's said (edited in a
    spreadsheet). None for any other list. A row whose count is not one the export writes
    (0, 1,000) is not given: it is read as any line is, and said so."""
    first = next((line for line in lines if line.strip(_BEFORE_JSON)), "")
    if "card_id" not in first.lower():
        return None
    header = first.strip(_BEFORE_JSON)
    separator = next((s for s in _CSV_SEPARATORS if s in header), None)
    if separator is None:
        return None
    columns = [cell.strip().lower() for cell in _cells(header, separator)]
    if any(column not in columns for column in _CSV_NEEDED):
        return None
    at = {column: columns.index(column) for column in columns}
    readings: dict[str, tuple] = {header: (_SKIP,), first.strip(): (_SKIP,)}
    format_id, format_line = None, 0
    other: tuple[int, str] | None = None  # the first row naming another format, or none
    formats: dict[str, str | None] = {}  # each format cell's format: the rows repeat one
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped or stripped in readings or separator not in stripped:
            continue
        cells = _cells(stripped, separator)
        row = {column: cell_text(cells[i].strip()) for column, i in at.items() if i < len(cells)}
        reading = _row(game, row)
        if reading is not None:
            readings[stripped] = reading
            if not row.get("format"):
                continue
            cell = row["format"]
            if cell not in formats:
                formats[cell] = format_named(game, cell)
            named = formats[cell]
            if format_id is None and named is not None:
                format_id, format_line = named, number
            elif (named is None or named != format_id) and other is None:
                other = (number, cell)
    said = [] if other is None else [_other_format_row(game, *other, format_id, format_line)]
    return readings, format_id, said


def _other_format_row(
    game: Game, number: int, cell: str, format_id: str | None, format_line: int
) -> Problem:
    """A row of the site's CSV whose format column names another format than the list's,
    or none of the game's."""
    judged = game.format(format_id or game.default_format).name
    named = format_named(game, cell)
    why = (
        f"not one of {game.short_name}'s"
        if named is None
        else f"another than line {format_line}'s ({judged})"
    )
    return _problem(
        IGNORED_LINE,
        f"Line {number}: its format, {cell!r}, is {why}: the list is judged in {judged}"
        " unless a format is asked for",
        number,
        WARNING,
    )


def _cells(line: str, separator: str) -> list[str]:
    return next(csv.reader([line], delimiter=separator))


def _row(game: Game, row: dict[str, str]) -> tuple | None:
    """One row of the site's CSV as the line reader gives a card with its part on its line."""
    part, count = row.get("part", ""), row.get("count", "")
    name, card_id = row.get("card", ""), row.get("card_id", "")
    # a part the game does not have is said as a header's is, its card placed by its type
    section = game.section_for(part) if part else None
    if section is not None:
        target = (_SECTION, section)
    elif (board := _BOARD_HEADERS.get(name_key(part))) is not None:
        target = (_BOARD, board)
    else:
        target = None
    if not (count.isascii() and count.isdigit() and count[0] != "0" and len(count) <= 3):
        return None
    if not (card_id or name):
        return None
    found = _resolve(game, card_id) if card_id else None
    notes: tuple[str, ...] = ()
    if found is None and name:
        found = _resolve(game, name)  # an id the pool no longer has: the card by its name
        if found is not None and card_id:
            notes = (f"no card has the id {card_id!r} now; read by its name as {found[0].name}",)
    if found is None:
        return (_HEADER, target, part, (_UNKNOWN, name or card_id, None), True)
    card = found[0]
    if name and not notes:
        by_name = _find(game, name)
        if by_name is not None and by_name[0].identity != card.identity:
            notes = (f"{name!r} has the id of {card.name}; read by its id as {card.name}",)
    printing = bool(row.get("set") or row.get("number"))
    return (_HEADER, target, part, (_CARD, card, printing, (*found[2], *notes), int(count)), True)
