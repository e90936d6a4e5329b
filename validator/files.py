"""Checking decklist files: one deck, or an organizer's whole folder of submissions."""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import re
import stat
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from cardpool import DeckwrightError, Game

from .deck import Deck
from .decklist import ParsedDeck, parse_mapping, parse_text
from .engine import validate, validate_all_formats
from .errors import DecklistError
from .jsonkeys import repeated_key
from .players import DECKLIST_SUFFIXES, FirstLists, player_of_upload, second_list
from .problems import ERROR, WARNING, Problem, Result
from .spreadsheet import safe_cell

MAX_DECKLIST_BYTES = 1_000_000
SECOND_LIST = "duplicate-player"  # the rule of a folder's second list for one player


class DecklistFileError(DeckwrightError):
    """A decklist file that cannot be read at all (missing, binary, too large)."""

    code = "unreadable-decklist"

    def __init__(self, path: Path | str, reason: str):
        self.path, self.reason = path, reason
        super().__init__(f"{shown(path)}: {reason}")


def shown(path: Path | str) -> str:
    """A path as text any output can hold, on one line: bytes of a file's name that are no
    UTF-8 (kept by Python as lone surrogates, which a UTF-8 report or JSON cannot carry) are
    written as ``\\xff``, and control characters (a line break typed into a save box) as
    ``\\n``, so the organizer can still tell which file it is."""
    text = str(path)
    if not text.isascii():
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    if _CONTROL_IN_NAME.search(text):
        text = _CONTROL_IN_NAME.sub(lambda char: repr(char.group())[1:-1], text)
    return text


_CONTROL_IN_NAME = re.compile("[\x00-\x1f\x7f]")


@dataclass
class FileVerdict:
    path: Path | str  # as the command line named it ("./-", not the "-" of its Path)
    parsed: ParsedDeck
    result: Result
    formats: dict[str, Result] = field(default_factory=dict)
    unreadable: str = ""  # why the file could not be read, when it could not
    repeated: str = ""  # why it was not checked, when it is its player's second list

    @property
    def legal(self) -> bool:
        return self.result.legal

    @property
    def not_checked(self) -> str:
        """Why the list was not checked ("" when it was)."""
        return self.unreadable or self.repeated


def read_decklist(path: Path | str, game: Game) -> ParsedDeck:
    """Read a text decklist, or the JSON form when the file ends in ``.json``. A file typed
    in Windows-1252 (Notepad on Windows) is read so, with a warning to check its names, as
    an upload of it is. The text "-" is the standard input (:data:`STANDARD_INPUT`)."""
    raw = _read_bytes(path)
    text, read_as = _text(path, raw)
    parsed = _parsed(Path(path), text, game)
    if read_as == WINDOWS_1252:
        parsed.problems.append(Problem(rule=CODE_PAGE, severity=WARNING, message=READ_AS_1252))
    return parsed


CODE_PAGE = "decklist-windows-1252"
READ_AS_1252 = (
    "the file is not UTF-8 text, so it was read as Windows-1252, as Notepad on Windows saves"
    " text: check its names (saved as UTF-8, every letter of every language is kept)"
)


# How an empty list is told, by the site's event pages and ``deckwright event check`` alike.
EMPTY_DECKLIST = "the decklist is empty"


def is_empty_decklist(text: str) -> bool:
    """Whether a list holds nothing but blanks: no list at all, said so (with
    :data:`EMPTY_DECKLIST`) rather than judged as a deck of no cards."""
    return not text.strip()


def _parsed(path: Path, text: str, game: Game) -> ParsedDeck:
    if is_empty_decklist(text):  # an empty file: no list, nor a deck of no cards
        raise DecklistFileError(path, EMPTY_DECKLIST)
    try:
        if path.suffix.lower() != ".json":
            return parse_text(text, game, name=path.stem)
        try:
            data = json.loads(text, object_pairs_hook=_unique_keys)
        except _RepeatedKey as exc:
            raise DecklistFileError(
                path, f"not valid JSON (it names the key {exc.key!r} twice in one object)"
            ) from None
        except json.JSONDecodeError as exc:
            raise DecklistFileError(
                path, f"not valid JSON (line {exc.lineno}: {exc.msg})"
            ) from None
        except RecursionError:
            raise DecklistFileError(path, "not valid JSON (nested too deeply)") from None
        except ValueError:  # past the interpreter's limit of digits for one integer
            raise DecklistFileError(path, "not valid JSON (a number too long)") from None
        return parse_mapping(data, game)
    except DecklistError as exc:  # too many lines or entries, or no deck at all
        raise DecklistFileError(path, str(exc)) from None


