"""The command line as a stranger meets it: odd files, typos, odd folders, pipes."""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import shutil
import signal
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
LEGAL = (EXAMPLES / "era-legal.txt").read_text()


@pytest.fixture
def event_folder(tmp_path):
    folder = tmp_path / "event"
    (folder / "round1").mkdir(parents=True)
    (folder / "alice.txt").write_text(LEGAL)
    shutil.copy(EXAMPLES / "era-illegal.txt", folder / "round1" / "bob.txt")
    return folder


def test_a_json_decklist_nested_thousands_deep_is_a_file_error(run, tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text('{"sections": {"deck": ' + "[" * 5000 + "]" * 5000 + "}}")
    result = run("validate", "-g", "era", deck)
    assert result.exit_code == 2
    assert result.output == f"Error: {deck}: not valid JSON (nested too deeply)\n"


def test_a_json_count_of_thousands_of_digits_is_a_file_error(run, tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text('{"sections": {"deck": [{"card": "Kindle", "count": ' + "9" * 5000 + "}]}}")
    result = run("validate", "-g", "era", deck)
    assert result.exit_code == 2
    assert result.output == f"Error: {deck}: not valid JSON (a number too long)\n"


def test_a_json_decklist_naming_a_key_twice_is_a_file_error(run, tmp_path):
    # A JSON reader keeps the last of two equal keys: the first "dinos" list would be
    # dropped without a word, so the file is refused as the API refuses such a body.
    deck = tmp_path / "deck.json"
    deck.write_text(
        '{"sections": {"dinos": [{"card": "Kindle", "count": 3}],'
        ' "dinos": [{"card": "Kindle", "count": 1}]}}'
    )
    result = run("validate", "-g", "era", deck)
    assert result.exit_code == 2
    assert result.output == (
        f"Error: {deck}: not valid JSON (it names the key 'dinos' twice in one object)\n"
    )


def test_event_check_names_a_json_list_with_a_key_twice_as_not_checked(run, tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "alice.txt").write_text(LEGAL)
    (folder / "bob.json").write_text('{"name": "A", "name": "B", "sections": {}}')
    result = run("event", "check", folder, "-g", "era")
    assert result.exit_code == 2
    assert result.output.splitlines()[1] == (
        f"{folder / 'bob.json'}: not checked:"
        " not valid JSON (it names the key 'name' twice in one object)"
    )
    assert result.output.splitlines()[-1] == (
        "2 decks: 1 legal, 0 not legal, 1 not checked (unreadable)"
    )


def test_a_decklist_too_long_names_its_file(run, tmp_path):
    deck = tmp_path / "long.txt"
    deck.write_text(LEGAL + "1 Kindle\n" * 2000)
    (tmp_path / "short.txt").write_text(LEGAL)
    result = run("validate", "-g", "era", tmp_path / "short.txt", deck)
    assert result.exit_code == 2
    assert result.output.splitlines()[1] == (
        f"{deck}: not checked: a decklist has at most 1000 lines; this one has 2023"
    )


def test_a_file_full_of_nul_characters_is_not_a_decklist(run, tmp_path):
    deck = tmp_path / "windows.txt"
    deck.write_bytes(LEGAL.encode("utf-16-be"))  # UTF-16 saved without its mark
    result = run("validate", "-g", "era", deck)
    assert result.exit_code == 2
    assert result.output == f"Error: {deck}: not a UTF-8 text file (it holds NUL bytes)\n"


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("eraa", "era or eruma"),
        ("ERA", "era"),
        ("shadowera", "shadow-era"),
        ("Shadow Era", "shadow-era"),
    ],
)
def test_a_misspelled_game_is_answered_with_the_one_meant(run, tmp_path, typed, meant):
    result = run("validate", "-g", typed, tmp_path / "deck.txt")
    assert result.exit_code == 2
    assert result.output.endswith(f"; did you mean {meant}?\n")


