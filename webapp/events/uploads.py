"""Reading an organizer's bulk upload: a zip of decklist files, or a CSV of player,list rows.

Nothing is extracted to disk: members are read into memory with hard limits
on their number and on the bytes each one (and all of them) may inflate to, so
a zip bomb or a path like ``../../etc/passwd`` can do no harm. Members that are
not decklists are skipped with a message saying why, and its place in the upload (a
member's number in the zip, the line a CSV row starts on, its row as a spreadsheet numbers it
is what the report says), so that the report of the
upload (:func:`webapp.events.submit_for_players`) lists them in the file's order.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
import warnings
import zipfile
from collections import Counter
from datetime import UTC, datetime
from pathlib import PurePosixPath
from typing import Any

from cardpool import DeckwrightError
from validator.files import OTHER_CODE_PAGE, WINDOWS_1252, decoded_text, typed_text
from validator.players import DECKLIST_SUFFIXES, NOT_A_DECKLIST, player_key, player_of_upload
from validator.spreadsheet import cell_text

from . import BulkItem, InvalidSubmissionError, Submission
from .names import lookalike_key

MAX_UPLOAD_BYTES = 4 * 1024 * 1024
MAX_MEMBERS = 1_000
MAX_MEMBER_BYTES = 100_000
MAX_TOTAL_BYTES = 16 * 1024 * 1024
# Reading a line no list has held before costs a tenth of a millisecond or more (a
# misspelt card is compared with every name for "did you mean"): three hundred lists of a
# thousand lines of gibberish held a worker past its timeout and stored nothing. Real lists
# repeat each other's lines (one pool's cards, a few counts), so a budget of different
# lines bounds the work of an upload (at most a second or two, as a batch of 10,000 lines)
# and leaves a whole event room: 2,000 generated lists of one game hold 95 to 430.
MAX_DIFFERENT_LINES = 10_000
ZIP_MAGIC = b"PK\x03\x04"


# What reading an upload skipped: its place in the upload, and the message saying why.
Skipped = tuple[int, str]


class BadUploadError(DeckwrightError):
    """An upload that is neither a readable zip nor a CSV with player and list columns."""

    code = "bad-upload"


def read_upload(filename: str, data: bytes) -> tuple[list[BulkItem], list[Skipped]]:
    """The lists in an upload and a message for everything skipped; a zip or a CSV."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise BadUploadError(f"an upload is at most {MAX_UPLOAD_BYTES // (1024 * 1024)} MB")
    if data.startswith(OLE_MAGIC):
        raise not_a_csv("an Excel 97-2003 workbook (.xls)")
    if is_zip(filename, data):
        return read_zip(data)
    if filename.lower().endswith(DECKLIST_SUFFIXES) and not _a_sheet(data):
        return read_files([(filename, data)])
    return read_csv(data)


def _a_sheet(data: bytes) -> bool:
    """Whether a text file holds a sheet of lists (a header naming the player and list
    columns: Excel's "Text (Tab delimited)" is a .txt), not a decklist."""
    try:
        _with_header(csv_text(data)[0])
    except BadUploadError:
        return False
    return True


def read_files(files: list[tuple[str, bytes]]) -> tuple[list[BulkItem], list[Skipped]]:
    """Decklist files uploaded as they are, several picked at once: read as the members of a
    zip of them are (each named after its player, what is not a list said skipped)."""
    if len(files) > MAX_MEMBERS:
        raise BadUploadError(f"an upload is at most {MAX_MEMBERS} files")
    packed = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # two files of one name: the second is said skipped
        with zipfile.ZipFile(packed, "w") as archive:
            for name, data in files:
                archive.writestr(PurePosixPath(name.replace("\\", "/")).name or "unnamed", data)
    return read_zip(packed.getvalue())


# Excel's workbooks before 2007 (.xls), and other Office files of those years.
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
SAVE_AS_CSV = (
    "save the sheet as CSV and upload that (Excel: File > Save As > CSV UTF-8; Excel for the"
    " web, where Microsoft Forms opens its answers: File > Export > Download as CSV;"
    " LibreOffice: File > Save As > Text CSV; Google Sheets: File > Download >"
    " Comma-separated values)"
)


def not_a_csv(what: str) -> BadUploadError:
    """The refusal of a spreadsheet's own file, saying how to save it as a CSV."""
    return BadUploadError(f"the upload is {what}, not a CSV: {SAVE_AS_CSV}")


def _office_document(archive: zipfile.ZipFile, names: set[str]) -> str:
    """What an office suite's file (a zip of XML) is, or "" for a zip of other files."""
    if "[Content_Types].xml" in names:
        if any(name.startswith("xl/") for name in names):
            return "an Excel workbook (.xlsx)"
        return "an Office document"
    if "mimetype" in names:
        try:
            with archive.open("mimetype") as member:
                mimetype = member.read(100)
        except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError):
            return ""
        if mimetype.startswith(b"application/vnd.oasis.opendocument.spreadsheet"):
            return "an OpenDocument spreadsheet (.ods)"
        if mimetype.startswith(b"application/vnd.oasis.opendocument"):
            return "an OpenDocument file"
    if "Index/Document.iwa" in names:
        return "a Numbers document"
    return ""


