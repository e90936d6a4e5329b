"""Reading a bulk upload: zips are guarded (sizes, paths, binary members) and CSVs checked."""

from __future__ import annotations

import io
import random
import zipfile

import pytest

from tests.events.conftest import example
from webapp.events import uploads as event_uploads
from webapp.events.uploads import UNSAFE_PATH, BadUploadError, read_csv, read_upload, read_zip


def zipped(members: dict[str, bytes | str], compression=zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def test_each_text_file_of_a_zip_is_one_players_list_named_after_the_file():
    data = zipped(
        {
            "Alice_Smith.txt": example("era-legal"),
            "round-1/bob.dek": example("era-illegal"),
            "carol.json": '{"sections": {"dinos": ["Ember Rex"]}}',
        }
    )
    items, skipped = read_zip(data)
    assert skipped == []
    assert [(i.source, i.player, i.submission.kind) for i in items] == [
        ("Alice_Smith.txt", "Alice Smith", "text"),
        ("round-1/bob.dek", "bob", "text"),
        ("carol.json", "carol", "json"),
    ]
    assert items[0].submission.body == example("era-legal")


def test_members_with_unsafe_paths_are_skipped_never_followed():
    data = zipped(
        {
            "../../etc/passwd.txt": "1 Ember Rex",
            "/abs/olute.txt": "1 Ember Rex",
            "ok/../../up.txt": "1 Ember Rex",
            "C:/windows.txt": "1 Ember Rex",
            "fine.txt": "1 Ember Rex",
        }
    )
    items, skipped = read_zip(data)
    assert [i.player for i in items] == ["fine"]
    assert len(skipped) == 4
    assert all(message.endswith(f"skipped: {UNSAFE_PATH}") for _, message in skipped)


def test_non_text_members_are_skipped_with_a_message():
    data = zipped(
        {
            "photo.png": b"\x89PNG\r\n\x1a\n\x00\x00",
            "binary.txt": b"\x00\x01\x02 not text",
            "latin1.txt": "Dinos:\n1 Émber Rex".encode("latin-1"),
            ".hidden.txt": "1 Ember Rex",
            "__MACOSX/._alice.txt": b"\x00\x05",
            "alice.txt": example("era-legal"),
        }
    )
    items, skipped = read_zip(data)
    # Latin-1 text is read as Windows-1252, as Windows saves it (its letters are the same).
    assert [i.player for i in items] == ["latin1", "alice"]
    assert skipped == [  # each with its place in the zip, for the report's order
        (1, "photo.png: skipped: not a decklist (.txt, .dek, .deck, .json files only)"),
        (2, "binary.txt: skipped: not a UTF-8 text file (it holds NUL bytes)"),
        (4, ".hidden.txt: skipped: hidden or system file"),
        (5, "__MACOSX/._alice.txt: skipped: hidden or system file"),
    ]
    assert [i.position for i in items] == [3, 6]


def test_a_list_saved_as_unicode_by_a_windows_editor_is_read():
    # Notepad's "Unicode" is UTF-16 with its byte order mark, little- or big-endian.
    data = zipped(
        {
            "alice.txt": example("era-legal").encode("utf-16"),
            "bob.txt": b"\xfe\xff" + example("era-illegal").encode("utf-16-be"),
        }
    )
    items, skipped = read_zip(data)
    assert skipped == []
    assert [(i.player, i.submission.body) for i in items] == [
        ("alice", example("era-legal")),
        ("bob", example("era-illegal")),
    ]


def test_a_member_that_inflates_past_the_limit_is_skipped_unread(monkeypatch):
    monkeypatch.setattr(event_uploads, "MAX_MEMBER_BYTES", 1_000)
    bomb = zipped({"bomb.txt": "1 Ember Rex\n" * 10_000, "ok.txt": "1 Ember Rex"})
    assert len(bomb) < 1_000  # it compresses to almost nothing
    items, skipped = read_zip(bomb)
    assert [i.player for i in items] == ["ok"]
    assert skipped == [(1, "bomb.txt: skipped: larger than 1000 bytes")]


def test_a_member_whose_header_understates_its_size_is_skipped(monkeypatch):
    monkeypatch.setattr(event_uploads, "MAX_MEMBER_BYTES", 1_000)
    data = bytearray(zipped({"liar.txt": "1 Ember Rex\n" * 1_000}, zipfile.ZIP_STORED))
    # The central directory now claims 10 bytes: reading is bounded and checked, never trusted.
    central = data.rfind(b"PK\x01\x02")
    data[central + 24 : central + 28] = (10).to_bytes(4, "little")
    items, skipped = read_zip(bytes(data))
    assert items == []
    assert len(skipped) == 1
    assert skipped[0][1].startswith("liar.txt: skipped:")


def test_a_zip_that_inflates_past_the_total_limit_is_refused(monkeypatch):
    monkeypatch.setattr(event_uploads, "MAX_TOTAL_BYTES", 5_000)
    data = zipped({f"player{n}.txt": "1 Ember Rex\n" * 300 for n in range(3)})
    with pytest.raises(BadUploadError, match="inflates"):
        read_zip(data)


def test_too_many_members_or_too_many_bytes_are_refused(monkeypatch):
    monkeypatch.setattr(event_uploads, "MAX_MEMBERS", 3)
    with pytest.raises(BadUploadError, match="at most 3 files"):
        read_zip(zipped({f"p{n}.txt": "1 Ember Rex" for n in range(4)}))
    monkeypatch.setattr(event_uploads, "MAX_UPLOAD_BYTES", 100)
    with pytest.raises(BadUploadError, match="at most"):
        read_upload("big.csv", b"player,list\n" + b"x" * 200)


def test_a_broken_zip_is_refused_in_words():
    with pytest.raises(BadUploadError, match="not a readable zip"):
        read_upload("lists.zip", b"PK\x03\x04 this is no zip")


def test_a_csv_has_one_row_per_player_with_multi_line_lists():
    data = (
        "player,list,player_id\n"
        f'Alice,"{example("era-legal")}",A-1\n'
        ',"1 Ember Rex",\n'
        '"Bob ""the Builder""","1 Ember Rex",\n'
    ).encode()
    items, skipped = read_upload("lists.csv", data)
    assert [(i.player, i.player_id) for i in items] == [
        ("Alice", "A-1"),
        ('Bob "the Builder"', None),
    ]
    assert items[0].submission.body == example("era-legal")
    empty = 2 + example("era-legal").count(chr(10)) + 1  # the line the row without a name is on
    # Each named by its row in a spreadsheet (the header is row 1), ordered by its line.
    assert [(i.source, i.position) for i in items] == [
        ("row 2", 2),
        ("row 4", empty + 1),
    ]
    assert skipped == [(empty, "row 3: skipped: no player name")]


def test_a_csv_without_the_player_and_list_columns_is_refused():
    with pytest.raises(BadUploadError, match="player and list"):
        read_csv(b"who,cards\nAlice,1 Ember Rex\n")
    with pytest.raises(BadUploadError, match="neither a zip file nor a CSV"):
        read_csv(b"\xff\xfe\x00binary")


def zip_made_by_a_tool(members: dict[bytes, str], extra: dict[bytes, bytes] | None = None) -> bytes:
    """A zip whose member names are the given bytes, written without the UTF-8 flag, as
    Info-ZIP's zip (Linux) and the Finder's Compress (macOS) write them; ``extra`` adds an
    extra field to a member, as 7-Zip and WinZip add a Unicode path."""
    buffer = io.BytesIO()
    stand_ins = {raw: f"{n:0{len(raw)}d}".encode() for n, raw in enumerate(members)}
    with zipfile.ZipFile(buffer, "w") as archive:
        for raw, content in members.items():
            # An ASCII name of the same length, replaced below by the raw bytes (zipfile
            # would write a name beyond ASCII in UTF-8 and set the flag).
            info = zipfile.ZipInfo(stand_ins[raw].decode())
            info.extra = (extra or {}).get(raw, b"")
            archive.writestr(info, content)
    data = buffer.getvalue()
    for raw, stand_in in stand_ins.items():
        assert data.count(stand_in) == 2  # the local header and the central directory
        data = data.replace(stand_in, raw)
    return data


def unicode_path(raw: bytes, name: str) -> bytes:
    """Info-ZIP's Unicode Path Extra Field (0x7075): the path in UTF-8 for the raw name."""
    body = b"\x01" + zipfile.crc32(raw).to_bytes(4, "little") + name.encode("utf-8")
    return (0x7075).to_bytes(2, "little") + len(body).to_bytes(2, "little") + body


def test_a_players_name_written_in_utf8_without_the_zip_flag_is_read_as_typed():
    # `zip -r lists.zip decks` on Linux and the Finder's Compress on macOS store the name's
    # UTF-8 bytes without the flag saying so; read as the zip default (cp437) José was "Jos├⌐".
    data = zip_made_by_a_tool(
        {
            "decks/José Núñez.txt".encode(): example("era-legal"),
            "decks/Zoë_Ång.txt".encode(): example("era-illegal"),
        }
    )
    items, skipped = read_zip(data)
    assert skipped == []
    assert [(i.source, i.player) for i in items] == [
        ("decks/José Núñez.txt", "José Núñez"),
        ("decks/Zoë_Ång.txt", "Zoë Ång"),
    ]


def test_a_name_in_the_dos_code_page_stays_as_written_and_a_unicode_path_field_wins():
    # An old Windows zip names "Müller" in cp437 (ü is 0x81, no UTF-8): it is read so. A tool
    # that adds the Unicode path field (0x7075) for its cp437 name is read by that field.
    old = "Müller.txt".encode("cp437")
    marked = "Gr_sz.txt".encode("cp437")
    data = zip_made_by_a_tool(
        {old: example("era-legal"), marked: example("era-legal")},
        extra={marked: unicode_path(marked, "Großmann.txt")},
    )
    items, skipped = read_zip(data)
    assert skipped == []
    assert [(i.source, i.player) for i in items] == [
        ("Müller.txt", "Müller"),
        ("Großmann.txt", "Großmann"),
    ]


def test_a_zip_made_on_windows_with_backslashes_names_the_player_by_the_file():
    # Windows PowerShell's Compress-Archive writes 'round-1\Alice Smith.txt': the player is
    # Alice Smith, not 'round-1\Alice Smith'.
    data = zipped(
        {"round-1\\Alice_Smith.txt": example("era-legal"), "round-1\\sub\\Bob.txt": "1 Ember Rex"}
    )
    items, skipped = read_zip(data)
    assert skipped == []
    assert [(i.source, i.player) for i in items] == [
        ("round-1/Alice_Smith.txt", "Alice Smith"),
        ("round-1/sub/Bob.txt", "Bob"),
    ]
    hidden = zipped({"round-1\\.DS_Store.txt": "x", "..\\up.txt": "1 Ember Rex"})
    assert read_zip(hidden) == (
        [],
        [
            (1, "round-1/.DS_Store.txt: skipped: hidden or system file"),
            (2, f"../up.txt: skipped: {UNSAFE_PATH}"),
        ],
    )


def test_a_csv_saved_by_a_spreadsheet_with_semicolons_or_tabs_is_read():
    # Excel saves "CSV" with semicolons where the comma is the decimal mark (most of Europe),
    # and rows copied out of a spreadsheet are tab-separated: both have the two columns.
    rows = [("player", "list", "player_id"), ("Anna Müller", "1 Ember Rex", "DE-1"), ("", "", "")]
    for separator in (";", "\t"):
        text = "\r\n".join(separator.join(row) for row in rows) + "\r\n"
        items, skipped = read_csv(text.encode())
        assert [(i.source, i.player, i.player_id, i.submission.body) for i in items] == [
            ("row 2", "Anna Müller", "DE-1", "1 Ember Rex")
        ], separator
        assert skipped == []
    # A list holding semicolons in a comma-separated file is still one cell.
    items, _ = read_csv(b'player,list\nCy,"1 Ember Rex; 2 Kindle"\n')
    assert [(i.player, i.submission.body) for i in items] == [("Cy", "1 Ember Rex; 2 Kindle")]
    with pytest.raises(BadUploadError, match="commas, semicolons or tabs"):
        read_csv(b"player|list\nAlice|1 Ember Rex\n")


def gibberish(rng, count: int) -> str:
    return "\n".join(
        f"2 {''.join(rng.choices('abcdefghijklmnopqrstuvwxyz', k=10))}" for _ in range(count)
    )


def test_an_upload_of_more_different_lines_than_its_budget_is_refused_before_reading_any(
    monkeypatch,
):
    """Three hundred lists of a thousand lines of gibberish held a worker past its timeout."""
    monkeypatch.setattr(event_uploads, "MAX_DIFFERENT_LINES", 50)
    rng = random.Random(3)
    lists = {f"p{n}.txt": gibberish(rng, 20) for n in range(3)}
    with pytest.raises(BadUploadError, match=r"at most 50 different lines .* these hold 60"):
        read_zip(zipped(lists))
    table = "player,list\n" + "".join(f'p{n},"{text}"\n' for n, text in enumerate(lists.values()))
    with pytest.raises(BadUploadError, match="these hold 60: upload them in parts"):
        read_csv(table.encode())


def test_a_whole_events_lists_repeat_their_lines_and_fit_the_budget():
    legal, illegal = example("era-legal"), example("era-illegal")
    lists = {f"player{n}.txt": (legal, illegal)[n % 2] for n in range(1_000)}
    items, skipped = read_zip(zipped(lists))
    assert (len(items), skipped) == (1_000, [])


def test_the_upload_endpoint_documents_its_budget_of_different_lines():
    from webapp.events import api

    assert f"at most {event_uploads.MAX_DIFFERENT_LINES:,} different lines" in api.upload.__doc__


def test_a_csv_saved_by_excel_in_windows_1252_is_read_as_written():
    """Excel's "CSV (Comma delimited)" on Windows is written in the ANSI code page: "José"
    is the byte E9, which is not UTF-8. The upload reads it as Windows-1252, as typed."""
    data = 'player,list\r\nJosé Núñez,3 Ember Rex\r\nSøren,"3 Ember Rex\n1 Kindle"\r\n'
    items, skipped = read_csv(data.encode("cp1252"))
    assert skipped == []
    assert [item.player for item in items] == ["José Núñez", "Søren"]
    assert items[1].submission.body == "3 Ember Rex\n1 Kindle"
    assert event_uploads.read_as_windows_1252(data.encode("cp1252"))
    assert not event_uploads.read_as_windows_1252(data.encode("utf-8"))


def test_a_utf8_csv_with_one_odd_byte_keeps_its_utf8_letters():
    """A UTF-8 sheet with one byte of Windows-1252 in it (a cell pasted from an old file)
    was read as Windows-1252 whole: José was the player "JosÃ©", a player no one typed,
    and "Glacáin" a card no one named. Its UTF-8 stays UTF-8, the odd byte read as
    Windows-1252, and the organizer is told to check it."""
    data = (
        'player,list\r\nJosé Núñez,"1 Glacáin\n3 Zombie"\r\nSøren,"// Søren’s deck\n1 Kindle"\r\n'
    )
    raw = data.encode("utf-8").replace("’".encode(), "’".encode("cp1252"))
    items, skipped = read_csv(raw)
    assert skipped == []
    assert [item.player for item in items] == ["José Núñez", "Søren"]
    assert [item.submission.body for item in items] == [
        "1 Glacáin\n3 Zombie",
        "// Søren’s deck\n1 Kindle",
    ]
    assert event_uploads.read_as_windows_1252(raw)


def test_a_csv_in_no_encoding_it_could_be_is_still_refused():
    # 0x81 and 0x9D are no character of Windows-1252; NUL bytes are UTF-16 without its mark.
    for data in (b"player,list\r\nA\x81,1 Ember Rex\r\n", "player,list\r\n".encode("utf-16-le")):
        with pytest.raises(BadUploadError, match="neither a zip file nor a CSV"):
            read_csv(data)


@pytest.mark.parametrize(("code_page", "name"), [("cp1251", "Алексей"), ("cp1253", "Νικόλαος")])
def test_a_csv_in_another_windows_code_page_is_refused_not_stored_misread(code_page, name):
    """Russian or Greek Excel writes its own code page, which Windows-1252 would read as
    "Àëåêñåé": names no one typed. Words of such letters alone are refused, saying how to
    save the sheet."""
    with pytest.raises(BadUploadError, match="CSV UTF-8"):
        read_csv(f"player,list\r\n{name},3 Ember Rex\r\n".encode(code_page))


def test_a_json_list_naming_a_section_twice_is_skipped_not_stored_in_half():
    cell = '"{""sections"": {""dinos"": [""Ember Rex""], ""dinos"": [""Kindle""]}}"'
    items, skipped = read_csv(f"player,list\r\nAnn,{cell}\r\n".encode())
    assert items == []
    assert skipped == [
        (
            2,
            "row 2: skipped: the list looks like JSON but cannot be read:"
            " the JSON names the key 'dinos' twice in one object",
        )
    ]
