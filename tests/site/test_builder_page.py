"""The deck builder page and share links: what the page carries for its script."""

from __future__ import annotations

import html
import json
import re

import pytest

_JSON_SCRIPT = re.compile(
    r'<script id="(builder-[a-z]+)" type="application/json">(.*?)</script>', re.S
)


def embedded(page: str) -> dict:
    """The JSON blocks the builder's script reads, by id."""
    return {name: json.loads(text) for name, text in _JSON_SCRIPT.findall(page)}


@pytest.mark.parametrize("game_id", ["era", "shadow-era", "ryft", "arcmage", "eruma"])
def test_builder_shows_the_games_sections_and_formats(client, games, game_id):
    game = games[game_id]
    response = client.get(f"/games/{game_id}/build")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for section in game.sections:
        assert f'data-section-box="{section.id}"' in page
        assert f">{section.name}\n" in page
    for fmt in game.formats.values():
        assert f'<option value="{fmt.id}"' in page
    assert f'<option value="{game.default_format}" selected>' in page


def test_builder_page_carries_the_game_for_its_script(client, era):
    data = embedded(client.get("/games/era/build").get_data(as_text=True))
    config = data["builder-config"]
    assert config["id"] == "era"
    assert [s["id"] for s in config["sections"]] == [s.id for s in era.sections]
    assert config["default_section"] == era.default_section
    assert config["cost_attribute"] == "cost"
    assert config["colors"] == dict(era.colors)
    assert {f["name"] for f in config["filters"]} >= {"type", "set", "element"}
    assert data["builder-deck"] is None


def test_builder_names_the_boards_kept_beside_the_deck(client):
    page = client.get("/games/era/build").get_data(as_text=True)
    assert embedded(page)["builder-config"]["boards"] == [
        {"id": "sideboard", "name": "Sideboard"},
        {"id": "maybeboard", "name": "Maybeboard"},
    ]
    # Folded and out of sight until a board holds a card.
    assert '<details class="deck-board" data-board-box="sideboard" hidden>' in page


def test_a_board_the_game_makes_a_section_is_not_also_kept_beside_the_deck(era):
    from dataclasses import replace

    from webapp.browse import boards

    sideboard = replace(era.sections[-1], id="sideboard", name="Sideboard")
    game = replace(era, sections=(*era.sections, sideboard))
    assert boards(game) == [{"id": "maybeboard", "name": "Maybeboard"}]


def test_builder_documents_its_keyboard_shortcuts(client):
    page = client.get("/games/era/build").get_data(as_text=True)
    assert "Keyboard shortcuts" in page
    for key in ("<kbd>/</kbd>", "<kbd>Enter</kbd>", "<kbd>+</kbd>", "<kbd>Delete</kbd>"):
        assert key in page


def test_builder_loads_only_this_sites_scripts_and_styles(client):
    page = client.get("/games/era/build").get_data(as_text=True)
    sources = re.findall(r'(?:src|href)="([^"]*)"', page)
    assert sources
    assert not [s for s in sources if s.startswith(("http:", "https:", "//"))]
    assert '<script type="module" src="/static/js/builder.js">' in page


def save(client, text: str, name: str = "Fire and Water") -> dict:
    response = client.post("/api/v1/decks", json={"game": "era", "name": name, "text": text})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def test_edit_a_copy_opens_the_saved_deck_in_the_builder(client, example):
    saved = save(client, example("era-legal"))
    response = client.get(f"/decks/{saved['id']}/edit")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    deck = embedded(page)["builder-deck"]
    assert deck["id"] == saved["id"]
    assert deck["deck"] == saved["deck"]
    assert deck["format"] == saved["format"]
    assert "<h1>Fire and Water</h1>" in page


def test_the_builder_of_a_saved_deck_without_javascript_shows_the_list(client, example):
    saved = save(client, example("era-legal"))
    page = client.get(f"/decks/{saved['id']}/edit").get_data(as_text=True)
    noscript = page.split("<noscript>")[1].split("</noscript>")[0]
    assert "1 Ember Rex" in html.unescape(noscript)


def test_the_builder_of_a_saved_deck_keeps_the_sideboard_and_maybeboard(client, example):
    text = example("era-legal") + "\nSideboard:\n2 Kindle\n\nMaybeboard:\n1 Ember Rex\n"
    saved = save(client, text)
    page = client.get(f"/decks/{saved['id']}/edit").get_data(as_text=True)
    deck = embedded(page)["builder-deck"]["deck"]
    assert deck["boards"] == {
        "sideboard": [{"card": "Kindle", "count": 2, "id": "era-kindle"}],
        "maybeboard": [{"card": "Ember Rex", "count": 1, "id": "era-ember-rex"}],
    }
    noscript = html.unescape(page.split("<noscript>")[1].split("</noscript>")[0])
    assert "Sideboard:\n2 Kindle" in noscript
    assert "Maybeboard:\n1 Ember Rex" in noscript


def test_deck_names_are_escaped_in_the_page_and_its_data(client, example):
    saved = save(client, example("era-legal"), name="</script><script>alert(1)</script>")
    assert "<script>alert(1)" not in client.get(f"/decks/{saved['id']}").get_data(as_text=True)
    page = client.get(f"/decks/{saved['id']}/edit").get_data(as_text=True)
    assert "<script>alert(1)" not in page
    assert embedded(page)["builder-deck"]["name"] == "</script><script>alert(1)</script>"


def test_unknown_share_link_is_an_html_404(client):
    response = client.get("/decks/no-such-deck")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "No saved deck has the id" in response.get_data(as_text=True)
