"""Zips as organizers make them on event day: a folder zipped by Windows Explorer (names in
its DOS code page, lists typed in Notepad in Windows-1252), by the Finder (names in UTF-8
with the accents apart, ``__MACOSX`` twins), or a sheet's CSV mailed as a zip. Every list is
read, no file becomes a player it does not name, and what is not read is said."""

from __future__ import annotations

import base64
import html
import io
import re
import unicodedata
import zipfile

import pytest
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from tests.events.conftest import csrf_of, example
from webapp.events.uploads import BadUploadError, read_upload

LEGAL = example("era-legal")


def zipped(members: list[tuple[bytes, bytes]]) -> bytes:
    """A zip whose names are the bytes given, without the flag saying they are UTF-8, as
    Explorer and the Finder write them."""
    buffer = io.BytesIO()
    stand_ins = []
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for number, (name, content) in enumerate(members):
            stand_in = chr(ord("A") + number).encode() * len(name)
            stand_ins.append((stand_in, name))
            archive.writestr(stand_in.decode(), content)
    data = buffer.getvalue()
    for stand_in, name in stand_ins:
        assert data.count(stand_in) == 2  # the local header's and the directory's
        data = data.replace(stand_in, name)
    return data


def dashboard_upload(client, event, data: bytes, filename: str, status: int = 200) -> str:
    dashboard = f"/events/{event.id}/admin/{event.token}"
    token = csrf_of(client.get(dashboard).get_data(as_text=True))
    # Encoded here, in memory: the test client spools a large file to a temporary one.
    boundary, body = encode_multipart(
        {"csrf_token": token, "upload": FileStorage(io.BytesIO(data), filename)}
    )
    answer = client.post(
        f"{dashboard}/upload",
        data=body,
        content_type=f"multipart/form-data; boundary={boundary}",
    )
    assert answer.status_code == status
    return html.unescape(answer.get_data(as_text=True))


def test_lists_typed_in_notepad_on_windows_are_read_and_the_organizer_told(client, event):
    """Renée's list says "Renée’s deck" in Windows-1252: it was skipped as "not a UTF-8
    text file", and Renée had no list."""
    typed = f"// Renée’s deck\n{LEGAL}".replace("\n", "\r\n").encode("cp1252")
    data = zipped([("Renée.txt".encode("cp850"), typed), (b"Bo.txt", LEGAL.encode())])
    items, skipped = read_upload("lists.zip", data)
    assert ([i.player for i in items], skipped) == (["Renée", "Bo"], [])
    assert items[0].submission.body.startswith("// Renée’s deck\r\n")
    assert [i.read_as for i in items] == ["Windows-1252", ""]
    page = dashboard_upload(client, event, data, "lists.zip")
    assert "2 lists stored from lists.zip." in page
    assert "Renée.txt is not UTF-8 text, so it was read as Windows-1252" in page
    assert sorted(e["player"] for e in event.entries()) == ["Bo", "Renée"]


def test_a_utf8_list_with_one_odd_byte_keeps_its_utf8_letters():
    # read as Windows-1252 whole, "Renée’s deck" was "RenÃ©eâ€™s deck" and "Glacáin"
    # "GlacÃ¡in", a card no one named
    typed = "// Renée’s deck\r\n1 Glacáin\r\n// fixed – Renée\r\n".encode()
    typed = typed.replace("–".encode(), "–".encode("cp1252"))
    items, skipped = read_upload("lists.zip", zipped([(b"Renee.txt", typed)]))
    assert skipped == []
    assert items[0].submission.body == "// Renée’s deck\r\n1 Glacáin\r\n// fixed – Renée\r\n"
    assert items[0].read_as == "Windows-1252"  # the organizer is told to check it


def test_a_file_in_neither_utf8_nor_windows_1252_is_skipped_saying_so():
    russian = "// Колода Ивана\n1 Ember Rex\n".encode("cp1251")
    data = zipped([(b"Ivan.txt", russian), (b"photo.txt", b"\x89PNG\r\n\x1a\n\x00\x00")])
    items, skipped = read_upload("lists.zip", data)
    assert items == []
    assert skipped == [
        (
            1,
            "Ivan.txt: skipped: not UTF-8 text, and its letters are not Windows-1252's either"
            " (a computer set to another language saves its own code page): save it as UTF-8"
            " and upload it again",
        ),
        (2, "photo.txt: skipped: not a text file (neither UTF-8, UTF-16 nor Windows-1252 text)"),
    ]


def test_a_folder_zipped_by_windows_explorer_names_its_players():
    """Explorer writes names in the DOS code page, cp850 in Western Europe: "João.txt" was
    the player "Jo╞o" and "Søren.txt" "S¢ren"."""
    names = ["José", "João", "Søren", "Óscar", "Müller"]
    members = [(b"Round 1/", b"")]
    members += [(f"Round 1/{name}.txt".encode("cp850"), LEGAL.encode()) for name in names]
    members += [(b"Round 1/desktop.ini", b"[.ShellClassInfo]"), (b"Thumbs.db", b"\x00\x01")]
    items, skipped = read_upload("Round 1.zip", zipped(members))
    assert [i.player for i in items] == names
    assert skipped == [
        (7, "Round 1/desktop.ini: skipped: hidden or system file"),
        (8, "Thumbs.db: skipped: hidden or system file"),
    ]
    russian = zipped([("Иван Петров.txt".encode("cp866"), LEGAL.encode())])
    assert [i.player for i in read_upload("lists.zip", russian)[0]] == ["Иван Петров"]


