"""A legal and an illegal deck of every game in the builder, saved as screenshots to look at."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.builder import example, import_list, open_builder

pytestmark = pytest.mark.browser

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
GAMES = ["era", "shadow-era", "ryft", "arcmage", "eruma"]


@pytest.mark.parametrize("verdict", ["legal", "illegal"])
@pytest.mark.parametrize("game_id", GAMES)
def test_builder_screenshot(page, game_id, verdict):
    text = example(f"{game_id}-{verdict}")
    assert text is not None, f"examples/{game_id}-{verdict}.txt is missing"
    open_builder(page, game_id)
    import_list(page, text)
    expect(page.locator("#verdict")).to_have_attribute(
        "data-legal", "true" if verdict == "legal" else "false"
    )
    for panel in ("#verdict", "#import-report", "#format-verdicts"):
        expect(page.locator(panel)).not_to_contain_text(re.compile(r"\b(null|undefined)\b"))
    problems = page.locator("#problems .problem-error")
    if verdict == "legal":
        expect(problems).to_have_count(0)
    else:
        expect(problems.first).to_be_visible()
    # The charts are drawn from the verdict's summary.
    expect(page.locator("#charts svg").first).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{game_id}-{verdict}.png"), full_page=True)
