"""Submitting from the deck builder: the links into it, the facts it shows, the lists it sends.

The builder's script reads the event's public facts (``GET /api/v1/events/<id>``), a player's
own entry with their private token, and submits through the event API: these tests hold the
server's side of that to the same rules as the submission page.
"""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.events.conftest import PUBLIC_FACTS, bearer

_BUILDER_LINK = re.compile(r'id="builder-link" href="([^"]+)"')


def builder_link(page_html: str) -> str | None:
    match = _BUILDER_LINK.search(page_html)
    return html.unescape(match.group(1)) if match else None


def builder_deck(client, text: str, name: str = "Fire and Water") -> dict:
    """A list in the JSON form the builder's script sends: its name, format and card ids."""
    answer = client.post(
        "/api/v1/games/era/validate", data=text, content_type="text/plain"
    ).get_json()
    sections = {
        section: [{"card": e["id"], "count": e["count"]} for e in entries]
        for section, entries in answer["deck"]["sections"].items()
    }
    return {"name": name, "format": "standard", "sections": sections}


def refusal(response) -> tuple[int, bytes]:
    return response.status_code, response.get_data()


@pytest.fixture
def alice(event, era_legal):
    """Alice has submitted to ``event``: (entry id, private token, private page path)."""
    receipt = event.submit("Alice", era_legal).get_json()
    return receipt["entry"]["entry"], receipt["player_token"], receipt["private_url"]


# -- the links into the builder ------------------------------------------------------------------


def test_the_submission_page_opens_the_builder_for_the_events_game_by_its_public_link(
    client, event
):
    page = client.get(f"/events/{event.id}")
    assert page.headers["Referrer-Policy"] == "no-referrer"
    link = builder_link(page.get_data(as_text=True))
    assert link == f"/games/era/build?event={event.id}"

    builder = client.get(link)
    assert builder.status_code == 200
    text = builder.get_data(as_text=True)
    assert f'data-event="{event.id}"' in text
    assert 'id="submit-panel"' in text
    assert "Build it in the deck builder" in page.get_data(as_text=True)


def test_the_builder_opened_for_an_event_keeps_its_address_out_of_referers_and_caches(
    client, event
):
    builder = client.get(f"/games/era/build?event={event.id}")
    assert builder.headers["Referrer-Policy"] == "no-referrer"
    assert builder.headers["Cache-Control"] == "no-store"
    plain = client.get("/games/era/build")
    assert plain.headers["Referrer-Policy"] != "no-referrer"  # the site's own policy
    assert 'id="submit-panel"' not in plain.get_data(as_text=True)
    assert 'id="event-banner"' not in plain.get_data(as_text=True)


def test_the_private_page_opens_the_builder_with_the_token_in_the_fragment_alone(
    client, event, alice
):
    entry_id, token, private_url = alice
    link = builder_link(client.get(private_url).get_data(as_text=True))
    address = urlsplit(link)
    # The fragment never reaches a server nor a Referer header; the rest of the address may.
    assert f"{address.path}?{address.query}" == f"/games/era/build?event={event.id}"
    assert parse_qs(address.fragment) == {"entry": [entry_id], "token": [token]}
    assert client.get(link).status_code == 200


def test_a_closed_event_offers_no_builder_link(client, event, alice):
    _, _, private_url = alice
    assert client.post(event.url("/lock"), headers=event.admin).status_code == 200
    assert builder_link(client.get(f"/events/{event.id}").get_data(as_text=True)) is None
    assert builder_link(client.get(private_url).get_data(as_text=True)) is None


# -- what the builder reads ------------------------------------------------------------------------


def test_the_event_facts_the_builder_shows_name_no_player_no_list_and_no_count(
    client, event, alice, era_illegal
):
    event.submit("Bob", era_illegal)
    answer = client.get(event.url())
    assert answer.status_code == 200
    facts = answer.get_json()
    assert set(facts) == PUBLIC_FACTS
    assert not [v for v in facts.values() if isinstance(v, int) and not isinstance(v, bool)]
    text = answer.get_data(as_text=True)
    receipts = [p["entry"]["latest"]["receipt"] for p in event.players.values()]
    for secret in ["Alice", "Bob", "Ember Rex", "Embr Rex", *receipts]:
        assert secret not in text
    # Each fact is one the public submission page shows already.
    page = client.get(f"/events/{event.id}").get_data(as_text=True)
    assert facts["name"] in page
    assert "Format: <strong>Standard</strong>" in page
    assert facts["deadline"].startswith("2030-05-03T12:00")
    # In UTC in the page and in <time datetime>; the page's script shows the reader's zone.
    deadline = '<time class="moment" datetime="2030-05-03T12:00:00Z">2030-05-03 12:00 UTC</time>'
    assert f"Deadline: <strong>{deadline}</strong>" in page
    assert facts["open"] is True
    assert "Open for lists" in page
    assert f'action="{facts["submit_url"]}"' in page


