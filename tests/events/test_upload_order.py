"""An upload's report lists what it skipped in the file's order, top to bottom, whichever
step skipped it: the reading of the file, a player's name, or the event's limits."""

from __future__ import annotations

import base64
import io
import re
import zipfile

import pytest

from tests.events.conftest import csrf_of

NO_PLAYER = "skipped: no player name"


@pytest.fixture
def csv_upload():
    """Line by line: stored; skipped by the library (a name it refuses), by the reader (no
    name), by the library (a second list, an empty list); stored."""
    legal = "1 Ember Rex"
    lines = [
        "player,list",
        f"Alice,{legal}",
        f"Bad\x07Name,{legal}",
        f",{legal}",
        f"alice,{legal}",
        'Dora,""',
        f"Eve,{legal}",
    ]
    return "\n".join(lines) + "\n"


def line_numbers(skipped: list[str]) -> list[int]:
    return [int(re.match(r"row (\d+): skipped", s).group(1)) for s in skipped]


def test_a_csv_uploads_skipped_lines_are_reported_in_line_order(client, event, csv_upload):
    response = client.post(event.url("/uploads"), json={"csv": csv_upload}, headers=event.admin)
    assert response.status_code == 200, response.get_data(as_text=True)
    report = response.get_json()
    assert [s["source"] for s in report["stored"]] == ["row 2", "row 7"]
    assert line_numbers(report["skipped"]) == [3, 4, 5, 6]
    assert report["skipped"][1] == f"row 4: {NO_PLAYER}"
    assert report["skipped"][2] == "row 5: skipped: a second list for alice"


def test_a_zips_skipped_files_are_reported_in_archive_order(client, event):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("zed.txt", "1 Ember Rex")
        archive.writestr("Zed.TXT", "1 Ember Rex")  # a second list: skipped by the library
        archive.writestr("notes.pdf", b"%PDF-1.4")  # not a list: skipped by the reader
        archive.writestr("amy.txt", "1 Ember Rex")
    data = base64.b64encode(buffer.getvalue()).decode()
    response = client.post(event.url("/uploads"), json={"zip": data}, headers=event.admin)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert [s.split(":")[0] for s in response.get_json()["skipped"]] == ["Zed.TXT", "notes.pdf"]


def test_a_full_event_skips_in_line_order_with_the_other_skipped_lines(app, client, event):
    app.config["EVENT_MAX_ENTRIES"] = 1
    table = "player,list\nAnn,1 Ember Rex\nBen,1 Ember Rex\n,1 Ember Rex\n"
    response = client.post(event.url("/uploads"), json={"csv": table}, headers=event.admin)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert line_numbers(response.get_json()["skipped"]) == [3, 4]


def test_the_dashboard_reports_a_csvs_skipped_lines_in_line_order(client, event, csv_upload):
    dashboard = f"/events/{event.id}/admin/{event.token}"
    token = csrf_of(client.get(dashboard).get_data(as_text=True))
    uploaded = client.post(
        f"{dashboard}/upload",
        data={"csrf_token": token, "upload": (io.BytesIO(csv_upload.encode()), "roster.csv")},
        content_type="multipart/form-data",
    )
    page = uploaded.get_data(as_text=True)
    assert "2 lists stored from roster.csv." in page
    assert [int(n) for n in re.findall(r"<li>row (\d+): skipped", page)] == [3, 4, 5, 6]
