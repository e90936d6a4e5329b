"""The served OpenAPI document: generated from the schemas, covering every API route,
and true of what the API answers (checked by schemathesis through the WSGI app)."""

from __future__ import annotations

import gzip
import re

import pytest
import schemathesis
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from gunicorn.config import Config
from gunicorn.http import errors as http_errors
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import checks

from tests.api.support import error_of
from webapp import create_app, schemas
from webapp.openapi import build_spec
from webapp.server import refusal

# Server errors and answers that break the document are what this run looks for.
DOCUMENT_CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
]


@pytest.fixture
def document(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    return response.get_json()


def test_the_document_is_openapi_3(document):
    assert document["openapi"].startswith("3.")
    assert document["info"]["title"] == "Deckwright API"


def test_every_api_route_and_method_is_documented_with_its_answers(app, document):
    documented = {
        (path, method.upper())
        for path, operations in document["paths"].items()
        for method in operations
    }
    routes = {
        (rule.rule.replace("<", "{").replace(">", "}"), method)
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    assert documented == routes
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            statuses = set(operation["responses"])
            assert any(s.startswith("2") for s in statuses), (path, method)
            assert {"405", "500"} <= statuses, (path, method)


def test_the_components_are_the_marshmallow_schemas(document):
    spec = APISpec("x", "1", "3.0.3", plugins=[MarshmallowPlugin()])
    spec.components.schema("Validation", schema=schemas.ValidationSchema)
    generated = spec.to_dict()["components"]["schemas"]
    for name in ("Validation", "Problem", "Summary", "Deck"):
        assert document["components"]["schemas"][name] == generated[name]
    problem = document["components"]["schemas"]["Problem"]
    assert set(problem["properties"]) == set(schemas.ProblemSchema().fields)


def test_every_error_answer_points_at_the_one_error_schema(document):
    for operations in document["paths"].values():
        for operation in operations.values():
            for status, answer in operation["responses"].items():
                if status[0] in "45":
                    schema = answer["content"]["application/json"]["schema"]
                    assert schema == {"$ref": "#/components/schemas/ErrorResponse"}


def test_the_validate_body_may_be_json_or_a_text_decklist(document):
    body = document["paths"]["/api/v1/games/{game_id}/validate"]["post"]["requestBody"]
    assert set(body["content"]) == {"application/json", "text/plain"}


def api_operations() -> list[tuple[str, str]]:
    """Every (path, method) of the document, from the routes of a freshly built app."""
    app = create_app({"TESTING": True})
    return sorted(
        (path, method.upper())
        for path, operations in build_spec(app).to_dict()["paths"].items()
        for method in operations
    )


@pytest.mark.parametrize(("path", "method"), api_operations())
def test_the_api_answers_as_its_document_says(app, library, path, method):
    operation = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)[path][method]
    # Half the cases name a real game, so they get past the 404 into the endpoint itself.
    real_game = st.sampled_from(sorted(library.games()))

    @given(case=operation.as_strategy(), game=real_game, use_real_game=st.booleans())
    @settings(
        max_examples=20,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    def answers_as_documented(case, game, use_real_game):
        if use_real_game and "game_id" in (case.path_parameters or {}):
            case.path_parameters["game_id"] = game
        case.call_and_validate(checks=DOCUMENT_CHECKS)

    answers_as_documented()


# -- what each endpoint takes, and the API refusing anything else ---------------------------


def test_a_list_is_exactly_one_of_text_or_deck(document):
    components = document["components"]["schemas"]
    for name in ("SubmissionBody", "ListBody"):
        assert components[name]["oneOf"] == [{"required": ["text"]}, {"required": ["deck"]}]
    assert components["UploadBody"]["oneOf"] == [{"required": ["csv"]}, {"required": ["zip"]}]
    assert components["SaveDeckBody"]["oneOf"] == [
        {"required": ["sections"]},
        {"required": ["text"]},
    ]


def test_a_deck_body_is_exactly_one_of_sections_or_cards(document):
    components = document["components"]["schemas"]
    assert components["DeckBody"]["oneOf"] == [
        {"required": ["sections"]},
        {"required": ["cards"]},
        {"required": ["deck"]},  # a saved deck as GET /api/v1/decks/{deck_id} gives it
    ]
    # The fits body's cards are the ids to try beside the deck's sections.
    assert "oneOf" not in components["FitsBody"]
    assert "sections" in components["FitsBody"]["required"]


def test_every_deck_body_the_document_allows_is_judged(client, document):
    # The document allowed only a deck's sections or cards: a text decklist as a JSON string
    # and a saved deck sent back as GET /api/v1/decks/{deck_id} gives it, both read, were
    # bodies a client generated from it could not send.
    validate = document["paths"]["/api/v1/games/{game_id}/validate"]["post"]
    deck_body = {"$ref": "#/components/schemas/DeckBody"}
    text = {"type": "string", "description": "A text decklist, as a JSON string."}
    alternatives = validate["requestBody"]["content"]["application/json"]["schema"]["oneOf"]
    assert alternatives == [deck_body, text]
    batch = document["components"]["schemas"]["BatchBody"]["properties"]["decks"]["items"]
    assert batch["oneOf"] == [deck_body, text]
    assert "deck" in document["components"]["schemas"]["DeckBody"]["properties"]
    assert "deck" not in document["components"]["schemas"]["FitsBody"]["properties"]
    saved = client.post("/api/v1/decks", json={"game": "era", "name": "Rex", "text": "3 Kindle"})
    shown = client.get(f"/api/v1/decks/{saved.get_json()['id']}").get_json()
    for body in ("3 Kindle", shown, {"cards": ["Kindle"]}, {"sections": {"deck": ["Kindle"]}}):
        answer = client.post("/api/v1/games/era/validate", json=body)
        assert answer.status_code == 200, (body, answer.get_json())
        batch_answer = client.post("/api/v1/games/era/validate/batch", json={"decks": [body]})
        assert batch_answer.status_code == 200, (body, batch_answer.get_json())


def test_a_submission_takes_an_idempotency_key_header(document):
    operation = document["paths"]["/api/v1/events/{event_id}/entries"]["post"]
    (header,) = [p for p in operation["parameters"] if p["in"] == "header"]
    assert header["name"] == "Idempotency-Key"
    assert header["required"] is False
    assert header["schema"]["pattern"] == "^[!-~]{16,100}$"


def test_every_body_may_be_too_large_and_every_counted_request_too_many(document):
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            answers = operation["responses"]
            assert "400" in answers, (path, method)
            if "requestBody" in operation:
                assert "413" in answers, (path, method)
            if path.startswith("/api/v1/events"):
                assert "Retry-After" in answers["429"]["headers"], (path, method)
    creating = document["paths"]["/api/v1/events"]["post"]["responses"]
    assert "429" in creating
    validating = document["paths"]["/api/v1/games/{game_id}/validate"]["post"]["responses"]
    assert "Retry-After" in validating["429"]["headers"]
    assert "429" not in document["paths"]["/api/v1/games/{game_id}/cards"]["get"]["responses"]


@pytest.fixture
def event_id(client):
    body = {"name": "Cup", "game": "era", "deadline": "2099-01-01T00:00:00Z"}
    answer = client.post("/api/v1/events", json=body)
    return answer.get_json()["event"]["id"]


@pytest.mark.parametrize(
    ("body", "headers"),
    [
        ({"player": "Al", "text": "1 Ember Rex", "deck": {"sections": {}}}, {}),  # both
        ({"player": "Al"}, {}),  # neither
        ({"player": "Al", "text": "1 Ember Rex", "team": "red"}, {}),  # not in the document
        ({"player": "Al", "text": "1 Ember Rex"}, {"Idempotency-Key": "short"}),
        ({"player": "Al", "text": "1 Ember Rex"}, {"Idempotency-Key": "é" * 20}),
    ],
)
def test_a_submission_the_document_does_not_allow_is_refused(client, event_id, body, headers):
    answer = client.post(f"/api/v1/events/{event_id}/entries", json=body, headers=headers)
    assert answer.status_code in (400, 422)
    error_of(answer, answer.status_code)
    listing = client.get(f"/api/v1/events/{event_id}")
    assert listing.status_code == 200


def test_no_operation_description_keeps_its_docstring_indent(document):
    # Markdown reads a line indented four spaces as code: a paragraph broken over lines
    # would show as a block of code in any viewer of the document.
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for line in operation.get("description", "").splitlines():
                assert not line.startswith("    "), (method, path, line)


def test_every_operation_has_an_operation_id_of_its_own(document):
    ids = [
        operation.get("operationId")
        for operations in document["paths"].values()
        for operation in operations.values()
    ]
    assert None not in ids
    assert len(ids) == len(set(ids))
    assert document["paths"]["/api/v1/decks/{deck_id}"]["delete"]["operationId"] == "delete_deck"


@pytest.mark.parametrize(
    "refused",
    [
        http_errors.LimitRequestLine(9000, 4094),  # a request line too long: 414
        http_errors.LimitRequestHeaders("too many headers"),  # 431
        http_errors.UnsupportedTransferCoding("gzip"),  # 501
        http_errors.ExpectationFailed("200-ok"),  # 417
        http_errors.InvalidHeader("CONTENT-LENGTH"),  # 400
    ],
)
def test_what_the_server_refuses_before_the_app_is_declared_on_every_operation(document, refused):
    # make start's worker answers these under /api/ whatever the path, in the error shape.
    status, _, _ = refusal(refused, Config())
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            answer = operation["responses"].get(str(status))
            assert answer is not None, (status, path, method)
            assert answer["content"]["application/json"]["schema"] == {
                "$ref": "#/components/schemas/ErrorResponse"
            }


def test_every_token_the_api_takes_is_a_declared_security_scheme(document):
    schemes = document["components"]["securitySchemes"]
    for bearer_token in ("personalAccessToken", "eventAdminToken", "playerToken"):
        assert schemes[bearer_token] | {"description": ""} == {
            "type": "http",
            "scheme": "bearer",
            "description": "",
        }
    assert schemes["claimKey"] | {"description": ""} == {
        "type": "apiKey",
        "in": "header",
        "name": "Deckwright-Claim-Key",
        "description": "",
    }

    def security(path, method):
        return document["paths"][path][method].get("security")

    for path in ("/api/v1/account", "/api/v1/account/decks", "/api/v1/account/events"):
        assert security(path, "get") == [{"personalAccessToken": []}]
    deck = "/api/v1/decks/{deck_id}"
    assert security(deck, "delete") == [{"personalAccessToken": []}, {"claimKey": []}]
    # A token is optional where it only adds to what anyone may do.
    assert security("/api/v1/decks", "post") == [{}, {"personalAccessToken": []}]
    assert security("/api/v1/events", "post") == [{}, {"personalAccessToken": []}]
    event = "/api/v1/events/{event_id}"
    for path, method in [
        (f"{event}/entries", "get"),
        (f"{event}/players", "post"),
        (f"{event}/uploads", "post"),
        (f"{event}/lock", "post"),
        (f"{event}/reopen", "post"),
        (f"{event}/publish", "post"),
        (f"{event}/verify", "get"),
        (f"{event}/export.csv", "get"),
        (f"{event}/export.json", "get"),
    ]:
        assert security(path, method) == [{"eventAdminToken": []}], (path, method)
    entry = f"{event}/entries/{{entry_id}}"
    assert security(entry, "put") == [{"playerToken": []}]
    for path in (entry, f"{entry}/versions"):
        assert security(path, "get") == [{"playerToken": []}, {"eventAdminToken": []}]
    for path, method in [
        (event, "get"),
        (f"{event}/entries", "post"),
        (f"{event}/lists", "get"),
        ("/api/v1/games/{game_id}/validate", "post"),
    ]:
        assert security(path, method) == [{}, {"personalAccessToken": []}], (path, method)


def test_an_operation_that_needs_a_token_refuses_a_call_without_one(client, document):
    created = client.post(
        "/api/v1/events", json={"name": "Cup", "game": "era", "deadline": "2099-01-01T00:00:00Z"}
    ).get_json()
    event = created["event"]["id"]
    receipt = client.post(
        f"/api/v1/events/{event}/entries", json={"player": "Al", "text": "3 Ember Rex"}
    ).get_json()
    saved = client.post("/api/v1/decks", json={"game": "era", "name": "Rex", "text": "3 Ember Rex"})
    ids = {
        "event_id": event,
        "entry_id": receipt["entry"]["entry"],
        "deck_id": saved.get_json()["id"],
    }
    # A body and query each operation takes, so what is refused is the missing token alone.
    bodies = {
        "/api/v1/events/{event_id}/entries/{entry_id}": {"text": "3 Ember Rex"},
        "/api/v1/events/{event_id}/players": {"players": [{"name": "Bo"}]},
        "/api/v1/events/{event_id}/uploads": {"csv": "player,list\nCy,3 Ember Rex\n"},
    }
    queries = {"/api/v1/events/{event_id}/verify": {"receipt": "0123456789ab"}}
    checked = 0
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if {} in operation.get("security", [{}]):
                continue
            url = path.format(**{name: ids[name] for name in ids if "{" + name + "}" in path})
            answer = client.open(
                url, method=method.upper(), json=bodies.get(path), query_string=queries.get(path)
            )
            assert answer.status_code in (401, 403, 404), (method, url, answer.status_code)
            checked += 1
    assert checked >= 15


def test_a_query_parameter_that_takes_a_few_words_lists_them(client, document):
    # The export's separator takes comma or semicolon; any other is refused with a 400.
    operation = document["paths"]["/api/v1/events/{event_id}/export.csv"]["get"]
    (separator,) = [p for p in operation["parameters"] if p["name"] == "separator"]
    assert separator["schema"]["enum"] == ["comma", "semicolon"]
    body = {"name": "Cup", "game": "era", "deadline": "2099-01-01T00:00:00Z"}
    created = client.post("/api/v1/events", json=body).get_json()
    url = f"/api/v1/events/{created['event']['id']}/export.csv?separator=tab"
    answer = client.get(url, headers={"Authorization": f"Bearer {created['admin_token']}"})
    error_of(answer, 400)


def test_a_dead_personal_access_token_is_a_401_every_operation_declares(client, document):
    # A revoked or mistyped token is refused on any call, even one that needs none.
    dead = {"Authorization": "Bearer dwp_revoked-or-mistyped"}
    for url in ("/api/v1/games", "/api/v1/health"):
        error_of(client.get(url, headers=dead), 401)
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            assert "401" in operation["responses"], (path, method)
            # Any call may carry an account's token (more room under the rate limits).
            alternatives = operation["security"]
            assert {"personalAccessToken": []} in alternatives or {} not in alternatives


def test_a_body_sent_compressed_is_a_415_every_operation_declares(client, document):
    # The edge refuses a compressed body before any view runs, even one that reads no body
    # (GET /api/v1/health with `Content-Encoding: gzip`): each operation says it may.
    compressed = gzip.compress(b'{"name": "Rex"}')
    for path, operations in document["paths"].items():
        url = re.sub(r"{[^}]+}", "x", path)
        for method, operation in operations.items():
            answer = client.open(
                url,
                method=method.upper(),
                data=compressed,
                headers={"Content-Encoding": "gzip", "Content-Type": "application/json"},
            )
            assert error_of(answer, 415)["code"] == "unsupported-content-encoding", (method, url)
            assert "415" in operation["responses"], (method, path)
