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
