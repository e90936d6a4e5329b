"""Server CPU per request over real HTTP: validating a 40-card deck vs the trivial health check.

Starts the site as the README does (``make start``: gunicorn and its workers)
on a free loopback port and a fresh database, then runs rounds that alternate
the two endpoints. Each burst comes from several client processes (raw
sockets, a new connection per request, as gunicorn's sync workers serve
them), so the client is not what limits the server. What is compared is the
CPU the gunicorn workers spent (``/proc/<pid>/stat``, user + system) per
request answered, not the client's throughput: on a shared 2-core machine the
client and the server compete for the same cores. Alternating rounds share the
noise of a busy machine; the ratio is the median of the rounds' ratios.

    .venv/bin/python bench/http_speed.py [--rounds 6] [--requests 1500] [--processes 4]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.live import start_server, stop_server  # noqa: E402

TARGET_RATIO = 1.3
DECK = REPO / "examples" / "shadow-era-legal.txt"
TICKS = os.sysconf("SC_CLK_TCK")


# -- the server's processes and their CPU -----------------------------------------------


def _children() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rpartition(")")[2].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    return children


def _name(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def gunicorn_workers(root: int, expected: int = 2, timeout_s: float = 30.0) -> list[int]:
    """The worker processes under ``make start`` (pid ``root``): gunicorn's master's children."""
    deadline = time.monotonic() + timeout_s
    while True:
        children = _children()
        todo, found = [root], []
        while todo:
            pid = todo.pop()
            kids = children.get(pid, [])
            if "gunicorn" in _name(pid) and all("gunicorn" in _name(k) for k in kids) and kids:
                found = kids  # the master: every child of it is a worker
                break
            todo.extend(kids)
        if len(found) >= expected or time.monotonic() > deadline:
            return sorted(found)
        time.sleep(0.2)


def worker_cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds the processes have spent so far."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / TICKS


# -- the client: several processes, a few threads each, raw sockets ---------------------


def http_request(method: str, path: str, body: bytes = b"", content_type: str = "") -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    if body or method != "GET":
        head += f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n"
    return head.encode("ascii") + b"\r\n" + body


def exchange(port: int, payload: bytes) -> tuple[int, bytes]:
    """One request on a new connection: the status and the body."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        sock.sendall(payload)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    answer = b"".join(chunks)
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head[9:12]), body


