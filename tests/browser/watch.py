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


def sized_page(browser, base_url: str, width: int, height: int, touch: bool = False):
    """A page of a new browser context (its own storage) at ``width`` x ``height``, a phone's
    (mobile viewport, touch) when ``touch``: yielded, then its context closed and the test
    failed if the page's scripts threw or logged an error. Fixtures ``yield from`` it."""
    context = browser.new_context(
        base_url=base_url,
        viewport={"width": width, "height": height},
        is_mobile=touch,
        has_touch=touch,
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = watch(page)
    yield page
    context.close()
    assert errors == [], "the page's scripts reported errors"
