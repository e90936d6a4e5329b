"""A bot's day with the API, each answer held to the served OpenAPI document.

A bot knows the API from its document alone. It checks decks, saves, lists and deletes
them, runs an event from creation to publication and reads its account, and every answer
it gets on the way, an error too, is a status the document declares for that operation,
in a media type it declares, with a body its schema allows. Every operation of the document
is used at least once."""

from __future__ import annotations

import base64
import io
import zipfile

import pytest
import schemathesis
from schemathesis.core.failures import FailureGroup

from tests.accounts.conftest import register
from tests.accounts.test_tokens import bearer, make_token
from tests.api.support import path_template

LIST = "Dinos:\n3 Ember Rex\n"
DECK = {"sections": {"deck": [{"card": "Ember Rex", "count": 3}]}}
DEADLINE = "2099-01-01T10:00:00Z"
# Headers that say something of the answer a bot acts on.
SAID_IN_HEADERS = {"Location", "Idempotent-Replayed", "Retry-After"}


class Bot:
    """Calls the API through the test client and checks each answer against the document."""

    def __init__(self, app):
        self.client = app.test_client()
        self.document = self.client.get("/api/v1/openapi.json").get_json()
        self.schema = schemathesis.openapi.from_dict(self.document)
        self.used: set[tuple[str, str]] = set()
        self.wrong: list[str] = []

    def call(self, method: str, url: str, **options):
        response = self.client.open(url, method=method, **options)
        path = url.split("?")[0]
        template = path_template(self.document, method, path)
        self.used.add((template, method.upper()))
        said = f"{method} {url} answered {response.status_code}"
        answers = self.document["paths"][template][method.lower()]["responses"]
        declared = answers.get(str(response.status_code))
        if declared is None:
            self.wrong.append(f"{said}, a status the document does not declare for it")
            return response
        for header in SAID_IN_HEADERS & set(response.headers.keys()):
            if header not in declared.get("headers", {}):
                self.wrong.append(f"{said} with a {header} header the document does not declare")
        media = response.mimetype
        if media not in declared.get("content", {}):
            self.wrong.append(f"{said} as {media}, a media type it does not declare")
            return response
        try:
            self.schema[template][method.upper()].validate_response(response)
        except FailureGroup as failure:  # every check of the answer that failed
            self.wrong.append(f"{said} with a body outside its schema: {failure}")
        return response


@pytest.fixture
def bot(app):
    return Bot(app)


