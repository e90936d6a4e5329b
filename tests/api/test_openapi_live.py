"""schemathesis over real HTTP: gunicorn's answers to generated requests, valid and not, are
never a 500 and never outside the served document, and a request the document does not
allow is refused (about a minute for the whole API)."""

from __future__ import annotations

import itertools

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from requests.adapters import HTTPAdapter
from schemathesis import checks
from schemathesis.generation import GenerationMode

from tests.api.test_openapi import DOCUMENT_CHECKS, api_operations

pytestmark = pytest.mark.server

EXAMPLES_PER_OPERATION = 25
# Each operation is sent from a loopback address of its own: the rate limits count per
# address, and one operation's 429s (which the document allows) should not hide another's.
_ADDRESSES = (f"127.0.3.{n}" for n in itertools.count(1))


class FromAddress(HTTPAdapter):
    """Connections made from one local address."""

    def __init__(self, source: str):
        self.source = source
        super().__init__()

    def init_poolmanager(self, *args, **kwargs):
        kwargs["source_address"] = (self.source, 0)
        super().init_poolmanager(*args, **kwargs)


@pytest.fixture(scope="module")
def schema(live_server):
    loaded = schemathesis.openapi.from_url(f"{live_server}/api/v1/openapi.json")
    # A generated body may be too long to read (a list past its line cap): the document
    # answers it with 413, a refusal like any other 4xx.
    rejection = loaded.config.checks.negative_data_rejection
    rejection.expected_statuses = [*rejection.expected_statuses, "413"]
    return loaded


@pytest.fixture(scope="module")
def real_event(live_server):
    """An event with one entry, so generated requests may name ids that exist."""
    session = requests.Session()
    created = session.post(
        f"{live_server}/api/v1/events",
        json={"name": "Generated Cup", "game": "era", "deadline": "2099-01-01T00:00:00Z"},
    ).json()
    event_id, token = created["event"]["id"], created["admin_token"]
    receipt = session.post(
        f"{live_server}/api/v1/events/{event_id}/entries",
        json={"player": "Gen", "text": "Dinos:\n1 Ember Rex\n"},
    ).json()
    return {"event_id": event_id, "entry_id": receipt["entry"]["entry"], "token": token}


@pytest.mark.parametrize(("path", "method"), api_operations())
def test_the_live_api_answers_as_its_document_says(
    live_server, schema, library, real_event, path, method
):
    operation = schema[path][method]
    session = requests.Session()
    session.mount("http://", FromAddress(next(_ADDRESSES)))
    real = {
        "game_id": st.sampled_from(sorted(library.games())),
        "event_id": st.just(real_event["event_id"]),
        "entry_id": st.just(real_event["entry_id"]),
    }

    cases = st.one_of(
        operation.as_strategy(GenerationMode.POSITIVE),
        operation.as_strategy(GenerationMode.NEGATIVE),
    )

    @given(case=cases, use_real=st.booleans(), data=st.data())
    @settings(
        max_examples=EXAMPLES_PER_OPERATION,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def answers_as_documented(case, use_real, data):
        negative = case.meta.generation.mode == GenerationMode.NEGATIVE
        if use_real and not negative:
            for name in case.path_parameters or {}:
                if name in real:
                    case.path_parameters[name] = data.draw(real[name])
            if "event_id" in (case.path_parameters or {}):
                case.headers = {
                    **(case.headers or {}),
                    "Authorization": "Bearer " + real_event["token"],
                }
        more = [checks.negative_data_rejection] if negative else []
        case.call_and_validate(
            base_url=live_server,
            session=session,
            checks=[*DOCUMENT_CHECKS, checks.response_headers_conformance, *more],
        )

    answers_as_documented()
