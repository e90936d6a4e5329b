"""What a decklist's text names: a card by its name, an old name, its id or number, and the
printing a code after it names ("(SDS1A) 14", "[SDS1A-014]", "#se017"); the closest names
when it names none, and the problem saying so."""

from __future__ import annotations

import re
import weakref
from difflib import SequenceMatcher

from cardpool import Card, Game, name_key

from .decklist_common import UNKNOWN_CARD, Problem, _problem
from .decklist_headers import _lexicon, _note_apart, _singulars

_DIGIT = re.compile(r"\d")
_DIGITS = re.compile(r"\d+")
# A place written in roman numerals, "I. Plymouth", "II) Lake of Fire", "(III) Warren": as
# Arcmage lists give each region its place in the chapter (the card shows it), or an outline
# numbers its lines. Never a count.
_ROMAN = r"(?:I{1,3}|IV|VI{0,3}|IX|X)"
_ROMAN_NUMERAL = re.compile(_ROMAN)
# Printing codes: "(SET) 12" or "(SET) #12" (with a foil mark like "*F*"), "[SET-012]" or
# "{SET}", "#se017".
_PAREN_CODE = re.compile(r"^(.*?\S)\s+\(([\w.-]+)\)(?:\s+#?([\w.-]+))?(?:\s+\*\w+\*)*$")
_BRACKET_CODE = re.compile(r"^(.*?\S)\s*(?:\[([^\[\]]+)\]|\{([^{}]+)\})$")
_HASH_CODE = re.compile(r"^(.*?\S)\s+#((?=\S*\d)\S+)$")
# XMage's set code and number in brackets before the name: "[COTC:49] Bad Wolf" (one: what
# follows is read as a name, never as another code).
_CODE_FIRST = re.compile(r"^(\[[^\[\]\s:]+:[^\[\]\s]+\])\s*([^\s\[].*)$")
# "Nest Ball SVI 181", as digital clients export a print: a set code of the game, a number.
_SET_NUMBER = re.compile(r"^(.*?\S)\s+([\w-]+)\s+((?=[\w-]*\d)[\w-]+)$")
# "Canyon Therizinosaur SDS1C-006", "Smashing Blow - se064": a card's own number after it.
_NUMBER_AFTER = re.compile(r"^(.*?\S)\s+(?:[-–—|]\s+)?((?=\S*\d)\S+)$")
# "Kindle SDS1A", "Full Moon - COTC": a set's code alone after a card's name.
_SET_AFTER = re.compile(r"^(.*?\S)\s+(?:[-–—|]\s+)?([\w.-]+)$")
_CODE_SEPARATOR = re.compile(r"[-\s#/:]+")
_TRAILING_DIGITS = re.compile(r"(?<!\d)\d+$")
# A set's code and a card's number with no name: "ERUMA-099", "ERUMA 099", "REBIRTH #12".
_SET_AND_NUMBER = re.compile(
    r"^([^\W\d_][\w.]*?)(?:\s*[-#/:]\s*|\s+)((?=[a-zA-Z]*\d)[a-zA-Z]*\d+[a-zA-Z]?)$"
)
# A count in brackets before a printing, "(3)" or "(3x)", as no set's code is written.
_COUNT_CODE = re.compile(r"[xX×]?\d+[xX×]?")

# Reading a line (see decklist_lines) and finding the closest names for an unknown card are
# kept per game, up to a bound on memory whatever a server is sent: so many texts, each no
# longer than a card line ever is (a body of 500 KB lines, one after another, would otherwise
# keep gigabytes).
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

# How alike (difflib's ratio of name keys) a first line and a card's name are when the line is
# that card misspelt rather than the list's title: "Embr Rex" and "Ember Rex" 0.94, "Zoltn" and
# "Zoltán" 0.91; a title naming a card and more stays a title ("Ember Rex Aggro" 0.76,
# "Darkclaw - Shadow Wulven" 0.57). Read as a title, a misspelt card left the deck a card short
# with only a warning: one card too many could be judged legal.
MISSPELT_CARD = 0.85
# Whether a text misspells one of its closest names, by the text and the names (see
# _misspelt_card), up to a bound on memory: the answer depends on them alone, whatever game.
MAX_KEPT_MISSPELT = 10_000
_MISSPELT: dict[tuple[str, tuple[str, ...]], bool] = {}


