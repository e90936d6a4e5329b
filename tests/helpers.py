"""Small helpers the tests share (fixtures live in conftest.py)."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` in the file at ``path`` (which must hold it) with ``new``."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, text: str) -> int:
    """The number of the line of the file at ``path`` that is ``text``."""
    return path.read_text(encoding="utf-8").splitlines().index(text) + 1


# The most tries of each size :func:`growth` makes before it answers.
MOST_TRIES = 10


def growth(
    run: Callable[[int], object], small: int, large: int, tries: int = 3, below: float = math.inf
) -> float:
    """How many times as long ``run(large)`` takes as ``run(small)``: the fastest of a few
    tries of each, taken in turn, so that other work on the machine (which only ever adds
    time) weighs on both alike. Work growing with the size gives about ``large / small``;
    with its square, about ``(large / small) ** 2``. A ratio of one run, not a time: the
    test holds the shape of the cost on a busy machine, the benchmarks in bench/ its size.

    With ``below``, a ratio not under it is tried again, up to ``MOST_TRIES`` tries in all:
    a busy machine can slow every try of the large size, and more tries only bring each
    fastest time nearer its true one, while work growing with the square stays far over."""
    times: dict[int, list[float]] = {small: [], large: []}
    for done in range(MOST_TRIES):
        for size in (small, large):
            started = time.perf_counter()
            run(size)
            times[size].append(time.perf_counter() - started)
        ratio = min(times[large]) / min(times[small])
        if done + 1 >= tries and ratio < below:
            break
    return ratio


def rule_ids(result, severity=None):
    """The ids of the rules a result broke (optionally only errors or warnings)."""
    return sorted({p.rule for p in result.problems if severity in (None, p.severity)})


def decklist(sections: dict[str, list[tuple[int, str]]]) -> str:
    """A text decklist from ``{"Dinos": [(1, "Ember Rex")], ...}``."""
    lines = []
    for header, entries in sections.items():
        lines.append(f"{header}:")
        lines.extend(f"{count} {name}" for count, name in entries)
        lines.append("")
    return "\n".join(lines)


def changed(entries, counts: dict[str, int]):
    """``entries`` with the named cards set to new counts (0 drops a card, new names are added)."""
    listed = {name for _, name in entries}
    result = [(counts.get(name, count), name) for count, name in entries]
    result += [(count, name) for name, count in counts.items() if name not in listed]
    return [(count, name) for count, name in result if count]


def example(name: str) -> str:
    """The text of a decklist in ``examples/``."""
    from pathlib import Path

    return (Path(__file__).resolve().parent.parent / "examples" / name).read_text(encoding="utf-8")


@contextmanager
def site_on(tmp_path: Path, pools: Path) -> Iterator[str]:
    """The site on ``pools`` and a fresh database, served from a thread: its base URL."""
    from werkzeug.serving import make_server

    from webapp import create_app

    config = {"DATABASE": str(tmp_path / "site.sqlite"), "POOLS": str(pools), "TESTING": True}
    app = create_app(config)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()
