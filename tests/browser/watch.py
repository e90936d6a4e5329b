"""What a page's scripts report: every browser test fails if they threw or logged an error."""

from __future__ import annotations

from playwright.sync_api import Page


def watch(page: Page) -> list[str]:
    """The errors ``page``'s scripts throw or log from now on; the test asserts there were none."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return errors
