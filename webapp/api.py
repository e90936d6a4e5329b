"""The versioned JSON API under ``/api/v1``: thin views over the validator and storage."""

from __future__ import annotations

from dataclasses import asdict

from flask import Blueprint, current_app

from cardpool import Game, PoolLibrary
from validator import describe_rules

from . import schemas

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def pools() -> PoolLibrary:
    return current_app.extensions["deckwright.pools"]


def game_view(game: Game, with_rules: bool = False) -> dict:
    """A game as the API shows it: everything a client needs to build and filter decks."""
    formats = []
    for fmt in game.formats.values():
        entry = {
            "id": fmt.id,
            "name": fmt.name,
            "description": fmt.description,
            "default": fmt.id == game.default_format,
        }
        if with_rules:
            entry["rules"] = describe_rules(game, fmt.id)
        formats.append(entry)
    return {
        "id": game.id,
        "name": game.name,
        "short_name": game.short_name,
        "description": game.description,
        "illustrative": game.illustrative,
        "rulebook": game.rulebook,
        "sections": [
            {"id": s.id, "name": s.name, "noun": s.noun, "types": list(s.types)}
            for s in game.sections
        ],
        "formats": formats,
        "default_format": game.default_format,
        "main_attribute": game.main_attribute,
        "attributes": [
            {**asdict(a), "values": list(a.values)} for a in game.attributes.values()
        ],
        "colors": dict(game.colors),
        "card_types": list(game.card_types),
    }


@bp.get("/health")
def health():
    return schemas.HealthSchema().dump({"status": "ok"})


@bp.get("/games")
def list_games():
    games = [game_view(g) for g in pools().games().values()]
    return schemas.GameListSchema().dump({"games": games})


@bp.get("/games/<game_id>")
def get_game(game_id: str):
    return schemas.GameDetailSchema().dump(game_view(pools().game(game_id), with_rules=True))
