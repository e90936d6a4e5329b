"""A format, its base and its banned lists written wrong by someone adding a game from the
docs alone: each problem names the file, the line, the format and the field, and the word
meant where one is close."""

from __future__ import annotations

import os
import subprocess
import sys

from cardpool import check_pools, load_game

from ..helpers import edit, line_of


def test_a_misspelt_base_names_the_format_and_the_one_meant(pool_copy):
    game = pool_copy / "era" / "game.yaml"
    edit(game, "    base: standard", "    base: standrad")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{game}:{line_of(game, '    base: standrad')}: field 'base': format 'open':"
        " base names no format 'standrad'; did you mean standard?"
        " (its formats: standard, open)"
    )


def test_formats_built_on_each_other_in_a_circle_are_named_round_the_circle(pool_copy):
    game = pool_copy / "era" / "game.yaml"
    edit(game, "    name: Standard\n", "    name: Standard\n    base: open\n")
    problems = [str(p) for p in check_pools(pool_copy)]
    assert sorted(problems) == sorted(
        [
            f"{game}:{line_of(game, '    base: open')}: field 'base': format 'standard':"
            " formats build on each other in a circle (standard, open, standard)",
            f"{game}:{line_of(game, '    base: standard')}: field 'base': format 'open':"
            " formats build on each other in a circle (open, standard, open)",
        ]
    )


def test_a_format_built_on_itself_is_named_once_round_its_circle(pool_copy):
    """A format whose base is its own id goes round a circle of one: said as 'open, open',
    not as a circle of three formats ('open, open, open')."""
    game = pool_copy / "era" / "game.yaml"
    edit(game, "    base: standard", "    base: open")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{game}:{line_of(game, '    base: open')}: field 'base': format 'open':"
        " formats build on each other in a circle (open, open)"
    )


def test_a_misspelt_rule_to_remove_names_the_format_its_base_and_the_rule_meant(pool_copy):
    game = pool_copy / "era" / "game.yaml"
    edit(game, "remove_rules: [era-eligible-products]", "remove_rules: [era-eligible-product]")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{game}:{line_of(game, '    remove_rules: [era-eligible-product]')}:"
        " field 'remove_rules': format 'open': remove_rules names no rule"
        " 'era-eligible-product' of its base 'standard'; did you mean era-eligible-products?"
    )


def test_rules_removed_by_a_format_without_a_base_are_said_to_have_none_to_come_from(
    pool_copy,
):
    game = pool_copy / "era" / "game.yaml"
    edit(game, "    base: standard\n", "")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{game}:{line_of(game, '    remove_rules: [era-eligible-products]')}:"
        " field 'remove_rules': format 'open': remove_rules names no rule"
        " 'era-eligible-products': the format has no base to remove rules from"
    )


def test_a_misspelt_default_format_is_named_with_its_field_and_the_one_meant(pool_copy):
    game = pool_copy / "era" / "game.yaml"
    edit(game, "default_format: standard", "default_format: standart")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{game}:{line_of(game, 'default_format: standart')}: field 'default_format':"
        " no format 'standart'; did you mean standard? (its formats: standard, open)"
    )


def test_a_misspelt_banned_card_names_the_format_the_list_and_the_card_meant(pool_copy):
    game = pool_copy / "era" / "game.yaml"
    edit(game, "        note: No cards are currently banned.", "        banned: [Embr Rex]")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{game}:{line_of(game, '        banned: [Embr Rex]')}: field 'banned':"
        " format 'standard': the banned list of 2024-05-21: banned names no card 'Embr Rex';"
        " did you mean Ember Rex?"
    )


def test_a_misspelt_restricted_card_is_named_the_same_way(pool_copy):
    game = pool_copy / "era" / "game.yaml"
    edit(
        game,
        "        note: No cards are currently banned.",
        "        restricted: {Kindel: 1}",
    )
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{game}:{line_of(game, '        restricted: {Kindel: 1}')}: field 'restricted':"
        " format 'standard': the banned list of 2024-05-21: restricted names no card"
        " 'Kindel'; did you mean Kindle?"
    )


