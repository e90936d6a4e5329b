"""Saved decks: POST /api/v1/decks, GET /api/v1/decks/{id} and its .txt export."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.api.support import error_of
from validator import parse_text
from webapp.db import get_db

SAVED_KEYS = {
    "id",
    "game",
    "name",
    "format",
    "created",
    "parent",
    "deck",
    "text",
    "description",
    "url",
}


def save(client, **body):
    return client.post("/api/v1/decks", json=body)


def test_a_saved_deck_reads_back_as_saved(client, example):
    response = save(client, game="era", name="Fire and Water", text=example("era-legal"))
    assert response.status_code == 201
    saved = response.get_json()
    # Saved with no one logged in, the answer alone gives the key that claims the deck.
    assert set(saved) == SAVED_KEYS | {"claim_key"}
    saved.pop("claim_key")
    assert response.headers["Location"] == f"/api/v1/decks/{saved['id']}"
    assert saved["url"] == f"/decks/{saved['id']}"
    assert (saved["game"], saved["name"], saved["format"], saved["parent"]) == (
        "era",
        "Fire and Water",
        "standard",
        None,
    )
    assert datetime.fromisoformat(saved["created"]).tzinfo is not None
    assert saved["deck"]["name"] == "Fire and Water"
    assert client.get(f"/api/v1/decks/{saved['id']}").get_json() == saved


def test_a_deck_keeps_its_description_as_written(client, example):
    words = "Burn first.\nSee https://example.org/primer for the plan."
    saved = save(
        client, game="era", name="Burn", text=example("era-legal"), description=words
    ).get_json()
    assert saved["description"] == words
    assert client.get(f"/api/v1/decks/{saved['id']}").get_json()["description"] == words
    too_long = save(
        client, game="era", name="Long", text=example("era-legal"), description="x" * 5001
    )
    assert too_long.status_code == 422


def test_the_text_export_validates_to_the_same_deck(client, example, era):
    saved = save(client, game="era", name="Round trip", text=example("era-legal")).get_json()
    response = client.get(f"/api/v1/decks/{saved['id']}.txt")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    exported = response.get_data(as_text=True)
    assert exported == saved["text"]
    again = parse_text(exported, era)
    assert not again.problems
    assert (
        again.deck.cards_by_section()
        == parse_text(example("era-legal"), era).deck.cards_by_section()
    )
    answer = client.post(
        "/api/v1/games/era/validate", data=exported, content_type="text/plain"
    ).get_json()
    assert answer["legal"] is True
    assert answer["deck"]["sections"] == saved["deck"]["sections"]


def test_a_deck_can_be_saved_from_its_json_form_with_a_format(client):
    body = {
        "game": "era",
        "name": "Promo",
        "format": "open",
        "sections": {"dinos": [{"card": "era-ember-rex", "count": 1}, "Riftborn Velociraptor"]},
    }
    saved = save(client, **body).get_json()
    assert saved["format"] == "open"
    assert saved["deck"]["sections"]["dinos"] == [
        {"card": "Ember Rex", "id": "era-ember-rex", "count": 1},
        {"card": "Riftborn Velociraptor", "id": "era-riftborn-velociraptor", "count": 1},
    ]
    # its text names its format, which is not ERA's default (see test_deck_exports)
    assert saved["text"].splitlines()[:5] == ["# Promo", "", "Format: open", "", "Dinos:"]


def test_an_illegal_deck_can_be_saved_as_work_in_progress(client, example):
    response = save(
        client, game="era", name="Not yet", text=example("era-illegal").replace("1 Embr Rex\n", "")
    )
    assert response.status_code == 201


def test_deck_ids_are_long_random_and_distinct(client):
    ids = {
        save(client, game="era", name="Same", text="1 Ember Rex").get_json()["id"] for _ in range(5)
    }
    assert len(ids) == 5
    assert all(len(i) >= 16 and i.replace("-", "").replace("_", "").isalnum() for i in ids)


def test_editing_a_deck_saves_a_new_one_and_keeps_the_old(client):
    old = save(client, game="era", name="v1", text="1 Ember Rex").get_json()
    old.pop("claim_key")
    new = save(client, game="era", name="v2", text="1 Ember Rex\n2 Fire Crystal", parent=old["id"])
    assert new.status_code == 201
    new = new.get_json()
    assert new["id"] != old["id"]
    assert new["parent"] == old["id"]
    assert client.get(f"/api/v1/decks/{old['id']}").get_json() == old
    assert client.get(f"/api/v1/decks/{old['id']}.txt").get_data(as_text=True) == old["text"]
    newer = save(client, game="era", name="v3", text="1 Ember Rex", parent=new["id"]).get_json()
    chain = [newer]
    while chain[-1]["parent"]:
        chain.append(client.get(f"/api/v1/decks/{chain[-1]['parent']}").get_json())
    assert [d["name"] for d in chain] == ["v3", "v2", "v1"]


def test_there_is_no_way_to_change_a_saved_deck_in_place(client):
    saved = save(client, game="era", name="Fixed", text="1 Ember Rex").get_json()
    saved.pop("claim_key")
    for method in ("put", "patch"):
        response = getattr(client, method)(f"/api/v1/decks/{saved['id']}", json={"name": "x"})
        assert error_of(response, 405)["code"] == "method-not-allowed"
    # Only its owner deletes it (tests/accounts/test_delete_deck.py); no one else.
    assert error_of(client.delete(f"/api/v1/decks/{saved['id']}"), 401)["code"] == "unauthorized"
    assert client.get(f"/api/v1/decks/{saved['id']}").get_json() == saved


def test_a_deck_with_an_unknown_card_is_refused_with_its_line_and_suggestions(client, example):
    text = example("era-legal").replace("3 Kindle", "3 Kindel")
    response = save(client, game="era", name="Typo", text=text)
    error = error_of(response, 422)
    assert error["code"] == "unsavable-deck"
    (problem,) = error["details"]
    assert problem["line"] == text.splitlines().index("3 Kindel") + 1
    assert problem["suggestions"][0] == "Kindle"
    assert "did you mean" in problem["message"]


def test_a_refused_deck_is_not_stored(client, app):
    save(client, game="era", name="Typo", text="1 Embr Rex")
    with app.app_context():
        db = get_db()
        assert not db["decks"].exists() or db["decks"].count == 0


def test_an_unreadable_line_or_section_is_refused_too(client):
    error = error_of(
        save(client, game="era", name="x", text="Reserves:\n1 Ember Rex\n-1 Kindle"), 422
    )
    assert sorted(p["rule"] for p in error["details"]) == [
        "decklist-malformed-line",
        "decklist-unknown-section",
    ]
    assert sorted(p["line"] for p in error["details"]) == [1, 3]


def test_a_json_deck_with_an_unknown_card_is_refused_naming_the_entry(client):
    body = {"game": "era", "name": "x", "sections": {"deck": [{"card": "Kindel", "count": 2}]}}
    error = error_of(save(client, **body), 422)
    assert error["details"][0]["message"].startswith("sections.deck[0]:")


def test_saving_needs_a_known_game_format_and_parent(client):
    assert error_of(save(client, game="magic", name="x", text="1 Ember Rex"), 404)["code"] == (
        "unknown-game"
    )
    error = error_of(save(client, game="era", name="x", text="1 Ember Rex", format="vintage"), 404)
    assert error["code"] == "unknown-format"
    error = error_of(save(client, game="era", name="x", text="1 Ember Rex", parent="nope"), 404)
    assert error["code"] == "unknown-deck"


def test_an_edit_of_a_deleted_deck_is_a_410_the_openapi_document_names(client):
    # The answer was right (nothing saved, the parent said gone) but the document listed no
    # 410 for saving, so a client built from it had no case for it.
    first = save(client, game="era", name="x", text="1 Ember Rex").get_json()
    deleted = client.delete(
        f"/api/v1/decks/{first['id']}", headers={"Deckwright-Claim-Key": first["claim_key"]}
    )
    assert deleted.status_code == 200
    edit = save(client, game="era", name="y", text="1 Ember Rex", parent=first["id"])
    assert error_of(edit, 410)["code"] == "deck-deleted"
    document = client.get("/api/v1/openapi.json").get_json()
    assert "410" in document["paths"]["/api/v1/decks"]["post"]["responses"]


def test_an_edit_stays_in_the_game_of_its_parent(client):
    era_deck = save(client, game="era", name="x", text="1 Ember Rex").get_json()
    response = save(client, game="eruma", name="y", text="", parent=era_deck["id"])
    assert error_of(response, 422)["code"] == "unsavable-deck"


def test_a_deck_needs_a_name_and_either_sections_or_text(client):
    assert error_of(save(client, game="era", text="1 Ember Rex"), 422)["details"] == [
        "name: Missing data for required field."
    ]
    error = error_of(save(client, game="era", name="x"), 422)
    assert error["details"] == ["send either 'sections' or 'text'"]
    error = error_of(save(client, game="era", name="x", text="", sections={}), 422)
    assert error["details"] == ["send either 'sections' or 'text'"]


def test_boards_sent_beside_a_text_list_are_refused_not_dropped(client):
    sideboard = {"sideboard": [{"card": "Kindle", "count": 2}]}
    response = save(client, game="era", name="x", text="1 Ember Rex", boards=sideboard)
    assert error_of(response, 422)["details"] == [
        "boards: 'boards' go with 'sections'; a 'text' list gives its boards under headers"
        " like 'Sideboard:'"
    ]


def test_an_unknown_deck_is_a_404(client):
    assert error_of(client.get("/api/v1/decks/AAAAAAAAAAAAAAAA"), 404)["code"] == "unknown-deck"
    assert error_of(client.get("/api/v1/decks/AAAAAAAAAAAAAAAA.txt"), 404)["code"] == "unknown-deck"


def test_a_method_the_text_export_does_not_take_is_a_405_not_an_unknown_deck(client):
    # DELETE /api/v1/decks/<id>.txt was read as deleting a deck whose id is "<id>.txt",
    # and said no deck has that id, where the document gives the address GET alone.
    saved = save(client, game="era", name="x", text="1 Ember Rex").get_json()
    answer = client.delete(
        f"/api/v1/decks/{saved['id']}.txt", headers={"Deckwright-Claim-Key": saved["claim_key"]}
    )
    assert error_of(answer, 405)["code"] == "method-not-allowed"
    assert answer.headers["Allow"] == "GET, HEAD"
    assert client.get(f"/api/v1/decks/{saved['id']}").status_code == 200


def test_a_saved_deck_keeps_its_sideboard_in_text_and_json(client):
    text = "3 Kindle\nSideboard:\n2 Flame Lash\nMaybe: 1 Ember Rex"
    saved = save(client, game="era", name="With a side", text=text).get_json()
    assert saved["deck"]["boards"] == {
        "sideboard": [{"card": "Flame Lash", "id": "era-flame-lash", "count": 2}],
        "maybeboard": [{"card": "Ember Rex", "id": "era-ember-rex", "count": 1}],
    }
    assert saved["text"].endswith("Sideboard:\n2 Flame Lash\n\nMaybeboard:\n1 Ember Rex\n")
    again = save(
        client,
        game="era",
        name="Edited",
        sections=saved["deck"]["sections"],
        boards=saved["deck"]["boards"],
        parent=saved["id"],
    ).get_json()
    assert again["deck"]["boards"] == saved["deck"]["boards"]
    assert again["text"].split("\n", 1)[1] == saved["text"].split("\n", 1)[1]


def test_a_line_read_with_a_warning_does_not_keep_a_deck_from_being_saved(client):
    # "0 Kindle" is ignored with a warning: every line was read.
    response = save(client, game="era", name="Zero", text="3 Fire Breath\n0 Kindle")
    assert response.status_code == 201
    assert response.get_json()["text"].endswith("Deck:\n3 Fire Breath\n")


@pytest.mark.parametrize("game", ["era", "shadow-era", "ryft", "arcmage", "eruma"])
def test_a_saved_decks_json_and_csv_sent_as_text_validate_to_the_saved_deck(client, example, game):
    # The JSON (as this API and the deck page's export give it) was read as a title and an
    # empty deck; the CSV named every Shadow Era, Arcmage and ERUMA card by its printing.
    saved = save(client, game=game, name="Round trip", text=example(f"{game}-legal")).get_json()
    sent = {
        "json": client.get(f"/api/v1/decks/{saved['id']}").get_data(as_text=True),
        "csv": client.get(f"/decks/{saved['id']}.csv").get_data(as_text=True),
    }
    for form, text in sent.items():
        answer = client.post(
            f"/api/v1/games/{game}/validate", data=text, content_type="text/plain"
        ).get_json()
        assert (form, answer["legal"], answer["problems"]) == (form, True, [])
        assert answer["deck"]["sections"] == saved["deck"]["sections"], form
        assert answer["deck"].get("boards") == saved["deck"].get("boards"), form