# Opened without waiting: a named pipe opened to read waits for a writer, for ever.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
NOT_REGULAR = "not a regular file (a device or a socket)"
NOTHING_PIPED = "a pipe no one writes to (nothing was sent through it)"


def _read_bytes(path: Path | str) -> bytes:
    """A decklist file's bytes: a regular file or a pipe, of at most ``MAX_DECKLIST_BYTES``.

    A pipe is read as the file it carries (``cat deck.txt | deckwright validate -g era -``,
    ``/dev/stdin`` or ``<(...)``), unless no one writes to it: a named pipe with no writer is
    refused, never waited on. A device (``/dev/zero``, which never ends) or a link to one is
    refused before any read; the size is the open file's (one lookup of its path), and no
    more than one byte past the limit is ever read, whatever the size said.
    """
    if is_standard_input(path):
        descriptor = _standard_input(path)
    else:
        try:
            descriptor = os.open(path, _OPEN_FLAGS)
        except OSError as exc:
            raise DecklistFileError(path, exc.strerror or str(exc)) from None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise DecklistFileError(path, os.strerror(errno.EISDIR))
        if stat.S_ISFIFO(info.st_mode):
            size, raw = 0, _read_pipe(path, descriptor)
        elif not stat.S_ISREG(info.st_mode):
            raise DecklistFileError(path, NOT_REGULAR)
        else:
            size, raw = info.st_size, b""
            if size <= MAX_DECKLIST_BYTES:
                with open(descriptor, "rb", closefd=False) as handle:
                    raw = handle.read(MAX_DECKLIST_BYTES + 1)
    except OSError as exc:
        raise DecklistFileError(path, exc.strerror or str(exc)) from None
    finally:
        os.close(descriptor)
    if size > MAX_DECKLIST_BYTES or len(raw) > MAX_DECKLIST_BYTES:
        raise DecklistFileError(path, f"larger than {MAX_DECKLIST_BYTES} bytes")
    return raw


# A dash names the standard input, as it does to cat and grep: `... | deckwright validate -g
# era -` (/dev/stdin is no file on Windows). Only the text "-" as given: "./-", or a Path
# (whose "./-" is "-"), is the file named "-", as `cat ./-` reads it.
STANDARD_INPUT = "-"


def is_standard_input(path: Path | str) -> bool:
    return isinstance(path, str) and path == STANDARD_INPUT


NO_STANDARD_INPUT = "no standard input to read (pipe a list to the command)"
A_TERMINAL = (
    "the standard input is the terminal: pipe a list to the command"
    " (cat deck.txt | deckwright validate -g era -), or name its file"
)


def _standard_input(path: str) -> int:
    """A descriptor of the command's standard input, read as the file or pipe it is; a
    terminal is refused saying how to pipe one: a list pasted there would wait for an end of
    input (Ctrl-D) few players know to type."""
    try:
        descriptor = os.dup(sys.stdin.fileno())
    except (AttributeError, OSError, ValueError):  # closed, or not a file (in-process)
        raise DecklistFileError(path, NO_STANDARD_INPUT) from None
    if os.isatty(descriptor):
        os.close(descriptor)
        raise DecklistFileError(path, A_TERMINAL)
    return descriptor


