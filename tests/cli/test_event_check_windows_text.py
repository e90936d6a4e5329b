"""Lists typed in Notepad on Windows are saved in Windows-1252: an event's folder of them is
read as an upload of them is, with a warning to check the names, not left unchecked."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LEGAL = (EXAMPLES / "era-legal.txt").read_text(encoding="utf-8")
SAID = "not UTF-8 text, so it was read as Windows-1252, as Notepad on Windows saves text"


@pytest.fixture
def folder(tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "alice.txt")
    (folder / "lena.txt").write_bytes(("# Renée’s deck – final\n" + LEGAL).encode("cp1252"))
    return folder


def test_a_list_saved_in_windows_1252_is_checked_with_a_warning(run, folder, tmp_path):
    """Lena's list was 'not checked: not a UTF-8 text file', though the site's upload of the
    same zip read it."""
    report = tmp_path / "report.csv"
    result = run("event", "check", folder, "-g", "era", "--report", report)
    assert result.output.splitlines()[:2] == [
        f"{folder / 'alice.txt'}: legal in ERA Standard",
        f"{folder / 'lena.txt'}: legal in ERA Standard (1 warning)",
    ]
    assert result.output.splitlines()[2] == "2 decks: 2 legal, 0 not legal"
    assert result.exit_code == 0
    rows = list(csv.DictReader(report.read_text(encoding="utf-8-sig").splitlines()))
    assert SAID in rows[1]["problems"]


def test_validate_reads_it_too_and_says_so(run, folder):
    result = run("validate", "-g", "era", folder / "lena.txt")
    assert result.exit_code == 0
    assert SAID in result.output


def test_another_code_pages_letters_are_still_refused(run, folder):
    (folder / "dmitri.txt").write_bytes(("# Дмитрий\n" + LEGAL).encode("cp1251"))
    result = run("event", "check", folder, "-g", "era")
    assert f"{folder / 'dmitri.txt'}: not checked: not UTF-8 text, and its letters" in result.output
    assert result.exit_code == 2
