"""POST /api/v1/games/<game>/fits: the builder's "fits my deck" filter over the API."""

from __future__ import annotations

HERO = {"hero": [{"card": "Nishaven", "count": 1}]}


def test_each_card_is_answered_with_whether_a_copy_more_fits_and_why_not(client):
    answer = client.post(
        "/api/v1/games/shadow-era/fits",
        json={"sections": HERO, "cards": ["se022", "se100", "se999x"]},
    )
    assert answer.status_code == 200
    body = answer.get_json()
    assert (body["game"], body["format"]) == ("shadow-era", "standard")
    by_id = {c["id"]: c for c in body["cards"]}
    assert by_id["se022"] == {"id": "se022", "fits": True, "reason": None, "rule": None}
    assert by_id["se100"]["fits"] is False
    assert "Book of Curses is for Priest decks" in by_id["se100"]["reason"]
    assert by_id["se999x"] == {
        "id": "se999x",
        "fits": False,
        "reason": "No card has this id.",
        "rule": None,
    }


def test_no_cards_or_too_many_is_a_422_in_the_one_error_shape(client):
    for cards in ([], ["se022"] * 101):
        answer = client.post("/api/v1/games/shadow-era/fits", json={"sections": {}, "cards": cards})
        assert answer.status_code == 422
        assert answer.get_json()["error"]["code"] == "invalid-body"


def test_an_unknown_format_is_a_404(client):
    answer = client.post(
        "/api/v1/games/shadow-era/fits",
        json={"sections": HERO, "cards": ["se022"], "format": "nope"},
    )
    assert answer.status_code == 404


def test_a_maniac_fits_before_the_henchmen_it_creates(client):
    """ERUMA's "Henchmen required": Gretel's Rat and Bear are added after her, so she fits a
    deck without them; a second Gretel breaks the copy limit and does not."""
    answer = client.post(
        "/api/v1/games/eruma/fits",
        json={
            "format": "henchmen-required",
            "sections": {"deck": [{"card": "Charlotte", "count": 1}]},
            "cards": ["085-gretel"],
        },
    )
    assert answer.status_code == 200
    assert answer.get_json()["cards"] == [
        {"id": "085-gretel", "fits": True, "reason": None, "rule": None}
    ]
    again = client.post(
        "/api/v1/games/eruma/fits",
        json={
            "format": "henchmen-required",
            "sections": {"deck": [{"card": "Gretel", "count": 1}]},
            "cards": ["085-gretel"],
        },
    )
    (gretel,) = again.get_json()["cards"]
    assert (gretel["fits"], gretel["rule"]) == (False, "eruma-one-copy")


def test_the_format_and_day_may_come_from_the_query_as_for_validate(client):
    """``?format=open&as_of=...`` was left unread: the cards were tried in the default format,
    today, and the answer said so, while validate reads the query. The body's win over it."""
    deck = {"sections": {"dinos": [{"card": "Ember Rex", "count": 1}]}, "cards": ["era-kindle"]}
    asked = client.post("/api/v1/games/era/fits?format=open&as_of=2025-01-01", json=deck)
    assert asked.status_code == 200
    assert (asked.get_json()["format"], asked.get_json()["as_of"]) == ("open", "2025-01-01")
    body = client.post(
        "/api/v1/games/era/fits?format=open", json={**deck, "format": "standard"}
    ).get_json()
    assert body["format"] == "standard"
    unknown = client.post("/api/v1/games/era/fits?format=nope", json=deck)
    assert unknown.status_code == 404


def test_a_card_that_would_overfill_a_section_does_not_fit_and_says_the_size(client):
    """Beside 3 dinos a fourth does not fit: no card added makes such a deck legal. A
    crystal still fits beside 2."""
    deck = {
        "dinos": [
            {"card": "Ember Rex", "count": 1},
            {"card": "Cinderhorn Triceratops", "count": 1},
            {"card": "Tidefang Mosasaur", "count": 1},
        ],
        "crystals": [{"card": "Fire Crystal", "count": 2}],
    }
    answer = client.post(
        "/api/v1/games/era/fits",
        json={"sections": deck, "cards": ["era-magmaw-ankylosaur", "era-water-crystal"]},
    )
    assert answer.status_code == 200
    assert answer.get_json()["cards"] == [
        {
            "id": "era-magmaw-ankylosaur",
            "fits": False,
            "reason": "You need exactly 3 dinos: you have 4 dinos",
            "rule": "era-three-dinos",
        },
        {"id": "era-water-crystal", "fits": True, "reason": None, "rule": None},
    ]