def test_a_format_giving_its_own_banned_lists_and_sets_replaces_its_bases(pool_copy):
    """As docs/cardpool.md says: a key the format gives replaces its base's; the rules are
    merged by id."""
    game = pool_copy / "era" / "game.yaml"
    edit(game, "        note: No cards are currently banned.", "        banned: [Kindle]")
    edit(
        game,
        "    remove_rules: [era-eligible-products]\n",
        "    legal_sets: [SDS1A]\n    banlists:\n      - {date: 2024-05-21, banned: [Ember Rex]}\n",
    )
    assert check_pools(pool_copy) == []
    era = load_game(pool_copy / "era")
    standard, open_ = era.formats["standard"], era.formats["open"]
    rex, kindle = era.card("era-ember-rex").identity, era.card("era-kindle").identity
    assert [sorted(b.banned) for b in open_.banlists] == [[rex]]
    assert [sorted(b.banned) for b in standard.banlists] == [[kindle]]
    assert open_.legal_sets == ("SDS1A",)
    assert [r.id for r in open_.rules] == [r.id for r in standard.rules]


def test_a_misspelt_default_section_names_its_field_and_the_one_meant(pool_copy):
    game = pool_copy / "era" / "game.yaml"
    edit(game, "default_section: deck", "default_section: dek")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{game}:{line_of(game, 'default_section: dek')}: field 'default_section':"
        " no section 'dek'; did you mean deck? (its sections: dinos, crystals, deck)"
    )


def test_a_default_section_written_as_a_sections_header_says_its_id(pool_copy):
    """ "Main" heads ERA's deck in a list; game.yaml names the section by its id."""
    game = pool_copy / "era" / "game.yaml"
    edit(game, "default_section: deck", "default_section: Main")
    (problem,) = check_pools(pool_copy)
    assert problem.message == (
        "no section 'Main'; did you mean deck? (its sections: dinos, crystals, deck)"
    )


def test_a_misspelt_type_of_a_section_names_the_section_and_the_type_meant(pool_copy):
    game = pool_copy / "era" / "game.yaml"
    edit(game, "    types: [Event, Action, Equipment]", "    types: [Event, Actions, Equipment]")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{game}:{line_of(game, '    types: [Event, Actions, Equipment]')}: field 'types':"
        " section 'deck': unknown card type 'Actions'; did you mean Action?"
        " (its card types: Dino, Crystal, Event, Action, Equipment)"
    )


def test_a_misspelt_type_of_an_attribute_names_the_attribute_and_the_type_meant(pool_copy):
    """Once: the Equipment cards are not each said to carry a cost they may not have."""
    game = pool_copy / "era" / "game.yaml"
    edit(game, "types: [Action, Equipment]}", "types: [Action, Equipmnet]}")
    (problem,) = check_pools(pool_copy)
    assert problem.field == "types"
    assert problem.message == (
        "attribute 'cost': unknown card type 'Equipmnet'; did you mean Equipment?"
        " (its card types: Dino, Crystal, Event, Action, Equipment)"
    )


def test_a_reading_naming_a_misspelt_rule_or_format_says_the_one_meant(pool_copy):
    game = pool_copy / "era" / "game.yaml"
    edit(
        game,
        "  - rules: [era-deck-thirty, era-three-events]",
        "  - rules: [era-deck-thirty, era-three-event]",
    )
    edit(
        game,
        '    reason: "A deck one card short',
        '    alternative: opne\n    reason: "A deck one card short',
    )
    problems = {p.field: p.message for p in check_pools(pool_copy)}
    assert problems == {
        "rules": "names no rule 'era-three-event' of any format; did you mean"
        " era-three-events or era-three-dinos or era-three-copies?",
        "alternative": "alternative names no format 'opne'; did you mean open?"
        " (its formats: standard, open)",
    }


def test_a_banned_list_written_wrong_is_named_by_its_date_not_its_place(pool_copy):
    """It was "field 'banlists.0.banned'": a stranger counts no list from 0."""
    game = pool_copy / "era" / "game.yaml"
    edit(game, "        note: No cards are currently banned.", "        banned: Ember Rex")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{game}:{line_of(game, '        banned: Ember Rex')}: field 'banned':"
        " format 'standard': the banned list of 2024-05-21: Not a valid list."
    )


def test_a_restricted_card_written_wrong_names_the_list_and_the_card(pool_copy):
    """It was "field 'banlists.0.restricted.Kindle.value'"."""
    game = pool_copy / "era" / "game.yaml"
    edit(game, "        note: No cards are currently banned.", "        restricted: {Kindle: -1}")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{game}:{line_of(game, '        restricted: {Kindle: -1}')}: field 'restricted':"
        " format 'standard': the banned list of 2024-05-21: 'Kindle':"
        " Must be greater than or equal to 0."
    )


