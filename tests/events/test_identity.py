"""No one takes a registered player's place, and names that only look alike are flagged."""

from __future__ import annotations

import pytest

from tests.events.conftest import DEADLINE, http
from webapp.events import lookalike_key

REGISTERED = {"name": "Reg Istered", "player_id": "R-1"}
CYRILLIC_E = "R\u0435g Istered"  # the "е" is Cyrillic


@pytest.fixture
def registered(make_event):
    return make_event(players=[REGISTERED])


def test_a_registered_name_without_its_player_id_is_refused(registered, era_legal):
    for extra in ({}, {"player_id": "R-2"}):
        refused = registered.submit("Reg Istered", era_legal, **extra)
        assert refused.status_code == 403
        assert refused.get_json()["error"]["code"] == "player-id-required"
    claimed = registered.submit("reg istered", era_legal, player_id="r-1")
    assert claimed.status_code == 201
    assert claimed.get_json()["entry"]["player"] == "Reg Istered"
    assert claimed.get_json()["entry"]["registered"] is True


def test_a_name_that_reads_like_a_registered_one_is_flagged_to_the_organizer(
    client, registered, era_legal
):
    assert registered.submit(CYRILLIC_E, era_legal).status_code == 201
    assert registered.submit("Someone Else", era_legal).status_code == 201
    listed = client.get(registered.url("/entries"), headers=registered.admin).get_json()
    assert listed["lookalikes"] == [["Reg Istered", CYRILLIC_E]]
    page = client.get(f"/events/{registered.id}/admin/{registered.token}").get_data(as_text=True)
    assert "Names that look alike" in page
    assert "R\\u0435g Istered" in page


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Anna", "\u0410nna"),  # Cyrillic capital A
        ("Bob", "B0b"),
        ("Reg Istered", "Reg lstered"),  # small L for capital I
        ("Nick", "\u039dick"),  # Greek capital Nu
        ("Müller", "Muller"),
        # A phone's keyboard types the curly apostrophe and a word processor's the dash:
        # "O’Brien" beside "O'Brien" was two players and nothing said of it.
        ("O'Brien", "O\u2019Brien"),
        ("O'Brien", "OBrien"),
        ("Jean-Luc", "Jean\u2010Luc"),
        ("Jean-Luc", "Jean Luc"),
        ("Dave", "Dave."),
    ],
)
def test_lookalike_names_share_a_key(one, other):
    assert lookalike_key(one) == lookalike_key(other)


def test_different_names_keep_different_keys():
    assert lookalike_key("Anna") != lookalike_key("Anne")


@pytest.mark.server
def test_over_http_an_impostor_is_refused_and_a_lookalike_is_flagged(live_server, era_legal):
    created = http(
        live_server,
        "POST",
        "/api/v1/events",
        {
            "name": "Registered Only",
            "game": "era",
            "deadline": DEADLINE.replace(year=2099).isoformat(),
            "players": [REGISTERED],
        },
    ).json()
    event_id, token = created["event"]["id"], created["admin_token"]
    entries = f"/api/v1/events/{event_id}/entries"
    impostor = http(live_server, "POST", entries, {"player": "Reg Istered", "text": era_legal})
    assert impostor.status == 403
    lookalike = http(live_server, "POST", entries, {"player": CYRILLIC_E, "text": era_legal})
    assert lookalike.status == 201
    real = {"player": "Reg Istered", "player_id": "R-1", "text": era_legal}
    assert http(live_server, "POST", entries, real).status == 201
    listed = http(live_server, "GET", entries, token=token).json()
    assert listed["lookalikes"] == [["Reg Istered", CYRILLIC_E]]


# "José" as one accented letter, and as "e" followed by a combining acute accent: the same
# name from two keyboards (or a copy and paste), which a page shows the same way.
JOSE_COMPOSED = "Jos\u00e9 Ortiz"
JOSE_DECOMPOSED = "Jose\u0301 Ortiz"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (JOSE_COMPOSED, JOSE_DECOMPOSED),
        (JOSE_DECOMPOSED, "JOS\u00c9 ORTIZ"),
        ("Alice Brown", "\uff21\uff4c\uff49\uff43\uff45 Brown"),  # full-width, as some IMEs type
    ],
)
def test_one_name_encoded_two_ways_is_one_player_whose_second_list_is_refused(
    make_event, era_legal, era_illegal, first, second
):
    event = make_event()
    assert event.submit(first, era_legal).status_code == 201
    refused = event.submit(second, era_illegal)
    assert refused.status_code == 409
    assert refused.get_json()["error"]["code"] == "player-already-submitted"


def test_a_registered_name_is_claimed_however_its_accents_are_encoded(make_event, era_legal):
    event = make_event(players=[{"name": JOSE_COMPOSED, "player_id": None}])
    claimed = event.submit(JOSE_DECOMPOSED, era_legal)
    assert claimed.status_code == 201
    assert claimed.get_json()["entry"]["player"] == JOSE_COMPOSED
    assert claimed.get_json()["entry"]["registered"] is True


