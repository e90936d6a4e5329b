"""POST /api/v1/games/{game}/validate and /validate/batch."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tests.api.support import error_of
from validator import parse_text, validate
from validator.cli import cli

VALIDATION_KEYS = {
    "game",
    "format",
    "format_name",
    "as_of",
    "legal",
    "problems",
    "more_problems",
    "summary",
    "formats",
    "deck",
    "text",
}
PROBLEM_KEYS = {
    "rule",
    "severity",
    "section",
    "cards",
    "message",
    "line",
    "lines",
    "expected",
    "actual",
    "cite",
    "suggestions",
    "readings",
}


def post_text(client, game, text, **query):
    return client.post(
        f"/api/v1/games/{game}/validate",
        data=text,
        content_type="text/plain; charset=utf-8",
        query_string=query,
    )


def rules_broken(answer):
    return sorted({p["rule"] for p in answer["problems"] if p["severity"] == "error"})


@pytest.mark.parametrize("game", ["era", "shadow-era", "arcmage", "ryft"])
def test_an_example_legal_deck_is_legal_in_the_default_format(client, example, game):
    response = post_text(client, game, example(f"{game}-legal"))
    assert response.status_code == 200
    answer = response.get_json()
    assert set(answer) == VALIDATION_KEYS
    assert answer["legal"] is True, answer["problems"]
    assert answer["game"] == game
    assert answer["formats"][answer["format"]]["legal"] is True


@pytest.mark.parametrize("game", ["era", "shadow-era", "arcmage", "ryft"])
def test_the_api_agrees_with_the_validator(client, games, example, game):
    text = example(f"{game}-illegal")
    parsed = parse_text(text, games[game])
    result = validate(parsed.deck, None, None, parsed.problems)
    answer = post_text(client, game, text).get_json()
    assert answer["legal"] is False
    readings = {
        p.rule: [d.reading for d in games[game].decisions_for(p.rule, result.format)]
        for p in result.problems
    }
    for sent, problem in zip(answer["problems"], result.problems, strict=True):
        assert {k: v for k, v in sent.items() if k != "readings"} == problem.as_dict()
        assert [r["reading"] for r in sent["readings"]] == readings[problem.rule]
    assert all(set(p) == PROBLEM_KEYS for p in answer["problems"])


def test_an_unknown_card_is_a_problem_on_its_line_with_did_you_mean(client, example):
    answer = post_text(
        client, "era", example("era-legal").replace("Ember Rex", "Embr Rex")
    ).get_json()
    unknown = next(p for p in answer["problems"] if p["rule"] == "decklist-unknown-card")
    line = example("era-legal").splitlines().index("1 Ember Rex") + 1
    assert unknown["line"] == line
    assert unknown["lines"] == [line]
    assert unknown["cards"] == ["Embr Rex"]
    assert "Ember Rex" in unknown["suggestions"]
    assert "did you mean" in unknown["message"]
    assert answer["legal"] is False


def test_the_answer_carries_the_deck_its_text_and_its_figures(client, example, era):
    answer = post_text(client, "era", example("era-legal")).get_json()
    assert answer["deck"]["game"] == "era"
    assert [e["count"] for e in answer["deck"]["sections"]["dinos"]] == [1, 1, 1]
    assert answer["summary"]["total"] == 36
    assert answer["summary"]["sections"] == {"dinos": 3, "crystals": 3, "deck": 30}
    assert answer["summary"]["main_attribute"] == "element"
    reread = parse_text(answer["text"], era)
    assert not reread.problems
    assert (
        reread.deck.cards_by_section()
        == parse_text(example("era-legal"), era).deck.cards_by_section()
    )


def test_without_a_format_the_default_is_judged_and_every_format_summed_up(client, example):
    promo = example("era-legal").replace("1 Ember Rex", "1 Riftborn Velociraptor")
    answer = post_text(client, "era", promo).get_json()
    assert (answer["format"], answer["format_name"]) == ("standard", "Standard")
    assert answer["legal"] is False
    assert rules_broken(answer) == ["era-eligible-products"]
    assert answer["formats"]["standard"] == {
        "name": "Standard",
        "legal": False,
        "errors": 1,
        "warnings": 0,
    }
    assert answer["formats"]["open"]["legal"] is True


def test_a_format_named_in_the_query_is_the_one_judged(client, example):
    promo = example("era-legal").replace("1 Ember Rex", "1 Riftborn Velociraptor")
    answer = post_text(client, "era", promo, format="open").get_json()
    assert (answer["format"], answer["legal"], answer["problems"]) == ("open", True, [])


def test_a_format_and_day_in_the_json_body_are_used(client):
    body = {
        "format": "open",
        "as_of": "2023-01-01",
        "sections": {"dinos": [{"card": "Ember Rex", "count": 1}]},
    }
    answer = client.post("/api/v1/games/era/validate", json=body).get_json()
    assert answer["format"] == "open"
    assert answer["as_of"] == "2023-01-01"


def test_as_of_judges_the_deck_on_that_day(client, example):
    today = post_text(client, "era", example("era-legal")).get_json()
    assert today["legal"] is True
    assert today["as_of"] is None
    before = post_text(client, "era", example("era-legal"), as_of="2023-01-01").get_json()
    assert before["as_of"] == "2023-01-01"
    assert before["legal"] is False
    assert "era-eligible-products" in rules_broken(before)
    assert any("after 2023-01-01" in p["message"] for p in before["problems"])


def test_a_bad_day_is_a_400(client, example):
    error = error_of(post_text(client, "era", example("era-legal"), as_of="yesterday"), 400)
    assert error["code"] == "invalid-query"
    assert any(d.startswith("as_of:") for d in error["details"])


def test_an_unknown_format_is_a_404_naming_the_formats(client, example):
    error = error_of(post_text(client, "era", example("era-legal"), format="vintage"), 404)
    assert error["code"] == "unknown-format"
    assert "standard" in error["message"]


@pytest.mark.parametrize(("typed", "meant"), [("standrad", "standard"), ("Open", "open")])
def test_a_misspelled_format_is_answered_with_the_one_meant_as_the_command_line_answers(
    client, example, tmp_path, typed, meant
):
    error = error_of(post_text(client, "era", example("era-legal"), format=typed), 404)
    assert (error["code"], error["details"]) == ("unknown-format", [])
    assert error["message"] == (
        f"ERA has no format {typed!r}; its formats are: standard, open; did you mean {meant}?"
    )
    (tmp_path / "deck.txt").write_text(example("era-legal"))
    said = CliRunner().invoke(
        cli, ["validate", "-g", "era", "-f", typed, str(tmp_path / "deck.txt")]
    )
    assert said.output == f"Error: {error['message']}\n"


def test_a_format_like_none_suggests_nothing(client, example):
    error = error_of(post_text(client, "era", example("era-legal"), format="vintage"), 404)
    assert error["message"] == "ERA has no format 'vintage'; its formats are: standard, open"


def test_a_json_deck_points_problems_at_their_entry(client):
    body = {"sections": {"deck": [{"card": "Fire Breath", "count": 3}, {"card": "Fire Brath"}]}}
    answer = client.post("/api/v1/games/era/validate", json=body).get_json()
    unknown = next(p for p in answer["problems"] if p["rule"] == "decklist-unknown-card")
    assert unknown["message"].startswith("sections.deck[1]:")
    assert unknown["suggestions"][0] == "Fire Breath"
    assert answer["deck"]["sections"]["deck"] == [
        {"card": "Fire Breath", "id": "era-fire-breath", "count": 3}
    ]


@pytest.mark.parametrize(
    ("deck", "place"),
    [
        ({"sections": {"deck": None}}, "sections.deck:"),
        ({"sections": {"deck": ["Kindle"]}, "boards": {"sideboard": None}}, "boards.sideboard:"),
        ({"cards": ["Kindle", None]}, "cards[1]:"),
    ],
)
def test_a_null_in_a_json_deck_is_a_problem_at_its_place_as_any_other_value(client, deck, place):
    # null was refused whole (422 "Field may not be null"), where 5 in its place was a
    # problem at that place beside the rest of the deck's verdict.
    answer = client.post("/api/v1/games/era/validate", json=deck)
    assert answer.status_code == 200, answer.get_json()
    problems = answer.get_json()["problems"]
    assert any(p["message"].startswith(place) for p in problems), problems
    if "sections" in deck:  # a fits body's 'cards' are the ids to try, not its deck
        fits = client.post("/api/v1/games/era/fits", json={**deck, "cards": ["era-kindle"]})
        assert fits.status_code == 200, fits.get_json()


def test_a_json_deck_without_sections_is_refused_with_the_field(client):
    error = error_of(client.post("/api/v1/games/era/validate", json={"name": "x"}), 422)
    assert error["code"] == "invalid-body"
    assert any(d.startswith("sections:") and "'cards'" in d for d in error["details"])


def test_a_json_deck_of_its_cards_alone_is_judged_each_card_in_its_section(client):
    # As other deck tools export a deck: {"cards": [...]}, no sections. The reader places
    # each card by its type; the API refused the body for having no 'sections'.
    body = {
        "format": "open",
        "cards": [{"card": "Kindle", "count": 3}, {"card": "Ember Rex", "count": 1}],
        "boards": {"sideboard": [{"card": "Kindle", "count": 1}]},
    }
    answer = client.post("/api/v1/games/era/validate", json=body).get_json()
    assert answer["format"] == "open"
    assert answer["deck"]["sections"] == {
        "dinos": [{"card": "Ember Rex", "id": "era-ember-rex", "count": 1}],
        "deck": [{"card": "Kindle", "id": "era-kindle", "count": 3}],
    }
    assert answer["deck"]["boards"] == {
        "sideboard": [{"card": "Kindle", "id": "era-kindle", "count": 1}]
    }
    batch = client.post("/api/v1/games/era/validate/batch", json={"decks": [body]})
    assert batch.get_json()["results"][0]["deck"] == answer["deck"]


def test_a_json_deck_with_both_sections_and_cards_is_refused_naming_both(client):
    body = {"sections": {"deck": [{"card": "Kindle", "count": 3}]}, "cards": ["Ember Rex"]}
    error = error_of(client.post("/api/v1/games/era/validate", json=body), 422)
    assert error["code"] == "invalid-body"
    assert any("'sections' or 'cards'" in d for d in error["details"])


def test_a_saved_deck_as_the_api_gives_it_is_judged_as_its_deck(client):
    # GET /api/v1/decks/<id> (the deck page's JSON export) holds the deck under 'deck': the
    # reader takes that form as text, and the JSON body was refused for having no 'sections'.
    saved = client.post(
        "/api/v1/decks",
        json={
            "game": "era",
            "name": "Ember rush",
            "format": "open",
            "text": "1 Ember Rex\n3 Kindle",
        },
    ).get_json()
    shown = client.get(f"/api/v1/decks/{saved['id']}").get_json()
    answer = client.post("/api/v1/games/era/validate", json=shown).get_json()
    assert answer["format"] == "open"
    assert answer["deck"]["name"] == "Ember rush"
    assert answer["deck"]["sections"] == shown["deck"]["sections"]
    assert answer["legal"] is False  # an open deck of four cards
    batch = client.post("/api/v1/games/era/validate/batch", json={"decks": [shown]})
    assert batch.get_json()["results"][0]["deck"] == answer["deck"]


@pytest.mark.parametrize(
    ("beside", "named"),
    [
        ({"sections": {"deck": [{"card": "Kindle", "count": 3}]}}, "'sections'"),
        ({"cards": [{"card": "Kindle", "count": 3}]}, "'cards'"),
    ],
)
def test_a_saved_decks_deck_beside_another_deck_is_refused_naming_both(client, beside, named):
    # The 'deck' of a saved deck as GET /api/v1/decks/<id> gives it, sent beside 'sections'
    # or 'cards': the deck under 'deck' was dropped without a word, the other judged.
    body = {"name": "Ember rush", "deck": {"sections": {"dinos": ["Ember Rex"]}}, **beside}
    for response, where in (
        (client.post("/api/v1/games/era/validate", json=body), "deck"),
        (client.post("/api/v1/games/era/validate/batch", json={"decks": [body]}), "decks[0]"),
    ):
        error = error_of(response, 422)
        assert error["code"] == "invalid-body"
        assert where in error["message"]
        (detail,) = error["details"]
        assert detail.startswith("deck: ")
        assert "'deck'" in detail
        assert named in detail


def test_a_saved_decks_deck_of_nothing_beside_its_sections_is_no_second_deck(client):
    body = {"deck": None, "sections": {"deck": [{"card": "Kindle", "count": 3}]}}
    answer = client.post("/api/v1/games/era/validate", json=body).get_json()
    assert answer["deck"]["sections"] == {
        "deck": [{"card": "Kindle", "id": "era-kindle", "count": 3}]
    }


def _saved_era_deck(client, format_id):
    saved = client.post(
        "/api/v1/decks",
        json={"game": "era", "name": "Ember rush", "format": format_id, "text": "3 Kindle"},
    ).get_json()
    return client.get(f"/api/v1/decks/{saved['id']}").get_json()


def test_a_saved_deck_of_another_game_is_judged_saying_so(client):
    # The same deck sent as text was warned of; sent as JSON it was judged without a word.
    shown = _saved_era_deck(client, "standard")
    as_text = post_text(client, "ryft", json.dumps(shown)).get_json()
    for sent in (shown, {"game": "era", "sections": shown["deck"]["sections"]}):
        answer = client.post("/api/v1/games/ryft/validate", json=sent).get_json()
        said = answer["problems"][0]
        assert (said["rule"], said["severity"]) == ("decklist-read-as", "warning")
        assert said["message"].startswith("the deck is for the game 'era', not RYFT")
        assert said == as_text["problems"][0]


def test_a_saved_deck_in_a_format_only_its_game_has_is_refused_naming_both_games(client):
    # ERA's 'open', posted to RYFT: it was a 404 'RYFT has no format open', as if the format
    # were mistyped; the deck is for another game, and the bot is told where to send it.
    shown = _saved_era_deck(client, "open")
    batch = {"decks": [shown]}
    for response, where in (
        (client.post("/api/v1/games/ryft/validate", json=shown), "deck"),
        (client.post("/api/v1/games/ryft/validate/batch", json=batch), "deck decks[0]"),
    ):
        error = error_of(response, 422)
        assert error["code"] == "deck-for-another-game"
        assert error["message"].startswith(f"the {where} is for the game 'era', not RYFT")
        assert "RYFT has no format 'open'" in error["message"]
        assert "/api/v1/games/era/validate" in error["message"]
        assert error["details"] == [
            {
                "deck_game": "era",
                "game": "ryft",
                "format": "open",
                "validate": "/api/v1/games/era/validate",
            }
        ]


def test_a_deck_of_a_game_deckwright_has_not_in_a_format_it_has_not_is_refused(client):
    body = {"game": "magic", "format": "modern", "sections": {"deck": ["Kindle"]}}
    error = error_of(client.post("/api/v1/games/era/validate", json=body), 422)
    assert error["code"] == "deck-for-another-game"
    assert error["message"].startswith("the deck is for the game 'magic', not ERA")
    assert "ERA has no format 'modern'" in error["message"]
    assert error["details"][0]["validate"] is None


def test_a_deck_of_this_game_in_a_format_it_has_not_is_still_an_unknown_format(client):
    body = {"game": "era", "format": "modern", "sections": {"deck": ["Kindle"]}}
    assert error_of(client.post("/api/v1/games/era/validate", json=body), 404)["code"] == (
        "unknown-format"
    )


def saved_open_deck(client) -> dict:
    saved = client.post(
        "/api/v1/decks",
        json={"game": "era", "name": "Ember rush", "format": "open", "text": "1 Ember Rex"},
    ).get_json()
    return client.get(f"/api/v1/decks/{saved['id']}").get_json()


def test_a_saved_deck_sent_as_text_is_judged_in_its_format_as_its_json_is(client):
    # As text/plain (a file's contents piped to curl) the saved deck was judged in the
    # game's default format, as JSON in its own: one deck, two verdicts.
    shown = saved_open_deck(client)
    as_json = client.post("/api/v1/games/era/validate", json=shown).get_json()
    as_text = post_text(client, "era", json.dumps(shown, indent=2)).get_json()
    assert as_json["format"] == as_text["format"] == "open"
    assert as_text["legal"] == as_json["legal"]
    batch = client.post("/api/v1/games/era/validate/batch", json={"decks": [json.dumps(shown)]})
    assert batch.get_json()["results"][0]["format"] == "open"


def test_a_format_asked_for_wins_over_a_saved_decks_own(client):
    shown = saved_open_deck(client)
    answer = post_text(client, "era", json.dumps(shown), format="standard").get_json()
    assert answer["format"] == "standard"


def test_a_saved_deck_in_a_format_its_game_has_not_is_judged_in_the_default(client):
    # A format since withdrawn, or another game's: the deck is still judged, not refused.
    shown = {**saved_open_deck(client), "format": "no-such-format"}
    answer = post_text(client, "era", json.dumps(shown))
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["format"] == "standard"


def post_saved_deck(client, shown, sent_as, **query):
    """A saved deck posted back to validate as JSON, as text, or in a batch as either."""
    address = "/api/v1/games/era/validate"
    if sent_as == "text":
        return post_text(client, "era", json.dumps(shown), **query).get_json()
    if sent_as == "json":
        return client.post(address, json=shown, query_string=query).get_json()
    deck = json.dumps(shown) if sent_as == "batch text" else shown
    answer = client.post(f"{address}/batch", json={"decks": [deck]}, query_string=query)
    return answer.get_json()["results"][0]


SENT_AS = ["json", "text", "batch json", "batch text"]


@pytest.mark.parametrize("sent_as", SENT_AS)
def test_a_format_asked_for_wins_over_a_saved_decks_own_however_it_is_sent(client, sent_as):
    # As JSON the saved deck's own format was taken as asked for, over ?format=: one deck
    # in one request was judged in 'standard' as text and in 'open' as JSON.
    answer = post_saved_deck(client, saved_open_deck(client), sent_as, format="standard")
    assert answer["format"] == "standard"
    assert post_saved_deck(client, saved_open_deck(client), sent_as)["format"] == "open"


@pytest.mark.parametrize("sent_as", SENT_AS)
def test_a_saved_deck_in_a_format_since_withdrawn_is_judged_in_the_default(client, sent_as):
    # As JSON it was a 404 (no such format) for the format the deck was saved in.
    shown = {**saved_open_deck(client), "format": "no-such-format"}
    answer = post_saved_deck(client, shown, sent_as)
    assert answer["format"] == "standard", answer


@pytest.mark.parametrize(("field", "value"), [("as_of", 0), ("format", False), ("format", 0)])
def test_a_saved_decks_day_or_format_that_is_no_text_is_refused_not_dropped(client, field, value):
    # {"as_of": 0} beside a saved deck's 'deck' was dropped without a word (judged today),
    # where {"as_of": 5} or 0 beside 'sections' is refused naming the field.
    shown = {**saved_open_deck(client), field: value}
    error = error_of(client.post("/api/v1/games/era/validate", json=shown), 422)
    assert error["code"] == "invalid-body"
    assert any(f"{field}:" in d for d in [error["message"], *error["details"]]), error


def test_a_batch_of_card_lists_counts_each_card_against_the_line_limit(app):
    app.config["MAX_REQUEST_LINES"] = 10
    deck = {"cards": [{"card": "Kindle", "count": 1}] * 6}
    response = app.test_client().post(
        "/api/v1/games/era/validate/batch", json={"decks": [deck, deck]}
    )
    assert error_of(response, 413)["code"] == "batch-too-long"


def test_a_batch_of_saved_decks_counts_each_card_against_the_line_limit(app):
    # a saved deck as GET /api/v1/decks/<id> gives it holds its entries under "deck": they
    # count as the same deck's entries sent alone do, not as one line
    app.config["MAX_REQUEST_LINES"] = 10
    saved = {"name": "Kindles", "deck": {"sections": {"deck": [{"card": "Kindle"}] * 6}}}
    response = app.test_client().post(
        "/api/v1/games/era/validate/batch", json={"decks": [saved, saved]}
    )
    assert error_of(response, 413)["code"] == "batch-too-long"


def test_an_empty_text_deck_is_judged_not_refused(client):
    answer = post_text(client, "eruma", "").get_json()
    assert answer["legal"] is False
    assert answer["summary"]["total"] == 0


def test_a_batch_answers_each_deck_in_order(client, example):
    decks = [
        example("era-legal"),
        example("era-illegal"),
        {"format": "open", "sections": {"dinos": ["Riftborn Velociraptor"]}},
    ]
    response = client.post("/api/v1/games/era/validate/batch", json={"decks": decks})
    assert response.status_code == 200
    results = response.get_json()["results"]
    assert [r["legal"] for r in results] == [True, False, False]
    assert [r["format"] for r in results] == ["standard", "standard", "open"]
    single = post_text(client, "era", example("era-illegal")).get_json()
    assert results[1] == single


def test_a_batch_takes_format_and_day_from_the_query(client, example):
    response = client.post(
        "/api/v1/games/era/validate/batch?format=open&as_of=2023-01-01",
        json={"decks": [example("era-legal")]},
    )
    (result,) = response.get_json()["results"]
    assert (result["format"], result["as_of"]) == ("open", "2023-01-01")


def test_a_batch_over_the_limit_is_refused(app, example):
    app.config["MAX_BATCH_DECKS"] = 2
    response = app.test_client().post(
        "/api/v1/games/era/validate/batch", json={"decks": [example("era-legal")] * 3}
    )
    error = error_of(response, 422)
    assert error["code"] == "too-many-decks"
    assert "at most 2" in error["message"]


def test_a_batch_entry_that_is_no_deck_is_refused_naming_it(client, example):
    response = client.post(
        "/api/v1/games/era/validate/batch", json={"decks": [example("era-legal"), 42]}
    )
    error = error_of(response, 422)
    assert "decks[1]" in error["message"]


def test_a_batch_must_be_an_object_with_decks(client):
    error = error_of(client.post("/api/v1/games/era/validate/batch", json=["1 Ember Rex"]), 422)
    assert error["code"] == "invalid-body"
