"""The card pool changed after lists were submitted: a card renamed or taken out, a ban
added, a format dropped. Every list on file is still shown whole, on every page, with its
verdict as given and what the list reads to today said beside it."""

from __future__ import annotations

import csv
import html
import io
import re
import weakref
from collections import OrderedDict
from datetime import timedelta

import pytest

from tests.events.conftest import DEADLINE, START, bearer, csrf_of, example
from webapp import create_app
from webapp.db import connections
from webapp.events import Event, Version, rules


@pytest.fixture
def pool_app(tmp_path, pool_copy, clock):
    """The site on a pool a test may edit: read again on the next request after a change."""
    app = create_app(
        {
            "DATABASE": str(tmp_path / "deckwright.sqlite"),
            "TESTING": True,
            "POOLS": str(pool_copy),
            "POOL_RECHECK_SECONDS": 0,
            "EVENT_CLOCK": clock,
        }
    )
    yield app
    connections(app).close()


def open_event(client, game: str, fmt: str | None = None) -> tuple[str, str]:
    """An event made over the API: its id and admin token."""
    body = {"name": "Regionals", "game": game, "deadline": DEADLINE.isoformat()}
    if fmt:
        body["format"] = fmt
    answer = client.post("/api/v1/events", json=body)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    created = answer.get_json()
    return created["event"]["id"], created["admin_token"]


def submit(client, event_id: str, player: str, text: str) -> dict:
    body = {"player": player, "text": text}
    answer = client.post(f"/api/v1/events/{event_id}/entries", json=body)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()


def publish(client, event_id: str, token: str) -> None:
    answer = client.post(f"/api/v1/events/{event_id}/publish", headers=bearer(token))
    assert answer.status_code == 200, answer.get_data(as_text=True)


def edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def rows_of(page: str) -> list[tuple[str, str]]:
    """The (count, name) rows of a sheet's tables, as text."""
    found = re.findall(r'<td class="count">(\d+)</td><td>(.*?)</td>', page, re.S)
    return [(count, html.unescape(re.sub(r"<[^>]+>", "", name)).strip()) for count, name in found]


def test_a_sheet_keeps_the_cards_the_pool_no_longer_has(pool_app, pool_copy):
    client = pool_app.test_client()
    event_id, token = open_event(client, "era")
    receipt = submit(client, event_id, "Alice", example("era-legal"))
    entry_id = receipt["entry"]["entry"]
    cards = pool_copy / "era" / "cards.yaml"
    edit(cards, "    name: Kindle\n", "    name: Kindling\n")  # renamed, with no alias
    text = cards.read_text(encoding="utf-8")
    start, end = text.index("  - id: era-flame-lash"), text.index("  - id: era-kindle")
    cards.write_text(text[:start] + text[end:], encoding="utf-8")  # taken out

    admin = f"/events/{event_id}/admin/{token}"
    publish(client, event_id, token)
    sheets = (f"{admin}/sheets", f"{admin}/entries/{entry_id}/sheet", f"/events/{event_id}/lists")
    for path in sheets:
        answer = client.get(path)
        assert answer.status_code == 200, path
        page = answer.get_data(as_text=True)
        rows = rows_of(page)
        # The list as receipted, every card with its count: a judge checks the deck by it.
        assert ("3", "Flame Lash") in [(c, n.split(" (")[0]) for c, n in rows], path
        assert ("3", "Kindle") in [(c, n.split(" (")[0]) for c, n in rows], path
        assert sum(int(c) for c, _ in rows) == 36, path  # 3 dinos, 3 crystals, 30 cards
        assert "not in today’s card pool" in page, path


def drop_singleton_matrix(client, pool_copy) -> None:
    """RYFT's pool without its Singleton Matrix format, read again by the site."""
    game = pool_copy / "ryft" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    start, end = text.index("  - id: singleton-matrix"), text.index("decisions:")
    text = text[:start] + text[end:]
    text = text.replace("    alternative: singleton-matrix\n", "")
    text = text.replace("[ryft-three-copies, ryft-one-of-each-matrix]", "[ryft-three-copies]")
    game.write_text(text, encoding="utf-8")
    assert [f["id"] for f in client.get("/api/v1/games/ryft").get_json()["formats"]] == ["standard"]


