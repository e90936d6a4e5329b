"""Reading one line of a text decklist: a card and its count as players write them, a
header, a comment, a total, a row of a table, or a problem. Each reading depends on the
line's text and the game alone, and is kept per game (see _READINGS)."""

from __future__ import annotations

import csv
import html
import re
import unicodedata
import weakref

from cardpool import Game, name_key

from .decklist_common import MAX_COPIES_PER_LINE, holds_quote
from .decklist_headers import (
    _BOARD_HEADERS,
    _BY_TYPE,
    _HEADER_COUNT,
    _LINE_ONLY_LABELS,
    _ON_ITS_LINE,
    _SECTION,
    _lexicon,
    _note_apart,
    _of_other_games,
    _singulars,
    _target,
    _without_count,
)
from .decklist_names import (
    _DIGIT,
    _DIGITS,
    _ROMAN,
    MAX_KEPT_LINE,
    _describes,
    _find,
    _first,
    _is_place,
    _kept,
    _misspelt_card,
    _numbers_by_set,
    _resolve,
    _same_number,
    _suggestions,
)

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
# The word notes write after a count: "3 copies", "3 pcs", "3 cards".
_COPIES = r"(?:\s*(?i:copies|copy|pcs|pc|cards|card)\.?)"
# The same word between a count and the name: "4 copies of Bad Wolf", "4 copies Bad Wolf", or
# "of" alone: "3 of Fire Breath".
_COPIES_OF = re.compile(r"^(?:(?i:copies|copy|pcs|pc|cards|card)\.?(?:\s+of)?|(?i:of))\s+(\S.*)$")
# "Name x3", "Name 3x", "Name (3)", "Name [3]", "Name (x 3)", "Name (3x)", "Name (3 copies)": no
# card's name ends in a count of these shapes.
_COUNT_LAST = re.compile(
    r"^(\S.*?)\s*(?:\s[xX×]\s*(\d+)|\s(\d+)\s*[xX×]"
    rf"|\(\s*[xX×]?\s*(\d+)(?:\s*[xX×])?{_COPIES}?\s*\)"
    rf"|\[\s*[xX×]?\s*(\d+)(?:\s*[xX×])?{_COPIES}?\s*\])$"
)
# A count set apart after a name, by a dash, a colon, an equals sign, dots leading the eye to it
# or a wide gap ("Name - 3", "Name ..... 3", "Name    3"), or with its word ("Name 3 copies",
# "Name x3 copies").
# Names may end in a number ("Patchbot Unit-7"), so it is a count only when the rest is a card.
_COUNT_APART = re.compile(
    r"^(\S.*?)(?:\s*[-–—:=]\s*|\s*(?<![.…])[.…]{2,}+\s*|\s*…\s*|\s{2,}|\s(?=[xX×]?\d{1,3}"
    rf"[xX×]?{_COPIES}$))[xX×]?(\d{{1,3}})[xX×]?{_COPIES}?$"
)
# The same count after a name, then the card's printing: "Name x3 RYFT1-004", "Name (3) [SET-004]".
# The name takes all it can, so a count in it ("Unit-7") stays in it; it is a count only when
# the name and the printing name a card.
_COUNT_THEN_PRINTING = re.compile(
    r"^(\S.*)(?:\s[xX×]\s*(\d{1,3})|\s(\d{1,3})\s*[xX×]|\s*\(\s*[xX×]?(\d{1,3})\s*[xX×]?\s*\)"
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
# Arcmage lists give each region its place in the chapter, or an outline numbers its lines.
_ROMAN_PLACE = re.compile(rf"^(?:\({_ROMAN}\)|{_ROMAN}[.)])\s+(\S.*)$")
# A row pasted from a spreadsheet, a CSV file or a markdown table, and its cells.
_CELL_SEPARATORS = ("\t", "|", ";", ",")
# A row naming a card has a few cells, and a header line lists a section's cards: a line of
# more parts than this is read whole, not part by part. Each part is a look-up, and the line
# limit does not bound them: one 500 KB line of 250,000 cells took 2 s to read.
MAX_LINE_PARTS = 200
# The cells after a card's name tried as its number (see _printed).
MAX_CODE_CELLS = 8
_COUNT_CELL = re.compile(r"^[xX×]?\s*(\d{1,3})\s*[xX×]?$")
_TABLE_RULE = re.compile(r"^[|:\-+=\s]+$")
# The column names of such a table's first row.
_COLUMN_NAMES = frozenset(
    ("qty", "quantity", "count", "amount", "copies", "#", "no", "no.", "number", "card", "cards",
     "name", "card name", "set", "set code", "edition", "type", "card type", "rarity", "id",
     "card number", "collector number", "faction", "element", "class", "domain", "cost",
     "section", "board", "part", "card_id",
     # and those collection and deck sites export beside them
     "tradelist count", "condition", "language", "foil", "tags", "tag", "last modified",
     "alter", "proxy", "purchase price", "price", "signed", "notes", "note", "category",
     "finish", "printing", "artist", "date added",
     # and as a German spreadsheet names them
     "anzahl", "menge", "stück", "stk", "karte", "karten", "kartenname", "typ", "kartentyp",
     "nummer", "kartennummer", "seltenheit", "sprache", "zustand", "kosten", "fraktion",
     "element", "klasse", "bereich", "edition", "erweiterung")
)  # fmt: skip
# Longer runs of blanks are read as this long (see _short_blanks).
MAX_BLANK_RUN = 8
_LONG_BLANKS = re.compile(rf"\s{{{MAX_BLANK_RUN + 1},}}")
# Bullets, including the dashes and dots word processors and forums put before a list item,
# and those phones offer (sent with U+FE0F, which asks for the emoji form: "▪️"); and the
# "> " (">>> ") a chat or a forum quotes a line with.
_BULLET = re.compile(r"^(?:>+\s*|[-*•–—·◦▪▫◾◽‣►▸▶➤→🔹🔸🔷🔶]\ufe0f?\s+)")
# BBCode's tags of a forum post's look, and of its lists ("[b]Dinos[/b]", "[color=red]",
# "[list]", "[*]"): read as nothing, what they wrap as the line. A quote's tags are not here:
# they are a forum's lines around a post (decklist._FORUM_LINE); nor are its strikes ("[s]"),
# a card taken out, written as HTML writes one (_BBCODE_STRUCK) to be left out as it is.
_BBCODE = re.compile(
    r"\[(?:\*|/?(?:b|i|u|em|strong|color|colour|size|font|highlight|center|left|right|sup|sub"
    r"|list|ul|ol|li|url|card|spoiler|code|indent)(?:=[^\[\]]*)?)\]",
    re.IGNORECASE,
)
_BBCODE_STRUCK = re.compile(r"\[(/?)(?:s|strike|del)\]", re.IGNORECASE)
# HTML's tags of a page's look and of its lists ("<li>", "<b>", "<br>", '<span class="x">'),
# as a list copied from a page's source or an e-mail has them: read as nothing. Text struck
# through ("<s>", "<del>") is not here: it is a card taken out (_STRUCK_TEXT).
_HTML_TAG = re.compile(
    r"</?(?:b|i|u|em|strong|span|font|mark|small|big|li|ul|ol|p|div|br|tt|code|a)"
    r"(?:\s[^<>]*)?/?>",
    re.IGNORECASE,
)
# A line break within a line ("3 Kindle<br>2 Fire Breath"): its two cards are not one, and
# the line is left as it is, an unknown card to say.
_BREAK_WITHIN = re.compile(r"\S\s*<br\s*/?>\s*[^<\s]", re.IGNORECASE)
# A count written with keycap emoji, as a chat offers them: "3️⃣ Kindle" is 3 Kindle.
_KEYCAP = re.compile("([0-9])\ufe0f?\u20e3")
# A character as HTML writes it: "&#39;", "&#x27;", "&amp;", "&rsquo;".
_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
# The fence of a code block, as chats and forums write one around a pasted list ("```", with
# the block's language after it: "```txt"); a line's text in backticks ("`4 Bad Wolf`") is code
# too.
_FENCE = re.compile(r"^```\s*([\w+#.-]*)\s*$")
# "4xBad Wolf": a count and an x with no blank before the name, as some deck tools write it.
_COUNT_STUCK = re.compile(r"^(\d{1,3})[xX×](\S.*)$")
# A checklist's box, as notes apps and markdown write one: "- [ ] 4 Bad Wolf", "☐ 4 Bad Wolf".
_CHECKBOX = re.compile(r"^(?:\[[ xX✓✔]?\]|[☐☑☒✅✔✓]\ufe0f?)\s+")
_CHECKBOX_STARTS = frozenset("[☐☑☒✅✔✓")
# A markdown link to a card's page, "[Bad Wolf](https://...)": the card is its text.
_LINK = re.compile(r"\[([^\[\]]+)\]\((?:https?://|/)[^()\s]*\)")
# Markdown emphasis around a header or a whole line: "**Allies (16)**", "__Deck:__", "*Items*".
_EMPHASIS = re.compile(r"^(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1(:?)$")
# The quotes a whole line may be wrapped in, by the one that opens them: '"3 Kindle"',
# "'4 Bad Wolf'", "“4 Bad Wolf”". A quote within a name ("Nature's Outrage") stays.
_QUOTES = {'"': '"', "'": "'", "“": "”", "‘": "’", "„": "“"}
# Text struck through, as markdown ("~~Full Moon~~", Reddit and Discord) and HTML write it:
# a card a post's author took out ("4x ~~Full Moon~~ Pack Wolf" holds Pack Wolf). The "~~"
# stands against the text, so a rule of tildes ("~~~ Sideboard ~~~") is none.
_STRUCK_TEXT = re.compile(r"~~(?=[^~\s])(?:.*?[^~\s])?~~|<(s|del|strike)>.*?</\1>", re.I)
# A header with its count before it, "8 Allies", "2 Sideboard", as "Allies (8)" writes it after.
_COUNT_BEFORE_HEADER = re.compile(r"^(\d{1,3})\s*[xX×]?\s+(\S.*?)\s*:?$")
# "30 Cards": a header over the group of cards right below it, as "Cards (30)" is, or the
# list's own count of its cards ("40 cards" at its end: see _TOTAL).
_COUNT_OF_CARDS = re.compile(r"^(\d{1,3})\s+(cards?)$", re.I)
# A markdown heading, "## Sideboard", or a comment naming a part as deck tools write one,
# "// Sideboard". Only one that names a part of the deck is a header; "# Burn plan" and
# "// Burn plan" stay comments.
_HEADING = re.compile(r"^(?:#{1,6}\s+|//\s*)(\S.*?)\s*#*$")
# The count players add at the end of a list: "Total: 40", "Total cards - 40", "40 cards", and
# on top of it as deck sites write it, "Deck Size: 40".
_TOTAL = re.compile(
    r"^(?:total(?:\s+cards?)?|card\s+count|deck\s*size)\s*[:=-]?\s*[\(\[]?\d+[\)\]]?(?:\s*cards?)?"
    # and what players add to it: "Total: 40 (+hero)", "Total: 40 + hero", "Total 15 + 13"
    r"(?:\s*\([^()]*\)|\s*\+\s*\w+(?:\s+\w+)?)*$"
    r"|^\d+\s+cards?(?:\s+total)?(?:\s*\([^()]*\))*$",  # "41 cards (min 40)", as deck sites end one
    re.I,
)
# The newest set a deck site's list says its cards come from: "Cards up to Lost Lands".
_CARDS_UP_TO = re.compile(r"^cards\s+up\s+to\s+\S.*$", re.I)
# What a list writes in a part it leaves empty: "Sideboard: none", "Maybe: -".
_NOTHING = frozenset(
    ("none", "nothing", "empty", "n/a", "na", "nil", "tbd", "-", "--", "---", "–", "—", "―",
     "...", "…")
)  # fmt: skip
# Characters that show as nothing: a byte order mark a Windows editor or a web form leaves at
# the start of a list, and zero-width spaces copied from web pages.
_INVISIBLE = "\ufeff\u200b\u200c\u200d\u2060"
# Marks no one sees that chat apps and editors leave within a line: a soft hyphen, a
# zero-width space, a word joiner, a byte order mark, and the marks setting the direction of
# text (left-to-right and right-to-left marks, embeddings, overrides, isolates). Read past
# wherever they are: "3\u200b Kindle" is 3 Kindle. The joiners of letters and of emoji
# (\u200c, \u200d) are kept within a line, as a name's own. None is ASCII: text that is holds
# none (parse_text looks for them in no other).
UNSEEN_MARKS = re.compile("[\u00ad\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]")
# Rules drawn across a forum post ("-----", "=== Sideboard ===") frame a header or nothing.
_RULE = re.compile(r"^([-=_*~─━])\1{2,}\s*(.*?)\s*(?:([-=_*~─━])\3{2,})?$")
# "Deck: 3 Card", "SB: 2 Card", "Hero - Card", "Hero = Card": a label, a colon, dash or equals
# sign, and the rest.
_LABELLED = re.compile(r"^([^:=]{1,40}?)\s*(?::|\s[-–—]|=)\s*(\S.*)$")
# A comment after the card: "// ..." or "# ..." (but "#42" or "#se017" may be a card number).
_TRAILING_COMMENT = re.compile(r"\s+(?://.*|#(?!(?=\S*\d)\S+$).*)$")
# What splits a line into cards or cells.
_SEPARATED = re.compile(r"[,\t|;]")
# Parts of a line split as a chat writes a few cards on one: "4 Bad Wolf | 4 Full Moon".
_SPLIT = re.compile(r"[|;]")
# Such a part that no step of a line's full reading reads otherwise than its count and card
# alone do (see _read_split): a count, then words of letters and digits with single blanks or
# apostrophes between them; no mark a comment, a note, a printing or another count is written with.
_PLAIN_PART = re.compile(r"^\d{1,3}\s*[xX×]?\s+[^\W_]+(?:(?: |'|’)[^\W_]+)*$")
# The category a deck tool writes after a card's printing: "1x Kindle (SDS1A) 15 [Burn]", with
# its marks in braces: "[Dinos{top}]".
_CATEGORY = re.compile(r"\s*\[([^\[\]]*)\]$")
_BRACED = re.compile(r"\{[^{}]*\}")
# A header's cards split by slashes or pluses: "Dinos: Ember Rex / Tidefang Mosasaur".
_SPLIT_WORDED = re.compile(r"\s+[/+]\s+")
# The last two of a list of cards joined by a word: "A, B and C", "A, B & C".
_LAST_JOINED = re.compile(r"\s+(?:(?i:and)|&)\s+")
# A note after a card and dashes: "3 Kindle -- burn", "3 Kindle - vs air", "3 Kindle — burn".
# An arrow points at a note as two dashes do: "4 Bad Wolf <- MVP", "4 Bad Wolf ← core".
_DASH_NOTE = re.compile(r"\s+(?:(--+|<-+|=>|->|[←⬅⇐→⇒➔])\s*|[-–—]\s+)(?=\S)")
# A place in an outline by a letter or a small roman numeral: "a) Kindle", "(b) Kindle", "ii."
_LETTER_PLACE = re.compile(r"^(?:\(?[a-zA-Z]\)|[a-zA-Z]\.|\(?[ivx]{1,4}[.)])\s+(\S.*)$")
# Symbols (emoji) before a line, with the marks that ask for their emoji form.
_SYMBOLS = re.compile(r"^(?:[^\w\s\d][\ufe0f\u200d]?)+\s*")
# A board named in brackets after a card: "2 Kindle (SB)", "Fireball [Sideboard]".
_BOARD_NOTE = re.compile(r"\s*[\(\[]\s*([^\W\d][\w ]{0,20}?)\s*[\)\]]$")
# Counts written as fewer players write them, tried only on a line no other way reads: after
# a star ("Fire Breath*3", "Fire Breath * 3") or before one ("3 * Fire Breath"), with its x in
# brackets ("(x3) Fire Breath", "[3x] Fire Breath"), before a colon ("3: Fire Breath"), with
# its word stuck to it ("3pcs Fire Breath") or with a dash after it ("3-Fire Breath").
_ODD_COUNTS = (
    re.compile(r"^(?P<name>\S.*?)\s*\*\s*[xX×]?(?P<count>\d{1,3})$"),
    re.compile(r"^(?P<count>\d{1,3})\s*[xX×]?\s*\*\s*(?P<name>\S.*)$"),
    re.compile(r"^[\(\[]\s*[xX×]?\s*(?P<count>\d{1,3})\s*[xX×]?\s*[\)\]]\s*(?P<name>\S.*)$"),
    re.compile(r"^(?P<count>\d{1,3})\s*:\s*(?P<name>\S.*)$"),
    re.compile(r"^(?P<count>\d{1,3})\s*(?i:pcs|pc|copies|copy|cards|card)\.?\s+(?P<name>\S.*)$"),
    re.compile(r"^(?P<count>\d{1,3})\s*-\s*(?P<name>\S.*)$"),  # "4-Bad Wolf", "4- Bad Wolf"
)
# The finish deck sites mark after a card, "*F*" (foil), "*E*" (etched): no rule reads it.
_FINISH = re.compile(r"(?:\s+\*[A-Za-z]{1,8}\*)+$")
# The deck's size after the one card a section's header names, as lists are published:
# "Hero: Gravebone (41 cards)", two digits or more and the word, in brackets (see deck_size)
DECK_SIZE = re.compile(r"\s*[\(\[]\s*(\d{2,})\s*(cards?)\s*[\)\]]$", re.IGNORECASE)
# and after the card of a section that holds one (Shadow Era's hero), the number alone, two
# digits or more: "Hero: Darkclaw (40)" (see deck_size)
_BARE_SIZE = re.compile(r"\s*[\(\[]\s*(\d{2,})\s*[\)\]]$")
# A tag in brackets before a card, as a list files it: "[Hero] Darkclaw", "(Ally) 4 Bad Wolf".
_TAG_FIRST = re.compile(r"^[\(\[]\s*([^\W\d][^()\[\]\d]{0,30}?)\s*[\)\]]\s*(\S.*)$")

# Reading a line means regular expressions, a name key and a look-up, and finding the closest
# names for an unknown card compares it with every card of the game: the dearest step of all.
# Each reading depends on the line's text and the game alone, and an event's lists repeat the
# same lines ("3 Fire Breath") and the same misspellings list after list, so each game keeps
# the readings it has made (see _kept: so many, each of a line no longer than MAX_KEPT_LINE).
_READINGS: weakref.WeakKeyDictionary[Game, dict[str, tuple]] = weakref.WeakKeyDictionary()

_SKIP = "skip"
_BLANK = (_SKIP, "blank")  # a line of nothing: where a group of lines may end
_HEADER = "header"  # (target or None, label, reading of the rest of the line or None, line only)
_NOT_A_NUMBER = "not-a-number"  # "#se999": a comment that looks like a card number
_COMMENTED = "commented"  # (line, card, number): "#3 Kindle", a card line put out by a "#"
_STRUCK = "struck"  # (line,): "~~4 Full Moon~~", a card line struck through: put out
_TOTAL_LINE = "total"  # "Total: 40": the player's own count, not a card
# (reading as a header, reading as a total, whether blank lines may come between): "30 Cards",
# a header when cards follow it right below; "Cards: 40", "Deck: 40", when they follow it
_CARDS_COUNT = "cards-count"
_UNREADABLE = "unreadable"
_BAD_COUNT = "bad-count"  # (count, what the line names)
_TWO_COUNTS = "two-counts"  # (card name, count before it, count after it): "4 Bad Wolf x3"
_ZERO = "zero"  # (what the line names)
_CARD = "card"  # (card, printing named, notes, count)
_UNKNOWN = "unknown"  # (text, None): its suggestions are looked for when it is said
_NUMBERED_LINE = "numbered"  # (number, reading as its place, reading as its count)
_SEVERAL = "several"  # (the readings of the cards a header line lists after it,)
# (reading as a header, reading as its card): "Water Crystals (2)" heads a group of crystals
# over that card, and is otherwise two of it (see _or_plural_card)
_PLURAL_LINE = "plural"
# (card before, card after): "4 Bad Wolf -> Full Moon", a change from one card to another
_ARROWED = "arrowed"
# ((target, label, entries), ...): "Dinos: 2 Ember Rex; Crystals: 4 Fire Crystal", a whole
# list on one line, as a chat message sends it: each part's entries go to its header's place
_PARTS = "parts"
# (reading as the card,): "Makuna - Assassin", a card and what it is after a dash with no
# count; on top of a list over the same card again ("Darkclaw - Shadow Wulven" over "Hero:
# Darkclaw"), the list's title (see parse_text)
_DESCRIBED = "described"


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
    line = _short_blanks(stripped).strip(_INVISIBLE).strip()
    if "&" in line and _ENTITY.search(line):
        # "Nature&#39;s Outrage", "Didi &amp; Dimbo", "&gt; 4 Kindle": a list copied from a
        # page's source, or sent on by a bot, writes characters as HTML does
        line = _short_blanks(html.unescape(line)).strip(_INVISIBLE).strip()
    if "[" in line and (_BBCODE.search(line) or _BBCODE_STRUCK.search(line)):
        # a list posted on a forum with its BBCode: "[*]1 Ember Rex", "[b]Dinos:[/b]"
        line = _BBCODE_STRUCK.sub(r"<\1s>", _BBCODE.sub("", line)).strip()
        if not line:
            return (_SKIP,)  # "[list]", "[/list]": drawn around the list, as a code fence is
    if "<" in line and _HTML_TAG.search(line) and not _BREAK_WITHIN.search(line):
        line = _HTML_TAG.sub("", line).strip()  # "<li>3 Kindle</li>", copied from a page
        if not line:
            return (_SKIP,)
    if "\u20e3" in line:
        line = _KEYCAP.sub(r"\1", line)
    line = _BULLET.sub("", line)
    if line[:1] == "`" or line[-1:] == "`":
        fence = _FENCE.match(line)
        if fence and not (fence.group(1) and _find(game, fence.group(1))):
            return (_SKIP,)  # "```" or "```txt": a code block's fence, drawn around the list
        line = line.strip("`").strip()
    if line[:1] in _CHECKBOX_STARTS:
        line = _CHECKBOX.sub("", line)
    if "](" in line:
        line = _LINK.sub(r"\1", line)
    line = line.replace("**", "").replace("__", "")
    emphasis = _EMPHASIS.match(line)
    if emphasis:
        line = emphasis.group(2).strip() + emphasis.group(3)
    # '"3 Kindle"': a whole line in quotes, as a chat quotes it; not a title whose first and
    # last words are each in quotes ('"Rex" Rush "Deluxe"')
    quoted = len(line) > 1 and _QUOTES.get(line[0]) == line[-1]
    if quoted and not holds_quote(line[1:-1], line[0], line[-1]):
        line = line[1:-1].strip()
    if ("~~" in line or "<" in line) and _STRUCK_TEXT.search(line):
        kept = _short_blanks(_STRUCK_TEXT.sub(" ", line)).strip()
        if not _BULLET.sub("", kept).strip(" -:,;|"):
            return (_STRUCK, stripped.strip())
        line = kept
    if not line:
        return _BLANK
    heading = _HEADING.match(line) if line[0] in "#/" else None
    if heading:
        label = heading.group(1).rstrip(":").strip()
        target = _target(game, label)
        if target is not None:
            return (_HEADER, target, _without_count(label), None, False)
        counted = _count_first_header(game, label, whole=False)  # "## 2 Sideboard"
        if counted is not None:
            return counted
    if line.startswith("//") or _says_nothing(game, line):
        return (_SKIP,)
    if line.startswith("#"):
        return _hashed(game, line)
    line = _TRAILING_COMMENT.sub("", line)
    if _TOTAL.match(line):
        counted = _COUNT_OF_CARDS.match(line)
        if counted is not None:
            count, label = counted.groups()
            header = (_HEADER, _target(game, label), label, None, not count.strip("0"))
            return (_CARDS_COUNT, header, (_TOTAL_LINE, line), False)
        return (_TOTAL_LINE, line)
    if line[:1] in "Cc" and _CARDS_UP_TO.match(line) and _find(game, line) is None:
        return (_SKIP,)
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
        target = _target(game, label)
        counted = _count_first_header(game, label, whole=False) if target is None else None
        if counted is not None:
            return counted  # "8 Allies:", "2 Sideboard:"
        return (_HEADER, target, _without_count(label), None, False)
    if line[-1] in ")]" and (board := _board_noted(game, line)) is not None:
        return board
    reading = _read_entry(game, line)
    if reading[0] == _CARD:
        return reading
    labelled = _LABELLED.match(line)
    if labelled and _opens_bracket(labelled.group(1)):
        # "Magic (12 – all burn)": a dash within a header's brackets, its count and a note,
        # splits no label from its card (read whole below, as "Magic (12 – all burn):" is)
        labelled = None
    if labelled:
        label, rest = labelled.groups()
        target = _target(game, label)
        sized = deck_size(game, target, rest)
        if sized is not None:
            # "Hero: Gravebone (41 cards)": the hero, and the deck's size after it (checked
            # as a "Total: 41" line is, see parse_text), not 41 heroes
            unsized = _read_line(game, line[: len(line) - len(rest) + sized.start()])
            if unsized[0] == _HEADER and unsized[3] is not None and unsized[3][0] == _CARD:
                return unsized
        counted = _HEADER_COUNT.fullmatch(" " + rest)
        # "Commander: 1 Atraxa": another game's header, said as one the game does not have
        other_games = target is None and _of_other_games(game, label)
        if (target is not None or other_games) and not (counted and _find(game, label)):
            label = _without_count(label)
            if counted:  # "Allies: 24" is a header with a count; "Sideboard: 0" starts nothing
                header = (_HEADER, target, label, None, _counts_none(rest))
                if not header[4] and name_key(label) in _lexicon(game).whole_list_keys:
                    # "Cards: 40", "Deck: 40": over the cards, or the list's own count of them
                    return (_CARDS_COUNT, header, (_TOTAL_LINE, line), True)
                return _or_plural_card(game, header, line)
            # "Hero: Darkclaw" names the one card of its section, as a form is filled in; the
            # cards below it are the deck's. "Deck: 3 Kindle" starts its section, and a board
            # ("Sideboard: Fireball") too, as "Sideboard:" alone does; "SB: 2 Card" marks its
            # own line (see _LINE_ONLY_LABELS and _below_label).
            alone = (target is None or target[0] == _SECTION) and (
                _split_count(rest)[1] == rest.strip()
            )
            line_only = _ON_ITS_LINE if name_key(label) in _LINE_ONLY_LABELS else alone
            if _says_nothing(game, rest):  # "Sideboard: none": an empty part, started by nothing
                return (_HEADER, target, label, None, True)
            read = _read_entry(game, rest)
            if read[0] == _UNKNOWN and "," in rest:
                read = _read_several(game, rest) or read
            if read[0] == _UNKNOWN and ("|" in rest or ";" in rest):
                read = _read_split(game, rest) or read  # "Extra Deck: Zombie x3; Rat x2"
                if read[0] == _UNKNOWN and (parts := _read_parts(game, line)) is not None:
                    return parts  # "Dinos: 2 Ember Rex; Crystals: 4 Fire Crystal"
            if read[0] == _UNKNOWN and _SPLIT_WORDED.search(rest):
                # "Dinos: Ember Rex / Tidefang Mosasaur": below a header, a slash or a plus
                # lists cards (alone on a line, "Ember Rex / Tidefang" may be a list's title)
                read = _read_split(game, rest, _SPLIT_WORDED) or read
            if read[0] == _UNKNOWN and "," not in rest and (further := _target(game, rest, False)):
                # "Items - Weapons (4)": a header and the group within it, no card (words split
                # by commas list cards: "Crystals: Fire, Water", see _read_by_value)
                inner = further if further[1] is not None else target
                return (_HEADER, inner, _without_count(line), None, line_only)
            return (_HEADER, target, label, read, line_only)
    if reading[0] == _UNKNOWN or (reading[0] == _ZERO and _find(game, reading[1]) is None):
        # "Creatures (24)" or "Sideboard": a header written without its colon. Words that
        # name a card are that card and its count ("Fire Crystal - 2", "Shadow Armor<tab>4"),
        # though each of them could head a group. "Sideboard (0)" says the part is empty.
        target = _target(game, line)
        label = _without_count(line)
        if (
            target is not None
            and (label == line or not _find(game, label))
            and not _card_noted(game, label)
        ):
            # "Fire Crystal, Water Crystal": words each naming a group, and cards
            listed = _listed(game, line) if _SEPARATED.search(line) else None
            if listed is not None:
                return listed
            header = (_HEADER, target, label, None, label != line and _counts_none(line))
            return _or_plural_card(game, header, line) if label != line else header
        if target is None and _of_other_games(game, label) and _find(game, label) is None:
            # "Commander", "Companion (1)": another game's header, said as one the game does not
            # have (never the list's title)
            return (_HEADER, None, label, None, label != line and _counts_none(line))
        counted = _count_first_header(game, line)  # (the words name no card: read above)
        if counted is not None:
            return counted
        stuck = _COUNT_STUCK.match(line)
        if stuck and (found := _resolve(game, stuck.group(2))) is not None:
            return _with_count(game, found, stuck.group(1), stuck.group(2))
        # the entries of the cells of a row are those of the parts of a split line: read once
        entries: dict[str, tuple] = {}
        row = _read_row(game, line, entries)
        if row is not None:
            return row
        if "," in line:
            # "Charlotte, Makuna, Shimaru": a singleton list written a few names a line
            several = _read_several(game, line)
            if several is not None:
                return several
        if "|" in line or ";" in line:
            # "4 Bad Wolf | 4 Full Moon", "4 Bad Wolf; 4 Full Moon": a chat's list, a few a line
            several = _read_split(game, line, entries=entries)
            if several is not None:
                return several
        if line[-1] == "]" and (category := _CATEGORY.search(line)) is not None:
            noted = _categorized(game, line, category)
            if noted is not None:
                return noted
        dash = _DASH_NOTE.search(line)
        if dash is not None:
            noted = _dash_noted(game, line, dash)
            if noted is not None:
                return noted
        lettered = _LETTER_PLACE.match(line)
        if lettered is not None:
            # "a) 4 Bad Wolf", "ii. 4 Full Moon": an outline's place, before a card
            again = _read_line(game, lettered.group(1))
            if again[0] in (_CARD, _SEVERAL):
                return again
        if unicodedata.category(line[0]) == "So":
            # "🐺 4 Bad Wolf", "⭐ 4 Bad Wolf": an emoji as a bullet, before a card
            rest = _SYMBOLS.sub("", line)
            again = _read_line(game, rest) if rest else None
            if again is not None and again[0] in (_CARD, _SEVERAL):
                return again
        odd = _odd_count(game, line)
        if odd is not None:
            return odd
        finish = _FINISH.search(line) if line[-1] == "*" else None
        if finish is not None and finish.start() > 0:
            # "4 Bad Wolf *F*": a foil copy, as deck sites mark one
            again = _read_line(game, line[: finish.start()])
            if again[0] == _CARD:
                return again
        tag = _TAG_FIRST.match(line) if line[0] in "([" else None
        if tag is not None:
            tagged = _tagged(game, line, tag)
            if tagged is not None:
                return tagged
    return reading


def _opens_bracket(label: str) -> bool:
    """Whether a line's words before a colon or a dash leave a bracket open: "Magic (12" of
    "Magic (12 – all burn)"."""
    return label.count("(") > label.count(")") or label.count("[") > label.count("]")


def deck_size(game: Game, target: tuple | None, rest: str) -> re.Match | None:
    """The deck's size written after the card a header naming one of the game's sections
    names ("Hero: Gravebone (41 cards)", the words after the label given as ``rest``), as
    players publish a list's size next to its hero; None for any other line. Two digits or
    more with the word "cards": "Deck: Supernova (4 cards)" is four copies. After the card of
    a section that holds one card in every format ("Every deck has exactly one hero card"),
    two digits or more alone, from 10 up, which can be no copies of it: "Hero: Darkclaw (40)"
    is the main deck's size as forums write it ("Hero: Darkclaw (1)", "(2)" and "(01)" stay
    copies, and "Darkclaw x40" says copies)."""
    if target is None or target[0] != _SECTION or target[1] is None or rest[-1:] not in ")]":
        return None
    size = DECK_SIZE.search(rest)
    if size is None and target[1] in _lexicon(game).one_card_sections:
        size = _BARE_SIZE.search(rest)
        if size is not None and int(size.group(1)) < 10:
            return None
    return size if size is not None and size.start() > 0 else None


def _or_plural_card(game: Game, header: tuple, line: str) -> tuple:
    """A header with a count that groups cards by what they are, when its words are a card's
    name in the plural ("Water Crystals (2)", "Water Crystals: 2"): both readings, the header's
    and the card's with that count, which :func:`parse_text` chooses between by the line below
    (the card below it is the group's; anything else, and the line is the card). A header
    naming a part of the deck ("Crystals (3)", "Dinos (12)") is one whatever the cards are
    called, and so is a count of none ("Water Crystals (0)"): the header alone otherwise."""
    _, target, label, _, _ = header
    if target != _BY_TYPE or name_key(label) in _lexicon(game).whole_list_keys:
        return header
    found = _plural(game, label, True)
    count = _HEADER_COUNT.search(line)
    if found is None or count is None:
        return header
    card = _counted(found, _count(_DIGITS.search(count.group()).group()), label)
    return (_PLURAL_LINE, header, card) if card[0] == _CARD else header


def _count_first_header(game: Game, line: str, whole: bool = True) -> tuple | None:
    """ "8 Allies", "2 Sideboard": a header of the game with its count first, as "Allies (8)"
    writes it after ("8 Allies:" and "## 2 Sideboard" too); "0 Sideboard" starts nothing.
    None when the words after the count are no header the game knows, or name the whole deck
    and ``whole`` is false ("# 40 cards" is a comment on the list's size)."""
    first = _COUNT_BEFORE_HEADER.match(line)
    if first is None:
        return None
    lexicon, key = _lexicon(game), name_key(first.group(2))
    if key not in lexicon.header_names():
        return None
    if not whole and key in lexicon.whole_list_keys:
        return None
    count, label = first.groups()
    return (_HEADER, _target(game, label), label, None, not count.strip("0"))


def _read_by_value(game: Game, section: str, text: str) -> tuple | None:
    """What ``text`` lists below a header of ``section`` when it names a value of the game's
    attributes held by one card of that section alone, with a count or not ("Fire", "2 Fire",
    "Fire x2", "2x Fire, 1x Water" below ERA's Crystals): that card, said as read ("Fire":
    Fire Crystal, the one crystal whose element is Fire). Cards named by their names may be
    among them. None unless every part is read so."""
    lexicon = _lexicon(game)
    parts = text.split(",", MAX_LINE_PARTS)
    if len(parts) > MAX_LINE_PARTS:
        return None  # a line of more parts is read whole (see MAX_LINE_PARTS)
    readings = []
    for part in parts:
        part = part.strip()
        if not part:
            continue
        count, words = _split_count(part)
        key = name_key(words)
        # a value's word first, a look-up ("Fire"); the full reading of a part only beside one
        found = lexicon.card_of_value(section, key) if key not in game.cards_by_key else None
        if found is None:
            if len(parts) < 2:
                return None
            reading = _read_entry(game, part)
            if reading[0] != _CARD:
                return None
        elif count is None or not 0 < count <= MAX_COPIES_PER_LINE:
            return None
        else:
            card, attribute, value = found
            card = game.cards_by_key.get(name_key(card.name), card)
            noun = game.sections_by_id[section].noun
            where = game.sections_by_id[section].name
            note = (
                f"{words!r} below {where} is read as {card.name}, the one {noun} whose"
                f" {attribute.label.lower()} is {value}"
            )
            reading = (_CARD, card, False, (note,), count)
        readings.append(reading)
    if not readings:
        return None
    return readings[0] if len(readings) == 1 else (_SEVERAL, tuple(readings))


def _listed(game: Game, line: str) -> tuple | None:
    """The cards a line lists split by commas, tabs, bars or semicolons, when it is read as
    holding a card; None otherwise."""
    for read in (_read_row, _read_several, _read_split):
        reading = read(game, line)
        held = reading[3] if reading is not None and reading[0] == _HEADER else reading
        if held is not None and held[0] in (_CARD, _SEVERAL):
            return reading
    return None


def _card_noted(game: Game, label: str) -> bool:
    """Whether a line a note in brackets would make a header ("Extra Deck (Henchmen)") is a
    card with its type noted after it: a count before its words ("3 Fire Breth [Actions]")
    or words that are a card's name misspelt ("Fire Breth (Action)"). Read as a header, the
    card was lost unsaid."""
    noted = _note_apart(label)
    if noted is None or _target(game, noted[0]) is not None:
        return False
    words = noted[0]
    if _split_count_digits(words)[2] or _find(game, words) is not None:
        return True
    return _misspelt_card(words, _suggestions(game, words))


def _hashed(game: Game, line: str) -> tuple:
    """A line starting with "#": "#se017" names a card by its number, and so does "#062 Glacáin"
    with its name after it, and with its count ("#099 Zombie x3", "#099 x3"); "# Burn" and
    "#budget" are comments. "#3 Kindle", a number that is not the card's, is a comment too (a
    line put out of the list), said with a warning."""
    token = line[1:]
    number, _, rest = token.partition(" ")
    if not number or not _DIGIT.search(number):
        return (_SKIP,)
    rest = rest.strip()
    count = 1
    alone = _COUNT_CELL.match(rest)
    if alone is not None:  # "#099 x3": the number's card, and its count
        count, rest = _count(alone.group(1)), ""
    if not rest:
        found = _resolve(game, number) or _by_digits(game, number)
        return _counted(found, count, number) if found else (_NOT_A_NUMBER, f"#{number}")
    entry = _read_entry(game, rest) if _split_count_digits(rest)[2] else None
    if entry is not None and entry[0] == _CARD:  # "#099 Zombie x3", "#099 3x Zombie"
        found, count = entry[1:4], entry[4]
    else:
        found = _resolve(game, rest)
    if found is None:
        return (_SKIP,)  # "#1 priority: find the crystals"
    printing = _first(game.printings(found[0]), None, number)
    if printing is None:
        return (_COMMENTED, line, found[0].name, number)
    return _counted((printing, True, found[2]), count, rest)


def _by_digits(game: Game, number: str) -> tuple | None:
    """The card numbered ``number`` written without the zeros its number is printed with
    ("#15" for ERUMA's 015), as a printing named; None when no card's number is those digits,
    or the printings of several cards are (ERA's "#5": 005 of SDS1A, of SDS1B, ...)."""
    if not number.isdigit():
        return None
    found = None
    for by_number in _numbers_by_set(game).values():
        for at in by_number.get(("digits", number.lstrip("0")), ()):
            card = game.cards[at]
            if not _same_number(card, number):
                continue
            if found is not None and found.identity != card.identity:
                return None
            found = found or card
    if found is None:
        return None
    # Said, not taken silently: "#3" may be a post's number copied with a forum's thread.
    note = f"'#{number}' is read as {found.name}, numbered {found.number}"
    return (found, True, (note,))


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


def _read_row(game: Game, line: str, entries: dict[str, tuple] | None = None) -> tuple | None:
    """A line no other way reads: a count set apart after the name, or a row pasted from a
    spreadsheet, a CSV file or a markdown table (``1<tab>Ember Rex<tab>SDS1A``,
    ``"3","Kindle"``, ``| 4 | Dirk Saber |``); None when it is neither."""
    apart = _count_apart(game, line)
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
    if _TOTAL.match(joined := " ".join(cells)):
        return (_TOTAL_LINE, joined)  # "| **Total** | **40** |": the table's own count
    # The count is the first cell of digits without a leading zero, if any: "062" is more
    # likely the card's number ("| 062 | Glacáin | 2 |"), and read as such when it is.
    counts = [(i, m) for i, cell in enumerate(cells) if (m := _COUNT_CELL.match(cell))]
    if not counts:
        return _uncounted_row(game, cells, entries) if len(cells) > 1 else None
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
            found = _printed(game, found, text, codes)
        reading = _with_count(game, found, digits, text)
        if index is None or reading[0] != _CARD:
            return reading
        # A cell naming a part of the deck (the site's CSV export starts each row with one:
        # "Sideboard,2,Kindle,...") places the row there; other rows are placed by type.
        part = next(((c, p) for c in others if c != text and (p := _part(game, c))), None)
        return reading if part is None else (_HEADER, part[1], part[0], reading, True)
    return (_UNKNOWN, others[0], None)


def _printed(game: Game, found: tuple, text: str, codes: list[str]) -> tuple:
    """The printing a row's cells after the card's name give: its set and a number, the first
    number among the row's cells that is one of the set's ("SDS1A", a date, "15": a site's
    export has more columns of digits than the number); the first two cells, said as naming
    no printing, when none is."""
    for number in codes[1:MAX_CODE_CELLS]:
        named = _resolve(game, f"{text} ({codes[0]}) {number}")
        if named is not None and named[1] and len(named[2]) == len(found[2]):
            return named
    printed = f"{text} ({codes[0]})" + (f" {codes[1]}" if len(codes) > 1 else "")
    return _resolve(game, printed) or found


def _uncounted_row(
    game: Game, cells: list[str], entries: dict[str, tuple] | None = None
) -> tuple | None:
    """A row of a table with no count column, as a singleton game's list is written: one copy
    of the card a cell names when every other cell says what it is (its type, class, faction:
    ``| Charlotte | Assassin |``), its printing or the part of the deck it is in; None
    otherwise (a cell of other words may be a second card, misspelt). The card's cell may hold
    its count, as a chat writes the type after a bar: ``4 Kindle | Action``."""
    for at, cell in enumerate(cells):
        count = 1
        if _split_count_digits(cell)[2]:
            entry = _entry(game, cell, entries)
            found = entry[1:4] if entry[0] == _CARD else None
            count = entry[4] if found else 1
        else:
            found = _resolve(game, cell)
        if found is None:
            continue
        others = cells[:at] + cells[at + 1 :]
        if not all(_says_of(game, found[0], c) for c in others):
            return None  # "1 Ember Rex | 2 Ember Rex" is two entries (see _read_split)
        codes = [c for c in others if _code_cell(game, c)]
        if codes:  # "| Charlotte | ERUMA-001 |", "| Kindle | SDS1A |"; a code of none is said
            printed = _resolve(game, f"{cell} {codes[0]}")
            found = printed or _resolve(game, f"{cell} ({codes[0]})") or found
        reading = _counted(found, count, cell)
        part = next(((c, p) for c in others if (p := _part(game, c))), None)
        return reading if part is None else (_HEADER, part[1], part[0], reading, True)
    return None


def _says_of(game: Game, card, cell: str) -> bool:
    """Whether a cell beside a card says what it is, its printing or its part, and names no
    card itself ("Fire Crystal, Fire Crystal" is two cards, though the words say what one is)."""
    code = _code_cell(game, cell)
    if not (code or _describes(card, cell) or _names_part(game, cell)):
        return False
    named = _find(game, cell)  # "SDS1A-015" names Kindle, its own printing
    return named is None or (code and named[0].identity == card.identity)


def _code_cell(game: Game, cell: str) -> bool:
    """Whether a cell is a set's code or a card's number alone ("ERUMA-001", "SDS1A")."""
    return " " not in cell and _is_code(game, cell)


def _names_part(game: Game, cell: str) -> bool:
    """Whether a cell names a part of the deck and nothing a card may be: "Extra Deck" does;
    "Maniac", a class an ERUMA list may head its part with, is said of the card or not."""
    return _part(game, cell) is not None and not _lexicon(game).names_group(name_key(cell))


def _count_apart(game: Game, line: str) -> re.Match | None:
    """A count set apart after a name (see ``_COUNT_APART``), unless it is the number of a card
    number joined to a set's code by a dash ("Kindle SDS1A-015"): the card's printing."""
    apart = _COUNT_APART.match(line)
    if apart is None or line[len(apart.group(1)) : len(apart.group(1)) + 1] != "-":
        return apart
    words = apart.group(1).split()
    return None if words and name_key(words[-1]) in _lexicon(game).set_keys else apart


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
    for at, part in enumerate(parts):
        if part:
            reading = _read_entry(game, part)
            if reading[0] != _CARD and at == len(parts) - 1 and at > 0:
                # "Ember Rex, Cinderhorn Triceratops and Tidefang Mosasaur": the last two
                # joined as words join them ("Daisy and Violet" is one card, read whole first)
                last = _read_split(game, part, _LAST_JOINED)
                if last is not None and all(r[0] == _CARD for r in last[1]):
                    readings.extend(last[1])
                    continue
            if reading[0] != _CARD:
                return None
            readings.append(reading)
    return (_SEVERAL, tuple(readings)) if len(readings) > 1 else None


def _read_split(
    game: Game,
    line: str,
    split: re.Pattern | None = None,
    entries: dict[str, tuple] | None = None,
) -> tuple | None:
    """Cards written one after another split by bars or semicolons, which no card's name
    holds (or by ``split``): each part read as a line of its own. None unless a part is a card
    and every other part a card or an unknown name with its count ("4 Ful Moon", said as a
    card no game has). ``entries`` holds the parts already read as entries (a row's cells)."""
    parts = [part.strip() for part in (split or _SPLIT).split(line, MAX_LINE_PARTS)]
    parts = [part for part in parts if part]
    if len(parts) < 2 or len(parts) > MAX_LINE_PARTS:
        return None
    if any(len(part) > MAX_KEPT_LINE for part in parts):
        return None  # a part longer than a card's line is none, and costs the most to read
    coded = [_code_cell(game, part) for part in parts]
    if any(coded) and not all(coded):
        return None  # "Kindle | SDS1A-014": a row, a name and its number, never two cards
    readings = []
    for part in parts:
        reading = _entry(game, part, entries)
        if reading[0] != _CARD and _PLAIN_PART.match(part) is None:
            # "Bad Wolf - 4", "Kindle (SDS1A) 14" (a part listing more, "1 A, B", is no card).
            # A part of a count and words alone ("4 Ful Moon") reads the same in full: it is
            # not read twice, so a line of unknown parts costs what one unknown line does.
            again = _read_line(game, part) if "," not in part else reading
            if again[0] == _CARD:
                reading = again
        if reading[0] != _CARD and (reading[0] != _UNKNOWN or not _split_count_digits(part)[2]):
            return None
        readings.append(reading)
    return (_SEVERAL, tuple(readings)) if any(r[0] == _CARD for r in readings) else None


def _read_parts(game: Game, line: str) -> tuple | None:
    """A whole list on one line, its parts split by semicolons or bars, each part a header and
    its cards ("Dinos: 2 Ember Rex, 2 Cinderhorn Triceratops; Crystals: 4 Fire Crystal") or
    more cards of the part before it ("Dinos: 2 Ember Rex; 1 Tidefang Mosasaur; ..."). A
    header the game does not know ("Krystals: 4 Fire Crystal") is said as such a header on its
    own line is. None unless at least two parts are headers, one card is named, and each part is
    read so: after its header, cards or names no card has ("Dinos: Embr Rex, Ember Rex", each
    said alone), and without one a card or an unknown name with its count ("2 Embr Rex")."""
    pieces = [piece.strip() for piece in _SPLIT.split(line, MAX_LINE_PARTS)]
    pieces = [piece for piece in pieces if piece]
    if len(pieces) < 2 or len(pieces) > MAX_LINE_PARTS:
        return None
    if any(len(piece) > MAX_KEPT_LINE for piece in pieces):
        return None  # a part longer than a card's line is none, and costs the most to read
    parts: list[tuple[tuple | None, str, list[tuple]]] = []
    for piece in pieces:
        reading = _read_line(game, piece)
        text = piece
        labelled = _LABELLED.match(piece)
        if reading[0] == _UNKNOWN and parts and labelled is not None:
            rest = _read_line(game, labelled.group(2))
            if rest[0] in (_CARD, _SEVERAL):  # "Krystals: 4 Fire Crystal"
                reading = (_HEADER, None, _without_count(labelled.group(1)), rest, False)
        if reading[0] == _HEADER:
            _, target, label, rest, _ = reading
            if rest is None or labelled is None:
                return None  # "Sideboard:" alone: a header starting the lines below
            parts.append((target, label, []))
            reading, text = rest, labelled.group(2)
            if reading[0] == _UNKNOWN:
                # "Dinos: Embr Rex, Tidefang Mosasaur": after its header, each name said alone
                items = [
                    _read_entry(game, item.strip()) for item in text.split(",") if item.strip()
                ]
                if any(item[0] not in (_CARD, _UNKNOWN) for item in items):
                    return None
                parts[-1][2].extend(items)
                continue
        elif not parts:
            return None  # cards before any header: not a list of parts
        if reading[0] == _SEVERAL:
            parts[-1][2].extend(reading[1])
        elif reading[0] == _CARD or (reading[0] == _UNKNOWN and _split_count_digits(text)[2]):
            parts[-1][2].append(reading)
        else:
            return None
    if len(parts) < 2 or not any(r[0] == _CARD for _, _, entries in parts for r in entries):
        return None
    return (_PARTS, tuple((target, label, tuple(entries)) for target, label, entries in parts))


def _entry(game: Game, text: str, entries: dict[str, tuple] | None) -> tuple:
    """``text`` read as an entry (:func:`_read_entry`), once for the line ``entries`` is of."""
    if entries is None:
        return _read_entry(game, text)
    reading = entries.get(text)
    if reading is None:
        reading = entries[text] = _read_entry(game, text)
    return reading


def _categorized(game: Game, line: str, category: re.Match) -> tuple | None:
    """A card's printing and the category a deck tool files it under after it ("1x Kindle
    (SDS1A) 15 [Burn]"): the card, the category said as a note unless it is what the card is
    ("[Action]"); its marks in braces ("{top}") say nothing. A printing the card has not
    ("(SDS1A) 5", another card's number) is said as it is without the category. None for any
    other line."""
    reading = _read_line(game, line[: category.start()])
    if reading[0] != _CARD or not (reading[2] or reading[3]):
        return None
    words = _BRACED.sub("", category.group(1)).strip()
    if not words or _describes(reading[1], words):
        return reading
    note = f"[{words}] after {reading[1].name} is read as a note"
    return (*reading[:3], (*reading[3], note), reading[4])


def _odd_count(game: Game, line: str) -> tuple | None:
    """A card with its count written in one of the shapes of ``_ODD_COUNTS`` ("Fire
    Breath*3", "(x3) Fire Breath", "3: Fire Breath", "3pcs Fire Breath"); None unless the
    rest is a card (a name ending in a star and a number stays that name, unknown)."""
    for pattern in _ODD_COUNTS:
        match = pattern.match(line)
        if match is None:
            continue
        reading = _read_entry(game, f"{match.group('count')} {match.group('name')}")
        if reading[0] == _CARD:
            return reading
    return None


def _tagged(game: Game, line: str, tag: re.Match) -> tuple | None:
    """A card with a tag in brackets before it ("[Hero] Darkclaw"): the card, the tag said as a
    note unless it is what the card is; a board ("[SB] 2 Kindle") puts the line there, as
    "2 Kindle (SB)" does. None unless the rest is a card."""
    reading = _read_entry(game, tag.group(2))
    if reading[0] != _CARD:
        return None
    words = tag.group(1)
    if name_key(words) in _BOARD_HEADERS and (target := _target(game, words)) is not None:
        return (_HEADER, target, words, reading, True)
    if _describes(reading[1], words):
        return reading
    note = f"{line[: tag.start(2)].strip()} before {reading[1].name} is read as a note"
    return (*reading[:3], (*reading[3], note), reading[4])


def _dash_noted(game: Game, line: str, dash: re.Match) -> tuple | None:
    """A card with words after two dashes ("3 Kindle -- burn", a comment as "//" is) or after
    a dash ("3 Kindle - vs air", "3 Kindle — early burn"), which are read as a note, said as
    one; None unless what comes before the dash is a card with its count: "Darkclaw -- Wulven
    rush" heads a forum post as its title. With no count, a card and what it is after one dash
    ("Makuna - Assassin") is that card, unless it is the list's title (see _DESCRIBED)."""
    before = line[: dash.start()]
    if not _split_count_digits(before)[2]:
        if dash.group(1) is not None:
            return None
        # "Makuna - Assassin": a card and what it is (or its place), as singleton lists write it
        reading = _read_entry(game, before)
        words = line[dash.end() :]
        if reading[0] == _CARD and (
            _describes(reading[1], words) or _is_place(game, reading[1], words)
        ):
            return (_DESCRIBED, reading)
        return None
    reading = _read_line(game, before)
    if reading[0] != _CARD:
        return None
    words = line[dash.end() :]
    if dash.group(1) and dash.group(1).strip("-"):
        # "4 Bad Wolf -> Full Moon": an arrow points from one card to another as a sideboard
        # plan or a change to a deck writes a swap, so which is in the deck is the player's
        # to say; an arrow at other words ("<- MVP") is a comment, as "--" is
        after = _read_entry(game, words)
        if after[0] == _CARD:
            return (_ARROWED, reading[1].name, after[1].name)
        named = _split_count(words)[1]
        if after[0] == _UNKNOWN and _misspelt_card(named, _suggestions(game, named)):
            return (_ARROWED, reading[1].name, named)  # "-> Ful Moon"
    if dash.group(1) or _describes(reading[1], words) or _is_place(game, reading[1], words):
        # "3 Cinder Imp - Inferno Being", "1 Plymouth - I": what the card is, or its place in
        # the chapter, as "(Being)" and "(I)" say
        return reading
    note = f"'{line[dash.start() :].strip()}' after {reading[1].name} is read as a note"
    return (*reading[:3], (*reading[3], note), reading[4])


def _read_entry(game: Game, line: str) -> tuple:
    """A count and a card: ``3 Name``, ``3x Name``, ``Name x3``, ``Name``, ``-1 Name``."""
    count, card_text, digits = _split_count_digits(line)
    if count is None:
        return (_UNREADABLE,)
    found = _resolve(game, card_text)
    worded = _COPIES_OF.match(card_text) if found is None and digits else None
    named = worded and _resolve(game, worded.group(1))
    if named:
        found, card_text = named, worded.group(1)  # "4 copies of Bad Wolf"
    if digits and count > 0:
        # what names no card, or a card and a code naming none of its printings ("(4)"), may
        # hold a second count
        if found is None or (not found[1] and found[2]):
            twice = _count_twice(game, count, card_text, digits)
            if twice is not None:
                return twice
        if found is None:  # "3 Zombies", "2 Fire Crystals", "Fire Crystals x2"
            found = _plural(game, card_text, _HEADER_COUNT.search(line) is None)
        return _with_count(game, found, digits, card_text)
    return _counted(found, count, card_text)


def _plural(game: Game, text: str, as_a_card: bool) -> tuple | None:
    """The card a name in the plural with a count names ("3 Zombies", "Rats x2"), said as
    read; None when the text names no card in the singular, or names a group with its count
    written as a header's is (``as_a_card`` false): "Fire Crystals (2)" heads the crystals,
    "2 Fire Crystals" and "Fire Crystals x2" are the card."""
    key = name_key(text)
    if not key.endswith("s") or (not as_a_card and _target(game, text) is not None):
        return None
    for form in _singulars(key)[1:]:
        card = game.cards_by_key.get(form)
        if card is not None:
            return card, False, (f"read {text.strip()!r} as {card.name!r}",)
    return None


def _count_twice(game: Game, count: int, card_text: str, digits: str = "") -> tuple | None:
    """ "4 Bad Wolf x4": a count before a card's name and again after it, as lists copied from
    one tool to another write it. The same count twice is that count; two counts that differ
    are a problem naming both, neither picked. None when ``card_text`` is no card's name and a
    count after it. A zero-padded number before the name that is the card's own ("099 Zombie
    x3", ``digits`` as written) is its printing, and the count is the one after."""
    for match in (_COUNT_LAST.match(card_text), _count_apart(game, card_text)):
        if match is None:
            continue
        found = _resolve(game, match.group(1).strip())
        if found is None:
            continue
        again = _count(match.group(match.lastindex))
        numbered = _own_number(game, found, digits)
        if numbered is not None:
            return _counted(numbered, again, match.group(1))
        if again == count:
            return _counted(found, count, match.group(1))
        return (_TWO_COUNTS, found[0].name, count, again)
    return None


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
    # zeros written before a count make it no longer: "0000000000000000003" is 3
    significant = digits.lstrip("0") or "0"
    return int(significant) if len(significant) <= _MAX_COUNT_DIGITS else 10**_MAX_COUNT_DIGITS


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