def is_zip(filename: str, data: bytes) -> bool:
    """Whether an upload is read as a zip (else as a CSV)."""
    return data.startswith(ZIP_MAGIC) or filename.lower().endswith(".zip")


def _within_budget(items: list[BulkItem]) -> list[BulkItem]:
    """The lists, if reading them is bounded work: at most ``MAX_DIFFERENT_LINES`` different
    lines in all (a line repeated in many lists counts once)."""
    lines = different_lines(items)
    if lines > MAX_DIFFERENT_LINES:
        raise BadUploadError(
            f"the lists of one upload hold at most {MAX_DIFFERENT_LINES:,} different lines"
            f" (a line repeated in many lists counts once); these hold {lines:,}:"
            " upload them in parts"
        )
    return items


def different_lines(items: list[BulkItem]) -> int:
    """The different lines of an upload's lists, the work of reading them."""
    return len({line.strip() for item in items for line in item.submission.body.splitlines()})


def read_zip(data: bytes) -> tuple[list[BulkItem], list[Skipped]]:
    """One list per text member; the player is named by the file name (``Alice_Smith.txt``)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError):
        raise BadUploadError("the upload is not a readable zip file") from None
    if len(members) > MAX_MEMBERS:
        raise BadUploadError(f"a zip holds at most {MAX_MEMBERS} files")
    # A workbook is a zip too: read as a folder of lists, it stored none and said only that
    # its parts were not decklists.
    if office := _office_document(archive, {info.filename for info in members}):
        raise not_a_csv(office)
    # A sheet's CSV mailed as a zip, or a form's answers downloaded as one: read as uploaded.
    if sheets := _sheets_alone(members):
        with archive:
            return read_csv(_sheet_bytes(archive, sheets))
    items: list[BulkItem] = []
    skipped: list[Skipped] = []
    total = 0
    with archive:
        for position, info in enumerate(members, 1):
            name = member_name(info)
            shown = spelled(name)  # as the report's lines say it
            if info.is_dir() or name.endswith("/"):
                continue
            reason = _unsafe(name) or _not_a_decklist(info, name)
            if reason:
                skipped.append((position, f"{shown}: skipped: {reason}"))
                continue
            # The header's size can lie: read at most one byte past the limit and check.
            try:
                with archive.open(info) as member:
                    raw = member.read(MAX_MEMBER_BYTES + 1)
            except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError):
                skipped.append((position, f"{shown}: skipped: cannot be read from the zip"))
                continue
            if len(raw) > MAX_MEMBER_BYTES:
                too_large = f"larger than {MAX_MEMBER_BYTES} bytes"
                skipped.append((position, f"{shown}: skipped: {too_large}"))
                continue
            total += len(raw)
            if total > MAX_TOTAL_BYTES:
                raise BadUploadError(
                    f"the zip inflates to more than {MAX_TOTAL_BYTES // (1024 * 1024)} MB"
                )
            # A list typed in Notepad on Windows is saved in Windows-1252 ("Renée’s deck").
            text, read_as = typed_text(raw)
            if text is None:
                skipped.append((position, f"{shown}: skipped: {_not_read(raw, read_as)}"))
                continue
            player = player_of_upload(name)
            try:
                submission = (
                    Submission.from_pasted(text)
                    if name.lower().endswith(".json")
                    else Submission.from_text(text)
                )
            except InvalidSubmissionError as exc:
                skipped.append((position, f"{shown}: skipped: {exc}"))
                continue
            items.append(
                BulkItem(
                    source=shown,
                    player=player,
                    submission=submission,
                    position=position,
                    read_as=read_as,
                    named_by_file=True,
                )
            )
    return _within_budget(items), skipped


def spelled(name: str) -> str:
    """A file's name as a report line says it: a control or invisible character (U+202E,
    which turns the text after it around, and the rest of the line with it) written as its
    code, so the line reads as written."""
    return "".join(
        f"\\u{ord(c):04x}" if unicodedata.category(c) in ("Cc", "Cf") else c for c in name
    )


def named_as_on_file(items: list[BulkItem], names_on_file: list[str]) -> None:
    """Each list named by a file whose name lost its accents ("Jose_Garcia.txt", as zip tools,
    mail and some file systems write names) for one player on file as typed ("José García")
    is named as that player. Only a name in plain letters whose player is not on file, and
    for one player alone whose name reads the same with its accents (and other letters:
    "Łukasz"), none of the upload's other lists reading so too: two files, or two players
    on file, that may be two players are not guessed between. A sheet's rows are named as
    their players typed them."""
    exact = {player_key(name) for name in names_on_file}
    reading: dict[str, list[str]] = {}
    for name in names_on_file:
        reading.setdefault(lookalike_key(name), []).append(name)
    keys = [lookalike_key(item.player) for item in items]
    uploaded = Counter(keys)
    for item, key in zip(items, keys, strict=True):
        if not item.named_by_file or not item.player.isascii():
            continue
        if player_key(item.player) in exact or uploaded[key] > 1:
            continue
        found = reading.get(key, [])
        if len(found) == 1 and not found[0].isascii():
            item.player = found[0]


def _not_read(raw: bytes, why_not: str) -> str:
    """Why a member is not read as text, in words saying what to do."""
    if why_not == OTHER_CODE_PAGE:
        return (
            "not UTF-8 text, and its letters are not Windows-1252's either (a computer set to"
            " another language saves its own code page): save it as UTF-8 and upload it again"
        )
    _, said = decoded_text(raw)
    if "NUL" in said:
        return said
    return "not a text file (neither UTF-8, UTF-16 nor Windows-1252 text)"


SHEET_SUFFIXES = (".csv", ".tsv")


def _kind(info: zipfile.ZipInfo) -> str:
    """What a zip's member is to an upload: "list", "sheet" or "" (neither, or not read)."""
    name = member_name(info)
    if info.is_dir() or name.endswith("/") or _unsafe(name) or _hidden(PurePosixPath(name)):
        return ""
    suffix = PurePosixPath(name).suffix.lower()
    return "list" if suffix in DECKLIST_SUFFIXES else "sheet" if suffix in SHEET_SUFFIXES else ""