def test_an_event_whose_format_the_pool_dropped_still_shows_its_lists(pool_app, pool_copy):
    client = pool_app.test_client()
    event_id, token = open_event(client, "ryft", "singleton-matrix")
    receipt = submit(client, event_id, "Alice", example("ryft-legal"))
    entry_id, player_token = receipt["entry"]["entry"], receipt["player_token"]
    drop_singleton_matrix(client, pool_copy)

    admin = f"/events/{event_id}/admin/{token}"
    pages = [
        admin,
        f"{admin}/sheets",
        f"{admin}/entries/{entry_id}",
        f"{admin}/entries/{entry_id}/sheet",
        f"/events/{event_id}",
        f"/events/{event_id}/entries/{entry_id}/{player_token}",
    ]
    for path in pages:
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.get_data(as_text=True)[-2000:])
        page = answer.get_data(as_text=True)
        assert "singleton-matrix (no longer in the card pool)" in page, path
    publish(client, event_id, token)
    published = client.get(f"/events/{event_id}/lists")
    assert published.status_code == 200
    assert "singleton-matrix (no longer in the card pool)" in published.get_data(as_text=True)


GONE = (
    "This event's format, singleton-matrix, is no longer in RYFT's card pool, so no list can"
    " be checked against it: lists cannot be submitted or changed, and those on file are kept"
    " as they were received. Contact the organizer."
)


def test_an_event_whose_format_the_pool_dropped_says_it_takes_no_list(pool_app, pool_copy):
    client = pool_app.test_client()
    event_id, token = open_event(client, "ryft", "singleton-matrix")
    receipt = submit(client, event_id, "Alice", example("ryft-legal"))
    entry, player_token = receipt["entry"]["entry"], receipt["player_token"]
    form_page = f"/events/{event_id}"
    csrf = csrf_of(client.get(form_page).get_data(as_text=True))  # a form opened before
    drop_singleton_matrix(client, pool_copy)

    # The event's page and the player's say so, and offer no form that would be refused.
    private = f"/events/{event_id}/entries/{entry}/{player_token}"
    for path in (form_page, private):
        page = html.unescape(client.get(path).get_data(as_text=True))
        assert "Open for lists" not in page, path
        assert "Not taking lists: its format is no longer in the card pool" in page, path
        assert GONE in page, path
        assert 'name="decklist"' not in page, path
    admin = f"/events/{event_id}/admin/{token}"
    dashboard = html.unescape(client.get(admin).get_data(as_text=True))
    assert "change the event's format to one of RYFT's formats (Standard (standard))" in dashboard
    sheet = (io.BytesIO(b"player,list\nBob,1 Only Mine\n"), "lists.csv")
    uploaded = client.post(
        f"{admin}/upload",
        data={"csrf_token": csrf_of(dashboard), "upload": sheet},
        content_type="multipart/form-data",
    )
    assert "Nothing was stored. This event's format" in html.unescape(uploaded.text)

    # Over the API, a conflict in the one error shape: neither a 404 nor a typo's words.
    for answer in (
        client.post(
            f"/api/v1/events/{event_id}/entries",
            json={"player": "Bob", "text": example("ryft-legal")},
        ),
        client.put(
            f"/api/v1/events/{event_id}/entries/{entry}",
            json={"text": example("ryft-legal")},
            headers=bearer(player_token),
        ),
    ):
        assert answer.status_code == 409
        assert answer.get_json()["error"] == {
            "status": 409,
            "code": "format-not-in-pool",
            "message": GONE,
            "details": [],
        }

    upload = client.post(
        f"/api/v1/events/{event_id}/uploads",
        json={"csv": "player,list\nBob,1 Only Mine\n"},
        headers=bearer(token),
    )
    assert upload.status_code == 409
    assert upload.get_json()["error"]["code"] == "format-not-in-pool"
    assert (
        "change the event's format to one of RYFT's formats"
        in (upload.get_json()["error"]["message"])
    )

    # A list pasted into a form opened before is refused, and kept on the page to copy.
    pasted = "1 Only Mine, Never Lost\n"
    for path, form in (
        (form_page, {"csrf_token": csrf, "player": "Bob", "decklist": pasted}),
        (private, {"csrf_token": csrf, "based_on": "1", "decklist": pasted}),
        # Refused for another reason too (its session gone), the page says both.
        (form_page, {"csrf_token": "gone", "player": "Bob", "decklist": pasted}),
    ):
        answer = client.post(path, data=form)
        assert answer.status_code == (409 if form["csrf_token"] == csrf else 403), path
        page = html.unescape(answer.get_data(as_text=True))
        assert GONE in page, path
        assert pasted.strip() in page, path
        assert ("This form had expired" in page) is (form["csrf_token"] != csrf)
    entries = client.get(f"/api/v1/events/{event_id}/entries", headers=bearer(token)).get_json()
    assert [(e["player"], e["versions"]) for e in entries["entries"]] == [("Alice", 1)]


