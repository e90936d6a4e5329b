"""``deckwright cardpool check`` refuses a misconfigured rule primitive or schema feature of
the larger games (deck-sum, bounds from the leader or the deck's size, when_leader,
legal-values, rotations, legal_from) with the file, the line and the field."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from validator.cli import cli

NETRUNNER = Path(__file__).resolve().parents[1] / "pools" / "netrunner"
POKEMON = Path(__file__).resolve().parents[1] / "pools" / "pokemon"
REPORT = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): field '(?P<field>[^']+)': (?P<message>.*)$")


@pytest.fixture
def pools(tmp_path, monkeypatch) -> Path:
    monkeypatch.delenv("DECKWRIGHT_POOLS", raising=False)
    monkeypatch.setenv("DECKWRIGHT_CACHE", "off")
    root = tmp_path / "pools"
    shutil.copytree(NETRUNNER, root / "netrunner")
    shutil.copytree(POKEMON, root / "pokemon")
    return root


def check(root: Path) -> tuple[int, list[re.Match]]:
    result = CliRunner().invoke(cli, ["cardpool", "check", str(root)], catch_exceptions=False)
    reports = [REPORT.match(line) for line in result.output.splitlines()]
    return result.exit_code, [r for r in reports if r]


def add_rule(root: Path, entry: str) -> Path:
    """Add a rule entry (block YAML, one key a line) to Netrunner's Standard format."""
    path = root / "netrunner" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    lines = entry.strip("\n").splitlines()
    block = "      - " + lines[0] + "\n" + "".join(f"        {line}\n" for line in lines[1:])
    path.write_text(text.replace("    rules:\n", "    rules:\n" + block, 1), encoding="utf-8")
    return path


def the_report(root: Path):
    code, reports = check(root)
    assert code != 0
    (report,) = reports
    path = Path(report["file"])
    line = path.read_text(encoding="utf-8").splitlines()[int(report["line"]) - 1]
    return report, line


BAD_RULES = [
    (
        "deck-sum of a text attribute",
        "id: bad\ncheck: deck-sum\nattribute: faction\nmax: 3",
        "attribute",
        "attribute 'faction' is not a number attribute",
    ),
    (
        "deck-sum per what",
        "id: bad\ncheck: deck-sum\nattribute: influence\nper: deck\nmax: 3",
        "per",
        "per must be copy or card, not 'deck'",
    ),
    (
        "a bound from the leader without a leader",
        "id: bad\ncheck: section-size\nsection: deck\nmin: {from_leader: min_deck_size}",
        "min",
        "min needs 'leader': the section of the leader card",
    ),
    (
        "a bound from a leader's text attribute",
        "id: bad\ncheck: deck-sum\nattribute: influence\nleader: identity\n"
        "max: {from_leader: faction}",
        "max",
        "max: from_leader needs a number attribute, not 'faction'",
    ),
    (
        "overlapping rows",
        "id: bad\ncheck: deck-sum\nattribute: agenda_points\n"
        "by_deck_size: [{size: [40, 45], min: 18}, {size: [45, 49], min: 20}]",
        "by_deck_size",
        "by_deck_size: rows 40–45 and 45–49 overlap",
    ),
    (
        "a repeat that lowers the bounds below 0",
        "id: bad\ncheck: deck-sum\nattribute: agenda_points\n"
        "by_deck_size: [{size: [40, 44], min: 18, repeat: {every: 5, add: -5}}]",
        "by_deck_size",
        "by_deck_size: the row for 40–44 cards: repeat's add is -5, which takes its bounds"
        " below 0 for larger decks: add must keep every bound at 0 or more (add 0 or more)",
    ),
    (
        "a repeat every 0 cards",
        "id: bad\ncheck: deck-sum\nattribute: agenda_points\n"
        "by_deck_size: [{size: [40, 44], min: 18, repeat: {every: 0, add: 2}}]",
        "by_deck_size",
        "by_deck_size: the row for 40–44 cards: repeat's every is 0: every must be 1 or more",
    ),
    (
        "a table and a constant",
        "id: bad\ncheck: section-size\nsection: deck\nmin: 40\n"
        "by_deck_size: [{size: [40, 44], min: 18}]",
        "by_deck_size",
        "by_deck_size and min cannot both bound it",
    ),
    (
        "when_leader without a leader",
        "id: bad\ncheck: copy-limit\nmax: 1\nwhen_leader: {side: Corp}",
        "when_leader",
        "when_leader needs 'leader': the section of the leader card",
    ),
    (
        "off_leader without a leader",
        "id: bad\ncheck: deck-sum\nattribute: influence\nmax: 15\noff_leader: faction",
        "off_leader",
        "off_leader needs 'leader': the section of the leader card",
    ),
    (
        "legal values the format never lists",
        "id: bad\ncheck: legal-values\nattribute: faction",
        "attribute",
        "the format lists no legal_values of 'faction', here or in its rotations",
    ),
    (
        "where on a primitive that lacked it",
        "id: bad\ncheck: banlist\nwhere: {influence: {contains: 2}}",
        "where",
        "where: influence: 'contains' needs a list or text attribute",
    ),
]


