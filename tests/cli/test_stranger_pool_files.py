"""Pool files written by a stranger, checked by `deckwright cardpool check`: each mistake is a
problem naming its file and line (and card and field where it has them), never a traceback."""

from __future__ import annotations

import pytest

from ..helpers import edit

CARD_KEYS = (
    " a card's keys are id, name, type, set, number, max_copies, revision_of, aliases,"
    " text and image, and the attributes game.yaml declares (element, cost, subtype,"
    " power, stamina and hitpoints)"
)
FORMAT_KEYS = (
    "a format's keys are id, name, description, base, rules, remove_rules, legal_sets,"
    " banlists, rotations, legal_values and legal_after_days"
)


def check(run, pools) -> tuple[int, list[str]]:
    result = run("cardpool", "check", pools)
    return result.exit_code, result.output.splitlines()


def test_a_date_that_is_no_day_is_named_with_its_line(run, pool_copy):
    game = pool_copy / "era" / "game.yaml"
    edit(game, "      - date: 2024-05-21", "      - date: 2024-13-45")
    line = game.read_text(encoding="utf-8").splitlines().index("      - date: 2024-13-45") + 1
    code, output = check(run, pool_copy)
    assert code == 1
    assert output == [
        f"{game}:{line}: malformed YAML: '2024-13-45' is no date (month must be in 1..12);"
        " write YYYY-MM-DD",
        f"Error: 1 problem(s) in {pool_copy}",
    ]


@pytest.mark.parametrize(
    "card",
    [
        pytest.param("  - id: era-x\n    name: X\n    power: {digits}\n", id="block"),
        pytest.param('  - {{"id": "era-x", "name": "X", "power": {digits}}}\n', id="one line"),
    ],
)
def test_a_number_of_thousands_of_digits_is_named_with_its_line(run, pool_copy, card):
    cards = pool_copy / "era" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text + card.format(digits="9" * 5000), encoding="utf-8")
    line = len(text.splitlines()) + card.count("\n")
    code, output = check(run, pool_copy)
    assert code == 1
    assert output == [
        f"{cards}:{line}: malformed YAML: a number of 5,000 characters is too long",
        f"Error: 1 problem(s) in {pool_copy}",
    ]