def _sheets_alone(members: list[zipfile.ZipInfo]) -> list[zipfile.ZipInfo]:
    """A zip's CSV files when it holds no decklist files (its CSV is read as if uploaded);
    else none."""
    sheets = [info for info in members if _kind(info) == "sheet"]
    return sheets if not any(_kind(info) == "list" for info in members) else []


def sheet_read_as_windows_1252(filename: str, data: bytes) -> str | None:
    """Where an upload's sheet of lists read as Windows-1252 is, for the organizer to check
    its names: the upload's own name for a CSV, "players.csv in players.zip" for the CSV a zip
    holds alone (read as if uploaded); None when the upload holds no such sheet."""
    if not is_zip(filename, data):
        return filename if read_as_windows_1252(data) else None
    member = zipped_sheet_read_as_windows_1252(data)
    return f"{member} in {filename}" if member else None


def zipped_sheet_read_as_windows_1252(data: bytes) -> str | None:
    """The name of the CSV a zip holds alone when it is read as Windows-1252, else None."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            sheets = _sheets_alone(archive.infolist())
            raw = _sheet_bytes(archive, sheets) if sheets else None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError, BadUploadError):
        return None
    if raw is None or not read_as_windows_1252(raw):
        return None
    return member_name(sheets[0])


def _sheet_bytes(archive: zipfile.ZipFile, sheets: list[zipfile.ZipInfo]) -> bytes:
    """The bytes of a zip's one CSV, to be read as the CSV uploaded on its own would be."""
    names = [member_name(info) for info in sheets]
    if len(sheets) > 1:
        raise BadUploadError(
            f"the zip holds {len(sheets)} CSV files and no decklist files"
            f" ({', '.join(names[:5])}{', ...' if len(names) > 5 else ''}): upload each"
            " CSV on its own"
        )
    (sheet,), (name,) = sheets, names
    if sheet.flag_bits & 0x1:
        raise BadUploadError(f"{name} in the zip is encrypted: upload the CSV itself")
    # The header's size can lie: read at most one byte past the limit and check.
    try:
        with archive.open(sheet) as member:
            raw = member.read(MAX_UPLOAD_BYTES + 1)
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError):
        raise BadUploadError(f"{name} cannot be read from the zip: upload the CSV itself") from None
    if len(raw) > MAX_UPLOAD_BYTES:
        raise BadUploadError(
            f"{name} in the zip is larger than {MAX_UPLOAD_BYTES // (1024 * 1024)} MB:"
            " upload it in parts"
        )
    return raw


_UTF8_FLAG = 0x800
_UNICODE_PATH = 0x7075  # Info-ZIP's Unicode Path Extra Field


def member_name(info: zipfile.ZipInfo) -> str:
    """A member's path as the person who zipped the folder typed it, with ``/`` between folders.

    A zip says its names are UTF-8 by a flag, and zipfile reads a name without it as the
    DOS code page (cp437). But Info-ZIP's zip (Linux) and the Finder (macOS) write UTF-8
    without the flag, so "José.txt" read that way was the player "Jos├⌐". A name that is
    valid UTF-8 is read as UTF-8 (text in cp437 beyond ASCII almost never is); a Unicode
    path field, which some Windows tools add to their code-page name ("Gro_mann.txt" for
    "Großmann.txt"), is read first.
    Windows' own "Send to > Compressed folder" writes a name in the computer's DOS code
    page, which in Western Europe is cp850, not cp437: "João.txt" read as cp437 was the
    player "Jo╞o", "Søren.txt" "S¢ren". Such a name is read in the DOS code page that makes
    it a name (:func:`_dos_name`). Every name is in Unicode's composed form: the Finder
    writes "é" as "e" and an accent, which look alike but are not the same text.
    Windows PowerShell writes ``\\`` between folders: a player is named by the file alone.
    """
    name = info.filename
    if not info.flag_bits & _UTF8_FLAG:
        raw = name.encode("cp437")
        if found := _unicode_path(info.extra, raw):
            name = found
        elif not name.isascii():
            name = _utf8(raw) or _dos_name(raw)
    return unicodedata.normalize("NFC", name.replace("\\", "/"))


# The DOS code pages Windows writes zip names in: the US's, Western Europe's, Cyrillic's.
_DOS_CODE_PAGES = ("cp437", "cp850", "cp866")


