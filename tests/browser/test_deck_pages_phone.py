"""A saved deck's pages on a 360-pixel touch phone when the deck breaks a rule: its "Why" under
each format it is not legal in opens with a thumb, 24 by 24 CSS pixels or more (WCAG 2.2,
2.5.8). It was 22.5 pixels tall, the next format's right under it."""

from __future__ import annotations

import pytest

from tests.browser.builder import example
from tests.browser.test_touch_targets import SMALL
from tests.browser.watch import sized_page

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser, live_server):
    yield from sized_page(browser, live_server, 360, 740, touch=True)


def test_a_deck_not_legal_shows_why_within_a_thumbs_reach(phone):
    # Six copies of a card the rules allow three of: saved all the same, not legal.
    text = example("era-legal").replace("3 Kindle", "3 Kindle\n3 Flame Lash")
    deck = {"game": "era", "name": "Six Lash", "text": text}
    saved = phone.request.post("/api/v1/decks", data=deck)
    assert saved.status == 201, saved.text()
    phone.goto(f"/decks/{saved.json()['id']}")
    assert phone.get_by_text("Why").count() >= 1
    assert phone.evaluate(SMALL) == []
