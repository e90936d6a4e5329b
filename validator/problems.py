"""What validation returns: every problem found, and the verdict."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

ERROR = "error"
WARNING = "warning"


@dataclass(slots=True)
class Problem:
    """One thing wrong with a deck, in words a player understands and figures a program can use.

    ``rule`` is a stable id; ``expected`` and ``actual`` are the figures behind
    the message; ``lines`` point back at the decklist lines involved.

    Not a frozen dataclass, though nothing changes a problem once made: a frozen one sets
    each of its ten fields through ``object.__setattr__``, which tripled the cost of making
    one, and an illegal list makes one for every mistake.
    """

    rule: str
    severity: str
    message: str
    section: str | None = None
    cards: tuple[str, ...] = ()
    expected: Any = None
    actual: Any = None
    lines: tuple[int, ...] = ()
    cite: str = ""
    suggestions: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "severity": self.severity,
            "message": self.message,
            "section": self.section,
            "cards": list(self.cards),
            "expected": self.expected,
            "actual": self.actual,
            "lines": list(self.lines),
            "line": self.lines[0] if self.lines else None,
            "cite": self.cite,
            "suggestions": list(self.suggestions),
        }


@dataclass
class Result:
    """The verdict of one deck in one format."""

    game: str
    format: str
    format_name: str
    problems: list[Problem] = field(default_factory=list)
    as_of: date | None = None

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == WARNING]

    @property
    def legal(self) -> bool:
        return not any(p.severity == ERROR for p in self.problems)
