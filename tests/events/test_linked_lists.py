"""A form's file question ("Upload your decklist") puts a link to each file in Drive in the
sheet of answers, not the list: uploaded, the sheet stored each link as a list of one card
no game has, a version and a receipt nobody sent. A cell holding only links is skipped,
saying where the lists are and what to upload instead; the rows with lists are stored."""

from __future__ import annotations

import pytest

from tests.events.conftest import example
from tests.events.test_form_answers import answers, upload
from webapp.events.uploads import read_upload

LEGAL = example("era-legal")
LINK = "https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp"


@pytest.mark.parametrize(
    "cell",
    [
        LINK,
        f" {LINK}\n",
        f"{LINK}, https://drive.google.com/open?id=1QrStUv",  # two files uploaded
        "https://forms.office.com/Pages/ResponsePage.aspx?id=x",
        "http://example.org/decks/42",
    ],
)
def test_a_list_cell_holding_only_links_is_skipped_saying_what_to_upload(cell):
    data = answers(("2030/05/01 10:00:00", "ann@example.org", "Ann", cell))
    items, skipped = read_upload("answers.csv", data)
    assert items == []
    [(_, said)] = skipped
    assert said.startswith("row 2: skipped: the list cell holds a link")
    assert "(File responses)" in said
    assert "zip" in said


def test_through_the_dashboard_nothing_is_stored_for_the_link(client, event):
    data = answers(
        ("2030/05/01 10:00:00", "ann@example.org", "Ann", LINK),
        ("2030/05/01 10:05:00", "bo@example.org", "Bo", LEGAL),
    )
    page = upload(client, event, data)
    assert "row 2: skipped: the list cell holds a link" in page
    assert [e["player"] for e in event.entries()] == ["Bo"]


def test_a_list_with_a_link_in_a_note_is_still_a_list():
    cell = f"# from {LINK}\n" + LEGAL
    items, skipped = read_upload("answers.csv", answers(("", "", "Ann", cell)))
    assert skipped == []
    assert [item.player for item in items] == ["Ann"]
