"""The headers of a decklist: the words players write over its parts ("Dinos:", "Allies
(12)", "Sideboard", "Main Deck:") and where each sends the cards below it."""

from __future__ import annotations

import re
import weakref
from difflib import SequenceMatcher

from cardpool import Game, name_key

from .deck import MAYBEBOARD, SIDEBOARD

# The count players write after a header: "Creatures (24)", "Allies [12 cards]", "Items - 8".
# Here and in the printing patterns below, a number starts only where its run of digits
# starts ((?<!\d); a count set apart starts a word, (?<!\w): "v2" is no count) and "a word
# with a digit" is a look-ahead: a run of 10,000 digits is then tried once, not at every
# split (one such line took 6 s to read).
_HEADER_COUNT = re.compile(
    r"\s*(?:[\(\[]\s*(?<!\d)\d+(?:\s+cards?)?\s*[\)\]]|[-–:]?\s*(?<!\w)\d+(?:\s+cards?)?)\s*$", re.I
)

# Headers players write over a whole list rather than one section of it.
# ("Draw Deck": the deck a player draws from, as Arcmage's rules name it beside the regions;
# and as German lists write them: "Hauptdeck", "Deckliste", "Karten")
_GENERIC_LABELS = (
    "Deck", "Main", "Main Deck", "Mainboard", "Main board", "Decklist", "Cards", "Draw Deck",
    "Draw Pile", "Hauptdeck", "Deckliste", "Karten",
)  # fmt: skip
_GENERIC_HEADERS = frozenset(name_key(label) for label in _GENERIC_LABELS)
# (and as German lists write it: "Nebendeck"; "Sideboard" is German too)
_SIDEBOARD_LABELS = ("Sideboard", "Side board", "Side", "SB", "Side Deck", "Sidedeck", "Nebendeck")
_MAYBEBOARD_LABELS = ("Maybeboard", "Maybe board", "Maybe", "Considering")
_BOARD_LABELS = (*_SIDEBOARD_LABELS, *_MAYBEBOARD_LABELS)
_BOARD_HEADERS = {
    **{name_key(label): SIDEBOARD for label in _SIDEBOARD_LABELS},
    **{name_key(label): MAYBEBOARD for label in _MAYBEBOARD_LABELS},
}
# The headers of other games' lists, which no game here has (a game's own section or type of
# the same name is its own): MTG Arena's "Commander" and "Companion" over their card, the types
# Magic lists group by, and Pokémon TCG Live's "Pokémon: 12", "Trainer: 36", "Energy: 12".
# Written alone on a line, each heads a part of that game's deck, never the list's title.
_OTHER_GAMES_LABELS = (
    "Commander", "Companion", "Creature", "Land", "Instant", "Sorcery", "Artifact",
    "Enchantment", "Planeswalker", "Battle", "Pokémon", "Trainer", "Energy",
)  # fmt: skip
_OTHER_GAMES_HEADERS = frozenset(name_key(label) for label in _OTHER_GAMES_LABELS)
# "SB: 2 Card" marks its own line only; lists in that style mix SB lines with main ones.
_LINE_ONLY_LABELS = frozenset({name_key("SB")})
_ON_ITS_LINE = "on its line"  # how a header reading marks a line of such a label

# The same likeness as MISSPELT_CARD (see decklist_names) for a header: "Alies" and "Allies"
# 0.91, "Abilites" and "Abilities" 0.94; "My best deck" and "Main Deck" 0.67.
MISSPELT_HEADER = 0.85
# The headers no game knows whose likeliest meaning a game keeps (see _header_meant).
MAX_KEPT_MEANT = 1_000
# The header labels whose keys, and the keys whose group, a game keeps (see _Lexicon.key).
MAX_KEPT_LABELS = 1_000


# -- what a game's lists can say ------------------------------------------------------


