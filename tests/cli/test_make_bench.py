"""`make bench` runs "every benchmark" (the Makefile says so, docs/serving.md points to it):
a script added to bench/ and left out of the target is never run."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_make_bench_runs_every_script_in_bench():
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\nbench:", 1)[1].split("\n\n", 1)[0]
    run = set(re.findall(r"bench/(\w+\.py)", recipe))
    assert run == {path.name for path in (REPO / "bench").glob("*.py")}
