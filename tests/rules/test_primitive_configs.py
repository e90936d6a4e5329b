"""A rule entry a game's author writes wrong is refused by ``deckwright cardpool check``,
with the file, the line, the format, the rule and the field, and what was found and what
is expected: never passed, to crash validation later (a traceback at the command line, a
500 on the site) or to change verdicts unseen (``max: -2``, ``min: 5`` over ``max: 2``).
The game is then left out of ``deckwright games`` and the site, the other games served."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardpool import default_pool_dir
from tests.api.support import error_of, make_app
from validator.cli import cli

REPORT = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): field '(?P<field>[^']+)': (?P<message>.*)$")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# Attributes of every kind besides ERA's choices and numbers, for rules that read one.
MORE_ATTRIBUTES = """\
  tags: {label: Tags, kind: list, values: [Alpha, Beta]}
  flavor: {label: Flavor, kind: text}
  promo: {label: Promo, kind: bool}
  names: {label: Names, kind: cards}
"""


@pytest.fixture
def pools(tmp_path, monkeypatch) -> Path:
    """ERA (with those attributes) beside ERUMA, in a folder of their own."""
    monkeypatch.delenv("DECKWRIGHT_POOLS", raising=False)
    monkeypatch.setenv("DECKWRIGHT_CACHE", "off")
    root = tmp_path / "pools"
    for game in ("era", "eruma"):
        shutil.copytree(default_pool_dir() / game, root / game)
    path = root / "era" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("main_attribute:", MORE_ATTRIBUTES + "main_attribute:", 1))
    return root


def add_rule(root: Path, entry: str) -> Path:
    """Add a rule entry (block YAML, one key a line) first in ERA's Standard format."""
    path = root / "era" / "game.yaml"
    lines = [*entry.strip("\n").splitlines(), "title: A rule", 'cite: ""']
    block = "      - " + lines[0] + "\n" + "".join(f"        {line}\n" for line in lines[1:])
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    rules:\n", "    rules:\n" + block, 1), encoding="utf-8")
    return path


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def the_report(root: Path):
    """The one problem ``cardpool check`` reports, and the line of game.yaml it names."""
    result = run("cardpool", "check", root)
    assert result.exit_code == 1, result.output
    reports = [REPORT.match(line) for line in result.output.splitlines()]
    (report,) = [r for r in reports if r]
    path = Path(report["file"])
    assert path == root / "era" / "game.yaml"
    return report, path.read_text(encoding="utf-8").splitlines()[int(report["line"]) - 1]


