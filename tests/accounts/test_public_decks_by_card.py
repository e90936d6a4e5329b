"""The public decks of a game found by a card, as deck sites find them: the card named by its id
or its name (read as a decklist reads one), any printing of it, in the deck or its sideboard;
a name that is no card is refused with the names close to it."""

from __future__ import annotations

import re

import pytest

from tests.accounts.conftest import log_in, register
from tests.accounts.test_decks import save, set_visibility
from tests.api.support import error_of, make_app
from tests.site.extras import REPRINT, add_extras

EMBER = "era-ember-rex"
WITH_EMBER = "Dinos:\n1 Ember Rex\n\nDeck:\n3 Kindle\n"
WITHOUT_EMBER = "Dinos:\n1 Tidefang Mosasaur\n\nDeck:\n3 Riptide Pull\n"


def public(client, name: str, text: str) -> str:
    deck = save(client, name, text=text)
    assert set_visibility(client, deck, "public").status_code in (200, 302, 303)
    return deck


def names(client, query: str) -> list[str]:
    answer = client.get(f"/api/v1/decks?{query}")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return sorted(d["name"] for d in answer.get_json()["decks"])


@pytest.fixture
def ember_and_tide(app, alice):
    public(alice, "Ember Deck", WITH_EMBER)
    public(alice, "Tide Deck", WITHOUT_EMBER)
    return app.test_client()


def test_a_card_id_finds_the_decks_holding_that_card(ember_and_tide):
    """era-ember-rex, the id the card search gives, found nothing: the list's text was searched."""
    assert names(ember_and_tide, f"game=era&card={EMBER}") == ["Ember Deck"]
    assert names(ember_and_tide, f"card={EMBER}") == ["Ember Deck"]  # every game's decks


@pytest.mark.parametrize("name", ["Ember Rex", "ember  REX", "Émber Rex", "SDS1A-002"])
def test_a_card_name_is_read_as_a_decklist_reads_it(ember_and_tide, name):
    assert names(ember_and_tide, f"game=era&card={name}") == ["Ember Deck"]


@pytest.mark.parametrize(
    ("card", "close"),
    [
        ("Deck", None),  # a section header of every list, no card
        ("1", None),  # the count of every single copy
        ("embr rex", "Ember Rex"),
    ],
)
def test_what_is_no_card_is_refused_and_the_cards_close_to_it_offered(ember_and_tide, card, close):
    """card=Deck listed every deck (the header 'Deck:'), card=1 every deck with a single copy."""
    error = error_of(ember_and_tide.get(f"/api/v1/decks?game=era&card={card}"), 400)
    assert error["code"] == "invalid-query"
    assert error["message"].startswith(f"ERA has no card {card!r}")
    if close:
        assert f"did you mean {close!r}" in error["message"]
        assert f"card: did you mean {close!r}?" in error["details"]
    if card == "1":
        return  # in every game's decks, Arcmage's card number 1 (Elvish Archer) is a card
    everywhere = error_of(ember_and_tide.get(f"/api/v1/decks?card={card}"), 400)
    assert everywhere["message"].startswith(f"no game has a card {card!r}")


def test_a_card_in_the_sideboard_counts_and_one_in_the_maybeboard_does_not(app, alice):
    public(alice, "Sided", WITHOUT_EMBER + "\nSideboard:\n1 Ember Rex\n")
    public(alice, "Maybe", WITHOUT_EMBER + "\nMaybeboard:\n1 Ember Rex\n")
    assert names(app.test_client(), f"game=era&card={EMBER}") == ["Sided"]


def test_a_deck_is_found_by_its_latest_version_alone(app, alice):
    first = public(alice, "Once Ember", WITH_EMBER)
    save(alice, "No Ember Now", text=WITHOUT_EMBER, parent=first)
    client = app.test_client()
    assert names(client, f"game=era&card={EMBER}") == []
    assert names(client, "game=era&card=Tidefang Mosasaur") == ["No Ember Now"]


def test_the_site_says_a_name_is_no_card_and_finds_decks_by_id_and_name(ember_and_tide):
    page = ember_and_tide.get("/games/era/public-decks?card=Deck").text
    assert "ERA has no card called <bdi>Deck</bdi>." in page
    assert re.findall(r'data-deck="([^"]+)"', page) == []
    for card in (EMBER, "EMBER REX"):
        page = ember_and_tide.get(f"/games/era/public-decks?card={card}").text
        assert len(re.findall(r'data-deck="([^"]+)"', page)) == 1
        assert "Ember Deck" in page
        assert "Tide Deck" not in page
    none = ember_and_tide.get("/games/era/public-decks?card=Cinderhorn Triceratops").text
    assert "No public decks with <bdi>Cinderhorn Triceratops</bdi> yet." in none


