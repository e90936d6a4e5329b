"""Driving the deck builder in tests: open it, import a list, read the deck and the verdict."""

from __future__ import annotations

import http.client
import itertools
import json
import re
from datetime import UTC, datetime, timedelta
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from playwright.sync_api import Page, expect

# The verdict names the revision of the deck it judged; the deck, its current revision.
SETTLED = """() => {
  const verdict = document.getElementById("verdict");
  const deck = document.getElementById("deck-sections");
  return verdict.dataset.revision !== undefined
    && verdict.dataset.revision === deck.dataset.revision
    && !verdict.classList.contains("checking")
    && !document.querySelector(".deck-row[data-loading]");
}"""

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def open_builder(page: Page, game_id: str = "era") -> None:
    page.goto(f"/games/{game_id}/build")
    settle(page)


def settle(page: Page) -> None:
    """Wait until the legality panel shows the verdict on the deck as it is now."""
    page.wait_for_function(SETTLED)


def save_deck(page: Page) -> None:
    """Save the deck in the builder and wait until the page says it is saved."""
    page.click("#deck-save")
    expect(page.locator("#save-status")).to_contain_text("Saved")


def import_list(page: Page, text: str) -> None:
    page.fill("#import-text", text)
    page.click("#import-button")
    expect(page.locator("#import-report .import-summary")).to_be_visible()
    settle(page)


def deck_rows(page: Page) -> list[tuple[str, str, int]]:
    """The deck as shown: (section id, card name, copies) per row, in order."""
    return [
        (row["section"], row["name"], int(row["count"]))
        for row in page.eval_on_selector_all(
            ".deck-row",
            "rows => rows.map(r => ({section: r.dataset.section, name: r.dataset.name,"
            " count: r.querySelector('.deck-count').textContent.replace('×', '')}))",
        )
    ]


def example(name: str) -> str | None:
    path = EXAMPLES / f"{name}.txt"
    return path.read_text(encoding="utf-8") if path.exists() else None


def new_event(context, name: str, open_for: timedelta = timedelta(days=1)) -> dict:
    """An ERA event open for a day (or ``open_for``), made through the API: its answer (the
    event, the organizer's token).

    Each is made from a loopback address of its own: the live server allows an address 30
    new events in 10 minutes, and the other live tests make theirs from 127.0.0.1."""
    base = urlsplit(context.request.get("/api/v1/health").url)
    deadline = datetime.now(UTC) + open_for
    body = json.dumps({"name": name, "game": "era", "deadline": deadline.isoformat()})
    connection = http.client.HTTPConnection(
        base.hostname, base.port, timeout=30, source_address=(f"127.0.5.{next(_ADDRESSES)}", 0)
    )
    try:
        connection.request(
            "POST", "/api/v1/events", body=body, headers={"Content-Type": "application/json"}
        )
        answer = connection.getresponse()
        assert answer.status == 201, answer.status
        return json.loads(answer.read())
    finally:
        connection.close()


def register_apart(page: Page, name: str, password: str) -> None:
    """An account registered through the site's form, from a loopback address of its own, and
    ``page``'s browser logged in to it, on its account page.

    The live server allows an address 10 new accounts an hour, and the tests that register
    through the page itself do so from 127.0.0.1."""
    base = urlsplit(page.context.request.get("/api/v1/health").url)
    source = (f"127.0.6.{next(_ADDRESSES)}", 0)
    cookies: SimpleCookie = SimpleCookie()

    def ask(method: str, path: str, body: str = "") -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection(
            base.hostname, base.port, timeout=30, source_address=source
        )
        headers = {"Cookie": "; ".join(f"{k}={m.value}" for k, m in cookies.items())}
        if body:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        answer = connection.getresponse()
        answer.text = answer.read().decode()
        for header in answer.headers.get_all("Set-Cookie") or ():
            cookies.load(header)
        connection.close()
        return answer

    form = ask("GET", "/account/register").text
    token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    sent = urlencode({"csrf_token": token, "name": name, "password": password})
    answer = ask("POST", "/account/register", sent)
    assert answer.status == 303, (answer.status, answer.text[:500])
    page.context.add_cookies(
        [
            {"name": key, "value": morsel.value, "url": f"{base.scheme}://{base.netloc}/"}
            for key, morsel in cookies.items()
        ]
    )
    page.goto(answer.headers["Location"])
    expect(page.get_by_role("heading", level=1)).to_have_text(name)


_ADDRESSES = itertools.cycle(range(1, 255))


def save_through(page: Page, name: str, parent: str | None = None) -> str:
    """Save a deck from this browser (its login cookie goes with the request); its id."""
    body = {"game": "era", "name": name, "text": example("era-legal")}
    if parent:
        body["parent"] = parent
    answer = page.request.post("/api/v1/decks", data=body)
    assert answer.status == 201, answer.text()
    return answer.json()["id"]


def loaded(page: Page) -> None:
    """The event builder's page once its list on file (if any) is read and the verdict given."""
    expect(page.locator("#submit-state")).not_to_contain_text("Loading")
    settle(page)
