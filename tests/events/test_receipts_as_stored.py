"""A first submission's receipt is built from what was written, not read back: it must be
exactly what reading the entry back gives, for a new player and for a registered one."""

from __future__ import annotations

import json

import pytest

from tests.events.conftest import DEADLINE, START, example
from webapp import events
from webapp.db import connect
from webapp.events import Submission
from webapp.events.rules import stored_problems
from webapp.events.store import _one_entry
from webapp.events.text import stored_json

# Problems naming cards no game has, in letters JSON escapes: accented ones, and one beyond
# the first plane of Unicode, which JSON writes as a pair of surrogate escapes.
EXTRA = {
    "accented": "3 Émber Rëx\n2 Kindle",
    "beyond the first plane": "2 Dragon \U0001f409\n1 Kindle",
}


@pytest.fixture
def db(tmp_path):
    database = connect(tmp_path / "receipts.sqlite")
    yield database
    database.close()


@pytest.fixture
def event(db, library):
    return events.create_event(
        db,
        library,
        name="Store Championship",
        game_id="era",
        deadline=DEADLINE,
        now=START,
        players=[("Dana Registered", "ID-77"), ("Eli Early", None)],
    ).event


@pytest.mark.parametrize(
    ("player", "player_id", "list_name"),
    [
        ("Alice New", None, "era-legal"),
        ("Bob New", "B-1", "era-illegal"),
        ("dana  registered", "ID-77", "era-legal"),  # claims the registered entry, by its id
        ("ELI EARLY", "E-5", "era-illegal"),  # a registered name without an id takes this one
        ("Zoë Ünknown", None, "accented"),
        ("Gus Glyph", None, "beyond the first plane"),
    ],
)
def test_a_first_receipt_is_the_entry_as_stored(db, library, event, player, player_id, list_name):
    receipt = events.submit(
        db,
        library,
        event.id,
        player=player,
        player_id=player_id,
        submission=Submission.from_text(EXTRA.get(list_name) or example(list_name)),
        now=START,
    )
    stored = _one_entry(db, event.id, receipt.entry.id)
    assert receipt.entry == stored
    assert receipt.version == stored.latest
    assert stored.versions == 1
    assert stored.registered is player.lower().startswith(("dana", "eli"))


def test_problems_are_kept_as_reading_their_stored_json_back_gives_them():
    problems = [{"message": "Émber \U0001f409", "lines": (1, 2), "expected": None, "at": START}]
    kept, text = stored_problems(problems)
    assert kept == json.loads(text)
    assert kept == [
        {"message": "Émber \U0001f409", "lines": [1, 2], "expected": None, "at": str(START)}
    ]


def test_problems_orjson_refuses_are_stored_by_the_standard_encoder_surrogates_replaced():
    # A card pool's text can hold a lone surrogate (YAML reads "\ud800"), and a count is
    # an integer of any size: neither may fail a submission.
    problems = [{"message": "no card \ud800", "actual": 2**70, "cards": ["Émber"]}]
    kept, text = stored_problems(problems)
    assert text == (
        '[{"message": "no card \\ufffd", "actual": 1180591620717411303424,'
        ' "cards": ["\\u00c9mber"]}]'
    )
    assert kept == stored_json(text, [])
    assert kept == [{"message": "no card \ufffd", "actual": 2**70, "cards": ["Émber"]}]