# The zero-width joiner makes one emoji of a sequence (a woman and a laptop are 👩‍💻) and the
# non-joiner is how Persian writes many names (علی‌رضا): both are part of the name as typed.
CODER = "Sam \U0001f469\u200d\U0001f4bb"
PERSIAN = "\u0639\u0644\u06cc\u200c\u0631\u0636\u0627"


def test_a_name_written_with_a_zero_width_joiner_is_a_name(event, era_legal, client):
    for name in (CODER, PERSIAN):
        accepted = event.submit(name, era_legal)
        assert accepted.status_code == 201, accepted.get_json()
        assert accepted.get_json()["entry"]["player"] == name
    assert event.submit("\U0001f3f3\ufe0f\u200d\U0001f308 Fan", era_legal).status_code == 201
    # The joiner is invisible: the same letters with it or without it are one player.
    again = event.submit("Sam \U0001f469\U0001f4bb", era_legal)
    assert again.status_code == 409
    assert event.submit("\u0639\u0644\u06cc\u0631\u0636\u0627", era_legal).status_code == 409
    assert event.submit("Ali\u200dce", era_legal).status_code == 201
    assert event.submit("Alice", era_legal).status_code == 409
    # An event name may hold one too.
    made = client.post(
        "/api/v1/events",
        json={
            "name": "\U0001f3f3\ufe0f\u200d\U0001f308 Cup",
            "game": "era",
            "deadline": DEADLINE.isoformat(),
        },
    )
    assert made.status_code == 201, made.get_json()
    # Joiners alone are no name.
    unnamed = client.post(
        "/api/v1/events", json={"name": "\u200d", "game": "era", "deadline": DEADLINE.isoformat()}
    )
    error = unnamed.get_json()["error"]
    assert (error["code"], error["details"]) == ("invalid-body", ["name: an event needs a name"])


def test_a_name_holding_another_invisible_character_is_refused_naming_it(event, era_legal):
    for name, shown in (
        ("Zero\u200bWidth", "U+200B"),
        ("\u202eecilA", "U+202E"),  # drawn right to left: "Alice" backwards
        ("Bell\x07", "U+0007"),
    ):
        refused = event.submit(name, era_legal)
        assert refused.status_code == 422
        message = refused.get_json()["error"]["message"]
        assert message.startswith("a player name cannot hold control or invisible characters")
        assert shown in message
    # Joiners alone are no name.
    refused = event.submit("\u200d\u200c", era_legal)
    assert refused.get_json()["error"]["message"] == "a player name is required"


def test_joiners_do_not_hide_a_lookalike():
    assert lookalike_key("Ali\u200dce") == lookalike_key("\u0410lice")


def test_a_name_taken_as_another_spelling_names_the_list_on_file_and_how_to_stand_apart(
    event, era_legal
):
    # "alice" reads as the "Alice" on file: told "A list is already on file for alice", a
    # second Alice could not tell it is another's list, nor what to do but ask.
    assert event.submit("Alice", era_legal).status_code == 201
    refused = event.submit("ALICE ", era_legal)
    assert refused.status_code == 409
    said = refused.get_json()["error"]["message"]
    assert said.startswith("A list is already on file for Alice, a name that reads as ALICE.")
    assert "If it is yours, change it through the private link you were given." in said
    assert "If not, tell yourselves apart (add your last name or its initial)" in said
    # Typed as on file, the refusal says so, as before.
    same = event.submit("Alice", era_legal).get_json()["error"]["message"]
    assert same.startswith(
        "A list is already on file for Alice. Change it through the private link"
    )


# One name typed on two devices: a phone's keyboard types the curly apostrophe (or the
# modifier letter), a word processor the typographic hyphen, and a phone ends with a full
# stop when the space bar is pressed twice.
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("O'Brien", "O\u2019Brien"),
        ("O\u2019Brien", "o'brien"),
        ("O'Brien", "O\u02bcBrien"),
        ("O'Brien", "O`Brien"),
        ("Jean-Luc Picard", "Jean Luc Picard"),
        ("Jean\u2010Luc", "jean-luc"),
        ("Dave", "Dave."),
        ("D'Arcy-Smith Jr.", "D\u2019Arcy Smith Jr"),
    ],
)
def test_one_name_typed_on_two_devices_is_one_player_whose_second_list_is_refused(
    make_event, era_legal, era_illegal, first, second
):
    event = make_event()
    assert event.submit(first, era_legal).status_code == 201
    refused = event.submit(second, era_illegal)
    assert refused.status_code == 409
    error = refused.get_json()["error"]
    assert error["code"] == "player-already-submitted"
    assert f"for {first}, a name that reads as {second}" in error["message"]
    assert [(e["player"], e["status"]) for e in event.entries()] == [(first, "legal")]


@pytest.mark.parametrize(("one", "other"), [("O'Brien", "OBrien"), ("Jean-Luc", "JeanLuc")])
def test_names_apart_but_for_a_mark_are_two_players_flagged_as_lookalikes(
    client, make_event, era_legal, one, other
):
    event = make_event()
    assert event.submit(one, era_legal).status_code == 201
    assert event.submit(other, era_legal).status_code == 201
    listed = client.get(event.url("/entries"), headers=event.admin).get_json()
    assert sorted(map(sorted, listed["lookalikes"])) == [sorted([one, other])]