def test_every_printing_of_the_card_is_the_card(tmp_path, pool_copy, app_config):
    """A deck of the promo Ember Rex holds Ember Rex, found by either printing's id or name."""
    app = make_app(tmp_path, POOLS=str(add_extras(pool_copy)), **app_config)
    alice = app.test_client()
    register(alice, "alice")
    log_in(alice, "alice")
    public(alice, "Promo Deck", "Dinos:\n1 Ember Rex (PROMO) PROMO-009\n\nDeck:\n3 Kindle\n")
    public(alice, "Plain Deck", WITH_EMBER)
    public(alice, "Tide Deck", WITHOUT_EMBER)
    client = app.test_client()
    for card in (EMBER, REPRINT, "Ember Rex", "PROMO-009"):
        assert names(client, f"game=era&card={card}") == ["Plain Deck", "Promo Deck"]


def test_decks_saved_before_their_cards_were_indexed_are_found(app, alice):
    """A database of decks saved before the index: the decks are indexed and kept as saved."""
    from webapp.db import connections

    deck = public(alice, "Old Ember", WITH_EMBER)
    before = app.test_client().get(f"/api/v1/decks/{deck}").get_json()
    with app.app_context():
        from webapp.db import get_db

        for made in ("TABLE deck_cards", "TABLE deck_cards_to_index", "TRIGGER decks_to_index"):
            get_db().execute(f"DROP {made}")
    connections(app).close()  # the next request opens the file afresh, as a restart does
    client = app.test_client()
    assert names(client, f"game=era&card={EMBER}") == ["Old Ember"]
    assert client.get(f"/api/v1/decks/{deck}").get_json() == before


def _owner_and_deck(db) -> tuple[str, tuple]:
    """The one account's id and its one deck's row (game, format, created, deck, text)."""
    owner = db.execute("SELECT account_id FROM account_decks").fetchone()[0]
    return owner, db.execute("SELECT game, format, created, deck, text FROM decks").fetchone()


def _copies(db, row: tuple, count: int) -> None:
    """``count`` decks saved as ``row`` is, 'copy-0' on, written straight into the store."""
    for n in range(count):
        db.execute(
            "INSERT INTO decks (id, game, name, format, created, deck, text)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [f"copy-{n}", row[0], f"Copy {n}", *row[1:]],
        )


def test_a_later_start_reads_only_the_decks_saved_since(app, alice):
    """Every start read every saved deck to find those not indexed (100,000 decks: a tenth of a
    second per worker, each start); once indexed, a start reads only the decks saved since,
    by this server or an older one that does not index them."""
    from webapp.db import connections

    public(alice, "Ember Deck", WITH_EMBER)
    with app.app_context():
        db = connections(app).get()
        owner, row = _owner_and_deck(db)
        with db.conn:
            _copies(db, row, 3000)
    connections(app).close()  # a restart: the copies, saved unindexed, are indexed once
    assert app.test_client().get(f"/api/v1/decks?card={EMBER}").status_code == 200
    connections(app).close()

    def steps_of_a_start() -> int:
        connections(app).close()
        with app.app_context():
            db = connections(app).get()
            steps: list[int] = []
            db.conn.set_progress_handler(lambda: steps.append(1), 1000)
            from webapp.decks import create_table

            create_table(db)
            db.conn.set_progress_handler(None, 0)
        return len(steps)

    assert steps_of_a_start() < 5  # reading the 3,000 decks took some 30 (thousand steps)
    with app.app_context():  # an older server saves a deck, and indexes nothing
        db = connections(app).get()
        with db.conn:
            db.execute(
                "INSERT INTO decks (id, game, name, format, created, deck, text)"
                " VALUES ('older', ?, 'Saved by an older server', ?, ?, ?, ?)",
                list(row),
            )
            db.execute(
                "INSERT INTO account_decks (deck_id, account_id, root, visibility)"
                " VALUES ('older', ?, 'older', 'public')",
                [owner],
            )
    connections(app).close()
    client = app.test_client()
    assert "Saved by an older server" in names(client, f"game=era&card={EMBER}")


