"""A zip of lists whose file names lost their accents ("Jose_Garcia.txt": a zip tool, a
mail, a file system that writes no accents) for players on file as typed ("José García"):
each list went to a new player "Jose Garcia" beside the registered one, still said to have
sent nothing. A file named in plain letters for one player on file, whose name reads the
same with its accents, is that player's list."""

from __future__ import annotations

import base64
import io
import zipfile

from tests.events.conftest import example

LEGAL = example("era-legal")


def zipped(*names: str) -> dict[str, str]:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in names:
            archive.writestr(name, LEGAL)
    return {"zip": base64.b64encode(buffer.getvalue()).decode()}


def players_after(client, make_event, registered: list[str], *files: str):
    event = make_event(players=[{"name": name} for name in registered])
    answer = client.post(event.url("/uploads"), json=zipped(*files), headers=event.admin)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    stored = [s["entry"]["player"] for s in answer.get_json()["stored"]]
    on_file = sorted((e["player"], e["status"]) for e in event.entries())
    return stored, on_file


def test_a_file_named_without_accents_is_the_list_of_the_player_on_file(client, make_event):
    stored, on_file = players_after(
        client,
        make_event,
        ["José García", "Zoë Park", "Łukasz Nowak"],
        "Jose_Garcia.txt",
        "zoe park.txt",
        "Lukasz_Nowak.txt",
    )
    assert stored == ["José García", "Zoë Park", "Łukasz Nowak"]
    assert on_file == [("José García", "legal"), ("Zoë Park", "legal"), ("Łukasz Nowak", "legal")]


def test_a_player_on_file_by_the_plain_name_keeps_their_own_list(client, make_event):
    stored, _ = players_after(client, make_event, ["José García", "Jose Garcia"], "Jose_Garcia.txt")
    assert stored == ["Jose Garcia"]


def test_two_files_that_may_be_two_players_are_not_guessed_between(client, make_event):
    stored, on_file = players_after(
        client, make_event, ["José García"], "Jose_Garcia.txt", "José_García.txt"
    )
    assert stored == ["Jose Garcia", "José García"]
    assert ("Jose Garcia", "legal") in on_file


def test_a_name_written_with_other_letters_is_not_taken_for_another(client, make_event):
    stored, _ = players_after(client, make_event, ["Bob"], "B0b.txt")
    assert stored == ["B0b"]


def test_a_sheets_row_is_named_as_typed(client, make_event):
    event = make_event(players=[{"name": "José García"}])
    csv = f'player,list\nJose Garcia,"{LEGAL}"\n'
    answer = client.post(event.url("/uploads"), json={"csv": csv}, headers=event.admin)
    assert [s["entry"]["player"] for s in answer.get_json()["stored"]] == ["Jose Garcia"]


def test_a_name_written_without_its_stroke_is_said_to_look_alike(client, make_event):
    """A name written "Lukasz" beside "Łukasz" was not said to look alike, as "Jose" is."""
    event = make_event(players=[{"name": "Łukasz Nowak"}, {"name": "Søren"}])
    csv = f'player,list\nLukasz Nowak,"{LEGAL}"\nSoren,"{LEGAL}"\n'
    client.post(event.url("/uploads"), json={"csv": csv}, headers=event.admin)
    found = client.get(event.url("/entries"), headers=event.admin).get_json()["lookalikes"]
    assert sorted(map(sorted, found)) == [["Lukasz Nowak", "Łukasz Nowak"], ["Soren", "Søren"]]