AGAIN = "Against today’s card pool: not legal"


def test_a_ban_the_pool_added_since_is_said_beside_the_verdict_the_list_got(pool_app, pool_copy):
    client = pool_app.test_client()
    event_id, token = open_event(client, "era")
    receipt = submit(client, event_id, "Alice", example("era-legal"))
    submit(client, event_id, "Bob", example("era-illegal"))
    entry_id, player_token = receipt["entry"]["entry"], receipt["player_token"]
    admin = f"/events/{event_id}/admin/{token}"
    player = f"/events/{event_id}/entries/{entry_id}/{player_token}"
    sheets = (f"{admin}/sheets", f"{admin}/entries/{entry_id}/sheet")
    pages = (admin, f"{admin}/entries/{entry_id}", player, *sheets)
    for path in pages:
        assert "Against today’s card pool" not in client.get(path).get_data(as_text=True)

    # The banned list as published the week after: the ban was in force before Alice's list.
    edit(
        pool_copy / "era" / "game.yaml",
        "        note: No cards are currently banned.\n",
        "        note: No cards are currently banned.\n"
        "      - date: 2030-04-01\n        banned: [Fire Breath]\n",
    )
    for path in pages:
        page = client.get(path).get_data(as_text=True)
        assert AGAIN in page, path
        assert "Fire Breath is banned" in page.split(AGAIN)[1].split("</div>")[0], path
    dashboard = client.get(admin).get_data(as_text=True)
    assert "1 list on this page reads to another verdict" in dashboard
    assert dashboard.count(AGAIN) == 1  # Bob's list was not legal, and is not legal still
    # What was stored stays as it was: the verdict given, the list and its receipt.
    entries = client.get(f"/api/v1/events/{event_id}/entries", headers=bearer(token)).get_json()
    alice = next(e for e in entries["entries"] if e["player"] == "Alice")
    assert alice["status"] == "legal"
    assert alice["latest"]["receipt"] == receipt["entry"]["latest"]["receipt"]


def test_a_ban_coming_into_force_after_a_list_came_changes_nothing_said(pool_app, pool_copy):
    # No banned-list day for the event: each list is judged on the day it came.
    client = pool_app.test_client()
    event_id, token = open_event(client, "era")
    submit(client, event_id, "Alice", example("era-legal"))
    edit(
        pool_copy / "era" / "game.yaml",
        "        note: No cards are currently banned.\n",
        "        note: No cards are currently banned.\n"
        "      - date: 2030-06-01\n        banned: [Fire Breath]\n",
    )
    page = client.get(f"/events/{event_id}/admin/{token}").get_data(as_text=True)
    assert "Against today’s card pool" not in page


def test_a_sheet_names_the_day_whose_banned_list_judged_its_list(pool_app, clock):
    # With no banned-list day for the event, each list was judged on the day it came: the
    # judge reading the sheet learns that day, not "current" (which is another day by then).
    client = pool_app.test_client()
    event_id, token = open_event(client, "era")
    receipt = submit(client, event_id, "Alice", example("era-legal"))
    clock.now = clock.now + timedelta(days=1)
    sheet = client.get(
        f"/events/{event_id}/admin/{token}/entries/{receipt['entry']['entry']}/sheet"
    ).get_data(as_text=True)
    banned = re.search(r"<dt>Banned list</dt><dd>(.*?)</dd>", sheet, re.S).group(1)
    assert banned == f"{clock.now.date() - timedelta(days=1)} (the day the list came)"


