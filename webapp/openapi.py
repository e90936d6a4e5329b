"""The OpenAPI 3 document of the JSON API, generated from the views and their schemas.

Each API view is marked with :func:`documented`, naming the schemas it reads
and answers with. :func:`build_spec` walks the app's URL map, so a route
without documentation cannot hide, and apispec's MarshmallowPlugin turns the
schemas into the document's components (named after the schema classes):
nothing in the document is written by hand.

What the edge refuses is stated for every operation it can refuse: a 400
(an address that is not UTF-8 can reach any endpoint), a 415 (a body sent compressed,
whichever endpoint it is sent to), what the server refuses before
the app reads a request (414, 417, 431, 501), a 413 wherever a body
is read (``MAX_CONTENT_LENGTH`` and the decklist line limit), a 429 with
``Retry-After`` wherever :mod:`webapp.limits` counts the request, and a body
schema's ``exactly_one_of`` (``text`` or ``deck``) as a ``oneOf``, which the
schema's own check enforces when the body is loaded. Each operation's ``operationId`` is
its view's name, for clients generated from the document.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Flask
from marshmallow import Schema

from . import limits, schemas

API_TITLE = "Deckwright API"
API_VERSION = "1.0.0"
OPENAPI_VERSION = "3.0.3"
API_PREFIX = "/api/v1"

ERROR_MEANINGS = {
    400: "The request cannot be read: malformed JSON, text that is not UTF-8, JSON nested"
    " too deep, a number too large, a bad query parameter or decklist, or a query parameter"
    " that takes one value given more than once.",
    401: "A personal access token (Authorization: Bearer dwp_…) that is unknown or revoked,"
    " on any call; or none, where the call needs one.",
    403: "Not allowed to whoever asks: a registered player's name without the player id the"
    " organizer registered, or a deck that is not the asker's to delete.",
    404: "No such game, format, card, saved deck or event, or a token that opens nothing.",
    405: "The path does not take this method.",
    409: "The request conflicts with the current state, e.g. an event closed to submissions.",
    410: "Gone for good: a saved deck its owner deleted.",
    413: "The body is larger than the server accepts, or a decklist has more lines.",
    414: "The request line (method, address and query string) is longer than the server"
    " reads; send the data in a POST body instead.",
    415: "The body is not in a media type this endpoint reads, or it is sent compressed"
    " (a Content-Encoding other than identity), which no endpoint reads.",
    417: "The request's Expect header cannot be met.",
    422: "The body is well-formed but not acceptable; the details say why.",
    429: "Too many requests of this kind from this address; Retry-After says when to try again.",
    431: "The request's headers are too many or too large.",
    500: "The server failed.",
    501: "The request's Transfer-Encoding is not supported.",
    503: "Not available now: the server's database cannot be used (its disk full, it"
    " read-only, held by another program past the wait, or damaged), and nothing was saved;"
    " Retry-After says when to try again. Or the game is not served until the problems of"
    " its card pool files are fixed (or no game is); the details list them.",
}
# What the server (``make start``'s worker, webapp.server) refuses before the app reads the
# request, for any path under /api/, answered in the error shape: a request line or headers
# too large, a Transfer-Encoding or an Expect it cannot meet (and a 400 for the rest).
SERVER_REFUSALS = (414, 417, 431, 501)
# Answer headers sent with some answers of a status only (a retry's answer alone says it is
# one); every other header an operation declares comes with each of its answers, and is
# declared required, for clients generated from the document to rely on.
SENT_SOMETIMES = frozenset({"Idempotent-Replayed"})
# Sizes the app is configured with (DECKWRIGHT_MAX_... in the environment) that a body field
# is held to: (schema, field) -> (the JSON Schema keyword, the setting).
CONFIGURED_SIZES = {(schemas.BatchBodySchema, "decks"): ("maxItems", "MAX_BATCH_DECKS")}
PAT = "personalAccessToken"
EVENT_ADMIN = "eventAdminToken"
PLAYER = "playerToken"
CLAIM_KEY = "claimKey"
SECURITY_SCHEMES: dict[str, dict[str, str]] = {
    PAT: {
        "type": "http",
        "scheme": "bearer",
        "description": "An account's personal access token (dwp_…), made and revoked on the"
        " account page and kept only as a hash; calls with one get more room under the"
        " rate limits. /api/v1/account needs one; POST /api/v1/events with one puts the"
        " event on the account's events.",
    },
    EVENT_ADMIN: {
        "type": "http",
        "scheme": "bearer",
        "description": "An event's admin token, given once by POST /api/v1/events (or the"
        " token of an organizer's personal admin link): the organizer's side of the event."
        " A call without it, or with a token that does not open the event, gets the same 404"
        " as an unknown event.",
    },
    PLAYER: {
        "type": "http",
        "scheme": "bearer",
        "description": "A player's token for one entry, given once by the entry's first"
        " submission (player_token): reads and replaces that entry's list. A call without"
        " it, or with a token that does not open the entry, gets the same 404 as an unknown"
        " one.",
    },
    CLAIM_KEY: {
        "type": "apiKey",
        "in": "header",
        "name": "Deckwright-Claim-Key",
        "description": "The claim key a deck's save gave when no one was logged in"
        " (claim_key), shown once: with it, DELETE /api/v1/decks/{deck_id} deletes that deck.",
    },
}
_RULE_ARGUMENT = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")


@dataclass(frozen=True)
class Operation:
    """What the document says of one view."""

    summary: str
    response: type[Schema] | None
    status: int = 200
    body: type[Schema] | None = None
    text_body: bool = False
    # A JSON string body is read as a text decklist (validate): documented beside ``body``.
    json_text: bool = False
    text_response: bool = False
    text_media: str = "text/plain"
    query: type[Schema] | None = None
    extra_query: str = ""
    errors: tuple[int, ...] = ()
    headers: dict[str, str] = field(default_factory=dict)
    # Headers the request may carry: name -> (description, JSON schema of the value).
    request_headers: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    # The tokens that open it, any one of them (names of SECURITY_SCHEMES); None among them
    # when a call with no token is answered too. Empty: no token, or a personal access token.
    security: tuple[str | None, ...] = ()


def documented(
    summary: str,
    response: type[Schema] | None = None,
    *,
    errors: Iterable[int] = (),
    **options: Any,
) -> Callable:
    """Attach the view's documentation; the view itself is returned unchanged."""

    def mark(view: Callable) -> Callable:
        view.openapi = Operation(summary, response, errors=tuple(sorted(errors)), **options)
        return view

    return mark


