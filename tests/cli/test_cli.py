"""The ``deckwright`` command line: exit codes and exact output."""

from __future__ import annotations

import csv
import json
import re
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cardpool import default_pool_dir, load_game
from validator import parse_text, to_mapping
from validator.cli import cli

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"


@pytest.fixture
def era_legal(tmp_path):
    return shutil.copy(EXAMPLES / "era-legal.txt", tmp_path / "alice.txt")


@pytest.fixture
def era_illegal(tmp_path):
    return shutil.copy(EXAMPLES / "era-illegal.txt", tmp_path / "bob.txt")


def test_validate_a_legal_deck_exits_0(run, era_legal):
    result = run("validate", "--game", "era", era_legal)
    assert result.exit_code == 0
    assert result.output == f"{era_legal}: legal in ERA Standard\n"


def test_validate_an_illegal_deck_exits_1_and_lists_every_problem(run, era_illegal):
    result = run("validate", "-g", "era", era_illegal)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"{era_illegal}: NOT legal in ERA Standard (9 errors)"
    assert lines[1] == (
        "  error: Line 22: no ERA card is called 'Embr Rex'; did you mean Ember Rex?"
        " [decklist-unknown-card]"
    )
    assert lines[8] == (
        "  error: At most 3 copies of each action or equipment: you have 4 copies of"
        " Fire Breath (at most 3) (line 13) [era-three-copies]"
    )
    assert len(lines) == 10


def test_many_files_print_one_line_per_deck_and_a_total(run, era_legal, era_illegal):
    result = run("validate", "-g", "era", era_legal, era_illegal)
    assert result.exit_code == 1
    assert result.output == (
        f"{era_legal}: legal in ERA Standard\n"
        f"{era_illegal}: NOT legal in ERA Standard (9 errors)\n"
        "2 decks: 1 legal, 1 not legal\n"
    )


def test_all_formats_gives_the_verdict_in_each(run, era_legal):
    result = run("validate", "-g", "era", "--all-formats", era_legal)
    assert result.output == (
        f"{era_legal}: legal in ERA Standard; legal in: Standard, Open (casual)\n"
    )


def test_json_output_is_machine_readable(run, era_illegal):
    result = run("validate", "-g", "era", "--format", "open", "--json", era_illegal)
    assert result.exit_code == 1
    (verdict,) = json.loads(result.output)
    assert verdict["legal"] is False
    assert verdict["format"] == "open"
    assert verdict["problems"][0]["rule"] == "decklist-unknown-card"
    assert verdict["problems"][0]["line"] == 22
    assert verdict["problems"][0]["suggestions"] == ["Ember Rex"]


