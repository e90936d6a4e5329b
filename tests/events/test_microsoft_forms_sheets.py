"""Microsoft Forms' sheet of answers, saved as CSV: its own columns come first (ID, start
time, completion time, the respondent's e-mail and account name, last modified time), named
in the language of the organizer's Microsoft 365, then the organizer's questions. Each
answer is read with the time it was sent, and the account name column (empty, and the
e-mail 'anonymous', when anyone may answer) is the player only when no question asks one."""

from __future__ import annotations

import pytest

from tests.events.conftest import example
from tests.events.test_forms_in_other_languages import lists_of, sheet, upload
from webapp.events.uploads import read_upload

LEGAL, ILLEGAL = example("era-legal"), example("era-illegal")

# Microsoft Forms' own columns in each language, the organizer's questions, and how the
# sheet writes 14 May 2030, 10:00 and 10:20 there.
SHEETS = {
    "en": (
        ("ID", "Start time", "Completion time", "Email", "Name", "Last modified time"),
        ("Player name", "Decklist"),
        ("5/14/2030 10:00:00", "5/14/2030 10:20:00"),
    ),
    "fr": (
        ("ID", "Heure de début", "Heure de fin", "Adresse de messagerie", "Nom"),
        ("Pseudo", "Liste de deck"),
        ("14/05/2030 10:00:00", "14/05/2030 10:20:00"),
    ),
    "de": (
        ("ID", "Startzeit", "Fertigstellungszeit", "E-Mail", "Name", "Letzte Änderungszeit"),
        ("Spielername", "Deckliste"),
        ("14.05.2030 10:00:00", "14.05.2030 10:20:00"),
    ),
    "es": (
        ("Id.", "Hora de inicio", "Hora de finalización", "Correo electrónico", "Nombre"),
        ("Jugador", "Lista del mazo"),
        ("14/05/2030 10:00:00", "14/05/2030 10:20:00"),
    ),
    "it": (
        ("ID", "Ora di inizio", "Ora di completamento", "Posta elettronica", "Nome"),
        ("Giocatore", "Lista del mazzo"),
        ("14/05/2030 10:00:00", "14/05/2030 10:20:00"),
    ),
    "pt": (
        ("ID", "Hora de início", "Hora de conclusão", "Email", "Nome"),
        ("Jogador", "Lista do deck"),
        ("14/05/2030 10:00:00", "14/05/2030 10:20:00"),
    ),
    "nl": (
        ("Id", "Begintijd", "Tijdstip van voltooien", "E-mail", "Naam"),
        ("Speler", "Decklijst"),
        ("14-5-2030 10:00:00", "14-5-2030 10:20:00"),
    ),
    "pl": (
        ("ID", "Godzina rozpoczęcia", "Godzina ukończenia", "Adres e-mail", "Nazwa"),
        ("Gracz", "Lista talii"),
        ("14.05.2030 10:00:00", "14.05.2030 10:20:00"),
    ),
}


def answer(own: tuple[str, ...], number: int, sent: str, *asked: str) -> tuple[str, ...]:
    """A row of Microsoft Forms' own cells (an anonymous answer) and the answers asked."""
    cells = [str(number), sent, sent, "anonymous", "", ""][: len(own)]
    return (*cells, *asked)


@pytest.mark.parametrize("language", list(SHEETS))
def test_a_microsoft_forms_sheet_in_each_language_is_read_and_its_answers_ordered(
    client, event, language
):
    """Zoé sent her corrected list at 10:20, on the row above her 10:00 one: the time each
    was sent was not read outside English, and the older list could be the one on file."""
    own, asked, (first, corrected) = SHEETS[language]
    data = sheet(
        (*own, *asked),
        answer(own, 2, corrected, "Zoé", LEGAL),
        answer(own, 1, first, "Zoé", ILLEGAL),
    )
    said = upload(client, event, data)
    assert "player and list" not in said
    assert "cannot be told by its time" not in said
    assert [e["player"] for e in event.entries()] == ["Zoé"]
    assert lists_of(client, event, "Zoé") == [ILLEGAL, LEGAL]


def test_a_question_asking_the_name_in_its_own_words_is_the_player_not_the_account_name():
    """Anyone may answer: the account name column is empty, and it was read as the player
    over the question "What is your name?", so every list was skipped as having none."""
    own = SHEETS["en"][0]
    header = (*own, "What is your name?", "Paste your decklist")
    rows = [answer(own, 1, "5/14/2030 10:00:00", "Ann", LEGAL)]
    rows.append(answer(own, 2, "5/14/2030 10:01:00", "Bo", ILLEGAL))
    items, skipped = read_upload("answers.csv", sheet(header, *rows))
    assert skipped == []
    assert [item.player for item in items] == ["Ann", "Bo"]
    assert [item.email for item in items] == [None, None]  # 'anonymous' is no address


@pytest.mark.parametrize("language", ["en", "fr", "de", "pl"])
def test_with_no_question_asking_a_name_the_account_name_is_the_player(language):
    """In an organization's form the respondent is signed in: their account's name is who
    answered, as Google Forms' e-mail column says who answered there."""
    own, (_player, decklist), (sent, _) = SHEETS[language]
    header = (*own, decklist)
    row = [str(1), sent, sent, "kai.ng@example.org", "Kai Ng", sent][: len(own)]
    items, skipped = read_upload("answers.csv", sheet(header, (*row, LEGAL)))
    assert skipped == []
    assert [(i.player, i.email) for i in items] == [("Kai Ng", "kai.ng@example.org")]


def test_a_first_name_question_is_not_joined_to_the_account_name_nom():
    """In French the account name column is 'Nom', as the last name is: beside a question
    'Prénom' alone, it was read as the last name, and the player as 'Kai <account name>'."""
    own = SHEETS["fr"][0]
    header = (*own, "Prénom", "Nom de famille", "Liste de deck")
    row = ("1", "14/05/2030 10:00:00", "14/05/2030 10:00:00", "k@example.org", "K. Ng (Admin)")
    items, skipped = read_upload("answers.csv", sheet(header, (*row, "Kai", "Ng", LEGAL)))
    assert (skipped, [i.player for i in items]) == ([], ["Kai Ng"])