def _read_pipe(path: Path | str, descriptor: int) -> bytes:
    """What a pipe carries, up to one byte past the limit. Nothing there yet and no writer is
    a pipe no one writes to (a named pipe with no writer reads as its end at once); a writer
    that has not written yet is waited for, as ``cat`` waits."""
    try:
        first = os.read(descriptor, MAX_DECKLIST_BYTES + 1)
    except BlockingIOError:
        first = None
    if first == b"":
        raise DecklistFileError(path, NOTHING_PIPED)
    os.set_blocking(descriptor, True)
    chunks, size = [first or b""], len(first or b"")
    while size <= MAX_DECKLIST_BYTES:
        chunk = os.read(descriptor, MAX_DECKLIST_BYTES + 1 - size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


class _RepeatedKey(Exception):
    def __init__(self, key: str):
        self.key = key


def _unique_keys(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object, refused when it names a key twice, as the API refuses such a body."""
    if (twice := repeated_key(pairs)) is not None:
        raise _RepeatedKey(twice)
    return dict(pairs)


# Windows editors save "Unicode" text as UTF-16 starting with its byte order mark.
_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")
NOT_TEXT = "not a UTF-8 text file"


def decoded_text(raw: bytes) -> tuple[str | None, str]:
    """A decklist file's bytes as text, or None and why not.

    UTF-8 is read with or without its byte order mark, and UTF-16 when it starts with its
    mark. Text holding NUL characters is refused: UTF-16 without its mark, or a Mac's "._"
    twin of a file, reads as UTF-8 full of them, and no one types them into a list.
    """
    encoding = "utf-16" if raw.startswith(_UTF16_MARKS) else "utf-8-sig"
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:
        return None, NOT_TEXT
    if "\x00" in text:
        return None, f"{NOT_TEXT} (it holds NUL bytes)"
    return text, ""


# How :func:`typed_text` read a text, or why it could not.
WINDOWS_1252 = "Windows-1252"
NOT_TYPED_TEXT = "not text"
OTHER_CODE_PAGE = "another code page"


def typed_text(data: bytes) -> tuple[str | None, str]:
    """Text typed on any computer, and how it was read ("" for UTF-8 or UTF-16,
    :data:`WINDOWS_1252`); or None and why not (:data:`NOT_TYPED_TEXT`, :data:`OTHER_CODE_PAGE`).

    UTF-8 (with or without its mark) and UTF-16 with its mark are read as a decklist file
    is; other bytes as Windows-1252, the code page Windows' editors and Excel save text in
    ("José", "Renée’s deck"). The five bytes Windows-1252 leaves undefined, NUL bytes
    (UTF-16 without its mark) and a broken UTF-16 text are not text; a text with four
    accented letters in a row ("Àëåêñåé"), which no Western name has, is another code page's
    letters (Cyrillic, Greek) read as Windows-1252, names no one typed. A UTF-8 text with
    a few bytes that are not (a line pasted from an old file) stays UTF-8, those bytes alone
    read as Windows-1252: read whole so, its every accented letter was two ("JosÃ©").
    """
    text, _ = decoded_text(data)
    if text is not None:
        return text, ""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None, NOT_TYPED_TEXT
    try:
        text = _utf8_with_odd_bytes(data) or data.decode("cp1252")
    except UnicodeDecodeError:
        return None, NOT_TYPED_TEXT
    if _CONTROL.search(text):
        # NUL bytes (UTF-16 without its mark) or other control characters, which no text
        # typed into a list or a spreadsheet holds: a PDF, an image, a program.
        return None, NOT_TYPED_TEXT
    if _OTHER_CODE_PAGE.search(text):
        return None, OTHER_CODE_PAGE
    return text, WINDOWS_1252


# A byte UTF-8 could not read, as Python's "surrogateescape" keeps it.
_ODD_BYTE = re.compile("[\udc80-\udcff]")


def _utf8_with_odd_bytes(data: bytes) -> str | None:
    """A text in UTF-8 but for a few bytes, each read as Windows-1252; None when it holds
    fewer letters of UTF-8 beyond ASCII than bytes UTF-8 cannot read (a text typed in
    Windows-1252, whose "é" is one such byte, holds next to none). Raises
    UnicodeDecodeError for a byte Windows-1252 leaves undefined."""
    text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8", "surrogateescape")
    odd = len(_ODD_BYTE.findall(text))
    if sum(not char.isascii() for char in text) - odd < odd:
        return None
    return _ODD_BYTE.sub(lambda byte: bytes([ord(byte[0]) - 0xDC00]).decode("cp1252"), text)


# Control characters but tabs, line breaks and the end-of-file mark (Ctrl-Z) of old DOS files.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x19\x1b-\x1f\x7f]")
# Four accented letters in a row (Windows-1252's upper half, where other code pages keep
# their own alphabets): "Ñúñez" has three, "Àëåêñåé" seven.
_OTHER_CODE_PAGE = re.compile("[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff]{4,}")


def _text(path: Path | str, raw: bytes) -> tuple[str, str]:
    """A decklist file's text, and how it was read (see :func:`typed_text`)."""
    text, read_as = typed_text(raw)
    if text is None:
        if read_as == OTHER_CODE_PAGE:
            raise DecklistFileError(
                path,
                "not UTF-8 text, and its letters are not Windows-1252's either (a computer set"
                " to another language saves its own code page): save it as UTF-8",
            )
        raise DecklistFileError(path, decoded_text(raw)[1])
    return text, read_as


# The rule of the warning on a list naming another format than its event's.
OTHER_FORMAT = "event-format"


def played_in_another_format(
    game: Game, parsed: ParsedDeck, format_id: str | None
) -> list[Problem]:
    """A warning when an event's list names a format of the game other than the event's,
    ``format_id`` (the game's default when None): "Format: Open" on a text list, a builder's
    deck saved in Open. It is judged in the event's format all the same, and its player (or
    the organizer checking the event's folder) is told so rather than left to think otherwise."""
    played_id = format_id or game.default_format
    if parsed.format is None or parsed.format == played_id:
        return []
    named, played = game.format(parsed.format).name, game.format(played_id).name
    return [
        Problem(
            rule=OTHER_FORMAT,
            severity=WARNING,
            message=f"Your list says its format is {named}; this event is played in {played},"
            f" and your list is checked against {played}",
        )
    ]


def check_file(
    path: Path | str,
    game: Game,
    format_id: str | None = None,
    as_of: date | None = None,
    all_formats: bool = False,
    own_format: bool = True,
) -> FileVerdict:
    """A decklist file's verdict in ``format_id``; with none, in the format the list names
    as its own ("Format: Open" on a text list, a JSON deck's "format", as the site's exports
    write it) when ``own_format``, else in the game's default."""
    parsed = read_decklist(path, game)
    if format_id is None and own_format:
        format_id = parsed.format
    problems = parsed.problems
    if not own_format:
        problems = [*problems, *played_in_another_format(game, parsed, format_id)]
    result = validate(parsed.deck, format_id, as_of, problems)
    formats = validate_all_formats(parsed.deck, as_of, parsed.problems) if all_formats else {}
    return FileVerdict(path, parsed, result, formats)


def _hidden(name: str) -> bool:
    # A copied folder carries files no player wrote: a Mac's "._" twins and __MACOSX,
    # editors' and version control's dot files. An uploaded zip skips them alike.
    return name.startswith(".") or name == "__MACOSX"


def _not_a_file(path: str) -> str:
    """Why a folder's entry named as a decklist is skipped unread ("" when it is a file, or
    a link to nothing, which reading then names): a named pipe is never opened, as its
    writer may never end, nor a device or a socket."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return ""
    if stat.S_ISREG(mode):
        return ""
    kind = (
        "a named pipe"
        if stat.S_ISFIFO(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "a special file"
    )
    return f"{kind}, not a file: skipped unread (save the list as a file)"


def decklist_files(folder: Path, others: list[Path] | None = None) -> dict[Path, str]:
    """The decklists in a folder (and below it), in name order, each with why it cannot
    be read ("" when it can): a folder that cannot be opened is named, never left out.
    The other files (hidden ones aside) are added to ``others``, in name order: a list
    saved as a Word document is said skipped, not left out unseen."""
    folder = Path(folder)
    if not folder.is_dir():
        raise DecklistFileError(folder, "not a folder")
    found: dict[Path, str] = {}

    def unopened(exc: OSError) -> None:
        found[Path(exc.filename)] = exc.strerror or str(exc)

    for root, folders, names in os.walk(folder, onerror=unopened):
        folders[:] = [name for name in folders if not _hidden(name)]
        for name in names:
            if _hidden(name):
                continue
            full = os.path.join(root, name)
            if os.path.splitext(name)[1].lower() not in DECKLIST_SUFFIXES:
                if others is not None:
                    others.append(Path(full))
                continue
            found[Path(full)] = _not_a_file(full)
    if others:
        others.sort(key=lambda path: path.parts)
    # By the paths' parts, the order of paths themselves: compared as paths they sort a
    # folder of 2,000 lists ten times slower.
    return dict(sorted(found.items(), key=lambda item: item[0].parts))


def check_folder(
    folder: Path,
    game: Game,
    format_id: str | None = None,
    as_of: date | None = None,
    others: list[Path] | None = None,
) -> list[FileVerdict]:
    """Every decklist in a folder checked; one that cannot be read is a verdict naming why,
    so one stray file neither stops the others nor passes unseen. The folder's other files
    are added to ``others`` (see :func:`decklist_files`).

    Each file is one player's list, named by the file ("Alice_Smith.txt" is Alice Smith)
    as an uploaded zip names them: a later file (in name order) for a player whose list
    was read already ("alice.TXT" after "Alice.txt") is not checked but named as their
    second list, as an upload skips it.
    """
    verdicts = []
    firsts: FirstLists[Path] = FirstLists()
    for path, reason in decklist_files(folder, others).items():
        try:
            if reason:
                raise DecklistFileError(path, reason)
            # an event is played in one format: a list naming another is judged in it still
            verdict = check_file(path, game, format_id, as_of, own_format=False)
        except DecklistFileError as exc:
            verdicts.append(unreadable_verdict(path, game, format_id, exc.reason))
            continue
        # named as an upload names them: a form's folder of uploads by who answered
        player = player_of_upload(path.as_posix())
        if (first := firsts.first_of(player, path)) is not None:
            reason = f"{second_list(shown(player))} (the first is {shown(first)})"
            verdict = second_list_verdict(path, game, format_id, reason)
        verdicts.append(verdict)
    return verdicts


def unreadable_verdict(
    path: Path | str, game: Game, format_id: str | None, reason: str
) -> FileVerdict:
    verdict = _unchecked(path, game, format_id, DecklistFileError.code, reason)
    verdict.unreadable = reason
    return verdict


def second_list_verdict(path: Path, game: Game, format_id: str | None, reason: str) -> FileVerdict:
    verdict = _unchecked(path, game, format_id, SECOND_LIST, reason)
    verdict.repeated = reason
    return verdict


def _unchecked(
    path: Path | str, game: Game, format_id: str | None, rule: str, reason: str
) -> FileVerdict:
    """The verdict on a list not checked: its one problem says why."""
    fmt = game.format(format_id)
    problem = Problem(rule=rule, severity=ERROR, message=reason)
    result = Result(game.id, fmt.id, fmt.name, [problem])
    return FileVerdict(path, ParsedDeck(Deck(game)), result)


def verdict_word(result: Result) -> str:
    return "legal" if result.legal else "NOT legal"


def counts_phrase(result: Result) -> str:
    errors, warnings = len(result.errors), len(result.warnings)
    parts = []
    if errors:
        parts.append(f"{errors} error{'s' if errors != 1 else ''}")
    if warnings:
        parts.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
    return f" ({', '.join(parts)})" if parts else ""


def summary_line(verdict: FileVerdict, game: Game) -> str:
    if verdict.not_checked:
        return f"{shown(verdict.path)}: not checked: {verdict.not_checked}"
    result = verdict.result
    line = (
        f"{shown(verdict.path)}: {verdict_word(result)} in {game.short_name} {result.format_name}"
        f"{counts_phrase(result)}"
    )
    if verdict.formats:
        legal_in = [r.format_name for r in verdict.formats.values() if r.legal]
        not_in = [r.format_name for r in verdict.formats.values() if not r.legal]
        line += f"; legal in: {', '.join(legal_in) or 'none'}"
        if not_in:
            line += f"; not in: {', '.join(not_in)}"
    return line


def detail_lines(result: Result) -> list[str]:
    """One line per problem, pointing at the decklist lines behind it."""
    lines = []
    for problem in result.problems:
        where = ""
        if problem.lines and not problem.message.startswith("Line "):
            numbers = ", ".join(str(n) for n in problem.lines)
            where = f" (line{'s' if len(problem.lines) > 1 else ''} {numbers})"
        lines.append(f"  {problem.severity}: {problem.message}{where} [{problem.rule}]")
    return lines


def verdict_json(verdict: FileVerdict) -> dict:
    data = {
        "file": shown(verdict.path),
        "game": verdict.result.game,
        "format": verdict.result.format,
        "legal": verdict.result.legal,
        "problems": [p.as_dict() for p in verdict.result.problems],
    }
    if verdict.formats:
        data["formats"] = {fid: r.legal for fid, r in verdict.formats.items()}
    if verdict.not_checked:
        data["not_checked"] = verdict.not_checked
    return data


REPORT_COLUMNS = ("file", "player", "legal", "errors", "warnings", "problems")


def report_csv(verdicts: Iterable[FileVerdict], separator: str = ",") -> str:
    """The organizer's report: one row per decklist, every problem in the last column, its
    cells separated by ``separator`` (one of :data:`validator.spreadsheet.SEPARATORS`); the
    cells a file's name or its problems fill are kept from running as spreadsheet formulas."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator, lineterminator="\n")
    writer.writerow(REPORT_COLUMNS)
    for verdict in verdicts:
        result = verdict.result
        writer.writerow(
            (
                safe_cell(shown(verdict.path)),
                safe_cell(shown(player_of_upload(verdict.path.as_posix()))),
                "yes" if result.legal else "no",
                len(result.errors),
                len(result.warnings),
                safe_cell(" | ".join(p.message for p in result.problems)),
            )
        )
    return out.getvalue()