def test_a_rotation_without_its_date_is_named_by_its_place(pool_copy):
    game = pool_copy / "era" / "game.yaml"
    edit(
        game,
        "    legal_sets: [SDS1A, SDS1B, SDS1C, EXP1A]\n",
        "    legal_sets: [SDS1A, SDS1B, SDS1C, EXP1A]\n"
        "    rotations:\n"
        "      - {legal_sets: [EXP1A]}\n",
    )
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{game}:{line_of(game, '      - {legal_sets: [EXP1A]}')}: field 'date':"
        " format 'standard': the first rotation: Missing data for required field."
    )


def test_a_rules_check_or_id_written_as_a_list_is_a_problem_not_a_crash(pool_copy):
    """'check: [copy-limit]' and 'id: [era-three-copies]' stopped cardpool check with a
    traceback (a list where a word was looked up); each is said as the field it is."""
    game = pool_copy / "era" / "game.yaml"
    edit(game, "        check: copy-limit", "        check: [copy-limit]")
    (problem,) = check_pools(pool_copy)
    line = line_of(game, "        check: [copy-limit]")
    assert str(problem).startswith(f"{game}:{line}: field 'check': format 'standard': rule '")
    edit(game, "        check: [copy-limit]", "        check: copy-limit")
    edit(game, "      - id: era-three-copies", "      - id: [era-three-copies]")
    (problem,) = check_pools(pool_copy)
    line = line_of(game, "      - id: [era-three-copies]")
    assert str(problem).startswith(f"{game}:{line}: field 'id': format 'standard':")


def test_rules_equally_close_to_a_misspelt_one_are_said_in_the_files_order(pool_copy):
    """A reading naming 'era-three' was offered era-three-events and era-three-copies (as
    close as each other) in an order that changed from run to run (a set's, by the process's
    hash seed); they are said in the order game.yaml writes them."""
    game = pool_copy / "era" / "game.yaml"
    edit(game, "  - rules: [era-deck-thirty, era-three-events]", "  - rules: [era-three]")
    said = set()
    for seed in ("1", "2", "3", "4"):
        run = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys; from cardpool import check_pools;"
                " print(*check_pools(sys.argv[1]), sep='\\n')",
                str(pool_copy),
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            check=True,
        )
        said.add(run.stdout)
    (output,) = said
    assert "did you mean era-three-dinos or era-three-events or era-three-copies?" in output


def test_two_banned_lists_of_one_day_are_refused(pool_copy):
    """Which one was in force that day hung on their order in the file: written the other
    way round, the same pool banned Ember Rex or did not."""
    game = pool_copy / "era" / "game.yaml"
    edit(
        game,
        "      - date: 2024-05-21\n",
        "      - {date: 2024-05-21, banned: [Ember Rex]}\n      - date: 2024-05-21\n",
    )
    (problem,) = check_pools(pool_copy)
    first = line_of(game, "      - {date: 2024-05-21, banned: [Ember Rex]}")
    assert str(problem) == (
        f"{game}:{first + 1}: field 'date': format 'standard': the banned list of 2024-05-21:"
        f" another banned list is dated 2024-05-21 (line {first}); which is in force that day"
        " would hang on their order: make them one list"
    )


def test_two_rotations_of_one_day_changing_one_thing_are_refused(pool_copy):
    game = pool_copy / "era" / "game.yaml"
    edit(
        game,
        "    legal_sets: [SDS1A, SDS1B, SDS1C, EXP1A]\n",
        "    legal_sets: [SDS1A, SDS1B, SDS1C, EXP1A]\n"
        "    rotations:\n"
        "      - {date: 2025-01-01, legal_sets: [EXP1A]}\n"
        "      - {date: 2025-01-01, legal_sets: [SDS1A, EXP1A]}\n",
    )
    (problem,) = check_pools(pool_copy)
    first = line_of(game, "      - {date: 2025-01-01, legal_sets: [EXP1A]}")
    assert str(problem) == (
        f"{game}:{first + 1}: field 'date': format 'standard': the rotation of 2025-01-01:"
        f" another rotation is dated 2025-01-01 (line {first}) and changes legal_sets too;"
        " which is in force that day would hang on their order: make them one rotation"
    )


def test_a_format_id_written_as_a_list_is_a_problem_not_a_crash(pool_copy):
    """'id: [standard]' stopped the check with "unhashable type: 'list'"."""
    game = pool_copy / "era" / "game.yaml"
    edit(game, "  - id: open\n", "  - id: [open]\n")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{game}:{line_of(game, '  - id: [open]')}: field 'id': the second format:"
        " Not a valid string."
    )
