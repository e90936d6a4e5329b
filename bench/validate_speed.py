"""How many decks per second the validator checks, in process, on one core.

Prints decks/second for a 60-card Arcmage deck and a 40-card Shadow Era deck,
validation alone and reading the decklist text plus validation. Target: at
least 20,000 decks per second validated. Figures of one run are comparable to
each other; absolute times drift on a shared machine, so the script also
prints each figure relative to a trivial loop measured in the same run.

    python bench/validate_speed.py [--seconds 1.0]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from cardpool import PoolLibrary
from validator import parse_text, validate

TARGET = 20_000


def arcmage_deck(game) -> str:
    playable = [c for c in game.cards if c.type != "Region" and c.get("faction") == "Gaian"]
    creatures = [c for c in playable if c.type == "Creature"]
    others = [c for c in playable if c.type != "Creature"]
    picks = list({c.identity: c for c in creatures[:8] + others}.values())[:15]
    regions = [c for c in game.cards if c.type == "Region" and c.get("faction") == "Gaian"][:3]
    lines = ["Main Deck:"] + [f"4 {c.name}" for c in picks]
    lines += ["Region Deck:"] + [f"1 {c.name}" for c in regions]
    return "\n".join(lines)


def shadow_era_deck(game) -> str:
    hero = game.find_card("Nishaven")
    fits = [
        c
        for c in game.cards
        if c.type in ("Ally", "Ability", "Item")
        and c.get("faction") in ("Human", "Neutral")
        and set(c.get("classes") or ["Mage"]) & {"Mage"}
        and c.set != "CAMP"
    ]
    lines = ["Hero:", f"1 {hero.name}", "Deck:"] + [f"4 {c.name}" for c in fits[:10]]
    return "\n".join(lines)


def rate(action: Callable[[], object], seconds: float) -> float:
    """Calls per second of ``action`` over about ``seconds`` of wall time."""
    count, start = 0, time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(200):
            action()
        count += 200
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    args = parser.parse_args()
    games = PoolLibrary().games()
    baseline = rate(lambda: sum(range(50)), args.seconds)
    print(f"baseline: {baseline:,.0f} trivial loops/s (sum of 50 ints)")
    failed = False
    for game_id, build in (("arcmage", arcmage_deck), ("shadow-era", shadow_era_deck)):
        game = games[game_id]
        text = build(game)
        parsed = parse_text(text, game)
        result = validate(parsed.deck, extra=parsed.problems)
        size = sum(e.count for e in parsed.deck.entries())
        assert result.legal, [p.message for p in result.problems]
        validated = rate(lambda d=parsed.deck: validate(d), args.seconds)
        with_reading = rate(lambda t=text, g=game: validate(parse_text(t, g).deck), args.seconds)
        verdict = "meets" if validated >= TARGET else "MISSES"
        failed |= validated < TARGET
        print(
            f"{game_id}: {size}-card deck: {validated:,.0f} decks/s validated"
            f" ({baseline / validated:.1f}x a trivial loop), {with_reading:,.0f} decks/s"
            f" read + validated; {verdict} the {TARGET:,}/s target"
        )
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
