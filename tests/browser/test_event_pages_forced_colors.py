"""The dashboard in forced colours (Windows' contrast themes), where the system paints every
background and border in its own few colours: a verdict's pill keeps its outline, and the
filter shown stands apart from the others by more than its weight. Both were told apart by
their background alone, which forced colours take away: 'Legal' read as loose bold text, and
'Not legal 1' as the filter shown only by being bold."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example, new_event

pytestmark = pytest.mark.browser


@pytest.fixture
def forced(browser, live_server):
    context = browser.new_context(
        base_url=live_server, viewport={"width": 1000, "height": 800}, forced_colors="active"
    )
    context.set_default_timeout(10_000)
    yield context
    context.close()


def test_pills_and_the_filter_shown_keep_their_outline_in_forced_colours(forced):
    created = new_event(forced, "Contrast Cup")
    event_id, token = created["event"]["id"], created["admin_token"]
    entries = f"/api/v1/events/{event_id}/entries"
    for player, deck in (("Ana Legal", "era-legal"), ("Bo Wrong", "era-illegal")):
        answer = forced.request.post(entries, data={"player": player, "text": example(deck)})
        assert answer.ok, answer.text()
    page = forced.new_page()
    page.goto(f"/events/{event_id}/admin/{token}?show=all")
    pills = page.locator("#entries .pill")
    expect(pills).to_have_count(2)
    for i in range(pills.count()):
        assert pills.nth(i).evaluate("p => getComputedStyle(p).borderTopStyle") == "solid"
    widths = page.eval_on_selector_all(
        ".counts a",
        "links => links.map(a => [a.hasAttribute('aria-current'),"
        " parseFloat(getComputedStyle(a).borderTopWidth)])",
    )
    shown = {width for current, width in widths if current}
    others = {width for current, width in widths if not current}
    assert len(shown) == 1, widths
    assert min(shown) > max(others), widths
