""" "Did you mean ...?" latency on a 50,000-card pool, in process.

Writes the generated pool of ``bench/search_speed.py``, loads it with the
card-pool loader (which builds the name index with the pool), then times
``Game.suggest`` on names as players mistype them: one letter dropped, changed
or added, a word of a name alone, two words of different names, and noise.
Each query is timed several times and its best time kept, so the figures are
the work itself rather than the other processes of a busy machine. Prints the
median and 99th percentile (target: p99 under 1 ms; a full scan of the pool
took several milliseconds per name).

    .venv/bin/python bench/suggest_speed.py [--cards 50000] [--queries 600]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from search_speed import ADJECTIVES, NOUNS, write_pool  # noqa: E402

from cardpool import PoolLibrary  # noqa: E402

TARGET_P99_MS = 1.0
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def mistyped(name: str, rng: random.Random) -> str:
    letters = list(name)
    at = rng.randrange(len(letters))
    how = rng.randrange(3)
    if how == 0:
        del letters[at]
    elif how == 1:
        letters[at] = rng.choice(LETTERS)
    else:
        letters.insert(at, rng.choice(LETTERS))
    return "".join(letters)


def queries(names: list[str], rng: random.Random, count: int) -> list[tuple[str, str]]:
    made = []
    for _ in range(count):
        kind = rng.random()
        if kind < 0.7:
            made.append(("mistyped name", mistyped(rng.choice(names), rng)))
        elif kind < 0.8:
            made.append(("one word", rng.choice(ADJECTIVES + NOUNS)))
        elif kind < 0.9:
            made.append(("two names' words", f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"))
        else:
            noise = "".join(rng.choices(LETTERS + " ", k=rng.randint(3, 40)))
            made.append(("noise", noise))
    return made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=50_000)
    parser.add_argument("--queries", type=int, default=600)
    parser.add_argument("--repeat", type=int, default=5, help="timings per query; best kept")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    with tempfile.TemporaryDirectory() as tmp:
        write_pool(Path(tmp) / "pools", args.cards, rng)
        started = time.perf_counter()
        game = PoolLibrary(Path(tmp) / "pools").game("bench")
        loaded = time.perf_counter() - started
    names = [card.name for card in game.cards]
    started = time.perf_counter()
    game.name_index.__class__(names)
    built = time.perf_counter() - started

    timings: dict[str, list[float]] = {}
    for kind, text in queries(names, rng, args.queries):
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            game.suggest(text)
            best = min(best, time.perf_counter() - start)
        timings.setdefault(kind, []).append(best * 1000)

    every = sorted(t for kind in timings.values() for t in kind)
    p99 = every[max(int(len(every) * 0.99) - 1, 0)]
    print(f"pool: {len(game.cards)} cards, loaded in {loaded:.1f}s;", end=" ")
    print(f"name index built in {built:.2f}s")
    for kind, values in sorted(timings.items()):
        values.sort()
        print(
            f"  {kind:<17} {len(values):>4} queries: median {statistics.median(values):.3f} ms"
            f"  max {values[-1]:.3f} ms"
        )
    median = statistics.median(every)
    print(f"all: median {median:.3f} ms   p99 {p99:.3f} ms (best of {args.repeat} each)")
    met = p99 < TARGET_P99_MS
    print(f"target: p99 under {TARGET_P99_MS} ms -> {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
