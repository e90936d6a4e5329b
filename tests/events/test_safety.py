"""Trying to break the event workflow: leaks of lists, guessed tokens, late changes,
forged forms and hostile names. Decklists stay secret until the organizer publishes them."""

from __future__ import annotations

import csv
import io
import re
import secrets

import pytest

from tests.events.conftest import DEADLINE, PUBLIC_FACTS, bearer, csrf_of

XSS = "<script>alert(1)</script>"
FORMULA = '=HYPERLINK("http://evil.example/","x")'


@pytest.fixture
def two_players(event, era_legal, era_illegal):
    """Alice (legal) and Bob (illegal, 9 errors) have submitted to ``event``."""
    event.submit("Alice", era_legal)
    event.submit("Bob", era_illegal)
    return event


def ids(event, player):
    receipt = event.players[player]
    return receipt["entry"]["entry"], receipt["player_token"]


def refusal(response) -> tuple[int, bytes]:
    return response.status_code, response.get_data()


def secrets_of(event, player) -> list[str]:
    """Strings that only someone who can read the player's list would see."""
    latest = event.players[player]["entry"]["latest"]
    return [latest["receipt"], "Riftborn Velociraptor", "Embr Rex", latest["sha256"]]


def assert_no_leak(response, event, player):
    text = response.get_data(as_text=True)
    for secret in secrets_of(event, player):
        assert secret not in text, (secret, response.request.path)


# -- the API ----------------------------------------------------------------------------------


def organizer_paths(event, entry_id):
    return [
        ("GET", event.url("/entries")),
        ("GET", event.url("/entries?show=illegal")),
        ("GET", event.url(f"/entries/{entry_id}")),
        ("GET", event.url(f"/entries/{entry_id}/versions")),
        ("GET", event.url("/export.csv")),
        ("GET", event.url("/export.json")),
        ("GET", event.url("/verify?receipt=0123456789ab")),
        ("POST", event.url("/lock")),
        ("POST", event.url("/publish")),
        ("POST", event.url("/players")),
        ("POST", event.url("/uploads")),
    ]


def test_every_organizer_endpoint_refuses_anyone_without_the_admin_token(
    client, make_event, two_players
):
    event = two_players
    other = make_event(name="Another event")
    bob_entry, bob_token = ids(event, "Bob")
    _, alice_token = ids(event, "Alice")
    unknown = refusal(client.get("/api/v1/events/no-such-event/entries", headers=event.admin))
    assert unknown[0] == 404
    wrong = [
        {},  # anonymous
        bearer(secrets.token_urlsafe(32)),  # a guess
        bearer(other.token),  # another event's organizer
        bearer(alice_token),  # a player of this event
        bearer(bob_token),  # the very player whose list it is: not the organizer
        {"Authorization": event.token},  # not a Bearer header
        {"Authorization": f"Basic {event.token}"},
        bearer(event.token[:-1]),
    ]
    for method, path in organizer_paths(event, bob_entry):
        if path.endswith(("/entries/" + bob_entry, "/versions")):
            continue  # the player may read their own entry (tested below)
        for headers in wrong:
            response = client.open(path, method=method, headers=headers, json={})
            assert refusal(response) == unknown, (method, path, headers)
            assert_no_leak(response, event, "Bob")
    assert client.get(event.url()).get_json()["locked"] is False  # no lock went through


def test_a_player_reads_their_own_entry_and_nothing_of_anyone_elses(client, two_players):
    event = two_players
    alice_entry, alice_token = ids(event, "Alice")
    bob_entry, _ = ids(event, "Bob")
    mine = client.get(event.url(f"/entries/{alice_entry}"), headers=bearer(alice_token))
    assert mine.status_code == 200
    assert_no_leak(mine, event, "Bob")
    not_found = refusal(client.get(event.url("/entries/nope"), headers=bearer(alice_token)))
    assert not_found[0] == 404
    for path in (f"/entries/{bob_entry}", f"/entries/{bob_entry}/versions"):
        response = client.get(event.url(path), headers=bearer(alice_token))
        assert refusal(response) == not_found
    sneaky = client.put(
        event.url(f"/entries/{bob_entry}"),
        json={"text": "1 Ember Rex"},
        headers=bearer(alice_token),
    )
    assert refusal(sneaky) == not_found
    assert event.entries()[1]["versions"] == 1  # Bob's list is untouched


