"""The stylesheet's colours are read by people with low vision: text 4.5:1 against what it
sits on (WCAG 1.4.3), large text and the focus ring 3:1 (1.4.3, 1.4.11)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SITE_CSS = Path(__file__).resolve().parents[2] / "webapp" / "static" / "css" / "site.css"


def _stylesheet() -> str:
    return SITE_CSS.read_text(encoding="utf-8")


def _colours() -> dict[str, str]:
    root = re.search(r":root\s*{([^}]*)}", _stylesheet()).group(1)
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;", root))


def _rule(selector: str) -> str:
    """The declarations of the first rule whose selector list is exactly ``selector``."""
    match = re.search(rf"(?m)^{re.escape(selector)}\s*{{([^}}]*)}}", _stylesheet())
    assert match, f"site.css has no rule {selector}"
    return match.group(1)


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _colour_of(declarations: str, prop: str) -> str:
    """The colour ``prop`` names, one of the :root colours (a mix cannot be checked here)."""
    match = re.search(rf"(?m)^\s*{prop}:[^;]*?var\(--([\w-]+)\)\s*;", declarations)
    assert match, f"{prop} is not one of the named colours: {declarations.strip()}"
    return _colours()[match.group(1)]


# Text colour, the background it is drawn on, and where people read it.
TEXT_ON = [
    ("text", "surface", "body text"),
    ("text", "bg", "body text outside panels"),
    ("muted", "surface", "hints and counts"),
    ("muted", "bg", "hints outside panels"),
    ("accent", "surface", "links"),
    ("accent", "bg", "links outside panels"),
    ("ok", "surface", "'Legal' beside each format on a card's page"),
    ("ok", "ok-soft", "the builder's 'Legal' verdict, the phone bar's, the 'Legal' pills"),
    ("bad", "surface", "'Not legal' and errors"),
    ("bad", "bad-soft", "the 'Not legal' verdict"),
    ("warn", "surface", "warnings"),
]


@pytest.mark.parametrize(("text", "background", "where"), TEXT_ON, ids=lambda x: str(x))
def test_text_colours_are_readable_on_their_backgrounds(text, background, where):
    colours = _colours()
    assert contrast(colours[text], colours[background]) >= 4.5, where


def test_the_focus_ring_stands_out_from_the_page_and_the_panels():
    colours = _colours()
    ring = _colour_of(_rule(":focus-visible"), "outline")
    assert contrast(ring, colours["surface"]) >= 3
    assert contrast(ring, colours["bg"]) >= 3
    # The file button's label draws the ring of the unseen input it stands for: the same ring.
    assert _colour_of(_rule(".file-input:focus-visible + label"), "outline") == ring


def test_an_error_pages_big_status_code_is_readable():
    # 56-pixel bold text on the page's background: large text, 3:1.
    code = _colour_of(_rule(".error-code"), "color")
    assert contrast(code, _colours()["bg"]) >= 3
