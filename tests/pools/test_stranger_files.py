"""Pool files broken the ways people break YAML, and pools pointed at the wrong folder: each
is said in words with the file and the line, and what to do about it."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardpool import check_pools
from validator.cli import cli

from ..helpers import edit, example, line_of


def test_a_tab_before_a_card_written_on_one_line_is_said_to_be_a_tab(pool_copy):
    """Below a card written on one line, YAML's own words ("found character that cannot
    start any token") name no tab."""
    cards = pool_copy / "era" / "cards.yaml"
    tabbed = "\t- {id: era-y, name: Y, type: Crystal, set: SDS1A, element: Fire}"
    with cards.open("a", encoding="utf-8") as handle:
        handle.write("  - {id: era-x, name: X, type: Crystal, set: SDS1A, element: Fire}\n")
        handle.write(tabbed + "\n")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{cards}:{line_of(cards, tabbed)}: malformed YAML: found character that cannot"
        " start any token (a tab: indent with spaces, never tabs)"
    )


@pytest.mark.parametrize("start", ["@", "`"])
def test_a_value_starting_with_a_character_yaml_reserves_is_said_to_need_quotes(pool_copy, start):
    cards = pool_copy / "era" / "cards.yaml"
    edit(cards, "    name: Ember Rex\n", f"    name: {start}Ember Rex\n")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{cards}:{line_of(cards, f'    name: {start}Ember Rex')}: malformed YAML: found"
        f" character that cannot start any token (a value starting with {start} is written"
        f' in quotes: "{start}...")'
    )


def test_a_python_tag_is_said_to_be_read_by_no_pool(pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    edit(cards, "    name: Ember Rex\n", "    name: !!python/object/apply:os.system [ls]\n")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{cards}:{line_of(cards, '    name: !!python/object/apply:os.system [ls]')}:"
        " malformed YAML: could not determine a constructor for the tag"
        " 'tag:yaml.org,2002:python/object/apply:os.system' (a pool reads no tags"
        " such as !!python/...: write the value itself)"
    )


def test_a_file_just_over_the_limit_is_not_said_to_be_as_large_as_the_limit(pool_copy, monkeypatch):
    """A 10.4 MB file was "10 MB, larger than the 10 MB a pool file may be"."""
    monkeypatch.setattr("cardpool.compiler.MAX_POOL_FILE_BYTES", 10 * 1024 * 1024)
    cards = pool_copy / "era" / "cards.yaml"
    with cards.open("a", encoding="utf-8") as handle:
        handle.write("# " + "x" * (10 * 1024 * 1024 + 400 * 1024) + "\n")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{cards}: is 10.4 MB, larger than the 10 MB a pool file may be: is it a card pool?"
    )


def test_a_file_bytes_over_the_limit_is_said_in_bytes(pool_copy, monkeypatch):
    """A file a byte over the limit was "1.000 MB, larger than the 1 MB": no rounding of
    megabytes shows it larger, so its size is said in bytes, beside the limit's."""
    monkeypatch.setattr("cardpool.compiler.MAX_POOL_FILE_BYTES", 1024 * 1024)
    cards = pool_copy / "era" / "cards.yaml"
    size = cards.stat().st_size
    with cards.open("a", encoding="utf-8") as handle:
        handle.write("#" * (1024 * 1024 + 1 - size - 1) + "\n")
    assert cards.stat().st_size == 1024 * 1024 + 1
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{cards}: is 1,048,577 bytes, larger than the 1 MB (1,048,576 bytes) a pool file"
        " may be: is it a card pool?"
    )