def test_a_folder_zipped_by_the_finder_names_its_players_as_typed(client, event):
    """The Finder writes "é" as "e" and a combining accent, and a "._" twin of each file."""
    name = unicodedata.normalize("NFD", "Lists/Renée.txt").encode()
    twin = unicodedata.normalize("NFD", "__MACOSX/Lists/._Renée.txt").encode()
    data = zipped(
        [
            (b"Lists/", b""),
            (name, LEGAL.encode()),
            (b"Lists/.DS_Store", b"\x00\x00\x00\x01Bud1"),
            (b"__MACOSX/", b""),
            (b"__MACOSX/Lists/", b""),
            (twin, b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X"),
        ]
    )
    items, skipped = read_upload("Lists.zip", data)
    assert [i.player for i in items] == ["Renée"]  # composed: as typed on any keyboard
    assert [message.split(": ")[1] for _, message in skipped] == ["skipped"] * 2
    dashboard_upload(client, event, data, "Lists.zip")
    assert event.submit("Renée", LEGAL).status_code == 409  # one player, on file already


FORMS = '"Timestamp","Your name","Decklist"\r\n"2030/05/01 10:00:00","Ann","1 Ember Rex"\r\n'


def test_a_zip_of_one_csv_is_read_as_the_csv(client, event):
    """A form's answers downloaded as a zip, or a sheet mailed as one: the zip was read as a
    folder of lists, and the CSV skipped as "not a decklist"."""
    data = zipped(
        [
            (b"Deck check (Responses).csv", FORMS.encode()),
            (b"__MACOSX/._Deck check (Responses).csv", b"\x00\x05\x16\x07"),
        ]
    )
    items, skipped = read_upload("Deck check (Responses).zip", data)
    assert ([(i.source, i.player) for i in items], skipped) == ([("row 2", "Ann")], [])
    page = dashboard_upload(client, event, data, "Deck check (Responses).zip")
    assert "1 list stored from Deck check (Responses).zip." in page
    assert "<code>player,list</code>, zipped or not; a form's sheet of answers" in page
    assert [e["player"] for e in event.entries()] == ["Ann"]


def test_a_zipped_csv_saved_by_excel_on_windows_has_the_organizer_check_its_names(client, event):
    """The same sheet uploaded alone is said to be read as Windows-1252, to check its names
    ("José Núñez"); zipped, it was read so without a word."""
    sheet = "player,list\r\nJosé Núñez,1 Ember Rex\r\n".encode("cp1252")
    page = dashboard_upload(client, event, zipped([(b"players.csv", sheet)]), "players.zip")
    assert "1 list stored from players.zip." in page
    assert "players.csv in players.zip is not UTF-8 text, so it was read as Windows-1252" in page
    assert "check the names on the list" in page
    assert [e["player"] for e in event.entries()] == ["José Núñez"]


def test_a_zipped_csv_in_utf_8_says_nothing_of_code_pages(client, event):
    sheet = "player,list\r\nJosé Núñez,1 Ember Rex\r\n".encode()
    page = dashboard_upload(client, event, zipped([(b"players.csv", sheet)]), "players.zip")
    assert "1 list stored from players.zip." in page
    assert "Windows-1252" not in page


def test_a_csv_beside_lists_or_beside_another_csv_is_not_read_unsaid():
    beside = zipped([(b"Ann.txt", b"1 Ember Rex"), (b"players.csv", FORMS.encode())])
    items, skipped = read_upload("lists.zip", beside)
    assert [i.player for i in items] == ["Ann"]
    assert skipped == [
        (2, "players.csv: skipped: a CSV beside decklist files is not read: upload it on its own")
    ]
    two = zipped([(b"a.csv", FORMS.encode()), (b"b.csv", FORMS.encode())])
    said = "the zip holds 2 CSV files and no decklist files (a.csv, b.csv): upload each CSV"
    with pytest.raises(BadUploadError, match=re.escape(said)):
        read_upload("sheets.zip", two)


def bomb(name: str, head: bytes, megabytes: int) -> bytes:
    """A zip of a few kilobytes whose one member inflates to ``megabytes`` of zeros."""
    buffer = io.BytesIO()
    with (
        zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive,
        archive.open(name, "w") as member,
    ):
        member.write(head)
        for _ in range(megabytes):
            member.write(bytes(1024 * 1024))
    return buffer.getvalue()


def many_files(count: int) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for number in range(count):
            archive.writestr(f"p{number}.txt", "1 Ember Rex")
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("data", "status", "said"),
    [
        (bomb("Ann.txt", b"", 2), 200, "Ann.txt: skipped: larger than 100000 bytes"),
        (
            bomb("players.csv", b"player,list\nAnn,", 5),
            400,
            "players.csv in the zip is larger than 4 MB: upload it in parts",
        ),
        (
            many_files(10_000),
            400,
            "a zip holds at most 1000 files",
        ),
        (
            zipped([(b"../../x.txt", b"1 Ember Rex"), (b"..\\..\\y.txt", b"1 Ember Rex")]),
            200,
            "../../y.txt: skipped: unsafe path: it leads out of the zip's folders (../, / or C:);"
            " zip the lists again from their folder",
        ),
        (
            zipped([(b"players.csv", b'player,list\nAnn,"' + b"1 Ember Rex\n" * 20_000)]),
            400,
            "the CSV cannot be read from line 2: a cell is longer than 131,072 characters",
        ),
    ],
)
def test_a_hostile_zip_is_answered_in_words_and_stores_nothing(client, event, data, status, said):
    assert len(data) < 4 * 1024 * 1024
    page = dashboard_upload(client, event, data, "lists.zip", status)
    assert said in page
    assert event.entries() == []


