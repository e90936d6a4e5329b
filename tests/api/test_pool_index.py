"""The card pools compiled into SQLite: compiled again when a YAML file changes, kept when not."""

from __future__ import annotations

import os
import threading

from cardpool import PoolLibrary
from tests.api.support import make_app
from webapp import cards
from webapp.db import connect

NEW_DINO = """
  - id: era-quillback-testudo
    name: Quillback Testudo
    type: Dino
    set: SDS1A
    number: "SDS1A-099"
    element: Water
    power: 2
    stamina: 6
    hitpoints: 4
"""


def compiled_at(path) -> str | None:
    db = connect(path)
    try:
        return cards.meta_value(db, "pool_compiled_at")
    finally:
        db.close()


def found(client, text: str) -> list[str]:
    answer = client.get("/api/v1/games/era/cards", query_string={"q": text}).get_json()
    return [c["name"] for c in answer["cards"]]


def test_the_pools_are_compiled_on_first_use_into_the_app_database(tmp_path, pool_copy):
    app = make_app(tmp_path, POOLS=str(pool_copy), POOL_RECHECK_SECONDS=0)
    assert compiled_at(app.config["DATABASE"]) is None
    assert found(app.test_client(), "ember rex") == ["Ember Rex"]
    assert compiled_at(app.config["DATABASE"]) is not None


def test_unchanged_pools_are_kept_across_requests_and_restarts(tmp_path, pool_copy):
    app = make_app(tmp_path, POOLS=str(pool_copy), POOL_RECHECK_SECONDS=0)
    found(app.test_client(), "ember rex")
    first = compiled_at(app.config["DATABASE"])
    # a touched file (new mtime, same content) is no change
    cards_file = pool_copy / "era" / "cards.yaml"
    stat = cards_file.stat()
    os.utime(cards_file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert found(app.test_client(), "ember rex") == ["Ember Rex"]
    restarted = make_app(tmp_path, POOLS=str(pool_copy), POOL_RECHECK_SECONDS=0)
    assert found(restarted.test_client(), "ember rex") == ["Ember Rex"]
    assert compiled_at(app.config["DATABASE"]) == first


def test_a_changed_yaml_file_is_compiled_again_while_the_app_runs(tmp_path, pool_copy):
    app = make_app(tmp_path, POOLS=str(pool_copy), POOL_RECHECK_SECONDS=0)
    client = app.test_client()
    assert found(client, "quill") == []
    first = compiled_at(app.config["DATABASE"])
    cards_file = pool_copy / "era" / "cards.yaml"
    cards_file.write_text(cards_file.read_text(encoding="utf-8") + NEW_DINO, encoding="utf-8")
    assert found(client, "quill") == ["Quillback Testudo"]
    assert compiled_at(app.config["DATABASE"]) != first
    card = client.get("/api/v1/games/era/cards/era-quillback-testudo").get_json()
    assert card["facts"] == {"element": "Water", "power": 2, "stamina": 6, "hitpoints": 4}


def run_together(count: int, work) -> list:
    """Run ``work()`` in ``count`` threads released at once; their results, or their errors."""
    start = threading.Barrier(count, timeout=30)
    results: list = []

    def worker():
        try:
            start.wait()
            results.append(work())
        except Exception as exc:  # reported to the test (and a hung barrier avoided)
            results.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_workers_opening_a_new_database_together_all_get_wal(tmp_path):
    for attempt in range(20):
        path = tmp_path / f"new-{attempt}.sqlite"

        def open_and_read_mode(path=path):
            db = connect(path)
            try:
                return db.execute("PRAGMA journal_mode").fetchone()[0]
            finally:
                db.close()

        assert run_together(4, open_and_read_mode) == ["wal"] * 4


def test_workers_compiling_together_compile_once_and_agree(tmp_path, pool_copy):
    path = tmp_path / "shared.sqlite"
    library = PoolLibrary(pool_copy)
    library.games()

    def compile_once():
        db = connect(path)
        try:
            return cards.compile_pools(db, library)
        finally:
            db.close()

    outcomes = run_together(3, compile_once)
    assert sorted(outcomes) == [False, False, True]
    db = connect(path)
    expected = sum(len(g.cards) for g in PoolLibrary(pool_copy).games().values())
    assert db.execute("SELECT count(*) FROM cards").fetchone()[0] == expected
    tables = db.execute("SELECT count(*), sum(cards) FROM search_segments WHERE sort = 'name'")
    assert tables.fetchone() == (len(PoolLibrary(pool_copy).games()), expected)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


def test_saved_decks_survive_the_pools_being_compiled_again(tmp_path, pool_copy):
    client = make_app(tmp_path, POOLS=str(pool_copy), POOL_RECHECK_SECONDS=0).test_client()
    saved = client.post(
        "/api/v1/decks", json={"game": "era", "name": "Kept", "text": "1 Ember Rex"}
    ).get_json()
    cards_file = pool_copy / "era" / "cards.yaml"
    cards_file.write_text(cards_file.read_text(encoding="utf-8") + NEW_DINO, encoding="utf-8")
    assert found(client, "quill") == ["Quillback Testudo"]
    assert client.get(f"/api/v1/decks/{saved['id']}").get_json()["name"] == "Kept"
