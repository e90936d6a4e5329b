"""A query parameter that takes one value, given twice, is refused naming it: the API does
not pick one of the two values without a word. Parameters that take several values
(the card search's ``type``, ``set`` and attribute filters) may be repeated. A parameter
given empty, as a form sends a field left empty, is as if not given."""

from __future__ import annotations

import pytest

from tests.api.support import error_of


@pytest.fixture
def event(client):
    body = {"name": "Cup", "game": "era", "deadline": "2099-01-01T00:00:00Z"}
    answer = client.post("/api/v1/events", json=body).get_json()
    return answer["event"]["id"], {"Authorization": f"Bearer {answer['admin_token']}"}


def assert_refused_naming(response, name):
    error = error_of(response, 400)
    assert error["code"] == "invalid-query"
    assert f"'{name}'" in error["message"]
    assert error["details"] == [f"{name}: given 2 times; it takes one value"]


@pytest.mark.parametrize(
    "query",
    ["format=open&format=standard", "as_of=2023-01-01&as_of=2024-01-01", "format=&format=open"],
)
def test_a_validation_given_a_format_or_day_twice_is_refused(client, query):
    name = query.split("=")[0]
    response = client.post(
        f"/api/v1/games/era/validate?{query}", data="1 Ember Rex", content_type="text/plain"
    )
    assert_refused_naming(response, name)
    batch = client.post(
        f"/api/v1/games/era/validate/batch?{query}", json={"decks": ["1 Ember Rex"]}
    )
    assert_refused_naming(batch, name)


@pytest.mark.parametrize(
    "query",
    [
        "q=rex&q=kindle",
        "sort=name&sort=cost",
        "order=asc&order=desc",
        "page=1&page=2",
        "per_page=5&per_page=10",
        "cost_min=1&cost_min=2",
        "cost_max=3&cost_max=4",
    ],
)
def test_a_card_search_given_a_one_value_parameter_twice_is_refused(client, query):
    name = query.split("=")[0]
    assert_refused_naming(client.get(f"/api/v1/games/era/cards?{query}"), name)


def test_a_card_search_may_repeat_the_filters_that_take_several_values(client, era):
    query = "type=Dino&type=Event&type=Action&element=Fire&element=Water&per_page=200"
    answer = client.get(f"/api/v1/games/era/cards?{query}")
    assert answer.status_code == 200
    found = answer.get_json()["cards"]
    assert found
    assert {c["type"] for c in found} <= {"Dino", "Event", "Action"}
    assert {c["facts"]["element"] for c in found} <= {"Fire", "Water"}


@pytest.mark.parametrize("query", ["show=all&show=legal", "page=1&page=2", "per_page=5&per_page=9"])
def test_an_event_listing_given_a_parameter_twice_is_refused(client, event, query):
    event_id, admin = event
    response = client.get(f"/api/v1/events/{event_id}/entries?{query}", headers=admin)
    assert_refused_naming(response, query.split("=")[0])


def test_a_receipt_check_given_two_receipts_is_refused(client, event):
    event_id, admin = event
    query = f"receipt={'a' * 12}&receipt={'b' * 12}"
    response = client.get(f"/api/v1/events/{event_id}/verify?{query}", headers=admin)
    assert_refused_naming(response, "receipt")


def test_the_document_says_which_parameters_repeat(client):
    document = client.get("/api/v1/openapi.json").get_json()
    search = document["paths"]["/api/v1/games/{game_id}/cards"]["get"]
    repeated = {
        p["name"]: p["schema"]["type"] == "array"
        for p in search["parameters"]
        if p["in"] == "query"
    }
    assert repeated == {
        "q": False,
        "type": True,
        "set": True,
        "sort": False,
        "order": False,
        "page": False,
        "per_page": False,
    }
    assert "once" in search["responses"]["400"]["description"]
    assert "once" in search["description"]


def test_an_empty_format_or_day_is_the_default_judged_today(client):
    for query in ("as_of=", "format=&as_of=", "format="):
        response = client.post(
            f"/api/v1/games/era/validate?{query}", data="1 Ember Rex", content_type="text/plain"
        )
        assert response.status_code == 200, (query, response.get_data(as_text=True))
        assert (response.get_json()["format"], response.get_json()["as_of"]) == ("standard", None)


def test_an_empty_receipt_is_asked_for_and_an_empty_page_is_the_first(client, event):
    event_id, admin = event
    listing = client.get(f"/api/v1/events/{event_id}/entries?page=&show=", headers=admin)
    assert listing.status_code == 200
    assert listing.get_json()["page"] == 1
    error = error_of(client.get(f"/api/v1/events/{event_id}/verify?receipt=", headers=admin), 400)
    assert "give the receipt hash" in error["message"] + " ".join(map(str, error["details"]))
