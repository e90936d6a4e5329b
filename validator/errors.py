"""Validator errors: part of the one family rooted at :class:`cardpool.DeckwrightError`."""

from __future__ import annotations

from cardpool import DeckwrightError


class DecklistError(DeckwrightError):
    """A decklist could not be read at all (not text, not a deck-shaped mapping)."""

    code = "malformed-decklist"


class DecklistTooLongError(DecklistError):
    """A decklist with more lines (or JSON entries) than one list may have."""

    code = "decklist-too-long"
    status = 413  # read over HTTP as "too large", like a body past the size limit

    def __init__(self, lines: int, limit: int, what: str = "lines"):
        self.details = [{"lines": lines, "limit": limit}]
        super().__init__(f"a decklist has at most {limit} {what}; this one has {lines}")


class RuleConfigError(DeckwrightError):
    """A rule entry in a game's YAML names an unknown primitive or bad parameters."""

    code = "invalid-rule"

    def __init__(self, rule_id: str, message: str, field: str | None = None):
        self.rule_id = rule_id
        self.field = field
        super().__init__(f"rule {rule_id!r}: {message}")