def _client(job: tuple) -> tuple[Counter, list[bytes], float]:
    """One client process's share: its statuses, bodies if kept, and its own CPU seconds."""
    port, make_request, start, count, threads, stop_at, keep = job
    cpu_before = time.process_time()
    statuses: Counter = Counter()
    kept: list[bytes] = []
    lock = threading.Lock()
    numbers = iter(range(start, start + count))

    def run() -> None:
        while time.time() < stop_at:
            with lock:
                n = next(numbers, None)
            if n is None:
                return
            status, body = exchange(port, make_request(n))
            with lock:
                statuses[status] += 1
                if keep:
                    kept.append(body)

    workers = [threading.Thread(target=run) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return statuses, kept, time.process_time() - cpu_before


@dataclass
class Burst:
    """What one burst of requests gave: statuses, bodies (when kept), wall seconds, and the
    CPU seconds the client processes spent sending them."""

    statuses: Counter
    bodies: list[bytes]
    seconds: float
    client_cpu_s: float


def load(
    port: int,
    make_request: Callable[[int], bytes],
    count: int,
    *,
    processes: int = 4,
    threads: int = 4,
    budget_s: float = 10.0,
    first: int = 0,
    keep: bool = False,
    pool=None,
) -> Burst:
    """Send ``make_request(n)`` for ``first <= n < first + count`` from several processes
    (stopping once ``budget_s`` is spent)."""
    share = -(-count // processes)
    stop_at = time.time() + budget_s
    jobs = [
        (port, make_request, first + p * share, share, threads, stop_at, keep)
        for p in range(processes)
    ]
    start = time.perf_counter()
    results = pool.map(_client, jobs)
    elapsed = time.perf_counter() - start
    burst = Burst(Counter(), [], elapsed, 0.0)
    for part, kept, cpu_s in results:
        burst.statuses.update(part)
        burst.bodies.extend(kept)
        burst.client_cpu_s += cpu_s
    return burst


# -- health vs validate ---------------------------------------------------------------------

_HEALTH = http_request("GET", "/api/v1/health")
_VALIDATE = http_request(
    "POST", "/api/v1/games/shadow-era/validate", DECK.read_bytes(), "text/plain; charset=utf-8"
)


def health_request(_n: int) -> bytes:
    return _HEALTH


def validate_request(_n: int) -> bytes:
    return _VALIDATE


def measure(port, workers, make_request, args, pool) -> tuple[float, float]:
    """(server CPU milliseconds per request, requests per second) of one burst."""
    before = worker_cpu_seconds(workers)
    burst = load(
        port,
        make_request,
        args.requests,
        processes=args.processes,
        threads=args.threads,
        budget_s=args.budget,
        pool=pool,
    )
    spent = worker_cpu_seconds(workers) - before
    done = sum(burst.statuses.values())
    if set(burst.statuses) != {200}:
        raise SystemExit(f"unexpected answers: {dict(burst.statuses)}")
    return 1000 * spent / done, done / burst.seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--requests", type=int, default=1500, help="per endpoint per round")
    parser.add_argument("--processes", type=int, default=4, help="client processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per client process")
    parser.add_argument("--budget", type=float, default=5.0, help="seconds per burst at most")
    args = parser.parse_args()

    deck = DECK.read_text(encoding="utf-8")
    cards = sum(int(line.split()[0]) for line in deck.splitlines() if line[:1].isdigit())
    # Counting stays on, as in production (each worker counts a validation's lines in its own
    # memory: no database write), with room for the run.
    os.environ["DECKWRIGHT_RATE_LIMITS"] = json.dumps({"validation": [10**12, 60]})
    with tempfile.TemporaryDirectory() as folder:
        process, base_url = start_server(Path(folder) / "bench.sqlite", Path(folder) / "log")
        port = int(base_url.rpartition(":")[2])
        try:
            workers = gunicorn_workers(process.pid)
            with multiprocessing.Pool(args.processes) as pool:
                load(port, validate_request, 200, pool=pool)  # warm up both workers
                load(port, health_request, 200, pool=pool)
                rounds = []
                for _ in range(args.rounds):
                    rounds.append(
                        (
                            measure(port, workers, health_request, args, pool),
                            measure(port, workers, validate_request, args, pool),
                        )
                    )
        finally:
            stop_server(process)

    health_ms = statistics.median(h[0] for h, _ in rounds)
    validate_ms = statistics.median(v[0] for _, v in rounds)
    per_round = [v[0] / h[0] for h, v in rounds]
    ratio = statistics.median(per_round)
    print(
        f"server: make start ({len(workers)} gunicorn workers), {args.processes} client"
        f" processes x {args.threads} threads, a new connection per request"
    )
    print(
        f"GET  /api/v1/health                      {health_ms:.3f} ms server CPU per request"
        f" ({statistics.median(h[1] for h, _ in rounds):,.0f} req/s seen by the client)"
    )
    print(
        f"POST /api/v1/games/shadow-era/validate   {validate_ms:.3f} ms server CPU per request"
        f" ({statistics.median(v[1] for _, v in rounds):,.0f} req/s; {cards}-card deck)"
    )
    print("server CPU ratio per round: " + " ".join(f"{r:.2f}" for r in per_round))
    verdict = "meets" if ratio <= TARGET_RATIO else "MISSES"
    print(
        f"validate costs {ratio:.2f}x health in server CPU (median of rounds);"
        f" target: at most {TARGET_RATIO}x; {verdict} it"
    )
    return 0 if ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