def _left_unindexed(app, copies: int) -> tuple:
    """The file as an older version left it: the one saved deck and ``copies`` of it, and
    no index of their cards. The app's connections are closed, as at a restart."""
    from webapp.db import connections

    with app.app_context():
        db = connections(app).get()
        _owner, row = _owner_and_deck(db)
        with db.conn:
            _copies(db, row, copies)
            for made in ("TABLE deck_cards", "TABLE deck_cards_to_index", "TRIGGER decks_to_index"):
                db.execute(f"DROP {made}")
    connections(app).close()
    return row


def _indexed(db) -> set[str]:
    return {deck_id for (deck_id,) in db.execute("SELECT DISTINCT deck_id FROM deck_cards")}


def test_a_first_start_indexes_the_decks_a_batch_a_transaction(app, alice, monkeypatch):
    """The first start of this version on a file of 200,000 decks indexed them all in one
    write transaction, longer than a writer waits (10 s): the others' saves failed as "store
    busy". The start indexes them a batch a transaction, the write lock free between."""
    from webapp import decks
    from webapp.db import connect

    public(alice, "Ember Deck", WITH_EMBER)
    _left_unindexed(app, 24)
    monkeypatch.setattr(decks, "INDEX_BATCH", 10)
    db = connect(app.config["DATABASE"])
    statements: list[str] = []
    db.conn.set_trace_callback(statements.append)
    try:
        decks.index_at_start(db)
        db.conn.set_trace_callback(None)
        assert len(_indexed(db)) == 25
        assert not db.execute("SELECT 1 FROM deck_cards_to_index").fetchall()
    finally:
        db.close()
    batches, taken = [], None  # decks taken off the queue in each transaction that took some
    for sql in statements:
        if sql == "BEGIN IMMEDIATE":
            taken = 0
        elif sql.startswith("DELETE FROM deck_cards_to_index WHERE") and taken is not None:
            taken += 1
        elif sql == "COMMIT" and taken:
            batches.append(taken)
    assert batches == [10, 10, 5]
    assert names(app.test_client(), f"game=era&card={EMBER}") == ["Ember Deck"]


def test_a_start_stopped_midway_leaves_the_rest_for_the_next(app, alice, monkeypatch):
    """A start stopped while indexing (a worker killed, a full disk) keeps the batches it
    finished, and the next start indexes the rest: no deck is left out of the index."""
    from webapp import decks
    from webapp.db import connect

    public(alice, "Ember Deck", WITH_EMBER)
    _left_unindexed(app, 24)
    monkeypatch.setattr(decks, "INDEX_BATCH", 10)
    index_deck, done = decks._index_deck, []

    def stopping(db, deck_id, mapping):
        if len(done) == 15:
            raise KeyboardInterrupt
        done.append(deck_id)
        index_deck(db, deck_id, mapping)

    monkeypatch.setattr(decks, "_index_deck", stopping)
    db = connect(app.config["DATABASE"])
    try:
        with pytest.raises(KeyboardInterrupt):
            decks.index_at_start(db)
        assert len(_indexed(db)) == 10  # the first batch; the second was rolled back
        monkeypatch.setattr(decks, "_index_deck", index_deck)
        decks.index_at_start(connect(app.config["DATABASE"]))
        assert len(_indexed(db)) == 25
    finally:
        db.close()


def test_the_list_by_a_card_reads_a_bounded_share_of_the_store(app, alice):
    """The latest version of each deck was looked for through every deck of the site, once for
    each deck (10,000 public decks took two minutes to list); the card's decks are found
    through the cards each deck holds, and each deck's versions through an index."""
    from webapp.accounts import decks
    from webapp.db import connections

    public(alice, "Ember Deck", WITH_EMBER)
    with app.app_context():
        db = connections(app).get()
        owner, row = _owner_and_deck(db)
        with db.conn:
            _copies(db, row, 1500)
            for n in range(1500):
                db.execute(
                    "INSERT INTO account_decks (deck_id, account_id, root, visibility)"
                    " VALUES (?, ?, ?, 'public')",
                    [f"copy-{n}", owner, f"copy-{n}"],
                )
                db.execute(
                    "INSERT INTO deck_cards (card_id, deck_id, board) VALUES (?, ?, 'deck')",
                    [EMBER if n % 10 == 0 else "era-kindle", f"copy-{n}"],
                )
        steps = []
        db.conn.set_progress_handler(lambda: steps.append(1), 1000)
        sought = decks.card_sought([app.extensions["deckwright.pools"].game("era")], EMBER)
        shown = decks.public_decks(db, "era", None, sought)
        db.conn.set_progress_handler(None, 0)
    assert shown.total == 151
    # Some 120,000 SQLite steps (counted in thousands); a scan for each deck took 22 million.
    assert len(steps) < 1000