def test_every_answer_of_a_sample_run_is_one_the_document_allows(app, bot):
    call = bot.call
    # The games and their cards.
    call("GET", "/api/v1/health")
    call("GET", "/api/v1/openapi.json")
    call("GET", "/api/v1/games")
    call("GET", "/api/v1/games/era")
    call("GET", "/api/v1/games/no-such-game")
    page = call("GET", "/api/v1/games/era/cards?per_page=5").get_json()
    for number in range(2, page["pages"] + 1):
        call("GET", f"/api/v1/games/era/cards?per_page=5&page={number}")
    call("GET", "/api/v1/games/era/cards?page=zero")
    call("GET", "/api/v1/games/era/cards?per_page=500")
    call("GET", "/api/v1/games/era/cards?order=sideways")
    call("GET", "/api/v1/games/era/cards?q=embr+rex")
    card = page["cards"][0]["id"]
    call("GET", f"/api/v1/games/era/cards/{card}")
    call("GET", "/api/v1/games/era/cards/no-such-card")
    # Checking decks.
    call("POST", "/api/v1/games/era/validate", data=LIST, content_type="text/plain")
    call("POST", "/api/v1/games/era/validate?as_of=2024-05-21", json=DECK)
    call("POST", "/api/v1/games/era/validate?as_of=tomorrow", json=DECK)
    call("POST", "/api/v1/games/era/validate?format=no-such-format", json=DECK)
    call("POST", "/api/v1/games/era/validate", data="{", content_type="application/json")
    call("POST", "/api/v1/games/era/validate", data=b"\x00", content_type="image/png")
    call("POST", "/api/v1/games/era/validate/batch", json={"decks": [LIST, DECK]})
    call("POST", "/api/v1/games/era/validate/batch", json={"decks": "no"})
    call("POST", "/api/v1/games/era/fits", json={**DECK, "cards": [card]})
    call("POST", "/api/v1/games/era/fits", json={**DECK, "cards": []})
    # Saving, reading and deleting decks with no one logged in.
    saved = call("POST", "/api/v1/decks", json={"game": "era", "name": "Rex", "text": LIST})
    deck, claim_key = saved.get_json()["id"], saved.get_json()["claim_key"]
    call("POST", "/api/v1/decks", json={"game": "era", "name": "", "text": LIST})
    call("POST", "/api/v1/decks", json={"game": "era", "name": "Edit", **DECK, "parent": deck})
    call("GET", f"/api/v1/decks/{deck}")
    call("GET", f"/api/v1/decks/{deck}.txt")
    call("GET", "/api/v1/decks/no-such-deck")
    call("DELETE", f"/api/v1/decks/{deck}")
    call("DELETE", f"/api/v1/decks/{deck}", headers={"Deckwright-Claim-Key": "wrong"})
    call("DELETE", f"/api/v1/decks/{deck}", headers={"Deckwright-Claim-Key": claim_key})
    call("GET", f"/api/v1/decks/{deck}")
    call("GET", f"/api/v1/decks/{deck}.txt")
    call("GET", "/api/v1/decks?per_page=0")
    url = "/api/v1/decks?per_page=1&game=era"
    while url:
        url = call("GET", url).get_json()["next"]
    # An account's decks and events, a page at a time.
    call("GET", "/api/v1/account")
    account = app.test_client()
    assert register(account, "botmaker").status_code == 303
    token = bearer(make_token(account))
    for number in range(3):
        body = {"game": "era", "name": f"Rex {number}", "text": LIST}
        call("POST", "/api/v1/decks", json=body, headers=token)
    call("GET", "/api/v1/account", headers=token)
    url = "/api/v1/account/decks?per_page=2&sort=name"
    while url:
        url = call("GET", url, headers=token).get_json()["next"]
    call("GET", "/api/v1/account/decks?sort=size", headers=token)
    # An event, from creation to publication.
    event_body = {"name": "Bot Cup", "game": "era", "deadline": DEADLINE}
    again = {**token, "Idempotency-Key": "retry-of-bot-cup-0123456789"}
    call("POST", "/api/v1/events", json=event_body, headers=again)
    created = call("POST", "/api/v1/events", json=event_body, headers=again).get_json()
    call("POST", "/api/v1/events", json={**event_body, "deadline": "soon"})
    call("GET", "/api/v1/account/events", headers=token)
    event, admin = created["event"]["id"], bearer(created["admin_token"])
    base = f"/api/v1/events/{event}"
    call("GET", base)
    call("GET", "/api/v1/events/no-such-event")
    call(
        "POST",
        f"{base}/players",
        json={"players": [{"name": "Ann", "player_id": "7"}]},
        headers=admin,
    )
    call("POST", f"{base}/players", json={"players": []}, headers=admin)
    again = {"Idempotency-Key": "retry-of-bo-0123456789"}
    receipt = call("POST", f"{base}/entries", json={"player": "Bo", "text": LIST}, headers=again)
    receipt = call("POST", f"{base}/entries", json={"player": "Bo", "text": LIST}, headers=again)
    receipt = receipt.get_json()
    call("POST", f"{base}/entries", json={"player": "Ann", "deck": DECK})
    call("POST", f"{base}/entries", json={"player": "Cy"})
    entry, player = receipt["entry"]["entry"], bearer(receipt["player_token"])
    call("PUT", f"{base}/entries/{entry}", json={"deck": DECK, "based_on": 1}, headers=player)
    call("PUT", f"{base}/entries/{entry}", json={"text": LIST, "based_on": 1}, headers=player)
    call("PUT", f"{base}/entries/{entry}", json={"text": LIST})
    call("GET", f"{base}/entries/{entry}", headers=player)
    call("GET", f"{base}/entries/{entry}/versions", headers=admin)
    call("GET", f"{base}/entries/{entry}/versions")
    csv = 'player,list\nDee,"3 Ember Rex"\n'
    call("POST", f"{base}/uploads", json={"csv": csv}, headers=admin)
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as folder:
        folder.writestr("Eve.txt", LIST)
    upload = {"zip": base64.b64encode(archive.getvalue()).decode()}
    call("POST", f"{base}/uploads", json=upload, headers=admin)
    call("POST", f"{base}/uploads", json={}, headers=admin)
    for number in range(1, 4):
        call("GET", f"{base}/entries?per_page=2&page={number}", headers=admin)
    call("GET", f"{base}/entries?show=everyone", headers=admin)
    call("GET", f"{base}/entries")
    call("GET", f"{base}/verify?receipt={receipt['receipt']}", headers=admin)
    call("GET", f"{base}/verify?receipt=not-a-hash", headers=admin)
    call("GET", f"{base}/export.json", headers=admin)
    call("GET", f"{base}/export.csv", headers=admin)
    call("GET", f"{base}/lists")
    call("PATCH", base, json={"deadline": "2099-01-01T10:15:00Z"}, headers=admin)
    call("PATCH", base, json={"format": "standard", "deadline": "soon"}, headers=admin)
    call("POST", f"{base}/lock", headers=admin)
    call("POST", f"{base}/entries", json={"player": "Late", "text": LIST})
    call("POST", f"{base}/reopen", headers=admin)
    call("POST", f"{base}/lock", headers=admin)
    call("POST", f"{base}/publish", headers=admin)
    call("GET", f"{base}/lists")
    call("POST", f"{base}/reopen", headers=admin)
    call("PATCH", base, json={"name": "Bot Cup (late)"}, headers=admin)

    assert bot.wrong == [], "\n".join(bot.wrong)
    every = {
        (path, method.upper())
        for path, operations in bot.document["paths"].items()
        for method in operations
    }
    assert every - bot.used == set()