def _dos_name(raw: bytes) -> str:
    """A name in a DOS code page, read in the one whose letters make the most sense: words
    of one alphabet ("αscar" mixes Greek and Latin; "Óscar" is cp850's), and no four
    accented Latin letters in a row ("êóáí" is cp866's "Иван")."""
    readings = [raw.decode(code_page) for code_page in _DOS_CODE_PAGES]
    return max(readings, key=_letters_that_make_sense)  # the first of equals: cp437


def _letters_that_make_sense(name: str) -> int:
    count = 0
    for word in re.findall(r"[^\W\d_]+", name):
        accented = [letter for letter in word if not letter.isascii()]
        alphabets = {unicodedata.name(letter, "?").split()[0] for letter in accented}
        if word.isascii() or len(alphabets) != 1:
            continue
        (alphabet,) = alphabets
        if alphabet == "LATIN" and re.search(r"[^\x00-\x7f]{4}", word):
            continue
        if alphabet != "LATIN" and len(accented) != len(word):
            continue  # Latin letters beside Greek or Cyrillic ones
        count += len(accented)
    return count


def _utf8(raw: bytes) -> str | None:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _unicode_path(extra: bytes, raw: bytes) -> str | None:
    """The UTF-8 path of an Info-ZIP Unicode Path Extra Field for the name ``raw``, if any
    (version 1, and the CRC-32 of the name it was written for matches)."""
    at, crc = 0, zipfile.crc32(raw)
    while at + 4 <= len(extra):
        kind = int.from_bytes(extra[at : at + 2], "little")
        size = int.from_bytes(extra[at + 2 : at + 4], "little")
        body = extra[at + 4 : at + 4 + size]
        at += 4 + size
        written_for = int.from_bytes(body[1:5], "little")
        if kind == _UNICODE_PATH and len(body) > 5 and body[0] == 1 and written_for == crc:
            return _utf8(body[5:])
    return None


# A member named so would be written outside the folder it was unpacked into.
UNSAFE_PATH = (
    "unsafe path: it leads out of the zip's folders (../, / or C:);"
    " zip the lists again from their folder"
)


def _unsafe(name: str) -> str:
    """Why a member's path cannot be trusted, if it cannot."""
    parts = name.replace("\\", "/").split("/")
    if name.startswith(("/", "\\")) or ".." in parts or (len(name) > 1 and name[1] == ":"):
        return UNSAFE_PATH
    return ""


# What Windows leaves in a folder it showed: its settings and its thumbnails.
_WINDOWS_FILES = ("desktop.ini", "thumbs.db", "ehthumbs.db")


def _hidden(name: PurePosixPath) -> bool:
    """Whether a member is a file no player wrote: a Mac's "._" twins and __MACOSX folder,
    dot files, and the files Windows leaves in folders."""
    hidden = any(part.startswith(".") or part == "__MACOSX" for part in name.parts)
    return hidden or name.name.lower() in _WINDOWS_FILES


def _not_a_decklist(info: zipfile.ZipInfo, path: str) -> str:
    name = PurePosixPath(path)
    if _hidden(name):
        return "hidden or system file"
    if info.flag_bits & 0x1:
        return "encrypted"
    if name.suffix.lower() in SHEET_SUFFIXES:
        return "a CSV beside decklist files is not read: upload it on its own"
    if name.suffix.lower() not in DECKLIST_SUFFIXES:
        return NOT_A_DECKLIST
    if info.file_size > MAX_MEMBER_BYTES:
        return f"larger than {MAX_MEMBER_BYTES} bytes"
    return ""


# What separates the cells: a comma; a semicolon where a spreadsheet's locale writes the
# decimal comma (Excel's "CSV" in most of Europe); a tab in rows copied out of a spreadsheet.
SEPARATORS = (",", ";", "\t")


# Excel's first line naming the separator of the rest (written so that Excel opens the file
# the same in every locale), which no header row is.
_SEP_LINE = re.compile(r"sep=(.)\r?\n|sep=(.)\r")


