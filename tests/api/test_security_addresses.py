"""Links given to organizers name the configured public address, never the Host header a
client wrote, and no token reaches the log, not even in the traceback of a 500."""

from __future__ import annotations

import logging
import re
from datetime import UTC, datetime, timedelta

import pytest

from tests.api.support import error_of, make_app
from webapp import addresses
from webapp.events import site as event_site

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
LINK = re.compile(r"(https?://[^\s\"'<]+/events/[^\s\"'<]+)")


def app_with(tmp_path, library, **config):
    app = make_app(tmp_path, **config)
    app.extensions["deckwright.pools"] = library
    return app


def create_on_the_page(client, **kwargs):
    """Create an event through the organizer's form: its page shows the links to share."""
    page = client.get("/events/new", **kwargs).get_data(as_text=True)
    deadline = (datetime.now(UTC) + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    form = {
        "name": "Cup",
        "game": "era",
        "deadline": deadline,
        "timezone": "UTC",
        "csrf_token": CSRF.search(page).group(1),
    }
    return client.post("/events/new", data=form, **kwargs)


def test_links_are_built_on_the_public_url_whatever_host_the_client_names(tmp_path, library):
    app = app_with(tmp_path, library, PUBLIC_URL="https://decks.example.org")
    client = app.test_client()
    forged = {"headers": {"Host": "evil.example.net"}}
    created = create_on_the_page(client, **forged)
    assert created.status_code == 201
    links = LINK.findall(created.get_data(as_text=True))
    assert links, "the page shows no link to share"
    assert all(link.startswith("https://decks.example.org/events/") for link in links)
    assert "evil.example.net" not in created.get_data(as_text=True)


def test_a_public_url_under_a_path_keeps_its_path(tmp_path, library):
    app = app_with(tmp_path, library, PUBLIC_URL="https://example.org/decks")
    created = create_on_the_page(app.test_client())
    links = LINK.findall(created.get_data(as_text=True))
    assert links
    assert all(link.startswith("https://example.org/decks/events/") for link in links)


def test_without_a_public_url_a_host_that_is_not_trusted_is_refused(tmp_path, library):
    client = app_with(tmp_path, library).test_client()
    assert client.get("/events/new", headers={"Host": "evil.example.net"}).status_code == 400
    answer = client.get("/api/v1/health", headers={"Host": "evil.example.net"})
    assert error_of(answer, 400)["code"] == "untrusted-host"
    created = create_on_the_page(client, headers={"Host": "127.0.0.1:8000"})
    assert created.status_code == 201
    assert all(
        link.startswith("http://127.0.0.1:8000/")
        for link in LINK.findall(created.get_data(as_text=True))
    )


def test_trusted_hosts_are_a_setting(tmp_path, library):
    client = app_with(tmp_path, library, TRUSTED_HOSTS=["decks.example.org"]).test_client()
    assert client.get("/", headers={"Host": "decks.example.org"}).status_code == 200
    assert client.get("/", headers={"Host": "localhost"}).status_code == 400


@pytest.mark.parametrize(
    "written",
    ["decks.example.org, .events.example.org", '["decks.example.org", ".events.example.org"]'],
)
def test_trusted_hosts_set_in_the_environment_as_a_list_of_names(
    tmp_path, library, monkeypatch, written
):
    """`DECKWRIGHT_TRUSTED_HOSTS=decks.example.org` (docs/serving.md) was taken as a string
    whose letters were each a host: every request, this machine's too, was a 400."""
    monkeypatch.setenv("DECKWRIGHT_TRUSTED_HOSTS", written)
    client = app_with(tmp_path, library).test_client()
    assert client.get("/", headers={"Host": "decks.example.org"}).status_code == 200
    assert client.get("/", headers={"Host": "cup.events.example.org"}).status_code == 200
    assert client.get("/", headers={"Host": "evil.example.net"}).status_code == 400


def test_trusted_hosts_that_name_no_host_are_refused_at_start(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKWRIGHT_TRUSTED_HOSTS", "42")
    with pytest.raises(ValueError, match="TRUSTED_HOSTS"):
        make_app(tmp_path)


@pytest.mark.parametrize("written", ["[]", '[""]', '["", " "]', ",", " , "])
def test_trusted_hosts_written_as_no_host_are_refused_at_start(tmp_path, monkeypatch, written):
    """`DECKWRIGHT_TRUSTED_HOSTS=[]` trusted every host: an empty list turned the check off,
    so links given out could be built on any Host a client sent. A setting that names no
    host stops the start saying how to write one, as one naming something else does."""
    monkeypatch.setenv("DECKWRIGHT_TRUSTED_HOSTS", written)
    with pytest.raises(ValueError, match="names no host") as refused:
        make_app(tmp_path)
    assert str(refused.value) == (
        "TRUSTED_HOSTS names no host, and a site trusting none would answer no one: name the"
        " hosts it answers to, separated by commas (decks.example.org; .example.org for its"
        " subdomains too), or leave it unset for this machine's own names"
    )


@pytest.mark.parametrize("public", ["decks.example.org", "ftp://decks.example.org", "https://"])
def test_a_public_url_that_is_not_an_absolute_web_address_is_refused_at_start(tmp_path, public):
    with pytest.raises(ValueError, match="PUBLIC_URL"):
        make_app(tmp_path, PUBLIC_URL=public)


# -- tokens never reach the log ------------------------------------------------------------


@pytest.fixture
def failing(tmp_path, library, monkeypatch):
    """An app whose organizer pages fail with an error naming the token they were given,
    as an unexpected bug might, and whose 500s are logged rather than raised to the test."""
    app = app_with(tmp_path, library)
    app.config["PROPAGATE_EXCEPTIONS"] = False

    def broken(event_id: str, token: str):
        raise RuntimeError(f"the dashboard of {event_id} failed with token {token}")

    monkeypatch.setattr(event_site, "organizer", broken)
    return app


def logged(caplog) -> str:
    formatter = logging.Formatter("%(message)s")
    return "\n".join(formatter.format(record) for record in caplog.records)


def test_a_500_on_an_address_holding_a_token_is_logged_with_the_token_masked(failing, caplog):
    client = failing.test_client()
    created = client.post(
        "/api/v1/events",
        json={
            "name": "Cup",
            "game": "era",
            "deadline": (datetime.now(UTC) + timedelta(days=1)).isoformat(),
        },
    ).get_json()
    event_id, token = created["event"]["id"], created["admin_token"]
    with caplog.at_level(logging.ERROR):
        answer = client.get(f"/events/{event_id}/admin/{token}?page=2")
    assert answer.status_code == 500
    text = logged(caplog)
    assert "RuntimeError" in text  # the traceback is logged ...
    assert f"/events/{event_id}/admin/{addresses.MASK}?page=2" in text
    assert token not in text  # ... and the token nowhere in it


def test_a_bearer_token_is_masked_in_what_a_view_logs(tmp_path, library, caplog):
    app = app_with(tmp_path, library)
    secret = "s3cret-bearer-token-value"
    bearer = {"Authorization": f"Bearer {secret}"}
    with app.test_request_context(headers=bearer), caplog.at_level(logging.WARNING):
        app.logger.warning("could not open the event with %s", secret)
    assert secret not in logged(caplog)
    assert addresses.MASK in logged(caplog)
