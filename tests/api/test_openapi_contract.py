"""The contract the OpenAPI document makes, kept by a client that knows the API from it alone.

A bot built from ``GET /api/v1/openapi.json`` sends every documented operation a request the
document allows and one it forbids (a constraint broken at a time), and holds each answer to
the document: a status the operation declares, a media type it declares, a body its schema
allows (checked here by a small JSON-Schema checker of the keywords the document uses), the
headers it declares for that status, and errors in the one error shape. The document's own
promises to a client generator are checked too: every ``$ref`` resolves, operation ids are
unique and stable, examples are valid, ``next`` links and ``Location`` headers lead where
they say."""

from __future__ import annotations

import base64
import io
import json
import re
import zipfile
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from urllib.parse import parse_qsl, urljoin, urlsplit

import pytest
import requests

from tests.accounts.conftest import register
from tests.accounts.test_decks import set_visibility
from tests.accounts.test_tokens import bearer, make_token
from tests.api.support import path_template

LIST = "Dinos:\n3 Ember Rex\n"
DECK = {"sections": {"deck": [{"card": "Ember Rex", "count": 3}]}}
DEADLINE = "2099-01-01T10:00:00Z"
# Headers an answer carries that a client acts on: each must be declared where it appears.
ACTED_ON = {"Location", "Idempotent-Replayed", "Retry-After"}


# -- a checker of the JSON Schema keywords the document uses (OpenAPI 3.0) ------------------


def _is_moment(value: str) -> bool:
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return False
    return "T" in value


def _is_day(value: str) -> bool:
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return len(value) == 10


FORMATS = {"date-time": _is_moment, "date": _is_day}
TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
}
KNOWN_KEYWORDS = {
    "type", "nullable", "enum", "properties", "required", "additionalProperties", "items",
    "minItems", "maxItems", "minLength", "maxLength", "minimum", "maximum", "pattern",
    "format", "oneOf", "anyOf", "allOf", "$ref", "description", "default", "example",
    "readOnly", "writeOnly", "title",
}  # fmt: skip


class Checker:
    """Whether a value is what a schema of the document allows; the reasons it is not."""

    def __init__(self, document: dict):
        self.document = document

    def resolve(self, ref: str) -> Any:
        assert ref.startswith("#/"), ref
        node: Any = self.document
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def errors(self, schema: dict, value: Any, where: str = "$") -> list[str]:
        unknown = set(schema) - KNOWN_KEYWORDS
        assert not unknown, f"the checker does not know {unknown} (at {where})"
        if "$ref" in schema:
            return self.errors(self.resolve(schema["$ref"]), value, where)
        if value is None and schema.get("nullable"):
            return []
        if value is None and ("type" in schema or "enum" in schema):
            return [f"{where}: null where the document does not mark it nullable"]
        found: list[str] = []
        kind = schema.get("type")
        if kind and not TYPES[kind](value):
            return [f"{where}: {value!r:.60} is not of type {kind}"]
        if "enum" in schema and value not in schema["enum"]:
            found.append(f"{where}: {value!r} is not one of {schema['enum']}")
        if isinstance(value, str):
            if len(value) < schema.get("minLength", 0):
                found.append(f"{where}: shorter than {schema['minLength']}")
            if "maxLength" in schema and len(value) > schema["maxLength"]:
                found.append(f"{where}: longer than {schema['maxLength']}")
            if "pattern" in schema and not re.search(schema["pattern"], value):
                found.append(f"{where}: {value!r} does not match {schema['pattern']}")
            if schema.get("format") in FORMATS and not FORMATS[schema["format"]](value):
                found.append(f"{where}: {value!r} is not a {schema['format']}")
        if isinstance(value, int | float) and not isinstance(value, bool):
            if "minimum" in schema and value < schema["minimum"]:
                found.append(f"{where}: {value} is below {schema['minimum']}")
            if "maximum" in schema and value > schema["maximum"]:
                found.append(f"{where}: {value} is above {schema['maximum']}")
        if isinstance(value, list):
            if len(value) < schema.get("minItems", 0):
                found.append(f"{where}: fewer than {schema['minItems']} items")
            if "maxItems" in schema and len(value) > schema["maxItems"]:
                found.append(f"{where}: more than {schema['maxItems']} items")
            if "items" in schema:
                for n, item in enumerate(value):
                    found += self.errors(schema["items"], item, f"{where}[{n}]")
        if isinstance(value, dict):
            properties = schema.get("properties", {})
            for name in schema.get("required", []):
                if name not in value:
                    found.append(f"{where}: {name} is required and missing")
            extra = schema.get("additionalProperties", True)
            for name, item in value.items():
                if name in properties:
                    found += self.errors(properties[name], item, f"{where}.{name}")
                elif extra is False:
                    found.append(f"{where}: {name} is a property the document does not list")
                elif isinstance(extra, dict):
                    found += self.errors(extra, item, f"{where}.{name}")
        for sub in schema.get("allOf", []):
            found += self.errors(sub, value, where)
        if "anyOf" in schema and all(self.errors(s, value, where) for s in schema["anyOf"]):
            found.append(f"{where}: matches none of anyOf")
        if "oneOf" in schema:
            matched = sum(not self.errors(sub, value, where) for sub in schema["oneOf"])
            if matched != 1:
                found.append(f"{where}: matches {matched} of oneOf, not exactly one")
        return found


