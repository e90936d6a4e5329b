"""A shared deck, read only: its cards grouped and sorted, its verdicts, its words, its history.

A share link opens this page, not the editor: the deck is shown as saved, grouped by
type (or by section, or by any word-valued attribute), sorted by cost or name, with the
verdict in every format and what changed between the versions of its chain of edits.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from markupsafe import Markup, escape

from cardpool import Game
from validator import parse_mapping, summarize, validate_all_formats
from validator.deck import BOARD_NAMES

from . import browse, odds
from .decks import SavedDeck

SORTS = ("cost", "name")
# An address in a description becomes a link; nothing else of it is markup.
_URL = re.compile(r"https?://[^\s<>\"']+[^\s<>\"'.,;:!?)\]]")


@dataclass
class Line:
    card_id: str
    name: str
    count: int
    facts: dict[str, Any]
    type: str
    section: str
    # Whether the list named this very printing (set and number), as the text export says.
    printing: bool = False


@dataclass
class Group:
    label: str
    lines: list[Line]

    @property
    def count(self) -> int:
        return sum(line.count for line in self.lines)


@dataclass
class Change:
    part: str  # a section or board name
    name: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before


@dataclass
class Version:
    deck: SavedDeck
    changes: list[Change] = field(default_factory=list)  # from the version before it


def group_options(game: Game) -> list[tuple[str, str]]:
    """What a deck can be grouped by: type, section, then each word-valued attribute."""
    options = [("type", "Type"), ("section", "Section")]
    for name in browse.chip_attributes(game):
        options.append((name, game.attributes[name].label))
    cost = browse.cost_attribute(game)
    if cost:
        options.append((cost, game.attributes[cost].label))
    return options


def sort_options(game: Game) -> list[tuple[str, str]]:
    cost = browse.cost_attribute(game)
    options = [("name", "Name")]
    if cost:
        options.insert(0, ("cost", game.attributes[cost].label))
    return options


# The type shown for a saved card the pool no longer has: exports list it, never drop it.
NOT_IN_POOL = "not in the pool"


def lines_of(
    game: Game, saved: SavedDeck, with_unread: bool = False
) -> tuple[list[Line], dict[str, list[Line]]]:
    """The deck's cards (every section) and its boards, as lines of the page; with
    ``with_unread``, the saved cards the pool no longer has too (typed :data:`NOT_IN_POOL`),
    so an export keeps every card it was saved with."""
    parsed = parse_mapping(saved.deck, game)
    deck = parsed.deck
    lines = []
    for section in game.sections:
        lines.extend(_one_line_per_card(deck.sections.get(section.id, ()), section.name))
    boards = {}
    for board, entries in deck.boards.items():
        boards[BOARD_NAMES.get(board, board)] = _one_line_per_card(entries, board)
    if with_unread:
        sections = game.sections_by_id
        for gone in parsed.unread:
            line = Line("", gone.card, gone.count, {}, NOT_IN_POOL, gone.place)
            if gone.place in sections:
                line.section = sections[gone.place].name
                lines.append(line)
            else:
                boards.setdefault(BOARD_NAMES.get(gone.place, gone.place), []).append(line)
    return lines, boards


def _one_line_per_card(entries, part: str) -> list[Line]:
    """A part's entries as lines, one per card with its copies summed: a card named in any
    printing and again by its printing (its one printing) is kept as two entries, and was
    shown as two lines of one name."""
    lines: dict[str, Line] = {}
    for entry in entries:
        card = entry.card
        line = lines.get(card.id)
        if line is None:
            lines[card.id] = Line(
                card.id,
                card.name,
                entry.count,
                dict(card.facts),
                card.type,
                part,
                entry.printing_named,
            )
        else:
            line.count += entry.count
            line.printing = line.printing or entry.printing_named
    return list(lines.values())


def grouped(game: Game, lines: list[Line], by: str, sort: str) -> list[Group]:
    """The lines in groups (in the game's order of types, sections or values), each sorted."""
    cost = browse.cost_attribute(game)

    def keys(line: Line) -> list[str]:
        if by == "type":
            return [line.type]
        if by == "section":
            return [line.section]
        value = line.facts.get(by)
        values = value if isinstance(value, list) else [value]
        shown = [str(v) for v in values if v is not None and v != ""]
        return shown or ["—"]

    groups: dict[str, list[Line]] = {}
    for line in lines:
        # A card of two values (a dual-faction card) is under each: the heading counts say so.
        for key in keys(line):
            groups.setdefault(key, []).append(line)

    def order(label: str):
        if by == "type" and label in game.card_types:
            return (0, game.card_types.index(label), "")
        if by == "section":
            names = [s.name for s in game.sections]
            return (0, names.index(label) if label in names else len(names), "")
        attribute = game.attributes.get(by)
        if attribute and attribute.values and label in attribute.values:
            return (0, attribute.values.index(label), "")
        if label.lstrip("-").isdigit():
            return (1, int(label), "")
        return (2, 0, label.casefold()) if label != "—" else (3, 0, "")

    def line_order(line: Line):
        value = line.facts.get(cost) if cost and sort == "cost" else None
        has = isinstance(value, int) and not isinstance(value, bool)
        return (
            (not has, value if has else 0, line.name.casefold())
            if sort == "cost"
            else (line.name.casefold(),)
        )

    return [
        Group(label, sorted(groups[label], key=line_order)) for label in sorted(groups, key=order)
    ]


def verdicts(game: Game, saved: SavedDeck) -> list[dict[str, Any]]:
    """The deck in every format, today: legal, or its errors and warnings with their words."""
    parsed = parse_mapping(saved.deck, game)
    results = validate_all_formats(parsed.deck, None, parsed.problems)
    shown = []
    for format_id, result in results.items():
        errors = [p for p in result.problems if p.severity == "error"]
        warnings = [p for p in result.problems if p.severity != "error"]
        shown.append(
            {
                "id": format_id,
                "name": result.format_name,
                "legal": result.legal,
                "picked": format_id == saved.format,
                "errors": [p.message for p in errors],
                "warnings": [p.message for p in warnings],
            }
        )
    return shown


def summary(game: Game, saved: SavedDeck) -> dict[str, Any]:
    return summarize(parse_mapping(saved.deck, game).deck)


def counts(saved: SavedDeck, game: Game) -> Counter:
    """(part name, card name) -> copies, over the deck's sections and boards."""
    found: Counter = Counter()
    names = {s.id: s.name for s in game.sections}
    for part, entries in (saved.deck.get("sections") or {}).items():
        for entry in entries:
            found[(names.get(part, part), entry["card"])] += entry["count"]
    for board, entries in (saved.deck.get("boards") or {}).items():
        for entry in entries:
            found[(BOARD_NAMES.get(board, board), entry["card"])] += entry["count"]
    return found


def diff(game: Game, older: SavedDeck, newer: SavedDeck) -> list[Change]:
    """What changed from ``older`` to ``newer``: each card whose copies differ, per part."""
    before, after = counts(older, game), counts(newer, game)
    parts = [s.name for s in game.sections] + list(BOARD_NAMES.values())
    changed = [
        Change(part, name, before[(part, name)], after[(part, name)])
        for part, name in set(before) | set(after)
        if before[(part, name)] != after[(part, name)]
    ]
    return sorted(
        changed,
        key=lambda c: (parts.index(c.part) if c.part in parts else len(parts), c.name.casefold()),
    )


def versions(game: Game, chain: list[SavedDeck]) -> list[Version]:
    """The chain of edits, newest first, each with what it changed from the one before."""
    found = []
    for index, saved in enumerate(chain):
        older = chain[index + 1] if index + 1 < len(chain) else None
        found.append(Version(saved, diff(game, older, saved) if older else []))
    return found


def linked_text(text: str) -> Markup:
    """Plain text with its web addresses as links that carry no referrer or ranking."""
    pieces = []
    last = 0
    for match in _URL.finditer(text):
        pieces.append(escape(text[last : match.start()]))
        url = match.group(0)
        pieces.append(
            Markup('<a href="{0}" rel="nofollow noopener noreferrer ugc">{0}</a>').format(url)
        )
        last = match.end()
    pieces.append(escape(text[last:]))
    return Markup("").join(pieces)


def draw_odds(game: Game, saved: SavedDeck) -> tuple[list[odds.Odds], int] | None:
    """Each card of the drawn sections, then each type among them, with its draw odds;
    None when the game's YAML says nothing of its opening hand."""
    play = game.meta.get("play")
    if not play:
        return None
    drawn_from = set(play.get("draw_from") or [game.default_section])
    deck = parse_mapping(saved.deck, game).deck
    entries = list(deck.entries(s.id for s in game.sections if s.id in drawn_from))
    size = sum(e.count for e in entries)
    if not size:
        return None
    set_aside = set(play.get("set_aside") or ())
    copies: Counter = Counter()
    types: Counter = Counter()
    aside: Counter = Counter()
    for entry in entries:
        copies[entry.card.name] += entry.count
        types[entry.card.type] += entry.count
        if entry.card.type in set_aside:
            aside[entry.card.name] += entry.count
    rows = sorted(copies.items(), key=lambda item: (-item[1], item[0].casefold()))
    wanted = [odds.Wanted(name, n, aside[name]) for name, n in rows]
    wanted += [
        odds.Wanted(f"Any {t}", n, n if t in set_aside else 0)
        for t, n in types.items()
        if len(types) > 1
    ]
    deck_aside = sum(aside.values())
    return odds.odds_table(play, size, wanted, deck_aside), size


CSV_COLUMNS = ("part", "count", "card", "type", "set", "number", "card_id")
# A spreadsheet reads a cell starting with one of these as a formula.
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA) else text