BAN_FIRE_BREATH = (
    "        note: No cards are currently banned.\n",
    "        note: No cards are currently banned.\n"
    "      - date: 2030-04-01\n        banned: [Fire Breath]\n",
)
BANNED_SINCE = {
    "legal": False,
    "errors": 1,
    "warnings": 0,
    "problems": ["Banned cards may not be included: Fire Breath is banned (list of 2030-04-01)"],
}


def csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))


def counts_of(page: str) -> dict[str, str]:
    """The dashboard's filters as (label, count)."""
    found = re.findall(
        r'<li><a href="[^"]*show=(\w+)"[^>]*>[^<]*<span class="n">(\d+)</span>', page
    )
    return dict(found)


def players_of(page: str) -> list[str]:
    return re.findall(r'<strong class="player-name">(.*?)</strong>', page.split('id="entries"')[1])


def test_a_list_a_ban_made_illegal_is_filtered_and_counted_as_not_legal(pool_app, pool_copy):
    # Before round one the organizer shows the lists not legal, to talk to those players.
    # Alice's list was legal when it came; the banned list published since, dated before
    # it came, bans her Fire Breath: hers is among them, counted and exported so, and the
    # verdict she got stays on file as it was.
    client = pool_app.test_client()
    event_id, token = open_event(client, "era")
    registered = client.post(
        f"/api/v1/events/{event_id}/players",
        json={"players": [{"name": "Carol"}]},
        headers=bearer(token),
    )
    assert registered.status_code == 200
    alice = submit(client, event_id, "Alice", example("era-legal"))
    submit(client, event_id, "Bob", example("era-illegal"))
    dan = submit(
        client, event_id, "Dan", example("era-legal").replace("Fire Breath", "Tidal Splash")
    )
    assert dan["entry"]["status"] == "legal"
    edit(pool_copy / "era" / "game.yaml", *BAN_FIRE_BREATH)

    admin = f"/events/{event_id}/admin/{token}"
    page = html.unescape(client.get(admin).get_data(as_text=True))
    assert counts_of(page) == {
        "all": "4",
        "legal": "1",
        "illegal": "2",
        "missing": "1",
        "changed": "1",
    }
    notice = re.sub(r"\s+", " ", page.split('id="read-today">')[1].split("</div>")[0])
    assert (
        "1 list reads to another verdict against today’s card pool than the one it got: the"
        " card pool, or how it is read, changed since. The filters and counts go by what each"
        " list reads to today (one that was legal and is not today is counted under Not legal)."
    ) in notice
    assert "Show it</a>" in notice
    shown = {
        show: players_of(client.get(f"{admin}?show={show}").get_data(as_text=True))
        for show in ("illegal", "legal", "changed", "missing")
    }
    assert shown == {
        "illegal": ["Alice", "Bob"],
        "legal": ["Dan"],
        "changed": ["Alice"],
        "missing": ["Carol"],
    }

    # Over the API: the filters and counts alike, each entry's verdict as stored beside it.
    api = f"/api/v1/events/{event_id}/entries"
    answer = client.get(f"{api}?show=illegal", headers=bearer(token)).get_json()
    assert answer["total"] == 2
    assert answer["counts"] == {
        "all": 4,
        "legal": 1,
        "illegal": 2,
        "missing": 1,
        "changed": 1,
        "unread_today": 0,
    }
    assert [
        (e["player"], e["status"], e["status_today"], e["read_today"], e["latest"]["legal"])
        for e in answer["entries"]
    ] == [
        ("Alice", "legal", "not legal", BANNED_SINCE, True),
        ("Bob", "not legal", "not legal", None, False),
    ]
    assert answer["entries"][0]["latest"]["receipt"] == alice["entry"]["latest"]["receipt"]
    legal = client.get(f"{api}?show=legal", headers=bearer(token)).get_json()
    assert [(e["player"], e["status_today"]) for e in legal["entries"]] == [("Dan", "legal")]
    changed = client.get(f"{api}?show=changed", headers=bearer(token)).get_json()
    assert [e["player"] for e in changed["entries"]] == ["Alice"]
    # The entry's own answer, to the organizer and to Alice.
    entry_url = f"{api}/{alice['entry']['entry']}"
    for who in (token, alice["player_token"]):
        one = client.get(entry_url, headers=bearer(who)).get_json()
        assert (one["status"], one["status_today"], one["read_today"]) == (
            "legal",
            "not legal",
            BANNED_SINCE,
        )

    # The exports: a column of today's verdict, and its errors where it is not the one given.
    for path, headers in ((f"{admin}/export.csv", {}), (f"{api[:-8]}/export.csv", bearer(token))):
        rows = csv_rows(client.get(path, headers=headers).get_data(as_text=True))
        assert [
            (r["player"], r["status"], r["legal"], r["status_today"], r["problems_today"])
            for r in rows
        ] == [
            ("Alice", "legal", "yes", "not legal", BANNED_SINCE["problems"][0]),
            ("Bob", "not legal", "no", "not legal", ""),
            ("Carol", "not submitted", "", "not submitted", ""),
            ("Dan", "legal", "yes", "legal", ""),
        ], path
    exported = client.get(f"{admin}/export.json").get_json()
    assert exported["counts"] == answer["counts"]
    assert [(e["player"], e["status_today"]) for e in exported["entries"]] == [
        ("Alice", "not legal"),
        ("Bob", "not legal"),
        ("Carol", "not submitted"),
        ("Dan", "legal"),
    ]


