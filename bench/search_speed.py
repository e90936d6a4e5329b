"""Card search latency on a 50,000-card pool, in process.

Writes a generated game (``game.yaml`` + ``cards.yaml``) to a temporary folder,
loads it with the card-pool loader, compiles it into SQLite as the app does,
then times a few hundred varied searches through :mod:`webapp.cards`: typed
prefixes, attribute filters, cost ranges, sorts and pages. Prints the median
and the 95th percentile (target: p95 under 5 ms).

    .venv/bin/python bench/search_speed.py [--cards 50000] [--queries 400]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from cardpool import PoolLibrary  # noqa: E402
from webapp import cards  # noqa: E402
from webapp.db import connect  # noqa: E402

TARGET_P95_MS = 5.0
ELEMENTS = ["Fire", "Water", "Air", "Earth", "Light", "Shadow"]
FACTIONS = ["Guild", "Horde", "Empire", "Wilds", "Order"]
KEYWORDS = [
    "Haste", "Guard", "Flying", "Stealth", "Lifelink", "Ambush",
    "Regenerate", "Pierce", "Shield", "Summon", "Curse", "Echo",
]  # fmt: skip
TYPES = ["Creature", "Spell", "Artifact", "Land"]
SETS = [f"S{n:02d}" for n in range(1, 21)]
ADJECTIVES = [
    "Ashen",
    "Brave",
    "Crimson",
    "Dread",
    "Elder",
    "Feral",
    "Gilded",
    "Hollow",
    "Iron",
    "Jade",
    "Keen",
    "Lunar",
    "Molten",
    "Noble",
    "Obsidian",
    "Pale",
    "Quiet",
    "Rune",
    "Silent",
    "Thorn",
    "Umbral",
    "Vast",
    "Wild",
    "Young",
    "Amber",
    "Bitter",
    "Cold",
    "Dusk",
    "Ember",
    "Frost",
    "Grim",
    "Hidden",
    "Ivory",
    "Lost",
    "Mist",
    "Night",
    "Old",
    "Proud",
    "Red",
    "Storm",
    "Swift",
    "Tidal",
    "Vile",
    "War",
    "White",
    "Azure",
    "Bone",
    "Copper",
    "Dire",
    "Eternal",
    "Fallen",
    "Ghost",
    "Hallowed",
    "Infernal",
    "Jagged",
    "Last",
    "Mad",
    "Nether",
]
NOUNS = [
    "Adept",
    "Bear",
    "Crow",
    "Drake",
    "Eagle",
    "Fang",
    "Golem",
    "Hound",
    "Imp",
    "Jackal",
    "Knight",
    "Lynx",
    "Mage",
    "Nymph",
    "Ogre",
    "Paladin",
    "Queen",
    "Raven",
    "Serpent",
    "Titan",
    "Unicorn",
    "Viper",
    "Wolf",
    "Wyrm",
    "Archer",
    "Blade",
    "Cleric",
    "Druid",
    "Envoy",
    "Falcon",
    "Giant",
    "Hydra",
    "Idol",
    "Jester",
    "King",
    "Lich",
    "Monk",
    "Nomad",
    "Oracle",
    "Pilgrim",
    "Ranger",
    "Sage",
    "Shaman",
    "Thief",
    "Warden",
    "Witch",
    "Beetle",
    "Cobra",
    "Dervish",
    "Hermit",
    "Kraken",
    "Lancer",
    "Mantis",
    "Nishaven",
    "Oak",
    "Phoenix",
    "Rook",
]
TITLES = [
    "of-the-Dawn",
    "of-the-Deep",
    "of-Ash",
    "of-Storms",
    "Reborn",
    "Ascendant",
    "Prime",
    "the-Elder",
    "of-Ruin",
    "of-Thorns",
    "of-the-Vale",
    "the-Bold",
    "the-Cursed",
    "of-Embers",
    "of-the-Sea",
    "the-Last",
]

GENERATIONS = ["II", "III", "IV", "V"]


def write_pool(folder: Path, count: int, rng: random.Random) -> None:
    game = {
        "id": "bench",
        "name": "Benchmark Game",
        "short_name": "BENCH",
        "description": "A generated pool for timing card search.",
        "card_types": TYPES,
        "attributes": {
            "element": {"label": "Element", "kind": "choice", "values": ELEMENTS, "filter": True},
            "faction": {"label": "Faction", "kind": "choice", "values": FACTIONS, "filter": True},
            "cost": {"label": "Cost", "kind": "int", "filter": True},
            "power": {"label": "Power", "kind": "int"},
            "keywords": {"label": "Keywords", "kind": "list", "values": KEYWORDS, "filter": True},
            "subtype": {"label": "Subtype", "kind": "text"},
        },
        "main_attribute": "element",
        "sections": [{"id": "deck", "name": "Deck", "noun": "card", "types": TYPES}],
        "default_section": "deck",
        "default_format": "standard",
        "formats": [{"id": "standard", "name": "Standard", "rules": []}],
    }
    names = [
        f"{adjective} {noun} {title.replace('-', ' ')}"
        for title in TITLES
        for adjective in ADJECTIVES
        for noun in NOUNS
    ]
    rng.shuffle(names)
    first = len(names)
    # Beyond the first names, later generations of them ("... II"): pools of 200,000 cards.
    for generation in GENERATIONS:
        if len(names) >= count:
            break
        names += [f"{name} {generation}" for name in names[:first]]
    if count > len(names):
        raise SystemExit(f"at most {len(names)} distinct names can be generated")
    pool = []
    for index, name in enumerate(names[:count], start=1):
        card = {
            "id": f"b{index:06d}",
            "name": name,
            "type": rng.choice(TYPES),
            "set": rng.choice(SETS),
            "number": str(index),
            "element": rng.choice(ELEMENTS),
            "faction": rng.choice(FACTIONS),
            "subtype": name.split()[1],
        }
        if card["type"] != "Land":
            card["cost"] = rng.randint(0, 10)
        if card["type"] == "Creature":
            card["power"] = rng.randint(0, 12)
        if rng.random() < 0.6:
            card["keywords"] = rng.sample(KEYWORDS, rng.randint(1, 3))
        pool.append(card)
    # Written as flow-style lines by hand: a YAML emitter takes longer than the search.
    lines = ["game: bench", "sets:"]
    lines += [f"  - {{code: {code}, name: Set {code}}}" for code in SETS]
    lines.append("cards:")
    lines += [f"  - {json.dumps(card)}" for card in pool]
    (folder / "bench").mkdir(parents=True)
    (folder / "bench" / "game.yaml").write_text(yaml.safe_dump(game, sort_keys=False))
    (folder / "bench" / "cards.yaml").write_text("\n".join(lines) + "\n")


def queries(rng: random.Random, count: int) -> list[dict[str, list[str]]]:
    """Varied searches: the kinds a player types and clicks in the card browser."""
    made = []
    for _ in range(count):
        args: dict[str, list[str]] = {}
        kind = rng.random()
        if kind < 0.45:
            word = rng.choice(ADJECTIVES + NOUNS)
            args["q"] = [word[: rng.randint(2, min(6, len(word)))]]
            if rng.random() < 0.3:
                args["q"][0] += " " + rng.choice(NOUNS)[:3]
        if rng.random() < 0.4:
            args["element"] = rng.sample(ELEMENTS, rng.randint(1, 2))
        if rng.random() < 0.25:
            args["faction"] = [rng.choice(FACTIONS)]
        if rng.random() < 0.2:
            args["keywords"] = [rng.choice(KEYWORDS)]
        if rng.random() < 0.2:
            args["type"] = [rng.choice(TYPES)]
        if rng.random() < 0.3:
            low = rng.randint(0, 6)
            args["cost_min"], args["cost_max"] = [str(low)], [str(low + rng.randint(0, 3))]
        if rng.random() < 0.5:
            args["sort"] = [rng.choice(["name", "cost", "power", "type", "set", "element"])]
            args["order"] = [rng.choice(["asc", "desc"])]
        args["page"] = [str(rng.choice([1, 1, 1, 2, 3, 5, 10]))]
        args["per_page"] = [rng.choice(["20", "50", "100"])]
        made.append(args)
    return made


def run(path: Path, game, search: dict[str, list[str]]) -> cards.CardPage:
    """One search as a request makes it: open the database, read the query, search."""
    db = connect(path)
    try:
        return cards.search(db, game, cards.parse_query(game, search))
    finally:
        db.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=50_000)
    parser.add_argument("--queries", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        started = time.perf_counter()
        write_pool(folder / "pools", args.cards, rng)
        written = time.perf_counter()
        library = PoolLibrary(folder / "pools")
        game = library.game("bench")
        loaded = time.perf_counter()
        db = connect(folder / "bench.sqlite")
        cards.compile_pools(db, library)
        compiled = time.perf_counter()
        db.close()

        searches = queries(rng, args.queries)
        path = folder / "bench.sqlite"
        # One pass to warm the OS page cache, as a running server's would be; then every
        # search is timed on a connection of its own, as each request opens one.
        for search in searches:
            run(path, game, search)
        timings, found = [], []
        for search in searches:
            start = time.perf_counter()
            page = run(path, game, search)
            timings.append((time.perf_counter() - start) * 1000)
            found.append(page.total)

    timings.sort()
    median = statistics.median(timings)
    p95 = timings[int(len(timings) * 0.95) - 1]
    print(f"pool: {len(game.cards)} cards (YAML written {written - started:.1f}s,")
    print(f"      loaded {loaded - written:.1f}s, compiled to SQLite {compiled - loaded:.1f}s)")
    print(
        f"{len(timings)} searches (prefix text, filters, cost ranges, sorts, pages);"
        f" matches per search: median {statistics.median(found):.0f}, max {max(found)}"
    )
    print(
        f"median {median:.2f} ms   p95 {p95:.2f} ms   max {timings[-1]:.2f} ms"
        " (each: open the database, parse the query, count, read one page)"
    )
    print(f"target: p95 under {TARGET_P95_MS} ms -> {'met' if p95 < TARGET_P95_MS else 'NOT met'}")
    return 0 if p95 < TARGET_P95_MS else 1


if __name__ == "__main__":
    sys.exit(main())
