"""Storing lists: a player's first list and later versions, and the organizer's bulk upload.

Three rules guard what is stored. An event holds at most ``limits.entries``
players and an entry ``limits.versions`` lists. A name the organizer registered
with a player id is claimed only with that id, so no one else can take a
registered player's place. And a first submission may carry an idempotency
key: sent again with the same request, say after the connection broke, it
returns the entry and private link the first one made instead of a refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from functools import cached_property

import sqlite_utils

from cardpool import PoolLibrary
from validator import DecklistTooLongError
from validator.players import second_list

from ..db import transaction
from . import idempotency
from .idempotency import clean_idempotency_key
from .names import (
    by_player_key,
    clean_player_id,
    clean_player_name,
    lookalike_key,
    player_id_key,
    player_key,
    same_player_id,
)
from .records import (
    DEFAULT_LIMITS,
    ORGANIZER,
    PLAYER,
    BulkItem,
    BulkReport,
    Checked,
    Entry,
    Event,
    Limits,
    Organizer,
    Player,
    Receipt,
    Submission,
    Version,
    as_utc,
)
from .refusals import (
    IdempotencyKeyReusedError,
    IdentityError,
    InvalidSubmissionError,
    LimitReachedError,
    ListChangedError,
    PlayerTakenError,
)
from .rules import check
from .store import (
    _append_version,
    _one_entry,
    _require_open,
    _store_version,
    count_players,
    full,
    get_event,
    version_of,
)
from .text import shown
from .tokens import new_id, new_token, token_hash


def submit(
    db: sqlite_utils.Database,
    pools: PoolLibrary,
    event_id: str,
    *,
    player: str,
    submission: Submission,
    now: datetime,
    player_id: str | None = None,
    idempotency_key: str | None = None,
    limits: Limits = DEFAULT_LIMITS,
    before_reading: Callable[[Submission], object] | None = None,
) -> Receipt:
    """A first submission through the event's public link.

    It creates the player's entry, or claims the entry the organizer registered
    under that name, and hands out the entry's private token. A name that
    already has a list on file is refused: only its private link changes it.

    ``before_reading`` is called with the list just before it is read and judged, which a
    request sent again with its idempotency key is not: the web layer counts the lines
    there, so a resend costs nothing more than the first did.
    """
    name = clean_player_name(player)
    player_id = clean_player_id(player_id)
    key = clean_idempotency_key(idempotency_key)
    event = get_event(db, event_id)
    fingerprint = _fingerprint(name, player_id, submission) if key else ""
    if key and (earlier := _replay(db, event, key, fingerprint)):
        return earlier
    if before_reading is not None:
        before_reading(submission)
    checked = check(pools.game(event.game), event, submission, limits, received=now)
    token = new_token()
    with transaction(db):
        # Checked again under the write lock: the same request may have been sent twice at once.
        if key and (earlier := _replay(db, event, key, fingerprint)):
            return earlier
        event, claimed = _claim(db, event, name, player_id, token, now, limits)
        version = _store_version(db, claimed.id, checked, PLAYER, now)
        if key:
            _remember(db, event, key, fingerprint, claimed.id, version.number, token, now)
    # The entry as reading it back would give: its first version is the one just stored.
    entry = replace(claimed, latest=version, versions=1)
    return Receipt(event, entry, version, token)


def _claim(
    db: sqlite_utils.Database,
    event: Event,
    name: str,
    player_id: str | None,
    token: str,
    now: datetime,
    limits: Limits,
) -> tuple[Event, Entry]:
    """The entry a first list goes to, made or claimed for the holder of ``token``, as it
    reads once the claim is written (no list yet), and the event as read under the write lock.

    The event must still be open then. Of what ``event`` says, only whether it is locked can
    have changed since it was read (its deadline never does), and that is read again.
    """
    name, other = (
        _holder_of(_registered(db, event.id), name, player_id) if player_id else (name, None)
    )
    if other is not None:
        raise IdentityError(
            f"The player id {player_id} is registered to another name: give your name as the"
            " organizer registered it, or check the id, or ask the organizer."
        )
    key = player_key(name)
    entry_id = new_id()
    created = now.isoformat()
    made = 0
    if now < event.deadline:
        # Most first lists come from a new player: one statement makes the entry when the
        # event is not locked, the name is free and the event has room; only otherwise are
        # the event and the entry read to say why not.
        made = db.execute(
            """INSERT INTO event_entries (id, event_id, player, player_key, player_id,
                                          token_hash, registered, created)
               SELECT ?, ?, ?, ?, ?, ?, 0, ?
               WHERE NOT (SELECT locked FROM events WHERE id = ?)
                 AND COALESCE((SELECT entries FROM event_sizes WHERE event_id = ?), 0) < ?
               ON CONFLICT (event_id, player_key) DO NOTHING""",
            [
                entry_id,
                event.id,
                name,
                key,
                player_id,
                token_hash(token),
                created,
                event.id,
                event.id,
                limits.entries,
            ],
        ).rowcount
    if made:
        if event.locked or event.published:
            # Reopened since it was read: as it reads now.
            event = get_event(db, event.id)
        return event, Entry(
            id=entry_id,
            event_id=event.id,
            player=shown(name),
            player_id=shown(player_id),
            registered=False,
            created=datetime.fromisoformat(created),
            latest=None,
            versions=0,
        )
    event = _require_open(db, event.id, now)
    which, keys = by_player_key(name)
    row = db.execute(
        f"""SELECT e.id, e.token_hash, e.player_id,
                  (SELECT COUNT(*) FROM event_versions WHERE entry_id = e.id),
                  CAST(e.player AS BLOB), e.registered, e.created
           FROM event_entries e WHERE e.event_id = ? AND {which} LIMIT 1""",
        [event.id, *keys],
    ).fetchone()
    if row is None:
        # The name is free, so the event is full.
        raise full(limits)
    entry_id, claimed, registered_id, versions, registered_name, registered, created = row
    if claimed or versions:
        on_file = shown(registered_name)
        if on_file != name:
            # Another spelling of the name on file (case, accents' encoding, spaces): it may
            # be another player of that name, who is told whose list it is and what to do.
            raise PlayerTakenError(
                f"A list is already on file for {on_file}, a name that reads as {name}."
                " If it is yours, change it through the private link you were given."
                " If not, tell yourselves apart (add your last name or its initial),"
                " or ask the organizer."
            )
        raise PlayerTakenError(
            f"A list is already on file for {name}. Change it through the private link"
            " you were given, or ask the organizer."
        )
    if registered_id and not same_player_id(registered_id, player_id):
        # Without this, anyone could submit under a registered player's name first
        # and leave the real player refused.
        if player_id:
            raise IdentityError(
                f"The player id given is not the one {name} is registered with: check it,"
                " or ask the organizer."
            )
        raise IdentityError(
            f"{name} is registered with a player id: give it with your list, or ask the organizer."
        )
    db.execute(
        "UPDATE event_entries SET token_hash = ?, player_id = COALESCE(player_id, ?) WHERE id = ?",
        [token_hash(token), player_id, entry_id],
    )
    return event, Entry(
        id=entry_id,
        event_id=event.id,
        player=shown(registered_name),
        player_id=shown(registered_id if registered_id is not None else player_id),
        registered=bool(registered),
        created=datetime.fromisoformat(created),
        latest=None,
        versions=0,
    )


class _Registered:
    """An event's registered players: the names holding each player id (by its key, see
    player_id_key), and the keys of all their names (see player_key), made only when a
    name with another's id is looked at (a submission's path, run often, reads the ids
    alone). Read once for an upload's rows: each row's look-up is then one of each, however
    many are registered."""

    def __init__(self, rows: list[tuple[str, str | None]]):
        self.names = [name for name, _ in rows]
        self.by_id: dict[str, list[str]] = {}
        for name, held in rows:
            if held is not None:
                self.by_id.setdefault(player_id_key(held), []).append(name)

    @cached_property
    def keys(self) -> frozenset[str]:
        return frozenset(player_key(name) for name in self.names)


def _registered(db: sqlite_utils.Database, event_id: str) -> _Registered:
    """The registered players of the event."""
    rows = db.execute(
        "SELECT CAST(player AS BLOB), CAST(player_id AS BLOB) FROM event_entries"
        " WHERE event_id = ? AND registered = 1",
        [event_id],
    ).fetchall()
    return _Registered(
        [(shown(name), None if held is None else shown(held)) for name, held in rows]
    )


def _holder_of(registered: _Registered, name: str, player_id: str | None) -> tuple[str, str | None]:
    """Whose list a list given as ``name`` with ``player_id`` is: (the name it goes to, and
    the name of the registered player holding the id when that is another player's).

    The one registered player holding the id is the player when ``name`` reads as theirs
    does ("emile" for "Émile", typed on another keyboard); another name with their id is
    not theirs, nor a second holder of it: a mistyped id would file one player's list as
    another's, or leave the registered player without one. A name that is another
    registered player's own ("Emile Zoe" registered beside "Émile Zoé") is theirs alone: with
    the lookalike's id, it is the id to check."""
    if not player_id:
        return name, None
    named = registered.by_id.get(player_id_key(player_id), [])
    key = player_key(name)
    if len(named) != 1 or player_key(named[0]) == key:
        return name, None
    if lookalike_key(named[0]) == lookalike_key(name) and key not in registered.keys:
        return named[0], None
    return name, named[0]


# -- idempotency keys --------------------------------------------------------------------


def _fingerprint(name: str, player_id: str | None, submission: Submission) -> str:
    """What makes two requests the same submission: the player and the list as read."""
    return idempotency.fingerprint(
        {
            "player": name,
            "player_id": player_id,
            "kind": submission.kind,
            "list": submission.content,
        }
    )


def _remember(
    db: sqlite_utils.Database,
    event: Event,
    key: str,
    fingerprint: str,
    entry_id: str,
    number: int,
    token: str,
    now: datetime,
) -> None:
    db.execute(
        """INSERT INTO event_requests
               (event_id, key_hash, request_hash, entry_id, version, sealed_token, created)
           VALUES (?, ?, ?, ?, ?, ?, ?)""",
        [
            event.id,
            idempotency.key_hash(event.id, key),
            fingerprint,
            entry_id,
            number,
            idempotency.seal(event.id, key, token),
            now.isoformat(),
        ],
    )


def _replay(db: sqlite_utils.Database, event: Event, key: str, fingerprint: str) -> Receipt | None:
    """The answer to an earlier request with this key, if there was one."""
    row = db.execute(
        "SELECT request_hash, entry_id, version, sealed_token FROM event_requests"
        " WHERE event_id = ? AND key_hash = ?",
        [event.id, idempotency.key_hash(event.id, key)],
    ).fetchone()
    if row is None:
        return None
    request_hash, entry_id, number, sealed = row
    if request_hash != fingerprint:
        raise IdempotencyKeyReusedError(
            "This idempotency key came before with a different submission;"
            " send a new key with a new submission."
        )
    entry = _one_entry(db, event.id, entry_id)
    return Receipt(
        event,
        entry,
        version_of(db, entry_id, number),
        idempotency.unseal(event.id, key, sealed),
        replayed=True,
    )


# -- later versions and bulk uploads ---------------------------------------------------


def _versions_full(db: sqlite_utils.Database, entry_id: str, limits: Limits) -> bool:
    count = db.execute(
        "SELECT COUNT(*) FROM event_versions WHERE entry_id = ?", [entry_id]
    ).fetchone()[0]
    return count >= limits.versions


def resubmit(
    db: sqlite_utils.Database,
    pools: PoolLibrary,
    player: Player,
    submission: Submission,
    now: datetime,
    limits: Limits = DEFAULT_LIMITS,
    *,
    based_on: int | None = None,
    before_reading: Callable[[Submission], object] | None = None,
) -> Receipt:
    """A player's new version of their own list, stored beside the earlier ones.

    ``based_on`` is the number of the version on file when the sender's form was made (0
    for none). When a newer one is on file, the same list sent is that form sent again (a
    double click, or a second tab that sent it first): nothing more is stored, and the
    answer is the version on file. Another list is refused (:class:`ListChangedError`)
    rather than put, unseen, in place of one the player or the organizer stored since.
    ``before_reading`` is called with the list just before it is read and judged, as
    :func:`submit`'s is, and so not for a form sent again.
    """
    if based_on is not None and (earlier := _sent_since(db, player, based_on, submission, now)):
        return earlier
    if before_reading is not None:
        before_reading(submission)
    checked = check(pools.game(player.event.game), player.event, submission, limits, received=now)
    with transaction(db):
        # Again under the write lock: a double click sends the form twice at once.
        if based_on is not None and (earlier := _sent_since(db, player, based_on, submission, now)):
            return earlier
        _require_open(db, player.event.id, now)
        if _versions_full(db, player.entry_id, limits):
            raise LimitReachedError(
                f"Your entry already holds {limits.versions} lists, the most kept for one player;"
                " ask the organizer."
            )
        _append_version(db, player.entry_id, checked, PLAYER, now)
    entry = _one_entry(db, player.event.id, player.entry_id)
    return Receipt(get_event(db, player.event.id), entry, entry.latest)


def _sent_since(
    db: sqlite_utils.Database,
    player: Player,
    based_on: int,
    submission: Submission,
    now: datetime,
) -> Receipt | None:
    """The receipt of the version on file when it is newer than ``based_on`` and is this
    same list; None when ``based_on`` is the newest; a refusal when a newer one is another
    list, or when ``based_on`` names a version never on file (a form or a program that
    numbered it wrong: taken as the newest, it would replace a list its sender has not
    seen). When the event has closed, the refusal is its closing: sending the list again
    would change nothing."""
    row = db.execute(
        "SELECT number, kind, CAST(body AS BLOB), source, received FROM event_versions"
        " WHERE entry_id = ? ORDER BY number DESC LIMIT 1",
        [player.entry_id],
    ).fetchone()
    newest = row[0] if row is not None else 0
    if based_on > newest:
        _require_open(db, player.event.id, now)
        on_file = f"the newest is version {newest}" if newest else "none is on file yet"
        raise ListChangedError(
            f"This list was made from version {based_on} of yours, which was never on file"
            f" ({on_file}).",
            latest=newest,
            based_on=based_on,
        )
    if row is None or newest == based_on:
        return None
    number, kind, body, source, received = row
    if kind == submission.kind and body == submission.body.encode("utf-8", "surrogatepass"):
        entry = _one_entry(db, player.event.id, player.entry_id)
        return Receipt(get_event(db, player.event.id), entry, entry.latest, replayed=True)
    _require_open(db, player.event.id, now)
    sender = (
        "the organizer's upload"
        if source == ORGANIZER
        else "your private link (another tab, or the deck builder)"
    )
    raise ListChangedError(
        f"Your list on file changed since this page was opened: version {number} came from"
        f" {sender} at {as_utc(datetime.fromisoformat(received)):%Y-%m-%d %H:%M} UTC.",
        latest=number,
        based_on=based_on,
    )


def _named_by_player_id(
    db: sqlite_utils.Database,
    organizer: Organizer,
    items: list[BulkItem],
    skip: Callable[[BulkItem, object], None],
) -> list[BulkItem]:
    """The upload's lists, each given with a registered player's id named as that player
    when its name reads as theirs; one naming another player with it is skipped, saying
    whose id it is (a name or id that cannot be read is left to be said as it is read)."""
    registered = _registered(db, organizer.event.id)
    if not registered.by_id:
        return items
    kept = []
    for item in items:
        try:
            name, player_id = clean_player_name(item.player), clean_player_id(item.player_id)
        except InvalidSubmissionError:
            kept.append(item)
            continue
        holder, other = _holder_of(registered, name, player_id)
        if other is not None:
            skip(item, f"its player id {player_id} is {other}'s on file, not {name}'s: check it")
            continue
        if holder != name:
            item.player = holder
        kept.append(item)
    return kept


def submit_for_players(
    db: sqlite_utils.Database,
    pools: PoolLibrary,
    organizer: Organizer,
    items: list[BulkItem],
    now: datetime,
    limits: Limits = DEFAULT_LIMITS,
    skipped: Iterable[tuple[int, str]] = (),
    before_reading: Callable[[list[BulkItem]], object] | None = None,
) -> BulkReport:
    """The organizer's bulk upload: each list stored for its player, all of them or none.

    A player not yet in the event is added; one who is gets a new version, as if
    they had resubmitted. A list that cannot be read at all, or that the event's
    limits have no room for, is skipped with the reason. The report lists what was
    skipped, here and while the upload was read (``skipped``: each with its place in
    the upload, as :attr:`BulkItem.position`), in the upload's order, top to bottom.

    A list already on file as it is uploaded (the upload sent twice, or the sheet uploaded
    again with one row fixed) is not read or stored again: the report lists it as
    unchanged. ``before_reading`` is called with the lists that are to be read, before
    they are.

    A player with two lists in one upload gave a second list, which is skipped; but a
    player who answered a form twice (each answer with its time, from one address and
    player id) corrected their list: their answers are stored in the order they were
    sent, so the latest is the list on file and the earlier ones are its earlier
    versions, and the report says so (:attr:`BulkReport.answered_again`).
    """
    report = BulkReport()
    passed_over = list(skipped)
    kept: list[tuple[int, str]] = []

    def skip(item: BulkItem, why: object) -> None:
        passed_over.append((item.position, f"{item.source}: skipped: {why}"))

    game = pools.game(organizer.event.game)
    items = _named_by_player_id(db, organizer, items, skip)
    on_file = {id(item): _on_file_as_sent(db, organizer.event.id, item) for item in items}
    if before_reading is not None:
        before_reading([item for item in items if on_file[id(item)] is None])
    players: dict[str, list[_Read]] = {}
    for item in items:
        same = on_file[id(item)]
        try:
            name = clean_player_name(item.player)
            player_id = clean_player_id(item.player_id)
            checked = (
                None
                if same
                else check(game, organizer.event, item.submission, limits, received=now)
            )
        except (InvalidSubmissionError, DecklistTooLongError) as exc:
            # One file of a folder too long to be a list is that file's problem, not the
            # upload's: the others are stored.
            skip(item, exc)
            continue
        item.player_id = player_id
        players.setdefault(player_key(name), []).append(_Read(item, name, same, checked))
    unchanged: list[_Read] = []
    ready: list[list[_Read]] = []
    answered_again: list[list[_Read]] = []
    for lists in players.values():
        if len(lists) > 1 and (why_not := _not_one_players_answers(lists)) is None:
            lists.sort(key=lambda read: (read.item.answered, read.item.position))
            answered_again.append(lists)
        elif len(lists) > 1:
            for second in lists[1:]:
                skip(second.item, second_list(second.name) + why_not)
            del lists[1:]
        # What is on file already is not stored again, nor anything answered before it.
        last_on_file = max((at for at, read in enumerate(lists) if read.same), default=-1)
        for earlier in lists[: max(last_on_file, 0)]:
            kept.append(
                (
                    earlier.item.position,
                    f"{earlier.item.source}: {earlier.name}: an earlier answer than"
                    f" {lists[last_on_file].item.source}'s, which is on file: not stored",
                )
            )
        if last_on_file >= 0:
            unchanged.append(lists[last_on_file])
        if to_store := lists[last_on_file + 1 :]:
            ready.append(to_store)
    stored: list[tuple[BulkItem, str, Version]] = []
    with transaction(db):
        _require_open(db, organizer.event.id, now)
        for read in unchanged:
            item, name = read.item, read.name
            entry_id, number = read.same
            latest = db.execute(
                "SELECT MAX(number) FROM event_versions WHERE entry_id = ?", [entry_id]
            ).fetchone()[0]
            if latest != number:
                skip(item, f"{name}'s list on file changed while the upload was read; upload again")
                continue
            _add_player_id(db, entry_id, item.player_id)
            kept.append(
                (
                    item.position,
                    f"{item.source}: {name}: the same list is on file (version {number}),"
                    " not stored again",
                )
            )
        count = count_players(db, organizer.event.id)
        for lists in ready:
            name = lists[-1].name
            which, keys = by_player_key(name)
            row = db.execute(
                "SELECT id, (SELECT COUNT(*) FROM event_versions WHERE entry_id = e.id)"
                f" FROM event_entries e WHERE event_id = ? AND {which} LIMIT 1",
                [organizer.event.id, *keys],
            ).fetchone()
            if row is None and count >= limits.entries:
                for read in lists:
                    skip(read.item, full(limits, organizer=True))
                continue
            room = limits.versions - (row[1] if row else 0)
            if room <= 0:
                for read in lists:
                    skip(read.item, f"{name} already has {limits.versions} lists")
                continue
            # With room for fewer lists than the player sent, the latest are kept.
            for read in lists[:-room]:
                skip(
                    read.item,
                    f"an earlier answer of {name}'s, not stored: their entry has room for"
                    f" {room} more list{'s' if room != 1 else ''} of the {limits.versions}"
                    " kept for one player, kept for their latest answers",
                )
            if row is None:
                count += 1
                entry_id = new_id()
                db.execute(
                    """INSERT INTO event_entries
                           (id, event_id, player, player_key, player_id, registered, created)
                       VALUES (?, ?, ?, ?, ?, 1, ?)""",
                    [
                        entry_id,
                        organizer.event.id,
                        name,
                        player_key(name),
                        lists[-1].item.player_id,
                        now.isoformat(),
                    ],
                )
            else:
                entry_id = row[0]
            for read in lists[-room:]:
                _add_player_id(db, entry_id, read.item.player_id)
                version = _store_version(db, entry_id, read.checked, ORGANIZER, now)
                stored.append((read.item, entry_id, version))
    entries = {entry_id: _one_entry(db, organizer.event.id, entry_id) for _, entry_id, _ in stored}
    for item, entry_id, version in sorted(stored, key=lambda s: s[0].position):
        report.stored.append((item.source, Receipt(organizer.event, entries[entry_id], version)))
    versions = {id(item): version.number for item, _, version in stored}
    for lists in answered_again:
        report.answered_again.append(_answered_again(lists, versions))
    passed_over.sort(key=lambda skipped: skipped[0])  # stable: one place's messages in turn
    report.skipped = [message for _, message in passed_over]
    report.unchanged = [message for _, message in sorted(kept, key=lambda k: k[0])]
    return report


@dataclass
class _Read:
    """A list of a bulk upload once read: its player's name, the entry and version it is
    already on file as (if it is), and the list checked (if it is not)."""

    item: BulkItem
    name: str
    same: tuple[str, int] | None
    checked: Checked | None


def _not_one_players_answers(lists: list[_Read]) -> str | None:
    """None when a player's lists in one upload are one player's answers to a form, each
    with its time; else why they are not, said after "a second list for Ann"."""
    items = [read.item for read in lists]
    if not any(item.answered_as for item in items):
        # Not a form's answers: a second list, or two players of one name by their ids.
        ids = list(dict.fromkeys(item.player_id for item in items if item.player_id))
        if len({player_id_key(player_id) for player_id in ids}) > 1:
            return (
                f" with another player id ({', '.join(ids)}): two players of one name?"
                f' Write the second apart ("{lists[1].name} (2)") and upload again'
            )
        return ""
    if any(item.answered is None for item in items):
        return (
            ": which of their answers is the latest cannot be told by its time"
            f" ({', '.join(repr(item.answered_as) for item in items)}); keep one row of theirs"
            " and upload the sheet again"
        )
    for what, values in (
        ("player id", [item.player_id for item in items]),
        ("email address", [item.email for item in items]),
    ):
        given = {value.casefold() for value in values if value}
        if len(given) > 1:
            return (
                f" with another {what} ({', '.join(sorted(given))}): two players of one name,"
                " or a player who corrected it? Keep the right row and upload the sheet again"
            )
    return None


def _answered_again(lists: list[_Read], versions: dict[int, int]) -> str:
    """What the report says of a player who answered a form more than once."""
    latest = lists[-1]
    answers = ", ".join(f"{read.item.source} at {read.item.answered_as}" for read in lists)
    said = f"{latest.name} answered {len(lists)} times ({answers}): "
    if id(latest.item) in versions:
        said += f"the latest, {latest.item.source}, is the list on file"
        said += f" (version {versions[id(latest.item)]})"
    elif latest.same:
        said += f"the latest, {latest.item.source}, was already on file"
        said += f" (version {latest.same[1]})"
    else:
        return said + (
            f"the latest, {latest.item.source}, was not stored (see Skipped): the list on file"
            " is not their latest answer"
        )
    earlier = [versions[id(read.item)] for read in lists[:-1] if id(read.item) in versions]
    if earlier:
        numbered = ", ".join(str(number) for number in earlier)
        said += f"; the earlier answers are kept as version{'s' if len(earlier) > 1 else ''}"
        said += f" {numbered}"
    return said


def _add_player_id(db: sqlite_utils.Database, entry_id: str, player_id: str | None) -> None:
    """A player on file without an id gets the one uploaded, as a player claiming a
    registered name adds theirs; one on file is left as it is."""
    if player_id:
        db.execute(
            "UPDATE event_entries SET player_id = ? WHERE id = ? AND player_id IS NULL",
            [player_id, entry_id],
        )


def _on_file_as_sent(
    db: sqlite_utils.Database, event_id: str, item: BulkItem
) -> tuple[str, int] | None:
    """(the entry, its version) when the player's list on file is this item's list, as
    received (its kind and text); else None."""
    try:
        which, keys = by_player_key(clean_player_name(item.player))
    except InvalidSubmissionError:
        return None  # skipped for its name, in its turn
    sent = item.submission.body.encode("utf-8", "surrogatepass")
    # The list on file is read only when it is as long as the one sent: what an upload
    # reads is bounded by its own size, however long the lists on file.
    row = db.execute(
        f"""SELECT e.id, v.number, v.kind, v.id, length(CAST(v.body AS BLOB))
           FROM event_entries e JOIN event_versions v ON v.entry_id = e.id
           WHERE e.event_id = ? AND e.id = (SELECT e.id FROM event_entries e
                                            WHERE e.event_id = ? AND {which} LIMIT 1)
           ORDER BY v.number DESC LIMIT 1""",
        [event_id, event_id, *keys],
    ).fetchone()
    if row is None or row[2] != item.submission.kind or row[4] != len(sent):
        return None
    entry_id, number, _kind, version_id, _length = row
    (body,) = db.execute(
        "SELECT CAST(body AS BLOB) FROM event_versions WHERE id = ?", [version_id]
    ).fetchone()
    return (entry_id, number) if body == sent else None