def test_the_checker_finds_what_it_is_meant_to():
    doc = {"components": {"schemas": {"N": {"type": "integer", "minimum": 1}}}}
    checker = Checker(doc)
    schema = {
        "type": "object",
        "required": ["a"],
        "additionalProperties": False,
        "properties": {
            "a": {"$ref": "#/components/schemas/N"},
            "b": {"type": "string", "enum": ["x"], "nullable": True},
            "c": {"type": "string", "format": "date-time"},
        },
    }
    assert checker.errors(schema, {"a": 2, "b": None, "c": "2030-01-01T00:00:00Z"}) == []
    assert len(checker.errors(schema, {"a": 0, "b": "y", "c": "soon", "d": 1})) == 4
    assert checker.errors(schema, {}) == ["$: a is required and missing"]
    assert checker.errors({"type": "string"}, None) != []


# -- a client that holds every answer to the document ----------------------------------------


@dataclass
class World:
    """What a bot has made by the time it calls an operation: ids and tokens."""

    deck: str
    claim_key: str
    event: str
    admin: dict[str, str]
    entry: str
    player: dict[str, str]
    receipt: str
    account: dict[str, str]
    card: str
    owner: Any  # the account's browser, logged in


class Contract:
    """Calls the API through the test client and keeps what breaks the document."""

    def __init__(self, client, document: dict | None = None):
        self.client = client
        self.document = document or client.get("/api/v1/openapi.json").get_json()
        self.checker = Checker(self.document)
        self.used: dict[tuple[str, str], set[str]] = {}
        self.wrong: list[str] = []

    def call(self, method: str, url: str, **options):
        response = self.client.open(url, method=method, **options)
        self.hold(method, url, response.status_code, response.headers, response.get_data())
        return response

    def hold(self, method: str, url: str, status: int, headers, body: bytes) -> None:
        path = url.split("?")[0]
        template = path_template(self.document, method, path)
        kind = "valid" if status < 400 else "refused"
        self.used.setdefault((template, method.upper()), set()).add(kind)
        said = f"{method} {url} answered {status}"
        declared = self.document["paths"][template][method.lower()]["responses"].get(str(status))
        if declared is None:
            self.wrong.append(f"{said}, a status the document does not declare for it")
            return
        operation = self.document["paths"][template][method.lower()]
        if status < 400:
            self.hold_query(said, operation, url.partition("?")[2])
        names = {name.lower() for name, _value in headers.items()}
        for name, header in declared.get("headers", {}).items():
            if header.get("required") and name.lower() not in names:
                self.wrong.append(f"{said} without the {name} header the document requires")
        for name in ACTED_ON:
            if name.lower() in names and name not in declared.get("headers", {}):
                self.wrong.append(f"{said} with a {name} header the document does not declare")
        media = (headers.get("Content-Type") or "").split(";")[0].strip()
        content = declared.get("content", {})
        if media not in content:
            self.wrong.append(f"{said} as {media!r}, a media type it does not declare")
            return
        if media != "application/json":
            return
        value = json.loads(body)
        for problem in self.checker.errors(content[media]["schema"], value):
            self.wrong.append(f"{said}: {problem}")
        if status >= 400 and value.get("error", {}).get("status") != status:
            self.wrong.append(f"{said} with an error whose status is not {status}")

    def hold_query(self, said: str, operation: dict, query: str) -> None:
        """A query parameter the answer took empty is one the document lets be empty."""
        parameters = {p["name"]: p for p in operation["parameters"] if p["in"] == "query"}
        for name, value in parse_qsl(query, keep_blank_values=True):
            if value == "" and not parameters.get(name, {}).get("allowEmptyValue"):
                self.wrong.append(f"{said}, taking {name} empty, which the document forbids")

    def expect(self, status: int, method: str, url: str, **options):
        """A call whose status is known: the answer held to the document, and to it."""
        response = self.call(method, url, **options)
        assert response.status_code == status, (method, url, response.get_data(as_text=True))
        return response


@pytest.fixture
def api(client) -> Contract:
    return Contract(client)


@pytest.fixture
def world(app, api) -> World:
    client = api.client
    saved = client.post("/api/v1/decks", json={"game": "era", "name": "Rex", "text": LIST})
    owner = app.test_client()
    assert register(owner, "contractbot").status_code == 303
    account = bearer(make_token(owner))
    client.post(
        "/api/v1/decks", json={"game": "era", "name": "Mine", "text": LIST}, headers=account
    )
    body = {"name": "Contract Cup", "game": "era", "deadline": DEADLINE}
    created = client.post("/api/v1/events", json=body, headers=account).get_json()
    event = created["event"]["id"]
    receipt = client.post(
        f"/api/v1/events/{event}/entries", json={"player": "Bo", "text": LIST}
    ).get_json()
    card = client.get("/api/v1/games/era/cards?per_page=1").get_json()["cards"][0]["id"]
    return World(
        deck=saved.get_json()["id"],
        claim_key=saved.get_json()["claim_key"],
        event=event,
        admin=bearer(created["admin_token"]),
        entry=receipt["entry"]["entry"],
        player=bearer(receipt["player_token"]),
        receipt=receipt["receipt"],
        account=account,
        card=card,
        owner=owner,
    )


# -- every operation, sent a request the document allows and requests it forbids ------------