def file_name(name: str, extension: str) -> str:
    """A deck's name as a file's, as the builder names its downloads: its letters, marks
    and digits in any alphabet, and _ . -; every other run of characters one dash."""
    kept = "".join(c if c in "_.-" or unicodedata.category(c)[0] in "LMN" else " " for c in name)
    base = "-".join(kept.split()).strip("-") or "deck"
    return f"{base}.{extension}"


def attachment(saved: SavedDeck, extension: str) -> str:
    """A Content-Disposition naming the file after the deck; the id for the oldest clients."""
    named = quote(file_name(saved.name, extension), safe="")
    return f"attachment; filename=\"{saved.id}.{extension}\"; filename*=UTF-8''{named}"


def as_csv(game: Game, saved: SavedDeck) -> str:
    """The deck as CSV: one row per card of each section and board, in the game's order.

    A row's set and number are given when the list named that printing, and only then, as
    the text export writes ``3 Flame Lash (SDS1A) SDS1A-014``: the builder reads the file
    back as the deck it was, each card naming its printing or not as it did. A deck in a
    format not its game's default has a last column, ``format``, naming it on every row: read
    back, the deck is judged in it again (the default's CSV is as it was)."""
    lines, boards = lines_of(game, saved, with_unread=True)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    in_format = [_cell(saved.format)] if saved.format != game.default_format else []
    writer.writerow([*CSV_COLUMNS, *(["format"] if in_format else [])])
    rows = [(line.section, line) for line in lines]
    rows += [(board, line) for board, board_lines in boards.items() for line in board_lines]
    for part, line in rows:
        card = game.cards_by_id.get(line.card_id) if line.printing else None
        writer.writerow(
            [
                _cell(part),
                line.count,
                _cell(line.name),
                _cell(line.type),
                _cell(card.set if card else ""),
                _cell(card.number if card else ""),
                _cell(line.card_id),
                *in_format,
            ]
        )
    return out.getvalue()


def printable(game: Game, saved: SavedDeck) -> list[tuple[str, list[Line]]]:
    """The deck by section, then its boards, for a printed list: (heading, lines)."""
    lines, boards = lines_of(game, saved, with_unread=True)
    parts: dict[str, list[Line]] = {}
    for line in lines:
        parts.setdefault(line.section, []).append(line)
    parts.update(boards)
    return list(parts.items())


def unread(game: Game, saved: SavedDeck) -> list[str]:
    """What of a saved deck the pool cannot read any more (a card renamed or taken out)."""
    parsed = parse_mapping(saved.deck, game)
    return [p.message for p in parsed.problems if p.severity == "error"]
