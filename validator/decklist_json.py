"""The JSON form of a decklist, as the API and saved decks hold it:
``{"name": ..., "sections": {"deck": [{"card": "...", "count": 3}]}, "boards": {...}}``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardpool import Game, name_key

from .deck import BOARDS, Deck
from .decklist_common import (
    _LINE_LIMIT,
    IGNORED_LINE,
    MALFORMED_LINE,
    MAX_COPIES_PER_LINE,
    READ_AS,
    UNKNOWN_SECTION,
    ParsedDeck,
    Problem,
    UnreadEntry,
    _drop_empty,
    _problem,
    format_named,
)
from .decklist_headers import _BOARD, _BOARD_HEADERS, _BY_TYPE, _SECTION
from .decklist_lines import _short_blanks
from .decklist_names import MAX_SUGGESTED, _find, _resolve, _unknown_card
from .errors import DecklistError, DecklistTooLongError
from .problems import WARNING


def parse_mapping(data: Any, game: Game, max_lines: int | None = None) -> ParsedDeck:
    """Read the JSON form: ``{"name": ..., "sections": {"deck": [{"card": "...", "count": 3}]}}``.

    An entry names its card by ``card`` (name, id, number, or name and printing code),
    ``name`` or ``id``; ``count`` (or ``qty``, ``quantity``, ``amount``) defaults to 1.
    Ids are how programs name cards, so an entry means that very printing only with
    ``"printing": true`` or a printing code.
    ``boards`` holds the sideboard and maybe-board the same way; a section named
    ``sideboard`` is the sideboard unless the game has such a section, and a board the game
    has as a section is that section. Problems point
    at the entry's place, e.g. ``sections.deck[2]``. More than ``max_lines`` entries in
    all are refused whole, as a text list of more lines is.

    A deck without ``sections`` may give its cards as one list, ``"cards": [...]``, as
    other deck tools export a deck: each card goes to the section of its type, as in a text
    list without headers. A card whose type more than one section takes is a problem saying
    the deck needs its ``sections``. Beside ``sections``, ``cards`` is not the deck's (the
    builder sends the cards it tries against a deck so).

    A saved deck as ``GET /api/v1/decks/<id>`` gives it (the deck page's JSON export) holds
    the deck under ``deck``, its name beside it: it is read as that deck (see
    :func:`saved_deck`). A deck whose ``game`` is another game's is read as this game's with
    a warning saying so. The ``format`` a deck names, when this game has it, is kept on what
    is returned (:attr:`ParsedDeck.format`), to judge it in when no format is asked for.
    """
    if not isinstance(data, Mapping):
        raise DecklistError("a deck must be a JSON object with 'sections' or 'cards'")
    data = saved_deck(data)
    sections = data.get("sections")
    if sections is None and "cards" in data:
        cards = data["cards"]
        if not isinstance(cards, list):
            raise DecklistError(
                "a deck's 'cards' must be a list of entries (each placed in the section of its"
                " type), or give the deck 'sections': an object of section name to card list"
            )
        parts = [("cards", None, cards)]
    elif isinstance(sections, Mapping):
        parts = [("sections", label, entries) for label, entries in sections.items()]
    else:
        raise DecklistError(
            "a deck needs 'sections' (an object of section name to card list) or 'cards' (a list"
            " of its cards, each placed in the section of its type)"
        )
    boards = data.get("boards")
    if boards is None:
        boards = {}
    if not isinstance(boards, Mapping):
        raise DecklistError("a deck's 'boards' must be an object of board name to card list")
    deck_name = data.get("name") if isinstance(data.get("name"), str) else ""
    deck = Deck(game, {s.id: [] for s in game.sections}, name=deck_name)
    problems: list[Problem] = _other_game(game, data.get("game"))
    unread: list[UnreadEntry] = []
    parts += [("boards", label, entries) for label, entries in boards.items()]
    limit = _LINE_LIMIT.get() if max_lines is None else max_lines
    budget = [MAX_SUGGESTED]  # the unknown names still to be given "did you mean"
    entries_in_all = sum(len(e) if isinstance(e, list) else 1 for _, _, e in parts)
    if entries_in_all > limit:
        raise DecklistTooLongError(entries_in_all, limit, "entries")
    for part, label, entries in parts:
        if label is None:  # "cards": each card to the section of its type
            target, place = _BY_TYPE, part
        else:
            target, place = _mapping_target(game, part, str(label)), f"{part}.{label}"
        if target is None:
            problems.append(_unknown_part(game, part, label))
            continue
        if not isinstance(entries, list):
            problems.append(_problem(MALFORMED_LINE, f"{place}: must be a list of entries"))
            continue
        for index, entry in enumerate(entries):
            where = f"{place}[{index}]"
            _take_mapping_entry(game, deck, problems, unread, target, entry, where, budget)
    return ParsedDeck(_drop_empty(deck), problems, unread, _own_format(game, data, problems))


def _own_format(game: Game, data: Mapping, problems: list[Problem]) -> str | None:
    """The id of the format a deck names as its own, by its id or its name as a "Format:"
    line names it; one its game has not (a saved deck's format the pool dropped since) is
    said in ``problems``, the deck judged as one naming none."""
    named = data.get("format")
    if not isinstance(named, str) or not named.strip():
        return None
    own = named if named in game.formats else format_named(game, named)
    if own is None:
        message = (
            f"the deck names the format {named!r}, which {game.short_name} has not (its"
            f" formats: {', '.join(game.formats)}); it is judged as a deck naming none"
        )
        problems.append(_problem(IGNORED_LINE, message, None, WARNING))
    return own


def saved_deck(data: Mapping) -> Mapping:
    """The deck a JSON object holds: itself, or for a saved deck as the API gives it (no
    ``sections`` nor ``cards``, the deck under ``deck``) that deck, with the saved deck's name,
    game and format."""
    inner = data.get("deck")
    if "sections" in data or "cards" in data or not isinstance(inner, Mapping):
        return data
    deck = dict(inner)
    for key in ("name", "game", "format"):
        if isinstance(data.get(key), str) and data[key]:
            deck[key] = data[key]
    return deck


def names_other_game(game: Game, named: Any) -> bool:
    """Whether a deck's ``game`` (as a saved deck or an export names it) is another game's."""
    return isinstance(named, str) and bool(named) and name_key(named) != name_key(game.id)


def _other_game(game: Game, named: Any) -> list[Problem]:
    """The warning for a deck naming another game than the one it is read in (a saved deck
    sent to another game's validator): its cards are read as this game's, not in silence."""
    if not names_other_game(game, named):
        return []
    message = (
        f"the deck is for the game {named!r}, not {game.short_name}; its cards are read as"
        f" {game.short_name} cards"
    )
    return [_problem(READ_AS, message, None, WARNING)]


def keys_beside_deck(data: Mapping) -> tuple[str, ...]:
    """The keys giving a deck ('sections', 'cards') that an object sends beside a saved deck's
    ``deck``: which of the two is the deck cannot be told, and reading one would drop the
    other without a word. Empty when there is no such pair."""
    if data.get("deck") is None:
        return ()
    return tuple(key for key in ("sections", "cards") if key in data)


def two_decks(keys: tuple[str, ...]) -> str:
    """The words refusing an object giving a saved deck's ``deck`` beside ``keys``."""
    listed = " and ".join(f"'{key}'" for key in keys)
    return (
        f"a saved deck's 'deck' beside {listed} is two decks where one is read; send the saved"
        f" deck as GET /api/v1/decks/<id> gives it, or the deck's {listed} alone"
    )


def _mapping_target(game: Game, part: str, label: str) -> tuple | None:
    # A board the game counts as a section of its own (its rules count a sideboard) is that
    # section, as the text's "Sideboard:" header is: the two forms of one list agree.
    section = game.section_for(label)
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
    if count == 0:
        # {"card": "Kindle", "count": 0}: none of it, ignored with a warning as "0 Kindle" is
        shown = found[0].name if found is not None else card_text
        problems.append(
            _problem(
                IGNORED_LINE,
                f"{where}: 0 copies of {shown}; the entry is ignored",
                None,
                WARNING,
                cards=(shown,),
            )
        )
        return
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
        unread.append(UnreadEntry(place_id or game.default_section, saved_name or card_text, count))
        return
    card, named, notes = found
    if place_id is None:  # a deck of "cards" alone: the section of the card's type
        place_id = _section_by_type(game, card, where, problems)
        if place_id is None:
            return
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


def _section_by_type(game: Game, card, where: str, problems: list[Problem]) -> str | None:
    """The section a card of a deck given as "cards" alone goes to, as in a text list without
    headers; None, with the problem said, when more than one section takes its type."""
    taking = [section for section in game.sections if card.type in section.types]
    if len(taking) < 2:
        return game.section_for_card(card)
    names = [f"its {section.name}" for section in taking]
    example = ", ".join(f'"{section.id}": [...]' for section in taking)
    problems.append(
        _problem(
            UNKNOWN_SECTION,
            f"{where}: a {game.short_name} deck may hold {card.name} in"
            f" {', '.join(names[:-1])} or {names[-1]}, and a deck given as 'cards' alone names"
            " no section; send the deck's 'sections' instead"
            f' (e.g. {{"sections": {{{example}}}}})',
            cards=(card.name,),
        )
    )
    return None


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
    counts = [_whole(entry[key]) for key in _COUNT_KEYS if key in entry]
    if any(other is None or other != counts[0] for other in counts):
        return str(card), None
    count = counts[0] if counts else 1
    if not 0 <= count <= MAX_COPIES_PER_LINE:
        return str(card), None
    return str(card), count  # 0: none of the card, ignored with a warning


def _whole(count: Any) -> int | None:
    """A count as programs send it: a whole number, written as one (3), with a point (3.0, as a
    language with one kind of number writes it) or as digits in a string ("3", a form's field);
    None for anything else (2.5, "three", true)."""
    if isinstance(count, bool):
        return None
    if isinstance(count, int):
        return count
    if isinstance(count, float):
        return int(count) if count.is_integer() else None
    digits = count.strip() if isinstance(count, str) else ""
    if digits.isascii() and digits.isdigit():
        return int(digits) if len(digits) <= 6 else MAX_COPIES_PER_LINE + 1
    return None
