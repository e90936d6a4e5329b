"""Fixtures for the event workflow: an app on a fresh database, a clock tests can move,
an organizer's event and players submitting to it through the API."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
START = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)
DEADLINE = START + timedelta(days=2)
_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def example(name: str) -> str:
    return (EXAMPLES / f"{name}.txt").read_text(encoding="utf-8")


def old_event(db, library, **given):
    """An ERA event open from START to DEADLINE, as the tests of a file an earlier version
    left make one (``given``: the players it registers, ...)."""
    from webapp import events

    return events.create_event(
        db, library, name="Old", game_id="era", deadline=DEADLINE, now=START, **given
    )


@dataclass
class Clock:
    """The app's notion of now (``EVENT_CLOCK``): tests move it past deadlines."""

    now: datetime = START

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app_config(clock) -> dict:
    return {"EVENT_CLOCK": clock}


@pytest.fixture
def era_legal() -> str:
    return example("era-legal")


@pytest.fixture
def era_illegal() -> str:
    return example("era-illegal")


# What an event's public submission page and API show of it, and nothing else.
PUBLIC_FACTS = frozenset(
    {
        "id",
        "name",
        "game",
        "format",
        "as_of",
        "deadline",
        "open",
        "closed_reason",
        "locked",
        "published",
        "submit_url",
    }
)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class EventHandle:
    """An event created through the API, with its admin token and helpers to act on it."""

    client: object
    id: str
    token: str
    players: dict[str, dict] = field(default_factory=dict)

    @property
    def admin(self) -> dict[str, str]:
        return bearer(self.token)

    def url(self, tail: str = "") -> str:
        return f"/api/v1/events/{self.id}{tail}"

    def submit(self, player: str, text: str, **extra):
        """Submit through the public link; remembers the receipt of a 201 by player name."""
        response = self.client.post(
            self.url("/entries"), json={"player": player, "text": text, **extra}
        )
        if response.status_code == 201:
            self.players[player] = response.get_json()
        return response

    def resubmit(self, player: str, text: str):
        receipt = self.players[player]
        return self.client.put(
            self.url(f"/entries/{receipt['entry']['entry']}"),
            json={"text": text},
            headers=bearer(receipt["player_token"]),
        )

    def entries(self, show: str = "all") -> list[dict]:
        response = self.client.get(self.url(f"/entries?show={show}"), headers=self.admin)
        assert response.status_code == 200, response.get_data(as_text=True)
        return response.get_json()["entries"]


@pytest.fixture
def make_event(client):
    """Create an event through the API: ``make_event(game="era", players=[...])``."""

    def create(**fields) -> EventHandle:
        body = {"name": "Spring Regionals", "game": "era", "deadline": DEADLINE.isoformat()}
        body.update(fields)
        response = client.post("/api/v1/events", json=body)
        assert response.status_code == 201, response.get_data(as_text=True)
        created = response.get_json()
        return EventHandle(client, created["event"]["id"], created["admin_token"])

    return create


@pytest.fixture
def event(make_event) -> EventHandle:
    return make_event()


def csrf_of(html_text: str) -> str:
    """The CSRF token in a page's form."""
    match = _CSRF.search(html_text)
    assert match, "the page has no form with a CSRF field"
    return match.group(1)


def form_of(client, path: str) -> dict[str, str]:
    """The hidden fields of the form on the page at ``path``, as the browser sends them: its
    CSRF token, and its idempotency key and the version it is based on where it has them."""
    page = client.get(path).get_data(as_text=True)
    form = {"csrf_token": csrf_of(page)}
    for name in ("idempotency_key", "based_on"):
        if found := re.search(rf'name="{name}" value="([^"]+)"', page):
            form[name] = found.group(1)
    return form


@dataclass
class Answer:
    """One answer over real HTTP."""

    status: int
    headers: dict[str, str]
    body: bytes

    def json(self):
        return json.loads(self.body)


def http(
    base_url: str,
    method: str,
    path: str,
    body=None,
    *,
    token: str | None = None,
    headers: dict[str, str] | None = None,
    data: bytes | None = None,
) -> Answer:
    """A request to the live server: ``body`` is sent as JSON, ``data`` as it is."""
    if body is not None:
        data = json.dumps(body).encode()
    request = urllib.request.Request(f"{base_url}{path}", data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return Answer(response.status, dict(response.headers), response.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, dict(error.headers), error.read())
