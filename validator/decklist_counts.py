"""The counts a list gives of itself, checked against its cards: a header's ("Allies (20)")
and a total's ("Total: 40"); one that disagrees is a warning, and the list is read as its
cards say."""

from __future__ import annotations

import re

from cardpool import Game, name_key

from .deck import BOARDS, Deck
from .decklist_common import HEADER_COUNT, IGNORED_LINE, Problem, _problem
from .decklist_headers import (
    _BOARD,
    _BY_TYPE,
    _HEADER_COUNT,
    _JOINED,
    _SECTION,
    _lexicon,
    _singulars,
)
from .decklist_lines import (
    _ARROWED,
    _BAD_COUNT,
    _BLANK,
    _BULLET,
    _CARD,
    _HEADER,
    _INVISIBLE,
    _SEVERAL,
    _SKIP,
    _TWO_COUNTS,
    _UNKNOWN,
    _count,
)
from .decklist_names import _DIGITS
from .problems import WARNING

# The count a header may be written after: "8 Allies", "30 Cards".
_COUNT_BEFORE = re.compile(r"^(\d{1,3})\s*[xX×]?\s+\S")

# A list's headers whose counts are checked against their cards (the first so many): each check
# reads the lines below its header, and a list has a few headers, not hundreds.
MAX_COUNTED_HEADERS = 50
# The lines naming a card whose copies a header's count may hold, though none is read: a name
# misspelt ("4 Bad Wulf"), a count too big, two counts, a swap ("A -> B")
_UNSURE = frozenset((_UNKNOWN, _BAD_COUNT, _TWO_COUNTS, _ARROWED))


def _total(game: Game, deck: Deck, number: int, text: str) -> Problem | None:
    """The warning on a list's own total ("Total: 40", "Total 15 + 13") that is none of the
    counts a player may mean: the whole deck, with or without its boards, one of its sections
    or boards, or the whole deck without its sections apart from the main one (a hero)."""
    stated = [_count(digits) for digits in _DIGITS.findall(text)]
    meant, held = _held(game, deck)
    if stated and (stated[0] in meant or sum(stated) in meant):
        return None
    return _problem(
        IGNORED_LINE,
        f"Line {number}: {text!r} is read as the list's own count of its cards, not a card, but"
        f" the list holds {held}; the line is ignored",
        number,
        WARNING,
    )


def _size_after(game: Game, deck: Deck, number: int, size: str, card: str) -> Problem | None:
    """The warning on the deck's size written after the card a header names ("Hero: Gravebone
    (45 cards)", see deck_size) when it is none of the counts a player may mean, as on a
    "Total:" line; it is read as the list's size all the same, the card counted as written
    before it."""
    meant, held = _held(game, deck)
    if _count(_DIGITS.search(size).group()) in meant:
        return None
    count = _DIGITS.search(size).group().lstrip("0") or "0"
    return _problem(
        IGNORED_LINE,
        f"Line {number}: {size!r} after {card} is read as the list's own count of its cards,"
        f" not copies of {card}, but the list holds {held}; if they are copies of {card},"
        f" write '{card} x{count}'",
        number,
        WARNING,
        cards=(card,),
    )


def _held(game: Game, deck: Deck) -> tuple[set[int], str]:
    """The counts of a deck's cards a list's own count of them may mean (the whole deck, with
    or without its boards, one of its sections or boards, or the main section alone), and
    what the deck holds in words: "41 cards (1 in its Hero, 40 in its Deck)"."""
    sizes = {s.name: deck.size(s.id) for s in game.sections if deck.sections.get(s.id)}
    boards = {b: sum(e.count for e in deck.boards[b]) for b in BOARDS if deck.boards.get(b)}
    whole = sum(sizes.values())
    main = deck.size(game.default_section)
    meant = {whole, whole + sum(boards.values()), main, *sizes.values(), *boards.values()}
    parts = [f"{size} in its {name}" for name, size in sizes.items()]
    parts += [f"{size} in its {board}" for board, size in boards.items()]
    held = f"{whole} {'card' if whole == 1 else 'cards'}" + (
        f" ({', '.join(parts)})" if parts else ""
    )
    return meant, held


