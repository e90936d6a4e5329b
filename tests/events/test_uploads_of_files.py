"""The organizer picks the players' decklist files themselves in the upload form, several at
once, without zipping them: they were refused as "a CSV upload needs a header row", the
first line of a list shown as the sheet's header. Each file is read as a zip's member is,
named after its player; a text file holding a sheet of lists is still read as a sheet."""

from __future__ import annotations

import html
import io

from tests.events.conftest import csrf_of, example

LEGAL, ILLEGAL = example("era-legal"), example("era-illegal")


def upload_files(client, event, *files: tuple[str, bytes]) -> tuple[int, str]:
    dashboard = f"/events/{event.id}/admin/{event.token}"
    token = csrf_of(client.get(dashboard).get_data(as_text=True))
    answer = client.post(
        f"{dashboard}/upload",
        data={"csrf_token": token, "upload": [(io.BytesIO(data), name) for name, data in files]},
        content_type="multipart/form-data",
    )
    return answer.status_code, html.unescape(answer.get_data(as_text=True))


def test_several_decklist_files_picked_at_once_are_each_their_players_list(client, event):
    status, page = upload_files(
        client,
        event,
        ("Alice_Smith.txt", LEGAL.encode()),
        ("bob.dek", ILLEGAL.encode()),
        ("Renée.txt", ("# Renée’s list\n" + LEGAL).encode("cp1252")),
        ("notes.docx", b"PK\x03\x04"),
    )
    assert status == 200
    assert "3 lists stored from 4 files." in page
    assert "notes.docx: skipped: not a decklist" in page
    assert "Renée.txt is not UTF-8 text, so it was read as Windows-1252" in page
    on_file = sorted((e["player"], e["status"]) for e in event.entries())
    assert on_file == [("Alice Smith", "legal"), ("Renée", "legal"), ("bob", "not legal")]


def test_one_decklist_file_is_its_players_list(client, event):
    status, page = upload_files(client, event, ("Carol White.txt", LEGAL.encode()))
    assert status == 200
    assert "1 list stored from Carol White.txt." in page
    assert [e["player"] for e in event.entries()] == ["Carol White"]


def test_two_files_for_one_player_keep_the_first_and_say_the_second(client, event):
    _, page = upload_files(
        client, event, ("alice.txt", LEGAL.encode()), ("Alice.TXT", ILLEGAL.encode())
    )
    assert "Alice.TXT: skipped: a second list for Alice" in page
    assert [e["status"] for e in event.entries()] == ["legal"]


def test_a_text_file_holding_a_sheet_of_lists_is_read_as_the_sheet(client, event):
    # Excel's "Text (Tab delimited) (*.txt)"
    cell = '"' + LEGAL.replace('"', '""') + '"'
    sheet = f"player\tlist\r\nDan\t{cell}\r\nEve\t{cell}\r\n".encode()
    status, page = upload_files(client, event, ("lists.txt", sheet))
    assert status == 200
    assert "2 lists stored from lists.txt." in page
    assert sorted(e["player"] for e in event.entries()) == ["Dan", "Eve"]


def test_the_form_lets_the_organizer_pick_decklist_files(client, event):
    page = client.get(f"/events/{event.id}/admin/{event.token}").get_data(as_text=True)
    field = page.split('id="upload"', 1)[1].split(">", 1)[0]
    assert " multiple" in field
    assert ".txt" in field


def test_a_thousand_files_picked_at_once_are_read_and_more_are_refused_as_too_many(client, event):
    # A thousand files (the most an upload holds) and the form's token are 1,001 parts of the
    # form, one more than werkzeug reads by default: they were refused as "larger than the
    # 4 MB one upload may be", a few hundred KB, nothing saying how many files may be sent.
    files = [(f"Player {n}.txt", b"1 Ember Rex\n") for n in range(1_000)]
    status, page = upload_files(client, event, *files)
    assert status == 200, page
    assert "1000 lists stored from 1000 files." in page
    status, page = upload_files(client, event, *files, ("One More.txt", b"1 Ember Rex\n"))
    assert "an upload is at most 1000 files" in page
    many = [(f"Extra {n}.txt", b"1 Ember Rex\n") for n in range(1_500)]
    status, page = upload_files(client, event, *files, *many)
    assert status == 413
    assert "At most 1,000 files can be uploaded at once: nothing was stored." in page
    assert "larger than" not in page
    listed = client.get(event.url("/entries"), headers=event.admin).get_json()
    assert listed["total"] == 1_000


def test_files_picked_together_past_the_upload_size_are_told_to_be_picked_fewer_at_once(
    client, event
):
    # They were told "The file is larger than the 4 MB one upload may be", and to send "a
    # CSV of fewer rows, or a zip of fewer files": neither what was sent. (The form's stated
    # length is what is judged: the files themselves are not sent here.)
    dashboard = f"/events/{event.id}/admin/{event.token}"
    answer = client.post(
        f"{dashboard}/upload",
        input_stream=io.BytesIO(b"--x--\r\n"),
        content_type="multipart/form-data; boundary=x",
        environ_overrides={"CONTENT_LENGTH": str(45 * 100_000)},
    )
    assert answer.status_code == 413
    assert (
        "What was uploaded is larger than the 4 MB one upload may be: nothing was stored."
        " Upload it in parts (a CSV of fewer rows, a zip of fewer files, or fewer files"
        " picked at once)."
    ) in html.unescape(answer.get_data(as_text=True))
