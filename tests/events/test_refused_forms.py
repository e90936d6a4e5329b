"""A form the request-count limits refuse (too many requests from one address: a venue's
players behind one connection) is shown again holding what was sent, with when to send it
again; nothing of it is stored. The API keeps its JSON 429."""

from __future__ import annotations

import html
import re

import pytest

from tests.events.conftest import DEADLINE, csrf_of, form_of
from webapp import limits

PASTED = "Deck:\n3 Ember Rex\n2 Kindle <b>&amp;</b>\n"
_KEY = re.compile(r'name="idempotency_key" value="([^"]+)"')


@pytest.fixture
def app_config(clock) -> dict:
    return {"EVENT_CLOCK": clock, "RATE_LIMITS": {"submissions": [2, 60]}}


def textarea(page: str, name: str) -> str:
    found = re.search(rf'<textarea[^>]* name="{name}"[^>]*>(.*?)</textarea>', page, re.S)
    assert found, f"no textarea {name!r} on the page"
    return html.unescape(found.group(1))


def assert_refused_as_a_page(answer) -> str:
    assert answer.status_code == 429
    assert answer.mimetype == "text/html"
    assert 1 <= int(answer.headers["Retry-After"]) <= 61
    page = answer.get_data(as_text=True)
    assert "At most 2 requests of this kind (submissions) per 60 seconds" in page
    return page


def test_the_submission_form_refused_keeps_the_list_and_its_key(client, event, era_legal):
    event.submit("Ann", era_legal)
    event.submit("Bo", era_legal)
    form = {**form_of(client, f"/events/{event.id}"), "player": "Cy", "player_id": "C-3"}
    answer = client.post(f"/events/{event.id}", data={**form, "decklist": PASTED})
    page = assert_refused_as_a_page(answer)
    assert textarea(page, "decklist") == PASTED
    assert 'name="player"' in page
    assert 'value="Cy"' in page
    assert 'value="C-3"' in page
    # The same key: sent again once the minute is up, a resend of it is still one list.
    assert _KEY.search(page).group(1) == form["idempotency_key"]
    assert [e["player"] for e in event.entries()] == ["Ann", "Bo"]


def test_the_api_keeps_its_json_429(client, event, era_legal):
    event.submit("Ann", era_legal)
    event.submit("Bo", era_legal)
    answer = event.submit("Cy", era_legal)
    assert answer.status_code == 429
    assert answer.get_json()["error"]["details"][0]["kind"] == limits.SUBMISSIONS
    assert "Retry-After" in answer.headers


def test_the_private_page_refused_keeps_the_list(client, event, era_legal, era_illegal):
    event.submit("Ann", era_illegal)
    receipt = event.players["Ann"]
    private = receipt["private_url"]
    form = form_of(client, private)
    event.submit("Bo", era_legal)
    answer = client.post(private, data={**form, "decklist": era_legal})
    page = assert_refused_as_a_page(answer)
    assert textarea(page, "decklist") == era_legal
    assert f'action="{private}"' in page
    assert 'name="based_on" value="1"' in page
    assert "Nothing was stored" in page
    assert [e["versions"] for e in event.entries() if e["player"] == "Ann"] == [1]


def test_a_wrong_private_link_refused_is_answered_alike(client, event, era_legal):
    """Over the limit, a guessed link is not checked: the answer says nothing of it."""
    event.submit("Ann", era_legal)
    receipt = event.players["Ann"]
    right = receipt["private_url"]
    wrong = right[:-6] + "AAAAAA"
    form = form_of(client, right)
    event.submit("Bo", era_legal)
    answers = [client.post(p, data={**form, "decklist": PASTED}) for p in (right, wrong)]
    # The seconds left may tick between the two answers; nothing else may differ.
    pages = [
        re.sub(r"try again in \d+ seconds", "try again in N seconds", assert_refused_as_a_page(a))
        for a in answers
    ]
    assert pages[0].replace(right, wrong) == pages[1]
    assert "Ann" not in pages[0]


def test_a_form_from_another_site_is_not_shown_again(client, event, era_legal):
    event.submit("Ann", era_legal)
    event.submit("Bo", era_legal)
    client.get(f"/events/{event.id}")
    answer = client.post(
        f"/events/{event.id}",
        data={"csrf_token": "forged", "player": "X", "decklist": PASTED},
        headers={"Sec-Fetch-Site": "cross-site"},
    )
    page = assert_refused_as_a_page(answer)
    assert "Ember Rex" not in page


def test_a_form_that_is_not_text_refused_is_still_a_429_page(client, event, era_legal):
    event.submit("Ann", era_legal)
    event.submit("Bo", era_legal)
    answer = client.post(
        f"/events/{event.id}",
        data=b"player=%FF&decklist=1",
        content_type="application/x-www-form-urlencoded",
    )
    assert_refused_as_a_page(answer)