def _parameters_of(rule_path: str) -> list[str]:
    return _RULE_ARGUMENT.findall(rule_path)


def _operation(
    op: Operation,
    view_doc: str | None,
    path_params: list[str],
    limited: bool = False,
    operation_id: str = "",
) -> dict[str, Any]:
    parameters: list[dict[str, Any]] = [
        {"in": "path", "name": name, "required": True, "schema": {"type": "string"}}
        for name in path_params
    ]
    parameters.extend(
        {"in": "header", "name": name, "required": False, "description": text, "schema": schema}
        for name, (text, schema) in op.request_headers.items()
    )
    if op.query is not None:
        parameters.append({"in": "query", "schema": op.query})
    answer: dict[str, Any] = {"description": op.summary}
    if op.text_response:
        answer["content"] = {op.text_media: {"schema": {"type": "string"}}}
    elif op.response is not None:
        answer["content"] = {"application/json": {"schema": op.response}}
    else:
        answer["content"] = {"application/json": {"schema": {"type": "object"}}}
    if op.headers:
        answer["headers"] = {
            name: {
                "description": text,
                "required": name not in SENT_SOMETIMES,
                "schema": {"type": "string"},
            }
            for name, text in op.headers.items()
        }
    responses: dict[str, Any] = {str(op.status): answer}
    error_content = {"application/json": {"schema": schemas.ErrorResponseSchema}}
    takes_body = op.body is not None or op.text_body
    # A body sent compressed is refused before any view runs, wherever it is sent (415).
    statuses = {*op.errors, *SERVER_REFUSALS, 400, 401, 405, 415, 500, 503}
    if takes_body:
        statuses.add(413)
    if limited:
        statuses.add(429)
    for status in sorted(statuses):
        responses[str(status)] = {"description": ERROR_MEANINGS[status], "content": error_content}
    if limited:
        responses["429"]["headers"] = {
            "Retry-After": {
                "description": "Seconds until this address may send such a request again.",
                "required": True,
                "schema": {"type": "integer", "minimum": 1},
            }
        }
    responses["503"]["headers"] = {
        "Retry-After": {
            "description": "Seconds after which to try again, when the database failed.",
            "schema": {"type": "integer", "minimum": 1},
        }
    }
    operation: dict[str, Any] = {
        "operationId": operation_id,
        "summary": op.summary,
        "description": "\n\n".join(
            p for p in (inspect.cleandoc(view_doc or ""), op.extra_query) if p
        ),
        "parameters": parameters,
        "responses": responses,
    }
    # Any call may carry an account's token for more room under the rate limits.
    security = op.security or (None, PAT)
    operation["security"] = [{} if name is None else {name: []} for name in security]
    if takes_body:
        content: dict[str, Any] = {}
        if op.body is not None:
            schema: Any = op.body
            if op.json_text:
                schema = {"oneOf": [op.body, schemas.TEXT_DECK]}
            content["application/json"] = {"schema": schema}
        if op.text_body:
            content["text/plain"] = {
                "schema": {
                    "type": "string",
                    "description": "A decklist in UTF-8, or in the charset the Content-Type"
                    " declares: windows-1252 (iso-8859-1, latin-1 and us-ascii read as it), or"
                    " utf-16. Text in another charset, not UTF-8, is refused naming it.",
                }
            }
        operation["requestBody"] = {"required": True, "content": content}
    return operation