BAD_RULES = [
    # values that crashed validation once the check had passed them
    (
        "a band bound written as a word",
        "id: bad\ncheck: bucket-coverage\nsection: deck\nattribute: cost\n"
        "buckets: [{name: early, min: x}]",
        "buckets",
        "buckets: early: min 'x' is no whole number",
    ),
    (
        "references over a number attribute",
        "id: bad\ncheck: references\nsection: deck\nattribute: cost\ntarget_section: deck",
        "attribute",
        "attribute 'cost' names no cards: a cards attribute (or a list"
        " with references: true) is expected",
    ),
    (
        "references over a list of words that are no cards",
        "id: bad\ncheck: references\nsection: deck\nattribute: tags\ntarget_section: deck",
        "attribute",
        "attribute 'tags' names no cards: a cards attribute (or a list"
        " with references: true) is expected",
    ),
    (
        "a section list holding a list",
        "id: bad\ncheck: copy-limit\nmax: 3\nsections: [[deck]]",
        "sections",
        "sections names no section ['deck']; did you mean deck?"
        " (its sections: dinos, crystals, deck)",
    ),
    (
        "attribute-match over a list attribute",
        "id: bad\ncheck: attribute-match\nattribute: tags\nsection: crystals\nmatch_section: dinos",
        "attribute",
        "attribute 'tags' is a list attribute: a choice, a text, a number or a true-or-false"
        " attribute is expected",
    ),
    (
        "ordered-positions over a list attribute",
        "id: bad\ncheck: ordered-positions\nsection: deck\nattribute: tags\n"
        "positions: {Alpha: first}",
        "attribute",
        "attribute 'tags' is a list attribute: a choice or a text attribute is expected",
    ),
    # bounds no deck can meet, or that hold nothing
    (
        "a negative copy limit",
        "id: bad\ncheck: copy-limit\nmax: -2",
        "max",
        "parameter 'max' is -2: a whole number, 0 or more, is expected",
    ),
    (
        "a negative limit for one card",
        "id: bad\ncheck: copy-limit\nmax: 3\noverrides: {Riptide Pull: -1}",
        "overrides",
        "overrides: the limit for 'Riptide Pull' must be a whole number, 0 or more",
    ),
    (
        "a limit for one card written true",
        "id: bad\ncheck: copy-limit\nmax: 3\noverrides: {Riptide Pull: true}",
        "overrides",
        "overrides: the limit for 'Riptide Pull' must be a whole number, 0 or more",
    ),
    (
        "a negative number of values",
        "id: bad\ncheck: distinct-values\nattribute: element\nmax: -1",
        "max",
        "parameter 'max' is -1: a whole number, 0 or more, is expected",
    ),
    (
        "a minimum over the maximum",
        "id: bad\ncheck: section-size\nsection: deck\nmin: 5\nmax: 2",
        "min",
        "min 5 is more than max 2: no count is both",
    ),
    (
        "a negative size",
        "id: bad\ncheck: section-size\nsection: deck\nexactly: -1",
        "exactly",
        "parameter 'exactly' is -1: a whole number, 0 or more, is expected",
    ),
    (
        "exactly beside min",
        "id: bad\ncheck: section-size\nsection: deck\nexactly: 30\nmin: 20",
        "exactly",
        "exactly and min cannot both bound it",
    ),
    (
        "a row of the size table whose minimum is over its maximum",
        "id: bad\ncheck: section-size\nsection: deck\n"
        "by_deck_size: [{size: [1, 40], min: 5, max: 2}]",
        "by_deck_size",
        "by_deck_size: the row for 1–40 cards: min 5 is more than max 2",
    ),
    (
        "a row of the size table with a negative bound",
        "id: bad\ncheck: section-size\nsection: deck\nby_deck_size: [{size: [1, 40], min: -1}]",
        "by_deck_size",
        "by_deck_size: the row for 1–40 cards needs min, max or exactly (whole numbers,"
        " 0 or more), and nothing else",
    ),
    (
        "a size table without rows",
        "id: bad\ncheck: section-size\nsection: deck\nby_deck_size: []",
        "by_deck_size",
        "by_deck_size has no row: give each {size: [from, to], min, max}",
    ),
    (
        "size_sections without a size table",
        "id: bad\ncheck: section-size\nsection: deck\nmax: 30\nsize_sections: [deck]",
        "size_sections",
        "size_sections counts a deck's size for by_deck_size alone",
    ),
    (
        "a share over 100%",
        "id: bad\ncheck: min-share\nsection: deck\nwhere: {type: Action}\npercent: 150",
        "percent",
        "parameter 'percent' is 150: more than 0 and at most 100 is expected",
    ),
    (
        "a share written true",
        "id: bad\ncheck: min-share\nsection: deck\nwhere: {type: Action}\npercent: true",
        "percent",
        "parameter 'percent' has the wrong type (True): a number is expected",
    ),
    (
        "a band without bounds",
        "id: bad\ncheck: bucket-coverage\nsection: deck\nattribute: cost\nbuckets: [{name: early}]",
        "buckets",
        "buckets: early needs min, max or both",
    ),
    (
        "a band whose minimum is over its maximum",
        "id: bad\ncheck: bucket-coverage\nsection: deck\nattribute: cost\n"
        "buckets: [{name: early, min: 5, max: 2}]",
        "buckets",
        "buckets: early: min 5 is more than max 2",
    ),
    (
        "bands of a choice attribute",
        "id: bad\ncheck: bucket-coverage\nsection: deck\nattribute: element\n"
        "buckets: [{name: early, max: 2}]",
        "attribute",
        "attribute 'element' is a choice attribute: a number attribute is expected",
    ),
    (
        "filters that match no card",
        "id: bad\ncheck: section-size\nsection: deck\nmax: 3\nwhere: {cost: {min: 5, max: 2}}",
        "where",
        "where: cost: no whole number is min 5 and max 2",
    ),
    (
        "an empty filter",
        "id: bad\ncheck: copy-limit\nmax: 3\nwhere: {}",
        "where",
        "where is an empty filter: name an attribute and its values",
    ),
    (
        "a filter of no values",
        "id: bad\ncheck: copy-limit\nmax: 3\nwhere: {cost: []}",
        "where",
        "where: cost: a value or a list of values",
    ),
    (
        "a comparison with no number",
        "id: bad\ncheck: copy-limit\nmax: 3\nwhere: {cost: {lt: .nan}}",
        "where",
        "where: cost: 'lt' takes a number (nan)",
    ),
    (
        "a text containing nothing, which every card does",
        "id: bad\ncheck: copy-limit\nmax: 3\nwhere: {flavor: {contains: ''}}",
        "where",
        "where: flavor: 'contains' takes one value ('')",
    ),
    (
        "no sections",
        "id: bad\ncheck: copy-limit\nmax: 3\nsections: []",
        "sections",
        "sections names no section: name one, or leave it out for all",
    ),
    (
        "a section named twice, whose cards would count twice",
        "id: bad\ncheck: copy-limit\nmax: 3\nsections: [deck, deck]",
        "sections",
        "sections names 'deck' twice",
    ),
    (
        "no card types",
        "id: bad\ncheck: allowed-types\nsection: deck\ntypes: []",
        "types",
        "types names no card type: name those the section holds",
    ),
    (
        "an empty noun",
        "id: bad\ncheck: section-size\nsection: deck\nmax: 3\nnoun: ''",
        "noun",
        "parameter 'noun' is empty: write the words or leave it out",
    ),
    (
        "an empty verb",
        "id: bad\ncheck: references\nsection: deck\nattribute: names\ntarget_section: deck\n"
        "verb: ' '",
        "verb",
        "parameter 'verb' is empty: write the words or leave it out",
    ),
    (
        "free written with no value",
        "id: bad\ncheck: leader-match\nleader: dinos\nattribute: element\nfree: null",
        "free",
        "parameter 'free' is empty: a value or a list of values is expected",
    ),
    (
        "leader-match over a true-or-false attribute",
        "id: bad\ncheck: leader-match\nleader: dinos\nattribute: promo",
        "attribute",
        "attribute 'promo' is a true-or-false attribute: a choice, a list, a text or a number"
        " attribute is expected",
    ),
    (
        "a position of a value no card has",
        "id: bad\ncheck: ordered-positions\nsection: deck\nattribute: element\n"
        "positions: {Fyre: first}",
        "positions",
        "positions: element: 'Fyre' is no element value; is it meant to be 'Fire'?"
        " (element values: Air, Earth, Fire, Water)",
    ),
    (
        "a position no slot",
        "id: bad\ncheck: ordered-positions\nsection: deck\nattribute: element\n"
        "positions: {Fire: top}",
        "positions",
        "positions: 'Fire': slot 'top' is none of first, second, third, fourth, last",
    ),
    (
        "a parameter YAML reads as a number",
        "id: bad\ncheck: copy-limit\nmax: 3\n5: 2",
        "5",
        "unknown parameter(s): 5",
    ),
    # what is expected, not only what is wrong
    (
        "a limit written as a word",
        "id: bad\ncheck: copy-limit\nmax: three",
        "max",
        "parameter 'max' has the wrong type ('three'): a whole number is expected",
    ),
    (
        "a noun written as a number",
        "id: bad\ncheck: section-size\nsection: deck\nmax: 3\nnoun: 7",
        "noun",
        "parameter 'noun' has the wrong type (7): text or a mapping is expected",
    ),
]


