"""Every page of an event fits a 360px phone, whatever names its organizer and players typed:
a long word (a name of 100 letters, an event named in one breath) wraps rather than widen
the page, which would hide its buttons off to the side."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example, new_event

pytestmark = pytest.mark.browser

LIST = example("era-legal")
PHONE = {"width": 360, "height": 740}


def test_each_event_page_fits_a_phone_with_long_names(context, page):
    created = new_event(context, "Cup " + "Supercalifragilistic" * 3)
    event_id, token = created["event"]["id"], created["admin_token"]
    receipt = context.request.post(
        f"/api/v1/events/{event_id}/entries", data={"player": "A" * 100, "text": LIST}
    ).json()
    context.request.post(
        f"/api/v1/events/{event_id}/entries",
        data={"player": "محمد", "player_id": "X" * 40, "text": LIST + "1 " + "Z" * 60 + "\n"},
    )
    admin = f"/events/{event_id}/admin/{token}"
    page.set_viewport_size(PHONE)
    wide = {}
    for url in (
        "/events/new",
        f"/events/{event_id}",
        receipt["private_url"],
        admin,
        f"{admin}/entries/{receipt['entry']['entry']}",
        f"{admin}/sheets",
        f"{admin}/verify?receipt={receipt['receipt']}",
    ):
        answer = page.goto(url)
        assert answer.status == 200, url
        expect(page.locator("h1").first).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide[url.replace(token, "…")] = width
    # Published, every list is on a public page of sheets.
    published = context.request.post(
        f"/api/v1/events/{event_id}/publish", headers={"Authorization": f"Bearer {token}"}
    )
    assert published.ok, published.text()
    page.goto(f"/events/{event_id}/lists")
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > PHONE["width"]:
        wide["published lists"] = width
    assert wide == {}