def test_a_google_forms_folder_of_uploaded_files_names_each_respondent():
    # A form's file question keeps each upload as "<the file's own name> - <who answered>"
    # in a "(File responses)" folder; downloaded from Drive, the folder comes as a zip. The
    # player is who answered, not "My deck - Kai Ng".
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        folder = "Spring Cup (File responses)/Your decklist (File responses)"
        archive.writestr(f"{folder}/My deck - Kai Ng.txt", LEGAL)
        archive.writestr(f"{folder}/fire-water v2 - Zoë - Ann Lee.txt", LEGAL)
        # Outside such a folder a file is named for its player as before, dash and all.
        archive.writestr("round 1/Mary-Jane - Smith.txt", LEGAL)
    items, skipped = read_upload("lists.zip", buffer.getvalue())
    assert skipped == []
    assert sorted(i.player for i in items) == ["Ann Lee", "Kai Ng", "Mary-Jane - Smith"]


def test_a_list_saved_with_its_extension_twice_names_its_player_without_it():
    """Windows hides known extensions: a list saved as "Quinn.txt" by a tool that adds its
    own is "Quinn.txt.txt", and its player was "Quinn.txt". Only a decklist's own extension
    is taken off twice: "J.R.txt" is J.R's."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in ("Quinn.txt.txt", "Rita.dek.TXT", "J.R.txt", "Sam.deck.txt.txt"):
            archive.writestr(name, LEGAL)
    items, skipped = read_upload("lists.zip", buffer.getvalue())
    assert skipped == []
    assert [item.player for item in items] == ["Quinn", "Rita", "J.R", "Sam"]


def test_the_api_upload_names_what_it_read_as_windows_1252_as_the_dashboard_does(client, event):
    """The dashboard says which lists were read as Windows-1252, for the organizer to check
    their names; the API's report said nothing of it."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("Renée.txt", ("# Renée’s list\n" + LEGAL).encode("cp1252"))
        archive.writestr("Ann.txt", LEGAL)
    body = {"zip": base64.b64encode(buffer.getvalue()).decode()}
    answer = client.post(event.url("/uploads"), json=body, headers=event.admin).get_json()
    assert answer["read_as_windows_1252"] == ["Renée.txt"]
    sheet = io.BytesIO()
    with zipfile.ZipFile(sheet, "w") as archive:
        cell = '"' + LEGAL.replace('"', '""') + '"'
        archive.writestr("players.csv", f"player;list\r\nJosé;{cell}\r\n".encode("cp1252"))
    body = {"zip": base64.b64encode(sheet.getvalue()).decode()}
    answer = client.post(event.url("/uploads"), json=body, headers=event.admin).get_json()
    assert answer["read_as_windows_1252"] == ["players.csv"]
    plain = client.post(
        event.url("/uploads"), json={"csv": "player,list\nBo,1 Kindle\n"}, headers=event.admin
    ).get_json()
    assert plain["read_as_windows_1252"] == []


def test_a_file_downloaded_twice_is_its_players_second_list_not_a_new_player():
    """A browser saves a file downloaded again as "Alice_Smith (1).txt", and a zip of a
    form's folder numbers a second file of one name alike: each was a player called
    "Alice Smith (1)", a second entry for one player, never said to be one."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("Alice_Smith.txt", LEGAL)
        archive.writestr("Alice_Smith (1).txt", LEGAL)
        archive.writestr("Lists (File responses)/deck - Carol White (2).txt", LEGAL)
        archive.writestr("Ivan (Round 1).txt", LEGAL)
    items, skipped = read_upload("lists.zip", buffer.getvalue())
    assert skipped == []
    assert [item.player for item in items] == [
        "Alice Smith",
        "Alice Smith",
        "Carol White",
        "Ivan (Round 1)",
    ]
