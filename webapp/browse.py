"""What the site shows of a game's cards: the search filters a game offers and each card's face.

The card browser renders these on the server; the deck builder's script gets
the same filter list in the page and draws card faces by the same rules
(``static/js/cardface.js``), so a card looks alike with and without JavaScript.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from cardpool import Game
from validator.deck import BOARD_NAMES, BOARDS
from validator.summary import curve_attribute

# A text attribute with more distinct values than this gets a text box, not a list.
MAX_CHOICES = 60
# Colours go into style attributes: only plain hex colours are let through.
_HEX_COLOR = re.compile(r"^#[0-9a-fA-F]{3,8}$")
SORTS = ("name", "type", "set", "number")


@dataclass(frozen=True)
class Filter:
    """One search control: ``choice`` (a list of values), ``range`` (min/max) or ``text``."""

    name: str
    label: str
    control: str
    options: tuple[tuple[str, str], ...] = ()  # (value, label)


@dataclass(frozen=True)
class Chip:
    label: str
    value: str
    color: str | None = None


@dataclass(frozen=True)
class CardFace:
    """What a result row shows: the cost badge, the numeric stats and the attribute chips."""

    cost: Any
    cost_label: str | None
    stats: tuple[tuple[str, Any], ...]
    chips: tuple[Chip, ...]

    @property
    def color(self) -> str | None:
        """The colour the card is known by: its first coloured chip's."""
        return next((c.color for c in self.chips if c.color), None)


def color_of(game: Game, value: str) -> str | None:
    color = game.colors.get(value)
    return color if color and _HEX_COLOR.match(color) else None


def cost_attribute(game: Game) -> str | None:
    """The attribute the game's cost curve uses (the same one the deck summary picks)."""
    return curve_attribute(game)


def chip_attributes(game: Game) -> list[str]:
    """Attributes shown as chips: the main attribute and every filterable word-valued one."""
    names = []
    for name, attribute in game.attributes.items():
        if attribute.kind in ("choice", "list", "text") and (
            attribute.filter or name == game.main_attribute
        ):
            names.append(name)
    return names


def stat_attributes(game: Game) -> list[str]:
    """Numeric attributes shown as stats (everything countable except the cost)."""
    cost = cost_attribute(game)
    return [n for n, a in game.attributes.items() if a.kind == "int" and n != cost]


def card_face(game: Game, facts: Mapping[str, Any]) -> CardFace:
    cost = cost_attribute(game)
    stats = tuple(
        (game.attributes[name].label, facts[name])
        for name in stat_attributes(game)
        if facts.get(name) is not None
    )
    chips = []
    for name in chip_attributes(game):
        value = facts.get(name)
        for item in value if isinstance(value, list) else [value]:
            if item is not None and item != "":
                text = str(item)
                chips.append(Chip(game.attributes[name].label, text, color_of(game, text)))
    return CardFace(
        cost=facts.get(cost) if cost else None,
        cost_label=game.attributes[cost].label if cost else None,
        stats=stats,
        chips=tuple(chips),
    )


def filters(game: Game) -> list[Filter]:
    """One control per filterable fact: type, set, then each attribute marked ``filter``."""
    controls = [
        Filter("type", "Type", "choice", tuple((t, t) for t in game.card_types)),
        Filter(
            "set",
            "Set",
            "choice",
            tuple((code, s.name) for code, s in game.sets.items()),
        ),
    ]
    for name, attribute in game.attributes.items():
        if not attribute.filter:
            continue
        if attribute.kind == "int":
            controls.append(Filter(name, attribute.label, "range"))
            continue
        if attribute.kind == "bool":
            options = (("true", "Yes"), ("false", "No"))
        else:
            values = attribute.values or _values_in_pool(game, name)
            if len(values) > MAX_CHOICES:
                controls.append(Filter(name, attribute.label, "text"))
                continue
            options = tuple((v, v) for v in values)
        controls.append(Filter(name, attribute.label, "choice", options))
    return controls


def _values_in_pool(game: Game, name: str) -> tuple[str, ...]:
    seen: set[str] = set()
    for card in game.cards:
        value = card.get(name)
        for item in value if isinstance(value, list) else [value]:
            if item not in (None, ""):
                seen.add(str(item))
    return tuple(sorted(seen, key=str.casefold))


def sorts(game: Game) -> list[tuple[str, str]]:
    """The orders a result list can take, as (sort parameter, label)."""
    options = [(s, s.capitalize()) for s in SORTS]
    cost = cost_attribute(game)
    if cost:
        options.insert(1, (cost, game.attributes[cost].label))
    if game.main_attribute and game.main_attribute not in dict(options):
        options.append((game.main_attribute, game.attributes[game.main_attribute].label))
    return options


def builder_config(game: Game, game_view: dict) -> dict:
    """What the deck builder's script needs about a game, beyond the API's game view."""
    return {
        **game_view,
        "default_section": game.default_section,
        "cost_attribute": cost_attribute(game),
        "stat_attributes": stat_attributes(game),
        "chip_attributes": chip_attributes(game),
        "colors": {v: c for v in game.colors if (c := color_of(game, v))},
        "filters": [asdict(f) for f in filters(game) if f.control == "choice"],
        "boards": boards(game),
        # The opening hand and draws per turn (game.yaml ``play``), for draw odds.
        "play": game.meta.get("play"),
    }


def boards(game: Game) -> list[dict[str, str]]:
    """The boards kept beside a deck (sideboard, maybe-board), less any the game makes a
    section of its own: those are counted like the rest of the deck."""
    taken = {s.id for s in game.sections} | {s.name.casefold() for s in game.sections}
    return [
        {"id": b, "name": BOARD_NAMES[b]}
        for b in BOARDS
        if b not in taken and BOARD_NAMES[b].casefold() not in taken
    ]
