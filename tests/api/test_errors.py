"""Every error under /api/ has one JSON shape; other paths keep HTML error pages."""

from __future__ import annotations

import io

import pytest

from tests.api.support import error_of, make_app, refusal_at_start
from webapp import MAX_REQUEST_BYTES


def test_an_unknown_api_path_is_a_json_404(client):
    error = error_of(client.get("/api/v1/no-such-thing"), 404)
    assert error["code"] == "not-found"


def test_a_wrong_method_is_a_json_405_naming_the_allowed_ones(client):
    response = client.delete("/api/v1/games")
    error = error_of(response, 405)
    assert error["code"] == "method-not-allowed"
    assert "GET" in response.headers["Allow"]


def test_a_body_over_the_size_limit_is_a_json_413(client):
    body = "1 Ember Rex\n" * (MAX_REQUEST_BYTES // 10)
    response = client.post(
        "/api/v1/games/era/validate", data=body, content_type="text/plain; charset=utf-8"
    )
    assert error_of(response, 413)["code"] == "request-entity-too-large"


def test_a_413_says_the_limit_the_body_went_past(client):
    # It said werkzeug's "The data value transmitted exceeds the capacity limit.", naming no
    # limit, so an app could not tell how much it may send (a chunked body's 413 said it).
    body = "1 Ember Rex\n" * (MAX_REQUEST_BYTES // 10)
    response = client.post(
        "/api/v1/games/era/validate", data=body, content_type="text/plain; charset=utf-8"
    )
    error = error_of(response, 413)
    assert error["message"] == (
        "the body is larger than the 512 KB (524,288 bytes) this endpoint accepts;"
        " nothing in it was read"
    )
    assert error["details"] == [{"max_bytes": MAX_REQUEST_BYTES}]


def test_malformed_json_is_a_400_saying_where(client):
    response = client.post(
        "/api/v1/games/era/validate",
        data='{"sections": {\n  "deck": [}',
        content_type="application/json",
    )
    error = error_of(response, 400)
    assert error["code"] == "malformed-json"
    assert error["details"][0]["line"] == 2
    assert "line 2" in error["message"]


def test_a_body_in_another_media_type_is_a_415(client):
    response = client.post("/api/v1/decks", data="<deck/>", content_type="application/xml")
    assert error_of(response, 415)["code"] == "unsupported-media-type"


def test_a_body_that_breaks_its_schema_is_a_422_naming_the_fields(client):
    response = client.post("/api/v1/decks", json={"game": "era", "name": 7, "text": "1 Ember Rex"})
    error = error_of(response, 422)
    assert error["code"] == "invalid-body"
    assert any(d.startswith("name:") for d in error["details"])


def test_a_broken_card_pool_is_a_503_listing_its_problems_and_the_other_games_are_served(
    tmp_path, pool_copy
):
    """Not a 500: nothing failed in the server, the game is not served until its files are
    fixed."""
    cards = pool_copy / "era" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + "\n  - {id: broken}\n", encoding="utf-8")
    client = make_app(tmp_path, POOLS=str(pool_copy)).test_client()
    error = error_of(client.get("/api/v1/games/era"), 503)
    assert error["code"] == "invalid-card-pool"
    assert error["details"]
    # Named within the pools' folder: where the server keeps its files is not the client's.
    assert all(d.startswith("era/cards.yaml:") for d in error["details"])
    assert str(pool_copy) not in error["message"]
    games = client.get("/api/v1/games").get_json()["games"]
    assert sorted(g["id"] for g in games) == ["arcmage", "eruma", "ryft", "shadow-era"]
    checked = client.post("/api/v1/games/ryft/validate", data="1 Kindle", content_type="text/plain")
    assert checked.status_code == 200
    assert client.get("/games/ryft/build").status_code == 200
    assert client.get("/").status_code == 200
    assert client.get("/games/era/build").status_code == 503


def test_a_game_whose_rules_are_written_wrong_is_left_out_as_a_broken_one(tmp_path, pool_copy):
    """Its cards load, but no deck can be checked against its rules: it is not listed, and
    asked for (its page, a deck to validate) it is a 503 naming the rule, never a 500."""
    game = pool_copy / "ryft" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("exactly: 40", "exactly: forty", 1), encoding="utf-8")
    client = make_app(tmp_path, POOLS=str(pool_copy)).test_client()
    games = client.get("/api/v1/games").get_json()["games"]
    assert sorted(g["id"] for g in games) == ["arcmage", "era", "eruma", "shadow-era"]
    line = game.read_text(encoding="utf-8").splitlines().index("        exactly: forty") + 1
    said = (
        f"ryft/game.yaml:{line}: field 'exactly': format 'standard': rule 'ryft-forty-cards':"
        " parameter 'exactly' has the wrong type ('forty'): a whole number or"
        " {from_leader: attribute} is expected"
    )
    for answer in (
        client.get("/api/v1/games/ryft"),
        client.post("/api/v1/games/ryft/validate", data="1 Kindle", content_type="text/plain"),
        client.get("/api/v1/games/ryft/cards?q=kindle"),
    ):
        error = error_of(answer, 503)
        assert error["code"] == "invalid-card-pool"
        assert error["details"] == [said]
    for page in ("/games/ryft/build", "/games/ryft/cards", "/games/ryft/cards/ryft-cinder-imp"):
        answer = client.get(page)
        assert answer.status_code == 503, page
        assert answer.mimetype == "text/html"
    assert client.get("/").status_code == 200
    checked = client.post(
        "/api/v1/games/era/validate", data="1 Ember Rex", content_type="text/plain"
    )
    assert checked.status_code == 200


