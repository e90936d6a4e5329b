"""Saved decks and accounts as a stranger uses them: odd names, dead tokens, pools that
change under decks already saved."""

from __future__ import annotations

import re
import shutil

import pytest
import yaml

from cardpool import default_pool_dir
from tests.accounts.conftest import TEST_SCRYPT_N, csrf, log_in, register
from tests.accounts.test_tokens import bearer, make_token
from tests.api.support import error_of, make_app


@pytest.fixture
def pools(tmp_path):
    root = tmp_path / "pools"
    shutil.copytree(default_pool_dir() / "era", root / "era")
    return root


def new_app(tmp_path, pools):
    """An app on the pools as they are now (a restart after the pools were edited)."""
    return make_app(tmp_path, POOLS=str(pools), ACCOUNT_SCRYPT_N=TEST_SCRYPT_N)


@pytest.fixture
def alice(tmp_path, pools):
    client = new_app(tmp_path, pools).test_client()
    assert register(client, "alice").status_code == 303
    return client


def save(client, name="Fire Rush", headers=None, **extra):
    body = {"game": "era", "name": name, "text": example_text(), **extra}
    return client.post("/api/v1/decks", json=body, headers=headers or {})


def example_text() -> str:
    return (default_pool_dir().parent / "examples" / "era-legal.txt").read_text()


def revoke_all(client) -> None:
    page = client.get("/account").get_data(as_text=True)
    for token_id in re.findall(r"/account/tokens/([^/\"]+)/revoke", page):
        client.post(
            f"/account/tokens/{token_id}/revoke", data={"csrf_token": csrf(client, "/account")}
        )


@pytest.mark.parametrize("name", ["Fire\nDeck:\n3 Kindle", "Fire\r3 Kindle", "Fire\u20283 Kindle"])
def test_a_line_break_in_a_deck_name_adds_no_card_to_its_text(alice, name):
    saved = save(alice, name)
    assert saved.status_code == 201
    deck_id = saved.get_json()["id"]
    text = alice.get(f"/api/v1/decks/{deck_id}.txt").get_data(as_text=True)
    again = alice.post("/api/v1/games/era/validate", data=text, content_type="text/plain")
    assert again.get_json()["legal"] is True
    assert saved.get_json()["name"] == " ".join(name.split())
    assert text.startswith(f"# {' '.join(name.split())}\n\nDinos:\n")


@pytest.mark.parametrize("name", [" ", "\t\n", "\u2028"])
def test_a_deck_name_of_only_spaces_is_refused(alice, name):
    error = error_of(save(alice, name), 422)
    assert error["code"] == "unsavable-deck"
    assert error["message"] == "a deck's name cannot be only spaces"


def test_a_revoked_token_saves_no_deck_and_says_so(alice):
    token = make_token(alice)
    first = save(alice, headers=bearer(token)).get_json()["id"]
    revoke_all(alice)
    refused = save(alice.application.test_client(), headers=bearer(token), parent=first)
    error = error_of(refused, 401)
    assert error["code"] == "unauthorized"
    assert "invalid_token" in refused.headers["WWW-Authenticate"]
    mine = alice.get("/api/v1/account/decks", headers=bearer(make_token(alice))).get_json()
    assert [[v["id"] for v in d["versions"]] for d in mine["decks"]] == [[first]]


def test_a_mistyped_token_is_a_401_even_where_no_token_is_needed(alice):
    anyone = alice.application.test_client()
    answer = anyone.post(
        "/api/v1/games/era/validate",
        data=example_text(),
        content_type="text/plain",
        headers=bearer("dwp_mistyped"),
    )
    assert error_of(answer, 401)["code"] == "unauthorized"
    # An event's own admin token is no personal access token: not refused here.
    assert anyone.get("/api/v1/games/era", headers=bearer("admin-token")).status_code == 200


def test_my_decks_lists_a_deck_whose_format_was_taken_out_of_the_game(tmp_path, pools, alice):
    kept = save(alice, "Casual", format="open").get_json()["id"]
    other = save(alice, "Standard").get_json()["id"]
    game_yaml = pools / "era" / "game.yaml"
    data = yaml.safe_load(game_yaml.read_text())
    data["formats"] = [f for f in data["formats"] if f["id"] != "open"]
    game_yaml.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    shutil.rmtree(tmp_path / "pool-cache", ignore_errors=True)
    later = new_app(tmp_path, pools).test_client()
    assert log_in(later, "alice").status_code == 303
    page = later.get("/account/decks")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert f'data-deck="{kept}"' in html
    assert f'data-deck="{other}"' in html
    assert "open (ERA has no format &#39;open&#39;" in html
    assert later.get(f"/api/v1/decks/{kept}").get_json()["format"] == "open"
