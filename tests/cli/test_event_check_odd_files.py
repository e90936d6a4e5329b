"""``deckwright event check`` on a folder holding a named pipe, a socket or a link to a
device under a decklist's name: each is said as a list not checked, and why, and nothing
waits on it."""

from __future__ import annotations

import os
import shutil
import signal
import socket
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def folder(tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copy(EXAMPLES / "era-legal.txt", folder / "alice.txt")
    return folder


@pytest.fixture
def within_ten_seconds():
    """A check that would wait on a pipe for ever fails instead."""

    def hung(_signum, _frame):
        raise TimeoutError("the check was still waiting after 10 seconds")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def test_a_named_pipe_is_said_as_skipped_and_why(run, folder, within_ten_seconds):
    os.mkfifo(folder / "bob.txt")
    result = run("event", "check", folder, "-g", "era")
    assert result.output.splitlines() == [
        f"{folder / 'alice.txt'}: legal in ERA Standard",
        f"{folder / 'bob.txt'}: not checked: a named pipe, not a file: skipped unread"
        " (save the list as a file)",
        "2 decks: 1 legal, 0 not legal, 1 not checked (unreadable)",
    ]
    assert result.exit_code == 2  # a list not checked: no verdict on the event


def test_a_named_pipe_someone_writes_to_is_still_not_waited_on(run, folder, within_ten_seconds):
    pipe = folder / "bob.txt"
    os.mkfifo(pipe)
    # A writer holding the pipe open and never closing it: a read would never end.
    writer = os.open(pipe, os.O_RDWR)
    try:
        os.write(writer, b"1 Kindle\n")
        result = run("event", "check", folder, "-g", "era")
    finally:
        os.close(writer)
    assert f"{pipe}: not checked: a named pipe" in result.output
    assert result.exit_code == 2


def test_a_link_to_a_device_and_a_socket_are_said_too(run, folder, within_ten_seconds):
    (folder / "carol.txt").symlink_to("/dev/zero")
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(folder / "dan.deck"))
        result = run("event", "check", folder, "-g", "era")
    finally:
        server.close()
    lines = result.output.splitlines()
    assert f"{folder / 'carol.txt'}: not checked: a device, not a file: skipped unread" in lines[1]
    assert f"{folder / 'dan.deck'}: not checked: a socket, not a file: skipped unread" in lines[2]
    assert lines[-1] == "3 decks: 1 legal, 0 not legal, 2 not checked (unreadable)"
    assert result.exit_code == 2


def test_the_report_names_the_skipped_pipe(run, folder, tmp_path, within_ten_seconds):
    os.mkfifo(folder / "bob.txt")
    report = tmp_path / "report.csv"
    run("event", "check", folder, "-g", "era", "--report", report)
    text = report.read_text(encoding="utf-8-sig")
    assert "bob.txt" in text
    assert "a named pipe, not a file" in text


def test_a_file_not_read_as_a_decklist_is_said_skipped(run, folder):
    """Nina saved her list from Word: it was left out of the check without a word, and the
    organizer, told "1 deck: 1 legal", never looked for it."""
    (folder / "nina.docx").write_bytes(b"PK\x03\x04")
    (folder / "round2").mkdir()
    (folder / "round2" / "Oscar.rtf").write_text("{\\rtf1 3 Kindle}")
    (folder / ".DS_Store").write_bytes(b"\x00\x00\x00\x01Bud1")  # hidden: not said
    result = run("event", "check", folder, "-g", "era")
    assert result.output.splitlines() == [
        f"{folder / 'alice.txt'}: legal in ERA Standard",
        f"{folder / 'nina.docx'}: skipped: not a decklist (.txt, .dek, .deck, .json files only)",
        f"{folder / 'round2' / 'Oscar.rtf'}: skipped: not a decklist"
        " (.txt, .dek, .deck, .json files only)",
        "1 deck: 1 legal, 0 not legal; 2 other files skipped (not decklists)",
    ]
    assert result.exit_code == 0  # a folder may hold notes, or the report itself


def test_the_report_written_into_the_folder_is_said_skipped_on_the_next_run(run, folder):
    report = folder / "report.csv"
    run("event", "check", folder, "-g", "era", "--report", report)
    again = run("event", "check", folder, "-g", "era", "--report", report)
    assert f"{report}: skipped: not a decklist" in again.output
    assert again.exit_code == 0