E = "/api/v1/events/{w.event}"
DEAD = {"Authorization": "Bearer dwp_revoked-or-mistyped"}
CSV = 'player,list\nDee,"3 Ember Rex"\n'


def _zip() -> str:
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as folder:
        folder.writestr("Eve.txt", LIST)
    return base64.b64encode(archive.getvalue()).decode()


def case(status: int, method: str, url: str, **options) -> tuple:
    return (status, method, url, options)


# (what a client sends, the status the document and docs/api.md say it gets). The URL is
# formatted with the world (w); options holding "{w.…}" strings are formatted too.
CASES: list[tuple] = [
    # Accounts.
    case(200, "GET", "/api/v1/account", headers="account"),
    case(401, "GET", "/api/v1/account"),
    case(401, "GET", "/api/v1/account", headers=DEAD),
    case(200, "GET", "/api/v1/account/decks?per_page=1&sort=name", headers="account"),
    case(400, "GET", "/api/v1/account/decks?sort=size", headers="account"),
    case(400, "GET", "/api/v1/account/decks?per_page=101", headers="account"),
    case(400, "GET", "/api/v1/account/decks?page=0", headers="account"),
    case(400, "GET", "/api/v1/account/decks?page=1.5", headers="account"),
    case(200, "GET", "/api/v1/account/decks?per_page=&sort=", headers="account"),
    case(400, "GET", "/api/v1/account/decks?page=1&page=2", headers="account"),
    case(401, "GET", "/api/v1/account/decks"),
    case(200, "GET", "/api/v1/account/events", headers="account"),
    case(401, "GET", "/api/v1/account/events"),
    # Saved decks.
    case(201, "POST", "/api/v1/decks", json={"game": "era", "name": "Rex", "text": LIST}),
    case(201, "POST", "/api/v1/decks", json={"game": "era", "name": "Rex", **DECK}),
    case(422, "POST", "/api/v1/decks", json={"game": "era", "name": "", "text": LIST}),
    case(422, "POST", "/api/v1/decks", json={"game": "era", "name": "R" * 201, "text": LIST}),
    case(422, "POST", "/api/v1/decks", json={"game": "era", "name": 7, "text": LIST}),
    case(422, "POST", "/api/v1/decks", json={"name": "Rex", "text": LIST}),
    case(422, "POST", "/api/v1/decks", json={"game": "era", "name": "Rex"}),
    case(422, "POST", "/api/v1/decks", json={"game": "era", "name": "R", "text": LIST, **DECK}),
    case(422, "POST", "/api/v1/decks", json={"game": "era", "name": "R", "text": LIST, "x": 1}),
    case(
        422,
        "POST",
        "/api/v1/decks",
        json={"game": "era", "name": "R", "text": LIST, "description": "d" * 5001},
    ),
    case(415, "POST", "/api/v1/decks", data=LIST, content_type="text/plain"),
    case(400, "POST", "/api/v1/decks", data="{", content_type="application/json"),
    case(200, "GET", "/api/v1/decks?game=era&per_page=1"),
    case(200, "GET", "/api/v1/decks?game=&format=&card=&page="),
    case(400, "GET", "/api/v1/decks?per_page=0"),
    case(400, "GET", "/api/v1/decks?page=100001"),
    case(400, "GET", "/api/v1/decks?card=" + "x" * 101),
    case(400, "GET", "/api/v1/decks?game=era&game=ryft"),
    case(200, "GET", "/api/v1/decks/{w.deck}"),
    case(404, "GET", "/api/v1/decks/no-such-deck"),
    case(200, "GET", "/api/v1/decks/{w.deck}.txt"),
    case(404, "GET", "/api/v1/decks/no-such-deck.txt"),
    case(401, "DELETE", "/api/v1/decks/{w.deck}"),
    case(403, "DELETE", "/api/v1/decks/{w.deck}", headers={"Deckwright-Claim-Key": "wrong"}),
    case(200, "DELETE", "/api/v1/decks/{w.deck}", headers="claim"),
    case(410, "GET", "/api/v1/decks/{w.deck}"),
    case(410, "GET", "/api/v1/decks/{w.deck}.txt"),
    # Events.
    case(201, "POST", "/api/v1/events", json={"name": "Cup", "game": "era", "deadline": DEADLINE}),
    case(422, "POST", "/api/v1/events", json={"name": "Cup", "game": "era", "deadline": "soon"}),
    case(422, "POST", "/api/v1/events", json={"name": "", "game": "era", "deadline": DEADLINE}),
    case(
        422,
        "POST",
        "/api/v1/events",
        json={"name": "C" * 1001, "game": "era", "deadline": DEADLINE},
    ),
    case(422, "POST", "/api/v1/events", json={"name": "Cup", "deadline": DEADLINE}),
    case(
        422,
        "POST",
        "/api/v1/events",
        json={"name": "Cup", "game": "era", "deadline": DEADLINE, "team": "red"},
    ),
    case(
        422,
        "POST",
        "/api/v1/events",
        json={"name": "Cup", "game": "era", "deadline": DEADLINE, "as_of": "2024-13-01"},
    ),
    case(
        422,
        "POST",
        "/api/v1/events",
        json={"name": "Cup", "game": "era", "deadline": DEADLINE},
        headers={"Idempotency-Key": "short"},
    ),
    case(
        422,
        "POST",
        E + "/entries",
        json={"player": "Cy", "text": LIST},
        headers={"Idempotency-Key": "é" * 20},
    ),
    case(200, "GET", E),
    case(404, "GET", "/api/v1/events/no-such-event"),
    case(201, "POST", E + "/entries", json={"player": "Cy", "text": LIST}),
    case(201, "POST", E + "/entries", json={"player": "Di", "deck": DECK}),
    case(422, "POST", E + "/entries", json={"player": "Cy"}),
    case(422, "POST", E + "/entries", json={"player": "", "text": LIST}),
    case(422, "POST", E + "/entries", json={"player": "Cy", "text": ""}),
    case(422, "POST", E + "/entries", json={"player": "Cy", "text": LIST, "team": "red"}),
    case(422, "POST", E + "/entries", json={"player": ["Cy"], "text": LIST}),
    case(422, "POST", E + "/entries", json={"player": "C" * 1001, "text": LIST}),
    case(422, "POST", E + "/entries", json={"player": "Cy", "text": "1 Ember Rex\n" * 9091}),
    case(422, "POST", E + "/entries", json={"player": "Cy", "text": LIST, "player_id": 7}),
    case(415, "POST", E + "/entries", data=LIST, content_type="text/plain"),
    case(200, "GET", E + "/entries?show=legal&per_page=1", headers="admin"),
    case(200, "GET", E + "/entries?show=&page=", headers="admin"),
    case(400, "GET", E + "/entries?show=everyone", headers="admin"),
    case(400, "GET", E + "/entries?per_page=501", headers="admin"),
    case(400, "GET", E + "/entries?show=legal&show=all", headers="admin"),
    case(404, "GET", E + "/entries"),
    case(
        200,
        "PUT",
        E + "/entries/{w.entry}",
        json={"text": LIST + "1 Ember Rex\n"},
        headers="player",
    ),
    case(
        200, "PUT", E + "/entries/{w.entry}", json={"deck": DECK, "based_on": 2}, headers="player"
    ),
    case(
        422, "PUT", E + "/entries/{w.entry}", json={"text": LIST, "based_on": -1}, headers="player"
    ),
    case(
        422,
        "PUT",
        E + "/entries/{w.entry}",
        json={"text": LIST, "based_on": "one"},
        headers="player",
    ),
    case(422, "PUT", E + "/entries/{w.entry}", json={"text": LIST, "deck": DECK}, headers="player"),
    case(422, "PUT", E + "/entries/{w.entry}", json={}, headers="player"),
    case(422, "PUT", E + "/entries/{w.entry}", json={"text": LIST, "x": 1}, headers="player"),
    case(
        422,
        "PUT",
        E + "/entries/{w.entry}",
        json={"text": LIST, "based_on": 2147483649},
        headers="player",
    ),
    case(
        415, "PUT", E + "/entries/{w.entry}", data=LIST, content_type="text/plain", headers="player"
    ),
    case(404, "PUT", E + "/entries/{w.entry}", json={"text": LIST}),
    case(200, "GET", E + "/entries/{w.entry}", headers="player"),
    case(200, "GET", E + "/entries/{w.entry}", headers="admin"),
    case(404, "GET", E + "/entries/{w.entry}"),
    case(200, "GET", E + "/entries/{w.entry}/versions", headers="player"),
    case(404, "GET", E + "/entries/{w.entry}/versions"),
    case(200, "GET", E + "/export.csv?separator=semicolon", headers="admin"),
    case(400, "GET", E + "/export.csv?separator=tab", headers="admin"),
    case(200, "GET", E + "/export.csv?separator=", headers="admin"),
    case(400, "GET", E + "/export.csv?separator=comma&separator=semicolon", headers="admin"),
    case(404, "GET", E + "/export.csv"),
    case(200, "GET", E + "/export.json", headers="admin"),
    case(404, "GET", E + "/export.json"),
    case(
        200,
        "POST",
        E + "/players",
        json={"players": [{"name": "Ann", "player_id": "7"}]},
        headers="admin",
    ),
    case(422, "POST", E + "/players", json={"players": []}, headers="admin"),
    case(422, "POST", E + "/players", json={"players": [{"name": "Ann", "x": 1}]}, headers="admin"),
    case(422, "POST", E + "/players", json={"players": [{"name": "A" * 1001}]}, headers="admin"),
    case(422, "POST", E + "/players", json={"players": [{"player_id": "7"}]}, headers="admin"),
    case(404, "POST", E + "/players", json={"players": [{"name": "Ann"}]}),
    case(415, "POST", E + "/players", data={"name": "Ann"}, headers="admin"),
    case(422, "POST", E + "/players", json={"players": [{"name": "Ann"}] * 2001}, headers="admin"),
    # A registered player with no list yet, and lists an organizer uploaded, as each shows.
    case(200, "GET", E + "/entries?show=missing", headers="admin"),
    case(200, "GET", E + "/export.json", headers="admin"),
    case(200, "POST", E + "/uploads", json={"csv": CSV}, headers="admin"),
    case(200, "POST", E + "/uploads", json={"zip": "ZIP"}, headers="admin"),
    case(422, "POST", E + "/uploads", json={}, headers="admin"),
    case(422, "POST", E + "/uploads", json={"csv": CSV, "zip": "ZIP"}, headers="admin"),
    case(422, "POST", E + "/uploads", json={"csv": 1}, headers="admin"),
    case(422, "POST", E + "/uploads", json={"csv": CSV, "sheet": "1"}, headers="admin"),
    case(415, "POST", E + "/uploads", data=CSV, content_type="text/csv", headers="admin"),
    case(200, "GET", E + "/entries?show=all", headers="admin"),
    case(200, "GET", E + "/export.json", headers="admin"),
    case(200, "GET", E + "/verify?receipt={w.receipt}", headers="admin"),
    case(400, "GET", E + "/verify?receipt=not-a-hash", headers="admin"),
    case(400, "GET", E + "/verify", headers="admin"),
    case(400, "GET", E + "/verify?receipt={w.receipt}&receipt={w.receipt}", headers="admin"),
    case(404, "GET", E + "/verify?receipt={w.receipt}"),
    # An event's end: its lists are published once it is locked.
    case(404, "GET", E + "/lists"),
    case(404, "GET", "/api/v1/events/no-such-event/lists"),
    case(404, "PATCH", E, json={"name": "Renamed"}),
    case(200, "PATCH", E, json={"deadline": "2099-01-01T10:15:00Z"}, headers="admin"),
    case(200, "PATCH", E, json={"format": "open", "as_of": None}, headers="admin"),
    case(200, "PATCH", E, json={}, headers="admin"),
    case(422, "PATCH", E, json={"game": "ryft"}, headers="admin"),
    case(422, "PATCH", E, json={"format": None}, headers="admin"),
    case(404, "POST", E + "/lock"),
    case(200, "POST", E + "/lock", headers="admin"),
    case(409, "POST", E + "/entries", json={"player": "Late", "text": LIST}),
    case(404, "POST", E + "/reopen"),
    case(200, "POST", E + "/reopen", headers="admin"),
    case(200, "POST", E + "/lock", headers="admin"),
    case(404, "POST", E + "/publish"),
    case(200, "POST", E + "/publish", headers="admin"),
    case(409, "PATCH", E, json={"name": "Late"}, headers="admin"),
    case(200, "GET", E + "/lists"),
    case(409, "POST", E + "/reopen", headers="admin"),
    # Games and cards.
    case(200, "GET", "/api/v1/games"),
    case(401, "GET", "/api/v1/games", headers=DEAD),
    case(200, "GET", "/api/v1/games/era"),
    case(404, "GET", "/api/v1/games/no-such-game"),
    case(200, "GET", "/api/v1/games/era/cards?q=rex&type=Dino&sort=name&order=desc&per_page=2"),
    case(200, "GET", "/api/v1/games/era/cards?q=embr+rex"),
    case(400, "GET", "/api/v1/games/era/cards?per_page=201"),
    case(400, "GET", "/api/v1/games/era/cards?page=0"),
    case(400, "GET", "/api/v1/games/era/cards?order=sideways"),
    case(400, "GET", "/api/v1/games/era/cards?page=1&page=2"),
    case(200, "GET", "/api/v1/games/era/cards?page=&q=&order=&type=&sort="),
    case(400, "GET", "/api/v1/games/era/cards?colour=red"),
    case(404, "GET", "/api/v1/games/no-such-game/cards"),
    case(200, "GET", "/api/v1/games/era/cards/{w.card}"),
    case(404, "GET", "/api/v1/games/era/cards/no-such-card"),
    # Checking decks.
    case(200, "POST", "/api/v1/games/era/fits", json={**DECK, "cards": ["{w.card}"]}),
    case(422, "POST", "/api/v1/games/era/fits", json={**DECK, "cards": []}),
    case(422, "POST", "/api/v1/games/era/fits", json={**DECK, "cards": ["x"] * 101}),
    case(422, "POST", "/api/v1/games/era/fits", json={**DECK, "cards": ["x" * 201]}),
    case(422, "POST", "/api/v1/games/era/fits", json={"cards": ["{w.card}"]}),
    case(422, "POST", "/api/v1/games/era/fits", json={**DECK, "cards": "{w.card}"}),
    case(
        400, "POST", "/api/v1/games/era/fits?as_of=tomorrow", json={**DECK, "cards": ["{w.card}"]}
    ),
    case(415, "POST", "/api/v1/games/era/fits", data=LIST, content_type="text/plain"),
    case(
        400,
        "POST",
        "/api/v1/games/era/fits?format=open&format=standard",
        json={**DECK, "cards": ["{w.card}"]},
    ),
    case(200, "POST", "/api/v1/games/era/validate", json=DECK),
    case(200, "POST", "/api/v1/games/era/validate", json=LIST),
    case(
        200,
        "POST",
        "/api/v1/games/era/validate?as_of=2024-05-21",
        data=LIST,
        content_type="text/plain",
    ),
    case(
        200,
        "POST",
        "/api/v1/games/era/validate",
        json={"cards": [{"card": "Ember Rex", "count": 3}]},
    ),
    case(400, "POST", "/api/v1/games/era/validate", data="{", content_type="application/json"),
    case(415, "POST", "/api/v1/games/era/validate", data=b"\x00", content_type="image/png"),
    case(400, "POST", "/api/v1/games/era/validate?as_of=tomorrow", json=DECK),
    case(200, "POST", "/api/v1/games/era/validate?as_of=&format=", json=DECK),
    case(400, "POST", "/api/v1/games/era/validate?format=standard&format=standard", json=DECK),
    case(404, "POST", "/api/v1/games/era/validate?format=no-such-format", json=DECK),
    case(422, "POST", "/api/v1/games/era/validate", json={**DECK, "cards": []}),
    case(422, "POST", "/api/v1/games/era/validate", json=7),
    case(422, "POST", "/api/v1/games/era/validate", json={"name": "no deck"}),
    case(200, "POST", "/api/v1/games/era/validate/batch", json={"decks": [LIST, DECK]}),
    case(422, "POST", "/api/v1/games/era/validate/batch", json={"decks": "no"}),
    case(422, "POST", "/api/v1/games/era/validate/batch", json={}),
    case(422, "POST", "/api/v1/games/era/validate/batch", json={"decks": [LIST], "x": 1}),
    case(422, "POST", "/api/v1/games/era/validate/batch", json={"decks": [7]}),
    case(
        400,
        "POST",
        "/api/v1/games/era/validate/batch?as_of=2024-05-21&as_of=2024-05-22",
        json={"decks": [LIST]},
    ),
    # The server.
    case(200, "GET", "/api/v1/health"),
    case(401, "GET", "/api/v1/health", headers=DEAD),
    case(200, "GET", "/api/v1/openapi.json"),
    case(401, "GET", "/api/v1/openapi.json", headers=DEAD),
]