@pytest.mark.parametrize(
    ("typed", "meant"), [("nosuch", ""), ("erra", "; did you mean era?")], ids=["none", "close"]
)
def test_a_game_not_there_is_said_beside_another_game_s_broken_file(run, tmp_path, typed, meant):
    # Only the broken game's YAML error was said: a user who typed a game not there was
    # never told so, nor which games there are.
    pools = tmp_path / "pools"
    shutil.copytree(REPO / "cardpool" / "era", pools / "era")
    (pools / "mine").mkdir()
    (pools / "mine" / "game.yaml").write_text("id: mine\nname: [Mine\n", encoding="utf-8")
    result = run("--pools", pools, "validate", "-g", typed, tmp_path / "deck.txt")
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert lines[0] == (
        f"Error: no game {typed!r}; the games are: era"
        f" (mine did not load: its files have problems){meant}"
    )
    assert lines[1].startswith(f"{pools / 'mine' / 'game.yaml'}:")
    assert "malformed YAML" in lines[1]


def test_a_game_like_none_suggests_nothing(run, tmp_path):
    result = run("validate", "-g", "chess", tmp_path / "deck.txt")
    assert "did you mean" not in result.output


@pytest.mark.parametrize(("typed", "meant"), [("standrad", "standard"), ("Open", "open")])
def test_a_misspelled_format_is_answered_with_the_one_meant(run, tmp_path, typed, meant):
    for command in (("validate", tmp_path / "deck.txt"), ("event", "check", tmp_path)):
        result = run(*command, "-g", "era", "-f", typed)
        assert result.exit_code == 2
        assert result.output == (
            f"Error: ERA has no format '{typed}'; its formats are: standard, open;"
            f" did you mean {meant}?\n"
        )


# Each command's usage line (CliRunner names the program after its function, "cli") and what
# it is given to check: a decklist file, or an event's folder.
COMMANDS = [
    pytest.param(("validate",), "deck.txt", "cli validate [OPTIONS] PATHS...", id="validate"),
    pytest.param(("event", "check"), "", "cli event check [OPTIONS] FOLDER", id="event-check"),
]


@pytest.mark.parametrize(("command", "given", "usage"), COMMANDS)
def test_a_day_that_is_no_date_is_refused_naming_the_option(run, tmp_path, command, given, usage):
    (tmp_path / "deck.txt").write_text(LEGAL)
    result = run(*command, tmp_path / given, "-g", "era", "--as-of", "21/05/2024")
    assert result.exit_code == 2
    assert result.output == (
        f"Usage: {usage}\n"
        f"Try 'cli {' '.join(command)} --help' for help.\n"
        "\n"
        "Error: Invalid value for '--as-of': '21/05/2024' is not a date like 2024-05-21\n"
    )


@pytest.mark.parametrize("empty", ["", "  "])
@pytest.mark.parametrize(("command", "given", "usage"), COMMANDS)
def test_an_empty_format_is_refused_naming_the_option_not_read_as_the_default(
    run, tmp_path, command, given, usage, empty
):
    """``-f ""`` (a variable left unset in a script) names no format; checking the deck in the
    game's default format instead would answer a question nobody asked."""
    (tmp_path / "deck.txt").write_text(LEGAL)
    result = run(*command, tmp_path / given, "-g", "era", "-f", empty)
    assert result.exit_code == 2
    assert result.output == (
        f"Usage: {usage}\n"
        f"Try 'cli {' '.join(command)} --help' for help.\n"
        "\n"
        "Error: Invalid value for '--format' / '-f': an empty name is no format; name one"
        " (see 'deckwright games') or leave the option out for the game's default\n"
    )


def test_event_check_reports_an_unreadable_file_and_checks_the_others(run, event_folder):
    (event_folder / "zed.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    result = run("event", "check", event_folder, "-g", "era")
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"{event_folder / 'alice.txt'}: legal in ERA Standard",
        f"{event_folder / 'round1' / 'bob.txt'}: NOT legal in ERA Standard (9 errors)",
        f"{event_folder / 'zed.txt'}: not checked: not a UTF-8 text file",
        "3 decks: 1 legal, 1 not legal, 1 not checked (unreadable)",
    ]


def test_event_check_names_a_link_to_nothing_in_its_report(run, event_folder, tmp_path):
    (event_folder / "carol.txt").symlink_to(tmp_path / "gone.txt")
    report = tmp_path / "report.csv"
    result = run("event", "check", event_folder, "-g", "era", "--report", report)
    assert result.exit_code == 2
    rows = list(csv.reader(report.read_text(encoding="utf-8-sig").splitlines()))
    assert rows[2] == [
        str(event_folder / "carol.txt"),
        "carol",
        "no",
        "1",
        "0",
        "No such file or directory",
    ]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a folder whatever its mode")
