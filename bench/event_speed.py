"""How fast an event's decklists are checked: offline through the CLI, and online as submissions.

1. Writes 10,000 generated decklists (legal and illegal, across every game: a
   folder per game) and times ``deckwright event check FOLDER --game G --report``
   as a subprocess per folder, as an organizer runs it. Target: under 5 seconds
   for all of them, start-up included. The report is checked against what was
   generated, so a fast wrong answer cannot pass.
2. Starts the site as the README does (``make start``: gunicorn with two
   workers on a free loopback port, a fresh database), creates an event and
   sends first submissions from several client processes (raw sockets) for a
   bounded count and time, in rounds. What is judged is the server: the workers'
   CPU per submission (``/proc/<pid>/stat``, user + system; the median of the
   rounds, as the machine's speed drifts) and the rate two workers with a core
   each store at that cost, beside the target (1,000/s). The
   rate acknowledged here is printed too, with the client's own CPU per
   submission: on a 2-core machine the client runs on the cores the workers
   need, so that rate is the machine's, not the server's. Each round first
   measures the workers' CPU per ``GET /api/v1/health`` (the least a request
   costs), and a submission is also given as a multiple of it: the host's speed
   drifts between runs (other work on the machine), the ratio far less, so two
   versions of the code compare by it. After the server
   stops, every acknowledged submission is looked up in the database file with
   the verdict it was answered with: nothing acknowledged may be lost.

    .venv/bin/python bench/event_speed.py [--decks 10000] [--submissions 6000] [--rounds 3]
        [--server-only]
"""

from __future__ import annotations

import argparse
import csv
import json
import multiprocessing
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from http_speed import (  # noqa: E402
    gunicorn_workers,
    health_request,
    http_request,
    load,
    worker_cpu_seconds,
)

from tests.live import start_server, stop_server  # noqa: E402

CLI = REPO / ".venv" / "bin" / "deckwright"
EXAMPLES = REPO / "examples"
GAMES = ("era", "shadow-era", "ryft", "arcmage", "eruma")
TARGET_SECONDS = 5.0
TARGET_SUBMISSIONS = 1_000  # per second, two workers
WORKERS = 2  # make start's default


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
        with report.open(encoding="utf-8-sig") as handle:
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


class Submissions:
    """First submissions to one event, alternating a legal and an illegal list (picklable,
    so client processes build each request themselves)."""

    def __init__(self, path: str, lists: list[str]) -> None:
        self.path = path
        self.lists = lists

    def __call__(self, n: int) -> bytes:
        body = json.dumps({"player": f"player {n}", "text": self.lists[n % 2]}).encode()
        return http_request("POST", self.path, body, "application/json")


def stored_versions(database: Path, event_id: str) -> dict[str, bool]:
    """Player name -> legal, for every version the database holds for the event."""
    with closing(sqlite3.connect(database)) as conn:
        rows = conn.execute(
            """SELECT e.player, v.legal FROM event_versions v
               JOIN event_entries e ON e.id = v.entry_id WHERE e.event_id = ?""",
            [event_id],
        ).fetchall()
    return {player: bool(legal) for player, legal in rows}


@dataclass
class Rounds:
    """What the rounds of submissions gave: how many were acknowledged, in how many seconds,
    the client's CPU seconds, and the workers' CPU milliseconds per submission in each round
    and per health check in the same round."""

    done: int
    seconds: float
    client_cpu_s: float
    cpu_ms: list[float]
    health_ms: list[float]