def _counted_header(stripped: str) -> tuple[str, int] | None:
    """A header line as it shows without its marks ("Allies (20)"), and the count players
    write in it to check their list; None when it has none."""
    shown = _BULLET.sub("", stripped.strip(_INVISIBLE).strip()).replace("**", "").replace("__", "")
    shown = shown.strip("#=-_*~─━ \t").rstrip(":").strip()
    count = _HEADER_COUNT.search(shown)
    if count is None or count.start() == 0:
        before = _COUNT_BEFORE.match(shown)  # "8 Allies": the count written first
        return None if before is None else (shown, _count(before.group(1)))
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
    those of the section (the whole deck counted with its hero or without it). None either
    when a card misspelt is among those ("Hero (1)" over "Darkclw"): it is said on its own,
    and the copies of it the count holds are not known."""
    if target[0] == _BOARD:
        kind = _BOARD
    elif (lexicon := _lexicon(game)).key(label) in lexicon.whole_list_keys:
        kind = "whole"
    elif target[1] is not None:
        kind = _SECTION
    else:
        kind = "group"
    own = target[1] if kind != "whole" else game.default_section
    place = target
    near = blank = wide = inside = 0
    near_cards: list[tuple] = []  # (card, copies) up to the next header: see grouped below
    near_open = blank_open = True
    unsure = False  # whether a card misspelt is among them (see _UNSURE)
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
                if each[0] in _UNSURE and (
                    there == target if kind == _BOARD else there[0] != _BOARD
                ):
                    unsure = True
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
            if near_open:
                near += copies_of
                near_cards.append((card, copies_of))
            blank += copies_of if blank_open else 0
            wide += copies_of
            inside += copies_of if section == own else 0
    if count in (near, blank) or (kind != "group" and count in (wide, inside)):
        return None
    if unsure:
        return None  # "Hero (1)" over "Darkclw": the card misspelt is said, the count not known
    grouped = 0
    if kind in ("group", _SECTION):
        # the cards of the group a header names ("Maniacs": the Maniacs, not the Henchmen
        # below them, which go to another section by type), or of its section by type; asked
        # only of a count that is none of the others
        parts = _group_words(label) if kind == "group" else ()
        grouped = sum(
            copies
            for card, copies in near_cards
            if (_of_group(card, parts) if parts else game.section_for_card(card) == own)
        )
    if grouped and count == grouped:
        return None  # "Maniacs (4)" over 4 Maniacs and the Henchmen they create
    listed = {_SECTION: inside, "whole": wide, _BOARD: wide}.get(kind, near)
    besides = ""
    if grouped and grouped != listed:
        besides = f" ({listed} with the other cards below it)"
        listed = grouped
    are = "is" if listed == 1 else "are"
    return Problem(
        rule=HEADER_COUNT,
        severity=WARNING,
        message=f"Line {at}: {shown!r} counts {count} {'card' if count == 1 else 'cards'}, but"
        f" {listed} {are} listed under it{besides}; the list is read as its cards say",
        lines=(at,),
    )


def _group_words(label: str) -> tuple[tuple[frozenset[str], ...], ...]:
    """The parts a group's header joins ("Allies & Items"), each as the singular and plural
    forms of its words ("Shadow Allies")."""
    parts = []
    for part in _JOINED.split(label):
        words = tuple(frozenset(_singulars(key)) for w in part.split() if (key := name_key(w)))
        if words:
            parts.append(words)
    return tuple(parts)


def _of_group(card, parts: tuple[tuple[frozenset[str], ...], ...]) -> bool:
    """Whether a card is of a group its header's words name ("Maniacs": its class; "Allies":
    its type): every word of one of the header's parts is its type or one of its facts."""
    told = {name_key(card.type)}
    for value in card.facts.values():
        for each in value if isinstance(value, list | tuple) else (value,):
            if isinstance(each, str):
                told.add(name_key(each))
    return any(all(forms & told for forms in words) for words in parts)


def _ends_counted(game: Game, kind: str, own: str, header: tuple, label: str) -> bool:
    """Whether a header ends the cards a section's, a board's or the whole deck's count is of:
    a board, the whole deck's header again, and for a section another section, for a board any
    section; the groups within them (by type) do not."""
    if header[0] == _BOARD:
        return True
    if (lexicon := _lexicon(game)).key(label) in lexicon.whole_list_keys:
        return True
    if kind == _BOARD:
        return header[1] is not None
    return kind == _SECTION and header[1] is not None and header[1] != own