# The names a header row gives each column, best first: the site's own (its export's), then
# what organizers' sheets and form tools call them ("Your name", "Decklist": a Google Forms
# sheet of submissions), in English and in the languages of Europe's organizers (a column
# naming the player outright, "Pseudo", "Spielername", before one asking a name, "Nom").
# Compared in lower case, with runs of spaces and underscores as one space and a trailing
# colon or asterisk (a required question) left off.
COLUMN_NAMES = {
    "player": (
        "player",
        "player name",
        "pseudo",
        "joueur",
        "nom du joueur",
        "spieler",
        "spielername",
        "jugador",
        "nombre del jugador",
        "giocatore",
        "nome del giocatore",
        "jogador",
        "nome do jogador",
        "speler",
        "spelernaam",
        "gracz",
        "nick",
        "name",
        "your name",
        "full name",
        "nom",
        "votre nom",
        "nom complet",
        "nom et prénom",
        "prénom et nom",
        "vor- und nachname",
        "vollständiger name",
        "nombre",
        "nombre completo",
        "nombre y apellidos",
        "nome",
        "nome completo",
        "nome e cognome",
        "naam",
        "volledige naam",
        "imię i nazwisko",
    ),
    "list": (
        "list",
        "decklist",
        "deck list",
        "deck",
        "your decklist",
        "your deck",
        "liste de deck",
        "liste du deck",
        "deckliste",
        "lista del mazo",
        "mazo",
        "lista del mazzo",
        "mazzo",
        "lista do deck",
        "lista do baralho",
        "decklijst",
        "lista talii",
    ),
    # A form asking the main deck and the sideboard apart: the sideboard, stored with the list.
    "sideboard": (
        "sideboard",
        "side board",
        "side deck",
        "your sideboard",
        "sideboard list",
        "sideboard (optional)",
    ),
    "player_id": ("player id", "playerid"),
    # A form's sheet of answers: when each was sent (Google Forms, Microsoft Forms, Typeform,
    # Jotform; Google Forms names it in the form's language) and from which address.
    "answered": (
        "timestamp",
        "submitted at",
        "submit date (utc)",
        "submit date",
        "submission date",
        "date submitted",
        "completion time",
        # Microsoft Forms' completion time in the languages of the names above
        "heure de fin",
        "fertigstellungszeit",
        "hora de finalización",
        "ora di completamento",
        "hora de conclusão",
        "tijdstip van voltooien",
        "voltooiingstijd",
        "godzina ukończenia",
        "horodateur",
        "zeitstempel",
        "marca temporal",
        "informazioni cronologiche",
        "carimbo de data/hora",
        "tijdstempel",
        "sygnatura czasowa",
    ),
    "email": (
        "email address",
        "email",
        "e-mail",
        "e-mail address",
        "your email",
        "adresse e-mail",
        "e-mail-adresse",
        "dirección de correo electrónico",
        "indirizzo email",
        "endereço de e-mail",
        "e-mailadres",
        "adres e-mail",
        # Microsoft Forms' respondent's address
        "adresse de messagerie",
        "correo electrónico",
        "posta elettronica",
        "correio eletrónico",
        "correio eletrônico",
    ),
}

# Microsoft Forms' sheet begins with columns of its own, named in the language of the
# organizer's Microsoft 365: the answer's ID, when it was started and completed (each named
# above), the respondent's e-mail and account name, and when it was last changed. The
# account name ("Name", "Nom", "Nazwa") is no question of the organizer's: empty when anyone
# may answer, and in French named as a last name is. It is told by the start time beside it.
FORMS_STARTED = frozenset(
    {
        "start time",
        "heure de début",
        "startzeit",
        "hora de inicio",
        "ora di inizio",
        "hora de início",
        "begintijd",
        "godzina rozpoczęcia",
    }
)
FORMS_RESPONDENT = frozenset({"name", "nom", "nombre", "nome", "naam", "nazwa"})

# A name asked in two questions, first and last ("Prénom" and "Nom": beside "Prénom", "Nom"
# is the last name, and "Name" beside "Vorname"): the player is the two joined, first first.
NAME_PARTS = (
    ("first name", "last name"),
    ("first name", "surname"),
    ("first name", "family name"),
    ("given name", "family name"),
    ("given name", "surname"),
    ("prénom", "nom"),
    ("prénom", "nom de famille"),
    ("vorname", "nachname"),
    ("vorname", "name"),
    ("vorname", "familienname"),
    ("nombre", "apellido"),
    ("nombre", "apellidos"),
    ("nome", "cognome"),
    ("nome", "sobrenome"),
    ("voornaam", "achternaam"),
    ("imię", "nazwisko"),
)


def _column_name(cell: str) -> str:
    return re.sub(r"[\s_]+", " ", cell.strip().lower()).rstrip(" :*")


# A form's sheet names its columns by its questions, in the organizer's words ("What is your
# name?", "Paste your decklist here"): without a column named as above, the one question
# whose words ask a name is the player's, and the one whose words ask a deck is the list.
_ASKS = {
    "player": frozenset(
        {"name", "username", "nickname", "player", "pseudo", "joueur", "spieler"}
        | {"spielername", "jugador", "giocatore", "jogador", "speler", "gracz"}
    ),
    "list": frozenset(
        {"deck", "decklist", "decks", "list", "decklists", "liste", "deckliste"}
        | {"mazo", "mazzo", "baralho", "decklijst", "talii"}
    ),
}


def _asked(names: list[str], taken: set[int], column: str) -> int | None:
    """The one column (not ``taken``) whose words ask for ``column`` alone; None if not one."""
    other = "list" if column == "player" else "player"
    found = [
        index
        for index, name in enumerate(names)
        if index not in taken
        and (words := set(re.findall(r"\w+", name))) & _ASKS[column]
        and not words & _ASKS[other]
    ]
    return found[0] if len(found) == 1 else None


def _name_parts(names: list[str]) -> list[tuple[int, int]]:
    """Where a first and a last name are asked apart: one place, or several (in doubt)."""
    return sorted(
        {
            (names.index(first), names.index(last))
            for first, last in NAME_PARTS
            if first in names and last in names
        }
    )