def _filled(value: Any, w: World) -> Any:
    if isinstance(value, str):
        return value.format(w=w) if "{w." in value else value
    if isinstance(value, list):
        return [_filled(item, w) for item in value]
    if isinstance(value, dict):
        return {key: _filled(item, w) for key, item in value.items()}
    return value


def _headers(named: Any, w: World) -> dict[str, str]:
    tokens = {
        "account": w.account,
        "admin": w.admin,
        "player": w.player,
        "claim": {"Deckwright-Claim-Key": w.claim_key},
    }
    return tokens[named] if isinstance(named, str) else named


def _send(api: Contract, w: World, status: int, method: str, url: str, options: dict):
    options = dict(options)
    if "headers" in options:
        options["headers"] = _headers(options["headers"], w)
    if options.get("json") == {"zip": "ZIP"}:
        options["json"] = {"zip": _zip()}
    return api.call(method, _filled(url, w), **_filled(options, w))


def test_every_operation_answers_a_request_it_allows_and_ones_it_forbids_as_documented(api, world):
    wrong = []
    for status, method, url, options in CASES:
        answer = _send(api, world, status, method, url, options)
        if "json" in options and (status < 400 or status == 422):
            # What the server takes, the document allows, and a body it refuses as not what
            # the endpoint takes (but for a refused header), the document forbids.
            template = path_template(api.document, method, url.split("?")[0])
            operation = api.document["paths"][template]
            body = operation[method.lower()]["requestBody"]["content"]["application/json"]
            found = api.checker.errors(body["schema"], _filled(options["json"], world))
            if status < 400 and found:
                wrong.append(f"{method} {url} was taken, though the document forbids it: {found}")
            bad_header = "Idempotency-Key" in str(options.get("headers"))
            if status == 422 and not found and not bad_header:
                wrong.append(f"{method} {url} was refused, though the document allows it")
        if answer.status_code != status:
            said = answer.get_data(as_text=True)[:300]
            wrong.append(f"{method} {url} answered {answer.status_code}, not {status}: {said}")
    assert api.wrong + wrong == [], "\n".join(api.wrong + wrong)
    every = {
        (path, method.upper())
        for path, operations in api.document["paths"].items()
        for method in operations
    }
    assert every - {op for op, kinds in api.used.items() if kinds == {"valid", "refused"}} == set()