def test_the_new_event_form_refused_keeps_what_was_typed(app, client):
    app.config["RATE_LIMITS"] = {"event-creation": [1, 600]}
    fields = {
        "name": "Sunday Cup",
        "game": "era",
        "format": "",
        "as_of": "",
        "deadline": DEADLINE.strftime("%Y-%m-%dT%H:%M"),
        "timezone": "Europe/Paris",
        "players": "Ann\nBo; B-2\n",
    }
    first = client.post("/events/new", data={**form_of(client, "/events/new"), **fields})
    assert first.status_code == 201
    form = form_of(client, "/events/new")
    answer = client.post("/events/new", data={**form, **fields, "name": "Monday Cup"})
    assert answer.status_code == 429
    assert "Retry-After" in answer.headers
    page = answer.get_data(as_text=True)
    assert 'value="Monday Cup"' in page
    assert textarea(page, "players") == fields["players"]
    assert _KEY.search(page).group(1) == form["idempotency_key"]


def test_the_players_pasted_on_the_dashboard_refused_are_kept(app, client, event):
    app.config["RATE_LIMITS"] = {"token-urls": [1, 60]}
    dashboard = f"/events/{event.id}/admin/{event.token}"
    form = form_of(client, dashboard)
    answer = client.post(f"{dashboard}/players", data={**form, "players": "Ann\nBo; B-2"})
    assert answer.status_code == 429
    page = answer.get_data(as_text=True)
    assert textarea(page, "players") == "Ann\nBo; B-2"
    assert f'action="{dashboard}/players"' in page


def test_the_refused_pages_are_still_said_to_be_limited(app):
    rules = {rule.endpoint: rule for rule in app.url_map.iter_rules()}
    for endpoint in ("events.event_page", "events.player_page", "events.new_event"):
        assert limits.may_limit(rules[endpoint], "POST")


# -- a form the CSRF check refuses: its session gone (a phone's browser restarted) ----------


def test_an_expired_submission_form_keeps_the_list_and_sends_again(app, client, event):
    app.config["RATE_LIMITS"] = {}
    form = form_of(client, f"/events/{event.id}")
    client.delete_cookie("session")  # the browser was closed and its tab restored
    sent = {**form, "player": "Cy", "decklist": PASTED}
    answer = client.post(f"/events/{event.id}", data=sent)
    assert answer.status_code == 403
    page = answer.get_data(as_text=True)
    assert "expired" in page
    assert textarea(page, "decklist") == PASTED
    assert 'value="Cy"' in page
    assert _KEY.search(page).group(1) == form["idempotency_key"]
    assert event.entries() == []
    again = client.post(f"/events/{event.id}", data={**sent, "csrf_token": csrf_of(page)})
    assert again.status_code == 303
    assert [e["player"] for e in event.entries()] == ["Cy"]


def test_an_expired_fix_form_keeps_the_list_and_sends_again(app, client, event, era_legal):
    app.config["RATE_LIMITS"] = {}
    event.submit("Ann", era_legal)
    private = event.players["Ann"]["private_url"]
    form = form_of(client, private)
    client.delete_cookie("session")
    answer = client.post(private, data={**form, "decklist": PASTED})
    assert answer.status_code == 403
    page = answer.get_data(as_text=True)
    assert textarea(page, "decklist") == PASTED
    again = {"csrf_token": csrf_of(page), "decklist": PASTED, "based_on": form["based_on"]}
    assert client.post(private, data=again).status_code == 303
    assert [e["versions"] for e in event.entries()] == [2]


def test_a_form_another_site_sent_is_refused_bare(app, client, event):
    app.config["RATE_LIMITS"] = {}
    client.get(f"/events/{event.id}")
    answer = client.post(
        f"/events/{event.id}",
        data={"csrf_token": "forged", "player": "X", "decklist": PASTED},
        headers={"Sec-Fetch-Site": "cross-site"},
    )
    assert answer.status_code == 403
    assert "Ember Rex" not in answer.get_data(as_text=True)


def test_a_list_too_long_is_refused_in_words_and_kept(app, client, event):
    app.config["RATE_LIMITS"] = {}
    form = form_of(client, f"/events/{event.id}")
    pasted = "1 Ember Rex\n" * 9_000
    answer = client.post(f"/events/{event.id}", data={**form, "player": "Cy", "decklist": pasted})
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    assert "A decklist is at most 100,000 characters long" in page
    assert "maximum length" not in page
    assert textarea(page, "decklist") == pasted


def test_a_paste_larger_than_any_request_is_answered_in_words_of_a_list(app, client, event):
    app.config["RATE_LIMITS"] = {}
    form = form_of(client, f"/events/{event.id}")
    pasted = "1 Ember Rex\n" * 60_000  # 720 KB: a whole document pasted
    answer = client.post(f"/events/{event.id}", data={**form, "player": "Cy", "decklist": pasted})
    assert answer.status_code == 413
    page = answer.get_data(as_text=True)
    assert "A decklist is at most 100,000 characters" in page
    assert "capacity limit" not in page