def test_with_the_ban_taken_back_every_list_is_counted_as_it_came(pool_app, pool_copy):
    client = pool_app.test_client()
    event_id, token = open_event(client, "era")
    submit(client, event_id, "Alice", example("era-legal"))
    game = pool_copy / "era" / "game.yaml"
    as_shipped = game.read_text(encoding="utf-8")
    edit(game, *BAN_FIRE_BREATH)
    admin = f"/events/{event_id}/admin/{token}"
    assert counts_of(client.get(admin).get_data(as_text=True))["illegal"] == "1"
    game.write_text(as_shipped, encoding="utf-8")
    page = client.get(admin).get_data(as_text=True)
    assert counts_of(page) == {"all": "1", "legal": "1", "illegal": "0", "missing": "0"}
    assert 'id="read-today"' not in page
    entries = client.get(f"/api/v1/events/{event_id}/entries", headers=bearer(token)).get_json()
    assert [(e["status"], e["status_today"], e["read_today"]) for e in entries["entries"]] == [
        ("legal", "legal", None)
    ]
    assert entries["counts"]["changed"] == 0


def test_each_list_is_read_again_once_for_every_page_that_counts_them(
    pool_app, pool_copy, monkeypatch
):
    # A list of 1,000 lines of gibberish takes a worker a good part of a second to read: the
    # dashboard's every filter, the API's listing and the exports, loaded again and again on
    # event day, read each list of the event once after the pool changed, not each time.
    client = pool_app.test_client()
    event_id, token = open_event(client, "era")
    gibberish = "\n".join(f"1 Xq{n:04d} Vorblunt Zeph" for n in range(1000))
    submit(client, event_id, "Gibberish", gibberish)
    submit(client, event_id, "Alice", example("era-legal"))
    submit(client, event_id, "Bob", example("era-illegal"))
    edit(pool_copy / "era" / "game.yaml", *BAN_FIRE_BREATH)
    read = []
    reading = rules._read_again
    monkeypatch.setattr(
        rules,
        "_read_again",
        lambda game, event, kind, body, day: (
            read.append(body[:8]) or reading(game, event, kind, body, day)
        ),
    )
    admin = f"/events/{event_id}/admin/{token}"
    api = f"/api/v1/events/{event_id}"
    for _ in range(3):
        for path, headers in (
            (admin, {}),
            (f"{admin}?show=illegal", {}),
            (f"{admin}?show=changed", {}),
            (f"{api}/entries?show=illegal", bearer(token)),
            (f"{api}/export.csv", bearer(token)),
            (f"{api}/export.json", bearer(token)),
        ):
            assert client.get(path, headers=headers).status_code == 200, path
    assert sorted(read) == sorted(
        [gibberish[:8], example("era-legal")[:8], example("era-illegal")[:8]]
    )


