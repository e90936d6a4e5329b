"""Card pools: each game's YAML card database and deck-construction definition."""

from .errors import (
    DeckwrightError,
    NotFoundError,
    PoolError,
    PoolProblem,
    UnknownCardError,
    UnknownFormatError,
    UnknownGameError,
)
from .loader import PoolLibrary, check_pools, default_pool_dir, load_game, load_pools
from .model import Attribute, Banlist, Card, CardSet, Format, Game, RuleSpec, Section
from .names import did_you_mean, name_key, slug

__all__ = [
    "Attribute",
    "Banlist",
    "Card",
    "CardSet",
    "DeckwrightError",
    "Format",
    "Game",
    "NotFoundError",
    "PoolError",
    "PoolLibrary",
    "PoolProblem",
    "RuleSpec",
    "Section",
    "UnknownCardError",
    "UnknownFormatError",
    "UnknownGameError",
    "check_pools",
    "default_pool_dir",
    "did_you_mean",
    "load_game",
    "load_pools",
    "name_key",
    "slug",
]