def _kept(store: weakref.WeakKeyDictionary, game: Game) -> dict:
    """``game``'s dict in ``store``, begun anew once it holds ``MAX_KEPT_READINGS``."""
    kept = store.get(game)
    if kept is None:
        kept = store.setdefault(game, {})
    elif len(kept) >= MAX_KEPT_READINGS:
        # A new dict, not the full one emptied: a list another thread is reading holds the
        # full one and looks back in it for lines it has read (_ends_section_group).
        kept = store[game] = {}
    return kept


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


def _misspelt_card(text: str, suggestions: tuple[str, ...]) -> bool:
    """Whether ``text`` is near enough one of ``suggestions`` (see MISSPELT_CARD); kept, as an
    unknown name's closest names are: the same misspellings come back list after list, each
    asked of several times over one (its line, the group it is in, the title on top)."""
    if not suggestions:
        return False
    asked = (text, suggestions)
    found = _MISSPELT.get(asked)
    if found is None:
        key = name_key(text)
        found = any(
            SequenceMatcher(None, key, name_key(name)).ratio() >= MISSPELT_CARD
            for name in suggestions
        )
        if len(text) <= MAX_KEPT_LINE:
            if len(_MISSPELT) >= MAX_KEPT_MISSPELT:
                _MISSPELT.clear()
            _MISSPELT[asked] = found
    return found


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
    alone = _SET_AND_NUMBER.match(text)
    if alone is not None and name_key(alone.group(1)) in _lexicon(game).set_keys:
        # "ERUMA-099", "REBIRTH 12", "COTC #se081": a set and a number, no name, as an
        # inventory lists a card
        return _in_set(game, alone.group(1), alone.group(2))
    first = _CODE_FIRST.match(text) if text[:1] == "[" else None
    if first is not None:
        # "[COTC:49] Bad Wolf", as XMage writes a printing: read as "Bad Wolf [COTC:49]" is,
        # its notes saying where the code was
        found = _resolve(game, f"{first.group(2)} {first.group(1)}")
        if found is None:
            return None
        code, card = first.group(1), found[0]
        after = f"{code} after {card.name} "
        notes = tuple(
            f"{code} before {card.name} {note[len(after) :]}" if note.startswith(after) else note
            for note in found[2]
        )
        return found[0], found[1], notes
    for pattern in (_PAREN_CODE, _BRACKET_CODE, _HASH_CODE, _SET_NUMBER):
        match = pattern.match(text)
        if match is None:
            continue
        if pattern is _SET_NUMBER and name_key(match.group(2)) not in _lexicon(game).set_keys:
            continue  # "Eli 1.0" or "Mark 2": a name ending in a number, not a print
        if (
            pattern is _PAREN_CODE
            and match.group(3) is not None
            and _COUNT_CODE.fullmatch(match.group(2))
            and match.group(2) not in _lexicon(game).set_keys
        ):
            continue  # "Name (3) RYFT1-004", "(3x)": a count, then the printing (see _read_row)
        found = _find(game, match.group(1))
        if found is None:
            return None
        card, named, notes = found
        code = text[len(match.group(1)) :].strip()
        printing = _printing(game.printings(card), match)
        in_set = _lexicon(game).set_names.get(name_key(code.strip("()[]{}")))
        if printing is None and in_set:  # "[Call of the Crystals]": the set by its name
            printing = _first(game.printings(card), in_set, None)
        if printing is None and _is_place(game, card, code.strip("()[]{}").strip()):
            return card, named, notes  # "Plymouth (I)": the region's place in the chapter
        if printing is None and _describes(card, code.strip("()[]{}").strip()):
            return card, named, notes  # "Darkclaw (Hero)", "Bad Wolf [Ally, Shadow]"
        if printing is None and _is_word(game, code.strip("()[]{}").strip()):
            # "Full Moon (Ally)", "Bad Wolf [new!]": a word or a remark in brackets, no set's
            # code, is a note (if not what the card is: see _describes)
            return card, named, (*notes, f"{code} after {card.name} is read as a note")
        if printing is None:
            other = _whose(game, card, match)
            whose = f", the number of {other.name}" if other is not None else ""
            note = (
                f"no printing of {card.name} is {code}{whose}; read as {card.name} in any printing"
            )
            return card, named, (*notes, note)
        return printing, True, notes
    number = _NUMBER_AFTER.match(text)
    if number is not None:
        found = _find(game, number.group(1))
        printing = found and _numbered_in_set(game, game.printings(found[0]), number.group(2))
        if printing is not None:
            return printing, True, found[2]
    coded = _SET_AFTER.match(text)
    if coded is not None and name_key(coded.group(2)) in _lexicon(game).set_keys:
        # "Kindle SDS1A", "Full Moon - COTC": the set alone, as "Kindle (SDS1A)" names it
        return _resolve(game, f"{coded.group(1)} ({coded.group(2)})")
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
    in_set = noted and _lexicon(game).set_names.get(name_key(noted[1]))
    if in_set:
        # "Bad Wolf (Call of the Crystals)": a set's name, as deck sites write it after a card
        found = _find(game, noted[0])
        if found is not None:
            card, named, notes = found
            printing = _first(game.printings(card), in_set, None)
            if printing is not None:
                return printing, True, notes
            note = (
                f"no printing of {card.name} is in {noted[1]}; read as {card.name} in any printing"
            )
            return card, named, (*notes, note)
    if (
        noted is not None
        and (len(noted[1].split()) > 1 or _is_remark(noted[1]))
        and not _DIGIT.search(noted[1])
    ):
        # a note of a few words in brackets: "Banebow (Shadow Hunter)", "Kindle (vs air)", or
        # a remark no set's code is ("Bad Wolf (new!)"); a digit may be a count or a printing
        # ("(2 copies)", "(SDS1A 13)"), never dropped
        found = _find(game, noted[0])
        if found is not None:
            card, named, notes = found
            if _describes(card, noted[1]):
                return found  # "Pack Wolf (Shadow Ally)": what the card is
            return card, named, (*notes, f"({noted[1]}) after {card.name} is read as a note")
    return None


