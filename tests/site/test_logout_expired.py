"""Log out sent from a page older than its session (a tab the browser restored, a page kept open
while the account logged in again elsewhere): its token is stale. The site answers with a page
of its own in words, never a bare refusal: its browser's word that the site's own page sent it
logs out; without that word, logging out is offered, never done unasked."""

from __future__ import annotations

import re

import pytest

PASSWORD = "correct horse battery"
_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


@pytest.fixture
def app_config() -> dict:
    return {"ACCOUNT_SCRYPT_N": 2**10}  # a cheap scrypt: the code path is the same


def token_on(client, path: str) -> str:
    return _CSRF.search(client.get(path).get_data(as_text=True)).group(1)


@pytest.fixture
def stale(client) -> str:
    """A client logged in whose account page was shown before it logged in again: that
    page's token, gone stale."""
    form = {"csrf_token": token_on(client, "/account/register"), "name": "alice"}
    assert client.post("/account/register", data={**form, "password": PASSWORD}).status_code == 303
    old = token_on(client, "/account")
    client.post("/account/logout", data={"csrf_token": old})
    form = {"csrf_token": token_on(client, "/account/login"), "name": "alice"}
    assert client.post("/account/login", data={**form, "password": PASSWORD}).status_code == 303
    return old


def logged_in(client) -> bool:
    return client.get("/account").status_code == 200


def test_a_stale_log_out_from_the_site_s_own_page_logs_out(client, stale):
    answer = client.post(
        "/account/logout", data={"csrf_token": stale}, headers={"Sec-Fetch-Site": "same-origin"}
    )
    assert (answer.status_code, answer.headers["Location"]) == (303, "/")
    assert "You are logged out." in client.get("/").get_data(as_text=True)
    assert not logged_in(client)


@pytest.mark.parametrize("fetch_site", [None, "cross-site"])
def test_a_stale_log_out_the_browser_does_not_vouch_for_is_offered_in_words(
    client, stale, fetch_site
):
    headers = {"Sec-Fetch-Site": fetch_site} if fetch_site else {}
    answer = client.post("/account/logout", data={"csrf_token": stale}, headers=headers)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 403
    assert "<h1>Log out</h1>" in page
    assert (
        "You are not logged out yet: the page you logged out from was older than this browser’s\n"
        "    session (its form had expired), so nothing was done. Log out now with the button"
        " below."
    ) in page
    assert logged_in(client)
    offered = _CSRF.search(page).group(1)
    assert client.post("/account/logout", data={"csrf_token": offered}).status_code == 303
    assert not logged_in(client)