def test_the_openapi_document_gives_todays_verdict_beside_the_one_stored(client):
    document = client.get("/api/v1/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    for name in ("Entry", "EntrySummary"):
        properties = schemas[name]["properties"]
        assert {"status", "status_today", "read_today"} <= set(properties), name
        assert {"status", "status_today", "read_today"} <= set(schemas[name]["required"]), name
        assert properties["status_today"]["enum"] == [
            "legal",
            "not legal",
            "not submitted",
            "not read yet",
        ]
        assert properties["read_today"]["anyOf"][0] == {"$ref": "#/components/schemas/ReadToday"}
    assert set(schemas["ReadToday"]["properties"]) == {"legal", "errors", "warnings", "problems"}
    assert set(schemas["EntryCounts"]["properties"]) == {
        "all",
        "legal",
        "illegal",
        "missing",
        "changed",
        "unread_today",
    }
    for name in ("EntryPage", "EntryList"):
        assert schemas[name]["properties"]["counts"]["allOf"] == [
            {"$ref": "#/components/schemas/EntryCounts"}
        ], name
    listing = document["paths"]["/api/v1/events/{event_id}/entries"]["get"]
    (show,) = [p for p in listing["parameters"] if p["name"] == "show"]
    assert show["schema"]["enum"] == ["all", "illegal", "legal", "missing", "changed"]
    assert "legal and illegal go by status_today" in show["description"]


def test_a_full_cache_forgets_the_lists_least_recently_read_not_all_of_them(era, monkeypatch):
    # A worker serving many events holds at most so many lists read again per game: past
    # that, forgetting every one had the next dashboard read its whole event again.
    monkeypatch.setattr(rules, "_RECHECKED_PER_GAME", 3)
    monkeypatch.setattr(rules, "_RECHECKED", weakref.WeakKeyDictionary())
    read = []
    reading = rules._read_again

    def counted(game, event, kind, body, day):
        read.append(body)
        return reading(game, event, kind, body, day)

    monkeypatch.setattr(rules, "_read_again", counted)
    event = Event("cup", "Cup", "era", "standard", None, DEADLINE, START, False, False)

    def version(number: int) -> Version:
        text = f"# list {number}\n{example('era-legal')}"
        return Version(number, START, "player", "text", text, "", "", True, 0, 0, [])

    for number in (1, 2, 3, 4, 2, 3, 4):
        assert rules.checked_again(era, event, "entry", version(number)) is None
    assert [body.split("\n")[0] for body in read] == [
        "# list 1",
        "# list 2",
        "# list 3",
        "# list 4",
    ]


def test_a_list_is_judged_by_the_banned_list_of_the_day_it_came(pool_app, pool_copy):
    # An event without a banned-list day judges each list on the day it comes, the day its
    # sheet prints: a ban in force from that day applies to it. The day was the server's
    # own calendar day, another than the day the list came (in UTC) for hours a day where
    # the server keeps local time: the verdict then said legal, the sheet and the reading
    # again against today's pool said the ban applied.
    client = pool_app.test_client()
    event_id, token = open_event(client, "era")
    edit(
        pool_copy / "era" / "game.yaml",
        "        note: No cards are currently banned.\n",
        "        note: No cards are currently banned.\n"
        f"      - date: {START.date()}\n        banned: [Fire Breath]\n",
    )
    receipt = submit(client, event_id, "Alice", example("era-legal"))
    assert receipt["entry"]["status"] == "not legal"
    assert [p["message"] for p in receipt["entry"]["latest"]["problems"]] == [
        f"Banned cards may not be included: Fire Breath is banned (list of {START.date()})"
    ]
    entries = client.get(f"/api/v1/events/{event_id}/entries", headers=bearer(token)).get_json()
    assert [(e["status"], e["status_today"]) for e in entries["entries"]] == [
        ("not legal", "not legal")
    ]


def test_over_the_api_an_event_whose_format_the_pool_dropped_is_not_open(pool_app, pool_copy):
    # A bot asks whether the event takes lists before it sends one: every list is refused
    # (409, format-not-in-pool), so the event is not open, and says why.
    client = pool_app.test_client()
    event_id, token = open_event(client, "ryft", "singleton-matrix")
    assert client.get(f"/api/v1/events/{event_id}").get_json()["open"] is True
    drop_singleton_matrix(client, pool_copy)
    why = "its format, singleton-matrix, is no longer in RYFT's card pool"
    answers = (
        client.get(f"/api/v1/events/{event_id}").get_json(),
        client.get(f"/api/v1/events/{event_id}/entries", headers=bearer(token)).get_json()["event"],
        client.get(f"/api/v1/events/{event_id}/export.json", headers=bearer(token)).get_json()[
            "event"
        ],
    )
    for event in answers:
        assert (event["open"], event["closed_reason"], event["locked"]) == (False, why, False)


class LetGoMeanwhile(OrderedDict):
    """A worker's lists read again, as another thread of it finds them: held when asked
    whether it holds one, let go (the cache full) by the time it is read."""

    def __contains__(self, key) -> bool:
        return True


def test_a_list_let_go_by_another_thread_meanwhile_is_read_again(era, monkeypatch):
    # On a threaded server one request's look-up and another's letting the list go can
    # cross: the page is answered with the list read again, not with an error.
    monkeypatch.setattr(rules, "_RECHECKED", weakref.WeakKeyDictionary({era: LetGoMeanwhile()}))
    event = Event("cup", "Cup", "era", "standard", None, DEADLINE, START, False, False)
    kept = Version(1, START, "player", "text", example("era-illegal"), "", "", True, 0, 0, [])
    again = rules.checked_again(era, event, "entry", kept)
    assert (again.legal, again.errors) == (False, 9)
    listed = [rules.Listed("entry", 1, START, "text", True)]
    bodies = {("entry", 1): example("era-illegal")}
    assert list(rules.read_today(era, event, listed, lambda _: bodies)) == ["entry"]


@pytest.fixture
def slow_reads(monkeypatch):
    """Reading a list again takes a second of a clock the test holds; each read is noted."""
    now = [0.0]
    read: list[str] = []
    reading = rules._read_again

    def counted(game, event, kind, body, day):
        read.append(body.split("\n")[0])
        now[0] += 1
        return reading(game, event, kind, body, day)

    monkeypatch.setattr(rules, "clock", lambda: now[0], raising=False)
    monkeypatch.setattr(rules, "_read_again", counted)
    return read


def unread_notice(page: str) -> str:
    found = re.search(r'<p class="notice" role="status" id="unread-today">(.*?)</p>', page, re.S)
    return "" if found is None else re.sub(r"\s+", " ", html.unescape(found[1])).strip()


def test_a_dashboard_reads_lists_again_for_its_time_at_most_and_says_how_many_are_left(
    pool_app, pool_copy, slow_reads
):
    # A ban published on event day, and lists that take long to read: the organizer's page
    # answers within its time, the lists it shows read first, saying how many are still to
    # be read and counting those by the verdict they got; each reload reads more, every
    # list once, until the counts are whole.
    pool_app.config.update(EVENT_REREAD_SECONDS=2.5, EVENT_DASHBOARD_PAGE=3)
    client = pool_app.test_client()
    event_id, token = open_event(client, "era")
    players = ["Ann", "Ben", "Cat", "Dov", "Eve", "Fay", "Gus", "Hal"]
    for name in players:
        submit(client, event_id, name, f"# {name}\n{example('era-legal')}")
    edit(pool_copy / "era" / "game.yaml", *BAN_FIRE_BREATH)
    admin = f"/events/{event_id}/admin/{token}"

    page = client.get(f"{admin}?page=2").get_data(as_text=True)
    assert slow_reads == ["# Dov", "# Eve", "# Fay"]
    assert players_of(page) == ["Dov", "Eve", "Fay"]
    assert counts_of(page) == {
        "all": "8",
        "legal": "5",
        "illegal": "3",
        "missing": "0",
        "changed": "3",
    }
    assert unread_notice(page) == (
        "5 lists are still being read against today’s card pool; reload to see them all."
        " Until then each is counted and filtered by the verdict it got, so the counts are"
        " partial."
    )

    page = client.get(f"{admin}?page=2").get_data(as_text=True)
    assert slow_reads[3:] == ["# Ann", "# Ben", "# Cat"]
    assert counts_of(page)["illegal"] == "6"
    assert unread_notice(page) == (
        "2 lists are still being read against today’s card pool; reload to see them all."
        " Until then each is counted and filtered by the verdict it got, so the counts are"
        " partial."
    )

    page = client.get(f"{admin}?page=2").get_data(as_text=True)
    assert slow_reads[6:] == ["# Gus", "# Hal"]
    assert counts_of(page) == {
        "all": "8",
        "legal": "0",
        "illegal": "8",
        "missing": "0",
        "changed": "8",
    }
    assert unread_notice(page) == ""
    for path, headers in (
        (admin, {}),
        (f"/api/v1/events/{event_id}/entries", bearer(token)),
        (f"{admin}/export.csv", {}),
        (f"{admin}/sheets", {}),
    ):
        assert client.get(path, headers=headers).status_code == 200, path
    assert sorted(slow_reads) == sorted(f"# {name}" for name in players)


def test_a_list_not_read_again_yet_is_said_to_be_so_wherever_it_is_counted(
    pool_app, pool_copy, slow_reads
):
    # With no time to spare, each request reads one list again: those not read yet are
    # counted by the verdict they got, and every answer says which and how many they are,
    # never passing one off as reading the same today.
    pool_app.config.update(EVENT_REREAD_SECONDS=0)
    client = pool_app.test_client()
    event_id, token = open_event(client, "era")
    for name in ("Ann", "Ben", "Cat", "Dov"):
        submit(client, event_id, name, f"# {name}\n{example('era-legal')}")
    edit(pool_copy / "era" / "game.yaml", *BAN_FIRE_BREATH)
    api = f"/api/v1/events/{event_id}"

    answer = client.get(f"{api}/entries", headers=bearer(token)).get_json()
    assert answer["counts"] == {
        "all": 4,
        "legal": 3,
        "illegal": 1,
        "missing": 0,
        "changed": 1,
        "unread_today": 3,
    }
    assert [
        (e["player"], e["status"], e["status_today"], e["read_today"]) for e in answer["entries"]
    ] == [
        ("Ann", "legal", "not legal", BANNED_SINCE),
        ("Ben", "legal", "not read yet", None),
        ("Cat", "legal", "not read yet", None),
        ("Dov", "legal", "not read yet", None),
    ]

    rows = csv_rows(client.get(f"{api}/export.csv", headers=bearer(token)).get_data(as_text=True))
    assert [(r["player"], r["status"], r["status_today"], r["problems_today"]) for r in rows] == [
        ("Ann", "legal", "not legal", BANNED_SINCE["problems"][0]),
        ("Ben", "legal", "not legal", BANNED_SINCE["problems"][0]),
        ("Cat", "legal", "not read yet", ""),
        ("Dov", "legal", "not read yet", ""),
    ]

    exported = client.get(f"{api}/export.json", headers=bearer(token)).get_json()
    assert exported["counts"]["unread_today"] == 1
    assert [e["status_today"] for e in exported["entries"]] == [
        "not legal",
        "not legal",
        "not legal",
        "not read yet",
    ]

    page = client.get(f"/events/{event_id}/admin/{token}/sheets").get_data(as_text=True)
    assert page.count("Not read again against today’s card pool yet") == 0
    assert page.count(AGAIN) == 4
    assert slow_reads == ["# Ann", "# Ben", "# Cat", "# Dov"]


def test_a_page_of_entries_over_the_api_reads_its_own_lists_first(pool_app, pool_copy, slow_reads):
    # A bot pages through the entries just after a ban is published: the page it asks for
    # has its lists read first, not those of page one.
    pool_app.config.update(EVENT_REREAD_SECONDS=1.5)
    client = pool_app.test_client()
    event_id, token = open_event(client, "era")
    for name in ("Ann", "Ben", "Cat", "Dov", "Eve"):
        submit(client, event_id, name, f"# {name}\n{example('era-legal')}")
    edit(pool_copy / "era" / "game.yaml", *BAN_FIRE_BREATH)
    api = f"/api/v1/events/{event_id}/entries?per_page=2&page=2"

    answer = client.get(api, headers=bearer(token)).get_json()
    assert slow_reads == ["# Cat", "# Dov"]
    assert [(e["player"], e["status_today"]) for e in answer["entries"]] == [
        ("Cat", "not legal"),
        ("Dov", "not legal"),
    ]
    assert (answer["counts"]["illegal"], answer["counts"]["unread_today"]) == (2, 3)
