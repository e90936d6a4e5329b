"""The one exception family of Deckwright.

Every error we raise on purpose derives from :class:`DeckwrightError`. The
edges (CLI, HTTP) turn them into words; library code never prints.
"""

from __future__ import annotations

from dataclasses import dataclass


class DeckwrightError(Exception):
    """Base of all errors Deckwright raises on purpose."""

    code = "deckwright-error"


class NotFoundError(DeckwrightError):
    """Something asked for by name (a game, a format, a card) does not exist."""

    code = "not-found"


class UnknownGameError(NotFoundError):
    code = "unknown-game"


class UnknownFormatError(NotFoundError):
    code = "unknown-format"


class UnknownCardError(NotFoundError):
    code = "unknown-card"


@dataclass(frozen=True)
class PoolProblem:
    """One thing wrong with a card pool file, located as precisely as we can."""

    file: str
    message: str
    line: int | None = None
    card: str | None = None
    field: str | None = None
    # A warning is said by the check but keeps no game from loading (a set no card is
    # printed in yet); everything else is an error.
    severity: str = "error"

    def __str__(self) -> str:
        where = self.file + (f":{self.line}" if self.line else "")
        if self.severity == "warning":
            where += ": warning"
        what = []
        if self.card:
            what.append(f"card {self.card!r}")
        if self.field:
            what.append(f"field {self.field!r}")
        return f"{where}: {', '.join(what) + ': ' if what else ''}{self.message}"


class PoolError(DeckwrightError):
    """A card pool could not be loaded; carries every problem found, not just the first."""

    code = "invalid-card-pool"

    def __init__(self, problems: list[PoolProblem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
