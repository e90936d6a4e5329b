"""Fixtures for the command-line tests: the ``deckwright`` command run in-process."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from validator.cli import cli


@pytest.fixture
def run(monkeypatch):
    """``run(*args)``: the command on the shipped pools, its result (exit code and output)."""
    monkeypatch.delenv("DECKWRIGHT_POOLS", raising=False)
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return invoke
