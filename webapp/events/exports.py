"""An event's verdicts and lists as a CSV file the organizer downloads.

The CSV is opened in spreadsheets, where a cell starting with ``=``, ``+``,
``-`` or ``@`` is run as a formula; player names and card names are typed by
players, so every such cell is prefixed with a quote and stays text.
"""

from __future__ import annotations

import csv
import io
from typing import Any

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
)
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> str:
    """A CSV cell a spreadsheet shows as text, never runs as a formula."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def export_csv(entries: list[Entry]) -> str:
    """One row per entry: verdict, problem messages and the canonical list."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for entry in entries:
        latest = entry.latest
        row = [entry.player, entry.player_id, entry.id, entry.status]
        if latest is None:
            row += ["", "", "", "", "", "", "", ""]
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
            ]
        writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()