def test_a_wrong_event_or_private_token_gets_the_same_404_as_every_event_endpoint(
    client, make_event, event, alice, era_legal
):
    entry_id, token, _ = alice
    other = make_event(name="Another event")
    deck = builder_deck(client, era_legal)
    baseline = refusal(client.get("/api/v1/events/zzzzzzzzzzzz/entries/zzzzzzzzzzzz"))
    assert baseline[0] == 404
    attempts = [
        client.get("/api/v1/events/zzzzzzzzzzzz"),
        client.get(f"/api/v1/events/{event.id[:-1]}"),
        client.get(event.url(f"/entries/{entry_id}"), headers=bearer(token[:-1])),
        client.get(event.url(f"/entries/{entry_id}"), headers=bearer(other.token)),
        client.get(other.url(f"/entries/{entry_id}"), headers=bearer(token)),
        client.put(event.url(f"/entries/{entry_id}"), json={"deck": deck}, headers=event.admin),
        client.post("/api/v1/events/zzzzzzzzzzzz/entries", json={"player": "Z", "deck": deck}),
    ]
    for response in attempts:
        assert refusal(response) == baseline, response.request.path
    assert event.entries()[0]["versions"] == 1


# -- what the builder sends ---------------------------------------------------------------------


def test_a_deck_from_the_builder_is_checked_versioned_and_receipted_like_a_pasted_list(
    client, event, era_legal
):
    pasted = event.submit("Erin", era_legal).get_json()
    built = client.post(
        event.url("/entries"),
        json={"player": "Dana", "player_id": "D-7", "deck": builder_deck(client, era_legal)},
    )
    assert built.status_code == 201
    receipt = built.get_json()
    # The receipt covers the cards alone: the deck's name and format field change nothing.
    assert receipt["receipt"] == pasted["receipt"]
    assert receipt["entry"]["status"] == "legal"
    assert receipt["private_url"].endswith(receipt["player_token"])

    changed = builder_deck(client, era_legal.replace("3 Fire Breath", "2 Fire Breath"))
    again = client.put(
        event.url(f"/entries/{receipt['entry']['entry']}"),
        json={"deck": changed},
        headers=bearer(receipt["player_token"]),
    )
    assert again.status_code == 200
    assert "player_token" not in again.get_json()
    latest = again.get_json()["entry"]["latest"]
    assert (latest["version"], latest["kind"]) == (2, "json")
    assert latest["receipt"] != receipt["receipt"]
    dana = next(e for e in event.entries() if e["player"] == "Dana")
    assert (dana["versions"], dana["player_id"]) == (2, "D-7")


def test_the_private_page_offers_a_builder_list_as_read_not_the_json_request(client, event):
    deck = {"name": "Mine", "sections": {"dinos": [{"card": "era-ember-rex", "count": 1}]}}
    receipt = client.post(event.url("/entries"), json={"player": "Dana", "deck": deck}).get_json()
    page = client.get(receipt["private_url"]).get_data(as_text=True)
    form = page.split('id="decklist"', 1)[1].split("</textarea>", 1)[0]
    assert "Dinos:\n1 Ember Rex" in html.unescape(form)
    assert "player" not in form


def test_once_locked_a_deck_from_the_builder_is_refused_like_any_list(
    client, event, alice, era_legal
):
    entry_id, token, _ = alice
    deck = builder_deck(client, era_legal)
    assert client.post(event.url("/lock"), headers=event.admin).status_code == 200
    first = client.post(event.url("/entries"), json={"player": "Dana", "deck": deck})
    change = client.put(
        event.url(f"/entries/{entry_id}"), json={"deck": deck}, headers=bearer(token)
    )
    for response in (first, change):
        assert response.status_code == 409
        assert response.get_json()["error"]["code"] == "event-closed"
    assert event.entries()[0]["versions"] == 1
