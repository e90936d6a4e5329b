"""One decision given to a copy of the shipped RYFT pool, for tests of how decisions load and show.

The shipped games record their own decisions and may change them; tests must not depend on
which they hold, so the copy's ``decisions:`` become this one alone (with a format built on
the other reading).
"""

from __future__ import annotations

from pathlib import Path

import yaml

READING = "A Matrix card counts against the copy limit like any other card: up to 3 copies."
REASON = "The rulebook gives Matrix cards no limit of their own."
RULE = "ryft-three-copies"
ALTERNATIVE = "matrix-as-singleton"
ALTERNATIVE_NAME = "Matrix as singleton"
ALTERNATIVE_RULE = "ryft-matrix-as-singleton"

FORMAT = {
    "id": ALTERNATIVE,
    "name": ALTERNATIVE_NAME,
    "description": "Standard, reading a Matrix card as a singleton.",
    "base": "standard",
    "rules": [
        {
            "id": ALTERNATIVE_RULE,
            "check": "copy-limit",
            "max": 1,
            "where": {"type": "Matrix"},
            "title": "At most 1 copy of each Matrix card",
            "cite": "with a maximum of 3 of each card.",
        }
    ],
}
DECISION = {"rules": [RULE], "reading": READING, "reason": REASON, "alternative": ALTERNATIVE}


def add_decision(pools: Path, **changes) -> Path:
    """Make :data:`DECISION` the only decision of RYFT's game.yaml below ``pools``, with
    ``changes`` to its fields (None leaves a field out); return the file."""
    game_yaml = pools / "ryft" / "game.yaml"
    data = yaml.safe_load(game_yaml.read_text(encoding="utf-8"))
    decision = {**DECISION, **changes}
    data["decisions"] = [{k: v for k, v in decision.items() if v is not None}]
    data["formats"] = [f for f in data["formats"] if f["id"] != ALTERNATIVE] + [FORMAT]
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000)
    game_yaml.write_text(text, encoding="utf-8")
    return game_yaml
