"""An account form sent with a token its session no longer holds (a phone's browser restarted
and restored the tab, its cookies for the session gone): shown again holding what was typed
(never a password), with a token that works, and nothing done."""

from __future__ import annotations

from tests.accounts.conftest import PASSWORD, csrf, log_in, register, token_of

EXPIRED = "This form had expired"


def test_a_registration_sent_from_an_expired_page_keeps_the_name_and_address(app):
    client = app.test_client()
    form = {"csrf_token": csrf(client, "/account/register"), "name": "carol"}
    client.delete_cookie("session")  # the browser restarted; the tab came back
    typed = {**form, "password": PASSWORD, "email": "carol@example.org"}
    answer = client.post("/account/register", data=typed)
    assert answer.status_code == 403
    page = answer.get_data(as_text=True)
    assert EXPIRED in page
    assert 'value="carol"' in page
    assert 'value="carol@example.org"' in page
    assert PASSWORD not in page
    assert log_in(app.test_client(), "carol").status_code == 401  # nothing was registered
    again = client.post("/account/register", data={**typed, "csrf_token": token_of(page)})
    assert again.status_code == 303
    assert log_in(app.test_client(), "carol").status_code == 303


def test_a_login_sent_from_an_expired_page_keeps_the_name(app):
    assert register(app.test_client(), "dana").status_code == 303
    client = app.test_client()
    form = {"csrf_token": csrf(client), "name": "dana", "password": PASSWORD}
    client.delete_cookie("session")
    answer = client.post("/account/login", data=form)
    assert answer.status_code == 403
    page = answer.get_data(as_text=True)
    assert EXPIRED in page
    assert 'value="dana"' in page
    assert PASSWORD not in page
    again = client.post("/account/login", data={**form, "csrf_token": token_of(page)})
    assert again.status_code == 303
    assert client.get("/account").status_code == 200


def test_an_address_change_sent_from_an_expired_page_keeps_the_address_and_changes_nothing(
    alice,
):
    form = {"csrf_token": csrf(alice, "/account"), "email": "alice@example.org"}
    alice.delete_cookie("session")  # the login cookie is kept: still logged in
    answer = alice.post("/account/email", data={**form, "password": PASSWORD})
    assert answer.status_code == 403
    page = answer.get_data(as_text=True)
    assert EXPIRED in page
    assert "so nothing was done" in page
    assert 'value="alice@example.org"' in page
    assert PASSWORD not in page
    assert "E-mail address saved." not in page
    again = {**form, "password": PASSWORD, "csrf_token": token_of(page)}
    saved = alice.post("/account/email", data=again)
    assert "E-mail address saved." in saved.get_data(as_text=True)
    assert 'value="alice@example.org"' in alice.get("/account").get_data(as_text=True)


def test_a_token_asked_for_from_an_expired_page_is_not_made_and_the_page_says_why(alice):
    form = {"csrf_token": csrf(alice, "/account"), "name": "my bot"}
    alice.delete_cookie("session")
    answer = alice.post("/account/tokens", data=form)
    assert answer.status_code == 403
    page = answer.get_data(as_text=True)
    assert EXPIRED in page
    assert "dwp_" not in page
    assert "my bot" not in alice.get("/account").get_data(as_text=True)


def test_a_form_another_site_sent_is_refused_bare(app):
    client = app.test_client()
    client.get("/account/register")
    answer = client.post(
        "/account/register",
        data={"csrf_token": "forged", "name": "mallory", "email": "m@example.org"},
        headers={"Sec-Fetch-Site": "cross-site"},
    )
    assert answer.status_code == 403
    page = answer.get_data(as_text=True)
    assert "mallory" not in page
    assert "m@example.org" not in page


def test_a_reset_asked_from_an_expired_page_keeps_the_name_and_sends_nothing(app):
    app.config["SMTP_URL"] = "smtp://127.0.0.1:9"  # a site that sends mail; none is sent here
    client = app.test_client()
    form = {"csrf_token": csrf(client, "/account/reset"), "name": "erin"}
    client.delete_cookie("session")
    answer = client.post("/account/reset", data=form)
    assert answer.status_code == 403
    page = answer.get_data(as_text=True)
    assert EXPIRED in page
    assert 'value="erin"' in page
    assert "on its way" not in page
