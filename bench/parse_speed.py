"""What reading a text decklist costs when its lines are known (the game's kept readings hold
them, as they do for the lists a server is sent again and again): each example in examples/, a
one-line list and an empty text.

For each it prints the best time of one read in this process, and two counts that do not
drift with the machine's load: the Python calls made and the bytecodes run (traced once).
Two versions of the reader compare by the counts; the times drift between runs on a shared
machine by more than most changes to the reader. No target: the HTTP validate answer's
budget (bench/http_speed.py) is the one that counts.

    python bench/parse_speed.py [--seconds 1.0]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from cardpool import PoolLibrary  # noqa: E402
from validator import parse_text  # noqa: E402


def cases(library: PoolLibrary) -> list[tuple[str, str, object]]:
    """(label, text, game): every example list, a one-line list and an empty text."""
    found = []
    for path in sorted((REPO / "examples").glob("*.txt")):
        game_id = path.stem.rsplit("-", 1)[0]
        found.append((path.name, path.read_text(encoding="utf-8"), library.game(game_id)))
    shadow_era = library.game("shadow-era")
    found.append(("a one-line list", "Hero: Darkclaw", shadow_era))
    found.append(("an empty text", "", shadow_era))
    return found


def counts(text: str, game) -> tuple[int, int]:
    """The Python calls made and the bytecodes run by one read of ``text``."""
    made = [0, 0]

    def each_opcode(frame, event, arg):
        if event == "opcode":
            made[1] += 1
        return each_opcode

    def each_call(frame, event, arg):
        made[0] += 1
        frame.f_trace_opcodes = True
        return each_opcode

    sys.settrace(each_call)
    try:
        parse_text(text, game)
    finally:
        sys.settrace(None)
    return made[0], made[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per list")
    args = parser.parse_args()
    library = PoolLibrary()
    print(f"{'list':26s} {'lines':>5s} {'best µs':>8s} {'calls':>6s} {'bytecodes':>9s}")
    for label, text, game in cases(library):
        for _ in range(200):  # its lines kept, as a server keeps them
            parse_text(text, game)
        best = float("inf")
        deadline = time.perf_counter() + args.seconds
        while time.perf_counter() < deadline:
            start = time.perf_counter()
            for _ in range(100):
                parse_text(text, game)
            best = min(best, (time.perf_counter() - start) / 100)
        calls, bytecodes = counts(text, game)
        lines = len(text.splitlines())
        print(f"{label:26s} {lines:5d} {best * 1e6:8.1f} {calls:6d} {bytecodes:9d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
