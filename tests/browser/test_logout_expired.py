"""Logging out from a page kept open since its session changed (its form's token is stale: the
browser restored the tab, or the account logged in again in another tab): the site answers
with its own page in words, and the organizer is logged out all the same."""

from __future__ import annotations

import secrets

import pytest
from playwright.sync_api import expect

from tests.browser.builder import register_apart

pytestmark = pytest.mark.browser


def test_logging_out_from_a_stale_page_logs_out_and_says_so(context, page):
    register_apart(page, f"lo{secrets.token_hex(4)}", "a long enough password")
    # The form's session is gone; the login stays (its cookie is its own).
    context.clear_cookies(name="session")

    page.get_by_role("button", name="Log out", exact=True).click()

    expect(page.get_by_text("You are logged out.")).to_be_visible()
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Log in")
    page.goto("/account")
    expect(page.get_by_role("heading", level=1)).to_have_text("Log in")
