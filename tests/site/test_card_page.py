"""A card's own page: every fact, a face, printings, legality over time, decisions, lists."""

from __future__ import annotations

import html
import re

import pytest

from cardpool import PoolError, load_pools
from tests.site.extras import BAN_DAY, BAN_NOTE, CARD, NAME, REPRINT, TEXT, add_extras
from tests.site.pages import card_names


@pytest.fixture
def extras_client(tmp_path, pool_copy):
    from tests.api.support import make_app

    add_extras(pool_copy)
    return make_app(tmp_path, POOLS=str(pool_copy)).test_client()


def words(page: str, element_id: str) -> str:
    """The visible words inside the element with this id."""
    match = re.search(rf'id="{element_id}"[^>]*>(.*?)</(?:dl|table|ul|section|p)>', page, re.S)
    assert match, f"no #{element_id} on the page"
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", match.group(1)).split()))


def test_a_card_page_shows_every_fact_of_the_card(client):
    page = client.get(f"/games/era/cards/{CARD}").get_data(as_text=True)
    facts = words(page, "card-facts")
    for fact in ("Type Dino", "Element Fire", "Power 4", "Stamina 4", "Hitpoints 3", "SDS1A-002"):
        assert fact in facts
    assert '<article class="card-frame"' in page


def test_a_card_page_lists_the_cards_printings_each_linked(extras_client):
    page = extras_client.get(f"/games/era/cards/{CARD}").get_data(as_text=True)
    printings = words(page, "card-printings")
    assert "Starter Deck Set 1A" in printings or "SDS1A" in printings
    assert "PROMO · PROMO-009" in printings
    assert f'href="/games/era/cards/{REPRINT}"' in page


def test_a_card_is_legal_until_its_ban_and_not_legal_after(extras_client):
    page = extras_client.get(f"/games/era/cards/{CARD}").get_data(as_text=True)
    legality = words(page, "card-legality")
    today = legality.split(" Standard ")[1].split(" · ", 1)[0]
    assert today.startswith("Today ✗ Not legal:")
    assert f"{NAME} is banned (list of {BAN_DAY})" in today
    on_ban_day = legality.split(f"{BAN_DAY} · {BAN_NOTE}")[1]
    assert on_ban_day.startswith(" ✗ Not legal:")
    assert "2024-05-21 · No cards are currently banned. ✓ Legal" in legality


def test_a_card_printed_only_in_a_promo_is_not_legal_in_standard(client):
    page = client.get("/games/era/cards/era-riftborn-velociraptor").get_data(as_text=True)
    legality = words(page, "card-legality")
    assert "Standard Today ✗ Not legal:" in legality
    assert "Riftborn Velociraptor is from Prototype Promo, which is not legal here" in legality
    assert "Open (casual) Today ✓ Legal" in legality


def test_the_decisions_naming_a_card_are_on_its_page(client, games):
    era = games["era"]
    decision = next(d for d in era.meta["decisions"] if "Fire Crystal" in (d.get("cards") or ()))
    card = era.find_card("Fire Crystal")
    page = html.unescape(client.get(f"/games/era/cards/{card.id}").get_data(as_text=True))
    assert decision["change"] in page
    assert decision["reason"] in page
    # Notes beside the card, not landmarks of the page: each a region a screen reader lists.
    assert "<aside" not in page
    assert '<div class="reading" role="note" aria-label="About this card\'s data">' in page


def test_rules_text_and_picture_are_shown_and_searched(extras_client):
    page = extras_client.get(f"/games/era/cards/{CARD}").get_data(as_text=True)
    assert words(page, "card-text") == TEXT
    assert f'src="/games/era/cards/{CARD}/image"' in page
    image = extras_client.get(f"/games/era/cards/{CARD}/image")
    assert image.status_code == 200
    assert image.mimetype == "image/png"
    image.close()
    found = extras_client.get("/api/v1/games/era/cards?q=roars").get_json()
    assert sorted(c["id"] for c in found["cards"]) == [CARD, REPRINT]
    assert found["cards"][0]["facts"]["text"] == TEXT
    listed = card_names(extras_client.get("/games/era/cards?q=rift+roars").get_data(as_text=True))
    assert listed == [NAME, NAME]


def test_a_picture_elsewhere_is_let_in_from_its_site_alone(tmp_path, pool_copy):
    from tests.api.support import make_app

    add_extras(pool_copy, image="https://images.example.org/era/ember-rex.png")
    client = make_app(tmp_path, POOLS=str(pool_copy)).test_client()
    response = client.get(f"/games/era/cards/{CARD}")
    assert 'src="https://images.example.org/era/ember-rex.png"' in response.get_data(as_text=True)
    policy = response.headers["Content-Security-Policy"]
    assert "img-src 'self' data: https://images.example.org;" in policy
    assert "script-src 'self';" in policy
    assert client.get(f"/games/era/cards/{CARD}/image").status_code == 404
    plain = client.get("/games/era/cards/era-fire-crystal").headers["Content-Security-Policy"]
    assert "images.example.org" not in plain


@pytest.mark.parametrize(
    "image", ["../game.yaml", "/etc/passwd.png", "art/x.svg", "http://a/b.png"]
)
def test_a_picture_outside_the_pool_or_not_a_picture_is_a_pool_problem(pool_copy, image):
    add_extras(pool_copy, image="art/ember-rex.png")
    cards_yaml = pool_copy / "era" / "cards.yaml"
    cards_yaml.write_text(
        cards_yaml.read_text(encoding="utf-8").replace("art/ember-rex.png", image), "utf-8"
    )
    with pytest.raises(PoolError) as raised:
        load_pools(pool_copy)
    assert any(p.field == "image" or "image" in p.message for p in raised.value.problems)


def test_an_unknown_card_is_a_not_found_page(client):
    response = client.get("/games/era/cards/no-such-card")
    assert response.status_code == 404
    assert "has no card with id" in html.unescape(response.get_data(as_text=True))


def test_result_rows_on_the_cards_page_link_to_the_card(client):
    page = client.get("/games/era/cards?q=ember+rex").get_data(as_text=True)
    assert f'<a class="card-name" href="/games/era/cards/{CARD}">Ember Rex</a>' in page


def test_published_event_lists_that_play_the_card_are_on_its_page(client, example):
    from datetime import UTC, datetime, timedelta

    deadline = (datetime.now(UTC) + timedelta(days=7)).replace(microsecond=0).isoformat()
    body = {"name": "Spring Regionals", "game": "era", "deadline": deadline}
    created = client.post("/api/v1/events", json=body).get_json()
    event_id, token = created["event"]["id"], created["admin_token"]
    for player in ("Alice", "Bob"):
        answer = client.post(
            f"/api/v1/events/{event_id}/entries",
            json={"player": player, "text": example("era-legal")},
        )
        assert answer.status_code == 201, answer.get_data(as_text=True)
    page = client.get(f"/games/era/cards/{CARD}").get_data(as_text=True)
    assert "No published event list plays it yet." in page  # not before it is published

    published = client.post(
        f"/api/v1/events/{event_id}/publish", headers={"Authorization": f"Bearer {token}"}
    )
    assert published.status_code == 200
    page = html.unescape(client.get(f"/games/era/cards/{CARD}").get_data(as_text=True))
    lists = page.split('id="card-lists"')[1].split("</section>")[0]
    assert f'href="/events/{event_id}/lists"' in lists
    assert "Spring Regionals</a>: Alice, 1 copy" in lists
    assert "Bob, 1 copy" in lists
