"""The card browser's live search and the validation page without JavaScript, in Chromium."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example

pytestmark = pytest.mark.browser


def test_card_browser_updates_as_you_type_without_reloading(page):
    page.goto("/games/era/cards")
    page.evaluate("window.sameDocument = true")
    names = page.locator("#card-list .card-name")
    expect(names).to_have_count(30)

    page.fill("#filter-q", "rex")
    expect(names).to_have_text(["Ember Rex"])
    page.select_option("#filter-element", "Water")
    expect(page.locator("#results-count")).to_have_text("No cards match.")
    page.fill("#filter-q", "")
    expect(page.locator("#card-list .chip-colored").first).to_have_text(re.compile("Water"))
    assert "element=Water" in page.url
    assert page.evaluate("window.sameDocument") is True

    page.select_option("#filter-element", "")
    expect(page.locator("#results-count")).to_contain_text("page 1 of")
    page.get_by_role("link", name="2", exact=True).click()
    expect(page.locator("#pagination .current")).to_have_text("2")
    assert "page=2" in page.url
    assert page.evaluate("window.sameDocument") is True


def test_validation_page_works_with_javascript_turned_off(browser, live_server):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/validate")
        page.select_option("#game", "era")
        page.fill("#decklist", example("era-illegal"))
        page.click("button[type=submit]")
        verdict = page.locator(".verdict")
        expect(verdict).to_have_attribute("data-legal", "false")
        expect(page.locator(".problem").first).to_be_visible()
        expect(page.locator(".problems")).to_contain_text("Did you mean: Ember Rex?")
    finally:
        context.close()


def test_validation_page_lists_only_the_picked_games_formats(page):
    page.goto("/validate")
    page.select_option("#game", "era")
    visible = page.eval_on_selector_all(
        "#format optgroup:not([hidden])", "groups => groups.map(g => g.dataset.game)"
    )
    assert visible == ["era"]
    page.select_option("#format", "open")
    page.select_option("#game", "ryft")
    assert page.input_value("#format") == ""

    # Back to the page, the browser puts RYFT back once the page has loaded: its formats too.
    page.goto("/games/era/cards")
    page.go_back()
    expect(page.locator("#game")).to_have_value("ryft")
    expect(page.locator("#format optgroup:not([hidden])")).to_have_attribute("data-game", "ryft")
