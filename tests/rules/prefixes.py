"""How tests that span the five games are named: each game's tests start with its prefix,
and every one of them quotes that game's rulebook."""

from __future__ import annotations

GAME_OF_PREFIX = {
    "test_era_": "era",
    "test_shadow_era_": "shadow-era",
    "test_ryft_": "ryft",
    "test_arcmage_": "arcmage",
    "test_eruma_": "eruma",
}
