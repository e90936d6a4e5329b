"""Cells of the CSV files organizers open in spreadsheets.

A spreadsheet runs a cell starting with ``=``, ``+``, ``-`` or ``@`` as a formula
(and some start one after a tab or a carriage return). Player names, file names,
problems and lists are typed by people, so such a cell of theirs is prefixed with
a quote and stays text.
"""

from __future__ import annotations

from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

# The separators a CSV is offered with, by the name a link, a query or an option gives. A
# comma is the CSV programs read. Where Excel's list separator is a semicolon (where the decimal
# mark is a comma: most of Europe), Excel shows a comma CSV in one column and opens a
# semicolon one in columns. Excel's own hint, a first line "sep=;", is not written: with
# it, Excel ignores the byte order mark and shows "José" as "JosÃ©", and other programs
# read the line as a row.
SEPARATORS = {"comma": ",", "semicolon": ";"}


def safe_cell(value: Any) -> str:
    """A CSV cell a spreadsheet shows as text, never runs as a formula."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def cell_text(cell: str) -> str:
    """The text of a cell :func:`safe_cell` wrote: the quote it put before a formula's start
    is taken off again, so a CSV the site exported reads back as it was exported."""
    if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS):
        return cell[1:]
    return cell