class _Lexicon:
    """What the reader knows of one game besides its lookups: the headers that group its
    cards (by type, or by a value of an attribute: a faction, a domain, a class)."""

    def __init__(self, game: Game):
        self.group_keys: set[str] = set()
        self.set_keys = frozenset(name_key(code) for code in game.sets)
        # "Call of the Crystals": a set by its name, as deck sites write it after a card
        self.set_names = {name_key(s.name): code for code, s in game.sets.items() if s.name}
        self.type_keys: set[str] = set()
        for card_type in game.card_types:
            self.type_keys.add(name_key(card_type))
            # "Code" for "Active Code" and "Delayed Code": players group by the last word.
            self.type_keys.add(name_key(card_type.split()[-1]))
        # "Inferno:", "Shadow (12)", "Weapons": players group a list by what its cards are,
        # and a header naming a value of the game's own attributes is such a group.
        self.value_keys: set[str] = set()
        for attribute in game.attributes.values():
            if not attribute.references:
                self.value_keys.update(name_key(str(value)) for value in attribute.values)
        # "Tokens", "Orcs:", "Beasts (4)": what cards are in the pool's own words, the values
        # of an attribute players filter by with no list of values (Arcmage's subtypes, "Orc
        # Token", each word a subtype; RYFT's being types). A header of one of them alone
        # groups (words of a title, "Decklist - birds & flowers", join none).
        self.free_keys: set[str] = set()
        free = [
            a.name
            for a in game.attributes.values()
            if a.filter and not a.values and not a.references and a.kind == "text"
        ]
        for card in game.cards if free else ():
            for name in free:
                held = card.get(name)
                for value in held if isinstance(held, (list, tuple)) else (held,):
                    if isinstance(value, str):
                        self.free_keys.update(name_key(word) for word in value.split())
        self.type_keys.discard("")
        self.value_keys.discard("")
        self.free_keys.discard("")
        self.group_keys = self.type_keys | self.value_keys
        self.whole_deck_keys = frozenset(name_key(label) for label in game.whole_deck_headers)
        # the headers players write over a whole list: any game's ("Decklist", "Cards") and
        # this game's own names for its whole deck
        self.whole_list_keys = _GENERIC_HEADERS | self.whole_deck_keys
        self.one_card_sections = _one_card_sections(game)
        self._game = weakref.ref(game)
        self._header_names: dict[str, str] | None = None
        self._by_value: dict[str, dict[str, tuple | None]] = {}
        self.meant: dict[str, str | None] = {}  # see _header_meant
        # header labels' keys and keys' groups as read (see key, group_kind): a game's lists
        # repeat its few headers, each asked of them several times over a list
        self._keys: dict[str, str] = {}
        self._kinds: dict[str, str | None] = {}

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

    def names_free_group(self, key: str) -> bool:
        """Whether a header key names what cards are in the pool's own words ("Tokens")."""
        return any(form in self.free_keys for form in _singulars(key))

    def key(self, label: str) -> str:
        """``name_key(label)``, kept for a header's label (up to MAX_KEPT_LABELS of them)."""
        key = self._keys.get(label)
        if key is None:
            if len(self._keys) >= MAX_KEPT_LABELS:
                self._keys.clear()
            key = self._keys[label] = name_key(label)
        return key

    def group_kind(self, key: str) -> str | None:
        """What a group's header key names: a card type ("Allies"), a value of an attribute
        ("Fire", "Shadow"), or None when it is neither alone (both, or words of several)."""
        kind = self._kinds.get(key, self)  # (one get: another thread may clear them between)
        if kind is not self:
            return kind
        forms = _singulars(key)
        is_type = any(form in self.type_keys for form in forms)
        is_value = any(form in self.value_keys or form in self.free_keys for form in forms)
        kind = None if is_type == is_value else _TYPE_GROUP if is_type else _VALUE_GROUP
        if len(self._kinds) >= MAX_KEPT_LABELS:
            self._kinds.clear()
        self._kinds[key] = kind
        return kind

    def card_of_value(self, section: str, key: str) -> tuple | None:
        """The one card of ``section`` (by its type) with an attribute value whose key is
        ``key`` ("Fire" among ERA's crystals: Fire Crystal), with the attribute: None when no
        card of the section has it, or more than one card does."""
        values = self._by_value.get(section)
        if values is None:
            values = self._by_value[section] = self._values_of(section)
        return values.get(key)

    def _values_of(self, section: str) -> dict[str, tuple | None]:
        game = self._game()
        if game is None:
            return {}
        by_type, main = game.section_for_type, game.default_section
        attributes = [a for a in game.attributes.values() if a.values and not a.references]
        found: dict[str, tuple | None] = {}
        for card in game.cards:
            if by_type.get(card.type, main) != section:
                continue
            for attribute in attributes:
                held = card.get(attribute.name)
                for value in held if isinstance(held, (list, tuple)) else (held,):
                    if value is None or (key := name_key(str(value))) not in self.value_keys:
                        continue
                    known = found.get(key, ())
                    if known == ():
                        found[key] = (card, attribute, str(value))
                    elif known is not None and known[0].identity != card.identity:
                        found[key] = None  # two cards of the section have it: neither is meant
        return found


# What a group's header names (see _Lexicon.group_kind).
_TYPE_GROUP = "type"
_VALUE_GROUP = "value"


def _plural(word: str) -> str:
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"  # Ally: Allies
    return word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")


def _header_meant(game: Game, label: str) -> str | None:
    """The header a label no game knows is most likely a misspelling of ("Alies": "Allies"),
    or None when it is like none of them (a list's title: "Orc Rush v2"). Each is kept for
    the game (so many): a list repeating a header compares it with every header once."""
    key = name_key(_without_count(label))
    lexicon = _lexicon(game)
    kept = lexicon.meant.get(key, lexicon)  # (one get: another thread may clear them between)
    if kept is not lexicon:
        return kept
    best, name = 0.0, None
    for known, shown in lexicon.header_names().items():
        ratio = SequenceMatcher(None, key, known).ratio()
        if ratio > best:
            best, name = ratio, shown
    if len(lexicon.meant) >= MAX_KEPT_MEANT:
        lexicon.meant.clear()
    meant = lexicon.meant[key] = name if best >= MISSPELT_HEADER else None
    return meant


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
    if key.endswith("ves"):
        forms.extend((key[:-3] + "f", key[:-3] + "fe"))  # wolves, knives
    return tuple(forms)


