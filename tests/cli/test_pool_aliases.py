"""A card pool whose YAML aliases expand beyond a budget is refused at once with the file
and line, before anything is built: nine levels of nine aliases in a card's name ran
``deckwright cardpool check`` for 42 seconds and ended in MemoryError."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardpool import PoolError, load_game
from validator.cli import cli

BOMB_LEVELS = 9


def alias_bomb() -> str:
    """YAML anchors, each a list of nine aliases of the one before (9**9 names when walked)."""
    lines = ['bomb0: &b0 ["lol"]']
    for level in range(1, BOMB_LEVELS + 1):
        refs = ", ".join([f"*b{level - 1}"] * 9)
        lines.append(f"bomb{level}: &b{level} [{refs}]")
    return "\n".join(lines) + "\n"


def plant(pool_copy, name_yaml: str) -> None:
    cards = pool_copy / "era" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    text = text.replace("    name: Ember Rex\n", f"    name: {name_yaml}\n", 1)
    cards.write_text(alias_bomb() + text, encoding="utf-8")


def test_an_alias_bomb_in_a_card_name_is_refused_naming_the_file(pool_copy):
    plant(pool_copy, f"*b{BOMB_LEVELS}")
    with pytest.raises(PoolError) as refused:
        load_game(pool_copy / "era")
    (problem,) = refused.value.problems
    assert problem.file.endswith("cards.yaml")
    assert "aliases" in problem.message
    # The line where the expansion passed the budget, among the bomb's lines.
    assert 2 <= problem.line <= BOMB_LEVELS + 1


def test_cardpool_check_answers_fast_with_the_file_and_line(pool_copy, monkeypatch):
    monkeypatch.delenv("DECKWRIGHT_POOLS", raising=False)
    plant(pool_copy, f"*b{BOMB_LEVELS}")
    result = CliRunner().invoke(cli, ["cardpool", "check", str(pool_copy)])
    assert result.exit_code != 0
    assert "cards.yaml:" in result.output
    assert "aliases" in result.output


def test_a_name_with_an_ampersand_and_a_star_is_still_a_name(pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("name: Ember Rex", 'name: "Ember & Rex *"', 1))
    game = load_game(pool_copy / "era")
    assert game.find_card("Ember & Rex *") is not None


def test_aliases_that_only_share_a_value_are_read_as_written_out(pool_copy):
    """YAML writers emit an anchor and aliases for a value used twice: that is not a bomb."""
    cards = pool_copy / "era" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    text = text.replace("  - code: SDS1A\n", "  - code: &first SDS1A\n", 1)
    text = text.replace("set: SDS1A\n", "set: *first\n")
    assert "*first" in text
    cards.write_text(text, encoding="utf-8")
    game = load_game(pool_copy / "era")
    assert game.find_card("Ember Rex") is not None
