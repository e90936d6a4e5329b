"""An event's verdicts and lists as a CSV file the organizer downloads.

The CSV is opened in spreadsheets, where a cell starting with ``=``, ``+``,
``-`` or ``@`` is run as a formula. Player names, ids, problems and lists are
typed by people, so such a cell of theirs is prefixed with a quote and stays
text; the cells the site writes (an entry id may start with ``-``) are kept
exactly, so they still work when copied back.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from validator.spreadsheet import SEPARATORS, safe_cell

from . import Entry

CSV_COLUMNS = (
    "player",
    "player_id",
    "entry",
    "status",
    "legal",
    "errors",
    "warnings",
    "version",
    "received",
    "receipt",
    "problems",
    "list",
    # What the list on file reads to against today's card pool (as the dashboard's filters
    # count it), and its first errors where that is not the verdict it got: after the
    # columns a sheet or script made for an earlier export reads by their place.
    "status_today",
    "problems_today",
)
# The columns whose text comes from people, not from the site (a problem names a card as
# the player typed it).
FREE_TEXT = frozenset({"player", "player_id", "problems", "list", "problems_today"})


def _cell(value: Any) -> str:
    return "" if value is None else str(value)


def separator_refused(name: str) -> str:
    """Why ``?separator=name`` cannot be given, in words naming those that can."""
    shown = name if len(name) <= 40 else name[:40] + "..."
    offered = " or a ".join(SEPARATORS)
    return f"the CSV is offered with cells separated by a {offered}, not {shown!r}"


def export_csv(entries: list[Entry], separator: str = ",") -> str:
    """One row per entry: verdict, problem messages and the canonical list, and what the
    list reads to today (``Entry.today``, set by the caller), its cells separated by
    ``separator`` (one of :data:`SEPARATORS`)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for entry in entries:
        latest = entry.latest
        row = [entry.player, entry.player_id, entry.id, entry.status]
        if latest is None:
            row += ["", "", "", "", "", "", "", "", entry.status_today, ""]
        else:
            row += [
                "yes" if latest.legal else "no",
                latest.errors,
                latest.warnings,
                latest.number,
                latest.received.isoformat(),
                latest.receipt,
                " | ".join(p["message"] for p in latest.problems),
                latest.canonical,
                entry.status_today,
                "" if entry.today is None else " | ".join(entry.today.problems),
            ]
        writer.writerow(
            [
                safe_cell(cell) if column in FREE_TEXT else _cell(cell)
                for column, cell in zip(CSV_COLUMNS, row, strict=True)
            ]
        )
    return out.getvalue()
