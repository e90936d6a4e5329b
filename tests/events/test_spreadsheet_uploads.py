"""What an organizer uploads on event day straight out of a spreadsheet: a CSV whose quotes do
not close, a workbook saved as itself, Excel's ``sep=`` line, a file too large or empty. Each
is read as written or refused in words saying what to do; no list is stored changed."""

from __future__ import annotations

import io
import re
import urllib.error
import urllib.request
import zipfile

import pytest
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from tests.events.conftest import DEADLINE, csrf_of, example, http
from tests.live import start_server, stop_server
from webapp.events import uploads as event_uploads
from webapp.events.uploads import BadUploadError, read_upload

LEGAL = example("era-legal")


def quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def test_a_quote_that_never_closes_is_refused_not_read_into_one_list():
    """Fay's list lost its closing quote: read leniently, Gus's and Hal's rows were the rest
    of her list, and the upload stored one list, Fay's, holding theirs."""
    data = f'player,list\nFay,"3 Ember Rex\nGus,{quoted(LEGAL)}\nHal,1 Kindle\n'.encode()
    with pytest.raises(BadUploadError, match=r"line 2: .*quote"):
        read_upload("lists.csv", data)
    at_the_end = b'player,list\nGus,1 Kindle\nFay,"3 Ember Rex\n1 Kindle\n'
    with pytest.raises(BadUploadError, match=r"line 3: .*never closed"):
        read_upload("lists.csv", at_the_end)


def test_quotes_inside_an_unquoted_cell_are_still_read_as_written():
    items, skipped = read_upload("lists.csv", b'player,list\nAnn "the Ace",1 Ember Rex\n')
    assert ([i.player for i in items], skipped) == (['Ann "the Ace"'], [])


def test_a_semicolon_csv_with_quoted_cells_is_read():
    data = f'"player";"list"\r\n"Ida";{quoted(LEGAL.replace(chr(10), chr(13) + chr(10)))}\r\n'
    items, _ = read_upload("lists.csv", data.encode())
    assert [i.player for i in items] == ["Ida"]
    assert items[0].submission.body.splitlines() == LEGAL.splitlines()


def test_excels_sep_line_names_the_separator():
    for separator in (",", ";", "\t"):
        data = f"sep={separator}\r\nplayer{separator}list\r\nHal{separator}1 Kindle\r\n"
        items, skipped = read_upload("lists.csv", data.encode())
        # A spreadsheet reads the sep= line and shows the header as row 1: Hal is row 2.
        assert ([(i.source, i.player) for i in items], skipped) == ([("row 2", "Hal")], [])


def workbook(members: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


EXCEL = {"[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<w/>", "xl/worksheets/s.xml": ""}
CALC = {"mimetype": "application/vnd.oasis.opendocument.spreadsheet", "content.xml": "<x/>"}


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("Players.xlsx", workbook(EXCEL), "Excel workbook"),
        ("Players.csv", workbook(EXCEL), "Excel workbook"),
        ("Players.ods", workbook(CALC), "OpenDocument spreadsheet"),
        ("Players.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, "Excel 97-2003"),
    ],
)
def test_a_workbook_is_refused_saying_to_save_it_as_csv(name, data, said):
    with pytest.raises(BadUploadError, match=said) as refused:
        read_upload(name, data)
    assert "CSV" in str(refused.value)


def test_a_microsoft_forms_workbook_is_refused_saying_how_to_save_it_as_csv(client, event):
    """Microsoft Forms' 'Open results in Excel' downloads a workbook (.xlsx), opened most
    often in Excel for the web, whose Save As has no CSV."""
    with pytest.raises(BadUploadError) as refused:
        read_upload("Deck check(1-3).xlsx", workbook(EXCEL))
    said = str(refused.value)
    assert "Excel for the web, where Microsoft Forms opens its answers:" in said
    assert "File > Export > Download as CSV;" in said
    assert "Excel: File > Save As > CSV UTF-8" in said
    page = upload(client, event, "Deck check(1-3).xlsx", workbook(EXCEL)).get_data(as_text=True)
    assert "Excel for the web, where Microsoft Forms opens its answers:" in page
    assert event.entries() == []


