"""A list naming a format of the game is judged in its event's format all the same: its
player is told so beside the verdict, and nothing else of it changes."""

from __future__ import annotations

import csv
import io

from click.testing import CliRunner

from tests.events.conftest import example
from validator.cli import cli

TOLD = (
    "Your list says its format is Open (casual); this event is played in Standard,"
    " and your list is checked against Standard"
)


def warnings_of(answer) -> list[str]:
    latest = answer.get_json()["entry"]["latest"]
    return [p["message"] for p in latest["problems"] if p["severity"] == "warning"]


def test_a_list_naming_another_format_is_told_it_is_checked_in_the_events(client, event):
    answer = event.submit("Pat", "Format: Open\n" + example("era-legal"))
    assert answer.status_code == 201, answer.get_data(as_text=True)
    latest = answer.get_json()["entry"]["latest"]
    assert (latest["legal"], latest["errors"], latest["warnings"]) == (True, 0, 1)
    assert warnings_of(answer) == [TOLD]
    assert [p["rule"] for p in latest["problems"]] == ["event-format"]
    # The receipt covers the cards alone: the same as the list's without the note.
    plain = event.submit("Rae", example("era-legal")).get_json()["entry"]["latest"]
    assert latest["sha256"] == plain["sha256"]

    page = client.get(event.players["Pat"]["private_url"]).get_data(as_text=True)
    assert TOLD in page
    exported = client.get(event.url("/export.csv"), headers=event.admin)
    rows = {row["player"]: row for row in csv.DictReader(io.StringIO(exported.text))}
    assert (rows["Pat"]["legal"], rows["Pat"]["warnings"]) == ("yes", "1")
    assert TOLD in rows["Pat"]["problems"]


def test_a_list_naming_the_events_own_format_is_told_nothing(event):
    for player, note in (("Pat", "Format: Standard\n"), ("Quinn", "format: standard\n")):
        answer = event.submit(player, note + example("era-legal"))
        assert answer.status_code == 201, answer.get_data(as_text=True)
        assert answer.get_json()["entry"]["latest"]["warnings"] == 0
        assert warnings_of(answer) == []


def test_an_event_in_open_tells_a_list_saying_standard(make_event):
    event = make_event(format="open")
    answer = event.submit("Pat", "Format: Standard\n" + example("era-legal"))
    assert warnings_of(answer) == [
        "Your list says its format is Standard; this event is played in Open (casual),"
        " and your list is checked against Open (casual)"
    ]


def test_a_builders_deck_saved_in_another_format_is_told_so_too(event):
    deck = {
        "format": "open",
        "sections": {"dinos": [{"card": "Ember Rex", "count": 1}]},
    }
    answer = event.client.post(event.url("/entries"), json={"player": "Pat", "deck": deck})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    assert TOLD in warnings_of(answer)


def test_a_fix_naming_another_format_is_told_so(event):
    event.submit("Pat", example("era-legal"))
    answer = event.resubmit("Pat", "Format: Open\n" + example("era-legal"))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert warnings_of(answer) == [TOLD]


def test_event_check_tells_a_list_naming_another_format_as_the_site_does(tmp_path, monkeypatch):
    # the organizer's offline check judged it in Standard with nothing said: "legal", where
    # the site's verdict on the same list warns that it is checked against Standard
    monkeypatch.delenv("DECKWRIGHT_POOLS", raising=False)
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "Pat.txt").write_text("Format: Open\n" + example("era-legal"), encoding="utf-8")
    report = tmp_path / "report.csv"
    args = ["event", "check", str(folder), "-g", "era", "--report", str(report)]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.output.splitlines()[0] == (
        f"{folder / 'Pat.txt'}: legal in ERA Standard (1 warning)"
    )
    (row,) = csv.DictReader(io.StringIO(report.read_text(encoding="utf-8-sig")))
    assert TOLD in row["problems"]
