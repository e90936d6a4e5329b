"""Names and player ids as players paste them on event day: an invisible mark copied from a
chat at either end is no part of them; one inside is refused in words that say so; a wrong
id is told apart from a missing one."""

from __future__ import annotations

import pytest

from webapp.events import InvalidSubmissionError, clean_player_id, clean_player_name


@pytest.mark.parametrize(
    "pasted", ["00123\u200b", "\ufeff00123", "\u200b00123\u2060 ", "\xa000123"]
)
def test_an_id_pasted_with_an_invisible_mark_at_an_end_is_the_id(pasted):
    assert clean_player_id(pasted) == "00123"


@pytest.mark.parametrize("pasted", ["Ann\u200b", "\ufeffAnn", "\u2060Ann\u200b"])
def test_a_name_pasted_with_an_invisible_mark_at_an_end_is_the_name(pasted):
    assert clean_player_name(pasted) == "Ann"


def test_an_invisible_mark_inside_an_id_is_refused_saying_so():
    with pytest.raises(InvalidSubmissionError, match=r"invisible characters \(it holds U\+200B\)"):
        clean_player_id("001\u200b23")


def test_a_wrong_id_is_told_apart_from_a_missing_one(client, event, era_legal):
    client.post(
        event.url("/players"),
        json={"players": [{"name": "Eve", "player_id": "00123"}]},
        headers=event.admin,
    )
    wrong = event.submit("Eve", era_legal, player_id="123").get_json()["error"]["message"]
    assert "not the one Eve is registered with" in wrong
    missing = event.submit("Eve", era_legal).get_json()["error"]["message"]
    assert "give it with your list" in missing
    assert event.submit("Eve", era_legal, player_id="00123\u200b").status_code == 201


def test_a_mark_turning_the_direction_is_never_left_off():
    """U+202E at the start draws "ecilA" as "Alice": left off, the name would be another."""
    with pytest.raises(InvalidSubmissionError, match="U\\+202E"):
        clean_player_name("\u202eecilA")
