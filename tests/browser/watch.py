"""What a page's scripts report: every browser test fails if they threw or logged an error."""

from __future__ import annotations

from playwright.sync_api import Page

# What Chromium logs of a 409 answer: a page that may be refused so allows it (the builder
# says a list changed elsewhere in words of its own).
REFUSED_409 = "Failed to load resource: the server responded with a status of 409 (CONFLICT)"


def watch(page: Page) -> list[str]:
    """The errors ``page``'s scripts throw or log from now on; the test asserts there were none."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return errors