def test_as_of_picks_the_rules_in_force(run, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text((EXAMPLES / "era-legal.txt").read_text().replace("3 Kindle", "3 Inferno Roar"))
    assert run("validate", "-g", "era", deck).exit_code == 0
    early = run("validate", "-g", "era", "--as-of", "2023-12-01", deck)
    assert early.exit_code == 1
    assert "[era-eligible-products]" in early.output


def test_a_json_decklist_file_is_read(run, tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"sections": {"dinos": ["Ember Rex"]}}))
    result = run("validate", "-g", "era", deck)
    assert result.exit_code == 1
    assert result.output.startswith(f"{deck}: NOT legal in ERA Standard (")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("validate", "-g", "chess", "x.txt"), "Error: no game 'chess'; the games are: arcmage,"),
        (("validate", "-g", "era", "-f", "vintage", "x.txt"), "Error: ERA has no format 'vintage'"),
        (("validate", "-g", "era", "--as-of", "soon", "x.txt"), "for '--as-of': 'soon' is not"),
        (("validate", "-g", "era", "missing.txt"), "Error: missing.txt: No such file"),
        (("validate", "-g", "era"), "Missing argument 'PATHS...'"),
    ],
)
def test_usage_and_file_errors_exit_2(run, args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output


def test_a_broken_json_decklist_exits_2_naming_the_line(run, tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text('{"sections":\n {"deck": [}')
    result = run("validate", "-g", "era", deck)
    assert result.exit_code == 2
    assert result.output == f"Error: {deck}: not valid JSON (line 2: Expecting value)\n"


def test_a_binary_file_exits_2(run, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    result = run("validate", "-g", "era", deck)
    assert result.exit_code == 2
    assert result.output == f"Error: {deck}: not a UTF-8 text file\n"


def test_a_list_saved_as_unicode_by_a_windows_editor_is_read(run, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_bytes((EXAMPLES / "era-legal.txt").read_text(encoding="utf-8").encode("utf-16"))
    result = run("validate", "-g", "era", deck)
    assert result.exit_code == 0
    assert result.output == f"{deck}: legal in ERA Standard\n"


def test_games_lists_games_formats_and_sections(run):
    result = run("games")
    assert result.exit_code == 0
    assert "era: ERA (Extinction: Rift in the Aether) [illustrative pool]\n" in result.output
    assert "  sections: Dinos, Crystals, Deck\n" in result.output
    assert "  format open: Open (casual), 13 rules\n" in result.output
    assert "shadow-era: Shadow Era\n  sections: Hero, Deck\n" in result.output


def test_cardpool_check_passes_on_the_shipped_pools(run):
    result = run("cardpool", "check")
    assert result.exit_code == 0
    assert result.output == f"{default_pool_dir()}: all pools are valid\n"


def test_cardpool_check_prints_every_problem(run, tmp_path):
    root = tmp_path / "pools"
    shutil.copytree(default_pool_dir() / "ryft", root / "ryft")
    cards = root / "ryft" / "cards.yaml"
    cards.write_text(cards.read_text().replace("domain: Inferno", "domain: Lava", 2))
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == 3
    pattern = rf"{cards}:\d+: card '.+', field 'domain': 'Lava' is not one of: Inferno,"
    assert all(re.match(pattern, line) for line in lines[:2])
    assert lines[2] == f"Error: 2 problem(s) in {root}"


def test_cardpool_check_names_a_bad_rule_beside_another_game_s_bad_card(run, tmp_path):
    """One game's card problem does not hide another game's rule problem: both are said."""
    root = tmp_path / "pools"
    for game in ("ryft", "era"):
        shutil.copytree(default_pool_dir() / game, root / game)
    cards = root / "ryft" / "cards.yaml"
    cards.write_text(cards.read_text().replace("domain: Inferno", "domain: Lava", 1))
    game = root / "era" / "game.yaml"
    game.write_text(game.read_text().replace("exactly: 30", "exactly: thirty", 1))
    result = run("cardpool", "check", root)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith(f"{cards}:")
    assert lines[1].startswith(f"{game}:")
    assert "rule 'era-deck-thirty': parameter 'exactly' has the wrong type" in lines[1]
    assert lines[2] == f"Error: 2 problem(s) in {root}"


def test_the_pools_option_points_at_another_folder(run, tmp_path):
    root = tmp_path / "pools"
    shutil.copytree(default_pool_dir() / "ryft", root / "ryft")
    result = run("--pools", root, "games")
    assert result.output.splitlines()[0] == "ryft: RYFT Card Battle [illustrative pool]"


def test_the_pools_folder_can_come_from_the_environment(tmp_path, monkeypatch):
    root = tmp_path / "pools"
    shutil.copytree(default_pool_dir() / "ryft", root / "ryft")
    monkeypatch.setenv("DECKWRIGHT_POOLS", str(root))
    result = CliRunner().invoke(cli, ["games"])
    assert result.output.splitlines()[0] == "ryft: RYFT Card Battle [illustrative pool]"


@pytest.mark.parametrize("where", ["option", "option-after", "environment"])
def test_a_pools_folder_that_does_not_exist_is_said_so(tmp_path, monkeypatch, where):
    """A mistyped --pools (or DECKWRIGHT_POOLS) folder is named as missing, not as a folder
    holding no games."""
    missing = tmp_path / "poolz"
    monkeypatch.delenv("DECKWRIGHT_POOLS", raising=False)
    if where == "option":
        args = ["--pools", str(missing), "games"]
    elif where == "option-after":
        args = ["games", "--pools", str(missing)]
    else:
        monkeypatch.setenv("DECKWRIGHT_POOLS", str(missing))
        args = ["games"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert f"Directory '{missing}' does not exist." in result.output
    assert "no game folders" not in result.output


def test_event_check_reports_every_deck_and_writes_a_csv(run, tmp_path, era_legal, era_illegal):
    report = tmp_path / "report.csv"
    result = run("event", "check", tmp_path, "--game", "era", "--report", report)
    assert result.exit_code == 1
    assert result.output == (
        f"{era_legal}: legal in ERA Standard\n"
        f"{era_illegal}: NOT legal in ERA Standard (9 errors)\n"
        "2 decks: 1 legal, 1 not legal\n"
        f"report written to {report}\n"
    )
    # the byte order mark tells Excel the file is UTF-8 (without it, accents come out
    # garbled), as the site's exports start
    assert report.read_bytes().startswith(b"\xef\xbb\xbffile,player,")
    rows = list(csv.reader(report.read_text(encoding="utf-8-sig").splitlines()))
    assert rows[0] == ["file", "player", "legal", "errors", "warnings", "problems"]
    assert rows[1] == [str(era_legal), "alice", "yes", "0", "0", ""]
    assert rows[2][:5] == [str(era_illegal), "bob", "no", "9", "0"]
    assert rows[2][5].startswith("Line 22: no ERA card is called 'Embr Rex'; did you mean")
    assert rows[2][5].count(" | ") == 8


def test_event_check_writes_the_report_with_semicolons_for_excel_in_most_of_europe(
    run, tmp_path, era_legal, era_illegal
):
    # Excel where the decimal mark is a comma shows a comma CSV in one column
    report = tmp_path / "report.csv"
    args = ("event", "check", tmp_path, "-g", "era", "--report", report)
    run(*args, "--separator", "semicolon")
    text = report.read_text(encoding="utf-8-sig")
    assert text.splitlines()[0] == "file;player;legal;errors;warnings;problems"
    run(*args)
    comma = list(csv.reader(report.read_text(encoding="utf-8-sig").splitlines()))
    assert list(csv.reader(text.splitlines(), delimiter=";")) == comma


def test_event_check_names_the_separators_it_offers(run, tmp_path, era_legal):
    result = run("event", "check", tmp_path, "-g", "era", "--separator", "tab")
    assert result.exit_code == 2
    assert result.output.endswith(
        "Error: Invalid value for '--separator': 'tab' is not one of 'comma', 'semicolon'.\n"
    )


def _commands(group: click.Group, prefix: str = "deckwright"):
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            yield from _commands(command, f"{prefix} {name}")
        else:
            yield f"{prefix} {name}", command


def test_every_command_is_in_the_readme_with_help_text():
    readme = (REPO / "README.md").read_text()
    for name, command in _commands(cli):
        assert command.help, f"{name} has no help text"
        assert f"`{name}" in readme, f"{name} is not in README.md"


def test_every_option_is_in_the_readme_on_its_commands_line():
    """`validate --details` and `event check --format/--as-of/--separator` worked but the
    README's list of the command line left them out."""
    lines = (REPO / "README.md").read_text().splitlines()
    for name, command in _commands(cli):
        usage = next(line for line in lines if f"`{name}" in line)
        for param in command.params:
            long = [opt for opt in param.opts if opt.startswith("--")]
            if isinstance(param, click.Option) and long and long[0] != "--pools":
                assert long[0] in usage, f"{name} {long[0]} is not in README.md"
    assert any("`deckwright --version`" in line for line in lines)


def test_the_deck_pages_json_export_is_read_as_its_deck(run, tmp_path):
    # the deck page's JSON button saves the deck as the API gives it: under "deck", which the
    # command refused as naming no 'sections'
    deck = tmp_path / "Fire and Water.json"
    text = (EXAMPLES / "era-legal.txt").read_text(encoding="utf-8")
    game = load_game(default_pool_dir() / "era")
    saved = {
        "id": "abc",
        "game": "era",
        "name": "Fire",
        "deck": to_mapping(parse_text(text, game).deck),
    }
    deck.write_text(json.dumps(saved), encoding="utf-8")
    result = run("validate", "-g", "era", deck)
    assert (result.exit_code, result.output) == (0, f"{deck}: legal in ERA Standard\n")
