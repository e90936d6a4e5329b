"""A sheet of a form's answers where a player answered twice: they sent a corrected list.
Their answers are stored in the order they were sent, so the latest is the list on file and
the earlier ones stay as its earlier versions, and the upload's report says so. Where which
answer is the latest cannot be told, or the two answers may be two players, nothing is
guessed: the second is skipped in words saying why."""

from __future__ import annotations

import html
import io

import pytest

from tests.events.conftest import csrf_of, example

LEGAL, ILLEGAL = example("era-legal"), example("era-illegal")
HEADER = '"Timestamp","Email Address","Your name","Decklist"\r\n'


def quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def answers(*rows: tuple[str, str, str, str]) -> bytes:
    """A Google Forms sheet of answers downloaded as CSV: time, address, name, list."""
    lines = [",".join(quoted(cell) for cell in row) + "\r\n" for row in rows]
    return (HEADER + "".join(lines)).encode()


def line(rows: list[tuple[str, str, str, str]], row: int) -> str:
    """The sheet's ``row`` (0 for the first answer) as a spreadsheet numbers it: the header is
    row 1, though the lists span several lines of the file."""
    return f"row {2 + row}"


def upload(client, event, data: bytes, filename: str = "Deck check (Responses).csv") -> str:
    dashboard = f"/events/{event.id}/admin/{event.token}"
    token = csrf_of(client.get(dashboard).get_data(as_text=True))
    answer = client.post(
        f"{dashboard}/upload",
        data={"csrf_token": token, "upload": (io.BytesIO(data), filename)},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 200
    return html.unescape(answer.get_data(as_text=True))


def lists_of(client, event, player: str) -> list[str]:
    """The player's lists on file, oldest first (the last is the list on file)."""
    (entry,) = [e for e in event.entries() if e["player"] == player]
    history = client.get(event.url(f"/entries/{entry['entry']}/versions"), headers=event.admin)
    return [version["body"] for version in history.get_json()["versions"]]


def test_a_player_who_answered_twice_has_their_latest_answer_on_file(client, event):
    """Ann sent an illegal list at 10:00 and her corrected one at 10:20; the upload kept the
    10:00 list as hers and skipped the correction as "a second list for Ann"."""
    rows = [
        ("2030/05/01 10:00:00", "ann@example.org", "Ann", ILLEGAL),
        ("2030/05/01 10:05:00", "bo@example.org", "Bo", LEGAL),
        ("2030/05/01 10:20:00", "ann@example.org", "Ann", LEGAL),
    ]
    page = upload(client, event, answers(*rows))
    assert lists_of(client, event, "Ann") == [ILLEGAL, LEGAL]
    assert "3 lists stored" in page
    assert "second list" not in page
    assert "not stored again" not in page
    first, latest = line(rows, 0), line(rows, 2)
    assert (
        f"Ann answered 2 times ({first} at 2030/05/01 10:00:00, {latest} at 2030/05/01"
        f" 10:20:00): the latest, {latest}, is the list on file (version 2); the earlier"
        " answers are kept as version 1"
    ) in page


def test_answers_are_ordered_by_their_time_not_by_their_row(client, event):
    """A sheet sorted by name, its times written as a US sheet writes them: 9:05 is before
    10:20, though "9" sorts after "1"."""
    rows = [
        ("5/1/2030 10:20:00", "ann@example.org", "Ann", LEGAL),
        ("5/1/2030 9:05:00", "ann@example.org", "Ann", ILLEGAL),
    ]
    upload(client, event, answers(*rows))
    assert lists_of(client, event, "Ann") == [ILLEGAL, LEGAL]


def test_the_sheet_downloaded_again_stores_only_the_new_answer(client, event):
    rows = [
        ("2030/05/01 10:00:00", "ann@example.org", "Ann", ILLEGAL),
        ("2030/05/01 10:20:00", "ann@example.org", "Ann", LEGAL),
    ]
    upload(client, event, answers(rows[0]))
    page = upload(client, event, answers(*rows))
    assert lists_of(client, event, "Ann") == [ILLEGAL, LEGAL]
    first, latest = line(rows, 0), line(rows, 1)
    assert f"the latest, {latest}, is the list on file (version 2)" in page
    page = upload(client, event, answers(*rows))
    assert lists_of(client, event, "Ann") == [ILLEGAL, LEGAL]
    assert "0 lists stored" in page
    assert f"{first}: Ann: an earlier answer than {latest}'s, which is on file: not" in page
    assert f"{latest}: Ann: the same list is on file (version 2), not stored again" in page


def test_an_answer_before_the_one_on_file_is_not_stored_after_it(client, event):
    """Only Ann's correction was uploaded; the whole sheet, later, holds her first answer
    too: stored now, it would be her list on file, above her correction."""
    rows = [
        ("2030/05/01 10:00:00", "ann@example.org", "Ann", ILLEGAL),
        ("2030/05/01 10:20:00", "ann@example.org", "Ann", LEGAL),
    ]
    upload(client, event, answers(rows[1]))
    page = upload(client, event, answers(*rows))
    assert lists_of(client, event, "Ann") == [LEGAL]
    said = f"{line(rows, 0)}: Ann: an earlier answer than {line(rows, 1)}'s, which is on file:"
    assert f"{said} not stored</li>" in page
    assert f"the latest, {line(rows, 1)}, was already on file (version 1)" in page


def test_with_room_for_fewer_lists_the_latest_answers_are_kept(app, client, event):
    app.config["EVENT_MAX_VERSIONS"] = 2
    rows = [
        ("2030/05/01 10:00:00", "ann@example.org", "Ann", "1 Ember Rex"),
        ("2030/05/01 10:10:00", "ann@example.org", "Ann", ILLEGAL),
        ("2030/05/01 10:20:00", "ann@example.org", "Ann", LEGAL),
    ]
    page = upload(client, event, answers(*rows))
    assert lists_of(client, event, "Ann") == [ILLEGAL, LEGAL]
    assert "row 2: skipped: an earlier answer of Ann's, not stored" in page


@pytest.mark.parametrize(
    ("rows", "said"),
    [
        (
            [
                ("2030/05/01 10:00:00", "ann@example.org", "Ann", ILLEGAL),
                ("2030/05/01 10:20:00", "ann.other@example.org", "Ann", LEGAL),
            ],
            "skipped: a second list for Ann with another email address"
            " (ann.other@example.org, ann@example.org): two players of one name",
        ),
        (
            # Day/month or month/day: 1 May and 5 January, or 5 January and 1 May.
            [
                ("01/05/2030 10:00", "ann@example.org", "Ann", ILLEGAL),
                ("05/01/2030 09:00", "ann@example.org", "Ann", LEGAL),
            ],
            "skipped: a second list for Ann: which of their answers is the latest"
            " cannot be told by its time ('01/05/2030 10:00', '05/01/2030 09:00')",
        ),
        (
            # Sent in one minute, as a sheet writing no seconds shows it: the row below is
            # not the later answer (a sheet may be sorted by anything).
            [
                ("5/1/2030 10:20", "ann@example.org", "Ann", ILLEGAL),
                ("5/1/2030 10:20", "ann@example.org", "Ann", LEGAL),
            ],
            "skipped: a second list for Ann: which of their answers is the latest"
            " cannot be told by its time ('5/1/2030 10:20', '5/1/2030 10:20')",
        ),
    ],
)
def test_answers_that_may_be_two_players_or_out_of_order_are_not_guessed(client, event, rows, said):
    page = upload(client, event, answers(*rows))
    assert lists_of(client, event, "Ann") == [ILLEGAL]
    assert f"{line(rows, 1)}: {said}" in page


def test_a_time_out_of_the_calendars_range_in_utc_is_no_time_not_an_error(client, event):
    # the first moment of year 1 an hour east of UTC is in year 0 in UTC, which no date has:
    # the upload failed with a server error
    rows = [
        ("0001-01-01T00:00:00+01:00", "ann@example.org", "Ann", ILLEGAL),
        ("9999-12-31T23:59:59-01:00", "ann@example.org", "Ann", LEGAL),
    ]
    page = upload(client, event, answers(*rows))
    assert lists_of(client, event, "Ann") == [ILLEGAL]
    assert f"{line(rows, 1)}: skipped: a second list for Ann: which of their answers" in page


def test_one_time_the_sheet_cannot_read_leaves_the_other_players_answers_in_order(client, event):
    # A cell typed over ('late'), or pasted from elsewhere: only its own row has no time. Every
    # other player's correction was skipped as a second list, as no way read the whole column.
    rows = [
        ("2030/05/01 10:00:00", "ann@example.org", "Ann", ILLEGAL),
        ("late", "bo@example.org", "Bo", LEGAL),
        ("2030/05/01 10:20:00", "ann@example.org", "Ann", LEGAL),
    ]
    page = upload(client, event, answers(*rows))
    assert lists_of(client, event, "Ann") == [ILLEGAL, LEGAL]
    assert lists_of(client, event, "Bo") == [LEGAL]
    assert "second list" not in page


def test_a_player_whose_answer_has_a_time_the_sheet_cannot_read_is_not_guessed(client, event):
    rows = [
        ("2030/05/01 10:00:00", "ann@example.org", "Ann", ILLEGAL),
        ("late", "ann@example.org", "Ann", LEGAL),
    ]
    page = upload(client, event, answers(*rows))
    assert lists_of(client, event, "Ann") == [ILLEGAL]
    assert f"{line(rows, 1)}: skipped: a second list for Ann: which of their answers" in page


def test_a_sheet_without_times_still_skips_a_second_list(client, event):
    sheet = f"player,list\r\nAnn,1 Ember Rex\r\nAnn,{quoted(LEGAL)}\r\n"
    page = upload(client, event, sheet.encode())
    assert lists_of(client, event, "Ann") == ["1 Ember Rex"]
    assert "row 3: skipped: a second list for Ann" in page


def test_the_api_upload_names_who_answered_again_as_the_dashboard_does(client, event):
    """Over the API, Ann's two answers were both in ``stored`` and nothing said which was
    her list on file; the answer carries the dashboard's words for her."""
    rows = [
        ("2030/05/01 10:00:00", "ann@example.org", "Ann", ILLEGAL),
        ("2030/05/01 10:20:00", "ann@example.org", "Ann", LEGAL),
    ]
    sheet = answers(*rows).decode()
    answer = client.post(event.url("/uploads"), json={"csv": sheet}, headers=event.admin)
    assert answer.status_code == 200, answer.get_json()
    first, latest = line(rows, 0), line(rows, 1)
    assert answer.get_json()["answered_again"] == [
        f"Ann answered 2 times ({first} at 2030/05/01 10:00:00, {latest} at 2030/05/01"
        f" 10:20:00): the latest, {latest}, is the list on file (version 2); the earlier"
        " answers are kept as version 1"
    ]
    again = client.post(event.url("/uploads"), json={"csv": sheet}, headers=event.admin)
    said = f"the latest, {latest}, was already on file (version 2)"
    assert said in again.get_json()["answered_again"][0]
    assert said in upload(client, event, answers(*rows))


def test_an_api_upload_without_form_answers_says_no_one_answered_again(client, event):
    sheet = f"player,list\r\nAnn,{quoted(LEGAL)}\r\n"
    answer = client.post(event.url("/uploads"), json={"csv": sheet}, headers=event.admin)
    assert answer.get_json()["answered_again"] == []
    document = client.get("/api/v1/openapi.json").get_json()
    report = document["components"]["schemas"]["UploadReport"]
    assert "answered_again" in report["required"]
    assert report["properties"]["answered_again"]["type"] == "array"
