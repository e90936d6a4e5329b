"""Requests per second over real HTTP: validating a 40-card deck vs the trivial health check.

Starts the site as the README does (``make start``: gunicorn and its workers)
on a free loopback port and a fresh database, then runs rounds that alternate
the two endpoints, each round a bounded burst from a few client threads (a new
connection per request: keep-alive off). Alternating rounds share the noise of
a busy machine, so the ratio is fairer than either figure alone.

    .venv/bin/python bench/http_speed.py [--rounds 8] [--requests 300] [--clients 4]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.live import start_server, stop_server  # noqa: E402

TARGET_RATIO = 1.5
DECK = REPO / "examples" / "shadow-era-legal.txt"


def health(base_url: str) -> None:
    with urllib.request.urlopen(f"{base_url}/api/v1/health", timeout=30) as response:
        response.read()
        assert response.status == 200


def validate(base_url: str, deck: bytes) -> None:
    request = urllib.request.Request(
        f"{base_url}/api/v1/games/shadow-era/validate",
        data=deck,
        headers={"Content-Type": "text/plain; charset=utf-8"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        response.read()
        assert response.status == 200


def burst(pool: ThreadPoolExecutor, call, count: int, budget_s: float) -> float:
    """Requests per second of ``count`` calls (stopping early once ``budget_s`` is spent)."""
    deadline = time.perf_counter() + budget_s
    done = 0

    def one(_):
        if time.perf_counter() < deadline:
            call()
            return 1
        return 0

    start = time.perf_counter()
    done = sum(pool.map(one, range(count)))
    return done / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--requests", type=int, default=300, help="per endpoint per round")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--budget", type=float, default=2.0, help="seconds per burst at most")
    args = parser.parse_args()

    deck = DECK.read_bytes()
    cards = sum(int(line.split()[0]) for line in deck.decode().splitlines() if line[:1].isdigit())
    with tempfile.TemporaryDirectory() as folder:
        process, base_url = start_server(Path(folder) / "bench.sqlite", Path(folder) / "log")
        try:
            with ThreadPoolExecutor(args.clients) as pool:
                for _ in range(20):  # warm up both workers
                    validate(base_url, deck)
                    health(base_url)
                rates = {"health": [], "validate": []}
                for _ in range(args.rounds):
                    rates["health"].append(
                        burst(pool, lambda: health(base_url), args.requests, args.budget)
                    )
                    rates["validate"].append(
                        burst(pool, lambda: validate(base_url, deck), args.requests, args.budget)
                    )
        finally:
            stop_server(process)

    health_rps = statistics.median(rates["health"])
    validate_rps = statistics.median(rates["validate"])
    # Each round's two bursts ran back to back under the same load: compare them pairwise.
    per_round = [h / v for h, v in zip(rates["health"], rates["validate"], strict=True)]
    ratio = statistics.median(per_round)
    print(f"server: {base_url} (make start), {args.clients} clients, keep-alive off")
    print(f"GET  /api/v1/health                      {health_rps:8.0f} req/s (median of rounds)")
    print(
        f"POST /api/v1/games/shadow-era/validate   {validate_rps:8.0f} req/s"
        f" ({cards}-card deck, every format)"
    )
    print("cost ratio per round: " + " ".join(f"{r:.2f}" for r in per_round))
    print(
        f"validate costs {ratio:.2f}x the trivial endpoint (median of rounds;"
        f" target: at most {TARGET_RATIO}x)"
    )
    return 0 if ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
