"""A game written from docs/cardpool.md alone, then broken the ways people break YAML.

Each mistake must end in a problem naming the file, the line and, where there is one,
the card and the field; none may be accepted silently or hidden behind a follow-on error.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from cardpool import PoolLibrary, check_pools, load_game
from cardpool.loader import check_and_load

GAME = """\
id: ember
name: Ember Wars
short_name: Ember
rulebook: ember-rules.pdf
description: A duel of champions and units.
card_types: [Champion, Unit, Spell]
attributes:
  colour: {label: Colour, kind: choice, values: [Red, Blue], required: true}
  cost: {label: Cost, kind: int, types: [Unit, Spell]}
main_attribute: colour
same_card: [name]
sections:
  - {id: champion, name: Champion, noun: champion, types: [Champion]}
  - {id: deck, name: Deck, noun: card, types: [Unit, Spell]}
default_section: deck
default_format: standard
formats:
  - id: standard
    name: Standard
    legal_sets: [CORE, EXP1]
    banlists:
      - {date: 2024-01-01, banned: [Firestorm], note: First list.}
    rules:
      - id: one-champion
        check: section-size
        section: champion
        exactly: 1
        title: Exactly one champion
        cite: "Your deck has exactly one champion."
      - id: deck-size
        check: section-size
        section: deck
        exactly: 4
        title: Four cards in the deck
        cite: "Your deck has exactly 4 cards."
      - id: copies
        check: copy-limit
        max: 2
        title: At most two copies
        cite: "No more than 2 copies of a card."
      - id: bans
        check: banlist
        title: Banned cards
        cite: "Banned cards may not be played."
      - id: sets
        check: legal-sets
        title: Cards of the format's sets
        cite: "Only cards of the format's sets may be played."
  - id: core-only
    name: Core Only
    base: standard
    legal_sets: [CORE]
"""

CARDS = """\
game: ember
title: Ember Wars cards
illustrative: true
sets:
  - {code: CORE, name: Core, released: 2023-01-01}
  - {code: EXP1, name: Expansion One, released: 2023-06-01}
cards:
  - id: pyra
    name: Pyra
    type: Champion
    set: CORE
    colour: Red
  - id: spark
    name: Spark
    type: Unit
    set: CORE
    colour: Red
    cost: 1
  - id: firestorm
    name: Firestorm
    type: Spell
    set: EXP1
    colour: Red
    cost: 4
