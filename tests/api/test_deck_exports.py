"""A saved deck's text export read back (sent as text/plain, pasted, imported) is the deck
it was: its cards, boards, name and the format it was saved in."""

from __future__ import annotations

import csv
import io

import pytest

from webapp.db import get_db
from webapp.deck_page import CSV_COLUMNS

# Each game's formats other than its default, with a deck of the game
OTHER_FORMATS = [
    ("eruma", "henchmen-required"),
    ("era", "open"),
    ("ryft", "singleton-matrix"),
    ("arcmage", "exact-chapter"),
]


def save(client, **body) -> dict:
    response = client.post("/api/v1/decks", json=body)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def sent_as_text(client, game: str, text: str, **query) -> dict:
    response = client.post(
        f"/api/v1/games/{game}/validate", data=text, content_type="text/plain", query_string=query
    )
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def export(client, saved: dict) -> str:
    response = client.get(f"/api/v1/decks/{saved['id']}.txt")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def set_stored_text(app, deck_id: str, text: str) -> None:
    """The deck's text as the database holds it: as a deck saved before was written."""
    with app.app_context():
        db = get_db()
        with db.conn:
            db.execute("UPDATE decks SET text = ? WHERE id = ?", [text, deck_id])


@pytest.mark.parametrize(("game", "format_id"), OTHER_FORMATS)
def test_a_text_export_reads_back_in_the_format_the_deck_was_saved_in(
    client, example, game, format_id
):
    # it was read back in the game's default format: the text named none
    saved = save(client, game=game, name="Rush", format=format_id, text=example(f"{game}-legal"))
    text = export(client, saved)
    assert text == saved["text"]
    assert text.startswith(f"# Rush\n\nFormat: {format_id}\n\n")
    answer = sent_as_text(client, game, text)
    assert answer["format"] == format_id
    assert answer["deck"] == saved["deck"]  # its name, sections and boards
    assert not [p for p in answer["problems"] if p["rule"].startswith("decklist-")]
    # a format asked for still wins
    assert sent_as_text(client, game, text, format="standard")["format"] == "standard"


def test_a_default_format_decks_text_export_names_no_format(client, example):
    saved = save(client, game="era", name="Rush", text=example("era-legal"))
    text = export(client, saved)
    assert "Format:" not in text
    assert text.startswith("# Rush\n\nDinos:\n")
    assert sent_as_text(client, "era", text)["format"] == "standard"


def test_a_deck_saved_before_its_text_named_its_format_is_exported_naming_it(app, client, example):
    saved = save(
        client, game="eruma", name="Rush", format="henchmen-required", text=example("eruma-legal")
    )
    before = saved["text"].replace("Format: henchmen-required\n\n", "")
    set_stored_text(app, saved["id"], before)
    text = export(client, saved)
    assert text == saved["text"]
    assert sent_as_text(client, "eruma", text)["format"] == "henchmen-required"
    # one in the default format is exported as it was saved, byte for byte
    plain = save(client, game="eruma", name="Rush", text=example("eruma-legal"))
    assert export(client, plain) == plain["text"]


@pytest.mark.parametrize("name", ["Deck", "Main Deck", "Decklist"])
def test_a_deck_named_as_a_lists_heading_keeps_its_name_through_its_text_export(
    app, client, example, name
):
    # "# Deck" on top of the export was read as a heading, and the deck came back nameless
    saved = save(client, game="shadow-era", name=name, text=example("shadow-era-legal"))
    assert saved["text"].startswith(f"Name: {name}\n\n")
    answer = sent_as_text(client, "shadow-era", export(client, saved))
    assert (answer["deck"]["name"], answer["problems"]) == (name, [])
    # saved before, its text "# Deck" is exported as a name too
    set_stored_text(app, saved["id"], saved["text"].replace(f"Name: {name}\n", f"# {name}\n"))
    assert export(client, saved) == saved["text"]


def test_the_builders_text_export_names_the_format_it_was_built_in(client, example):
    # the builder's export is the validate answer's text, judged in the format picked
    answer = sent_as_text(client, "eruma", example("eruma-legal"), format="henchmen-required")
    assert answer["text"].startswith("Format: henchmen-required\n\n")
    assert sent_as_text(client, "eruma", answer["text"])["format"] == "henchmen-required"
    plain = sent_as_text(client, "eruma", example("eruma-legal"))
    assert "Format:" not in plain["text"]


@pytest.mark.parametrize(("game", "format_id"), OTHER_FORMATS)
def test_a_csv_export_reads_back_in_the_format_the_deck_was_saved_in(
    client, example, game, format_id
):
    # the CSV named no format: read back (sent, pasted, imported), it was in the default
    saved = save(client, game=game, name="Rush", format=format_id, text=example(f"{game}-legal"))
    exported = client.get(f"/decks/{saved['id']}.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(exported)))
    assert rows[0] == [*CSV_COLUMNS, "format"]
    assert {row[-1] for row in rows[1:]} == {format_id}
    answer = sent_as_text(client, game, exported)
    assert answer["format"] == format_id
    assert not [p for p in answer["problems"] if p["rule"].startswith("decklist-")]
    assert answer["deck"]["sections"] == saved["deck"]["sections"]
    assert answer["deck"].get("boards") == saved["deck"].get("boards")


def test_a_default_format_decks_csv_has_the_columns_it_had(client, example):
    saved = save(client, game="era", name="Rush", text=example("era-legal"))
    exported = client.get(f"/decks/{saved['id']}.csv").get_data(as_text=True)
    assert exported.startswith(",".join(CSV_COLUMNS) + "\r\n")
    assert exported.splitlines()[0] == "part,count,card,type,set,number,card_id"