def test_event_check_names_a_folder_it_cannot_open(run, event_folder):
    (event_folder / "round1").chmod(0)
    try:
        result = run("event", "check", event_folder, "-g", "era")
    finally:
        (event_folder / "round1").chmod(0o755)
    assert f"{event_folder / 'round1'}: not checked: Permission denied\n" in result.output
    assert result.exit_code == 2


def test_event_check_skips_hidden_files_and_a_macs_twins(run, event_folder):
    (event_folder / "__MACOSX").mkdir()
    (event_folder / "__MACOSX" / "._alice.txt").write_bytes(b"\x00\x05\x16\x07Mac OS X")
    (event_folder / ".git").mkdir()
    (event_folder / ".git" / "notes.txt").write_text("not a deck")
    (event_folder / ".draft.txt").write_text(LEGAL)
    result = run("event", "check", event_folder, "-g", "era")
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == "2 decks: 1 legal, 1 not legal"


def test_event_check_of_a_folder_holding_no_decklist_is_a_usage_error(run, tmp_path):
    (tmp_path / "alice.docx").write_bytes(b"PK\x03\x04")
    result = run("event", "check", tmp_path, "-g", "era")
    assert result.exit_code == 2
    assert (
        result.output == f"Error: {tmp_path}: no decklists (.txt, .dek, .deck, .json files) in it\n"
    )


def test_event_check_with_a_report_nowhere_is_a_usage_error(run, event_folder, tmp_path):
    report = tmp_path / "missing" / "report.csv"
    result = run("event", "check", event_folder, "-g", "era", "--report", report)
    assert result.exit_code == 2
    assert result.output.endswith(f"Error: {report}: No such file or directory\n")


def test_cardpool_check_of_a_missing_folder_is_a_usage_error(run, tmp_path):
    result = run("cardpool", "check", tmp_path / "missing")
    assert result.exit_code == 2
    assert "does not exist" in result.output