def test_pools_pointed_at_a_game_folder_say_to_point_at_the_folder_above(pool_copy):
    """README: "Make a folder for the game ... in your own --pools folder": --pools names the
    folder holding the game's folder, not the game's folder itself."""
    era = pool_copy / "era"
    result = CliRunner().invoke(cli, ["--pools", str(era), "cardpool", "check"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        f"{era}: no game folders (a folder holding game.yaml) found here: it holds a"
        " game.yaml itself, so the pools' folder is the one above it"
    )
    result = CliRunner().invoke(cli, ["--pools", str(era), "games"])
    assert result.exit_code == 2
    assert result.output == (
        f"Error: {era}: no game folders (a folder holding game.yaml): it holds a"
        " game.yaml itself, so the pools' folder is the one above it\n"
    )


def test_a_game_in_a_folder_not_named_as_its_id_is_checked_beside_a_broken_game(pool_copy):
    """Another game's broken file kept `validate -g era` from checking any ERA deck once
    ERA's folder was not named "era" (every folder is read then): the game that loads is
    checked, as the site serves it."""
    (pool_copy / "era").rename(pool_copy / "my-era")
    edit(pool_copy / "ryft" / "cards.yaml", "cards:\n", "cards:\n\t")
    deck = pool_copy.parent / "deck.txt"
    deck.write_text(example("era-legal.txt"), encoding="utf-8")
    result = CliRunner().invoke(
        cli, ["--pools", str(pool_copy), "validate", "-g", "era", str(deck)]
    )
    assert (result.exit_code, result.output) == (0, f"{deck}: legal in ERA Standard\n")
    # the broken game is still refused, with its file's problem
    result = CliRunner().invoke(
        cli, ["--pools", str(pool_copy), "validate", "-g", "ryft", str(deck)]
    )
    assert result.exit_code == 2
    assert f"{pool_copy / 'ryft' / 'cards.yaml'}:" in result.output


def test_a_misspelt_set_of_a_card_says_the_set_meant(pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    edit(
        cards,
        "    name: Ember Rex\n    type: Dino\n    set: SDS1A\n",
        "    name: Ember Rex\n    type: Dino\n    set: SDS1\n",
    )
    (problem,) = check_pools(pool_copy)
    assert (problem.card, problem.field) == ("Ember Rex", "set")
    assert problem.message == (
        "'SDS1' is not one of: SDS1A, SDS1B, SDS1C, EXP1A, PROMO; did you mean SDS1A or SDS1B"
        " or SDS1C?"
    )


def test_the_sets_meant_are_said_closest_first_then_in_the_file_s_order(pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    edit(
        cards,
        "    name: Ember Rex\n    type: Dino\n    set: SDS1A\n",
        "    name: Ember Rex\n    type: Dino\n    set: SDS1CC\n",
    )
    (problem,) = check_pools(pool_copy)
    assert problem.message.endswith("; did you mean SDS1C or SDS1A or SDS1B?")


def test_a_value_in_other_capitals_says_the_value_meant(pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    edit(cards, "    name: Ember Rex\n    type: Dino\n", "    name: Ember Rex\n    type: dino\n")
    (problem,) = check_pools(pool_copy)
    assert problem.message == (
        "'dino' is not one of: Dino, Crystal, Event, Action, Equipment; did you mean Dino?"
    )


def test_a_set_misspelt_among_hundreds_counts_them_rather_than_list_them(pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    many = "".join(
        f"  - {{code: X{n:03}, name: Extra {n}, released: 2024-01-01}}\n" for n in range(300)
    )
    edit(cards, "cards:\n", many + "cards:\n")
    edit(
        cards,
        "    name: Ember Rex\n    type: Dino\n    set: SDS1A\n",
        "    name: Ember Rex\n    type: Dino\n    set: SDS1Z\n",
    )
    problems = [p for p in check_pools(pool_copy) if p.severity == "error"]
    (problem,) = problems
    assert problem.message == (
        "'SDS1Z' is none of the 305 sets of cards.yaml; did you mean SDS1A or SDS1B or SDS1C?"
    )


def test_a_key_without_its_colon_is_said_on_its_own_line(pool_copy):
    """YAML finds no ':' on the line below the key ("name Ember Rex"): that line was said."""
    cards = pool_copy / "era" / "cards.yaml"
    edit(cards, "    name: Ember Rex\n", "    name Ember Rex\n")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{cards}:{line_of(cards, '    name Ember Rex')}: malformed YAML: could not find"
        " expected ':' after 'name Ember Rex' (a key is followed by ': ', as in 'name: ...')"
    )


def test_a_quote_left_open_is_said_on_its_own_line(pool_copy):
    """YAML reads on to the next quote and fails lines below ("did not find expected key")."""
    cards = pool_copy / "era" / "cards.yaml"
    opened = '    name: "Ember Rex'
    edit(cards, "    name: Ember Rex\n", opened + "\n")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{cards}:{line_of(cards, opened)}: malformed YAML: the quote"
        " opened here is not closed on its line"
    )


def test_a_name_written_as_another_card_s_in_other_capitals_is_one_problem(pool_copy):
    """A new card named 'ember rex' was refused for its name, and then twice more as a
    printing of Ember Rex with another element and power: three problems for one name."""
    cards = pool_copy / "era" / "cards.yaml"
    card = (
        "  - {id: era-ember-rex-water, name: ember rex, type: Dino, set: SDS1A, element: Water,"
        " power: 2, stamina: 4, hitpoints: 3}"
    )
    with cards.open("a", encoding="utf-8") as handle:
        handle.write(card + "\n")
    (problem,) = check_pools(pool_copy)
    assert str(problem) == (
        f"{cards}:{line_of(cards, card)}: card 'ember rex', field 'name': name differs from"
        " 'Ember Rex' only in case, accents, spacing or punctuation, so both are read as one"
        " card: write it as the other is, or give it a name of its own"
    )


@pytest.mark.parametrize(
    ("target", "said"),
    [
        ("cards.yaml", "cannot be read: a link to itself, or to a link back to it"),
        ("nowhere.yaml", "cannot be read: a link to nowhere.yaml, which does not exist"),
    ],
    ids=["to itself", "to nowhere"],
)
def test_a_card_file_that_is_a_link_going_nowhere_says_so(pool_copy, target, said):
    """Said "[Errno 40] Too many levels of symbolic links: '/…/cards.yaml'", or that the
    file was missing where a file of that name is listed."""
    cards = pool_copy / "era" / "cards.yaml"
    cards.unlink()
    cards.symlink_to(target)
    (problem,) = check_pools(pool_copy)
    assert str(problem) == f"{cards}: {said}"
