"""The organizer's CSV: one row per entry, and no cell a spreadsheet would run as a formula."""

from __future__ import annotations

import csv
import io

import pytest

from tests.events.conftest import START, example
from validator.spreadsheet import safe_cell
from webapp import events
from webapp.db import connect
from webapp.events import submissions
from webapp.events.exports import CSV_COLUMNS, export_csv
from webapp.events.uploads import read_csv


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("Alice", "Alice"),
        ("3 Ember Rex", "3 Ember Rex"),
        (None, ""),
        (7, "7"),
    ],
)
def test_a_cell_starting_like_a_formula_is_prefixed_with_a_quote(value, cell):
    assert safe_cell(value) == cell


def test_the_csv_has_a_row_per_entry_with_verdict_problems_and_list(tmp_path, library):
    db = connect(tmp_path / "export.sqlite")
    created = events.create_event(
        db,
        library,
        name="Cup",
        game_id="era",
        deadline=START.replace(year=2031),
        now=START,
        players=[("=Zed", None)],
    )
    for player, name in (("Alice", "era-legal"), ("Bob", "era-illegal")):
        events.submit(
            db,
            library,
            created.event.id,
            player=player,
            submission=events.Submission.from_text(example(name)),
            now=START,
        )
    organizer = events.as_organizer(db, created.event.id, created.admin_token)
    rows = list(csv.DictReader(io.StringIO(export_csv(events.entries(db, organizer)))))
    db.close()
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [(r["player"], r["status"], r["legal"], r["errors"]) for r in rows] == [
        ("'=Zed", "not submitted", "", ""),
        ("Alice", "legal", "yes", "0"),
        ("Bob", "not legal", "no", "9"),
    ]
    assert rows[1]["list"].startswith("Dinos:\n1 Ember Rex\n")
    assert "Embr Rex" in rows[2]["problems"]
    assert len(rows[2]["receipt"]) == 12


def test_an_entry_id_starting_with_a_dash_is_kept_as_the_site_wrote_it(
    event, era_legal, monkeypatch
):
    # One id in 64 starts with "-"; a quote before it would make it a different id.
    monkeypatch.setattr(submissions, "new_id", lambda: "-dashFirst12")
    assert event.submit("-Dash", era_legal).status_code == 201
    for url, headers in (
        (event.url("/export.csv"), event.admin),
        (f"/events/{event.id}/admin/{event.token}/export.csv", {}),
    ):
        response = event.client.get(url, headers=headers)
        assert response.status_code == 200
        (row,) = csv.DictReader(io.StringIO(response.data.decode("utf-8-sig")))
        assert row["entry"] == "-dashFirst12"
        assert row["player"] == "'-Dash"
        assert row["received"].startswith("2030-")


def test_the_dashboards_csv_opens_in_excel_with_its_names_as_typed(event, era_legal):
    """Excel reads a CSV without a byte order mark in Windows' code page: "José" showed as
    "JosÃ©". The dashboard's download (for people, in spreadsheets) starts with the mark;
    the API's (for programs) is plain UTF-8. Uploaded back, the download is read whole."""
    assert event.submit("José", era_legal).status_code == 201
    downloaded = event.client.get(f"/events/{event.id}/admin/{event.token}/export.csv")
    assert downloaded.data.startswith(b"\xef\xbb\xbfplayer,player_id,")
    (row,) = csv.DictReader(io.StringIO(downloaded.data.decode("utf-8-sig")))
    assert row["player"] == "José"
    from_api = event.client.get(event.url("/export.csv"), headers=event.admin)
    assert from_api.data.startswith(b"player,player_id,")
    items, skipped = read_csv(downloaded.data)
    assert (skipped, [item.player for item in items]) == ([], ["José"])


def test_excel_set_to_semicolons_gets_a_download_of_its_own(event, era_legal):
    """Excel where the list separator is a semicolon (most of Europe) opens a comma CSV in
    one column. The dashboard offers the same rows separated by semicolons, still with the
    byte order mark (a ``sep=`` line would make Excel drop the mark and misread accents),
    and the plain download stays comma-separated for programs."""
    assert event.submit("Zoë; the Bold", era_legal).status_code == 201
    dashboard = event.client.get(f"/events/{event.id}/admin/{event.token}")
    semicolons = f"/events/{event.id}/admin/{event.token}/export.csv?separator=semicolon"
    assert semicolons.replace("&", "&amp;") in dashboard.get_data(as_text=True)
    downloaded = event.client.get(semicolons)
    assert downloaded.status_code == 200
    assert downloaded.mimetype == "text/csv"
    assert downloaded.data.startswith(b"\xef\xbb\xbfplayer;player_id;entry;status;")
    assert b"sep=" not in downloaded.data
    text = downloaded.data.decode("utf-8-sig")
    (row,) = csv.DictReader(io.StringIO(text, newline=""), delimiter=";")
    assert row["player"] == "Zoë; the Bold"
    assert row["list"].splitlines()[0] in era_legal
    plain = event.client.get(f"/events/{event.id}/admin/{event.token}/export.csv")
    assert plain.data.startswith(b"\xef\xbb\xbfplayer,player_id,")
    # Saved back from Excel, or uploaded as downloaded, it is read whole.
    items, skipped = read_csv(downloaded.data)
    assert (skipped, [item.player for item in items]) == ([], ["Zoë; the Bold"])


def test_the_api_gives_the_semicolon_csv_too(event, era_legal):
    assert event.submit("Ana", era_legal).status_code == 201
    response = event.client.get(event.url("/export.csv?separator=semicolon"), headers=event.admin)
    assert response.status_code == 200
    assert response.data.startswith(b"player;player_id;entry;")
    comma = event.client.get(event.url("/export.csv?separator=comma"), headers=event.admin)
    assert comma.data.startswith(b"player,player_id,entry,")


def test_a_separator_not_offered_is_refused_in_words(event):
    from_api = event.client.get(event.url("/export.csv?separator=pipe"), headers=event.admin)
    assert from_api.status_code == 400
    assert "separator" in from_api.get_json()["error"]["details"][0]
    page = event.client.get(f"/events/{event.id}/admin/{event.token}/export.csv?separator=tab")
    assert page.status_code == 400
    said = page.get_data(as_text=True)
    assert "comma" in said
    assert "semicolon" in said


def test_a_semicolon_csv_saved_by_excel_in_windows_1252_is_read(era_legal):
    """Excel's "CSV (separated by semicolons)" in a French or German Windows: its code page,
    CRLF lines, a list in one quoted cell."""
    cell = '"' + era_legal.replace("\n", "\r\n").replace('"', '""') + '"'
    data = f"Joueur;Liste du deck\r\nJérôme Müller;{cell}\r\n".encode("cp1252")
    items, skipped = read_csv(data)
    assert skipped == []
    assert [item.player for item in items] == ["Jérôme Müller"]
    assert items[0].submission.content.splitlines() == era_legal.splitlines()
