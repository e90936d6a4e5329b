"""Fixtures for the rulebook tests of every game.

``pool_variant`` copies one shipped game folder to a temporary folder and edits its YAML,
so a test can ban a card, reprint one or print a copy limit on one without touching the
shipped pools. ``assert_quotes_rulebook`` checks that the docstrings of a module's tests
quote their rulebook word for word.
"""

from __future__ import annotations

import inspect
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cardpool import Game, PoolLibrary, default_pool_dir, load_game
from cardpool.loader import check_and_load
from validator import compile_all
from validator.cli import cli

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
RULEBOOKS = REPO.parent / "shared" / "rulebooks"

# A quotation in a test docstring: “…” (typographic quotes, so that the quoted sentence
# may itself hold straight quotes).
_QUOTE = re.compile(r"“(.+?)”", re.DOTALL)
_LIST_DASH = re.compile(r"(?:^|(?<=\s))-\s+", re.MULTILINE)


def normalised(text: str) -> str:
    """Text with markdown emphasis, list dashes and line breaks removed, for comparing quotes."""
    text = text.replace("**", "").replace("’", "'").replace("•", " ")
    return " ".join(_LIST_DASH.sub("", text).split())


@pytest.fixture
def pool_variant(tmp_path) -> Callable:
    """``pool_variant(game_id, edit_game=None, edit_cards=None)``: a copy of a shipped game.

    Each ``edit_*`` receives the parsed YAML (``game.yaml`` / ``cards.yaml``) and changes
    it in place; the copy is written back and loaded as a fresh :class:`Game`.
    """

    def make(game_id: str, edit_game=None, edit_cards=None):
        folder = tmp_path / "pools" / game_id
        shutil.copytree(default_pool_dir() / game_id, folder)
        for name, edit in (("game.yaml", edit_game), ("cards.yaml", edit_cards)):
            if edit is None:
                continue
            path = folder / name
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            edit(data)
            path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        return PoolLibrary(folder.parent).game(game_id)

    return make


@pytest.fixture
def game_from_yaml(tmp_path) -> Callable[[str, str], Game]:
    """``game_from_yaml(game_yaml, cards_yaml)``: a game written in the test, in a folder of
    its own named as its id, as a designer adding a game writes it; the files are held to
    what ``deckwright cardpool check`` asks (no problem, no warning, every rule compiles)."""

    def make(game_text: str, cards_text: str) -> Game:
        game_id = yaml.safe_load(game_text)["id"]
        folder = tmp_path / "pools" / game_id
        folder.mkdir(parents=True)
        (folder / "game.yaml").write_text(game_text, encoding="utf-8")
        (folder / "cards.yaml").write_text(cards_text, encoding="utf-8")
        warnings: list = []
        games, problems = check_and_load(folder.parent, warnings=warnings)
        game = games.get(game_id)
        if game is not None:
            problems = [*problems, *compile_all(game)]
        assert [str(p) for p in (*problems, *warnings)] == []
        return game

    return make


@pytest.fixture(scope="session")
def rulebook_text() -> Callable[[str], str]:
    """``rulebook_text(file_name)``: a shared rulebook, normalised (skips if it is absent)."""

    def read(file_name: str) -> str:
        path = RULEBOOKS / file_name
        if not path.is_file():
            pytest.skip(f"the rulebook {file_name} is not next to the repository")
        return normalised(path.read_text(encoding="utf-8"))

    return read


@pytest.fixture
def assert_quotes_rulebook(rulebook_text) -> Callable:
    """``assert_quotes_rulebook(namespace, prefix, rulebook, exempt=())``: every test named
    ``prefix…`` in ``namespace`` (but those in ``exempt``, which test a pool's own decisions)
    quotes at least one sentence, and every quote is verbatim."""

    def check(namespace: dict, prefix: str, rulebook: str, exempt=()) -> None:
        text = rulebook_text(rulebook)
        tests = {
            name: obj
            for name, obj in namespace.items()
            if name.startswith(prefix) and inspect.isfunction(obj) and name not in exempt
        }
        assert tests, f"no tests named {prefix}…"
        for name, test in tests.items():
            quotes = _QUOTE.findall(inspect.getdoc(test) or "")
            assert quotes, f"{name} quotes no sentence of {rulebook}"
            for quote in quotes:
                assert normalised(quote) in text, f"{name}: not in {rulebook}: {quote!r}"

    return check


@pytest.fixture
def run_cli() -> Callable:
    """``run_cli(*args)``: the ``deckwright`` command run in-process; returns click's result."""

    def run(*args: str | Path):
        return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return run


@pytest.fixture
def example() -> Callable[[str], Path]:
    """``example("ryft-legal.txt")``: the path of a shipped example decklist."""

    def path(name: str) -> Path:
        found = EXAMPLES / name
        assert found.is_file(), f"missing example {name}"
        return found

    return path


# The second definitions of the games' deck rules, written from the rulebooks alone.
STRANGER = Path(__file__).resolve().parent / "stranger"


@pytest.fixture(scope="module")
def both_definitions(tmp_path_factory) -> Callable[..., dict[str, tuple[Game, Game]]]:
    """``both_definitions(*game_ids)``: each game twice, (shipped, the second definition
    under ``tests/rules/stranger/<game>``), on the same shipped cards."""

    def load(*game_ids: str) -> dict[str, tuple[Game, Game]]:
        pools = tmp_path_factory.mktemp("stranger-pools")
        for game_id in game_ids:
            folder = pools / game_id
            folder.mkdir()
            shutil.copy(default_pool_dir() / game_id / "cards.yaml", folder / "cards.yaml")
            shutil.copy(STRANGER / game_id / "game.yaml", folder / "game.yaml")
        # each game's folder alone: another game's files being edited meanwhile are not read
        return {g: (load_game(default_pool_dir() / g), load_game(pools / g)) for g in game_ids}

    return load
