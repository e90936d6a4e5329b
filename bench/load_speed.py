"""Health under load: does ``/api/v1/health`` stay quick while two clients send the
heaviest requests the limits allow?

Starts the site as the README does (``make start``: gunicorn with two workers) on
a free loopback port and a fresh database. Two client processes then send, back
to back for ``--seconds``, the costliest requests a client may send: a decklist of
the most lines allowed (1,000) of names no pool knows, so each line needs a
"did you mean" from the name index, to ``/api/v1/games/era/validate``, and the
same list as a new player's event submission, as often as the limits let one
address (the lines validated, 60,000 a minute in each worker, and the submissions;
past them the answers are 429s, cheap by design). A third
process asks for health every ``--interval`` seconds on a new connection, as a
load balancer would, and the latency of each answer is measured.

    .venv/bin/python bench/load_speed.py [--seconds 20] [--interval 0.02] [--threads N]

``--threads N`` serves with N threads per worker (gunicorn's gthread workers, through
``GUNICORN_CMD_ARGS``), to compare with the two single-threaded workers of ``make start``:
with sync workers, two heavy requests at once occupy both and health waits for one to end.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.live import start_server, stop_server  # noqa: E402
from webapp import MAX_DECKLIST_LINES  # noqa: E402

TARGET_P99_MS = 50.0
DEADLINE = "2099-01-01T00:00:00Z"


def unknown_list(client: int) -> str:
    return "".join(f"1 Unheard Of Card {client}-{n}\n" for n in range(MAX_DECKLIST_LINES))


def send(base_url: str, method: str, path: str, body: bytes | None = None, **headers):
    parts = urlsplit(base_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def heavy_client(base_url: str, client: int, seconds: float, results) -> None:
    """Validate the longest unknown list and submit it as a new player, turn about."""
    text = unknown_list(client)
    statuses: Counter[str] = Counter()
    event_id, players, n = None, 0, 0
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        status, _ = send(
            base_url,
            "POST",
            "/api/v1/games/era/validate",
            text.encode(),
            **{"Content-Type": "text/plain"},
        )
        statuses[f"validate {status}"] += 1
        if event_id is None or players >= 1_900:
            body = {"name": f"Load {client}", "game": "era", "deadline": DEADLINE}
            status, answer = send(
                base_url,
                "POST",
                "/api/v1/events",
                json.dumps(body).encode(),
                **{"Content-Type": "application/json"},
            )
            event_id, players = (
                (json.loads(answer)["event"]["id"], 0) if status == 201 else (None, 0)
            )
            if event_id is None:
                continue
        n += 1
        body = {"player": f"Player {client}-{n}", "text": text}
        status, _ = send(
            base_url,
            "POST",
            f"/api/v1/events/{event_id}/entries",
            json.dumps(body).encode(),
            **{"Content-Type": "application/json"},
        )
        players += status == 201
        statuses[f"submit {status}"] += 1
    results.put(dict(statuses))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure_health(base_url: str, seconds: float, interval: float) -> list[float]:
    waits = []
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        started = time.perf_counter()
        status, _ = send(base_url, "GET", "/api/v1/health")
        waits.append((time.perf_counter() - started) * 1000)
        assert status == 200, status
        time.sleep(interval)
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--interval", type=float, default=0.02)
    parser.add_argument("--threads", type=int, default=0)
    args = parser.parse_args()
    if args.threads:
        os.environ["GUNICORN_CMD_ARGS"] = f"--threads {args.threads}"
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "deckwright.sqlite"
        process, base_url = start_server(database, Path(folder) / "server.log")
        try:
            quiet = measure_health(base_url, 3, args.interval)
            results: multiprocessing.Queue = multiprocessing.Queue()
            clients = [
                multiprocessing.Process(
                    target=heavy_client, args=(base_url, n, args.seconds + 1, results)
                )
                for n in (1, 2)
            ]
            for client in clients:
                client.start()
            time.sleep(0.5)  # both clients under way before health is measured
            loaded = measure_health(base_url, args.seconds, args.interval)
            sent: Counter[str] = Counter()
            for _ in clients:
                sent.update(results.get())
            for client in clients:
                client.join()
        finally:
            stop_server(process)
    served = f"2 workers of {args.threads} threads" if args.threads else "2 sync workers"
    print(f"health under load: gunicorn, {served}; two clients sending the heaviest requests")
    print(f"  heavy requests answered: {dict(sorted(sent.items()))}")
    print(
        f"  health alone:      n={len(quiet)}  p50={statistics.median(quiet):.1f} ms"
        f"  p99={percentile(quiet, 0.99):.1f} ms"
    )
    p99 = percentile(loaded, 0.99)
    print(
        f"  health under load: n={len(loaded)}  p50={statistics.median(loaded):.1f} ms"
        f"  p99={p99:.1f} ms  max={max(loaded):.1f} ms"
    )
    verdict = "meets" if p99 < TARGET_P99_MS else "MISSES"
    print(f"  target: p99 < {TARGET_P99_MS:.0f} ms -> {verdict}")


if __name__ == "__main__":
    main()