def test_guessed_ids_and_tokens_get_the_same_404_as_unknown_ones(client, make_event, two_players):
    event = two_players
    other = make_event(name="Another event")
    bob_entry, bob_token = ids(event, "Bob")
    baseline = refusal(client.get("/api/v1/events/zzzzzzzzzzzz/entries/zzzzzzzzzzzz"))
    attempts = [
        client.get(event.url(f"/entries/{bob_entry}")),
        client.get(event.url(f"/entries/{bob_entry}"), headers=bearer(secrets.token_urlsafe(32))),
        client.get(other.url(f"/entries/{bob_entry}"), headers=bearer(bob_token)),
        client.get(other.url(f"/entries/{bob_entry}"), headers=other.admin),
        client.get(event.url("/entries/zzzzzzzzzzzz"), headers=event.admin),
        client.get(f"/api/v1/events/zzzzzzzzzzzz/entries/{bob_entry}", headers=bearer(bob_token)),
    ]
    for response in attempts:
        assert refusal(response) == baseline
    assert baseline[0] == 404


def test_public_answers_never_carry_another_players_list_or_problem_count(
    client, two_players, era_legal
):
    event = two_players
    public = client.get(event.url())
    assert set(public.get_json()) == PUBLIC_FACTS
    carol = event.submit("Carol", era_legal)
    assert_no_leak(carol, event, "Bob")
    assert_no_leak(client.get(event.url("/lists")), event, "Bob")
    taken = event.submit("Bob", era_legal)
    assert taken.status_code == 409
    assert_no_leak(taken, event, "Bob")
    assert "9" not in taken.get_json()["error"]["message"]


def test_after_the_deadline_the_lists_are_still_secret(client, two_players, clock):
    event = two_players
    clock.now = DEADLINE
    bob_entry, _ = ids(event, "Bob")
    _, alice_token = ids(event, "Alice")
    for response in (
        client.get(event.url("/entries")),
        client.get(event.url("/export.csv")),
        client.get(event.url("/lists")),
        client.get(event.url(f"/entries/{bob_entry}"), headers=bearer(alice_token)),
    ):
        assert response.status_code == 404
        assert_no_leak(response, event, "Bob")


def test_answers_carrying_tokens_or_lists_are_never_cached(client, two_players):
    event = two_players
    for response in (
        client.get(event.url("/entries"), headers=event.admin),
        client.get(event.url()),
    ):
        assert response.headers["Cache-Control"] == "no-store"


# -- the pages -------------------------------------------------------------------------------------


def test_pages_refuse_wrong_tokens_with_the_same_404(client, make_event, two_players):
    event = two_players
    other = make_event(name="Another event")
    bob_entry, bob_token = ids(event, "Bob")
    _, alice_token = ids(event, "Alice")
    baseline = refusal(client.get(f"/events/{event.id}/admin/{secrets.token_urlsafe(32)}"))
    assert baseline[0] == 404
    attempts = [
        f"/events/{event.id}/admin/{other.token}",
        f"/events/{event.id}/admin/{bob_token}",
        f"/events/{other.id}/admin/{event.token}/export.csv",
        f"/events/{event.id}/admin/{other.token}/entries/{bob_entry}/sheet",
        f"/events/{event.id}/admin/{alice_token}/sheets",
        f"/events/{event.id}/entries/{bob_entry}/{alice_token}",
        f"/events/{event.id}/entries/{bob_entry}/{event.token}",
        f"/events/{other.id}/entries/{bob_entry}/{bob_token}",
        f"/events/zzzzzzzzzzzz/entries/{bob_entry}/{bob_token}",
        f"/events/{event.id}/lists",
    ]
    for path in attempts:
        response = client.get(path)
        assert refusal(response) == baseline, path
        assert_no_leak(response, event, "Bob")
    assert client.get(f"/events/{event.id}/entries/{bob_entry}/{bob_token}").status_code == 200


def test_event_pages_keep_their_addresses_out_of_referers_and_caches(client, two_players):
    event = two_players
    response = client.get(f"/events/{event.id}/admin/{event.token}")
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["Cache-Control"] == "no-store"


