"""The home page lists every game with the ways into it."""

from __future__ import annotations


def test_home_lists_every_game_with_builder_cards_and_check_links(client, games):
    response = client.get("/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for game in games.values():
        assert game.name in page
        assert f'href="/games/{game.id}/build"' in page
        assert f'href="/games/{game.id}/cards"' in page
        assert f'href="/validate?game={game.id}"' in page
        assert f'href="/games/{game.id}/public-decks"' in page


def test_home_marks_illustrative_pools(client, games):
    page = client.get("/").get_data(as_text=True)
    illustrative = [g for g in games.values() if g.illustrative]
    assert illustrative
    assert page.count(">Illustrative pool<") == len(illustrative)


def test_home_shows_each_games_colours_as_swatches(client, era):
    page = client.get("/").get_data(as_text=True)
    for value, color in era.colors.items():
        assert f'style="--chip: {color}">{value}</span>' in page