def test_a_registered_name_is_claimed_from_a_phone_with_its_curly_apostrophe(make_event, era_legal):
    event = make_event(players=[{"name": "Siobhan O'Brien", "player_id": "OB-7"}])
    claimed = event.submit("Siobhan O\u2019Brien", era_legal, player_id="ob-7")
    assert claimed.status_code == 201
    assert claimed.get_json()["entry"]["player"] == "Siobhan O'Brien"
    assert claimed.get_json()["entry"]["registered"] is True


def test_a_player_id_keeps_its_marks(make_event, era_legal):
    """Ids are codes: "OB-7" is not "OB 7", as the name "Jean-Luc" is "Jean Luc"."""
    event = make_event(players=[{"name": "Siobhan O'Brien", "player_id": "OB-7"}])
    refused = event.submit("Siobhan O'Brien", era_legal, player_id="OB 7")
    assert refused.status_code == 403
    assert refused.get_json()["error"]["code"] == "player-id-required"


def test_a_registered_player_typing_their_name_without_its_accents_gives_their_id_and_is_them(
    client, make_event, era_legal
):
    # On an English keyboard "Émile" is typed "emile": the player id says who it is. It made a
    # second player holding Émile's id, and left Émile "not submitted" on the dashboard.
    event = make_event(players=[{"name": "Émile Zoé", "player_id": "E-1"}])
    claimed = event.submit("emile zoe", era_legal, player_id="e-1")
    assert claimed.status_code == 201, claimed.get_data(as_text=True)
    assert claimed.get_json()["entry"]["player"] == "Émile Zoé"
    assert claimed.get_json()["entry"]["registered"] is True
    entries = event.entries()
    assert [(e["player"], e["player_id"], e["status"]) for e in entries] == [
        ("Émile Zoé", "E-1", "legal")
    ]


def test_another_name_with_a_registered_players_id_is_refused_not_made_a_second_holder(
    make_event, era_legal
):
    # A mistyped id ("E-1" for "E-7") must not file one player's list as another's, nor make
    # two players holding one id: it is refused, saying what to check.
    event = make_event(players=[{"name": "Émile Zoé", "player_id": "E-1"}])
    refused = event.submit("Alice Martin", era_legal, player_id="E-1")
    assert refused.status_code == 403
    error = refused.get_json()["error"]
    assert error["code"] == "player-id-required"
    assert "E-1" in error["message"]
    assert "registered" in error["message"]
    assert "Émile" not in error["message"]  # whose id it is stays the organizer's to say
    assert [e["player"] for e in event.entries()] == ["Émile Zoé"]
    # The registered player still submits as ever.
    assert event.submit("Émile Zoé", era_legal, player_id="E-1").status_code == 201


def test_an_uploads_row_with_a_registered_players_id_is_that_player_or_skipped(
    client, make_event, era_legal, era_illegal
):
    event = make_event(
        players=[{"name": "Émile Zoé", "player_id": "E-1"}, {"name": "Dave", "player_id": "D-4"}]
    )
    sheet = "player,list,player_id\r\n" + "".join(
        f'{player},"{text}",{player_id}\r\n'
        for player, text, player_id in [
            ("emile zoe", era_legal, "E-1"),  # typed without its accents: Émile's
            ("Bob", era_illegal, "D-4"),  # Dave's id on another name: not Dave's, nor Bob's
        ]
    )
    answer = client.post(event.url("/uploads"), json={"csv": sheet}, headers=event.admin)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    report = answer.get_json()
    assert [s["entry"]["player"] for s in report["stored"]] == ["Émile Zoé"]
    assert report["skipped"] == [
        "row 3: skipped: its player id D-4 is Dave's on file, not Bob's: check it"
    ]
    entries = [(e["player"], e["player_id"], e["status"]) for e in event.entries()]
    assert entries == [("Dave", "D-4", "not submitted"), ("Émile Zoé", "E-1", "legal")]


def test_a_registered_players_own_name_with_a_lookalikes_id_is_refused_not_filed_as_theirs(
    make_event, era_legal
):
    # Two registered players whose names read alike: 'Emile Zoe' typing Émile Zoé's id by
    # mistake filed the list as Émile Zoé's, and left Emile Zoe 'not submitted'. The name is
    # a registered player's own, so the id is the one to check.
    event = make_event(
        players=[
            {"name": "Émile Zoé", "player_id": "E-1"},
            {"name": "Emile Zoe", "player_id": "E-2"},
        ]
    )
    refused = event.submit("Emile Zoe", era_legal, player_id="E-1")
    assert refused.status_code == 403
    assert refused.get_json()["error"]["code"] == "player-id-required"
    assert [(e["player"], e["status"]) for e in event.entries()] == [
        ("Emile Zoe", "not submitted"),
        ("Émile Zoé", "not submitted"),
    ]
    # Each with their own id is themselves.
    assert event.submit("Emile Zoe", era_legal, player_id="E-2").status_code == 201
    assert event.submit("Émile Zoé", era_legal, player_id="E-1").status_code == 201
