"""An empty decklist in an event's folder is said to be empty by ``deckwright event check``,
in the words the site's event pages answer an empty list with: not judged as a deck of no
cards."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from tests.events.conftest import EXAMPLES
from validator.cli import cli


@pytest.fixture
def run(monkeypatch):
    monkeypatch.delenv("DECKWRIGHT_POOLS", raising=False)

    def invoke(*args):
        return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return invoke


@pytest.fixture
def folder(tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "Alice.txt")
    return folder


def test_an_empty_file_is_said_empty_and_not_checked(run, folder):
    (folder / "Bob.txt").write_bytes(b"")
    (folder / "Cy.txt").write_text(" \n\t\n\n", encoding="utf-8")  # blanks alone
    (folder / "Dee.json").write_bytes(b"\xef\xbb\xbf")  # Notepad's mark, and nothing else
    result = run("event", "check", folder, "-g", "era")
    assert result.output.splitlines() == [
        f"{folder / 'Alice.txt'}: legal in ERA Standard",
        f"{folder / 'Bob.txt'}: not checked: the decklist is empty",
        f"{folder / 'Cy.txt'}: not checked: the decklist is empty",
        f"{folder / 'Dee.json'}: not checked: the decklist is empty",
        "4 decks: 1 legal, 0 not legal, 3 not checked (unreadable)",
    ]
    assert result.exit_code == 2  # a list not checked: no verdict on the event as a whole


def test_the_report_names_the_empty_list(run, folder, tmp_path):
    (folder / "Bob.txt").write_bytes(b"")
    report = tmp_path / "report.csv"
    result = run("event", "check", folder, "-g", "era", "--report", report)
    assert result.exit_code == 2
    rows = report.read_text(encoding="utf-8-sig").splitlines()
    assert rows[2] == f"{folder / 'Bob.txt'},Bob,no,1,0,the decklist is empty"


def test_the_site_says_an_empty_list_in_the_same_words(event, run, folder):
    answer = event.submit("Bob", " \n\n")
    assert answer.status_code == 422
    said = answer.get_json()["error"]["message"]
    (folder / "Bob.txt").write_text(" \n\n", encoding="utf-8")
    result = run("event", "check", folder, "-g", "era")
    assert f"{folder / 'Bob.txt'}: not checked: {said}" in result.output.splitlines()
