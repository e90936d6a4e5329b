"""The command line starts games from the compiled-game cache that `cardpool check` fills."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cardpool import compiler
from validator.cli import cli

SKIRMISH = Path(__file__).resolve().parents[1] / "core" / "pools" / "skirmish"


@pytest.fixture
def pools(tmp_path) -> Path:
    shutil.copytree(SKIRMISH, tmp_path / "pools" / "skirmish")
    return tmp_path / "pools"


@pytest.fixture
def run(monkeypatch, tmp_path):
    monkeypatch.setenv("DECKWRIGHT_CACHE", str(tmp_path / "compiled"))

    def invoke(*args):
        return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return invoke


def test_cardpool_check_reads_each_file_once_and_the_next_start_reads_none(
    pools, run, monkeypatch, tmp_path
):
    read = []
    read_yaml = compiler._read_yaml

    def counted(path, sink):
        read.append(path)
        return read_yaml(path, sink)

    monkeypatch.setattr(compiler, "_read_yaml", counted)
    checked = run("cardpool", "check", pools)
    assert checked.exit_code == 0, checked.output
    assert sorted(p.name for p in read) == ["cards.yaml", "game.yaml"]
    assert list((tmp_path / "compiled").glob("skirmish-*.game"))

    monkeypatch.setattr(yaml, "load", lambda *a, **k: pytest.fail("YAML was read"))
    listed = run("games", "--pools", pools)
    assert listed.exit_code == 0, listed.output
    assert listed.output.startswith("skirmish: ")


def test_the_cache_is_turned_off_with_off(pools, run, monkeypatch, tmp_path):
    monkeypatch.setenv("DECKWRIGHT_CACHE", "off")
    assert run("cardpool", "check", pools).exit_code == 0
    assert run("games", "--pools", pools).exit_code == 0
    assert not (tmp_path / "compiled").exists()
    assert not list(tmp_path.rglob("*.game"))


def test_the_real_command_ends_with_its_status_and_all_its_output(pools, tmp_path):
    """Run as a process, the command ends without freeing the loaded game object by object:
    its output and exit status must still be whole."""
    deck = tmp_path / "deck.txt"
    deck.write_text("3 Stone Gaint\n", encoding="utf-8")
    env = {**os.environ, "DECKWRIGHT_CACHE": str(tmp_path / "compiled")}
    command = [sys.executable, "-c", "from validator.cli import cli; cli()"]
    command += ["validate", "--pools", str(pools), "--game", "skirmish", str(deck)]
    for _ in range(2):  # compiled, then started from the cache
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 1, done.stderr
        assert "did you mean Stone Giant?" in done.stdout
        assert done.stdout.endswith("\n")


def test_a_start_from_the_cache_imports_neither_yaml_nor_the_schema_library(pools, run, tmp_path):
    """A third of a short command's time went to importing the compiler's libraries."""
    assert run("cardpool", "check", pools).exit_code == 0
    env = {**os.environ, "DECKWRIGHT_CACHE": str(tmp_path / "compiled")}
    code = (
        "import sys; from pathlib import Path; import validator.cli; "
        "from cardpool import PoolLibrary; from cardpool.cache import default_cache_dir; "
        f"game = PoolLibrary(Path({str(pools)!r}), default_cache_dir()).game('skirmish'); "
        "print(game.id, [m for m in ('yaml', 'marshmallow') if m in sys.modules])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.stdout == "skirmish []\n", done.stderr


def test_the_sites_start_from_the_cache_checks_the_rules_without_reading_yaml(pools, run, tmp_path):
    """The site leaves out a game whose rules do not compile: compiling them at its start
    reads no YAML (only a rule with a problem is looked up in its file)."""
    assert run("cardpool", "check", pools).exit_code == 0
    env = {**os.environ, "DECKWRIGHT_CACHE": str(tmp_path / "compiled")}
    code = (
        "import sys; from pathlib import Path; from validator.engine import compile_all; "
        "from cardpool import PoolLibrary; from cardpool.cache import default_cache_dir; "
        f"library = PoolLibrary(Path({str(pools)!r}), default_cache_dir(), partial=True,"
        " vet=compile_all); "
        "print(sorted(library.games()), library.problems, 'yaml' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.stdout == "['skirmish'] [] False\n", done.stderr
