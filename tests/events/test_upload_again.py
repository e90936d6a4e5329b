"""An organizer fixes one row of the spreadsheet and uploads all of it again (or the upload
is sent twice): the lists already on file as uploaded are not stored again, cost nothing
under the validation limit, and the report says so; the changed row is stored."""

from __future__ import annotations

import io

import pytest

from tests.events.conftest import csrf_of, example

LEGAL, ILLEGAL = example("era-legal"), example("era-illegal")


def quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def sheet(*rows: tuple[str, str]) -> str:
    return "player,list\r\n" + "".join(f"{p},{quoted(t)}\r\n" for p, t in rows)


@pytest.fixture
def app_config(clock) -> dict:
    # Room for the different lines of the two lists, three times over, and no more.
    room = 3 * len({line.strip() for line in (LEGAL + ILLEGAL).splitlines()})
    return {"EVENT_CLOCK": clock, "RATE_LIMITS": {"validation": [room, 60]}}


def upload(client, event, csv: str):
    return client.post(event.url("/uploads"), json={"csv": csv}, headers=event.admin)


def test_an_upload_sent_again_stores_nothing_again(client, event):
    first = upload(client, event, sheet(("Ann", LEGAL), ("Bo", ILLEGAL))).get_json()
    sources = [s["source"] for s in first["stored"]]
    for _ in range(4):
        again = upload(client, event, sheet(("Ann", LEGAL), ("Bo", ILLEGAL)))
        assert again.status_code == 200, again.get_json()
        report = again.get_json()
        assert report["stored"] == []
        assert [m.split(":")[0] for m in report["unchanged"]] == sources
    assert sorted((e["player"], e["versions"]) for e in event.entries()) == [("Ann", 1), ("Bo", 1)]


def test_the_one_row_fixed_is_stored_and_the_rest_are_not(client, event):
    upload(client, event, sheet(("Ann", LEGAL), ("Bo", ILLEGAL)))
    fixed = upload(client, event, sheet(("Ann", LEGAL), ("Bo", LEGAL))).get_json()
    assert [s["entry"]["player"] for s in fixed["stored"]] == ["Bo"]
    assert [m.split(": ")[1] for m in fixed["unchanged"]] == ["Ann"]
    assert sorted((e["player"], e["versions"], e["status"]) for e in event.entries()) == [
        ("Ann", 1, "legal"),
        ("Bo", 2, "legal"),
    ]


def test_a_list_the_player_changed_since_is_stored_from_the_upload(client, event):
    upload(client, event, sheet(("Ann", LEGAL)))
    player = client.get(event.url("/entries"), headers=event.admin).get_json()["entries"][0]
    assert player["versions"] == 1
    # Submitted by the organizer, the player changed it since: the upload's list is another
    # list from the one on file, and is stored.
    event.submit("Cy", ILLEGAL)
    event.resubmit("Cy", LEGAL)
    report = upload(client, event, sheet(("Cy", ILLEGAL))).get_json()
    assert [s["entry"]["player"] for s in report["stored"]] == ["Cy"]


def test_the_dashboard_says_which_lists_were_already_on_file(client, event):
    dashboard = f"/events/{event.id}/admin/{event.token}"
    for expected in ("2 lists stored", "0 lists stored"):
        token = csrf_of(client.get(dashboard).get_data(as_text=True))
        data = sheet(("Ann", LEGAL), ("Bo", ILLEGAL)).encode()
        answer = client.post(
            f"{dashboard}/upload",
            data={"csrf_token": token, "upload": (io.BytesIO(data), "players.csv")},
            content_type="multipart/form-data",
        )
        page = answer.get_data(as_text=True)
        assert expected in page
    assert "2 lists were already on file as uploaded, and were not stored again." in page
    assert "row 2: Ann: the same list is on file (version 1), not stored again" in page
