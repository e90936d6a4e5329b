"""How fast an event's decklists are checked: offline through the CLI, and online as submissions.

1. Writes 10,000 generated decklists (legal and illegal, across every game: a
   folder per game) and times ``deckwright event check FOLDER --game G --report``
   as a subprocess per folder, as an organizer runs it. Target: under 5 seconds
   for all of them, start-up included. The report is checked against what was
   generated, so a fast wrong answer cannot pass.
2. Starts the site as the README does (``make start``: gunicorn on a free
   loopback port, a fresh database), creates an event and sends first
   submissions from a few client threads for a bounded count and time;
   prints submissions per second.

    .venv/bin/python bench/event_speed.py [--decks 10000] [--submissions 600] [--clients 8]
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.live import start_server, stop_server  # noqa: E402

CLI = REPO / ".venv" / "bin" / "deckwright"
EXAMPLES = REPO / "examples"
GAMES = ("era", "shadow-era", "ryft", "arcmage", "eruma")
TARGET_SECONDS = 5.0


def respell(line: str, rng: random.Random) -> str:
    """The same entry written another way players write it (``3x Name``, ``Name x3``, case)."""
    count, _, name = line.partition(" ")
    if not count.isdigit() or not name:
        return line
    name = rng.choice((name, name.lower(), name.upper()))
    return rng.choice((f"{count} {name}", f"{count}x {name}", f"{name} x{count}"))


def typo(line: str, rng: random.Random) -> str:
    count, _, name = line.partition(" ")
    cut = rng.randrange(1, len(name) - 1)
    return f"{count} {name[:cut]}{name[cut + 1 :]}zq"


def generate(folder: Path, total: int, seed: int = 7) -> dict[str, dict[str, bool]]:
    """``total`` decklists over the games; for each game, file name -> legal as generated."""
    rng = random.Random(seed)
    expected: dict[str, dict[str, bool]] = {}
    per_game = total // len(GAMES)
    for game in GAMES:
        legal = (EXAMPLES / f"{game}-legal.txt").read_text(encoding="utf-8").splitlines()
        illegal = (EXAMPLES / f"{game}-illegal.txt").read_text(encoding="utf-8").splitlines()
        target = folder / game
        target.mkdir(parents=True)
        expected[game] = {}
        for n in range(per_game):
            kind = n % 4  # half legal; a quarter the illegal example; a quarter a typo
            if kind < 2:
                lines = [respell(line, rng) for line in legal]
            elif kind == 2:
                lines = [respell(line, rng) for line in illegal]
            else:
                lines = list(legal)
                entries = [i for i, line in enumerate(lines) if line[:1].isdigit()]
                i = rng.choice(entries)
                lines[i] = typo(lines[i], rng)
            name = f"player{n:05d}.txt"
            (target / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
            expected[game][name] = kind < 2
    return expected


def cpu_seconds() -> float:
    """CPU time of finished child processes: steadier than wall time on a shared machine."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def check_folders(folder: Path, expected: dict[str, dict[str, bool]]) -> float:
    """Run the CLI over each game's folder; seconds in all. Fails loudly on a wrong verdict."""
    total = 0.0
    cpu_before = cpu_seconds()
    for game, verdicts in expected.items():
        report = folder / f"{game}-report.csv"
        start = time.perf_counter()
        done = subprocess.run(
            [
                str(CLI),
                "event",
                "check",
                str(folder / game),
                "--game",
                game,
                "--report",
                str(report),
            ],
            capture_output=True,
            text=True,
        )
        seconds = time.perf_counter() - start
        total += seconds
        if done.returncode not in (0, 1):
            raise SystemExit(f"deckwright event check failed for {game}:\n{done.stderr}")
        with report.open(encoding="utf-8") as handle:
            found = {
                Path(row["file"]).name: row["legal"] == "yes" for row in csv.DictReader(handle)
            }
        if found != verdicts:
            wrong = [name for name in verdicts if found.get(name) != verdicts[name]][:5]
            raise SystemExit(f"{game}: the report disagrees with the generated lists: {wrong}")
        print(
            f"  {game}: {len(verdicts):,} lists in {seconds:.2f} s"
            f" ({len(verdicts) / seconds:,.0f} decks/s, start-up included)"
        )
    print(f"  CPU time of the five runs: {cpu_seconds() - cpu_before:.2f} s")
    return total


def call(base_url: str, path: str, body: dict, token: str | None = None) -> dict:
    request = urllib.request.Request(
        f"{base_url}{path}", data=json.dumps(body).encode(), method="POST"
    )
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def submission_rate(count: int, clients: int, budget_s: float) -> tuple[int, float]:
    """Submissions stored per second by the server started as the README starts it."""
    lists = [
        (EXAMPLES / f"era-{kind}.txt").read_text(encoding="utf-8") for kind in ("legal", "illegal")
    ]
    with tempfile.TemporaryDirectory() as folder:
        process, base_url = start_server(Path(folder) / "bench.sqlite", Path(folder) / "server.log")
        try:
            deadline = (datetime.now(UTC) + timedelta(days=1)).isoformat()
            event = call(
                base_url, "/api/v1/events", {"name": "Bench", "game": "era", "deadline": deadline}
            )
            path = f"/api/v1/events/{event['event']['id']}/entries"
            for n in range(10):  # warm up the workers
                call(base_url, path, {"player": f"warm-up {n}", "text": lists[0]})
            stop_at = time.perf_counter() + budget_s

            def submit(n: int) -> int:
                if time.perf_counter() >= stop_at:
                    return 0
                answer = call(base_url, path, {"player": f"player {n}", "text": lists[n % 2]})
                assert answer["entry"]["latest"]["legal"] is (n % 2 == 0)
                return 1

            start = time.perf_counter()
            with ThreadPoolExecutor(clients) as pool:
                done = sum(pool.map(submit, range(count)))
            return done, time.perf_counter() - start
        finally:
            stop_server(process)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=10_000, help="lists for the CLI check")
    parser.add_argument("--submissions", type=int, default=600, help="at most, to the server")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--budget", type=float, default=10.0, help="seconds of submitting at most")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        expected = generate(Path(folder), args.decks)
        decks = sum(len(v) for v in expected.values())
        print(f"deckwright event check: {decks:,} lists over {len(expected)} games")
        seconds = check_folders(Path(folder), expected)
    verdict = "meets" if seconds < TARGET_SECONDS else "MISSES"
    print(
        f"total: {seconds:.2f} s, {decks / seconds:,.0f} decks/s;"
        f" {verdict} the {TARGET_SECONDS:.0f} s target"
    )

    done, elapsed = submission_rate(args.submissions, args.clients, args.budget)
    print(
        f"server (make start, {args.clients} clients): {done} submissions in {elapsed:.2f} s,"
        f" {done / elapsed:,.0f} submissions/s"
    )
    return 0 if seconds < TARGET_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