def test_a_game_asked_for_by_another_name_names_the_games_left_out(tmp_path, pool_copy):
    game = pool_copy / "era" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("id: era\n", "id: [era\n", 1))
    client = make_app(tmp_path, POOLS=str(pool_copy)).test_client()
    error = error_of(client.get("/api/v1/games/magic"), 404)
    assert error["message"] == (
        "no game 'magic'; the games are: arcmage, eruma, ryft, shadow-era"
        " (era did not load: its files have problems)"
    )


def test_two_games_left_out_are_both_named(tmp_path, pool_copy):
    for game_id in ("era", "ryft"):
        game = pool_copy / game_id / "game.yaml"
        game.write_text("- a list\n", encoding="utf-8")
    client = make_app(tmp_path, POOLS=str(pool_copy)).test_client()
    error = error_of(client.get("/api/v1/games/magic"), 404)
    assert error["message"] == (
        "no game 'magic'; the games are: arcmage, eruma, shadow-era"
        " (era, ryft did not load: their files have problems)"
    )


def test_a_yaml_link_to_nothing_in_a_game_folder_leaves_every_game_served(tmp_path, pool_copy):
    (pool_copy / "era" / "notes.yaml").symlink_to(pool_copy / "nowhere.yaml")
    client = make_app(tmp_path, POOLS=str(pool_copy)).test_client()
    assert client.get("/api/v1/games/era").status_code == 200
    assert client.get("/").status_code == 200
    found = client.get("/api/v1/games/era/cards?q=ember")
    assert found.status_code == 200
    assert found.get_json()["total"] == 2


def test_pools_where_no_game_loads_are_a_503_listing_every_problem(tmp_path, pool_copy):
    for game in pool_copy.glob("*/game.yaml"):
        game.write_text("- a list\n", encoding="utf-8")
    client = make_app(tmp_path, POOLS=str(pool_copy)).test_client()
    error = error_of(client.get("/api/v1/games"), 503)
    assert error["code"] == "invalid-card-pool"
    assert len(error["details"]) == 5


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda path: None, "no such folder"),
        (lambda path: path.write_text("era\n"), "is a file, not a folder of games"),
        (lambda path: path.mkdir(), "no game folders (a folder holding game.yaml)"),
    ],
    ids=["a mistyped folder", "a file", "an empty folder"],
)
def test_pools_that_are_no_folder_of_games_are_said_to_be_what_they_are(tmp_path, make, said):
    # DECKWRIGHT_POOLS=/srv/deckwright/pool (for .../pools) was answered as a folder with no
    # games in it, while the command line says such a folder does not exist.
    pools = tmp_path / "pool"
    make(pools)
    client = make_app(tmp_path, POOLS=str(pools)).test_client()
    error = error_of(client.get("/api/v1/games"), 503)
    # Where the server keeps its files is not the client's: the folder is named as such.
    assert error["details"] == [f"the card pools' folder: {said}"]
    assert str(tmp_path) not in error["message"]
    for page in ("/", "/games/era/build", "/validate"):
        answer = client.get(page)
        assert answer.status_code == 503, page
        # A page says it as a sentence of its own (capital, full stop).
        assert f"The card pools&#39; folder: {said}." in answer.get_data(as_text=True)
        assert str(tmp_path) not in answer.get_data(as_text=True)


def test_the_pages_of_a_broken_game_name_its_files_within_the_pools_folder(tmp_path, pool_copy):
    cards = pool_copy / "era" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + "\n  - {id: broken}\n", encoding="utf-8")
    client = make_app(tmp_path, POOLS=str(pool_copy)).test_client()
    answer = client.get("/games/era/build")
    assert answer.status_code == 503
    assert "era/cards.yaml:" in answer.get_data(as_text=True)
    assert str(tmp_path) not in answer.get_data(as_text=True)