# -- what a client generator reads in the document -------------------------------------------


@pytest.fixture
def document(api) -> dict:
    return api.document


def _walk(node: Any, where: str = "#"):
    """Every (place, mapping) in the document."""
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from _walk(value, f"{where}/{key}")
    elif isinstance(node, list):
        for n, value in enumerate(node):
            yield from _walk(value, f"{where}/{n}")


def test_every_ref_in_the_document_resolves(api, document):
    refs = [(where, node["$ref"]) for where, node in _walk(document) if "$ref" in node]
    assert len(refs) > 100
    for where, ref in refs:
        assert isinstance(api.checker.resolve(ref), dict), (where, ref)


# A generated client names its methods after these: renaming one breaks every client made
# from the document before, so each is kept as it is.
OPERATION_IDS = {
    ("GET", "/api/v1/account"): "whoami",
    ("GET", "/api/v1/account/decks"): "my_decks",
    ("GET", "/api/v1/account/events"): "my_events",
    ("POST", "/api/v1/decks"): "save_deck",
    ("GET", "/api/v1/decks"): "list_public_decks",
    ("GET", "/api/v1/decks/{deck_id}"): "get_deck",
    ("DELETE", "/api/v1/decks/{deck_id}"): "delete_deck",
    ("GET", "/api/v1/decks/{deck_id}.txt"): "export_deck",
    ("POST", "/api/v1/events"): "create_event",
    ("GET", "/api/v1/events/{event_id}"): "get_event",
    ("PATCH", "/api/v1/events/{event_id}"): "change_event",
    ("POST", "/api/v1/events/{event_id}/entries"): "submit",
    ("GET", "/api/v1/events/{event_id}/entries"): "list_entries",
    ("PUT", "/api/v1/events/{event_id}/entries/{entry_id}"): "resubmit",
    ("GET", "/api/v1/events/{event_id}/entries/{entry_id}"): "get_entry",
    ("GET", "/api/v1/events/{event_id}/entries/{entry_id}/versions"): "get_history",
    ("GET", "/api/v1/events/{event_id}/export.csv"): "export_csv",
    ("GET", "/api/v1/events/{event_id}/export.json"): "export_json",
    ("GET", "/api/v1/events/{event_id}/lists"): "published",
    ("POST", "/api/v1/events/{event_id}/lock"): "lock",
    ("POST", "/api/v1/events/{event_id}/players"): "register_players",
    ("POST", "/api/v1/events/{event_id}/publish"): "publish",
    ("POST", "/api/v1/events/{event_id}/reopen"): "reopen",
    ("POST", "/api/v1/events/{event_id}/uploads"): "upload",
    ("GET", "/api/v1/events/{event_id}/verify"): "verify",
    ("GET", "/api/v1/games"): "list_games",
    ("GET", "/api/v1/games/{game_id}"): "get_game",
    ("GET", "/api/v1/games/{game_id}/cards"): "search_cards",
    ("GET", "/api/v1/games/{game_id}/cards/{card_id}"): "get_card",
    ("POST", "/api/v1/games/{game_id}/fits"): "fits",
    ("POST", "/api/v1/games/{game_id}/validate"): "validate_deck",
    ("POST", "/api/v1/games/{game_id}/validate/batch"): "validate_batch",
    ("GET", "/api/v1/health"): "health",
    ("GET", "/api/v1/openapi.json"): "openapi_document",
}


