"""The event library on its own: tokens, receipts, versions, deadlines and who may read what."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from datetime import date, timedelta

import pytest

from tests.events.conftest import DEADLINE, START, example
from webapp import events
from webapp.db import connect
from webapp.events import Submission, tokens


@pytest.fixture
def db(tmp_path):
    database = connect(tmp_path / "library.sqlite")
    yield database
    database.close()


@pytest.fixture
def new_event(db, library):
    def create(**fields):
        options = {
            "name": "Store Championship",
            "game_id": "era",
            "deadline": DEADLINE,
            "now": START,
        }
        options.update(fields)
        return events.create_event(db, library, **options)

    return create


def submit(db, library, event_id, player, text, now=START, **extra):
    return events.submit(
        db,
        library,
        event_id,
        player=player,
        submission=Submission.from_text(text),
        now=now,
        **extra,
    )


def test_the_admin_token_is_long_and_random_and_only_its_sha256_is_stored(db, new_event):
    created = new_event()
    other = new_event()
    assert len(created.admin_token) >= 43  # secrets.token_urlsafe(32)
    assert created.admin_token != other.admin_token
    stored = db.execute("SELECT admin_hash FROM events WHERE id = ?", [created.event.id]).fetchone()
    assert stored[0] == hashlib.sha256(created.admin_token.encode()).hexdigest()
    dump = "\n".join(db.conn.iterdump())
    assert created.admin_token not in dump


def test_a_players_token_is_stored_only_as_its_hash(db, library, new_event):
    created = new_event()
    receipt = submit(db, library, created.event.id, "Alice", example("era-legal"))
    assert len(receipt.player_token) >= 43
    dump = "\n".join(db.conn.iterdump())
    assert receipt.player_token not in dump
    assert hashlib.sha256(receipt.player_token.encode()).hexdigest() in dump


def test_tokens_are_compared_in_constant_time(db, library, new_event, monkeypatch):
    compared = []
    real = tokens.hmac.compare_digest

    def spy(a, b):
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(tokens.hmac, "compare_digest", spy)
    created = new_event()
    events.as_organizer(db, created.event.id, created.admin_token)
    with pytest.raises(events.EventNotFoundError):
        events.as_organizer(db, created.event.id, "guess")
    assert len(compared) == 2


def test_a_wrong_token_another_events_token_and_an_unknown_event_are_the_same_refusal(
    db, library, new_event
):
    one, two = new_event(), new_event()
    alice = submit(db, library, one.event.id, "Alice", example("era-legal"))
    refusals = []
    attempts = [
        lambda: events.as_organizer(db, one.event.id, two.admin_token),
        lambda: events.as_organizer(db, one.event.id, ""),
        lambda: events.as_organizer(db, one.event.id, None),
        lambda: events.as_organizer(db, "no-such-event", one.admin_token),
        lambda: events.as_player(db, one.event.id, alice.entry.id, one.admin_token),
        lambda: events.as_player(db, two.event.id, alice.entry.id, alice.player_token),
        lambda: events.as_player(db, one.event.id, "no-such-entry", alice.player_token),
    ]
    for attempt in attempts:
        with pytest.raises(events.EventNotFoundError) as caught:
            attempt()
        refusals.append((type(caught.value), str(caught.value), caught.value.code))
    assert len(set(refusals)) == 1


def test_every_list_received_is_kept_whole_as_a_new_version(db, library, new_event):
    created = new_event()
    first = submit(db, library, created.event.id, "Bob", example("era-illegal"))
    player = events.as_player(db, created.event.id, first.entry.id, first.player_token)
    pasted = "  # fixed it\n" + example("era-legal") + "\n\n"
    later = START + timedelta(hours=1)
    second = events.resubmit(db, library, player, Submission.from_text(pasted), later)
    versions = events.history(db, player)
    assert [v.number for v in versions] == [1, 2]
    assert versions[0].body == example("era-illegal")
    assert versions[1].body == pasted
    assert [v.legal for v in versions] == [False, True]
    assert versions[1].received == later
    assert second.entry.latest == versions[1]
    assert second.player_token is None  # the token is handed out once, on the first list


def test_the_versions_table_refuses_any_change_or_deletion(db, library, new_event):
    created = new_event()
    submit(db, library, created.event.id, "Bob", example("era-illegal"))
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("UPDATE event_versions SET body = 'another list'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("DELETE FROM event_versions")


def test_the_receipt_is_the_start_of_the_sha256_of_the_canonical_text(db, library, new_event):
    created = new_event()
    receipt = submit(db, library, created.event.id, "Alice", example("era-legal"))
    version = receipt.version
    assert version.canonical.startswith("Dinos:\n1 Ember Rex\n")
    assert version.digest == hashlib.sha256(version.canonical.encode()).hexdigest()
    assert version.receipt == version.digest[:12]


def test_the_same_cards_give_the_same_receipt_however_the_list_was_written(
    db, library, new_event, era
):
    created = new_event()
    text = submit(db, library, created.event.id, "Alice", example("era-legal"))
    # Another spelling of the same list: "name xN", other case, comments and blank lines.
    respelled = "\n".join(
        f"{line.split(' ', 1)[1].upper()}   x{line.split(' ', 1)[0]}"
        if line[:1].isdigit()
        else line
        for line in example("era-legal").splitlines()
    )
    builder = {"name": "My deck", "sections": {}}
    for section in text.version.canonical.split("\n\n"):
        header, *lines = section.strip().splitlines()
        label = era.section_for(header[:-1])
        builder["sections"][label] = [
            {"card": line.split(" ", 1)[1], "count": int(line.split(" ", 1)[0])} for line in lines
        ]
    raw = json.dumps(builder)
    as_json = events.submit(
        db,
        library,
        created.event.id,
        player="Carol",
        submission=Submission.from_pasted(raw),
        now=START,
    )
    again = submit(db, library, created.event.id, "Bob", respelled + "\n\n# the end\n")
    assert as_json.version.kind == "json"
    assert as_json.version.body == raw
    assert as_json.version.receipt == text.version.receipt
    assert again.version.body != text.version.body
    assert again.version.receipt == text.version.receipt


def test_a_registered_player_claims_their_entry_with_their_first_list(db, library, new_event):
    created = new_event(players=[("Dana Scully", "DS-1"), ("Fox Mulder", None)])
    organizer = events.as_organizer(db, created.event.id, created.admin_token)
    assert [e.player for e in events.entries(db, organizer, events.MISSING)] == [
        "Dana Scully",
        "Fox Mulder",
    ]
    receipt = submit(
        db, library, created.event.id, "  dana   SCULLY ", example("era-legal"), player_id="ds-1 "
    )
    assert receipt.entry.player == "Dana Scully"
    assert receipt.entry.player_id == "DS-1"
    assert receipt.entry.registered
    assert [e.player for e in events.entries(db, organizer, events.MISSING)] == ["Fox Mulder"]


def test_a_name_with_a_list_on_file_is_changed_only_through_its_private_link(
    db, library, new_event
):
    created = new_event()
    submit(db, library, created.event.id, "Alice", example("era-legal"))
    with pytest.raises(events.PlayerTakenError, match="private link"):
        submit(db, library, created.event.id, "ALICE", example("era-illegal"))
    organizer = events.as_organizer(db, created.event.id, created.admin_token)
    (alice,) = events.entries(db, organizer)
    assert alice.versions == 1
    assert alice.latest.legal


def test_a_registered_player_id_must_match(db, library, new_event):
    created = new_event(players=[("Dana Scully", "DS-1")])
    with pytest.raises(events.IdentityError, match="not the one Dana Scully is registered with"):
        submit(db, library, created.event.id, "Dana Scully", example("era-legal"), player_id="X-9")


def test_nothing_changes_after_the_deadline(db, library, new_event):
    created = new_event()
    first = submit(db, library, created.event.id, "Alice", example("era-illegal"))
    player = events.as_player(db, created.event.id, first.entry.id, first.player_token)
    organizer = events.as_organizer(db, created.event.id, created.admin_token)
    with pytest.raises(events.EventClosedError, match="deadline"):
        submit(db, library, created.event.id, "Bob", example("era-legal"), now=DEADLINE)
    with pytest.raises(events.EventClosedError, match="deadline"):
        events.resubmit(db, library, player, Submission.from_text(example("era-legal")), DEADLINE)
    with pytest.raises(events.EventClosedError):
        events.register_players(db, organizer, [("Carol", None)], DEADLINE)
    item = events.BulkItem("carol.txt", "Carol", Submission.from_text(example("era-legal")))
    with pytest.raises(events.EventClosedError):
        events.submit_for_players(db, library, organizer, [item], DEADLINE)
    (alice,) = events.entries(db, organizer)
    assert alice.versions == 1
    assert not alice.latest.legal


def test_nothing_changes_once_the_organizer_locks_the_event(db, library, new_event):
    created = new_event()
    first = submit(db, library, created.event.id, "Alice", example("era-illegal"))
    player = events.as_player(db, created.event.id, first.entry.id, first.player_token)
    organizer = events.as_organizer(db, created.event.id, created.admin_token)
    locked = events.lock(db, organizer)
    assert locked.locked
    assert not locked.is_open(START)
    with pytest.raises(events.EventClosedError, match="locked"):
        events.resubmit(db, library, player, Submission.from_text(example("era-legal")), START)
    with pytest.raises(events.EventClosedError, match="locked"):
        submit(db, library, created.event.id, "Bob", example("era-legal"))


def test_lists_are_judged_on_the_events_banned_list_day(db, library, new_event):
    with_expansion = example("era-legal").replace("3 Kindle", "2 Kindle\n1 Inferno Roar")
    before = new_event(as_of=date(2024, 2, 29))
    after = new_event(as_of=date(2024, 3, 1))
    early = submit(db, library, before.event.id, "Alice", with_expansion)
    late = submit(db, library, after.event.id, "Alice", with_expansion)
    assert [p["rule"] for p in early.version.problems] == ["era-eligible-products"]
    assert late.version.legal


def test_an_event_needs_a_future_deadline_and_a_known_game_and_format(db, new_event):
    with pytest.raises(events.InvalidEventError, match="future"):
        new_event(deadline=START)
    with pytest.raises(events.NotFoundError):
        new_event(game_id="no-such-game")
    with pytest.raises(events.NotFoundError):
        new_event(format_id="no-such-format")
    with pytest.raises(events.InvalidEventError, match="name"):
        new_event(name="   ")


def test_an_empty_or_unreadable_list_is_refused_not_stored(db, library, new_event):
    created = new_event()
    with pytest.raises(events.InvalidSubmissionError, match="empty"):
        submit(db, library, created.event.id, "Alice", "  \n ")
    with pytest.raises(events.InvalidSubmissionError, match="JSON"):
        Submission.from_pasted('{"sections": ')
    with pytest.raises(events.InvalidSubmissionError, match="cannot be read"):
        events.submit(
            db,
            library,
            created.event.id,
            player="Alice",
            submission=Submission.from_pasted('{"no": "sections"}'),
            now=START,
        )
    with pytest.raises(events.InvalidSubmissionError, match="player name"):
        submit(db, library, created.event.id, "Ali\x00ce", example("era-legal"))
    organizer = events.as_organizer(db, created.event.id, created.admin_token)
    assert events.entries(db, organizer) == []


def test_a_player_reads_only_their_own_entry(db, library, new_event):
    created = new_event()
    alice = submit(db, library, created.event.id, "Alice", example("era-legal"))
    bob = submit(db, library, created.event.id, "Bob", example("era-illegal"))
    as_alice = events.as_player(db, created.event.id, alice.entry.id, alice.player_token)
    assert events.entry(db, as_alice).player == "Alice"
    with pytest.raises(events.EventNotFoundError):
        events.entry(db, as_alice, bob.entry.id)
    with pytest.raises(events.EventNotFoundError):
        events.history(db, as_alice, bob.entry.id)


def test_verify_says_which_list_a_receipt_matches(db, library, new_event):
    created = new_event()
    first = submit(db, library, created.event.id, "Bob", example("era-illegal"))
    player = events.as_player(db, created.event.id, first.entry.id, first.player_token)
    second = events.resubmit(db, library, player, Submission.from_text(example("era-legal")), START)
    organizer = events.as_organizer(db, created.event.id, created.admin_token)
    (old,) = events.verify(db, organizer, first.version.receipt.upper())
    (current,) = events.verify(db, organizer, second.version.receipt)
    assert (old.entry.player, old.version.number, old.current) == ("Bob", 1, False)
    assert (current.version.number, current.current) == (2, True)
    assert events.verify(db, organizer, "0" * 12) == []
    with pytest.raises(events.InvalidQueryError):
        events.verify(db, organizer, "abc")


def test_lists_are_published_only_when_the_organizer_says_so(db, library, new_event):
    created = new_event()
    submit(db, library, created.event.id, "Alice", example("era-legal"))
    with pytest.raises(events.EventNotFoundError):
        events.published_lists(db, created.event.id)
    organizer = events.as_organizer(db, created.event.id, created.admin_token)
    published = events.publish(db, organizer)
    assert published.published
    assert published.locked
    _event, entries = events.published_lists(db, created.event.id)
    assert [e.player for e in entries] == ["Alice"]


def test_the_sheet_lists_each_section_with_its_counts(db, library, new_event, era):
    created = new_event()
    receipt = submit(db, library, created.event.id, "Alice", example("era-legal"))
    sections = events.sheet_sections(era, receipt.version)
    assert [(s.name, s.total) for s in sections] == [("Dinos", 3), ("Crystals", 3), ("Deck", 30)]
    assert sections[0].entries[0] == (1, "Ember Rex")