def submission_rate(args) -> Rounds:
    """Submissions acknowledged by the server started as the README starts it, in rounds:
    the workers' CPU per submission is measured in each round, and the median is judged,
    since the machine's speed drifts from one moment to the next. Every acknowledged one is
    checked to be stored with the verdict it was answered with."""
    lists = [
        (EXAMPLES / f"era-{kind}.txt").read_text(encoding="utf-8") for kind in ("legal", "illegal")
    ]
    # Counting stays on (a write per submission, and its lines counted in the worker, as in
    # production), with room for the run.
    os.environ["DECKWRIGHT_RATE_LIMITS"] = json.dumps(
        {"submissions": [10**9, 60], "validation": [10**12, 60]}
    )
    # One event holds every submission of the run (2,000 players by default).
    os.environ["DECKWRIGHT_EVENT_MAX_ENTRIES"] = str(10**7)
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite"
        process, base_url = start_server(database, Path(folder) / "server.log")
        port = int(base_url.rpartition(":")[2])
        try:
            workers = gunicorn_workers(process.pid)
            deadline = (datetime.now(UTC) + timedelta(days=1)).isoformat()
            event = call(
                base_url, "/api/v1/events", {"name": "Bench", "game": "era", "deadline": deadline}
            )
            event_id = event["event"]["id"]
            make = Submissions(f"/api/v1/events/{event_id}/entries", lists)
            bursts = []
            health_ms = []
            with multiprocessing.Pool(args.processes) as pool:
                load(port, make, 200, first=10**6, pool=pool)  # warm up both workers
                load(port, health_request, 200, pool=pool)
                share = -(-args.submissions // args.rounds)
                for round_ in range(args.rounds):
                    before = worker_cpu_seconds(workers)
                    checks = load(port, health_request, args.health, pool=pool)
                    if set(checks.statuses) != {200}:
                        raise SystemExit(f"unexpected health answers: {dict(checks.statuses)}")
                    spent = worker_cpu_seconds(workers) - before
                    health_ms.append(1000 * spent / sum(checks.statuses.values()))
                    before = worker_cpu_seconds(workers)
                    burst = load(
                        port,
                        make,
                        share,
                        first=round_ * share,
                        processes=args.processes,
                        threads=args.threads,
                        budget_s=args.budget / args.rounds,
                        keep=True,
                        pool=pool,
                    )
                    bursts.append((burst, worker_cpu_seconds(workers) - before))
        finally:
            stop_server(process)  # a clean stop: what follows reads the file as left
        answers = []
        for burst, _spent in bursts:
            if set(burst.statuses) != {201}:
                raise SystemExit(f"unexpected answers: {dict(burst.statuses)}")
            answers.extend(json.loads(body) for body in burst.bodies)
        stored = stored_versions(database, event_id)
    for answer in answers:
        entry = answer["entry"]
        if stored.get(entry["player"]) is not entry["latest"]["legal"]:
            raise SystemExit(f"acknowledged but not stored as answered: {entry['player']}")
        if entry["latest"]["legal"] is not entry["player"].endswith(("0", "2", "4", "6", "8")):
            raise SystemExit(f"wrong verdict for {entry['player']}")
    return Rounds(
        done=len(answers),
        seconds=sum(burst.seconds for burst, _ in bursts),
        client_cpu_s=sum(burst.client_cpu_s for burst, _ in bursts),
        cpu_ms=[1000 * spent / len(burst.bodies) for burst, spent in bursts],
        health_ms=health_ms,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=10_000, help="lists for the CLI check")
    parser.add_argument("--submissions", type=int, default=6_000, help="at most, to the server")
    parser.add_argument("--processes", type=int, default=4, help="client processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per client process")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds of submitting at most")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each measured")
    parser.add_argument(
        "--health", type=int, default=1000, help="health checks per round (the baseline)"
    )
    parser.add_argument("--server-only", action="store_true", help="skip the CLI check")
    args = parser.parse_args()

    met = True
    if not args.server_only:
        with tempfile.TemporaryDirectory() as folder:
            expected = generate(Path(folder), args.decks)
            decks = sum(len(v) for v in expected.values())
            print(f"deckwright event check: {decks:,} lists over {len(expected)} games")
            seconds = check_folders(Path(folder), expected)
        met = seconds < TARGET_SECONDS
        print(
            f"total: {seconds:.2f} s, {decks / seconds:,.0f} decks/s;"
            f" target: under {TARGET_SECONDS:.0f} s; {'meets' if met else 'MISSES'} it"
        )

    rounds = submission_rate(args)
    done, elapsed = rounds.done, rounds.seconds
    cpu_ms = statistics.median(rounds.cpu_ms)
    capacity = WORKERS * 1000 / cpu_ms  # each worker on a core of its own
    print(
        f"server (make start, {WORKERS} workers; {args.processes} client processes x"
        f" {args.threads} threads): {done:,} submissions acknowledged in {elapsed:.2f} s,"
        " every one stored"
    )
    print(
        f"  {cpu_ms:.2f} ms of worker CPU per submission (median of {len(rounds.cpu_ms)} rounds:"
        f" {', '.join(f'{ms:.2f}' for ms in rounds.cpu_ms)}): {WORKERS} workers with a core"
        f" each store {capacity:,.0f}/s; target: at least {TARGET_SUBMISSIONS:,}/s;"
        f" {'meets' if capacity >= TARGET_SUBMISSIONS else 'MISSES'} it"
    )
    ratios = [ms / health for ms, health in zip(rounds.cpu_ms, rounds.health_ms, strict=True)]
    print(
        f"  {statistics.median(rounds.health_ms):.3f} ms per health check in the same rounds"
        f" ({', '.join(f'{ms:.3f}' for ms in rounds.health_ms)}): a submission costs"
        f" {statistics.median(ratios):.2f}x a health check (median of"
        f" {', '.join(f'{r:.2f}' for r in ratios)}), what to compare across runs"
    )
    client_ms = 1000 * rounds.client_cpu_s / done
    print(
        f"  acknowledged here: {done / elapsed:,.0f}/s, with the client spending"
        f" {client_ms:.2f} ms of CPU per submission on the same {os.cpu_count()} cores"
        f" (at most {os.cpu_count() * 1000 / (cpu_ms + client_ms):,.0f}/s for both together)"
    )
    met &= capacity >= TARGET_SUBMISSIONS
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