def test_an_empty_file_is_said_to_be_empty():
    for data in (b"", b"\xef\xbb\xbf", b"\r\n\r\n"):
        with pytest.raises(BadUploadError, match="empty"):
            read_upload("lists.csv", data)


def test_a_binary_file_is_not_said_to_be_a_spreadsheet_in_another_language():
    pdf = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\x0c\x1b\nendobj\n"
    with pytest.raises(BadUploadError, match="neither a zip file nor a CSV"):
        read_upload("lists.pdf", pdf)


def dashboard_form(client, event) -> tuple[str, str]:
    dashboard = f"/events/{event.id}/admin/{event.token}"
    return dashboard, csrf_of(client.get(dashboard).get_data(as_text=True))


def upload(client, event, name: str, data: bytes):
    dashboard, token = dashboard_form(client, event)
    return client.post(
        f"{dashboard}/upload",
        data={"csrf_token": token, "upload": (io.BytesIO(data), name)},
        content_type="multipart/form-data",
    )


def test_a_broken_csv_through_the_dashboard_stores_nothing(client, event):
    answer = upload(client, event, "lists.csv", b'player,list\nFay,"3 Ember Rex\nGus,1 Kindle\n')
    assert answer.status_code == 400
    assert "line 2" in answer.get_data(as_text=True)
    assert event.entries() == []


def large_upload(client, path: str, csrf_token: str, data: bytes):
    """An upload sent as bytes made here: the test client would spool a body this large to a
    temporary file that nothing closes when the server does not read it."""
    boundary, body = encode_multipart(
        {"csrf_token": csrf_token, "upload": FileStorage(io.BytesIO(data), "lists.csv")}
    )
    return client.post(path, data=body, content_type=f"multipart/form-data; boundary={boundary}")


