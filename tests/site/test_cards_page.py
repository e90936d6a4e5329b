"""The card browser: server-rendered search with every filter of the game, and pages."""

from __future__ import annotations

import pytest

from tests.site.pages import card_names, pagination
from webapp.site import CARDS_PER_PAGE


def get_page(client, url: str, status: int = 200) -> str:
    response = client.get(url)
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.mimetype == "text/html"
    return response.get_data(as_text=True)


def test_lists_cards_without_javascript_in_name_order(client, era):
    names = card_names(get_page(client, "/games/era/cards"))
    assert len(names) == min(CARDS_PER_PAGE, len(era.cards))
    assert names == sorted(names, key=str.casefold)


def test_search_box_finds_a_card_by_a_word_of_its_name(client):
    names = card_names(get_page(client, "/games/era/cards?q=rex"))
    assert "Ember Rex" in names
    assert all("rex" in name.lower() for name in names)


def test_main_attribute_filter_keeps_only_cards_of_that_value(client, era):
    names = card_names(get_page(client, "/games/era/cards?element=Water&per_page=200"))
    expected = sorted((c.name for c in era.cards if c.get("element") == "Water"), key=str.casefold)
    assert names == expected


def test_cost_range_filter(client, era):
    names = card_names(get_page(client, "/games/era/cards?cost_min=3&cost_max=3&per_page=200"))
    expected = {c.name for c in era.cards if c.get("cost") == 3}
    assert expected
    assert set(names) == expected


@pytest.mark.parametrize("game_id", ["era", "shadow-era", "ryft", "arcmage", "eruma"])
def test_offers_one_filter_per_filterable_fact(client, games, game_id):
    game = games[game_id]
    page = get_page(client, f"/games/{game_id}/cards")
    assert 'name="type"' in page
    assert 'name="set"' in page
    for name, attribute in game.attributes.items():
        if not attribute.filter:
            continue
        if attribute.kind == "int":
            assert f'name="{name}_min"' in page
            assert f'name="{name}_max"' in page
        else:
            assert f'name="{name}"' in page


def test_each_card_shows_type_stats_and_its_element_in_the_games_colour(client, era):
    page = get_page(client, "/games/era/cards?q=ember+rex")
    fire = era.colors["Fire"]
    assert f'style="--chip: {fire}"' in page
    assert "Dino · SDS1A-002" in page
    assert '<span class="stat-label">Power</span> 4' in page
    assert '<span class="visually-hidden">Element: </span>Fire' in page


def test_cost_badge_shows_the_cost(client, era):
    card = next(c for c in era.cards if c.get("cost") is not None)
    page = get_page(client, f"/games/era/cards?q={card.name.replace(' ', '+')}")
    assert f'<span class="visually-hidden">Cost </span>{card.get("cost")}</span>' in page


def test_pages_link_to_each_other_keeping_the_filters(client, shadow_era):
    humans = [c for c in shadow_era.cards if c.get("faction") == "Human"]
    assert len(humans) > CARDS_PER_PAGE
    page = get_page(client, "/games/shadow-era/cards?faction=Human&q=")
    links = pagination(page)
    assert 'href="/games/shadow-era/cards?faction=Human&page=2"' in links
    assert 'aria-current="page"' in links
    second = get_page(client, "/games/shadow-era/cards?faction=Human&page=2")
    assert card_names(second)
    assert not set(card_names(second)) & set(card_names(page))
    assert "page 2 of" in second


def test_a_page_past_the_last_leads_to_the_last_keeping_the_filters(client, era):
    """An old link (the pool or the filters gave more pages then) showed no card, 'page 9 of
    1' and a Previous link to page 8, as empty: it now opens the last page there is."""
    water = sorted((c.name for c in era.cards if c.get("element") == "Water"), key=str.casefold)
    assert len(water) <= CARDS_PER_PAGE
    response = client.get("/games/era/cards?element=Water&page=9")
    assert response.status_code == 302
    assert response.headers["Location"] == "/games/era/cards?element=Water"
    assert card_names(get_page(client, response.headers["Location"])) == water

    pages = -(-len(era.cards) // CARDS_PER_PAGE)
    assert pages > 1
    response = client.get("/games/era/cards?page=500&sort=name")
    assert response.headers["Location"] == f"/games/era/cards?sort=name&page={pages}"


def test_a_search_with_no_card_stays_on_its_page_and_says_so(client):
    page = get_page(client, "/games/era/cards?q=zzzz&page=3")
    assert "No cards match." in page
    assert "Previous" not in page


def test_a_filter_value_the_game_lacks_is_explained_on_the_page(client):
    page = get_page(client, "/games/era/cards?element=Plasma", status=400)
    assert "ERA has no element &#39;Plasma&#39;" in page
    assert 'id="card-filters"' in page


def test_a_non_number_in_a_range_is_explained_on_the_page(client):
    page = get_page(client, "/games/era/cards?cost_min=cheap", status=400)
    assert "cost_min must be a whole number" in page


def test_search_text_is_escaped_back_into_the_box(client):
    page = get_page(client, "/games/era/cards?q=%3Cscript%3Ealert(1)%3C/script%3E")
    assert "<script>alert(1)" not in page
    assert 'value="&lt;script&gt;alert(1)&lt;/script&gt;"' in page


def test_unknown_game_is_an_html_404(client):
    page = get_page(client, "/games/chess/cards", status=404)
    assert "no game" in page.lower() or "chess" in page