def _names(header: list[str]) -> tuple[list[str], int | None]:
    """The header's column names as compared, and where Microsoft Forms' respondent's
    account name is (None if not such a sheet): its name is left out ("") of the names
    read as the organizer's questions."""
    names = [_column_name(cell) for cell in header]
    if not FORMS_STARTED & set(names):
        return names, None
    started = min(index for index, name in enumerate(names) if name in FORMS_STARTED)
    # Its own columns come first: the account name is among the few after the start time.
    after = names[started + 1 : started + 4]
    at = next((started + 1 + i for i, name in enumerate(after) if name in FORMS_RESPONDENT), None)
    if at is not None:
        names[at] = ""
    return names, at


def _columns(header: list[str]) -> dict[str, int] | None:
    """Where each column is, by the header's names; None without a player (or a first and a
    last name) and a list, or where the player's column is in doubt (:func:`_doubt`).
    Microsoft Forms' respondent's account name is the player where no column asks one."""
    names, respondent = _names(header)
    # A column named player (the refusals say to rename the player's so) is the player's.
    pairs = _name_parts(names) if "player" not in names else []
    if len(pairs) > 1:
        return None  # "Prénom", "Nom", "Nom de famille": which is the last name? See _doubt
    parts = pairs[0] if pairs else ()
    found = {}
    for column, aliases in COLUMN_NAMES.items():
        for alias in aliases:
            at = [index for index, name in enumerate(names) if name == alias]
            if at and at[0] not in parts:
                found[column] = at[0]
                break
    if parts and "player" in found:
        return None  # the player's column, or the two names? Not guessed: see _doubt
    if parts:
        found["first_name"], found["last_name"] = parts
    taken = set(found.values())
    for column in ("list",) if parts else ("player", "list"):
        if column not in found and (index := _asked(names, taken, column)) is not None:
            found[column] = index
    whose = "player" in found or "first_name" in found
    if not whose and respondent is not None:
        found["player"], whose = respondent, True
    return found if whose and "list" in found else None


def _doubt(header: list[str]) -> str:
    """Why a header asking a first and a last name is not read, if it is for them: beside a
    player's column, or with two columns that may be the last name; else ""."""
    names, _respondent = _names(header)
    pairs = _name_parts(names) if "player" not in names else []
    if len(pairs) > 1:
        asked = sorted({index for pair in pairs for index in pair})
        shown = ", ".join(header[index].strip() for index in asked)
        return (
            f"the sheet asks a name in more columns than a first and a last name ({shown}),"
            " and which of them name the player is not guessed: rename the column of"
            " players' names player (or keep one first name and one last name column),"
            " and upload it again"
        )
    for alias in COLUMN_NAMES["player"] if pairs else ():
        at = [index for index, name in enumerate(names) if name == alias]
        if at and at[0] not in pairs[0]:
            column = header[at[0]].strip()
            first, last = (header[index].strip() for index in pairs[0])
            return (
                f"the sheet has both a column {column} and a first and a last name ({first},"
                f" {last}), and which names the player is not guessed: to read {column},"
                f" rename it player; to read the two names joined, rename {column} to"
                " something else; then upload it again"
            )
    return ""


def _with_header(text: str) -> tuple[Any, dict[str, int]]:
    """A reader past the header row, separated by whichever of :data:`SEPARATORS` makes the
    header name the player and list columns (or the one a ``sep=`` line names), and where
    the header puts each column.

    Quotes are read strictly: a quoted cell whose closing quote is missing, read leniently,
    ran on into the rows below, and the upload stored one list holding other players' rows.
    """
    if not text.strip():
        raise BadUploadError("the upload is empty")
    separators = SEPARATORS
    skipped_lines = 0
    if found := _SEP_LINE.match(text):
        separators = (found.group(1) or found.group(2),)
        text, skipped_lines = text[found.end() :], 1
    for separator in separators:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True)
        try:
            header = next(reader, [])
            columns = _columns(header)
        except csv.Error:
            continue  # quotes written for another separator: "player";"list" read at commas
        if columns is not None:
            _refuse_named_twice(header, columns)
            return _Numbered(reader, skipped_lines, len(header)), columns
    for separator in separators:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True)
        try:
            said = _doubt(next(reader, []))
        except csv.Error:
            continue
        if said:
            raise BadUploadError(said)
    first_row = text.lstrip("\r\n").splitlines()[0] if text.strip() else ""
    shown = first_row if len(first_row) <= 120 else first_row[:120] + "..."
    raise BadUploadError(
        "a CSV upload needs a header row with the columns player and list,"
        f" separated by commas, semicolons or tabs; its first row is: {shown}."
        " Rename the column of players' names player and the column of lists list"
        " (in a form's sheet, the columns of those two questions), and upload it again"
    )


def _refuse_named_twice(header: list[str], columns: dict[str, int]) -> None:
    """Refuse a header naming a column it reads (the player's, the list's, ...) twice: the
    first was read and the other left out unsaid, a list in it never stored."""
    names = [_column_name(cell) for cell in header]
    for column, at in columns.items():
        if not names[at] or names.count(names[at]) < 2:
            continue
        letters = ", ".join(_letter(i) for i, name in enumerate(names) if name == names[at])
        raise BadUploadError(
            f"the header names the column {header[at].strip()} twice (columns {letters}), and"
            f" which one holds the {column.replace('_', ' ')} is not guessed: rename the other"
            " and upload it again; nothing was stored"
        )


