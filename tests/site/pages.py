"""Reading the site's HTML in tests: card names in result lists, pagination links."""

from __future__ import annotations

import html
import re

_CARD_NAME = re.compile(r'<(span|a) class="card-name"[^>]*>(.*?)</\1>', re.S)
_PAGE_LINK = re.compile(r'<nav id="pagination".*?</nav>', re.S)


def card_names(page: str) -> list[str]:
    """The card names of a result list, in order, unescaped."""
    return [html.unescape(name) for _, name in _CARD_NAME.findall(page)]


def pagination(page: str) -> str:
    match = _PAGE_LINK.search(page)
    return html.unescape(match.group(0)) if match else ""
