"""An event's pages on a 360-pixel touch phone, as an organizer checks lists on event day: each
link, button, field and fold a thumb taps is 24 by 24 CSS pixels or more (WCAG 2.2, 2.5.8),
as on the site's other pages (test_touch_targets.py). The dashboard's "9 problems" under each
list, its reminder for the players who have not sent one and an entry's "As received" were
22 pixels tall, one list's fold right under the next one's; its links to the rest of a list's
problems and of the players not yet submitted ("And 10 more") 17."""

from __future__ import annotations

import pytest

from tests.browser.builder import example, new_event
from tests.browser.test_touch_targets import SMALL
from tests.browser.watch import sized_page

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser, live_server):
    yield from sized_page(browser, live_server, 360, 740, touch=True)


@pytest.fixture
def event_day(phone):
    """An event with a legal list, a list with problems and a player registered who has not
    sent one: the paths of its pages, the organizer's and the player's."""
    context = phone.context
    created = new_event(context, "Spring Cup")
    event_id, token = created["event"]["id"], created["admin_token"]
    admin = f"/events/{event_id}/admin/{token}"
    bearer = {"Authorization": f"Bearer {token}"}
    # More players without a list than the dashboard names: it links to the rest.
    late = {"players": [{"name": "Late Lee"}] + [{"name": f"Late {n}"} for n in range(100)]}
    players = f"/api/v1/events/{event_id}/players"
    registered = context.request.post(players, data=late, headers=bearer)
    assert registered.ok, registered.text()
    entries = f"/api/v1/events/{event_id}/entries"
    context.request.post(entries, data={"player": "Ana Legal", "text": example("era-legal")})
    wrong = {"player": "Bo Wrong", "text": example("era-illegal")}
    sent = context.request.post(entries, data=wrong)
    assert sent.ok, sent.text()
    receipt = sent.json()
    # A list of more problems than a dashboard's row shows: it links to the rest.
    unknown = "".join(f"1 Nothing Called {n}\n" for n in range(12))
    many = context.request.post(entries, data={"player": "Cy Many", "text": unknown})
    assert many.ok, many.text()
    return {
        "new event": "/events/new",
        "submission": f"/events/{event_id}",
        "player's own": receipt["private_url"],
        "dashboard": admin,
        "entry": f"{admin}/entries/{receipt['entry']['entry']}",
        "sheets": f"{admin}/sheets",
        "verified": f"{admin}/verify?receipt={receipt['receipt']}",
    }


def test_every_target_on_the_event_pages_is_a_finger_wide(phone, event_day):
    small = {}
    for name, path in event_day.items():
        phone.goto(path)
        # Each fold opened, as the organizer taps them.
        phone.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
        found = phone.evaluate(SMALL)
        if found:
            small[name] = sorted(set(found))
    assert small == {}