def _letter(index: int) -> str:
    """A column's letters as a spreadsheet names it: A, B, ..., Z, AA."""
    letters = ""
    index += 1
    while index:
        index, left = divmod(index - 1, 26)
        letters = chr(ord("A") + left) + letters
    return letters


class _Numbered:
    """A CSV reader whose line numbers count the lines read before it, as the file does, and
    the number of columns its header has (``width``)."""

    def __init__(self, reader: Any, before: int, width: int):
        self.reader, self.before, self.width = reader, before, width

    def __iter__(self):
        return self

    def __next__(self) -> list[str]:
        return next(self.reader)

    @property
    def line_num(self) -> int:
        return self.reader.line_num + self.before


def _unreadable(line: int, error: csv.Error) -> BadUploadError:
    """Why the row starting on ``line`` cannot be read, in the words of a spreadsheet's user."""
    if "end of data" in str(error):
        reason = (
            "a quoted cell is never closed (its closing quote is missing, so every row after"
            " it would be read into it)"
        )
    elif "expected after" in str(error):
        reason = (
            "a quoted cell's closing quote is followed by more text (its closing quote is"
            ' missing, or a quote inside it is not written twice: "")'
        )
    elif "field limit" in str(error):
        reason = (
            f"a cell is longer than {csv.field_size_limit():,} characters, far longer than"
            " any list (a quote left open, or not a sheet of lists)"
        )
    else:
        reason = str(error)
    return BadUploadError(f"the CSV cannot be read from line {line}: {reason}; nothing was stored")


def csv_text(data: bytes) -> tuple[str, bool]:
    """A CSV upload's text, and whether it was read as Windows-1252.

    UTF-8 (with or without its mark) and UTF-16 with its mark are read as a decklist file
    is. Other bytes are read as Windows-1252: Excel's "CSV (Comma delimited)" is written in
    Windows' code page, so a sheet of players named "José" or "Søren" typed in Excel on
    Windows was refused whole. The five bytes Windows-1252 leaves undefined, NUL bytes
    (UTF-16 without its mark) and a broken UTF-16 text are refused; so is a text with four
    accented letters in a row ("Àëåêñåé"), which no Western name has: another code page's
    letters (Cyrillic, Greek) read as Windows-1252, names no one typed.
    """
    text, read_as = typed_text(data)
    if read_as == OTHER_CODE_PAGE:
        raise BadUploadError(
            "the CSV is not UTF-8 text, and its letters are not Windows-1252's either (a"
            " spreadsheet in another language saves its own code page): save it as"
            ' "CSV UTF-8" and upload that'
        )
    if text is None:
        raise BadUploadError(
            "the upload is neither a zip file nor a CSV file (in UTF-8, UTF-16 or Windows-1252)"
        )
    return text, read_as == WINDOWS_1252


def read_as_windows_1252(data: bytes) -> bool:
    """Whether a CSV upload is read as Windows-1252 (the organizer is told so)."""
    try:
        return csv_text(data)[1]
    except BadUploadError:
        return False


def read_csv(data: bytes) -> tuple[list[BulkItem], list[Skipped]]:
    """Rows of ``player,list`` (and optionally ``player_id``), with a header row naming them
    (or as :data:`COLUMN_NAMES` does); the cells separated by commas, semicolons or tabs."""
    text, _ = csv_text(data)
    reader, columns = _with_header(text)
    items: list[BulkItem] = []
    skipped: list[Skipped] = []
    ended = reader.line_num
    # The report names a row as a spreadsheet numbers it (the header is row 1), not by the
    # file's lines: a list spans several, and the organizer looks for the row in the sheet.
    sheet_row = 1
    try:
        for row in reader:
            number, ended = ended + 1, reader.line_num
            sheet_row += 1
            if not any(cell.strip() for cell in row):
                continue
            if len(items) + len(skipped) >= MAX_MEMBERS:
                raise BadUploadError(f"a CSV holds at most {MAX_MEMBERS} rows")
            cells = {name: row[i] if i < len(row) else "" for name, i in columns.items()}
            # The event's own export quotes a name like '@zed; read back, it is @zed's list.
            if "first_name" in cells:
                # Asked apart, the player is the first name and the last name joined.
                given = (cell_text(cells.pop(part)).strip() for part in ("first_name", "last_name"))
                cells["player"] = " ".join(part for part in given if part)
            else:
                cells["player"] = cell_text(cells["player"])
            if (board := cells.pop("sideboard", "")).strip():
                cells["list"] = with_sideboard(cells["list"], board)
            if "player_id" in cells:
                cells["player_id"] = cell_text(cells["player_id"])
            if "email" in cells:
                # Microsoft Forms writes "anonymous" where anyone may answer: no address.
                cells["email"] = cell_text(cells["email"]) if "@" in cells["email"] else ""
            source = f"row {sheet_row}"
            if used := _past_the_header(row, reader.width):
                skipped.append(
                    (
                        number,
                        f"{source}: skipped: it has {used} cells where the header names"
                        f" {reader.width} columns, so its list would be stored cut short (a"
                        " list typed with commas between its cards, not in one quoted cell?):"
                        " put the list in one cell and upload it again",
                    )
                )
                continue
            if not cells["player"].strip():
                skipped.append((number, f"{source}: skipped: no player name"))
                continue
            if links_alone(cells["list"]):
                skipped.append((number, f"{source}: skipped: {LINKED_LIST}"))
                continue
            try:
                submission = Submission.from_pasted(cells["list"])
            except InvalidSubmissionError as exc:
                skipped.append((number, f"{source}: skipped: {exc}"))
                continue
            items.append(
                BulkItem(
                    source=source,
                    player=cells["player"],
                    player_id=cells.get("player_id") or None,
                    submission=submission,
                    position=number,
                    answered_as=cells.get("answered", "").strip(),
                    email=cells.get("email", "").strip().casefold() or None,
                )
            )
    except csv.Error as exc:
        raise _unreadable(ended + 1, exc) from None
    if "answered" in columns:
        _read_times(items)
    return _within_budget(items), skipped