@pytest.mark.parametrize(
    ("entry", "field", "message"), [case[1:] for case in BAD_RULES], ids=[c[0] for c in BAD_RULES]
)
def test_a_rule_entry_written_wrong_is_refused_at_its_field(pools, entry, field, message):
    add_rule(pools, entry)
    report, line = the_report(pools)
    assert report["field"] == field
    assert line.strip().lstrip("- ").startswith(f"{field}:")
    assert report["message"] == f"format 'standard': rule 'bad': {message}"


def test_a_misspelt_check_names_its_rule_and_the_check_meant(pools):
    add_rule(pools, "id: bad\ncheck: copy-limimt\nmax: 3")
    report, line = the_report(pools)
    assert (report["field"], line.strip()) == ("check", "check: copy-limimt")
    assert report["message"].startswith(
        "format 'standard': rule 'bad': unknown check 'copy-limimt'; did you mean copy-limit?"
        " (checks: allowed-types, attribute-match, banlist, "
    )


def test_cards_fitting_the_leader_by_a_number_are_said_in_words(pools):
    """leader-match over a number attribute: a card's number was joined as words, a
    traceback for every deck the rule found a problem in."""
    add_rule(pools, "id: same-cost\ncheck: leader-match\nleader: dinos\nattribute: cost")
    result = run("--pools", pools, "validate", "-g", "era", EXAMPLES / "era-legal.txt")
    assert result.exit_code == 1, result.output
    assert (
        "A rule: Riptide Pull is for cost 2 decks but your dinos Ember Rex, Cinderhorn"
        " Triceratops and Tidefang Mosasaur have no cost" in result.output
    )


