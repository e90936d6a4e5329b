"""Checking decklist files: one deck, or an organizer's whole folder of submissions."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from cardpool import DeckwrightError, Game

from .decklist import ParsedDeck, parse_mapping, parse_text
from .engine import validate, validate_all_formats
from .errors import DecklistError
from .problems import Result

DECKLIST_SUFFIXES = (".txt", ".json", ".dek", ".deck")
MAX_DECKLIST_BYTES = 1_000_000


class DecklistFileError(DeckwrightError):
    """A decklist file that cannot be read at all (missing, binary, too large)."""

    code = "unreadable-decklist"


@dataclass
class FileVerdict:
    path: Path
    parsed: ParsedDeck
    result: Result
    formats: dict[str, Result] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return self.result.legal


def read_decklist(path: Path, game: Game) -> ParsedDeck:
    """Read a text decklist, or the JSON form when the file ends in ``.json``."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_DECKLIST_BYTES:
            raise DecklistFileError(f"{path}: larger than {MAX_DECKLIST_BYTES} bytes")
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise DecklistFileError(f"{path}: not a UTF-8 text file") from None
    except OSError as exc:
        raise DecklistFileError(f"{path}: {exc.strerror or exc}") from None
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DecklistFileError(
                f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})"
            ) from None
        try:
            return parse_mapping(data, game)
        except DecklistError as exc:
            raise DecklistFileError(f"{path}: {exc}") from None
    return parse_text(text, game, name=path.stem)


def check_file(
    path: Path,
    game: Game,
    format_id: str | None = None,
    as_of: date | None = None,
    all_formats: bool = False,
) -> FileVerdict:
    parsed = read_decklist(path, game)
    result = validate(parsed.deck, format_id, as_of, parsed.problems)
    formats = validate_all_formats(parsed.deck, as_of, parsed.problems) if all_formats else {}
    return FileVerdict(Path(path), parsed, result, formats)


def decklist_files(folder: Path) -> list[Path]:
    """The decklists in a folder (and below it), in name order."""
    folder = Path(folder)
    if not folder.is_dir():
        raise DecklistFileError(f"{folder}: not a folder")
    return sorted(
        p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in DECKLIST_SUFFIXES
    )


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
    result = verdict.result
    line = (
        f"{verdict.path}: {verdict_word(result)} in {game.short_name} {result.format_name}"
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
        "file": str(verdict.path),
        "game": verdict.result.game,
        "format": verdict.result.format,
        "legal": verdict.result.legal,
        "problems": [p.as_dict() for p in verdict.result.problems],
    }
    if verdict.formats:
        data["formats"] = {fid: r.legal for fid, r in verdict.formats.items()}
    return data


REPORT_COLUMNS = ("file", "player", "legal", "errors", "warnings", "problems")


def report_csv(verdicts: Iterable[FileVerdict]) -> str:
    """The organizer's report: one row per decklist, every problem in the last column."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(REPORT_COLUMNS)
    for verdict in verdicts:
        result = verdict.result
        writer.writerow(
            (
                str(verdict.path),
                verdict.path.stem,
                "yes" if result.legal else "no",
                len(result.errors),
                len(result.warnings),
                " | ".join(p.message for p in result.problems),
            )
        )
    return out.getvalue()