"""


@pytest.fixture
def ember(tmp_path) -> Path:
    """A pools folder holding the game ``ember``, written as its docs say; returns the root."""
    folder = tmp_path / "pools" / "ember"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    return tmp_path / "pools"


def rewrite(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_game_written_from_the_docs_loads(ember):
    assert check_pools(ember) == []
    game = load_game(ember / "ember")
    assert set(game.formats) == {"standard", "core-only"}


def test_a_key_written_twice_in_a_card_is_refused_naming_both_lines(ember):
    # YAML keeps the last of two equal keys: the card would silently be named Pyro.
    cards = ember / "ember" / "cards.yaml"
    rewrite(cards, "    name: Pyra\n", "    name: Pyra\n    name: Pyro\n")
    problems = check_pools(ember)
    assert len(problems) == 1
    assert problems[0].file == str(cards)
    assert problems[0].line == 10
    assert "'name' is written twice (first on line 9)" in problems[0].message


def test_a_rule_parameter_written_twice_is_refused(ember):
    game = ember / "ember" / "game.yaml"
    rewrite(game, "        exactly: 4\n", "        exactly: 4\n        exactly: 40\n")
    problems = check_pools(ember)
    assert [(p.file, p.line) for p in problems] == [(str(game), 34)]
    assert "'exactly'" in problems[0].message


def test_a_key_written_twice_in_a_one_line_card_is_refused(ember):
    cards = ember / "ember" / "cards.yaml"
    rewrite(
        cards,
        "cards:\n",
        'cards:\n  - {"id": "ash", "name": "Ash", "type": "Unit", "set": "CORE",'
        ' "colour": "Red", "colour": "Blue"}\n',
    )
    problems = check_pools(ember)
    assert [(p.file, p.line) for p in problems] == [(str(cards), 8)]
    assert "'colour'" in problems[0].message


def test_a_merge_key_may_still_be_overridden(ember):
    # ``<<: *base`` then a key of its own is how YAML shares values: not a duplicate.
    cards = ember / "ember" / "cards.yaml"
    rewrite(
        cards,
        "  - id: spark\n",
        "  - &red {id: ember, name: Ember, type: Unit, set: CORE, colour: Red}\n"
        "  - <<: *red\n    id: cinder\n    name: Cinder\n  - id: spark\n",
    )
    assert check_pools(ember) == []
    assert "Cinder" in {c.name for c in load_game(ember / "ember").cards}


def test_a_game_folder_whose_game_file_is_misnamed_is_named_not_skipped(ember):
    # Beside a good game, the misnamed one was skipped and the check said all was valid.
    (ember / "flux").mkdir()
    (ember / "flux" / "game.yml").write_text(GAME.replace("id: ember", "id: flux"), "utf-8")
    (ember / "flux" / "cards.yaml").write_text(CARDS, encoding="utf-8")
    problems = check_pools(ember)
    assert [p.file for p in problems] == [str(ember / "flux")]
    assert "cards.yaml, game.yml" in problems[0].message
    assert "no game.yaml" in problems[0].message


def test_an_empty_folder_named_like_a_game_is_named(ember):
    (ember / "flux").mkdir()
    problems = check_pools(ember)
    assert [p.file for p in problems] == [str(ember / "flux")]
    assert "empty" in problems[0].message


def test_a_game_file_linking_to_itself_is_named(ember):
    (ember / "flux").mkdir()
    (ember / "flux" / "game.yaml").symlink_to("game.yaml")
    problems = check_pools(ember)
    assert [p.file for p in problems] == [str(ember / "flux" / "game.yaml")]
    assert "cannot be read" in problems[0].message


def test_a_folder_looping_to_itself_and_folders_holding_no_yaml_are_no_games(ember):
    (ember / "loop").symlink_to("loop")
    (ember / "art").mkdir()
    (ember / "art" / "pyra.png").write_bytes(b"\x89PNG")
    (ember / ".drafts").mkdir()
    (ember / "__pycache__").mkdir()
    assert check_pools(ember) == []


def test_a_file_not_in_utf8_names_the_line_of_the_first_bad_byte(ember):
    # Saved as Latin-1 by an old editor: "Pyrà" is one byte, 0xe0, on line 9.
    cards = ember / "ember" / "cards.yaml"
    cards.write_bytes(CARDS.replace("name: Pyra", "name: Pyrà").encode("latin-1"))
    problems = check_pools(ember)
    assert [(p.file, p.line) for p in problems] == [(str(cards), 9)]
    assert "not UTF-8" in problems[0].message
    assert "0xe0" in problems[0].message


def test_a_file_saved_as_utf16_is_named_as_such(ember):
    game = ember / "ember" / "game.yaml"
    game.write_bytes(GAME.encode("utf-16"))
    problems = check_pools(ember)
    assert [(p.file, p.line) for p in problems] == [(str(game), 1)]
    assert "UTF-16" in problems[0].message


def test_an_empty_file_is_called_empty(ember):
    cards = ember / "ember" / "cards.yaml"
    cards.write_text("# cards to come\n", encoding="utf-8")
    problems = check_pools(ember)
    assert [p.file for p in problems] == [str(cards)]
    assert "is empty" in problems[0].message


def test_a_pool_file_that_is_no_regular_file_is_refused_without_reading_it(ember):
    # A named pipe (or a link to a device) would be read forever.
    cards = ember / "ember" / "cards.yaml"
    cards.unlink()
    os.mkfifo(cards)
    games, problems = check_and_load(ember, cache_dir=ember.parent / "cache")
    assert games == {}
    assert [p.file for p in problems] == [str(cards)]
    assert "not a regular file" in problems[0].message


def test_a_format_with_a_bad_field_is_one_problem_naming_the_format(ember):
    # It was three: the field, then "no format 'standard'" for the default format and for
    # the format built on it, though the format is right there.
    game = ember / "ember" / "game.yaml"
    rewrite(game, "legal_sets: [CORE, EXP1]", "legal_sets: 5")
    problems = check_pools(ember)
    assert [(p.file, p.line, p.field) for p in problems] == [(str(game), 20, "legal_sets")]
    assert "format 'standard'" in problems[0].message


def test_a_card_refused_for_its_type_is_not_also_missing_from_the_banned_list(ember):
    cards = ember / "ember" / "cards.yaml"
    rewrite(cards, "    type: Spell\n", "    type: Spel\n")
    problems = check_pools(ember)
    assert [(p.file, p.card, p.field) for p in problems] == [(str(cards), "Firestorm", "type")]


def test_a_revision_naming_no_card_gives_its_line(ember):
    cards = ember / "ember" / "cards.yaml"
    rewrite(cards, "    cost: 1\n", "    cost: 1\n    revision_of: sprak\n")
    problems = check_pools(ember)
    assert [(p.file, p.line, p.card, p.field) for p in problems] == [
        (str(cards), 19, "Spark", "revision_of")
    ]


def test_the_game_to_start_from_in_the_docs_loads_as_written(tmp_path):
    doc = (Path(__file__).resolve().parents[2] / "docs" / "cardpool.md").read_text("utf-8")
    section = doc.split("## A game to start from", 1)[1].split("\n## ", 1)[0]
    blocks = [b.split("```", 1)[0] for b in section.split("```yaml\n")[1:]]
    files = {block.split("\n", 1)[0].removeprefix("# "): block for block in blocks}
    assert set(files) == {"game.yaml", "cards.yaml"}
    folder = tmp_path / "pools" / "duel"
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    assert check_pools(tmp_path / "pools") == []
    game = load_game(folder)
    assert [s.id for s in game.sections] == ["champion", "deck"]
    assert [r.id for r in game.formats["standard"].rules] == ["one-champion", "copies"]


def test_two_folders_giving_one_game_id_are_refused_and_the_first_is_served(ember):
    """A copy of a game left with the original's id was served in its place without a
    word (the site listed the copy's name under the original's id)."""
    shutil.copytree(ember / "ember", ember / "ember-copy")
    copy = ember / "ember-copy" / "game.yaml"
    rewrite(copy, "name: Ember Wars", "name: Ember Wars (my copy)")
    problems = check_pools(ember)
    assert [(p.file, p.line, p.field) for p in problems] == [(str(copy), 1, "id")]
    assert problems[0].message == (
        "game id 'ember' is the id of the game in the folder ember too: each game needs an"
        " id of its own"
    )
    library = PoolLibrary(ember, partial=True)
    assert library.game("ember").name == "Ember Wars"
    assert [str(p) for p in library.problems] == [str(problems[0])]


@pytest.mark.parametrize(
    ("written", "read_as", "said"),
    [
        ("No", "false", "Not a valid string"),
        ("yes", "true", "Not a valid string"),
        ("1984", "a number", "Not a valid string"),
        ("~", "nothing", "Field may not be null"),
    ],
)
def test_a_text_yaml_reads_as_something_else_says_to_quote_it(ember, written, read_as, said):
    """'colour: No' is false to YAML: 'Not a valid string.' alone left a stranger to guess."""
    cards = ember / "ember" / "cards.yaml"
    rewrite(cards, "name: Spark\n", f"name: {written}\n")
    problems = check_pools(ember)
    # the card is named by its id: its name is what is wrong
    assert [(p.line, p.card, p.field) for p in problems] == [(14, "spark", "name")]
    assert problems[0].message == (
        f'{said}: YAML reads {written} as {read_as}; write it in quotes, "{written}", for the text'
    )


def test_a_set_no_card_is_printed_in_is_a_warning(ember):
    """A card given the wrong one of two sets left the other empty without a word. A set
    listed before its cards are written is no error: the game still loads."""
    cards = ember / "ember" / "cards.yaml"
    rewrite(cards, "    set: EXP1\n", "    set: CORE\n")
    warnings = []
    games, problems = check_and_load(ember, warnings=warnings)
    assert problems == []
    assert "ember" in games
    assert [str(w) for w in warnings] == [
        f"{cards}:6: warning: field 'code': set 'EXP1' (Expansion One) has no cards:"
        " no card's set is 'EXP1' (is a card's set written wrong?)"
    ]


def test_a_name_written_with_other_unicode_characters_says_so(ember):
    """'Pýra' typed with the accent apart from its letter looks like 'Pýra': saying they
    differ 'only in case, spacing or punctuation' named no difference anyone could see."""
    cards = ember / "ember" / "cards.yaml"
    rewrite(cards, "name: Pyra\n", "name: P\u00fdra\n")
    rewrite(cards, "name: Spark\n", "name: Py\u0301ra\n")
    problems = [p for p in check_pools(ember) if p.field == "name"]
    assert [(p.line, p.card) for p in problems] == [(14, "Py\u0301ra")]
    assert problems[0].message == (
        "name looks like 'P\u00fdra' but is written with other Unicode characters (a letter"
        " and its accent apart, or joined): write it as the other is"
    )


def test_a_name_differing_by_an_accent_is_said_to_be_read_as_the_same_card(ember):
    """'Pýra' beside 'Pyra' is one card to a player typing either: the accent is named."""
    cards = ember / "ember" / "cards.yaml"
    rewrite(cards, "name: Spark\n", "name: P\u00fdra\n")
    problems = [p for p in check_pools(ember) if p.field == "name"]
    assert [(p.line, p.card) for p in problems] == [(14, "P\u00fdra")]
    assert problems[0].message == (
        "name differs from 'Pyra' only in case, accents, spacing or punctuation, so both are"
        " read as one card: write it as the other is, or give it a name of its own"
    )


@pytest.mark.parametrize("invisible", ["\u200b", "\u00ad", "\ufeff", "\u2060"])
def test_a_name_holding_an_invisible_character_is_refused(ember, invisible):
    cards = ember / "ember" / "cards.yaml"
    rewrite(cards, "name: Spark\n", f"name: Sp{invisible}ark\n")
    problems = check_pools(ember)
    assert [(p.line, p.field) for p in problems] == [(14, "name")]
    assert problems[0].message.startswith(f"holds the invisible character U+{ord(invisible):04X}")


@pytest.mark.parametrize(
    ("old", "new", "line", "hint"),
    [
        ("    colour: Red\n    cost: 1\n", "    colour: Red\n   cost: 1\n", 18, "indented"),
        ("    colour: Red\n    cost: 1\n", "    colour: Red\n      cost: 1\n", 18, "indented"),
        ("    type: Unit\n", "\ttype: Unit\n", 15, "spaces"),
    ],
    ids=["a key one space short", "a key too deep", "a tab"],
)
def test_yaml_broken_by_its_indentation_says_to_look_at_it(ember, old, new, line, hint):
    cards = ember / "ember" / "cards.yaml"
    rewrite(cards, old, new)
    problems = check_pools(ember)
    assert [(p.file, p.line) for p in problems] == [(str(cards), line)]
    assert problems[0].message.startswith("malformed YAML: ")
    assert hint in problems[0].message


@pytest.mark.parametrize("newline", ["\r\n", "\r"], ids=["CRLF", "CR"])
def test_a_pool_saved_by_a_windows_editor_loads_and_says_its_lines(ember, newline):
    """A byte-order mark and CRLF (or old Mac CR) line endings, as Notepad saves a file."""
    for name in ("game.yaml", "cards.yaml"):
        path = ember / "ember" / name
        text = path.read_text(encoding="utf-8").replace("\n", newline)
        path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert check_pools(ember) == []
    cards = ember / "ember" / "cards.yaml"
    cards.write_bytes(cards.read_bytes().replace(b"colour: Red", b"colour: Redd", 1))
    problems = check_pools(ember)
    assert [(p.line, p.card, p.field) for p in problems] == [(12, "Pyra", "colour")]


@pytest.mark.parametrize(
    ("entry", "card", "hint"),
    [
        ("  - [id: ash, name: Ash, type: Unit, set: CORE, colour: Red]\n", "Ash", "not [...]"),
        ("  - Ash\n", "Ash", "key: value"),
    ],
    ids=["a list in brackets", "a name alone"],
)
def test_a_card_written_as_no_mapping_is_named(ember, entry, card, hint):
    """A card written as a list ('[id: ash, name: Ash]') or as its name alone is said as
    that card, with how a card is written."""
    cards = ember / "ember" / "cards.yaml"
    rewrite(cards, "cards:\n", "cards:\n" + entry)
    problems = check_pools(ember)
    assert [(p.line, p.card, p.field) for p in problems] == [(8, card, "cards.0")]
    assert problems[0].message.startswith("Not a valid mapping type: a card is written as")
    assert hint in problems[0].message
