"""How decklist reading scales: a deck's cost per line, and reading text never seen before.

1. Growth: decks of 40, 1,000 and 10,000 lines (text, read and validated in the
   game's default format; cards as players write them, and one card on every
   line) should cost time linear in their lines: the time per line at 10,000
   lines is compared with that at 1,000. Target: at most 1.5x.
2. Reading never-seen text: 1,000 lines of ``N Name`` (counts, case and spacing
   varied as players write them), read with the game's kept readings cleared
   before every pass, against the floor in the same process: split the lines,
   take the count, normalise each name (``name_key``) and look it up in a dict.
   Target: at most 2x the floor.

    .venv/bin/python bench/read_speed.py [--game shadow-era] [--seconds 1.0]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from cardpool import PoolLibrary, name_key  # noqa: E402
from validator import (  # noqa: E402
    decklist,
    parse_text,
    validate,
)

TARGET_GROWTH = 1.5
TARGET_READING = 2.0
SIZES = (40, 1_000, 10_000)


def seconds_per_call(*actions: Callable[[], object], budget: float) -> list[float]:
    """The least CPU time (of this process: steadier than wall time on a shared machine) of
    each action over runs taking turns for about ``budget`` seconds, so that they share
    whatever else the machine is doing."""
    best = [float("inf")] * len(actions)
    deadline = time.perf_counter() + budget
    runs = 0
    while runs < 5 or time.perf_counter() < deadline:
        for i, action in enumerate(actions):
            start = time.process_time()
            action()
            best[i] = min(best[i], time.process_time() - start)
        runs += 1
    return best


def spellings(game, count: int, seed: int = 11) -> list[str]:
    """``count`` lines naming the game's cards as players write them, all different."""
    rng = random.Random(seed)
    names = sorted({c.name for c in game.cards})
    # A name has at most 60 spellings here (case, count, count style): a small pool (ERUMA's
    # 117 cards) has fewer than 10,000 in all, so its lines also end in spaces or tabs.
    ends = ("",) if len(names) * 60 >= 2 * count else ("", " ", "  ", "   ", "\t", " \t")
    if len(names) * 60 * len(ends) < 2 * count:
        raise SystemExit(f"{game.name} has too few cards for {count:,} different lines")
    lines, seen = [], set()
    while len(lines) < count:
        name = rng.choice(names)
        name = rng.choice((name, name.lower(), name.upper(), name.title(), "  " + name))
        copies = rng.randint(1, 4)
        line = rng.choice((f"{copies} {name}", f"{copies}x {name}", f"{copies} x {name}"))
        line += rng.choice(ends)
        if line not in seen:
            seen.add(line)
            lines.append(line)
    return lines


def never_seen(game, text: str) -> Callable[[], object]:
    def read():
        decklist._READINGS.pop(game, None)
        return parse_text(text, game, max_lines=10**6)

    return read


def floor(game, text: str) -> Callable[[], object]:
    """The least any reader does: split, count, normalise, look up."""
    keys = game.cards_by_key

    def read():
        found = []
        for line in text.splitlines():
            count, _, name = line.strip().partition(" ")
            if name[:2] in ("x ", "X "):
                name = name[2:]
            found.append((int(count.rstrip("xX")), keys.get(name_key(name))))
        return found

    return read


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="shadow-era")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    args = parser.parse_args()
    game = PoolLibrary().game(args.game)

    growth_met = True
    one_card = game.cards[0].name
    decks = {
        "cards as players write them": lambda size: spellings(game, size),
        "one card on every line": lambda size: [f"1 {one_card}"] * size,
    }
    for label, make in decks.items():
        print(f"{game.name}, {label}: a deck's time by its lines (read and validated)")
        per_line = {}
        for size in SIZES:
            text = "\n".join(make(size))
            parsed = parse_text(text, game, max_lines=10**6)
            assert not [p for p in parsed.problems if p.rule == decklist.UNKNOWN_CARD]

            def whole(t=text):
                validate(never_seen(game, t)().deck)

            (seconds,) = seconds_per_call(whole, budget=args.seconds)
            per_line[size] = seconds / size
            print(
                f"  {size:>6,} lines: {seconds * 1000:9.2f} ms, {per_line[size] * 1e6:6.2f} µs/line"
            )
        growth = per_line[SIZES[-1]] / per_line[SIZES[1]]
        met = growth <= TARGET_GROWTH
        growth_met &= met
        print(
            f"  time a line at {SIZES[-1]:,} lines / at {SIZES[1]:,}: {growth:.2f}x;"
            f" target: at most {TARGET_GROWTH}x; {'meets' if met else 'MISSES'} it"
        )

    text = "\n".join(spellings(game, 1_000, seed=5))
    base, reading = seconds_per_call(
        floor(game, text), never_seen(game, text), budget=2 * args.seconds
    )
    ratio = reading / base
    reading_met = ratio <= TARGET_READING
    print(f"reading 1,000 never-seen lines: {reading * 1000:.2f} ms; floor {base * 1000:.2f} ms")
    print(
        f"  reading costs {ratio:.2f}x the floor; target: at most {TARGET_READING}x;"
        f" {'meets' if reading_met else 'MISSES'} it"
    )
    return 0 if growth_met and reading_met else 1


if __name__ == "__main__":
    raise SystemExit(main())