def test_forms_without_the_csrf_token_change_nothing(client, two_players, era_legal):
    event = two_players
    dashboard = f"/events/{event.id}/admin/{event.token}"
    bob_entry, bob_token = ids(event, "Bob")
    forged = [
        (f"{dashboard}/lock", {"confirmed": "yes"}),
        (f"{dashboard}/publish", {"confirmed": "yes"}),
        (f"{dashboard}/reopen", {}),
        (f"{dashboard}/admin-link", {"confirmed": "yes"}),
        (f"{dashboard}/players", {"players": "Mallory"}),
        (f"/events/{event.id}", {"player": "Mallory", "decklist": era_legal}),
        (f"/events/{event.id}/entries/{bob_entry}/{bob_token}", {"decklist": era_legal}),
        ("/events/new", {"name": "x", "game": "era", "deadline": "2031-01-01T00:00"}),
    ]
    for path, data in forged:
        assert client.post(path, data=data).status_code == 403, path
        assert client.post(path, data={**data, "csrf_token": "forged"}).status_code == 403, path
    state = client.get(event.url()).get_json()
    assert (state["locked"], state["published"]) == (False, False)
    assert [(e["player"], e["versions"]) for e in event.entries()] == [("Alice", 1), ("Bob", 1)]


# -- hostile names ---------------------------------------------------------------------------------


@pytest.fixture
def hostile(client, event, era_legal):
    """A player named like a script, with a card named like an image tag in their list."""
    event.submit(XSS, era_legal + "\n1 <img src=x onerror=alert(2)>\n")
    event.submit(FORMULA, era_legal)
    return event


def test_a_script_for_a_name_is_shown_as_text_on_every_page(client, hostile):
    event = hostile
    entry_id, token = ids(event, XSS)
    admin = f"/events/{event.id}/admin/{event.token}"
    client.post(event.url("/publish"), headers=event.admin)
    pages = [
        admin,
        f"{admin}/entries/{entry_id}",
        f"{admin}/entries/{entry_id}/sheet",
        f"{admin}/sheets",
        f"{admin}/verify?receipt={event.players[XSS]['receipt']}",
        f"/events/{event.id}/entries/{entry_id}/{token}",
        f"/events/{event.id}/lists",
    ]
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
        text = response.get_data(as_text=True)
        assert "<script>alert(1)" not in text, path
        assert "<img src=x" not in text, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text, path
    # The unknown card's name comes back in a problem message: escaped there too.
    dashboard = client.get(admin).get_data(as_text=True)
    assert "no ERA card is called &#39;&lt;img src=x onerror=alert(2)&gt;&#39;" in dashboard


def test_the_csv_export_defuses_formulas_and_keeps_names_as_text(client, hostile):
    event = hostile
    for path in (event.url("/export.csv"), f"/events/{event.id}/admin/{event.token}/export.csv"):
        rows = list(
            csv.DictReader(
                # As a spreadsheet reads it: the dashboard's download starts with a BOM.
                io.StringIO(client.get(path, headers=event.admin).data.decode("utf-8-sig"))
            )
        )
        names = [row["player"] for row in rows]
        assert f"'{FORMULA}" in names
        assert XSS in names
        for row in rows:
            for value in row.values():
                assert not value.startswith(("=", "+", "-", "@")), value


def test_the_json_export_is_json_not_html(client, hostile):
    event = hostile
    response = client.get(event.url("/export.json"), headers=event.admin)
    assert response.mimetype == "application/json"
    assert XSS in [e["player"] for e in response.get_json()["entries"]]


def test_a_hostile_name_typed_into_the_submission_form_is_escaped(client, event, era_legal):
    page = client.get(f"/events/{event.id}").get_data(as_text=True)
    response = client.post(
        f"/events/{event.id}",
        data={"csrf_token": csrf_of(page), "player": XSS, "decklist": era_legal},
    )
    private = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "<script>alert(1)" not in private
    assert re.search(r"&lt;script&gt;alert\(1\)&lt;/script&gt;</bdi>’s list", private)


def test_an_id_never_starts_as_a_spreadsheet_formula_in_the_csv_export(monkeypatch):
    """Ids are export cells as they are: one in 64 started with "-", which a spreadsheet
    runs as a formula."""
    from webapp.events import tokens

    made = iter(["-startsbad12", "-againbad123", "fine-id_123"])
    monkeypatch.setattr(tokens.secrets, "token_urlsafe", lambda _bytes: next(made))
    assert tokens.new_id() == "fine-id_123"