def test_pages_outside_the_api_keep_html_errors(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert response.mimetype == "text/html"


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/games/magic",
        "/api/v1/games/magic/cards",
        "/api/v1/games/era/cards/no-such-card",
        "/api/v1/decks/no-such-deck",
        "/api/v1/decks/no-such-deck.txt",
    ],
)
def test_everything_not_found_answers_the_same_shape(client, path):
    assert error_of(client.get(path), 404)["code"].startswith("unknown-")


@pytest.mark.parametrize(
    ("variable", "value", "said"),
    [
        (
            "DECKWRIGHT_MAX_DECKLIST_LINES",
            "1k",
            "MAX_DECKLIST_LINES must be a whole number from 1, not '1k'",
        ),
        (
            "DECKWRIGHT_MAX_CONTENT_LENGTH",
            "1MB",
            "MAX_CONTENT_LENGTH must be a whole number from 1, not '1MB'",
        ),
        ("DECKWRIGHT_MAX_BATCH_DECKS", "0", "MAX_BATCH_DECKS must be a whole number from 1, not 0"),
        (  # a digit to str.isdigit, and no number to int(): it was int()'s own words
            "DECKWRIGHT_MAX_BATCH_DECKS",
            '"²"',
            "MAX_BATCH_DECKS must be a whole number from 1, not '²'",
        ),
    ],
)
def test_a_size_setting_that_is_no_number_stops_the_start(
    tmp_path, monkeypatch, variable, value, said
):
    # "1k" lines started the site, which then answered every request with a 500.
    monkeypatch.setenv(variable, value)
    assert refusal_at_start(tmp_path, r"^MAX_\w+ must be a whole number") == said


@pytest.mark.parametrize(
    ("method", "path", "meant"),
    [
        ("GET", "/api/v1//health", "/api/v1/health"),
        ("GET", "/api//v1/games", "/api/v1/games"),
        ("GET", "/api/v1/games/era//cards?q=ember", "/api/v1/games/era/cards?q=ember"),
        ("POST", "/api/v1//games/era/validate", "/api/v1/games/era/validate"),
    ],
)
def test_an_api_address_with_two_slashes_together_is_a_json_404_naming_the_one_meant(
    client, method, path, meant
):
    """`GET /api/v1//health` was werkzeug's 308 redirect with an HTML page for its body, the
    one answer under /api/ an app could not read as JSON; a POST redirected so is sent
    again by some clients and dropped by others. An address of the API is written one way:
    the one meant is named, and nothing sent is read."""
    response = client.open(path, method=method, data="3 Kindle", content_type="text/plain")
    error = error_of(response, 404)
    assert "Location" not in response.headers
    assert error["code"] == "not-found"
    assert error["message"] == (
        f"no address of the API is {path.split('?')[0]!r}: two slashes stand together in it,"
        f" as in no address of the API (the one meant is {meant}); nothing sent was read"
    )
    assert error["details"] == [{"did_you_mean": meant}]


def test_a_page_address_with_two_slashes_together_still_leads_to_the_page(client):
    response = client.get("/games/era//build")
    assert response.status_code == 308
    assert response.headers["Location"].endswith("/games/era/build")


def test_a_deck_sent_as_a_form_is_a_415_naming_what_validate_takes(client):
    """A list uploaded as a form to the validator was told 'send the body as
    application/json', though a text decklist (text/plain) is what it mostly takes."""
    response = client.post(
        "/api/v1/games/era/validate",
        data={"file": (io.BytesIO(b"3 Kindle\n"), "deck.txt")},
        content_type="multipart/form-data",
    )
    error = error_of(response, 415)
    assert error["message"] == (
        "the body is sent as multipart/form-data: send it as application/json, or a decklist"
        " as text/plain"
    )
    assert error["details"] == [
        {"content_type": "multipart/form-data", "accepted": ["application/json", "text/plain"]}
    ]


def test_a_body_of_no_media_type_is_a_415_naming_the_one_taken(client):
    response = client.post("/api/v1/decks", data=b'{"game": "era"}')
    error = error_of(response, 415)
    assert error["message"] == "the body is sent with no Content-Type: send it as application/json"
    assert error["details"] == [{"content_type": "", "accepted": ["application/json"]}]


def test_options_under_the_api_is_a_204_with_allow_and_no_html(client):
    """OPTIONS under /api/ was Flask's 200 with an empty body labelled text/html, the one
    answer there said to be HTML; it is a 204 naming the methods taken."""
    response = client.options("/api/v1/games/era/validate")
    assert response.status_code == 204
    assert response.get_data() == b""
    assert "Content-Type" not in response.headers
    assert set(response.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}
