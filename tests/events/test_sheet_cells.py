"""A CSV of lists whose cells do not sit under the header's columns as it names them: a list
typed across several cells, a column named twice. No list is stored cut short, nor one
column's list in place of another's without a word."""

from __future__ import annotations

import pytest

from tests.events.conftest import example
from webapp.events.uploads import BadUploadError, read_upload

LEGAL = example("era-legal")


def quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def test_a_list_typed_across_the_cells_of_a_hand_made_csv_is_skipped_not_stored_cut():
    """Ann's cards were typed with commas between them and no quotes: read as her list, the
    first cell alone was stored, her other cards left out unsaid."""
    data = f"player,list\nAnn,3 Ember Rex,3 Kindle,1 High Tide\nBo,{quoted(LEGAL)}\n".encode()
    items, skipped = read_upload("lists.csv", data)
    assert [i.player for i in items] == ["Bo"]
    assert skipped == [
        (
            2,
            "row 2: skipped: it has 4 cells where the header names 2 columns, so its list"
            " would be stored cut short (a list typed with commas between its cards, not in"
            " one quoted cell?): put the list in one cell and upload it again",
        )
    ]


def test_the_empty_cells_a_spreadsheet_writes_past_the_header_are_read_past():
    data = f"player,list\nCy,{quoted(LEGAL)},,\n".encode()
    items, skipped = read_upload("lists.csv", data)
    assert ([i.player for i in items], skipped) == (["Cy"], [])
    assert items[0].submission.body == LEGAL


@pytest.mark.parametrize(
    ("header", "named"),
    [
        ("player,list,list", "list"),
        ("player,player,list", "player"),
        ("Name,Decklist,decklist", "Decklist"),
    ],
)
def test_a_header_naming_the_players_or_the_lists_column_twice_is_refused(header, named):
    data = f"{header}\nDee,Eve,{quoted(LEGAL)}\n".encode()
    with pytest.raises(BadUploadError, match=f"names the column {named} twice") as refused:
        read_upload("lists.csv", data)
    assert "nothing was stored" in str(refused.value)


@pytest.mark.parametrize("column", ["Sideboard", "sideboard (optional)", "Side deck"])
def test_a_sideboard_asked_in_a_column_of_its_own_is_stored_with_the_list(column):
    """A form asked the main deck and the sideboard apart: the sideboard was left out of
    every list stored, unsaid."""
    data = f"Name,Decklist,{column}\nFin,{quoted(LEGAL)},2 Kindle\nGil,{quoted(LEGAL)},\n"
    items, skipped = read_upload("lists.csv", data.encode())
    assert skipped == []
    assert [(i.player, i.submission.body) for i in items] == [
        ("Fin", LEGAL.rstrip("\n") + "\n\nSideboard:\n2 Kindle\n"),
        ("Gil", LEGAL),
    ]


def test_a_file_name_turning_text_around_is_spelled_in_the_report_not_obeyed():
    """A name holding U+202E (right-to-left override) turned the rest of its report line
    around on the dashboard: 'Bidi‮txt.exe: skipped: …' read backwards from there."""
    import io
    import zipfile

    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        archive.writestr("Bidi\u202etxt.exe", "3 Kindle\n")
        archive.writestr("Ann.txt", LEGAL)
        archive.writestr("Cy\u202e.txt", LEGAL)
    items, skipped = read_upload("lists.zip", packed.getvalue())
    assert [i.player for i in items] == ["Ann", "Cy\u202e"]
    assert skipped == [
        (1, "Bidi\\u202etxt.exe: skipped: not a decklist (.txt, .dek, .deck, .json files only)")
    ]
    # The name is refused as a player's when stored, its line naming the file so too.
    assert items[1].source == "Cy\\u202e.txt"