def test_output_piped_into_head_ends_as_cat_does_not_as_an_illegal_deck(tmp_path):
    deck = tmp_path / "deck.txt"  # 999 unknown cards: far more output than a pipe holds
    deck.write_text("".join(f"1 Unheard Of Card {n}\n" for n in range(999)))
    deckwright = Path(sys.executable).with_name("deckwright")
    env = {k: v for k, v in os.environ.items() if k != "DECKWRIGHT_POOLS"}
    command = [deckwright, "validate", "-g", "era", deck]
    with subprocess.Popen(["head", "-n1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE) as head:
        done = subprocess.run(
            command, stdout=head.stdin, stderr=subprocess.PIPE, env=env, timeout=60
        )
        head.stdin.close()
        shown = head.stdout.read().decode()
    assert shown == f"{deck}: NOT legal in ERA Standard (1003 errors)\n"
    assert done.stderr == b""
    assert done.returncode == -13  # ended by SIGPIPE, as cat is


def test_event_check_report_keeps_a_file_named_like_a_formula_as_text(run, event_folder, tmp_path):
    # A spreadsheet runs "=..." as a formula: the report's cells from file names stay text.
    shutil.copy(event_folder / "alice.txt", event_folder / "=SUM(A1).txt")
    report = tmp_path / "report.csv"
    result = run("event", "check", event_folder, "-g", "era", "--report", report)
    assert result.exit_code == 1
    rows = list(csv.reader(report.read_text(encoding="utf-8-sig").splitlines()))
    assert rows[1][:3] == [f"{event_folder / '=SUM(A1).txt'}", "'=SUM(A1)", "yes"]


@pytest.fixture
def within_ten_seconds():
    """A test that would hang (a read that never ends) fails instead."""

    def hung(_signum, _frame):
        raise TimeoutError("the command was still reading after 10 seconds")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def test_a_link_to_dev_zero_is_a_file_error_not_a_hang(run, tmp_path, within_ten_seconds):
    deck = tmp_path / "deck.txt"
    deck.symlink_to("/dev/zero")
    result = run("validate", "-g", "era", deck)
    assert result.exit_code == 2
    assert result.output == f"Error: {deck}: not a regular file (a device or a socket)\n"


def test_dev_zero_itself_is_a_file_error(run, within_ten_seconds):
    result = run("validate", "-g", "era", "/dev/zero")
    assert result.exit_code == 2
    assert result.output == "Error: /dev/zero: not a regular file (a device or a socket)\n"


def test_a_named_pipe_no_one_writes_to_is_a_file_error_not_a_hang(
    run, tmp_path, within_ten_seconds
):
    deck = tmp_path / "deck.txt"
    os.mkfifo(deck)
    result = run("validate", "-g", "era", deck)
    assert result.exit_code == 2
    assert result.output == (
        f"Error: {deck}: a pipe no one writes to (nothing was sent through it)\n"
    )


def test_a_list_piped_in_is_read_as_its_file(run, within_ten_seconds):
    # `cat deck.txt | deckwright validate -g era /dev/stdin`, or `<(...)`: a pipe with a writer
    read_end, write_end = os.pipe()
    os.write(write_end, LEGAL.encode())
    os.close(write_end)
    try:
        result = run("validate", "-g", "era", f"/dev/fd/{read_end}")
    finally:
        os.close(read_end)
    assert result.exit_code == 0
    assert result.output == f"/dev/fd/{read_end}: legal in ERA Standard\n"


def test_a_pipe_that_never_ends_is_read_no_further_than_the_limit(run, within_ten_seconds):
    with subprocess.Popen(["yes", "1 Kindle"], stdout=subprocess.PIPE) as endless:
        try:
            result = run("validate", "-g", "era", f"/dev/fd/{endless.stdout.fileno()}")
        finally:
            endless.kill()
    assert result.exit_code == 2
    assert result.output.endswith(": larger than 1000000 bytes\n")


def test_a_list_piped_to_the_command_s_standard_input_is_read():
    deckwright = Path(sys.executable).with_name("deckwright")
    env = {k: v for k, v in os.environ.items() if k != "DECKWRIGHT_POOLS"}
    done = subprocess.run(
        [deckwright, "validate", "-g", "era", "/dev/stdin"],
        input=LEGAL.encode(),
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (0, b"/dev/stdin: legal in ERA Standard\n")


def _piped(*args: str, given: bytes, cwd: Path | None = None) -> subprocess.CompletedProcess:
    deckwright = Path(sys.executable).with_name("deckwright")
    env = {k: v for k, v in os.environ.items() if k != "DECKWRIGHT_POOLS"}
    return subprocess.run(
        [deckwright, *args], input=given, capture_output=True, env=env, timeout=60, cwd=cwd
    )


def test_a_dash_names_the_standard_input_as_other_commands_read_it():
    """`cat deck.txt | deckwright validate -g era -` said "-: No such file or directory":
    a dash is the standard input to cat, grep and most commands (and /dev/stdin is no file
    on Windows)."""
    done = _piped("validate", "-g", "era", "-", given=LEGAL.encode())
    assert (done.returncode, done.stdout, done.stderr) == (0, b"-: legal in ERA Standard\n", b"")


def test_a_json_deck_piped_to_a_dash_is_read_as_its_deck():
    deck = {"sections": {"deck": [{"card": "Kindle", "count": 3}]}}
    done = _piped("validate", "-g", "era", "--json", "-", given=json.dumps(deck).encode())
    assert done.returncode == 1
    assert json.loads(done.stdout)[0]["file"] == "-"


def test_nothing_piped_to_a_dash_is_said():
    done = _piped("validate", "-g", "era", "-", given=b"")
    assert done.returncode == 2
    assert done.stderr == b"Error: -: a pipe no one writes to (nothing was sent through it)\n"


def test_a_dash_named_twice_is_refused_before_any_list_is_read():
    # the second dash read what the first left, nothing: the whole command stopped with
    # "-: a pipe no one writes to", the first list's verdict unsaid
    done = _piped("validate", "-g", "era", "-", "-", given=LEGAL.encode())
    assert (done.returncode, done.stdout) == (2, b"")
    assert b"the standard input (-) can be read once: name it once" in done.stderr


def test_a_file_named_dash_given_as_a_path_is_read_as_that_file(tmp_path):
    """`deckwright validate ./-` (a file named "-", written as a path, as `cat ./-` reads
    it) read the standard input instead, and judged whatever was piped in under its name."""
    (tmp_path / "-").write_text(LEGAL)
    illegal = b"9 Kindle\n"
    done = _piped("validate", "-g", "era", "./-", given=illegal, cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"./-: legal in ERA Standard\n", b"")
    both = _piped("validate", "-g", "era", "--json", "-", "./-", given=illegal, cwd=tmp_path)
    assert both.returncode == 1
    verdicts = json.loads(both.stdout)
    assert [(v["file"], v["legal"]) for v in verdicts] == [("-", False), ("./-", True)]


def test_a_dash_at_a_terminal_says_how_to_pipe_a_list():
    deckwright = Path(sys.executable).with_name("deckwright")
    env = {k: v for k, v in os.environ.items() if k != "DECKWRIGHT_POOLS"}
    main, terminal = pty.openpty()
    try:
        done = subprocess.run(
            [deckwright, "validate", "-g", "era", "-"],
            stdin=terminal,
            capture_output=True,
            env=env,
            timeout=60,
        )
    finally:
        os.close(terminal)
        os.close(main)
    assert done.returncode == 2
    assert done.stderr.startswith(b"Error: -: the standard input is the terminal: pipe a list")


def test_event_check_names_a_link_to_a_device_as_not_checked(run, event_folder, within_ten_seconds):
    (event_folder / "carol.txt").symlink_to("/dev/zero")
    result = run("event", "check", event_folder, "-g", "era")
    assert result.exit_code == 2
    assert result.output.splitlines()[1] == (
        f"{event_folder / 'carol.txt'}: not checked: a device, not a file: skipped unread"
        " (save the list as a file)"
    )


def _zipped_list() -> bytes:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("deck.txt", LEGAL)
    return packed.getvalue()


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        pytest.param(
            "deck.png",
            b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(30),
            "not a UTF-8 text file",
            id="png",
        ),
        pytest.param("deck.zip", _zipped_list(), "not a UTF-8 text file", id="zip"),
        pytest.param(
            "deck.txt",
            "3 Kindle\n".encode("utf-16-le"),
            "not a UTF-8 text file (it holds NUL bytes)",
            id="utf-16 without its byte order mark",
        ),
    ],
)
def test_a_decklist_file_that_is_not_text_is_a_file_error(run, tmp_path, name, content, reason):
    deck = tmp_path / name
    deck.write_bytes(content)
    result = run("validate", "-g", "era", deck)
    assert result.exit_code == 2
    assert result.output == f"Error: {deck}: {reason}\n"


def test_a_folder_given_as_a_decklist_is_a_file_error(run, tmp_path):
    result = run("validate", "-g", "era", tmp_path)
    assert result.exit_code == 2
    assert result.output == f"Error: {tmp_path}: Is a directory\n"


def test_a_file_name_that_is_no_utf8_is_shown_with_its_bytes_in_the_report(run, tmp_path):
    # A list copied from an old zip or a Windows share keeps its name's bytes (\xff):
    # writing the report ended in a UnicodeEncodeError traceback.
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / os.fsdecode(b"b\xf6rje.txt")).write_text(LEGAL)
    report = tmp_path / "report.csv"
    result = run("event", "check", folder, "-g", "era", "--report", report)
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        f"{folder}/b\\xf6rje.txt: legal in ERA Standard",
        "1 deck: 1 legal, 0 not legal",
        f"report written to {report}",
    ]
    rows = list(csv.reader(report.read_text(encoding="utf-8-sig").splitlines()))
    assert rows[1][:3] == [f"{folder}/b\\xf6rje.txt", "b\\xf6rje", "yes"]


