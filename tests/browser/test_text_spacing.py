"""Text spaced out by the reader's own style (WCAG 1.4.12: lines 1.5, letters 0.12em, words
0.16em, paragraphs 2em) on a 320-pixel screen: nothing runs off the side."""

from __future__ import annotations

import pytest

from tests.browser.watch import sized_page

pytestmark = pytest.mark.browser

SPACED = (
    "* { line-height: 1.5 !important; letter-spacing: 0.12em !important;"
    " word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }"
)


@pytest.fixture
def narrow(browser, live_server):
    yield from sized_page(browser, live_server, 320, 640, touch=True)


def test_spaced_out_text_stays_within_a_narrow_screen(narrow):
    # The home page's 'Check a decklist you already have' stayed on one line, 55 pixels wider
    # than the screen: the page scrolled sideways.
    page = narrow
    for path in ("/", "/validate", "/games/era/cards", "/account/login"):
        page.goto(path)
        page.add_style_tag(content=SPACED)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 320, path