def test_operation_ids_are_unique_and_stay_as_clients_were_generated_with(document):
    ids = {
        (method.upper(), path): operation["operationId"]
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
    }
    assert ids == OPERATION_IDS
    assert len(set(ids.values())) == len(ids)


def test_every_example_in_the_document_is_valid_for_its_schema(api, document):
    examples = [(where, node) for where, node in _walk(document) if "example" in node]
    assert examples
    for where, schema in examples:
        assert api.checker.errors(schema, schema["example"]) == [], where


def test_the_health_example_is_what_the_health_check_answers(api, document):
    health = document["components"]["schemas"]["Health"]["properties"]["status"]["example"]
    assert api.expect(200, "GET", "/api/v1/health").get_json() == {"status": health}


def test_every_path_parameter_is_required_and_every_query_parameter_named_once(document):
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            named = [(p["in"], p["name"]) for p in operation["parameters"]]
            assert len(named) == len(set(named)), (method, path)
            for parameter in operation["parameters"]:
                if parameter["in"] == "path":
                    assert parameter["required"] is True
                    assert "{" + parameter["name"] + "}" in path


def test_every_answer_that_makes_something_says_where_it_is(api, world, document):
    # A 201 always carries Location: a generated client reads it as a field it can rely on.
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if "201" in operation["responses"]:
                location = operation["responses"]["201"]["headers"]["Location"]
                assert location.get("required") is True, (method, path)
    made = [
        ("POST", "/api/v1/decks", {"json": {"game": "era", "name": "Rex", "text": LIST}}),
        ("POST", "/api/v1/events", {"json": {"name": "Cup", "game": "era", "deadline": DEADLINE}}),
        ("POST", f"/api/v1/events/{world.event}/entries", {"json": {"player": "Al", "text": LIST}}),
    ]
    for method, url, options in made:
        answer = api.expect(201, method, url, **options)
        body = answer.get_json()
        headers = bearer(body["player_token"]) if "player_token" in body else {}
        assert api.expect(200, "GET", answer.headers["Location"], headers=headers).get_json()
    assert api.wrong == [], "\n".join(api.wrong)