def _whose(game: Game, card: Card, match: re.Match) -> Card | None:
    """The other card a printing's code after ``card``'s name is the number of ("Kindle
    (SDS1A) 5": 5 of SDS1A is Tidefang Mosasaur), or None when it is no other card's."""
    if match.re is _PAREN_CODE:
        if match.group(3) is None:
            return None
        found = _in_set(game, match.group(2), match.group(3))
    elif match.re is _SET_NUMBER:
        found = _in_set(game, match.group(2), match.group(3))
    else:
        code = (match.group(2) or match.group(3) or "").strip()
        found = _find(game, code) if _DIGIT.search(code) else None
        if found is not None and not found[1]:
            found = None  # a code that is a card's name or alias is no number
        parts = _CODE_SEPARATOR.split(code)
        if found is None and len(parts) >= 2:
            found = _in_set(game, " ".join(parts[:-1]), parts[-1])
    if found is None or found[0].identity == card.identity:
        return None
    return found[0]


def _in_set(game: Game, set_code: str, number: str) -> tuple | None:
    """The card of the set ``set_code`` whose number is ``number`` (``099``, ``99``), as a
    printing named; None when the set has no card of that number.

    Only the few cards the number can be (see :func:`_numbers_by_set`) are asked, in the
    pool's order: a list of such lines, each asking every card of the pool, took seconds."""
    by_number = _numbers_by_set(game).get(name_key(set_code))
    if by_number is None:
        return None
    digits = _TRAILING_DIGITS.search(number.strip())
    candidates = {*by_number.get(("whole", name_key(number)), ())}
    if digits is not None:
        candidates.update(by_number.get(("digits", digits.group().lstrip("0")), ()))
    for at in sorted(candidates):
        card = game.cards[at]
        if _same_number(card, number):
            return card, True, ()
    return None


_NUMBERS_BY_SET: weakref.WeakKeyDictionary[Game, dict[str, dict[tuple, list[int]]]] = (
    weakref.WeakKeyDictionary()
)