def build_spec(app: Flask) -> APISpec:
    """The document for every route of the API, from the marks on its views."""
    plugin = MarshmallowPlugin()
    spec = APISpec(
        title=API_TITLE,
        version=API_VERSION,
        openapi_version=OPENAPI_VERSION,
        plugins=[plugin],
        info={"description": "Deck building and deck-legality validation for trading card games."},
    )
    plugin.converter.add_parameter_attribute_function(_empty_is_none)
    paths: dict[str, dict[str, Any]] = {}
    operation_ids: set[str] = set()
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if not rule.rule.startswith(API_PREFIX):
            continue
        view = app.view_functions[rule.endpoint]
        op: Operation | None = getattr(view, "openapi", None)
        if op is None:
            raise LookupError(f"{rule.rule} ({rule.endpoint}) is not documented")
        path = _RULE_ARGUMENT.sub(r"{\1}", rule.rule)
        methods = sorted(rule.methods - {"HEAD", "OPTIONS"})
        for method in methods:
            limited = limits.may_limit(rule, method)
            operation_id = _operation_id(rule.endpoint, method, len(methods), operation_ids)
            operation = _operation(
                op, view.__doc__, _parameters_of(rule.rule), limited, operation_id
            )
            paths.setdefault(path, {})[method.lower()] = operation
    for path, operations in paths.items():
        spec.path(path=path, operations=operations)
    for name, scheme in SECURITY_SCHEMES.items():
        spec.components.security_scheme(name, scheme)
    _state_exclusive_fields(spec, plugin)
    _configured_sizes(spec, plugin, app.config)
    return spec


def _empty_is_none(_converter: Any, field: Any, ret: dict[str, Any], **_kwargs: Any) -> dict:
    """An optional query parameter sent empty (``?format=&as_of=``) is read as not given, as
    a form's field left empty is (webapp.api.load_query): ``allowEmptyValue``. And none is
    ``nullable``, as a field a body shares with the query (``as_of``) is: a query string
    cannot say null, and a client told it may would send ``?as_of=null``."""
    if ret["in"] != "query":
        return {}
    schema = {key: value for key, value in ret["schema"].items() if key != "nullable"}
    return {"schema": schema, "allowEmptyValue": True} if not field.required else {"schema": schema}


def _operation_id(endpoint: str, method: str, methods: int, taken: set[str]) -> str:
    """The view's name (``delete_deck``), with the method when the view takes several, and
    with its blueprint should two blueprints name a view alike: unique in the document."""
    blueprint, _, name = endpoint.rpartition(".")
    if methods > 1:
        name = f"{method.lower()}_{name}"
    if name in taken and blueprint:
        name = f"{blueprint}_{name}"
    suffix = 2
    unique = name
    while unique in taken:
        unique = f"{name}_{suffix}"
        suffix += 1
    taken.add(unique)
    return unique


def _state_exclusive_fields(spec: APISpec, plugin: MarshmallowPlugin) -> None:
    """A body schema's ``exactly_one_of`` as ``oneOf`` alternatives, each requiring one field:
    a body with both fields matches both alternatives and one with neither matches none."""
    for key, name in plugin.converter.refs.items():
        schema_class = key[0] if isinstance(key, tuple) else key
        names = getattr(schema_class, "exactly_one_of", ())
        component = spec.components.schemas.get(name)
        if names and component is not None:
            component["oneOf"] = [{"required": [field_name]} for field_name in names]


def _configured_sizes(spec: APISpec, plugin: MarshmallowPlugin, config: Any) -> None:
    """The sizes of CONFIGURED_SIZES as this app has them, on the fields they limit: a
    client splitting its decks into batches reads the batch size in the document."""
    for key, name in plugin.converter.refs.items():
        schema_class = key[0] if isinstance(key, tuple) else key
        component = spec.components.schemas.get(name)
        for (owner, field_name), (keyword, setting) in CONFIGURED_SIZES.items():
            if schema_class is owner and component is not None:
                component["properties"][field_name][keyword] = int(config[setting])