def test_a_429_always_says_when_to_try_again(document):
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if "429" in operation["responses"]:
                retry = operation["responses"]["429"]["headers"]["Retry-After"]
                assert retry["required"] is True, (method, path)


def test_an_optional_query_parameter_may_be_sent_empty_as_a_form_sends_it(document):
    # ?format=&as_of= is the default format judged today, as a form's empty fields are read.
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for parameter in operation["parameters"]:
                if parameter["in"] == "query":
                    optional = not parameter.get("required")
                    assert parameter.get("allowEmptyValue", False) is optional, (method, path)


def _follow(api: Contract, url: str, key: str, headers=None) -> list:
    """Every item of a paged list, its pages followed by their next links alone."""
    items, pages = [], 0
    while url:
        body = api.expect(200, "GET", url, headers=headers or {}).get_json()
        items += body[key]
        pages += 1
        assert body["page"] == pages
        url = body["next"]
    assert pages == body["pages"]
    return items


def test_next_links_lead_through_every_page_and_keep_the_search(api, world):
    cards = _follow(api, "/api/v1/games/era/cards?type=Dino&per_page=3&order=desc", "cards")
    everything = api.expect(200, "GET", "/api/v1/games/era/cards?type=Dino&per_page=200&order=desc")
    assert cards == everything.get_json()["cards"]
    assert len(cards) > 3
    for n in range(3):
        body = {"game": "era", "name": f"Rex {n}", "text": LIST}
        saved = api.expect(201, "POST", "/api/v1/decks", json=body, headers=world.account)
        set_visibility(world.owner, saved.get_json()["id"], "public")
    mine = _follow(api, "/api/v1/account/decks?per_page=2&sort=name", "decks", world.account)
    assert len(mine) == 4
    listed = _follow(api, "/api/v1/decks?game=era&card=ember+rex&per_page=2", "decks")
    assert sorted(d["name"] for d in listed) == ["Rex 0", "Rex 1", "Rex 2"]
    for name in ("Ann", "Cy", "Di"):
        api.expect(
            201,
            "POST",
            f"/api/v1/events/{world.event}/entries",
            json={"player": name, "text": LIST},
        )
    entries = _follow(
        api, f"/api/v1/events/{world.event}/entries?per_page=3", "entries", world.admin
    )
    assert sorted(e["player"] for e in entries) == ["Ann", "Bo", "Cy", "Di"]
    assert api.wrong == [], "\n".join(api.wrong)


