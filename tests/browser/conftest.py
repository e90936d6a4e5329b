"""Fixtures for the browser tests: one Chromium per session, a fresh page per test.

The server is the suite's shared ``live_server`` (``tests/live.py``: ``make start``
as the README runs it). Playwright drives Debian's Chromium (``make browser``
installs it); Playwright's own browser download is never used.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.watch import sized_page, watch

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium: run `make browser` to install Debian's Chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser, live_server):
    context = browser.new_context(
        base_url=live_server, viewport={"width": 1400, "height": 1000}, accept_downloads=True
    )
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def page(context, request):
    """A fresh page; the test fails if the page's scripts threw or logged an error (but those
    its module names in ``ALLOWED_PAGE_ERRORS``)."""
    allowed = set(getattr(request.module, "ALLOWED_PAGE_ERRORS", ()))
    page = context.new_page()
    errors = watch(page)
    yield page
    assert [e for e in errors if e not in allowed] == [], "the page's scripts reported errors"


@pytest.fixture
def decided_site(tmp_path, pool_copy):
    """A site whose RYFT pool records a decision (tests/decisions.py), served from a thread:
    the shipped pools the live server reads hold no decision a test may count on."""
    from tests.decisions import add_decision
    from tests.helpers import site_on

    add_decision(pool_copy)
    with site_on(tmp_path, pool_copy) as url:
        yield url


@pytest.fixture
def decided_page(browser, decided_site):
    """A fresh page on :func:`decided_site`; it fails the test if the scripts report errors."""
    yield from sized_page(browser, decided_site, 1400, 1000)


@pytest.fixture
def phone(browser, live_server):
    """A 360x640 touch phone's page, in a context of its own."""
    yield from sized_page(browser, live_server, 360, 640, touch=True)