def test_a_nul_character_is_named_with_its_line_after_text_in_other_scripts(run, pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    edit(cards, "    name: Ember Rex\n", "    name: Émber Rèx\n")
    edit(cards, "    name: Coral Stegoback\n", "    name: Coral\x00Stegoback\n")
    line = cards.read_text(encoding="utf-8").splitlines().index("    name: Coral\x00Stegoback") + 1
    code, output = check(run, pool_copy)
    assert code == 1
    assert output == [
        f"{cards}:{line}: holds the control character U+0000, which YAML refuses: remove it",
        f"Error: 1 problem(s) in {pool_copy}",
    ]


def test_a_pool_file_far_larger_than_any_pool_is_refused_unread(run, pool_copy, monkeypatch):
    monkeypatch.setattr("cardpool.compiler.MAX_POOL_FILE_BYTES", 10 * 1024 * 1024)
    cards = pool_copy / "era" / "cards.yaml"
    with cards.open("a", encoding="utf-8") as handle:
        handle.write("# " + "x" * (12 * 1024 * 1024) + "\n")
    code, output = check(run, pool_copy)
    assert code == 1
    assert output == [
        f"{cards}: is 12 MB, larger than the 10 MB a pool file may be: is it a card pool?",
        f"Error: 1 problem(s) in {pool_copy}",
    ]


def test_a_misspelled_card_field_is_named_with_the_field_meant(run, pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    edit(cards, "    stamina: 4\n    hitpoints: 3\n", "    stamna: 4\n    hitpoints: 3\n")
    line = cards.read_text(encoding="utf-8").splitlines().index("    stamna: 4") + 1
    code, output = check(run, pool_copy)
    assert code == 1
    assert output == [
        f"{cards}:{line}: card 'Ember Rex', field 'stamna': Unknown field;"
        f"{CARD_KEYS}; did you mean 'stamina'?",
        f"Error: 1 problem(s) in {pool_copy}",
    ]


def test_a_misspelled_format_field_is_named_with_the_field_meant(run, pool_copy):
    game = pool_copy / "era" / "game.yaml"
    edit(game, "    legal_sets: [SDS1A", "    legal_set: [SDS1A")
    line = (
        game.read_text(encoding="utf-8")
        .splitlines()
        .index("    legal_set: [SDS1A, SDS1B, SDS1C, EXP1A]")
        + 1
    )
    code, output = check(run, pool_copy)
    assert code == 1
    assert output == [
        f"{game}:{line}: field 'legal_set': format 'standard':"
        f" Unknown field; {FORMAT_KEYS}; did you mean 'legal_sets'?",
        f"Error: 1 problem(s) in {pool_copy}",
    ]


@pytest.mark.parametrize(
    ("written", "meant"),
    [("legal_set", "; did you mean 'legal_sets'?"), ("sets", ".")],
    ids=["close", "like none"],
)
def test_a_rotation_s_unknown_key_is_said_with_the_keys_it_may_use(run, pool_copy, written, meant):
    game = pool_copy / "era" / "game.yaml"
    edit(
        game,
        "        note: No cards are currently banned.\n",
        "        note: No cards are currently banned.\n    rotations:\n"
        f"      - date: 2025-01-01\n        {written}: [SDS1C, EXP1A]\n",
    )
    line = game.read_text(encoding="utf-8").splitlines().index(f"        {written}: [SDS1C, EXP1A]")
    code, output = check(run, pool_copy)
    assert code == 1
    assert output == [
        f"{game}:{line + 1}: field {written!r}: format 'standard': the rotation of 2025-01-01:"
        f" Unknown field; a rotation's keys are date, legal_sets, legal_values and note{meant}",
        f"Error: 1 problem(s) in {pool_copy}",
    ]


def test_a_card_field_like_none_known_is_said_to_be_declared_first(run, pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    edit(
        cards,
        "    stamina: 4\n    hitpoints: 3\n",
        "    stamina: 4\n    hitpoints: 3\n    speed: 3\n",
    )
    code, output = check(run, pool_copy)
    assert code == 1
    assert output[0].endswith(f"card 'Ember Rex', field 'speed': Unknown field;{CARD_KEYS}.")


def test_a_yaml_link_to_nothing_beside_a_game_does_not_stop_the_games(run, pool_copy):
    # Looking for changed pool files stat()ed each one: a link to nowhere (or a file gone
    # while an editor saves it) was a FileNotFoundError traceback for every command.
    (pool_copy / "era" / "notes.yaml").symlink_to(pool_copy / "nowhere.yaml")
    result = run("--pools", pool_copy, "games")
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "arcmage: Arcmage (Gaia, the Original Rules Concept)"


@pytest.mark.parametrize(
    ("file", "old", "new", "said"),
    [
        (
            "cards.yaml",
            '    name: "Skyquake Dominion"\n    released: 2023-09-01\n',
            '    name: "Skyquake Dominion"\n    released: "September 2023"\n',
            "field 'sets.1.released': Not a valid date: 'September 2023'; write YYYY-MM-DD",
        ),
        (
            "game.yaml",
            "      - date: 2024-05-21",
            "      - date: May 2024",
            "field 'date': format 'standard': the first banned list:"
            " Not a valid date: 'May 2024'; write YYYY-MM-DD",
        ),
        (
            "cards.yaml",
            '    name: Ember Rex\n    type: Dino\n    set: SDS1A\n    number: "SDS1A-002"\n'
            "    element: Fire\n    power: 4\n",
            '    name: Ember Rex\n    type: Dino\n    set: SDS1A\n    number: "SDS1A-002"\n'
            '    element: Fire\n    power: "4"\n',
            "card 'Ember Rex', field 'power': Not a valid integer: \"4\" in quotes is text;"
            " write it without the quotes, 4",
        ),
        (
            "cards.yaml",
            '    name: Ember Rex\n    type: Dino\n    set: SDS1A\n    number: "SDS1A-002"\n'
            "    element: Fire\n    power: 4\n",
            '    name: Ember Rex\n    type: Dino\n    set: SDS1A\n    number: "SDS1A-002"\n'
            "    element: Fire\n    power: four\n",
            "card 'Ember Rex', field 'power': Not a valid integer: 'four'; write a whole number",
        ),
    ],
    ids=["set released", "banned list", "number in quotes", "number in words"],
)
def test_a_date_or_number_written_otherwise_says_how_to_write_it(
    run, pool_copy, file, old, new, said
):
    """ "Not a valid date." said neither what was written nor how to write a day."""
    path = pool_copy / "era" / file
    edit(path, old, new)
    line = new.splitlines()[-1]
    number = path.read_text(encoding="utf-8").splitlines().index(line) + 1
    code, output = check(run, pool_copy)
    assert code == 1
    assert output == [f"{path}:{number}: {said}", f"Error: 1 problem(s) in {pool_copy}"]


@pytest.mark.parametrize("written", ["Era-Ember-Rex-2", "era-ember-rex-é"])
def test_a_card_id_in_capitals_or_accents_is_quoted_in_its_problem(run, pool_copy, written):
    """An id copied from a card's name is refused: the problem says which id, where the
    card is named by its name."""
    cards = pool_copy / "era" / "cards.yaml"
    edit(cards, "  - id: era-ember-rex\n", f"  - id: {written}\n")
    code, output = check(run, pool_copy)
    number = cards.read_text(encoding="utf-8").splitlines().index(f"  - id: {written}") + 1
    assert code == 1
    assert output == [
        f"{cards}:{number}: card 'Ember Rex', field 'id': {written!r} is no id: write it in"
        " lowercase letters, digits and '-'",
        f"Error: 1 problem(s) in {pool_copy}",
    ]


@pytest.mark.parametrize(
    ("written", "said"),
    [
        (
            "[SDS1A, SDS1B]",
            "Not a valid string: a card is in one set; a card printed in several is listed"
            " once per printing, each with its own id and set",
        ),
        ("{SDS1A: 1}", "Not a valid string."),
    ],
)
def test_a_card_s_set_written_as_a_list_is_a_problem_not_a_traceback(run, pool_copy, written, said):
    """A card printed in two sets, written as one card of both, stopped the check with a
    traceback ("unhashable type: 'list'") while it looked for sets no card is printed in."""
    cards = pool_copy / "era" / "cards.yaml"
    edit(
        cards,
        "    name: Ember Rex\n    type: Dino\n    set: SDS1A\n",
        f"    name: Ember Rex\n    type: Dino\n    set: {written}\n",
    )
    code, output = check(run, pool_copy)
    number = cards.read_text(encoding="utf-8").splitlines().index(f"    set: {written}") + 1
    assert code == 1
    assert output == [
        f"{cards}:{number}: card 'Ember Rex', field 'set': {said}",
        f"Error: 1 problem(s) in {pool_copy}",
    ]


def test_a_misspelt_key_that_must_be_there_is_one_problem(run, pool_copy):
    """'nme: Ember Rex' was two problems: the name missing, and 'nme' no key of a card."""
    cards = pool_copy / "era" / "cards.yaml"
    edit(cards, "    name: Ember Rex\n", "    nme: Ember Rex\n")
    code, output = check(run, pool_copy)
    number = cards.read_text(encoding="utf-8").splitlines().index("    nme: Ember Rex") + 1
    assert code == 1
    assert output == [
        f"{cards}:{number}: card 'era-ember-rex', field 'nme': Unknown field;{CARD_KEYS};"
        " did you mean 'name'?",
        f"Error: 1 problem(s) in {pool_copy}",
    ]