def test_a_game_whose_rule_is_refused_is_left_out_of_games_and_the_site(pools, tmp_path):
    """`deckwright games` listed a game whose rules do not compile, which the site leaves
    out; both leave it out now, the other games served, and the command says why."""
    add_rule(
        pools,
        "id: bad\ncheck: bucket-coverage\nsection: deck\nattribute: cost\n"
        "buckets: [{name: early, min: x}]",
    )
    listed = CliRunner().invoke(cli, ["--pools", str(pools), "games"])
    assert listed.exit_code == 2
    assert "eruma: Eruma TCG" in listed.stdout
    assert "era:" not in listed.stdout
    assert "field 'buckets': format 'standard': rule 'bad'" in listed.stderr
    assert "left out for problems in their rules" in listed.stderr

    client = make_app(tmp_path, POOLS=str(pools)).test_client()
    games = client.get("/api/v1/games").get_json()["games"]
    assert [g["id"] for g in games] == ["eruma"]
    deck = (EXAMPLES / "era-legal.txt").read_text(encoding="utf-8")
    answer = client.post("/api/v1/games/era/validate", data=deck, content_type="text/plain")
    assert error_of(answer, 503)["code"] == "invalid-card-pool"


@pytest.mark.parametrize(
    "entry",
    [
        "id: ok\ncheck: copy-limit\nmax: 0",
        "id: ok\ncheck: section-size\nsection: deck\nexactly: 0\nwhere: {cost: {min: 1.5, lt: 3}}",
        "id: ok\ncheck: section-size\nsection: deck\nby_deck_size: [{size: [1, 40], exactly: 2}]",
        "id: ok\ncheck: min-share\nsection: deck\nwhere: {type: Action}\npercent: 100",
        "id: ok\ncheck: bucket-coverage\nsection: deck\nattribute: cost\n"
        "buckets: [{name: early, max: 2}, {name: late, min: 3}]",
        "id: ok\ncheck: ordered-positions\nsection: deck\nattribute: element\n"
        "positions: {Fire: first, Water: last}",
    ],
)
def test_bounds_at_their_edges_are_no_mistake(pools, entry):
    add_rule(pools, entry)
    result = run("cardpool", "check", pools)
    assert result.exit_code == 0, result.output