def with_sideboard(deck: str, sideboard: str) -> str:
    """A list whose sideboard a form asked in a column of its own: the deck, then the
    sideboard under its header, as a player writes both in one list."""
    return f"{deck.rstrip()}\n\nSideboard:\n{sideboard.strip()}\n"


def _past_the_header(row: list[str], width: int) -> int:
    """How many cells ``row`` has up to its last one written, when that is past the header's
    ``width`` (a list typed across cells); 0 when none is (a sheet's empty cells past it)."""
    written = [index for index, cell in enumerate(row) if cell.strip()]
    return written[-1] + 1 if written and written[-1] >= width else 0


# A form's file question keeps each file in Drive (or OneDrive) and writes a link to it in
# the sheet of answers, where a pasted list would be.
_LINK = re.compile(r"https?://\S", re.IGNORECASE)
LINKED_LIST = (
    "the list cell holds a link (a form's file question keeps the files apart), not a list:"
    " download the folder of its files ('… (File responses)' in Drive) as a zip and upload"
    " that"
)


def links_alone(cell: str) -> bool:
    """Whether a list cell holds links and nothing else (two files, two links)."""
    words = [word for word in re.split(r"[\s,;]+", cell) if word]
    return bool(words) and all(_LINK.match(word) for word in words)


# How a sheet writes when a form's answer was sent: its spreadsheet's locale writes the date
# ("2030/05/01", "5/1/2030", "01/05/2030", "01.05.2030") and the time (24 or 12 hours;
# "10.20.00" in Italian).
_DATES = (
    "%Y/%m/%d",
    "%Y-%m-%d",
    "%Y.%m.%d",
    "%m/%d/%Y",
    "%d/%m/%Y",
    "%d.%m.%Y",
    "%d-%m-%Y",
    "%m/%d/%y",
    "%d/%m/%y",
    "%d.%m.%y",
)
_TIMES = ("%H:%M:%S", "%H:%M", "%I:%M:%S %p", "%I:%M %p", "%H.%M.%S", "%H.%M")
_FORMATS = tuple(f"{day} {time}" for day in _DATES for time in _TIMES)


def _moment(text: str, form: str) -> datetime | None:
    """``text`` read as a moment by ``form`` (None for ISO 8601), or None if it is not one."""
    try:
        if form:
            return datetime.strptime(text, form)
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        # in UTC, year 1 an hour east of it is year 0, which no date has
        return moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment
    except (ValueError, OverflowError):
        return None


def _readings(
    items: list[BulkItem], forms: tuple[str, ...], unread: set[int]
) -> list[list[datetime | None]]:
    """The column read each way that reads it whole (but the ``unread`` cells: no time)."""
    readings: list[list[datetime | None]] = []
    for form in forms:
        moments: list[datetime | None] = []
        for at, item in enumerate(items):
            moment = None
            if item.answered_as and at not in unread:
                moment = _moment(item.answered_as, form)
                if moment is None:
                    break  # not this way: most ways stop at the first answer
            moments.append(moment)
        else:
            readings.append(moments)
    return readings


def _read_times(items: list[BulkItem]) -> None:
    """Each answer's time, where it can be told: by the one way of writing a moment that
    reads the whole column. When several ways read it (5/1 is the 5th of January or the 1st
    of May), a player's answers get their times only when every way puts them in the same
    order, and no two at one moment; otherwise none of them gets one, and which is the
    latest is not guessed. A cell no way reads (typed over: 'late') is no time: it leaves
    its own player's answers unordered, not everyone's."""
    forms = ("", *_FORMATS)
    readings = _readings(items, forms, set())
    if not readings:
        # Asked only then, as it tries every way on each cell: which cells no way reads.
        unread = {
            at
            for at, item in enumerate(items)
            if item.answered_as and all(_moment(item.answered_as, form) is None for form in forms)
        }
        readings = _readings(items, forms, unread) if unread else []
    if not readings:
        return
    players: dict[str, list[int]] = {}
    for at, item in enumerate(items):
        players.setdefault(player_key(item.player), []).append(at)
    for answers in players.values():
        if any(readings[0][at] is None for at in answers):
            continue  # an answer without its time: which is the latest is not told
        if len({readings[0][at] for at in answers}) < len(answers):
            continue  # two sent at one moment (as far as the sheet writes it): not told
        orders = {tuple(sorted(answers, key=lambda at: reading[at])) for reading in readings}
        if len(orders) == 1:
            for at in answers:
                items[at].answered = readings[0][at]
