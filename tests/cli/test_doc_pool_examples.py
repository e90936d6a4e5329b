"""The YAML of docs/cardpool.md loads as written: a stranger copies the smallest game and the
rule entries shown there into a pool of their own, and ``deckwright cardpool check`` says
nothing of them. Two had a problem: a flow mapping's title with a comma in it, unquoted, and
an agenda-point table sized by every section, the identity counted among the deck's cards."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

DOC = Path(__file__).resolve().parents[2] / "docs" / "cardpool.md"

# What the documented rule entries read beyond the smallest game: an identity that leads the
# deck (with its side, faction, limits), ICE, agendas, tokens, and Pokémon's regulation marks
# and basic Energy.
ATTRIBUTES = """\
attributes:
  regulation_mark: {label: regulation mark, kind: choice, values: [F, G, H], printing: true}
  subtypes: {label: Subtypes, kind: list, values: [Basic, Radiant]}
  side: {label: Side, kind: choice, values: [Corp, Runner]}
  faction: {label: Faction, kind: choice, values: [Jinteki, Shaper, Neutral]}
  subtype: {label: Subtype, kind: list, values: [Token, Orc]}
  agenda_points: {label: Agenda points, kind: int}
  influence: {label: Influence, kind: int}
  influence_limit: {label: Influence limit, kind: int}
  min_deck_size: {label: Minimum deck size, kind: int}
"""
SECTIONS = """\
  - {id: identity, name: Identity, noun: identity, types: [Identity]}
  - {id: hero, name: Hero, noun: hero, types: []}
"""
CARDS = """\
  - {id: corp, name: Haas Corp, type: Identity, set: CORE, side: Corp, faction: Jinteki,
     influence_limit: 15, min_deck_size: 40, regulation_mark: G}
  - {id: wall, name: Ice Wall, type: ICE, set: CORE, faction: Jinteki, influence: 1,
     regulation_mark: G}
  - {id: takeover, name: Hostile Takeover, type: Agenda, set: CORE, agenda_points: 2,
     regulation_mark: G}
  - {id: orc-token, name: Orc Token, type: Unit, set: CORE, subtype: [Token, Orc],
     regulation_mark: G}
  - {id: pichu, name: Pichu, type: Pokémon, set: CORE, subtypes: [Basic], regulation_mark: G}
  - {id: fire, name: Fire Energy, type: Energy, set: CORE, subtypes: [Basic]}
"""


def _yaml_blocks() -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def _smallest_game() -> tuple[str, str]:
    blocks = _yaml_blocks()
    game = next(b for b in blocks if b.startswith("# game.yaml\nid:"))
    cards = next(b for b in blocks if b.startswith("# cards.yaml\ngame:"))
    return game, cards


def _documented_rule_entries() -> list[dict]:
    entries = []
    for block in _yaml_blocks():
        read = yaml.safe_load(block)
        if isinstance(read, list):
            entries += [e for e in read if isinstance(e, dict) and "check" in e]
    return entries


def _pool(tmp_path: Path) -> Path:
    game, cards = _smallest_game()
    game = game.replace(
        "card_types: [Champion, Unit]",
        "card_types: [Champion, Unit, Identity, ICE, Agenda, Pokémon, Energy]",
    )
    game = game.replace("sections:\n", ATTRIBUTES + "sections:\n" + SECTIONS, 1)
    game = game.replace("types: [Unit]}", "types: [Unit, ICE, Agenda, Pokémon, Energy]}", 1)
    rules = yaml.safe_dump(_documented_rule_entries(), sort_keys=False, allow_unicode=True)
    game += "  - id: documented\n    name: The documented rules\n"
    game += "    legal_values: {regulation_mark: [F, G, H]}\n    rules:\n"
    game += "".join(f"      {line}\n" for line in rules.splitlines())
    folder = tmp_path / "pools" / "duel"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    # every card has a regulation mark (the documented legal-values rule requires one) but
    # basic Energy
    cards = cards.replace("set: CORE}", "set: CORE, regulation_mark: G}")
    (folder / "cards.yaml").write_text(cards + CARDS, encoding="utf-8")
    return folder


def test_the_smallest_game_loads_as_written(run, tmp_path):
    game, cards = _smallest_game()
    folder = tmp_path / "pools" / "duel"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "cards.yaml").write_text(cards, encoding="utf-8")
    result = run("cardpool", "check", folder.parent)
    assert (result.exit_code, result.output) == (0, f"{folder.parent}: all pools are valid\n")


def test_every_documented_rule_entry_loads_as_written(run, tmp_path):
    assert len(_documented_rule_entries()) >= 6
    root = _pool(tmp_path).parent
    result = run("cardpool", "check", root)
    assert (result.exit_code, result.output) == (0, f"{root}: all pools are valid\n")


def test_the_agenda_points_example_sizes_the_deck_without_its_identity(run, tmp_path):
    """ "A Corp deck of 40 to 44 cards holds 18 or 19 agenda points": 44 cards and the
    identity are a 44-card deck, not a 45-card one needing 20 or 21."""
    root = _pool(tmp_path).parent
    deck = tmp_path / "corp.txt"
    deck.write_text("Identity: Haas Corp\n9 Hostile Takeover\n18 Ice Wall\n17 Spark\n")
    result = run("--pools", root, "validate", "-g", "duel", "-f", "documented", deck)
    assert (result.exit_code, result.output) == (0, f"{deck}: legal in Duel The documented rules\n")
