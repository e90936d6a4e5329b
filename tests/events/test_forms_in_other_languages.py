"""A form's sheet of answers made in another language: Google Forms names its timestamp column
in the form's language ("Horodateur", "Zeitstempel") and the spreadsheet writes its dates the
local way ("14/05/2030", "14.05.2030", "14/05/2030 10.20.00"); the organizer asks the
questions in their own words ("Pseudo", "Liste de deck"), or asks a first and a last name.
Each is read as the organizer wrote it; where which column is the player's cannot be told,
the sheet is refused in words saying which column to rename."""

from __future__ import annotations

import html
import io

import pytest

from tests.events.conftest import csrf_of, example
from webapp.events.uploads import BadUploadError, read_upload

LEGAL, ILLEGAL = example("era-legal"), example("era-illegal")


def quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def sheet(*rows) -> bytes:
    return "".join(",".join(quoted(cell) for cell in row) + "\r\n" for row in rows).encode()


def upload(client, event, data: bytes) -> str:
    dashboard = f"/events/{event.id}/admin/{event.token}"
    token = csrf_of(client.get(dashboard).get_data(as_text=True))
    answer = client.post(
        f"{dashboard}/upload",
        data={"csrf_token": token, "upload": (io.BytesIO(data), "Réponses.csv")},
        content_type="multipart/form-data",
    )
    return html.unescape(answer.get_data(as_text=True))


def lists_of(client, event, player: str) -> list[str]:
    (entry,) = [e for e in event.entries() if e["player"] == player]
    history = client.get(event.url(f"/entries/{entry['entry']}/versions"), headers=event.admin)
    return [version["body"] for version in history.get_json()["versions"]]


# Google Forms' own columns in each language (timestamp, e-mail address), the organizer's
# questions, and how the spreadsheet of that language writes 14 May 2030, 10:00 and 10:20.
SHEETS = {
    "fr": (
        ("Horodateur", "Adresse e-mail", "Pseudo", "Liste de deck"),
        ("14/05/2030 10:00:00", "14/05/2030 10:20:00"),
    ),
    "fr, Nom": (
        ("Horodateur", "Adresse e-mail", "Nom", "Decklist"),
        ("14/05/2030 10:00:00", "14/05/2030 10:20:00"),
    ),
    "de": (
        ("Zeitstempel", "E-Mail-Adresse", "Spielername", "Deckliste"),
        ("14.05.2030 10:00:00", "14.05.2030 10:20:00"),
    ),
    "es": (
        ("Marca temporal", "Dirección de correo electrónico", "Nombre", "Lista del mazo"),
        ("14/5/2030 10:00:00", "14/5/2030 10:20:00"),
    ),
    "it": (
        ("Informazioni cronologiche", "Indirizzo email", "Nome", "Lista del mazzo"),
        ("14/05/2030 10.00.00", "14/05/2030 10.20.00"),
    ),
    "pt": (
        ("Carimbo de data/hora", "Endereço de e-mail", "Nome", "Lista do deck"),
        ("14/05/2030 10:00:00", "14/05/2030 10:20:00"),
    ),
    "nl": (
        ("Tijdstempel", "E-mailadres", "Naam", "Decklijst"),
        ("14-5-2030 10:00:00", "14-5-2030 10:20:00"),
    ),
    "pl": (
        ("Sygnatura czasowa", "Adres e-mail", "Imię i nazwisko", "Lista talii"),
        ("14.05.2030 10:00:00", "14.05.2030 10:20:00"),
    ),
}


@pytest.mark.parametrize("language", list(SHEETS))
def test_a_forms_sheet_in_another_language_is_read_and_its_answers_ordered(client, event, language):
    """Zoé sent her corrected list at 10:20, on the row above her 10:00 one: the sheet was
    refused whole as having no player and list columns."""
    header, (first, corrected) = SHEETS[language]
    data = sheet(
        header,
        (corrected, "zoe@example.org", "Zoé", LEGAL),
        (first, "zoe@example.org", "Zoé", ILLEGAL),
    )
    said = upload(client, event, data)
    assert "player and list" not in said
    assert [e["player"] for e in event.entries()] == ["Zoé"]
    assert lists_of(client, event, "Zoé") == [ILLEGAL, LEGAL]