def test_a_batch_says_how_many_decks_it_takes_and_takes_that_many(api, document):
    # A bot splitting its decks into batches learns the size from the document: sent one
    # more, it is refused 422 too-many-decks.
    decks = document["components"]["schemas"]["BatchBody"]["properties"]["decks"]
    most = decks["maxItems"]
    assert most == 100
    url = "/api/v1/games/era/validate/batch"
    answer = api.expect(200, "POST", url, json={"decks": ["1 Ember Rex"] * most})
    assert len(answer.get_json()["results"]) == most
    too_many = api.expect(422, "POST", url, json={"decks": ["1 Ember Rex"] * (most + 1)})
    assert too_many.get_json()["error"]["code"] == "too-many-decks"
    assert api.wrong == [], "\n".join(api.wrong)


def test_a_field_of_a_few_words_lists_them_for_a_client_to_switch_on(api, world, document):
    # The words were in descriptions alone ("private, unlisted or public"): a generated client
    # had a bare string where it could have had the values to switch on.
    components = document["components"]["schemas"]
    enums = {
        ("MyDeck", "visibility"): ["private", "unlisted", "public"],
        ("MyEvent", "role"): ["owner", "co-organizer"],
        ("RuleDescription", "severity"): ["error", "warning"],
        ("Problem", "severity"): ["error", "warning"],
    }
    for (schema, field), words in enums.items():
        assert components[schema]["properties"][field].get("enum") == words, (schema, field)
    # And the answers hold no other word.
    api.expect(200, "GET", "/api/v1/account/decks", headers=world.account)
    api.expect(200, "GET", "/api/v1/account/events", headers=world.account)
    for game in api.expect(200, "GET", "/api/v1/games").get_json()["games"]:
        api.expect(200, "GET", f"/api/v1/games/{game['id']}")
    assert api.wrong == [], "\n".join(api.wrong)


# -- over real HTTP, as make start serves it -------------------------------------------------


@pytest.mark.server
def test_over_http_the_answers_and_the_links_in_them_are_what_the_document_says(live_server):
    session = requests.Session()
    document = session.get(f"{live_server}/api/v1/openapi.json").json()
    contract = Contract(None, document)

    def call(method: str, url: str, **options) -> requests.Response:
        answer = session.request(method, urljoin(live_server, url), **options)
        target = urlsplit(answer.url)
        path = target.path + (f"?{target.query}" if target.query else "")
        contract.hold(method, path, answer.status_code, answer.headers, answer.content)
        return answer

    saved = call("POST", "/api/v1/decks", json={"game": "era", "name": "Rex", "text": LIST})
    assert saved.status_code == 201
    shown = call("GET", saved.headers["Location"])
    assert shown.json()["id"] == saved.json()["id"]
    page = call("GET", "/api/v1/games/era/cards?type=Dino&per_page=2&page=")
    following = call("GET", page.json()["next"])
    assert following.json()["page"] == 2
    assert {c["type"] for c in following.json()["cards"]} == {"Dino"}
    refused = [
        call("GET", "/api/v1/games/era/cards?per_page=201"),
        call(
            "POST",
            "/api/v1/games/era/validate",
            data=b"\x00",
            headers={"Content-Type": "image/png"},
        ),
        call("POST", "/api/v1/decks", json={"game": "era", "name": "", "text": LIST}),
        call(
            "GET", "/api/v1/games/era/cards?q=" + "x" * 9000
        ),  # past the request line gunicorn reads
    ]
    assert [answer.status_code for answer in refused] == [400, 415, 422, 414]
    assert contract.wrong == [], "\n".join(contract.wrong)


def test_no_query_parameter_is_marked_nullable_as_a_query_string_cannot_say_null(api, document):
    # as_of was marked nullable: a client generated from it sent a null as it serializes one,
    # ?as_of=null, and was refused 400 as no day. Left out (or empty) is how none is said.
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for parameter in operation["parameters"]:
                assert "nullable" not in parameter["schema"], (method, path, parameter["name"])
    refused = api.expect(400, "POST", "/api/v1/games/era/validate?as_of=null", json=LIST)
    assert refused.get_json()["error"]["code"] == "invalid-query"
    api.expect(200, "POST", "/api/v1/games/era/validate?as_of=", json=LIST)
    assert api.wrong == [], "\n".join(api.wrong)