def _numbers_by_set(game: Game) -> dict[str, dict[tuple, list[int]]]:
    """Each set's cards (their places in ``game.cards``) by the keys :func:`_same_number`
    matches a number written alone on: the card's whole number ("se081"), the number after
    the set's code ("081" of "ERUMA081"), and its last digits without leading zeros ("81")."""
    found = _NUMBERS_BY_SET.get(game)
    if found is not None:
        return found
    found = {}
    for at, card in enumerate(game.cards):
        if not card.number:
            continue
        set_key, have = name_key(card.set), name_key(card.number)
        keys = {("whole", have)}
        if have.startswith(set_key):
            keys.add(("whole", have[len(set_key) :]))
        digits = _TRAILING_DIGITS.search(card.number.strip())
        if digits is not None:
            keys.add(("digits", digits.group().lstrip("0")))
        by_number = found.setdefault(set_key, {})
        for key in keys:
            by_number.setdefault(key, []).append(at)
    return _NUMBERS_BY_SET.setdefault(game, found)


def _is_place(game: Game, card: Card, code: str) -> bool:
    """Whether ``code`` after a card is a value of the game's that places the card, as its
    attributes of choice say: "I", "II", "III" are the chapter places of Arcmage's regions."""
    return _ROMAN_NUMERAL.fullmatch(code) is not None and any(
        attribute.kind == "choice"
        and code in attribute.values
        and (not attribute.types or card.type in attribute.types)
        for attribute in game.attributes.values()
    )


def _is_word(game: Game, code: str) -> bool:
    """Whether a code in brackets after a card is a word ("Ally") or a remark ("new!"), not
    what a set's code looks like ("XYZ", "SDS1A", "se-1") or a number."""
    if _is_remark(code):
        return True
    return code.isalpha() and not code.isupper() and name_key(code) not in _lexicon(game).set_keys


def _is_remark(text: str) -> bool:
    """Whether words in brackets are a remark, with marks no set's code holds ("new!", "MVP!!",
    "new?"), and no digit (a count or a printing is never dropped)."""
    return (
        not text.isalnum()
        and any(c.isalpha() for c in text)
        and not any(c in text for c in "-._")
        and not _DIGIT.search(text)
    )


def _describes(card: Card, words: str) -> bool:
    """Whether the words in brackets after a card are what the card is, as players note them:
    its type, faction, element or another fact of it ("Darkclaw (Hero)", "Bad Wolf [Ally,
    Shadow]"), each part one of them; the type may be in its plural ("Rat (Henchmen)")."""
    parts = [part.strip() for part in re.split(r"[,/;]|\s[-–—|]\s", words)]
    if not all(parts):
        return False
    told = {name_key(card.type)}
    for value in card.facts.values():
        for each in value if isinstance(value, list | tuple) else (value,):
            if isinstance(each, str):
                told.add(name_key(each))
    told.discard(name_key(card.name))
    kind = name_key(card.type)

    def says(words: str) -> bool:  # the type may be in its plural: "Rat (Henchmen)"
        key = name_key(words)
        return key in told or kind in _singulars(key)

    return all(says(part) or all(says(word) for word in part.split()) for part in parts)


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


def _numbered_in_set(game: Game, printings: tuple[Card, ...], code: str) -> Card | None:
    """The printing a card number after a card's name names: its whole number ("SDS1A-014",
    "se022"), or a set's code and number joined by a dash where the game's numbers carry no
    set ("ERUMA-099" for 099 of the set ERUMA), as "ERUMA 099" names it."""
    whole = _numbered(printings, code)
    if whole is not None:
        return whole
    set_code, dash, number = code.rpartition("-")
    if not dash or not set_code or name_key(set_code) not in _lexicon(game).set_keys:
        return None
    return _first(printings, set_code, number) if _DIGIT.search(number) else None


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


def _apart_from_code(text: str) -> str:
    """An unknown card's name without the printing code or the note in brackets written
    with it ("[COTC:49] Bad Wulf", "Bad Wulf [COTC-049]", "Bad Wulf (Ally)"): the name is
    what is unknown, and close names are looked for by it (the code kept, "Bad Wulf
    [COTC-049]" is close to no name)."""
    text = text.strip()
    first = _CODE_FIRST.match(text) if text[:1] == "[" else None
    if first is not None:
        return first.group(2).strip()
    for pattern in (_PAREN_CODE, _BRACKET_CODE, _HASH_CODE):
        match = pattern.match(text)
        if match is not None:
            return match.group(1).strip()
    return text


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
    written = name
    name = _apart_from_code(name)
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
        f"{where}: no {game.short_name} card is called {name!r}"
        f"{f' (written {written.strip()!r})' if name != written.strip() else ''}{hint}",
        line,
        section=section,
        cards=(name,),
        suggestions=suggestions,
    )
