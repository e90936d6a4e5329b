"""The site's scripts and styles: nothing from other hosts, no markup built from data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "webapp" / "static"
SCRIPTS = sorted(STATIC.glob("js/*.js"))
STYLES = sorted(STATIC.glob("css/*.css"))


def test_there_are_scripts_and_styles():
    assert SCRIPTS
    assert STYLES


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_scripts_never_insert_markup(path):
    text = path.read_text()
    for risky in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert risky not in text


@pytest.mark.parametrize("path", SCRIPTS + STYLES, ids=lambda p: p.name)
def test_nothing_is_fetched_from_another_host(path):
    text = path.read_text()
    # The SVG namespace is a name, not an address anything is fetched from.
    addresses = [a for a in re.findall(r"(?:https?:)?//[\w.-]+\.\w+", text) if "w3.org" not in a]
    assert addresses == []
    assert "@import" not in text


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_imports_are_local_modules(path):
    for target in re.findall(r'from "([^"]+)"', path.read_text()):
        assert target.startswith("./")
        assert (path.parent / target).exists()


def test_every_page_script_is_served(client):
    for path in SCRIPTS + STYLES:
        response = client.get(f"/static/{path.relative_to(STATIC).as_posix()}")
        assert response.status_code == 200
        response.close()