def test_a_file_name_that_is_no_utf8_is_json_any_reader_reads(run, tmp_path):
    deck = tmp_path / os.fsdecode(b"\xffdeck.txt")
    deck.write_text(LEGAL)
    result = run("validate", "-g", "era", "--json", deck)
    assert result.exit_code == 0
    assert json.loads(result.output)[0]["file"] == f"{tmp_path}/\\xffdeck.txt"


def test_a_second_list_under_a_name_that_is_no_utf8_is_named_with_its_bytes(run, tmp_path):
    # The second list's reason names the player and the first file: with a name's bytes
    # that are no UTF-8 in it, writing the report ended in a UnicodeEncodeError traceback.
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / os.fsdecode(b"B\xf6rje.txt")).write_text(LEGAL)
    (folder / os.fsdecode(b"b\xf6rje.txt")).write_text(LEGAL)
    report = tmp_path / "report.csv"
    result = run("event", "check", folder, "-g", "era", "--report", report)
    assert result.exit_code == 2
    reason = f"a second list for b\\xf6rje (the first is {folder}/B\\xf6rje.txt)"
    assert result.output.splitlines()[1] == f"{folder}/b\\xf6rje.txt: not checked: {reason}"
    rows = list(csv.reader(report.read_text(encoding="utf-8-sig").splitlines()))
    assert rows[2][0] == f"{folder}/b\\xf6rje.txt"
    assert rows[2][-1] == reason


