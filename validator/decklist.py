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
``whole_deck_headers``: Shadow Era's ``Deck:`` holds its hero; the main section's header
when it is the only section a list names) groups cards the way
players do; each card goes to the section its type belongs to, as it does without any
header. ``Sideboard:``, ``Maybeboard:`` and ``SB: 2 Card`` keep cards
beside the deck, outside every rule, unless the game has a section of that name.
Names are matched without regard to case, spacing, accents or punctuation; card
ids and card numbers (``#se017``) are accepted too. A first line naming no card, above
every card and header, is the list's title (with a warning), and the deck's name when it is
given none ("Name: Orc Rush" above the cards too). Problems come back with their
line numbers; nothing is thrown away silently: a line is a card, a header, a
comment, or a problem.

This module reads a whole text list; its parts live beside it: ``decklist_lines`` reads one
line, ``decklist_names`` finds the card a text names, ``decklist_headers`` the part a header
names, ``decklist_counts`` checks the counts a list gives of itself, ``decklist_json`` reads
the JSON form, ``decklist_pasted`` a JSON deck or the site's CSV pasted as text, and
``decklist_export`` writes a deck out. What the app and the tests import
from ``validator.decklist`` is still importable from here.
"""

from __future__ import annotations

import re
from typing import Any

from cardpool import Game, name_key

from .deck import BOARD_NAMES, Deck, Entry

# The names marked F401 are not used here: the app, the CLI, the benches and the tests
# import them from here.
from .decklist_common import (
    _LINE_LIMIT,
    HEADER_COUNT,  # noqa: F401
    IGNORED_LINE,
    MALFORMED_LINE,
    MAX_COPIES_PER_LINE,
    MAX_LINES,  # noqa: F401
    READ_AS,
    UNKNOWN_CARD,
    UNKNOWN_SECTION,
    ParsedDeck,
    Problem,
    UnreadEntry,  # noqa: F401
    _drop_empty,
    _problem,
    format_named,
    limit_lines,  # noqa: F401
    reset_line_limit,  # noqa: F401
    unquoted_name,
)
from .decklist_counts import (
    MAX_COUNTED_HEADERS,
    _counted_header,
    _header_count,
    _size_after,
    _total,
)
from .decklist_export import to_mapping, to_text  # noqa: F401
from .decklist_headers import (
    _BOARD,
    _BY_TYPE,
    _ON_ITS_LINE,
    _SECTION,
    MISSPELT_HEADER,  # noqa: F401
    _header_meant,
    _lexicon,
    _of_other_games,
)
from .decklist_json import parse_mapping  # noqa: F401
from .decklist_lines import (
    _ARROWED,
    _BAD_COUNT,
    _BLANK,
    _CARD,
    _CARDS_COUNT,
    _COMMENTED,
    _DESCRIBED,
    _HEADER,
    _INVISIBLE,
    _LABELLED,
    _MAX_COUNT_DIGITS,
    _NOT_A_NUMBER,
    _NUMBERED_LINE,
    _PARTS,
    _PLURAL_LINE,
    _READINGS,
    _SEVERAL,
    _SKIP,
    _STRUCK,
    _TOTAL_LINE,
    _TWO_COUNTS,
    _UNKNOWN,
    _UNREADABLE,
    _ZERO,
    MAX_BLANK_RUN,  # noqa: F401
    MAX_LINE_PARTS,  # noqa: F401
    UNSEEN_MARKS,
    _read_by_value,
    _read_line,
    _read_plain,
    _readings,  # noqa: F401
    _short_blanks,  # noqa: F401
    deck_size,
)
from .decklist_names import (
    _DIGIT,
    MAX_KEPT_LINE,
    MAX_KEPT_READINGS,  # noqa: F401
    MAX_SUGGESTED,
    MISSPELT_CARD,  # noqa: F401
    _apart_from_code,
    _find,
    _kept,
    _misspelt_card,
    _resolve,  # noqa: F401
    _suggestions,
    _unknown_card,
)
from .decklist_pasted import csv_rows, json_deck
from .errors import DecklistError, DecklistTooLongError
from .problems import WARNING

# A new entry as parse_text makes one for a card line: Entry's fields set in place, with no
# call of Entry.__init__ (see Entry: these are all its fields).
_new_entry = object.__new__
assert Entry.__slots__ == ("_lines", "card", "count", "printing_named")
# What a look down the list passes over: blank lines, comments, and lines struck through (a
# card taken out is not there for the post's reader)
_PASSED = frozenset((_SKIP, _STRUCK))
# The lines naming a card the player wrote there that is not counted: a name misspelt, "0
# Card", a count too big, two counts, a swap ("A -> B"). (A card struck through is taken out:
# the post's reader reads the list as if it were not there.)
_UNCOUNTED = frozenset((_UNKNOWN, _ZERO, _BAD_COUNT, _TWO_COUNTS, _ARROWED))

# The notes deck tools export above a list's cards: "Format: Standard", "Author: Sam".
_LIST_NOTE = re.compile(
    r"^(deck ?name|name|title|format|author|by|created|updated|date|archetype|description"
    r"|notes?)\s*[:=]\s*(\S.*)$",
    re.IGNORECASE,
)
# The lines a forum puts around a post copied from it, by the shapes of the best-known forum
# software alone: phpBB's "Post by dinofan » Tue May 21, 2024 8:14 pm" ("by dinofan » ...")
# and "dinofan wrote:", SMF's "Quote from: dinofan on May 21, 2024", vBulletin's "Originally
# Posted by dinofan", a reply's subject ("Re: Wulven aggro", "Re[2]: ..."), and the BBCode
# tags around a quote ("[quote=dinofan]", Discourse's '[quote="dinofan, post:3"]', "[/quote]").
# Any other line of words (thanks, a question) is no card, and said as one: it may be a
# card's name misspelt.
_FORUM_LINE = re.compile(
    r"^(?:(?:originally\s+)?post(?:ed)?\s+by\s+\S.*|by\s+[^»]+»\s*\S.*"
    r"|quote\s+from\s*:\s*\S.*|re(?:\[\d+\]|\^\d+)?\s*:\s*\S.*|\S.{0,60}?\s+wrote\s*:(?:\s.*)?"
    r"|\[/?quote(?:[= ][^\[\]]*)?\])$",
    re.IGNORECASE,
)
# What Python's str.splitlines breaks lines at beyond "\n" and "\r", which editors do not
# count as lines: a vertical tab (a word processor's manual line break), a form feed, the
# information separators, NEL (U+0085) and the line and paragraph separators (U+2028, U+2029).
_SOFT_BREAKS = ("\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
_SOFT_SPLIT = re.compile("[" + "".join(_SOFT_BREAKS) + "]")
# (parse_text looks for those that are ASCII by name.)
assert {mark for mark in _SOFT_BREAKS if mark.isascii()} == {"\x0b", "\x0c", "\x1c", "\x1d", "\x1e"}
# The deck's name as digital card games export it, below "About": "Name Fire Tempo".
# "Name=Wulven Rush" too, below the "[metadata]" heading of a desktop game engine's deck file.
_ABOUT_NAME = re.compile(r"^(name)(?:\s*=\s*|\s+)(\S.*)$", re.IGNORECASE)
# The headings of such blocks of notes on the deck: a digital card game's "About", and
# "[metadata]" of a deck file.
_ABOUT_HEADINGS = frozenset(("about", "[metadata]"))
# What joins cards' names on a line read as no card: "Charlotte / Makuna", "A & B".
_JOINED_CARDS = re.compile(r"\s+(?:[/+&]|(?i:and))\s+")
# The notes among them that give the deck's name.
_NAME_NOTES = frozenset(("deckname", "deck name", "name", "title"))
# The longest title read as the deck's name: as long as a saved deck's name may be.
MAX_TITLE_NAME = 200
# A game's name and a number, "ERUMA 2": a first line of them is the list's title.
_NAMED_NUMBER = re.compile(r"^([^\W\d_][^\d]*?)\s+[1-9]\d{0,3}$")
# The code a game's client gives a deck to share it, written below a published list ("Deck
# Code: 783538B"): one word holding a digit after its label, a note and never a card.
_DECK_CODE = re.compile(
    r"^(?:deck\s*code|deck\s*string|import\s*code|share\s*code|code)\s*[:=#]?\s*"
    r"(?=[^\s\d]*\d)[A-Za-z0-9+/=_-]{4,}$",
    re.IGNORECASE,
)
# The size of the deck after a list's title: "Inferno aggro (40)", "[40]", two digits or more.
_TITLE_SIZE = re.compile(r"[\(\[]\s*\d{2,}\s*(?:cards?)?\s*[\)\]]$", re.I)


def parse_text(text: str, game: Game, name: str = "", max_lines: int | None = None) -> ParsedDeck:
    """Read a plain-text decklist; every unreadable line becomes a problem with its number.

    A list of more than ``max_lines`` lines (by default the context's limit, see
    :func:`limit_lines`) is refused whole with :class:`DecklistTooLongError`.
    """
    if not isinstance(text, str):
        raise DecklistError("a text decklist must be a string")
    limit = _LINE_LIMIT.get() if max_lines is None else max_lines
    # (The checks before each look over the whole text are one scan of it, far cheaper than
    # the look: most lists hold no "{", no "_" and no character beyond ASCII.)
    # a deck saved as JSON, pasted as text: none without a "{"
    pasted = json_deck(text, game, name, limit) if "{" in text else None
    if isinstance(pasted, ParsedDeck):
        return pasted
    lines = editor_lines(text)
    if len(lines) > limit:
        raise DecklistTooLongError(len(lines), limit)
    ascii = text.isascii()  # no unseen mark, and no soft break but the ASCII ones
    if not ascii and UNSEEN_MARKS.search(text):
        lines = [UNSEEN_MARKS.sub("", line) for line in lines]
    sections: dict[str, list] = {}
    for section in game.sections:  # (a loop, not a comprehension: no call of its own)
        sections[section.id] = []
    deck = Deck(game, sections, name=name)
    problems: list[Problem] = [] if pasted is None else [pasted]
    place: tuple = _BY_TYPE
    # The rows of the site's CSV are read by its columns, as the file is imported: their
    # readings hold for this list alone, never kept for the game's others. (Its first line
    # names the column "card_id".)
    rows = csv_rows(game, lines) if "_" in text else None
    kept = _kept(_READINGS, game) if rows is None else rows[0]  # (_readings, its call spared)
    if rows is not None:
        problems.extend(rows[2])
    section_for_type, default_section = game.section_for_type, game.default_section
    # Each section's index, held while the lines are read: a card line adds to it in place.
    indexes: dict[str, Any] = {}
    board_indexes: dict[str, Any] = {}  # (a game may have a section named as a board is)
    on_board = False  # place[0] == _BOARD, kept as the lines are read
    opening = True  # no header, note or problem read yet: a first line may be the list's title
    # the first line that is not blank (0 when none is): most often the first of all
    first = 1 if lines and lines[0].strip().strip(_INVISIBLE) else _first_line(lines)
    as_places: bool | None = None  # whether a numbered list's numbers are places (_NUMBERED)
    placed: list[tuple[int, int, tuple]] = []  # its lines whose number could have been a count
    labelled: list[int] = []  # the "SB: 2 Card" lines outside a board (_below_label)
    counted: list[tuple] = []  # headers with a count of their own (_header_count)
    kept_long: dict[str, tuple] = {}  # this list's readings of lines too long to keep
    totals: list[tuple[int, str]] = []  # "Total: 40": the list's own counts (_total)
    # "Hero: Gravebone (41 cards)": the list's size after a header's card (_size_after)
    sizes: list[tuple[int, str, str]] = []
    board_line, board_grouped = 0, False  # the board's header, and whether a group was said
    budget = [MAX_SUGGESTED]  # the unknown names still to be given "did you mean"
    # the format a "Format:" note names (or the site's CSV's "format" column), and its line
    list_format: str | None = None if rows is None else rows[1]
    format_line = 0
    heads_all: bool | None = None  # whether the main section's header heads the whole list
    below_heading = False  # whether the first line is "Deck List", over the title (_heads_title)
    # Below a header naming one section ("Hero:"), the line its group was last looked over
    # from, and whether its cards so far all belong there (see _ends_section_group)
    group_from, group_fits = 0, False
    # Its lines naming a card misspelt ("Darkclw"), by number: the section of the card meant
    meant_at: dict[int, str | None] = {}
    # The lines read as cards by a value's word ("Fire" below "Crystals:"), by number: their
    # readings as kept are not those cards (a header, an unknown name) for the looks back
    valued_at: dict[int, tuple] = {}
    # A line of the list is a line as editors count them; one holding another break (a paste
    # from a word processor or a web page: see _SOFT_BREAKS) is read as its parts, each under
    # the number of the line it is on.
    # (in ASCII text, the five of them that are ASCII, looked for by name)
    soft = (
        ("\x0b" in text or "\x0c" in text or "\x1c" in text or "\x1d" in text or "\x1e" in text)
        if ascii
        else any(mark in text for mark in _SOFT_BREAKS)
    )
    if soft and (parts := len(lines) + len(_SOFT_SPLIT.findall(text))) > limit:
        # Each part is read as a line is: the limit on the work a list asks counts them all.
        raise DecklistTooLongError(parts, limit, "lines, each break within a line counted")
    numbered = _soft_parts(lines) if soft else enumerate(lines, start=1)
    # "ERUMA 2" on top: the list's title, though it names a card (see _numbered_title_line)
    # (a first line starting with "#" or a digit is none: the call is spared)
    top = lines[first - 1].lstrip()[:1] if first else ""
    numbered_title = 0 if top in "#0123456789" else _numbered_title_line(game, lines, first)
    for number, raw in numbered:
        stripped = raw.strip()
        reading = kept.get(stripped)
        if reading is None:
            reading = _read_plain(game, stripped) or _read_line(game, stripped)
            if len(stripped) <= MAX_KEPT_LINE:
                kept[stripped] = reading
            else:
                kept_long[stripped] = reading
        kind = reading[0]
        if kind == _CARD and not reading[3] and number != numbered_title:
            # the common line: a card, nothing to say
            _, card, named, _, count = reading
            # Each section's or board's index is held while the lines are read; every add,
            # here or in _take, goes through it: never stale.
            if on_board:
                index = board_indexes.get(place[1])
                if index is None:
                    index = board_indexes[place[1]] = deck.board_index(place[1])
            else:
                section = place[1] or section_for_type.get(card.type, default_section)
                index = indexes.get(section)
                if index is None:
                    index = indexes[section] = deck.section_index(section)
            # (_Index.add, written out: a list's cards are most of its lines)
            by_card = index.named if named else index.plain
            entry = by_card.get(card)
            if entry is None:
                # Entry(card, count, number, named), its fields set here: no call of its own
                entry = by_card[card] = _new_entry(Entry)
                entry.card, entry.count, entry._lines = card, count, [number]
                entry.printing_named = named
                index.entries.append(entry)
                index.size += 1
            else:
                entry.count += count
                entry._lines.append(number)
            continue
        if kind == _SKIP:
            if (
                opening
                and number == first  # (as _heads_as_name asks first)
                and stripped[:2] == "# "
                and _heads_as_name(lines, first, number)
            ):
                _name_deck(deck, stripped[2:])
            elif group_from and reading == _BLANK:
                # "Hero:", its card, a blank line, then the deck's cards: see _ends_section_group
                group_fits, ends = _ends_section_group(
                    game,
                    kept,
                    kept_long,
                    valued_at,
                    meant_at,
                    lines,
                    place[1],
                    group_from,
                    number,
                    group_fits,
                    budget,
                )
                group_from = number if group_fits and not ends else 0
                if ends:
                    place = _BY_TYPE
            continue
        if (
            kind == _HEADER
            and opening
            and stripped[:2] == "# "
            and reading[3] is None
            # not "# Decklist"
            and (lexicon := _lexicon(game)).key(reading[2]) not in lexicon.whole_list_keys
            and _heads_as_name(lines, first, number)
            and _over_header_or_end(game, kept, lines, number)
        ):
            # "# Maniacs", "# Water Dinos", "# Hero": a deck named as a group or a part of a
            # deck is written out so (to_text), its name on top over its first header: its
            # name, not a heading over no card. ("# Decklist" over "Hero:" names none: a
            # list's heading, not its name.)
            _name_deck(deck, stripped[2:])
            continue
        if (
            kind == _HEADER
            and reading[3] is None
            and not reading[4]
            and not on_board
            and (target := reading[1]) is not None
            and target[0] == _SECTION
            and not stripped[:1].isdigit()  # (a count first may be a group's, _closes_group)
            and (
                target[1] is not None
                or (
                    target[1] is None
                    and not opening
                    and (
                        stripped[:1] in ("#", "/")
                        or (lexicon := _lexicon(game)).group_kind(lexicon.key(reading[2])) is None
                    )
                )
            )
        ):
            # The common header: alone on its line, over a section ("Hero:", "Crystals (3)",
            # "Deck:"; on top, it is no title), or over cards placed by type below the top
            # ("Deck:" below the hero) grouping no type nor value. What the reading below does
            # for it, without the checks that cannot hold.
            opening = False
            place = target
            if target[1] == default_section:
                if heads_all is None:
                    heads_all = _heads_whole_list(game, kept, lines)
                if heads_all:
                    place = _BY_TYPE  # "Deck:" over every card: each to its type's section
            group_from, group_fits = (number, True) if place[1] is not None else (0, False)
            if _DIGIT.search(stripped):
                header = _counted_header(stripped)
                if header is not None:
                    counted.append((number, target, reading[2], *header))
            continue
        if (
            kind == _HEADER
            and reading[4] is True
            and not on_board
            and (target := reading[1]) is not None
            and target[0] == _SECTION
            and target[1] is not None
            and target[1] != default_section
            and (rest := reading[3]) is not None
            and rest[0] == _CARD
            and not rest[3]
            and stripped[-1:] not in ")]"  # (no deck's size after it: see deck_size)
            and not stripped[:1].isdigit()
        ):
            # "Hero: Darkclaw": a section's header and the one card it holds, on their line,
            # nothing to say; the lines below stay where they were. What the reading below
            # does for it, without the checks that cannot hold.
            opening = False
            index = indexes.get(target[1])
            if index is None:
                index = indexes[target[1]] = deck.section_index(target[1])
            index.add(rest[1], rest[4], number, rest[2])
            continue
        if kind == _NUMBERED_LINE:
            if as_places is None:
                as_places = _numbered_in_order(game, kept, lines)
            if as_places and reading[2] is not reading[3]:
                placed.append((number, reading[1], reading[2]))
            reading = reading[2] if as_places else reading[3]
            kind = reading[0]
        if kind == _PLURAL_LINE:
            reading = _plural_read(game, kept, lines, number, reading)
            kind = reading[0]
        if kind == _CARDS_COUNT:
            reading = _header_or_total(game, kept, lines, number, reading)
            kind = reading[0]
        if (
            kind == _HEADER
            and stripped[:1].isdigit()
            and reading[3] is None
            and reading[1] is not None
            and reading[1][0] == _SECTION
            and _closes_group(game, kept, lines, number, stripped)
        ):
            continue  # "3 Dinos" below the three dinos: their count, checked, not a header
        if kind == _DESCRIBED:
            # "Makuna - Assassin": the card, unless it is the title on top of a list naming
            # that card again ("Darkclaw - Shadow Wulven" over "Hero: Darkclaw")
            titled = opening and _named_below(game, kept, lines, number, reading[1][1])
            reading = (_UNKNOWN, stripped, None) if titled else reading[1]
            kind = reading[0]
        if (kind == _UNKNOWN or (kind == _HEADER and reading[1] is None)) and _FORUM_LINE.match(
            stripped.lstrip("> ").strip(_INVISIBLE)
        ):
            # "Posted by dinofan » ...", "Re: Wulven aggro": a forum post's header, never the
            # list's title (a title below it still is one)
            problems.append(
                _problem(
                    IGNORED_LINE,
                    f"Line {number}: {stripped!r} is read as a forum's line around a post"
                    " (its subject, poster or quote), not a card",
                    number,
                    WARNING,
                )
            )
            continue
        if kind == _UNKNOWN and stripped[:1] in "CcDdIiSs" and _DECK_CODE.match(stripped):
            # "Deck Code: 783538B": the code the game's client shares the deck by, wherever
            # it is (published lists give it below their cards)
            problems.append(
                _problem(
                    IGNORED_LINE,
                    f"Line {number}: {stripped!r} is read as the deck's code (as a game's client"
                    " shares a deck), a note on the list, not a card",
                    number,
                    WARNING,
                )
            )
            continue
        # "Name: Orc Rush", "Format: Standard": a note on the list (below), never its title
        note = _list_note(game, deck, stripped) if kind == _UNKNOWN else None
        about = None
        if kind == _UNKNOWN and note is None:
            about = _is_about(lines, first, number, stripped)
        if about == _ABOUT_HEADING:
            continue  # the block of notes digital card games export above the deck
        if about == _ABOUT_NAME_LINE:
            note = _list_note(game, deck, stripped, _ABOUT_NAME)  # "Name Fire Tempo" below it
        if opening:
            opening = False
            # "Orc Rush v2", "Deck: Orc Rush v2", "Orc Rush v2:": the title, and the deck's
            # name when it is given none
            title = None
            if note is not None:
                pass
            elif (
                kind == _UNKNOWN
                and _is_title(game, deck, reading, stripped)
                and (not below_heading or _titles_below(game, kept, lines, number, stripped))
            ):
                title = reading[1]
            elif kind == _HEADER and _is_titled_header(game, reading, stripped):
                title = reading[3][1]
            elif kind == _HEADER and _is_title_with_colon(game, deck, reading):
                title = reading[2]
            if title is not None:
                named = _name_deck(deck, title)
                suggestions = _suggestions(game, title)
                problems.append(_title(game, number, stripped, suggestions, named))
                continue
            if kind == _CARD and number == numbered_title:
                # "ERUMA 2": the game's name and the deck's number, though ERUMA is a set's
                # code too and "ERUMA 2" its card 002 (written as a card's number is, "ERUMA-002"
                # or "ERUMA 002", it is that card)
                named = _name_deck(deck, stripped)
                problems.append(_numbered_title(game, number, stripped, reading[1], named))
                continue
            if not below_heading and kind == _HEADER and _heads_title(game, reading, stripped):
                # "Deck List", an article's heading on top of a published list: the list's
                # title may be below it still (see _titles_below)
                opening = below_heading = True
        if note is not None:
            named_format = _format_named(game, note)
            if named_format is not None:
                # "Format: Henchmen required": the list's format, as a JSON deck's "format"
                # is (the site's text export writes it so); a second naming another is said
                if list_format is None:
                    list_format, format_line = named_format, number
                elif named_format != list_format:
                    problems.append(_other_format(game, number, stripped, format_line, list_format))
                continue
            if note.group(1).lower() in _NAME_NOTES:  # "Name: Orc Rush", "Deck Name: ..."
                _name_deck(deck, note.group(2))
                if _heads_as_name(lines, first, number):
                    # on top above a blank line: the name as to_text writes one that "# Deck"
                    # would not give (a list's heading), said no more than "# Orc Rush" is
                    continue
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
        if kind == _PARTS:
            # "Dinos: 2 Ember Rex; Crystals: 4 Fire Crystal": each part's cards in its place;
            # the lines below it stay in the place of the lines above
            for target, label, entries in reading[1]:
                if target is None:
                    problems.append(_unknown_section(game, number, label, budget))
                for each in entries:
                    _take(game, deck, problems, each, target or _BY_TYPE, number, stripped, budget)
            continue
        where = place
        # below a header naming one section ("Crystals:"), not a board nor the whole deck
        single = place[0] == _SECTION and place[1] is not None and not on_board
        if kind == _UNKNOWN and single:
            # "2 Fire" below "Crystals:": the one crystal whose element is Fire (_read_by_value)
            valued = _by_value(game, place[1], stripped, reading[1])
            if valued is not None:
                reading = valued_at[number] = valued
        if reading[0] == _HEADER:
            _, target, label, rest, line_only = reading
            if rest is not None and rest[0] == _CARD and stripped[-1:] in ")]":
                size = deck_size(game, target, stripped)
                if size is not None:  # read without it: see deck_size
                    sizes.append((number, size.group().strip(), rest[1].name))
            # (a heading, "# Shadow Wulven", over none is a comment as other headings are)
            heading = stripped[:1] in ("#", "/")
            if (
                target == _BY_TYPE
                and rest is None
                and not (line_only or on_board or heading)
                and (group := (lexicon := _lexicon(game)).group_kind(lexicon.key(label)))
                is not None
            ):
                header = _counted_header(stripped) if _DIGIT.search(stripped) else None
                # "Fire" below "Crystals:" over no crystal (the next crystal, a blank line and
                # the deck, a total, the list's end): the one Fire crystal
                valued = None
                if single and not _heads_cards_of(game, kept, lines, number, group, place[1]):
                    shown = f"{header[1]} {label}" if header else label
                    valued = _by_value(game, place[1], shown)
                if valued is not None:
                    valued_at[number] = valued
                    _take(game, deck, problems, valued, place, number, stripped, budget)
                    continue
                below = _heads_no_card(game, kept, lines, number, group)
                if below is not None and header is None:
                    # any other group over none is said (with a count, _header_count says it)
                    problems.append(_empty_group(game, number, label, below))
            if target is None:
                problems.append(_unknown_section(game, number, label, budget))
                target = _BY_TYPE
            named = target
            if target[1] == default_section and target[0] == _SECTION and not on_board:
                if heads_all is None:
                    heads_all = _heads_whole_list(game, kept, lines)
                if heads_all:
                    target = _BY_TYPE  # "Deck:" over every card: each to its type's section
            where = target
            if not line_only and rest is not None and target[1] is not None:
                # the section of the header's card, "Hero: 1x Darkclw" misspelt too
                if rest[0] == _CARD:
                    its = section_for_type.get(rest[1].type, default_section)
                elif rest[0] == _UNKNOWN and target[0] == _SECTION:
                    its = _header_card_meant(game, target[1], stripped, rest[1], budget)
                else:
                    its = None
                line_only = its is not None and _heads_its_line(
                    game, kept, lines, number, target[1], its
                )
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
                one_section = place[0] == _SECTION and place[1] is not None
                group_from, group_fits = (number, True) if one_section else (0, False)
                if rest is None and _DIGIT.search(stripped):
                    header = _counted_header(stripped)
                    if header is not None:
                        counted.append((number, named, label, *header))
            elif line_only is _ON_ITS_LINE and not on_board:
                labelled.append(number)
            if rest is None:
                continue
            reading = rest
            if reading[0] == _UNKNOWN and where[0] == _SECTION and where[1] is not None:
                # "Crystals: 2x Fire, 1x Water"
                after = _LABELLED.match(stripped)
                texts = (after.group(2), reading[1]) if after else (reading[1],)
                valued = _by_value(game, where[1], *texts)
                if valued is not None:
                    reading = valued_at[number] = valued
        if reading[0] == _SEVERAL:
            for each in reading[1]:
                _take(game, deck, problems, each, where, number, stripped, budget)
            continue
        _take(game, deck, problems, reading, where, number, stripped, budget)
        if group_from and reading[0] == _UNKNOWN and problems[-1].suggestions:
            # "Darkclw" below "Hero:": the hero it misspells, as the blank line below it reads
            # the group (see _ends_section_group)
            said = problems[-1]
            meant_at[number] = _misspelt_section(game, said.cards[0], said.suggestions)
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
    for number, size, card_name in sizes:
        problem = _size_after(game, deck, number, size, card_name)
        if problem is not None:
            problems.append(problem)
    if counted:
        # each line as it was read (a numbered line as the list's numbers say)
        readings = []
        for number, raw in enumerate(lines, start=1):
            stripped = raw.strip()
            reading = valued_at.get(number)
            if reading is not None:  # "Fire" below "Crystals (3)": Fire Crystal
                readings.append(reading)
                continue
            reading = kept.get(stripped) or kept_long.get(stripped)
            if reading is None:  # the game's kept readings were cleared since (another list)
                reading = _read_plain(game, stripped) or _read_line(game, stripped)
            if reading[0] == _NUMBERED_LINE:
                reading = reading[2] if as_places else reading[3]
            if reading[0] == _PLURAL_LINE:
                reading = _plural_read(game, kept, lines, number, reading)
            if reading[0] == _CARDS_COUNT:
                reading = _header_or_total(game, kept, lines, number, reading)
            if reading[0] == _DESCRIBED:
                reading = reading[1]
            readings.append(reading)
        for header in counted[:MAX_COUNTED_HEADERS]:
            problem = _header_count(game, readings, *header)
            if problem is not None:
                problems.append(problem)
    return ParsedDeck(_drop_empty(deck), problems, format=list_format)


def editor_lines(text: str) -> list[str]:
    """The lines of ``text`` as a player's editor shows and numbers them: broken by "\\n",
    "\\r\\n" or "\\r" alone, a last line break ending the last line, as ``str.splitlines``
    does. ``splitlines`` breaks at more (a line or paragraph separator, "\\x85", a form feed),
    which would number every line after one a line further than the editor shows it."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def _soft_parts(lines: list[str]):
    """Each part of each line split at the breaks editors do not count (see _SOFT_BREAKS),
    with the number of its line: "4 Bad Wolf\\u20284 Full Moon" on line 3 is read as two lines,
    both numbered 3. (The checks looking over the whole list read such a line whole.)"""
    for number, line in enumerate(lines, start=1):
        for part in _SOFT_SPLIT.split(line):
            yield number, part


def _closes_group(
    game: Game, kept: dict[str, tuple], lines: list[str], number: int, stripped: str
) -> bool:
    """Whether a header with its count first on line ``number`` ("3 Dinos", "24 Creatures")
    is the count of the group of cards right above it, as lists of other games write a
    group's count below it ("22 X Lands"): the cards between it and the blank line, header or
    top above them add up to its count, and the line ends its block (a blank line or the
    list's end below it), or the cards right below it do not add up to it (they would be
    the group it heads). A section's header counts cards of that section alone."""
    header = _counted_header(stripped)
    if header is None:
        return False
    count, target = header[1], _reading_kept(game, kept, stripped)[1]
    above = _block_count(game, kept, lines, range(number - 2, -1, -1), target[1])
    if above != count:
        return False
    if number == len(lines) or _reading_kept(game, kept, lines[number].strip()) == _BLANK:
        return True
    return _block_count(game, kept, lines, range(number, len(lines)), None) != count


def _block_count(
    game: Game, kept: dict[str, tuple], lines: list[str], indexes: range, section: str | None
) -> int | None:
    """The copies the card lines at ``indexes`` (0-based, in the order given) hold up to the
    first line that is no card; None when the first is none, or when one is not of
    ``section`` (any section when it is None)."""
    total, seen = 0, False
    for at in indexes:
        reading = _reading_kept(game, kept, lines[at].strip())
        if reading[0] != _CARD:
            break
        if section is not None and game.section_for_card(reading[1]) != section:
            return None
        total, seen = total + reading[4], True
    return total if seen else None


def _reading_kept(game: Game, kept: dict[str, tuple], stripped: str) -> tuple:
    """A line's reading, kept (when short enough) for the reading of the list to come: the
    checks looking ahead down a list read its lines once for both."""
    reading = kept.get(stripped)
    if reading is None:
        reading = _read_plain(game, stripped) or _read_line(game, stripped)
        if len(stripped) <= MAX_KEPT_LINE:
            kept[stripped] = reading
    return reading


def _next_below(game: Game, kept: dict[str, tuple], lines: list[str], number: int) -> tuple | None:
    """The reading of the first line below line ``number`` that a look down the list does not
    pass over (see _PASSED), or None when the list ends first."""
    for at in range(number, len(lines)):  # (a slice of the rest would copy it at every line)
        reading = _reading_kept(game, kept, lines[at].strip())
        if reading[0] not in _PASSED:
            return reading
    return None


def _heads_whole_list(game: Game, kept: dict[str, tuple], lines: list[str]) -> bool:
    """Whether the main section's header ("Deck:") is the only section a list names: its
    cards are then the whole deck as the player sees it, each placed by its type as with no
    header. ERA's "each player must have 3 dinos, 3 crystals, and a deck of 30 cards" has a
    "Deck:" over its 30, and a list headed "Deck:" alone over its dinos, crystals and 30."""
    main = game.default_section
    for raw in lines:
        stripped = raw.strip()
        reading = kept.get(stripped) or _reading_kept(game, kept, stripped)
        if reading[0] == _HEADER:
            target = reading[1]
            if target is not None and target[0] == _SECTION and target[1] not in (None, main):
                return False
    return True


def _heads_its_line(
    game: Game, kept: dict[str, tuple], lines: list[str], number: int, section: str, its: str
) -> bool:
    """Whether a header and its card ("Hero: 1x Darkclaw") name that card alone: the card is
    of the header's section (``its`` is the card's section by type), and the next card is of
    the main deck ("4 Bad Wolf" below it is the deck's, as below "Hero: Darkclaw"; a card
    misspelt between is looked past, see _counted_below). "Dinos: 1 Ember Rex" over "1
    Cinderhorn Triceratops" starts its section, and over "1 Fire Crystal" too (a crystal
    misplaced there is said so)."""
    by_type, main = game.section_for_type, game.default_section
    if section == main or its != section:
        return False
    below = _counted_below(game, kept, lines, number)
    return below is not None and below[0] == _CARD and by_type.get(below[1].type, main) == main


def _header_card_meant(
    game: Game, section: str, stripped: str, text: str, budget: list[int]
) -> str | None:
    """The section of the card a header's unknown card is nearest ("Hero: 1x Darkclw":
    Darkclaw's, the hero's), looked for as its problem will look for it, while the list's
    ``budget`` lasts (see MAX_SUGGESTED); None when the words are read otherwise below the
    header (crystals by their element, "Crystals: 2x Fire, 1x Water"), join names, or
    misspell no card."""
    if budget[0] <= 0 or _JOINED_CARDS.search(text):
        return None
    after = _LABELLED.match(stripped)
    if _by_value(game, section, *((after.group(2), text) if after else (text,))) is not None:
        return None
    name = _apart_from_code(text)
    return _misspelt_section(game, name, _suggestions(game, name))


def _plural_read(
    game: Game, kept: dict[str, tuple], lines: list[str], number: int, reading: tuple
) -> tuple:
    """How line ``number``, a header whose words are a card's name in the plural ("Water
    Crystals (2)", see _or_plural_card), is read: the header over the group when the next line
    that is not blank names that card ("2 Water Crystal" below it), and otherwise the card with
    the header's count, two copies of Water Crystal, as "2 Water Crystals" is."""
    _, header, card = reading
    below = _next_below(game, kept, lines, number)
    if below is not None and below[0] == _NUMBERED_LINE:
        below = below[3]
    if below is not None and below[0] == _CARD and below[1].identity == card[1].identity:
        return header
    return card


def _header_or_total(
    game: Game, kept: dict[str, tuple], lines: list[str], number: int, reading: tuple
) -> tuple:
    """How line ``number``, "30 Cards" (see _CARDS_COUNT), is read: the header over the group
    of cards right below it, as "Cards (30)" is ("3 Crystals", its crystals, then "30 Cards"
    over the deck's cards); the list's own count of its cards otherwise ("40 cards" at its
    end, or above a blank line). "Cards: 40" and "Deck: 40" head what is below them, blank
    lines between, and are the list's count at its end or over its sideboard."""
    _, header, total, past_blank = reading
    for at in range(number, len(lines)):  # (a slice of the rest would copy it at every line)
        below = _reading_kept(game, kept, lines[at].strip())
        if below[0] == _STRUCK or (past_blank and below[0] == _SKIP):
            continue
        if past_blank:
            board = below[0] == _HEADER and below[1] is not None and below[1][0] == _BOARD
            return total if board else header
        if below[0] in (_CARD, _UNKNOWN, _SEVERAL, _NUMBERED_LINE, _PLURAL_LINE, _DESCRIBED):
            return header
        break
    return total


def _ends_section_group(
    game: Game,
    kept: dict[str, tuple],
    kept_long: dict[str, tuple],
    valued_at: dict[int, tuple],
    meant_at: dict[int, str | None],
    lines: list[str],
    section: str,
    start: int,
    number: int,
    fits: bool,
    budget: list[int],
) -> tuple[bool, bool]:
    """At line ``number``, a blank line below a header naming one section ("Hero:", "Regions:"
    over their cards): whether the cards of lines ``start`` to ``number`` (all read) belong
    to that section by type, as ``fits`` says of those above them, and whether the blank line
    ends the section's group: a person reads the hero, a blank line, then the deck. It does
    when every card above it belongs there and the next card below it belongs to another
    section; the cards from there are placed by type, as with no header. Cards grouped by
    blank lines within the section (dinos, a blank line, a dino) stay in it, and so do those
    below a card listed there that belongs elsewhere (the player's own placing).

    A card misspelt is read as the card it misspells, where the name is near enough one card
    or several of one section (``meant_at``): "Darkclw", a blank line, then the deck is the
    hero and the deck. Any other line naming a card not counted ("0 Darkclaw", a name no card
    is near) is listed there, belonging nowhere; and below the blank line, the first card
    counted is the one looked at, past such lines (see _counted_below); where the lines there
    up to the next blank line are all such lines, the first is read as the card it misspells
    ("Hero:", "Darkclaw", a blank line, "4 Pak Wolf", a blank line, the deck)."""
    by_type, main = game.section_for_type, game.default_section
    # the cards of the header's own line ("Crystals: 2 Fire Crystal, Water") and below it
    head = lines[start - 1].strip()
    head = kept.get(head) or kept_long.get(head)
    own = head[3] if head is not None and head[0] == _HEADER else None
    if not fits:
        return False, False
    held = False
    for at in range(start - 1, number - 1):  # (line at + 1)
        if at == start - 1:
            reading = valued_at.get(start) or own
        else:
            stripped = lines[at].strip()
            reading = kept.get(stripped) or kept_long.get(stripped)
            if reading is not None and reading[0] == _HEADER and reading[4]:
                continue  # "Crystals: Fire, Water" below the dinos: its own line's, not theirs
            if valued_at:
                reading = valued_at.get(at + 1) or reading
        if reading is None:
            continue
        # (a card of another section is the answer: it does not fit, and nothing else counts)
        if reading[0] == _CARD:  # the common line: _cards_of's one card
            held = True
            if by_type.get(reading[1].type, main) != section:
                return False, False
            continue
        cards = _cards_of(reading)
        if cards:
            held = True
            for card in cards:
                if by_type.get(card.type, main) != section:
                    return False, False
        elif _entry_of(reading)[0] in _UNCOUNTED:
            held = True
            if meant_at.get(at + 1) not in (None, section):
                return False, False
    if not held:
        return True, False
    next_below, counted = _looks_below(game, kept, lines, number)
    if counted is not None and counted[0] == _CARD:  # (_cards_of's one card)
        return True, by_type.get(counted[1].type, main) != section
    if counted is not None and counted[0] == _HEADER and next_below is counted:
        return True, False  # a header next: no card below, and none misspelt (_meant_below)
    below = _cards_of(counted)
    if not below:
        meant = _meant_below(game, next_below, budget)
        return True, meant is not None and meant != section
    return True, by_type.get(below[0].type, main) != section


def _meant_below(game: Game, below: tuple | None, budget: list[int]) -> str | None:
    """The section of the card the first line below a line misspells (``below``, its reading
    as _next_below gives it: "4 Pak Wolf", Pack Wolf's, the deck's; see _misspelt_section),
    looked for as its problem will look for it, while the list's ``budget`` lasts (see
    MAX_SUGGESTED); None for any other line."""
    if budget[0] <= 0 or below is None or _entry_of(below)[0] != _UNKNOWN:
        return None
    name = _apart_from_code(_entry_of(below)[1])
    return _misspelt_section(game, name, _suggestions(game, name))


def _counted_below(
    game: Game, kept: dict[str, tuple], lines: list[str], number: int
) -> tuple | None:
    """The reading of the first line below line ``number`` that a look down the list does not
    pass over (see _PASSED) nor a line naming a card not counted (see _UNCOUNTED, "4 Bad
    Wulf" misspelt), those as far as the blank line below them; None when the list or that
    block ends first."""
    return _looks_below(game, kept, lines, number)[1]


def _looks_below(
    game: Game, kept: dict[str, tuple], lines: list[str], number: int
) -> tuple[tuple | None, tuple | None]:
    """What _next_below and _counted_below give for line ``number``, in one look down the
    list: the first is the first line the second passes over or gives."""
    past, first = False, None
    for at in range(number, len(lines)):  # (a slice of the rest would copy it at every line)
        stripped = lines[at].strip()
        reading = kept.get(stripped) or _reading_kept(game, kept, stripped)
        if reading[0] in _PASSED:
            if past and reading == _BLANK:
                return first, None
            continue
        if first is None:
            first = reading
        if _entry_of(reading)[0] not in _UNCOUNTED:
            return first, reading
        past = True
    return first, None


def _entry_of(reading: tuple) -> tuple:
    """The entry a line's reading names: a numbered line's as its place, a card and what it
    is ("Makuna - Assassin") that card."""
    if reading[0] == _NUMBERED_LINE:
        reading = reading[2]
    if reading[0] == _DESCRIBED:
        reading = reading[1]
    return reading


def _misspelt_section(game: Game, text: str, suggestions: tuple[str, ...]) -> str | None:
    """The section the card an unknown name misspells goes in by type (see _misspelt_card):
    the one section of the closest names near enough to it ("Darkclw": Darkclaw, a hero; "Fire
    Crystl": crystals alone). None when no name is that near, or they go in several."""
    by_type, main = game.section_for_type, game.default_section
    sections = set()
    for name in suggestions:
        card = game.find_card(name) if _misspelt_card(text, (name,)) else None
        if card is not None:
            sections.add(by_type.get(card.type, main))
    return sections.pop() if len(sections) == 1 else None


def _cards_of(reading: tuple | None) -> tuple:
    """The cards a line's reading names as cards alone do ("4 Bad Wolf", "1. Bad Wolf", "Bad
    Wolf, Pack Wolf"): none for a header, a comment or a problem."""
    if reading is None:
        return ()
    reading = _entry_of(reading)
    if reading[0] == _CARD:
        return (reading[1],)
    if reading[0] == _SEVERAL:
        return tuple(each[1] for each in reading[1] if each[0] == _CARD)
    return ()


def _by_value(game: Game, section: str, *texts: str) -> tuple | None:
    """The first of ``texts`` read below a header of ``section`` as cards named by a value
    one card of that section alone has (see _read_by_value), or None."""
    for text in texts:
        reading = _read_by_value(game, section, text)
        if reading is not None:
            return reading
    return None


def _heads_no_card(
    game: Game, kept: dict[str, tuple], lines: list[str], number: int, kind: str
) -> str | None:
    """Whether the group header on line ``number`` ("Fire", "Allies:"), of ``kind`` (see
    _Lexicon.group_kind), heads no card: what comes below it instead ("the list ends there",
    or the header below it), or None when cards or other lines follow it. A group of another
    kind below it is a group within it ("Shadow:" over "Allies (4):" and their cards)."""
    lexicon = _lexicon(game)
    reading = _next_below(game, kept, lines, number)
    if reading is None:
        return "the list ends there"
    if reading[0] != _HEADER or reading[4]:
        return None
    _, target, below, rest, _ = reading
    key = lexicon.key(below)
    if target == _BY_TYPE and rest is None and key not in lexicon.whole_list_keys:
        other = lexicon.group_kind(key)
        if other is None or other != kind:
            return None
    return f"the header {below!r} is right below it"


def _heads_cards_of(
    game: Game, kept: dict[str, tuple], lines: list[str], number: int, kind: str, section: str
) -> bool:
    """Whether the group header on line ``number``, of ``kind`` (see _Lexicon.group_kind),
    below a header of ``section`` heads cards of that section: the first card below it,
    before a header of its own kind or a part's, is one ("Fire" over "2 Fire Crystal" below
    "Crystals:"), through groups of another kind below it ("Events:"), or it is written as a
    header ("Shadow:") right over such a group. "Fire" over the next crystal's "Water", over
    "Events:" and the deck's events, over a blank line and the deck's cards, a total or a
    closing word heads none of them."""
    lexicon = _lexicon(game)
    by_type, main = game.section_for_type, game.default_section
    colon = lines[number - 1].strip().rstrip("*_ ").endswith(":")
    blank = False
    for at in range(number, len(lines)):
        reading = _reading_kept(game, kept, lines[at].strip())
        if reading[0] in _PASSED:
            blank = blank or reading == _BLANK
            continue
        if reading[0] in (_NUMBERED_LINE, _PLURAL_LINE):  # (a numbered card, a plural one)
            reading = reading[2]
        elif reading[0] == _DESCRIBED:
            reading = reading[1]
        if reading[0] == _HEADER and not reading[4]:
            _, target, below, rest, _ = reading
            other = lexicon.group_kind(lexicon.key(below))
            if blank or target != _BY_TYPE or rest is not None or other in (None, kind):
                return False
            if colon:
                return True
            continue  # "Events:" below "Water": its cards say whether "Water" heads them
        cards = _cards_of(reading)
        return bool(cards) and by_type.get(cards[0].type, main) == section
    return False


def _empty_group(game: Game, number: int, label: str, below: str) -> Problem:
    return _problem(
        IGNORED_LINE,
        f"Line {number}: {label!r} is read as a header grouping {game.short_name} cards, but"
        f" no card is listed under it ({below}); if it is a card, write its full name",
        number,
        WARNING,
    )


def _named_below(game: Game, kept: dict[str, tuple], lines: list[str], number: int, card) -> bool:
    """Whether a line below line ``number`` names ``card`` (alone or after its header)."""
    for raw in lines[number:]:
        reading = _reading_kept(game, kept, raw.strip())
        if reading[0] == _HEADER:
            reading = reading[3] or (_SKIP,)
        if reading[0] == _CARD and reading[1].identity == card.identity:
            return True
    return False


def _grouped_board(
    game: Game, deck: Deck, board: tuple, at: int, number: int, label: str
) -> tuple[bool, Problem] | None:
    """The warning on a header grouping cards by type ("Allies (2)") below a board's header
    (line ``at``): below a deck already listed, the group is the board's, as a sideboard
    grouped by type is; above it (the sideboard listed first), the deck's. The answer is
    whether the group is the board's, and the warning; None for a header over the whole deck
    ("Main:"), which ends the board's cards without a word."""
    lexicon = _lexicon(game)
    if lexicon.key(label) in lexicon.whole_list_keys:
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
        elif reading[0] not in _PASSED:
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
        reading = _reading_kept(game, kept, raw.strip())
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


def _numbered_title_line(game: Game, lines: list[str], first: int) -> int:
    """The number of the list's first line that is not blank when it is the game's name and a
    number, as a player numbers the decks of a game ("ERUMA 2": the number unpadded after a
    blank, and no count before), and 0 otherwise. The line may name a card too (ERUMA is a
    set's code), and is read as the list's title only when it does (see parse_text)."""
    if not first:
        return 0
    numbered = _NAMED_NUMBER.match(lines[first - 1].strip().strip(_INVISIBLE).strip())
    if numbered is None:
        return 0
    named = name_key(numbered.group(1)) in (name_key(game.name), name_key(game.short_name))
    return first if named else 0


def _numbered_title(game: Game, number: int, stripped: str, card, named: bool) -> Problem:
    stripped = stripped.strip(_INVISIBLE).strip()
    read_as = "the list's title and the deck's name" if named else "the list's title"
    code = f"{card.set}-{card.number}" if card.number and card.set else card.name
    return _problem(
        IGNORED_LINE,
        f"Line {number}: {stripped!r} (the game's name and a number) is read as {read_as};"
        f" if it is the card {card.name}, write {code!r}",
        number,
        WARNING,
        cards=(card.name,),
    )


def _heads_title(game: Game, reading: tuple, stripped: str) -> bool:
    """Whether a first line is a heading over a whole list that a title may follow ("Deck
    List", "Decklist:", "## Decklist", as an article heads a list it publishes): the whole
    list's header, with no card and no count."""
    _, target, label, rest, _ = reading
    if rest is not None or target != _BY_TYPE or _DIGIT.search(stripped):
        return False
    lexicon = _lexicon(game)
    return lexicon.key(label) in lexicon.whole_list_keys


def _titles_below(game: Game, kept: dict[str, tuple], lines: list[str], number: int, text: str):
    """Whether words naming no card below a list's heading (line ``number``) are the list's
    title: with the deck's size after them ("Gravebone rush (41 cards)") or over a header
    ("Hero: Gravebone"); over cards, they are a card no game has, said as one."""
    if _TITLE_SIZE.search(text) is not None:
        return True
    below = _next_below(game, kept, lines, number)
    return below is not None and below[0] == _HEADER


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


_ABOUT_HEADING = "heading"
_ABOUT_NAME_LINE = "name"


def _first_line(lines: list[str]) -> int:
    """The number of the list's first line that is not blank (0 when every one is)."""
    return next((at for at, line in enumerate(lines, 1) if line.strip().strip(_INVISIBLE)), 0)


def _heads_as_name(lines: list[str], first: int, number: int) -> bool:
    """Whether line ``number``, a comment ("# Fire tempo"), is the deck's name as a deck's
    text is written out (:func:`validator.decklist_export.to_text`): the list's first line
    that is not blank, with a blank line (or nothing) below it. A block of comments on top
    (a note on the deck) names nothing."""
    return number == first and (number == len(lines) or not lines[number].strip())


def _over_header_or_end(game: Game, kept: dict[str, tuple], lines: list[str], number: int) -> bool:
    """Whether what comes below line ``number`` (blank lines, comments and the list's
    "Format: ..." aside) is a header alone ("Hero:", "Deck:") or the list's end: the line
    heads no card of its own."""
    for at in range(number, len(lines)):
        stripped = lines[at].strip()
        below = _reading_kept(game, kept, stripped)
        if below[0] in _PASSED:
            continue
        if below[0] == _UNKNOWN and _names_a_format(game, stripped):
            continue  # to_text writes a deck's format between its name and its first header
        return below[0] == _HEADER and below[3] is None
    return True


def _is_about(lines: list[str], first: int, number: int, stripped: str) -> str | None:
    """Whether line ``number`` is the "About" heading a digital card game's export starts
    with, or a deck file's "[metadata]" (:data:`_ABOUT_HEADING`), or the line right below it
    ("Name Fire Tempo", "Name=Fire Tempo", :data:`_ABOUT_NAME_LINE`); None otherwise. The
    export's first line is the list's ``first`` that is not blank: a list pasted is often given
    a blank line above it."""
    if number == first:
        heading = stripped.strip(_INVISIBLE).lower() in _ABOUT_HEADINGS
        return _ABOUT_HEADING if heading else None
    if (
        number == first + 1
        and lines[first - 1].strip().strip(_INVISIBLE).lower() in _ABOUT_HEADINGS
    ):
        return _ABOUT_NAME_LINE
    return None


def _list_note(
    game: Game, deck: Deck, stripped: str, pattern: re.Pattern = _LIST_NOTE
) -> re.Match | None:
    """The note an unknown line above every card is, when it is one of those deck tools
    export on top of a list ("Format: Standard", "Author: Sam"), unless what follows the
    label is a card's name misspelt. "Format: Standard" naming one of the game's formats is
    that note wherever it is (below the cards, a sign-off saying what the list is for)."""
    note = pattern.match(stripped)
    if note is None:
        return None
    if _format_named(game, note) is not None:
        return note
    if any(deck.sections.values()) or any(deck.boards.values()):
        return None
    return None if _misspelt_card(note.group(2), _suggestions(game, note.group(2))) else note


def _format_named(game: Game, note: re.Match) -> str | None:
    """The id of the game's format a note "Format: ..." names, by its id or its name, or its
    name's words before a note in brackets ("Open" for "Open (casual)"); None for any other
    note."""
    if note.group(1).lower() != "format":
        return None
    return format_named(game, note.group(2))


def _names_a_format(game: Game, stripped: str) -> bool:
    """Whether a line is a note "Format: ..." naming one of the game's formats."""
    note = _LIST_NOTE.match(stripped)
    return note is not None and _format_named(game, note) is not None


def _other_format(game: Game, number: int, stripped: str, first: int, format_id: str) -> Problem:
    """A second "Format:" note naming another of the game's formats than the first does."""
    name = game.format(format_id).name
    where = f"line {first}" if first else "the list's format column"  # the site's CSV's
    return _problem(
        IGNORED_LINE,
        f"Line {number}: {stripped!r} names another format than {where} does ({name}):"
        f" the list is judged in {name} unless a format is asked for",
        number,
        WARNING,
    )


def _name_deck(deck: Deck, title: str) -> bool:
    """Give a deck of no name the list's title as its name (its blanks one space each, as a
    saved deck's name has them); whether it did. A deck named by its user keeps its name, and
    a title longer than a deck's name may be names nothing."""
    name = unquoted_name(" ".join(title.strip(_INVISIBLE).split()))  # Name="Wulven Rush"
    if deck.name or not name or len(name) > MAX_TITLE_NAME:
        return False
    deck.name = name
    return True


def _title(
    game: Game, number: int, stripped: str, suggestions: tuple[str, ...], named: bool
) -> Problem:
    stripped = stripped.strip(_INVISIBLE).strip()
    hint = f" (if it is a card: did you mean {' or '.join(suggestions)}?)" if suggestions else ""
    read_as = "the list's title and the deck's name" if named else "the list's title"
    return _problem(
        IGNORED_LINE,
        f"Line {number}: {stripped!r} names no {game.short_name} card; it is read as"
        f" {read_as}{hint}",
        number,
        WARNING,
        suggestions=suggestions,
    )


def _names_several(game: Game, text: str) -> bool:
    """Whether every part of ``text`` split by slashes, pluses, "&" or "and" is a card."""
    parts = [part.strip() for part in _JOINED_CARDS.split(text)]
    return len(parts) > 1 and all(_find(game, part) is not None for part in parts)


def _unknown_section(game: Game, number: int, label: str, budget: list[int]) -> Problem:
    """The error on a header naming no part of the game's decks: its cards placed by type,
    with the header most like it while the list's ``budget`` of look-ups lasts (as an unknown
    card's closest names: each compares it with every header the game knows).

    A header of another game's lists ("Commander", "Creatures", "Pokémon: 12": a deck tool's
    export) is a warning: it is no misspelt section, whose cards the player meant somewhere
    else, and placed by type its cards are where the game puts them."""
    known = ", ".join(s.name for s in game.sections)
    if _of_other_games(game, label):
        return _problem(
            UNKNOWN_SECTION,
            f"Line {number}: {label!r} heads a part of another game's decks; {game.short_name}"
            f" decks have no such section (the sections are {known}), so its cards are placed"
            " by type",
            number,
            WARNING,
        )
    if budget[0] > 0:
        budget[0] -= 1
        meant = _header_meant(game, label)
        hint = f"; did you mean {meant!r}?" if meant else ""
    else:
        hint = f" (close names are looked for only for the first {MAX_SUGGESTED} of a list)"
    return _problem(
        UNKNOWN_SECTION,
        f"Line {number}: {game.short_name} decks have no section {label!r}"
        f" (the sections are {known}); its cards are placed by type{hint}",
        number,
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
    elif kind == _STRUCK:
        problems.append(
            _problem(
                IGNORED_LINE,
                f"Line {number}: {values[0]!r} is struck through, so it is not counted; if the"
                " card is in the list, write the line without the strikethrough",
                number,
                WARNING,
            )
        )
    elif kind == _BAD_COUNT:
        count, shown = values
        most = f"(1 to {MAX_COPIES_PER_LINE})"
        many = abs(count) >= 10**_MAX_COUNT_DIGITS  # said so, not as the number it was cut to
        said = f"a count of {_MAX_COUNT_DIGITS + 1} digits or more" if many else count
        if count < 0:
            detail = f"{said} is a negative count of copies of {shown}"
        elif many:
            detail = f"{said} is more copies of {shown} than a line may hold {most}"
        else:
            detail = f"{count} copies of {shown} is more than a line may hold {most}"
        problems.append(
            _problem(MALFORMED_LINE, f"Line {number}: {detail}", number, cards=(shown,))
        )
    elif kind == _TWO_COUNTS:
        name, before, after = values
        problems.append(
            _problem(
                MALFORMED_LINE,
                f"Line {number}: {stripped!r} gives two counts of {name}, {before} and {after};"
                " write the one meant",
                number,
                cards=(name,),
            )
        )
    elif kind == _ARROWED:
        before, after = values
        # "4 Bad Wolf -> 3 Bad Wolf": a change of one card's count, not two cards
        said = (
            f"changes the count of {before}, joined by an arrow as a change is written; write"
            " the line of the count the deck holds (neither is counted)"
            if before == after
            else f"names two cards, {before} and {after}, joined by an arrow as a change from"
            " one card to another is written; write the line of the card the deck holds"
            " (neither is counted)"
        )
        problems.append(
            _problem(
                MALFORMED_LINE,
                f"Line {number}: {stripped!r} {said}",
                number,
                cards=tuple(dict.fromkeys((before, after))),
            )
        )
    elif kind == _UNREADABLE:
        problems.append(
            _problem(MALFORMED_LINE, f"Line {number}: cannot read {stripped!r}", number)
        )
    else:
        card_text, _ = values
        if _JOINED_CARDS.search(card_text) and _names_several(game, card_text):
            # "Charlotte / Makuna": alone on a line, a title as well as two cards; said with
            # how to list them
            problems.append(
                _problem(
                    UNKNOWN_CARD,
                    f"Line {number}: no {game.short_name} card is called {card_text!r}; it names"
                    " several cards: write one a line, or split them with commas",
                    number,
                    section=place_id,
                    cards=(card_text,),
                )
            )
            return
        problems.append(_unknown_card(game, card_text, f"Line {number}", number, place_id, budget))
