"""A decision added to a copy of the shipped RYFT pool, for tests of how decisions load and show.

The shipped games record their own decisions; tests must not depend on which ones they hold,
so they add this one (and a format built on the other reading) to a private copy.
"""

from __future__ import annotations

from pathlib import Path

READING = "A Matrix card counts against the copy limit like any other card: up to 3 copies."
REASON = "The rulebook gives Matrix cards no limit of their own."
RULE = "ryft-three-copies"
ALTERNATIVE = "matrix-singleton"

DECISION_YAML = f"""
  - id: {ALTERNATIVE}
    name: Matrix singleton
    description: Standard, reading a Matrix card as a singleton.
    base: standard
    rules:
      - id: ryft-matrix-singleton
        check: copy-limit
        max: 1
        where: {{type: Matrix}}
        title: At most 1 copy of each Matrix card
        cite: "with a maximum of 3 of each card."
decisions:
  - rules: [{RULE}]
    reading: "{READING}"
    reason: "{REASON}"
    alternative: {ALTERNATIVE}
"""


def add_decision(pools: Path, text: str = DECISION_YAML) -> Path:
    """Append ``text`` (a format and a ``decisions:`` list) to RYFT's game.yaml, in place of
    its own decisions; return the file."""
    game_yaml = pools / "ryft" / "game.yaml"
    # RYFT's own decisions (the file's last key) are set aside: the tests add theirs
    shipped = game_yaml.read_text(encoding="utf-8").split("\ndecisions:", 1)[0]
    game_yaml.write_text(shipped + "\n" + text.lstrip("\n"), encoding="utf-8")
    return game_yaml
