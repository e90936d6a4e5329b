"""Requests a careless or hostile stranger sends, through the test client and over real HTTP.

The Host header: the site answers to this machine's own names by default, and host names
are compared as the standard says, without regard to case; an IPv6 literal is a name too.
"""

from __future__ import annotations

import http.client
from urllib.parse import urlsplit

import pytest

from tests.api.support import error_of


@pytest.mark.parametrize(
    "host", ["[::1]", "[::1]:8000", "LOCALHOST", "LocalHost:8000", "127.0.0.1:8000"]
)
def test_every_name_of_this_machine_is_a_trusted_host(client, host):
    assert client.get("/api/v1/health", headers={"Host": host}).status_code == 200
    assert client.get("/events/new", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize(
    "host",
    [
        "evil.example.net",
        "[::2]:8000",
        "[::1].evil.example.net",
        "localhost.evil.example.net",
        "evil-localhost",
        "[",
        "localhost:0",
    ],
)
def test_any_other_host_is_refused(client, host):
    answer = client.get("/api/v1/health", headers={"Host": host})
    assert error_of(answer, 400)["code"] == "untrusted-host"
    assert client.get("/events/new", headers={"Host": host}).status_code == 400


def test_a_host_name_sent_in_utf8_is_quoted_back_as_typed(client):
    # A server hands the header's bytes over as Latin-1: "dëcks.example" arrives so.
    sent = "dëcks.example".encode().decode("latin-1")
    error = error_of(client.get("/api/v1/health", headers={"Host": sent}), 400)
    assert error["code"] == "untrusted-host"
    assert error["message"] == "Host 'dëcks.example' is not trusted."


def test_a_trusted_host_setting_matches_without_regard_to_case(tmp_path, library):
    from tests.api.support import make_app

    app = make_app(tmp_path, TRUSTED_HOSTS=["Decks.Example.org", ".Events.Example.org"])
    app.extensions["deckwright.pools"] = library
    client = app.test_client()
    for host in ["decks.example.org", "DECKS.EXAMPLE.ORG:8443", "a.events.example.org"]:
        assert client.get("/api/v1/health", headers={"Host": host}).status_code == 200
    refused = client.get("/api/v1/health", headers={"Host": "events.example.org.evil.net"})
    assert error_of(refused, 400)["code"] == "untrusted-host"


@pytest.mark.server
def test_the_live_site_answers_to_its_ipv6_name_and_refuses_a_forged_one(live_server):
    parts = urlsplit(live_server)

    def status(host: str) -> int:
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        try:
            connection.request("GET", "/api/v1/health", headers={"Host": host})
            return connection.getresponse().status
        finally:
            connection.close()

    assert status(f"[::1]:{parts.port}") == 200
    assert status(f"LOCALHOST:{parts.port}") == 200
    assert status(f"[::2]:{parts.port}") == 400