@pytest.mark.parametrize(
    "header",
    [
        ("Timestamp", "First name", "Last name", "Decklist"),
        ("Timestamp", "Last name", "First name", "Decklist"),
        ("Horodateur", "Prénom", "Nom", "Liste de deck"),
        ("Horodateur", "Nom", "Prénom", "Liste de deck"),
        ("Zeitstempel", "Vorname", "Nachname", "Deckliste"),
        ("Zeitstempel", "Vorname", "Name", "Deckliste"),
        ("Marca temporal", "Nombre", "Apellidos", "Lista del mazo"),
        ("Informazioni cronologiche", "Nome", "Cognome", "Lista del mazzo"),
        ("Carimbo de data/hora", "Nome", "Sobrenome", "Lista do deck"),
        ("Tijdstempel", "Voornaam", "Achternaam", "Decklijst"),
        ("Sygnatura czasowa", "Imię", "Nazwisko", "Lista talii"),
    ],
)
def test_a_first_and_a_last_name_are_the_player_joined_in_that_order(header):
    """Asked apart, the two were refused as two name columns, or 'Nom' (the last name, beside
    'Prénom') read alone as the player: Ng instead of Kai Ng."""
    first, last = (1, 2) if header[1].lower() in FIRST_NAMES else (2, 1)
    cells = ["2030/05/14 10:00:00", "", "", LEGAL]
    cells[first], cells[last] = "Kai", "Ng"
    items, skipped = read_upload("answers.csv", sheet(header, cells))
    assert (skipped, [(i.source, i.player) for i in items]) == ([], [("row 2", "Kai Ng")])


FIRST_NAMES = {"first name", "prénom", "vorname", "nombre", "nome", "voornaam", "imię"}


def test_a_row_with_a_first_name_alone_is_named_by_it_and_one_with_neither_is_skipped():
    data = sheet(("Prénom", "Nom", "Decklist"), ("Kai", "", LEGAL), ("", " ", LEGAL))
    items, skipped = read_upload("answers.csv", data)
    assert [i.player for i in items] == ["Kai"]
    assert [said for _, said in skipped] == ["row 3: skipped: no player name"]


@pytest.mark.parametrize(
    ("header", "named"),
    [
        (("Pseudo", "Prénom", "Nom", "Decklist"), "Pseudo"),
        (("Player name", "First name", "Last name", "Decklist"), "Player name"),
    ],
)
def test_a_player_column_beside_a_first_and_a_last_name_is_not_guessed_between(header, named):
    """Which of the two names the player (a nickname or the name asked in two parts) is the
    organizer's to say: the sheet is refused, naming the columns to rename."""
    data = sheet(header, ("Kaiser", "Kai", "Ng", LEGAL))
    with pytest.raises(BadUploadError) as refused:
        read_upload("answers.csv", data)
    said = str(refused.value)
    assert f"both a column {named} and a first and a last name ({header[1]}, {header[2]})" in said
    assert f"to read {named}, rename it player;" in said
    assert f"to read the two names joined, rename {named} to something else" in said


@pytest.mark.parametrize(
    ("header", "player"),
    [
        (("player", "Prénom", "Nom", "Decklist"), "Kaiser"),
        (("Pseudo (not asked)", "Prénom", "Nom", "Decklist"), "Kai Ng"),
        (("player", "Prénom", "Nom", "Nom de famille", "Decklist"), "Kaiser"),
    ],
)
def test_the_sheet_renamed_as_the_refusal_says_is_read(header, player):
    """Pseudo renamed player, the sheet was refused again, though the refusal said to."""
    row = ("Kaiser", "Kai", "Ng", *[""] * (len(header) - 4), LEGAL)
    items, skipped = read_upload("answers.csv", sheet(header, row))
    assert (skipped, [i.player for i in items]) == ([], [player])


def test_two_columns_that_may_be_the_last_name_are_not_guessed_between():
    """Beside 'Nom de famille', 'Nom' read alone as the player would have been half a name."""
    data = sheet(("Prénom", "Nom", "Nom de famille", "Decklist"), ("Kai", "K.", "Ng", LEGAL))
    with pytest.raises(BadUploadError) as refused:
        read_upload("answers.csv", data)
    said = str(refused.value)
    assert "in more columns than a first and a last name (Prénom, Nom, Nom de famille)" in said
    assert "rename the column of players' names player" in said


def test_the_sheet_refused_so_through_the_dashboard_stores_nothing(client, event):
    said = upload(
        client, event, sheet(("Pseudo", "Prénom", "Nom", "Decklist"), ("K", "Kai", "Ng", LEGAL))
    )
    assert "to read Pseudo, rename it player;" in said
    assert event.entries() == []
