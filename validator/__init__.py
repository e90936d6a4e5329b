"""The rules engine: decks, decklists, rule primitives and validation."""

from .deck import Deck, Entry
from .decklist import ParsedDeck, parse_mapping, parse_text, to_mapping, to_text
from .engine import compile_all, compiled, describe_rules, validate, validate_all_formats
from .errors import DecklistError, DecklistTooLongError, RuleConfigError
from .problems import ERROR, WARNING, Problem, Result
from .summary import summarize

__all__ = [
    "ERROR",
    "WARNING",
    "Deck",
    "DecklistError",
    "DecklistTooLongError",
    "Entry",
    "ParsedDeck",
    "Problem",
    "Result",
    "RuleConfigError",
    "compile_all",
    "compiled",
    "describe_rules",
    "parse_mapping",
    "parse_text",
    "summarize",
    "to_mapping",
    "to_text",
    "validate",
    "validate_all_formats",
]
