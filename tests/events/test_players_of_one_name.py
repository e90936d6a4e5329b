"""Two players whose names read as one ("Jo-Jo" and "Jo Jo"): an event tells its players
apart by name, so two with different player ids are refused in words, to be written apart,
and one player listed twice is registered once and named back, never dropped in silence."""

from __future__ import annotations

from tests.api.support import error_of
from tests.events.conftest import DEADLINE, EventHandle, csrf_of

TWO_JOS = [{"name": "Jo-Jo", "player_id": "J-1"}, {"name": "Jo Jo", "player_id": "J-2"}]


def _new_event(client, players):
    body = {"name": "Cup", "game": "era", "deadline": DEADLINE.isoformat(), "players": players}
    return client.post("/api/v1/events", json=body)


def test_two_players_of_one_name_with_their_own_ids_are_refused_naming_both(client):
    error = error_of(_new_event(client, [{"name": "Bo"}, *TWO_JOS]), 422)
    assert error["code"] == "invalid-submission"
    message = error["message"]
    assert "player 2 (Jo-Jo, player id J-1) and player 3 (Jo Jo, player id J-2)" in message
    assert '"Jo Jo (2)"' in message
    # Written apart, both are registered, each with their id.
    apart = [TWO_JOS[0], {"name": "Jo Jo (2)", "player_id": "J-2"}]
    created = _new_event(client, apart)
    assert created.status_code == 201, created.get_data(as_text=True)
    assert created.get_json()["already_registered"] == []
    answer = created.get_json()
    event = EventHandle(client, answer["event"]["id"], answer["admin_token"])
    assert [(e["player"], e["player_id"]) for e in event.entries()] == [
        ("Jo-Jo", "J-1"),
        ("Jo Jo (2)", "J-2"),
    ]


def test_one_player_listed_twice_is_registered_once_and_named_back(client):
    players = [{"name": "John Smith"}, {"name": "Bo"}, {"name": "john  smith", "player_id": "J-1"}]
    players.append({"name": "JOHN SMITH", "player_id": "j-1"})
    response = _new_event(client, players)
    assert response.status_code == 201, response.get_data(as_text=True)
    assert response.get_json()["already_registered"] == ["john smith", "JOHN SMITH"]
    created = response.get_json()
    event = EventHandle(client, created["event"]["id"], created["admin_token"])
    # The first name is kept, with the id the second gave it.
    assert [(e["player"], e["player_id"]) for e in event.entries()] == [
        ("Bo", None),
        ("John Smith", "J-1"),
    ]


def test_a_retried_creation_names_the_player_listed_twice_again(client):
    body = {"name": "Cup", "game": "era", "deadline": DEADLINE.isoformat()}
    body["players"] = [{"name": "Dana"}, {"name": "dana"}]
    key = {"Idempotency-Key": "k" * 20}
    first = client.post("/api/v1/events", json=body, headers=key)
    again = client.post("/api/v1/events", json=body, headers=key)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert first.get_json()["already_registered"] == again.get_json()["already_registered"]
    assert again.get_json()["already_registered"] == ["dana"]


def test_registering_two_players_of_one_name_with_their_own_ids_is_refused(client, event):
    response = client.post(
        event.url("/players"), json={"players": [{"name": "Ann"}, *TWO_JOS]}, headers=event.admin
    )
    assert "player 2 (Jo-Jo, player id J-1) and player 3" in error_of(response, 422)["message"]
    assert event.entries() == []  # nothing registered, Ann neither: the request is fixed whole


def test_the_new_event_form_refuses_two_players_of_one_name_keeping_what_was_typed(client):
    page = client.get("/events/new").get_data(as_text=True)
    form = {
        "csrf_token": csrf_of(page),
        "name": "Cup",
        "game": "era",
        "deadline": DEADLINE.strftime("%Y-%m-%dT%H:%M"),
        "players": "Ann\nJo-Jo; J-1\nJo Jo; J-2\n",
    }
    refused = client.post("/events/new", data=form)
    assert refused.status_code == 422
    text = refused.get_data(as_text=True)
    assert "player 2 (Jo-Jo, player id J-1) and player 3 (Jo Jo, player id J-2)" in text
    assert "Ann\nJo-Jo; J-1\nJo Jo; J-2" in text  # the players as typed, to correct
    # One player pasted twice makes the event, and its page says so.
    created = client.post("/events/new", data={**form, "players": "Ann\nJo-Jo; J-1\nJo Jo\n"})
    assert created.status_code == 201
    said = created.get_data(as_text=True)
    assert 'id="named-twice"' in said
    assert "Listed twice, registered once" in said
    assert "Jo Jo." in said


def test_the_register_form_refuses_two_players_of_one_name_keeping_what_was_typed(client, event):
    dashboard = f"/events/{event.id}/admin/{event.token}"
    page = client.get(dashboard).get_data(as_text=True)
    pasted = "John Smith; S-1\njohn smith; S-2"
    answer = client.post(
        f"{dashboard}/players", data={"csrf_token": csrf_of(page), "players": pasted}
    )
    text = answer.get_data(as_text=True)
    assert "player 1 (John Smith, player id S-1) and player 2 (john smith, player id S-2)" in text
    assert pasted in text
    assert event.entries() == []


def test_an_uploaded_row_of_a_second_player_of_one_name_says_how_to_tell_them_apart(
    client, event, era_legal
):
    table = f'player,player_id,list\nJo-Jo,J-1,"{era_legal}"\nJo Jo,J-2,"{era_legal}"\n'
    report = client.post(event.url("/uploads"), json={"csv": table}, headers=event.admin)
    skipped = report.get_json()["skipped"]
    assert skipped == [
        "row 3: skipped: a second list for Jo Jo with another player id (J-1, J-2):"
        ' two players of one name? Write the second apart ("Jo Jo (2)") and upload again'
    ]


def test_registering_a_namesake_of_a_registered_player_with_another_id_is_refused(client, event):
    players = [{"name": "John Smith", "player_id": "S-1"}]
    client.post(event.url("/players"), json={"players": players}, headers=event.admin)
    namesake = [{"name": "Bo"}, {"name": "john smith", "player_id": "S-2"}]
    response = client.post(event.url("/players"), json={"players": namesake}, headers=event.admin)
    message = error_of(response, 422)["message"]
    assert "john smith (player id S-2) reads as John Smith (player id S-1)" in message
    assert '"john smith (2)"' in message
    assert [(e["player"], e["player_id"]) for e in event.entries()] == [("John Smith", "S-1")]
    # The same player again, by the id on file or none, is named back as before.
    again = [{"name": "JOHN SMITH", "player_id": "s-1"}, {"name": "john smith"}]
    response = client.post(event.url("/players"), json={"players": again}, headers=event.admin)
    assert response.get_json() == {"added": 0, "already_registered": ["JOHN SMITH", "john smith"]}
