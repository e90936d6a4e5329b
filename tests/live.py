"""A pytest plugin: the real server, started the way the README starts it.

``live_server`` (session scope) runs ``make start`` with ``PORT`` set to a free
port and ``DECKWRIGHT_DATABASE`` to a fresh file, waits until
``/api/v1/health`` answers, yields the base URL (``http://127.0.0.1:<port>``)
and stops the whole process group (make, gunicorn and its workers) at the end.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
# The first `make start` on a machine may install the project before serving.
START_TIMEOUT_S = 180
STOP_TIMEOUT_S = 15


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _healthy(base_url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base_url}/api/v1/health", timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


def start_server(database: Path, log_path: Path) -> tuple[subprocess.Popen, str]:
    """Run ``make start`` in its own process group; the base URL once it answers."""
    port = free_port()
    env = {**os.environ, "PORT": str(port), "DECKWRIGHT_DATABASE": str(database)}
    log = log_path.open("wb")
    process = subprocess.Popen(
        ["make", "--no-print-directory", "start"],
        cwd=REPO,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    log.close()
    base_url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT_S
    while not _healthy(base_url):
        if process.poll() is not None or time.monotonic() > deadline:
            stop_server(process)
            tail = log_path.read_text(errors="replace")[-3000:]
            raise RuntimeError(f"`make start` did not serve {base_url}:\n{tail}")
        time.sleep(0.2)
    return process, base_url


def stop_server(process: subprocess.Popen) -> None:
    """Stop make, gunicorn and the workers together: they share one process group."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.fixture(scope="session")
def live_database(tmp_path_factory) -> Path:
    """The database file the live server uses: tests may write rows no request could."""
    return tmp_path_factory.mktemp("live-server") / "deckwright.sqlite"


@pytest.fixture(scope="session")
def live_server(live_database) -> Iterator[str]:
    """The base URL of the site served by gunicorn on a fresh database."""
    process, base_url = start_server(live_database, live_database.parent / "server.log")
    try:
        yield base_url
    finally:
        stop_server(process)
