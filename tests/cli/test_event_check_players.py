"""``deckwright event check``: two files naming one player (case, extension case and spacing
aside, as an upload keys players) are one player's two lists, and the second is flagged."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def folder(tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "Alice.txt")
    shutil.copy(EXAMPLES / "era-illegal.txt", folder / "bob.txt")
    return folder


def test_two_files_naming_one_player_are_a_second_list_not_checked(run, folder):
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "alice.TXT")
    result = run("event", "check", folder, "-g", "era")
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"{folder / 'Alice.txt'}: legal in ERA Standard",
        f"{folder / 'alice.TXT'}: not checked: a second list for alice"
        f" (the first is {folder / 'Alice.txt'})",
        f"{folder / 'bob.txt'}: NOT legal in ERA Standard (9 errors)",
        "3 decks: 1 legal, 1 not legal, 1 not checked (a player's second list)",
    ]


def test_a_player_named_with_other_spacing_or_in_a_subfolder_is_the_same_player(run, folder):
    (folder / "round2").mkdir()
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "round2" / "ALICE .txt")
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "Bob_.dek")  # before bob.txt in name order
    result = run("event", "check", folder, "-g", "era")
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"{folder / 'Alice.txt'}: legal in ERA Standard",
        f"{folder / 'Bob_.dek'}: legal in ERA Standard",
        f"{folder / 'bob.txt'}: not checked: a second list for bob"
        f" (the first is {folder / 'Bob_.dek'})",
        f"{folder / 'round2' / 'ALICE .txt'}: not checked: a second list for ALICE"
        f" (the first is {folder / 'Alice.txt'})",
        "4 decks: 2 legal, 0 not legal, 2 not checked (players' second lists)",
    ]


def test_a_second_list_is_named_in_the_report(run, folder, tmp_path):
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "alice.TXT")
    report = tmp_path / "report.csv"
    run("event", "check", folder, "-g", "era", "--report", report)
    rows = list(csv.reader(report.read_text(encoding="utf-8-sig").splitlines()))
    assert rows[2] == [
        str(folder / "alice.TXT"),
        "alice",
        "no",
        "1",
        "0",
        f"a second list for alice (the first is {folder / 'Alice.txt'})",
    ]


def test_an_unreadable_file_does_not_take_its_players_name(run, folder):
    (folder / "Alice.txt").write_bytes(b"\x89PNG\x00")
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "alice.TXT")
    result = run("event", "check", folder, "-g", "era")
    assert result.exit_code == 2
    assert result.output.splitlines()[1] == f"{folder / 'alice.TXT'}: legal in ERA Standard"
    assert result.output.splitlines()[-1] == (
        "3 decks: 1 legal, 1 not legal, 1 not checked (unreadable)"
    )


def test_players_with_different_names_are_no_second_lists(run, folder):
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "Alicia.txt")
    result = run("event", "check", folder, "-g", "era")
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == "3 decks: 2 legal, 1 not legal"


def test_a_list_saved_with_its_extension_twice_is_its_players(run, folder, tmp_path):
    # Windows hides known extensions: "carol.txt" saved by a tool adding its own.
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "carol.txt.txt")
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "carol.txt")
    report = tmp_path / "report.csv"
    result = run("event", "check", folder, "-g", "era", "--report", report)
    assert f"{folder / 'carol.txt.txt'}: not checked: a second list for carol" in result.output
    rows = list(csv.reader(report.read_text(encoding="utf-8-sig").splitlines()))
    assert [row[1] for row in rows[1:]] == ["Alice", "bob", "carol", "carol"]


@pytest.mark.parametrize("copy", ["bob (1).txt", "bob(1).txt"])
def test_a_file_downloaded_twice_is_its_players_second_list(run, folder, copy):
    # Chrome numbers a second download "bob (1).txt", Firefox "bob(1).txt"
    shutil.copy(EXAMPLES / "era-legal.txt", folder / copy)
    result = run("event", "check", folder, "-g", "era")
    assert f"{folder / 'bob.txt'}: not checked: a second list for bob" in result.output
    assert result.exit_code == 2


def test_a_name_typed_with_a_phones_apostrophe_or_without_its_hyphen_is_the_same_player(
    run, folder
):
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "Cara O'Neil.txt")
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "Cara O\u2019Neil.txt")
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "Jean-Luc.txt")
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "Jean_Luc.txt")
    result = run("event", "check", folder, "-g", "era")
    assert result.exit_code == 2
    lines = result.output.splitlines()
    straight = folder / "Cara O'Neil.txt"
    assert (
        f"{folder / 'Cara O’Neil.txt'}: not checked: a second list for Cara O’Neil"
        f" (the first is {straight})"
    ) in lines
    assert (
        f"{folder / 'Jean_Luc.txt'}: not checked: a second list for Jean Luc"
        f" (the first is {folder / 'Jean-Luc.txt'})"
    ) in lines
    assert lines[-1] == "6 decks: 3 legal, 1 not legal, 2 not checked (players' second lists)"