def _one_card_sections(game: Game) -> frozenset[str]:
    """The sections that hold one card in every format of the game, as its rules say ("Every
    deck has exactly one hero card": a section-size rule of the section with ``exactly: 1`` or
    ``max: 1``, counting all of its cards or those of the section's own types): Shadow Era's
    Hero. A number of two digits or more after the card their header names is the list's size
    (see deck_size), never copies of that card."""
    held = None
    for fmt in game.formats.values():
        ones = set()
        for rule in fmt.rules:
            params = rule.params
            if rule.check != "section-size" or 1 not in (params.get("exactly"), params.get("max")):
                continue
            section = game.sections_by_id.get(params.get("section"))
            where = params.get("where")
            if section is None:
                continue
            if where is not None:
                # {type: Hero}: the cards of the section's own types, as the reader places them
                types = where.get("type") if isinstance(where, dict) and len(where) == 1 else None
                types = [types] if isinstance(types, str) else types
                if not isinstance(types, list) or not section.types:
                    continue
                if not set(section.types) <= set(types):
                    continue
            ones.add(section.id)
        held = ones if held is None else held & ones
    return frozenset(held or ())


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
# What joins the parts a header names: "Allies & Items", "Locations / Supports", "Beings and
# Codes", "Allies + Items"; a header joins a few of them.
_JOINED = re.compile(r"\s*[/&+]\s*|\s+(?i:and)\s+")
MAX_JOINED = 4


def _target(game: Game, label: str, free: bool = True) -> tuple | None:
    """Where a header sends its cards, or None when it names nothing the game knows.

    The game's own section names and aliases come first, so a game whose YAML has a
    "Sideboard" section counts it like any other. A header the game does not know as it
    is written is tried without a last word "cards" ("Hero Cards") and without a note in
    brackets ("Extra Deck (Henchmen)"), then by that note ("Henchmen (Extra Deck)" is read
    by its first words, which name a type, before the note); and words that each name a
    group ("Inferno Code") are a group too. What cards are in the pool's own words ("Tokens",
    see _Lexicon) is a group when it is the header's word alone (``free``), not beside others.
    """
    label = _without_count(label)
    forms = [label]
    noted = _note_apart(label)
    if noted is not None:
        forms.extend(noted)
    for form in forms:
        found = _named_target(game, form, free)
        words = form.split()
        if found is None and len(words) > 1 and words[-1].lower() in ("card", "cards"):
            found = _named_target(game, " ".join(words[:-1]), free)
        if found is not None:
            return found
    words = label.split()
    lexicon = _lexicon(game)
    if len(words) > 1 and all(lexicon.names_group(name_key(word)) for word in words):
        # "Inferno Code", "Shadow Allies": a group of groups; "Fire Crystal<tab>Water Crystal"
        # is words naming groups too, but it lists cards, which a header would drop unsaid
        return None if _lists_a_card(game, label) else _BY_TYPE
    if _JOINED.search(label):
        return _joined_target(game, label)
    return None


# What parts a line lists may be split by: cells, and the words that join a header's parts.
_LISTED = re.compile(r"\s*[,\t|;/&+]\s*|\s+(?i:and)\s+")


def _lists_a_card(game: Game, label: str) -> bool:
    """Whether a part of ``label``, split as cells or joined parts are, is a card's own name."""
    return any(name_key(part) in game.cards_by_key for part in _LISTED.split(label))


def _joined_target(game: Game, label: str) -> tuple | None:
    """Where a header joining parts of the deck sends its cards ("Locations / Supports",
    "Spells & Creatures", "Hero and Allies"): the one place every part names, or each card by
    its type when they name several parts of the deck; None when a part names nothing the game
    knows, or a board beside other parts (which of them is meant is the player's to say), or
    a part is a card's own name: every word of "Fire Crystal & Water Crystal" names a group (an
    element, a type), but the line lists two cards, which a header would drop unsaid."""
    parts = _JOINED.split(label)
    if len(parts) < 2 or len(parts) > MAX_JOINED or not all(p.strip() for p in parts):
        return None
    if _lists_a_card(game, label):
        return None
    targets = {_target(game, part, False) for part in parts}
    if None in targets:
        return None
    if len(targets) == 1:
        return targets.pop()
    return None if any(t[0] == _BOARD for t in targets) else _BY_TYPE


def _of_other_games(game: Game, label: str) -> bool:
    """Whether a header the game does not know is one of another game's lists ("Commander",
    "Creatures (12)", "Pokémon: 12"), and no card's name."""
    key = name_key(_without_count(label))
    if not any(form in _OTHER_GAMES_HEADERS for form in _singulars(key)):
        return False
    return key not in game.cards_by_key


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


def _named_target(game: Game, label: str, free: bool = True) -> tuple | None:
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
    if free and _lexicon(game).names_free_group(key):
        return _BY_TYPE  # "Tokens", alone
    return None
