"""The rule primitives. Each module holds one; game YAML names them in ``check:``."""

from . import (  # noqa: F401 - importing registers each primitive
    allowed_types,
    attribute_match,
    banlist,
    bucket_coverage,
    co_leaders,
    copy_limit,
    deck_sum,
    distinct_values,
    leader_match,
    legal_sets,
    legal_values,
    min_share,
    ordered_positions,
    references,
    section_size,
)
from .base import REGISTRY, Context, Rule

__all__ = ["REGISTRY", "Context", "Rule"]