TEN_MEGABYTES = b"player,list\n" + b'Zed,"1 Ember Rex\n"\n' * (10 * 1024 * 1024 // 19)


def test_a_file_larger_than_an_upload_may_be_is_answered_on_the_dashboard(client, event):
    dashboard, token = dashboard_form(client, event)
    answer = large_upload(client, f"{dashboard}/upload", token, TEN_MEGABYTES)
    assert answer.status_code == 413
    page = answer.get_data(as_text=True)
    limit = event_uploads.MAX_UPLOAD_BYTES // (1024 * 1024)
    assert re.search(rf"larger than the {limit} MB", page)
    assert 'id="upload"' in page  # the dashboard, with its upload form, to try again
    assert event.entries() == []


def test_a_file_too_large_for_a_wrong_admin_link_shows_no_dashboard(client, event):
    _, token = dashboard_form(client, event)
    wrong = f"/events/{event.id}/admin/{'x' * 43}/upload"
    answer = large_upload(client, wrong, token, TEN_MEGABYTES)
    assert answer.status_code == 413
    assert 'id="upload"' not in answer.get_data(as_text=True)
    assert event.id not in answer.get_data(as_text=True).split("</head>")[1]


@pytest.mark.server
def test_over_http_a_file_too_large_is_answered_not_cut_off(live_server):
    """Refused unread, the 413 raced the browser still sending the file: the connection was
    reset under it (a broken pipe) and the organizer never saw why."""
    created = http(
        live_server,
        "POST",
        "/api/v1/events",
        {"name": "Big Files", "game": "era", "deadline": DEADLINE.replace(year=2099).isoformat()},
    ).json()
    dashboard = f"/events/{created['event']['id']}/admin/{created['admin_token']}"
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    with browser.open(live_server + dashboard, timeout=60) as page:
        token = csrf_of(page.read().decode())
    boundary, body = encode_multipart(
        {"csrf_token": token, "upload": FileStorage(io.BytesIO(TEN_MEGABYTES), "lists.csv")}
    )
    sent = urllib.request.Request(
        f"{live_server}{dashboard}/upload",
        data=body,
        headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        browser.open(sent, timeout=60)
    with refused.value as answer:
        assert answer.code == 413
        assert "larger than the 4 MB" in answer.read().decode()


def test_a_sheet_of_a_forms_answers_is_read_by_its_own_column_names():
    """A Google Forms sheet of submissions, downloaded as CSV: its questions are its header."""
    data = (
        '"Timestamp","Email Address","Your name","Player ID","Decklist"\r\n'
        f'"2030/05/01 10:00:00","ann@example.org","Ann","A-1",{quoted(LEGAL)}\r\n'
    )
    items, skipped = read_upload("Deck check (Responses) - Form responses 1.csv", data.encode())
    assert ([(i.player, i.player_id) for i in items], skipped) == ([("Ann", "A-1")], [])
    assert items[0].submission.body == LEGAL
    items, _ = read_upload("lists.csv", b"Player_Name;Deck List *\r\nBo;1 Kindle\r\n")
    assert [(i.player, i.submission.body) for i in items] == [("Bo", "1 Kindle")]


def test_a_header_without_the_columns_is_refused_naming_what_it_holds():
    with pytest.raises(BadUploadError, match="its first row is: Timestamp,Score"):
        read_upload("lists.csv", b"Timestamp,Score\r\n1,2\r\n")


@pytest.mark.server
def test_over_http_an_upload_past_the_rate_limit_is_answered_not_cut_off(tmp_path, monkeypatch):
    """The request-count limit refuses before anything reads the file: the 429 came while
    the browser was still sending it, and the connection was reset under it."""
    monkeypatch.setenv("DECKWRIGHT_RATE_LIMITS", '{"token-urls": [2, 60]}')
    server, base = start_server(tmp_path / "db.sqlite", tmp_path / "server.log")
    try:
        created = http(
            base,
            "POST",
            "/api/v1/events",
            {"name": "Busy", "game": "era", "deadline": DEADLINE.replace(year=2099).isoformat()},
        ).json()
        dashboard = f"{base}/events/{created['event']['id']}/admin/{created['admin_token']}"
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with browser.open(dashboard, timeout=60) as page:
            token = csrf_of(page.read().decode())
        boundary, body = encode_multipart(
            {"csrf_token": token, "upload": FileStorage(io.BytesIO(TEN_MEGABYTES), "lists.csv")}
        )
        statuses = []
        for _ in range(2):
            sent = urllib.request.Request(
                f"{dashboard}/upload",
                data=body,
                headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
            )
            with pytest.raises(urllib.error.HTTPError) as refused:
                browser.open(sent, timeout=60)
            with refused.value as answer:
                statuses.append((answer.code, "Retry-After" in answer.headers))
        assert statuses == [(413, False), (429, True)]
    finally:
        stop_server(server)


@pytest.mark.parametrize(
    "header",
    [
        ("Timestamp", "Email address", "Full name", "Paste your decklist here", "Player ID"),
        ("Timestamp", "What is your name?", "Your deck"),
        ("Timestamp", "Username", "Decklist (paste from the builder)"),
    ],
)
def test_a_forms_sheet_whose_questions_say_name_and_deck_in_their_own_words_is_read(header):
    # A form's sheet names its columns by the questions as the organizer wrote them: the one
    # question that asks a name and the one that asks a deck are the player and the list.
    cells = {
        "Timestamp": "2030/05/01 10:00:00",
        "Email address": "kai@example.org",
        "Player ID": "K-1",
    }
    row = [cells.get(column, LEGAL if "eck" in column else "Kai Ng") for column in header]
    data = "".join(",".join(quoted(cell) for cell in cells) + "\r\n" for cells in (header, row))
    items, skipped = read_upload("answers.csv", data.encode())
    assert (skipped, [(i.source, i.player) for i in items]) == ([], [("row 2", "Kai Ng")])
    assert items[0].submission.body.splitlines() == LEGAL.splitlines()


def test_a_sheet_whose_name_or_list_column_cannot_be_told_says_what_to_rename():
    # Two columns ask a name (the team's and the captain's): which is the player's is not
    # guessed.
    data = "Timestamp,Team name,Captain name,Decklist\r\n2030/05/01 10:00:00,Kai,Ng,1 Kindle\r\n"
    with pytest.raises(BadUploadError) as refused:
        read_upload("answers.csv", data.encode())
    said = str(refused.value)
    assert "Rename the column of players' names player and the column of lists list" in said
    assert "its first row is: Timestamp,Team name,Captain name,Decklist" in said