def test_event_check_names_a_form_s_uploads_by_who_answered_as_an_upload_does(run, tmp_path):
    # A form's folder of uploaded lists, downloaded and unzipped, keeps each file as "<the
    # file's own name> - <who answered>": an upload of the zip names the player Kai Ng, and the
    # folder checked here named two players "My deck - Kai Ng" and "v2 - Kai Ng", both checked.
    folder = tmp_path / "Spring Cup (File responses)" / "Your decklist (File responses)"
    folder.mkdir(parents=True)
    (folder / "My deck - Kai Ng.txt").write_text(LEGAL)
    (folder / "v2 - Kai Ng.txt").write_text(LEGAL)
    (folder / "fire-water - Ann Lee.txt").write_text(LEGAL)
    report = tmp_path / "report.csv"
    result = run("event", "check", folder, "-g", "era", "--report", report)
    assert result.exit_code == 2
    assert result.output.splitlines()[:3] == [
        f"{folder}/My deck - Kai Ng.txt: legal in ERA Standard",
        f"{folder}/fire-water - Ann Lee.txt: legal in ERA Standard",
        f"{folder}/v2 - Kai Ng.txt: not checked: a second list for Kai Ng"
        f" (the first is {folder}/My deck - Kai Ng.txt)",
    ]
    rows = list(csv.reader(report.read_text(encoding="utf-8-sig").splitlines()))
    assert [row[1] for row in rows[1:]] == ["Kai Ng", "Ann Lee", "Kai Ng"]


def test_an_unreadable_file_among_many_is_said_and_the_others_are_checked(run, tmp_path):
    """`deckwright validate -g era *.txt` with one picture among the lists printed only
    'Error: b.txt: not a UTF-8 text file': the verdicts of every other list were lost."""
    (tmp_path / "a.txt").write_text(LEGAL)
    (tmp_path / "b.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    (tmp_path / "c.txt").write_text("9 Kindle\n")
    paths = [tmp_path / name for name in ("a.txt", "b.txt", "c.txt")]
    result = run("validate", "-g", "era", *paths)
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"{paths[0]}: legal in ERA Standard",
        f"{paths[1]}: not checked: not a UTF-8 text file",
        f"{paths[2]}: NOT legal in ERA Standard (5 errors)",
        "3 decks: 1 legal, 1 not legal, 1 not checked (unreadable)",
    ]
    as_json = json.loads(run("validate", "-g", "era", "--json", *paths).output)
    assert [(v["file"], v["legal"], v.get("not_checked")) for v in as_json] == [
        (str(paths[0]), True, None),
        (str(paths[1]), False, "not a UTF-8 text file"),
        (str(paths[2]), False, None),
    ]


def test_a_file_name_holding_a_line_break_is_shown_on_one_line(run, tmp_path):
    """A list saved as 'new⏎line.txt' (a line break typed into a save box) was named over two
    lines, the first alone reading as a line of output of its own."""
    deck = tmp_path / "new\nline.txt"
    deck.write_text(LEGAL)
    other = tmp_path / "other.txt"
    other.write_text(LEGAL)
    result = run("validate", "-g", "era", deck, other)
    assert result.output.splitlines()[0] == f"{tmp_path}/new\\nline.txt: legal in ERA Standard"
