"""The dashboard's upload report: each row is a list stored from the upload, with that
list's own verdict, errors and receipt, as the receipt a player gets for it would say."""

from __future__ import annotations

import re

from tests.events.conftest import example
from tests.events.test_forms_in_other_languages import sheet, upload

LEGAL, ILLEGAL = example("era-legal"), example("era-illegal")


def report_rows(page: str) -> list[tuple[str, str, str]]:
    """(from, verdict, errors) of each row of the upload report."""
    table = page.split('id="upload-report"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr><td[^>]*>([^<]+)</td>.*?</tr>", table, re.S)
    verdicts = re.findall(r'<span class="pill[^"]*">([^<]+)</span>', table)
    errors = re.findall(r'data-label="Errors">(\d+)<', table)
    return list(zip(rows, verdicts, errors, strict=True))


def test_a_players_earlier_answer_is_said_with_its_own_verdict(client, event):
    """Carol's first answer, not legal with 9 errors, was said 'Legal' beside its 9 errors:
    the verdict shown was her entry's (her later list's)."""
    data = sheet(
        ("Timestamp", "Your name", "Decklist"),
        ("5/14/2030 9:03:02", "Carol", ILLEGAL),
        ("5/14/2030 9:50:02", "Carol", LEGAL),
        ("5/14/2030 9:51:02", "Dan", LEGAL),
    )
    page = upload(client, event, data)
    assert report_rows(page) == [
        ("row 2", "Not legal", "9"),
        ("row 3", "Legal", "0"),
        ("row 4", "Legal", "0"),
    ]
