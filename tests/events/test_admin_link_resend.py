"""Replacing a leaked admin link by a double click (or a browser resending the form): the
browser shows the second answer, which used to be "Nothing here" for the link just replaced,
and the new link, shown once in the first answer, was lost with the dashboard."""

from __future__ import annotations

import html
import re

from tests.events.conftest import csrf_of

_ADMIN_URL = re.compile(r'<code id="admin-url">([^<]+)</code>')
_KEY = re.compile(r'name="request_key" value="([^"]+)"')


def replace_form(client, dashboard: str) -> dict:
    page = client.get(dashboard).get_data(as_text=True)
    form = page.split('id="admin-link-heading"', 1)[1].split("</form>", 1)[0]
    return {"csrf_token": csrf_of(page), "request_key": _KEY.search(form).group(1)}


def new_link(answer) -> str:
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    url = html.unescape(_ADMIN_URL.search(answer.get_data(as_text=True)).group(1))
    return "/" + url.split("/", 3)[3]


def test_the_replace_form_sent_twice_shows_the_same_new_link(client, event):
    dashboard = f"/events/{event.id}/admin/{event.token}"
    form = {**replace_form(client, dashboard), "confirmed": "yes"}
    first = new_link(client.post(f"{dashboard}/admin-link", data=form))
    again = new_link(client.post(f"{dashboard}/admin-link", data=form))
    assert again == first
    assert client.get(first).status_code == 200
    assert client.get(dashboard).status_code == 404


def test_the_confirmation_page_carries_the_key_too(client, event):
    dashboard = f"/events/{event.id}/admin/{event.token}"
    form = replace_form(client, dashboard)
    asking = client.post(f"{dashboard}/admin-link", data=form).get_data(as_text=True)
    assert _KEY.search(asking).group(1) == form["request_key"]
    confirmed = {**form, "confirmed": "yes"}
    first = new_link(client.post(f"{dashboard}/admin-link", data=confirmed))
    assert new_link(client.post(f"{dashboard}/admin-link", data=confirmed)) == first


def test_the_old_link_with_another_key_still_opens_nothing(client, event):
    dashboard = f"/events/{event.id}/admin/{event.token}"
    form = {**replace_form(client, dashboard), "confirmed": "yes"}
    new_link(client.post(f"{dashboard}/admin-link", data=form))
    other = {**form, "request_key": "another-key-0123456789"}
    assert client.post(f"{dashboard}/admin-link", data=other).status_code == 404
    without = {k: v for k, v in form.items() if k != "request_key"}
    assert client.post(f"{dashboard}/admin-link", data=without).status_code == 404


def test_a_link_replaced_again_since_is_not_shown_for_the_first_form(client, event):
    dashboard = f"/events/{event.id}/admin/{event.token}"
    form = {**replace_form(client, dashboard), "confirmed": "yes"}
    first = new_link(client.post(f"{dashboard}/admin-link", data=form))
    second = new_link(
        client.post(f"{first}/admin-link", data={**replace_form(client, first), "confirmed": "yes"})
    )
    assert second != first
    assert client.post(f"{dashboard}/admin-link", data=form).status_code == 404
