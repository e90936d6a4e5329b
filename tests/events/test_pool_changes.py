"""The card pool changed after lists were submitted: a card renamed or taken out, a ban
added, a format dropped. Every list on file is still shown whole, on every page, with its
verdict as given and what the list reads to today said beside it."""

from __future__ import annotations

import html
import io
import re
from datetime import timedelta

import pytest

from tests.events.conftest import DEADLINE, bearer, csrf_of, example
from webapp import create_app
from webapp.db import connections


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
    assert "open a new event in one of RYFT's formats (Standard (standard))" in dashboard
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
    assert "open a new event in one of RYFT's formats" in upload.get_json()["error"]["message"]

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