@pytest.mark.parametrize(
    ("entry", "field", "message"),
    [case[1:] for case in BAD_RULES],
    ids=[case[0] for case in BAD_RULES],
)
def test_a_misconfigured_rule_is_refused_with_file_line_and_field(pools, entry, field, message):
    game_yaml = add_rule(pools, entry + "\ntitle: Bad\ncite: Bad.")
    report, line = the_report(pools)
    assert report["file"] == str(game_yaml)
    assert report["field"] == field
    assert report["message"] == f"format 'standard': rule 'bad': {message}"
    # the line is the field's own (or the entry's, for a missing one)
    assert line.strip().startswith((f"{field}:", "- id: bad"))


def test_a_rotation_naming_no_set_is_refused_at_its_line(pools):
    game_yaml = pools / "netrunner" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(text.replace("legal_sets: [core2, sg]", "legal_sets: [core2, sg2]"))
    report, line = the_report(pools)
    assert (report["file"], report["field"]) == (str(game_yaml), "legal_sets")
    assert report["message"] == "legal_sets names no set 'sg2'"
    assert "sg2" in line


def test_legal_values_of_an_unknown_value_are_refused_at_their_line(pools):
    game_yaml = pools / "pokemon" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(text.replace("regulation_mark: [G, H, I]", "regulation_mark: [G, H, J]"))
    report, line = the_report(pools)
    assert (report["file"], report["field"]) == (str(game_yaml), "regulation_mark")
    assert report["message"].startswith("legal_values: 'J' is not a value of 'regulation_mark'")
    assert "[G, H, J]" in line


def test_a_sets_legal_from_must_be_a_date(pools):
    cards_yaml = pools / "netrunner" / "cards.yaml"
    text = cards_yaml.read_text(encoding="utf-8")
    cards_yaml.write_text(text.replace("legal_from: 2021-04-01", "legal_from: soon"))
    report, line = the_report(pools)
    assert (report["file"], report["field"]) == (str(cards_yaml), "sets.4.legal_from")
    assert "legal_from: soon" in line


def test_the_test_pools_themselves_pass(pools):
    result = CliRunner().invoke(cli, ["cardpool", "check", str(pools)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    # Netrunner's pool lists a set none of its few cards is printed in: a warning, no error.
    assert result.output.splitlines()[-1] == f"{pools}: all pools are valid (1 warning(s))"


def test_a_rule_naming_a_section_by_its_name_is_told_the_id_meant(pools):
    """A stranger writes the header ('Extra Deck'), not the id: the sections are named."""
    add_rule(pools, "id: bad\ncheck: section-size\nsection: Identity\nmax: 1\ntitle: t\ncite: c")
    report, line = the_report(pools)
    assert line.strip() == "section: Identity"
    said = "section names no section 'Identity'; did you mean identity?"
    assert report["message"].endswith(f"{said} (its sections: identity, deck)")


def test_a_text_cut_by_a_comma_in_braces_is_told_to_be_quoted(pools):
    # In {...} a comma ends a value: the title is 'Fusion', and 'Synchro' and 'Xyz monsters'
    # are parameters of their own, which said alone leaves a stranger puzzled.
    add_rule(
        pools,
        "{id: bad, check: copy-limit, max: 3, title: Fusion, Synchro, Xyz monsters, cite: c}",
    )
    report, line = the_report(pools)
    assert report["field"] == "Synchro"
    assert report["message"] == (
        "format 'standard': rule 'bad': unknown parameter(s): Synchro, Xyz monsters;"
        " a comma inside {...} ends a value, so 'title' is only 'Fusion': write its text in"
        ' quotes, title: "Fusion, Synchro, Xyz monsters"'
    )
    assert "title: Fusion, Synchro" in line


@pytest.mark.parametrize(
    "entry",
    [
        '{id: bad, check: copy-limit, max: 3, title: "Fusion", Synchro, cite: c}',
        "{id: bad, check: copy-limit, title: t, cite: c, max: 3, Synchro}",
        "id: bad\ncheck: copy-limit\nmax: 3\ntitle: t\ncite: c\nSynchro: 1",
    ],
    ids=["quoted text", "after a number", "block"],
)
def test_an_unknown_parameter_not_after_plain_text_in_braces_gets_no_quoting_hint(pools, entry):
    add_rule(pools, entry)
    report, _line = the_report(pools)
    assert report["message"] == "format 'standard': rule 'bad': unknown parameter(s): Synchro"
