"""'My decks': decks saved while logged in, their versions and verdicts, private decks hidden
from everyone else through every page and API, public decks per game, and claiming."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest

from tests.accounts.conftest import PASSWORD, csrf, log_in, register
from tests.accounts.test_tokens import bearer, make_token
from tests.events.conftest import example


def save(client, name="Fire Rush", text=None, **extra):
    body = {"game": "era", "name": name, "text": text or example("era-legal"), **extra}
    answer = client.post("/api/v1/decks", json=body)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()["id"]


def save_anonymously(client, name="Before Login", **extra) -> tuple[str, str]:
    """A deck saved with no one logged in: its id and the claim key only its saver gets."""
    body = {"game": "era", "name": name, "text": example("era-legal"), **extra}
    answer = client.post("/api/v1/decks", json=body)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()["id"], answer.get_json()["claim_key"]


def claim(client, lines: str):
    return client.post(
        "/account/decks/claim", data={"csrf_token": csrf(client, "/account"), "ids": lines}
    )


def set_visibility(client, root: str, visibility: str):
    return client.post(
        f"/account/decks/{root}/visibility",
        data={"csrf_token": csrf(client, "/account"), "visibility": visibility},
    )


def deck_addresses(deck_id: str) -> list[str]:
    """Every page and API address that shows a saved deck."""
    return [
        f"/decks/{deck_id}",
        f"/decks/{deck_id}/edit",
        f"/api/v1/decks/{deck_id}",
        f"/api/v1/decks/{deck_id}.txt",
    ]


@pytest.fixture
def private_deck(alice) -> str:
    deck_id = save(alice, "Secret Tech")
    assert set_visibility(alice, deck_id, "private").status_code == 200
    return deck_id


def test_a_deck_saved_while_logged_in_is_on_my_decks_with_its_verdict(alice):
    deck_id = save(alice, "Fire Rush")
    page = alice.get("/account/decks").get_data(as_text=True)
    section = page.split(f'data-deck="{deck_id}"')[1].split("</section>")[0]
    assert f'href="/decks/{deck_id}">Fire Rush</a>' in section
    assert "Legal</span>" in section
    assert 'data-visibility="unlisted"' in page


def test_my_decks_names_each_decks_game_as_players_know_it(alice):
    """'in shadow-era Standard' showed the site's id of the game, not its name."""
    save(alice, "Amber Rush", game="shadow-era", text="Hero:\n1 Amber Rain\n")
    page = alice.get("/account/decks").get_data(as_text=True)
    assert "in Shadow Era Standard" in page
    assert "shadow-era Standard" not in page


def test_a_new_version_joins_its_deck_with_the_history(alice):
    first = save(alice, "Fire Rush")
    second = save(
        alice, "Fire Rush v2", text=example("era-illegal").replace("Embr", "Ember"), parent=first
    )
    page = alice.get("/account/decks").get_data(as_text=True)
    assert page.count('class="panel my-deck"') == 1
    section = page.split(f'data-deck="{first}"')[1].split("</section>")[0]
    assert f'href="/decks/{second}">Fire Rush v2</a></h2>' in section
    assert "Not legal</span>" in section
    assert "History: 2 versions" in section


def test_a_deck_saved_anonymously_belongs_to_no_account(app, alice):
    deck_id = save(app.test_client(), "Nobody's")
    assert deck_id not in alice.get("/account/decks").get_data(as_text=True)


def test_a_private_deck_is_404_for_another_account_and_for_anyone(app, alice, bob, private_deck):
    for path in deck_addresses(private_deck):
        assert alice.get(path).status_code == 200, path
        assert bob.get(path).status_code == 404, path
        assert app.test_client().get(path).status_code == 404, path
    unknown = app.test_client().get("/api/v1/decks/no-such-deck-id").get_json()["error"]
    hidden = bob.get(f"/api/v1/decks/{private_deck}").get_json()["error"]
    assert hidden["code"] == unknown["code"]


def test_a_private_deck_cannot_be_edited_from_by_others(bob, private_deck):
    answer = bob.post(
        "/api/v1/decks",
        json={
            "game": "era",
            "name": "Stolen",
            "text": example("era-legal"),
            "parent": private_deck,
        },
    )
    assert answer.status_code == 404


def test_the_owner_sees_a_private_deck_through_a_token_too(app, alice, private_deck):
    token = make_token(alice)
    api = app.test_client()
    assert api.get(f"/api/v1/decks/{private_deck}", headers=bearer(token)).status_code == 200
    assert api.get(f"/api/v1/decks/{private_deck}").status_code == 404


def test_a_private_deck_shown_to_its_owner_is_kept_out_of_shared_caches(alice, private_deck):
    assert alice.get(f"/decks/{private_deck}").headers["Cache-Control"] == "private, no-store"


def test_a_private_edit_of_a_shared_deck_is_not_listed_under_it(app, alice, bob):
    shared = save(alice, "Shared Base")
    bobs = save(bob, "Bob's Secret Edit", parent=shared)
    set_visibility(bob, bobs, "private")
    page = app.test_client().get(f"/decks/{shared}").get_data(as_text=True)
    assert "Bob&#39;s Secret Edit" not in page
    assert "Bob's Secret Edit" not in page


def test_public_decks_are_listed_per_game_newest_first_by_format_and_card(app, alice, bob):
    rush = save(alice, "Fire Rush")
    tide = save(bob, "Tide Control", format="open")
    save(alice, "Unlisted One")
    set_visibility(alice, rush, "public")
    set_visibility(bob, tide, "public")
    client = app.test_client()
    page = client.get("/games/era/public-decks").get_data(as_text=True)
    assert re.findall(r'data-deck="([^"]+)"', page) == [tide, rush]
    assert "by <bdi>bob</bdi>" in page
    by_format = client.get("/games/era/public-decks?format=open").get_data(as_text=True)
    assert re.findall(r'data-deck="([^"]+)"', by_format) == [tide]
    by_card = client.get("/games/era/public-decks?card=riptide%20PULL").get_data(as_text=True)
    assert set(re.findall(r'data-deck="([^"]+)"', by_card)) == {tide, rush}
    none = client.get("/games/era/public-decks?card=no%20such%20card").get_data(as_text=True)
    assert re.findall(r'data-deck="([^"]+)"', none) == []


def test_a_card_spelt_wrong_offers_the_card_names_close_to_it_that_find_decks(app, alice):
    """'embr rex' found no deck and said only so; the card search answers such words with the
    card they mean, and so does the list of public decks, by a link that finds the decks."""
    rush = save(alice, "Fire Rush")
    set_visibility(alice, rush, "public")
    page = app.test_client().get("/games/era/public-decks?card=embr%20rex").text
    assert "ERA has no card called <bdi>embr rex</bdi>. Did you mean" in page
    link = re.search(r'Did you mean <a href="([^"]+)">Ember Rex</a>\?', page).group(1)
    found = app.test_client().get(link.replace("&amp;", "&")).text
    assert re.findall(r'data-deck="([^"]+)"', found) == [rush]
    # A name close to no card, or to cards no public deck plays, offers nothing.
    assert "Did you mean" not in app.test_client().get("/games/era/public-decks?card=zzzz").text


def test_a_turned_name_is_set_apart_from_the_date_and_owner_beside_it(app, alice):
    """A name holding a right-to-left override turns itself around, not ' · by alice · date'."""
    turned = "\u202eFire Rush"
    first = save(alice, turned)
    second = save(alice, turned + " v2", parent=first)
    set_visibility(alice, first, "public")
    versions = alice.get("/account/decks").get_data(as_text=True)
    assert f'href="/decks/{first}"><bdi>{turned}</bdi></a> · ' in versions
    listed = app.test_client().get("/games/era/public-decks").get_data(as_text=True)
    assert f'href="/decks/{second}"><bdi>{turned} v2</bdi></a>' in listed


def test_an_owner_named_in_a_right_to_left_script_is_set_apart_from_the_date(app):
    """An Arabic or Hebrew user name ("by نور · 27 Nov") takes the date after it into its own
    direction unless it is set apart, as the deck's name is."""
    owner = app.test_client()
    assert register(owner, "نور").status_code == 303
    deck = save(owner, "Fire Rush")
    set_visibility(owner, deck, "public")
    listed = app.test_client().get("/games/era/public-decks").get_data(as_text=True)
    assert " · by <bdi>نور</bdi> · " in listed


def test_a_turned_name_in_a_pages_title_leaves_the_sites_name_as_it_reads(app, alice):
    """A title holds no bdi: the page's own title is isolated by its marks (U+2068, U+2069)."""
    turned = "\u202eFire Rush"
    deck_id = save(alice, turned)
    page = app.test_client().get(f"/decks/{deck_id}").get_data(as_text=True)
    title = page.split("<title>")[1].split("</title>")[0]
    assert title == f"&#x2068;{turned}&#x2069; · Deckwright"


def test_decks_saved_before_logging_in_can_be_claimed_but_not_made_private(app, alice, bob):
    kept, key = save_anonymously(app.test_client(), "Before Login")
    mine = save(bob, "Bob's")
    answer = claim(alice, f"http://localhost/decks/{kept} {key}\n{mine}\nunknown-id")
    page = answer.get_data(as_text=True)
    assert "1 deck claimed." in page
    assert f"Not claimed: {mine}." in page
    assert "No saved deck has the id unknown-id." in page
    assert f'data-deck="{kept}"' in page
    refused = set_visibility(alice, kept, "private")
    assert refused.status_code == 400
    assert "its link may be shared" in refused.get_data(as_text=True)
    assert app.test_client().get(f"/decks/{kept}").status_code == 200
    assert f'data-deck="{mine}"' in bob.get("/account/decks").get_data(as_text=True)


def test_a_stranger_with_the_link_cannot_claim_a_deck(app, alice, bob):
    """A share link holds the id: with it alone, or a wrong key, a stranger takes nothing,
    and cannot list the deck as theirs on the public decks; its saver still claims it."""
    deck_id, key = save_anonymously(app.test_client(), "Author's Rush")
    for lines in (f"http://localhost/decks/{deck_id}", deck_id, f"{deck_id} {key[:-1]}x"):
        answer = claim(bob, lines)
        assert "0 decks claimed." in answer.get_data(as_text=True), lines
        assert f"Not claimed: {deck_id}." in answer.get_data(as_text=True)
    assert f'data-deck="{deck_id}"' not in bob.get("/account/decks").get_data(as_text=True)
    assert set_visibility(bob, deck_id, "public").status_code == 404
    assert deck_id not in app.test_client().get("/games/era/public-decks").get_data(as_text=True)
    assert "1 deck claimed." in claim(alice, f"{deck_id} {key}").get_data(as_text=True)


def test_a_deck_is_claimed_by_its_link_as_copied_with_its_key(app, alice):
    """A link copied from the address bar may carry a query, a fragment or the edit page."""
    for tail in ("?ref=share", "#top", "/edit", "/"):
        deck_id, key = save_anonymously(app.test_client())
        answer = claim(alice, f"http://localhost/decks/{deck_id}{tail} {key}")
        assert "1 deck claimed." in answer.get_data(as_text=True), tail


def test_a_deck_named_twice_is_claimed_when_either_key_is_its_own(app, alice):
    deck_id, key = save_anonymously(app.test_client())
    answer = claim(alice, f"{deck_id} {key}\n{deck_id} {key[:-1]}x")
    assert "1 deck claimed." in answer.get_data(as_text=True)
    assert "Not claimed" not in answer.get_data(as_text=True)


def test_a_claim_key_works_once(app, alice, bob):
    deck_id, key = save_anonymously(app.test_client())
    assert "1 deck claimed." in claim(alice, f"{deck_id} {key}").get_data(as_text=True)
    assert "0 decks claimed." in claim(bob, f"{deck_id} {key}").get_data(as_text=True)
    assert f'data-deck="{deck_id}"' in alice.get("/account/decks").get_data(as_text=True)


def test_only_a_save_with_no_one_logged_in_gets_a_claim_key_kept_hashed(app, alice):
    from webapp.db import get_db

    deck_id, key = save_anonymously(app.test_client())
    assert len(key) >= 40
    mine = alice.post(
        "/api/v1/decks", json={"game": "era", "name": "Mine", "text": example("era-legal")}
    )
    assert "claim_key" not in mine.get_json()
    for path in (f"/api/v1/decks/{deck_id}", f"/decks/{deck_id}", f"/decks/{deck_id}/edit"):
        assert key not in app.test_client().get(path).get_data(as_text=True), path
    with app.app_context():
        stored = get_db().execute("SELECT * FROM deck_claim_keys").fetchall()
        dumped = "\n".join(line for line in get_db().conn.iterdump())
    assert [row[0] for row in stored] == [deck_id]
    assert key not in dumped


def test_a_deck_saved_before_claim_keys_stays_with_its_link_and_is_claimed_by_no_one(
    app, alice, bob
):
    from webapp.db import get_db

    deck_id, _key = save_anonymously(app.test_client(), "Old Save")
    with app.app_context():  # as saved before claim keys: no key
        get_db().execute("DELETE FROM deck_claim_keys")
    for client in (alice, bob):
        for lines in (deck_id, f"{deck_id} anything"):
            assert "0 decks claimed." in claim(client, lines).get_data(as_text=True)
    assert app.test_client().get(f"/api/v1/decks/{deck_id}").status_code == 200
    # Its saver, logged in, saves a version of it: a deck of their own, from its link.
    copy = save(alice, "Old Save", parent=deck_id)
    assert f'data-deck="{copy}"' in alice.get("/account/decks").get_data(as_text=True)


def test_a_withdrawn_private_deck_is_not_brought_back_by_a_claim(app, alice, bob):
    first = save(alice, "Chain")
    later = save(bob, "Bob's edit", parent=first)
    set_visibility(alice, first, "private")
    alice.post(
        "/account/delete", data={"csrf_token": csrf(alice, "/account"), "password": PASSWORD}
    )
    assert app.test_client().get(f"/api/v1/decks/{later}").get_json()["parent"] == first
    assert "0 decks claimed." in claim(bob, first).get_data(as_text=True)
    assert app.test_client().get(f"/api/v1/decks/{first}").status_code == 404


def test_versions_saved_after_the_login_ended_join_their_deck_when_claimed(app, alice, clock):
    first = save(alice, "Fire Rush")
    clock.now += timedelta(days=31)  # the login ended; the builder went on saving
    second, second_key = save_anonymously(alice, "Fire Rush v2", parent=first)
    third, third_key = save_anonymously(alice, "Fire Rush v3", parent=second)
    assert log_in(alice, "alice").status_code == 303
    answer = claim(alice, f"{third} {third_key}\n{second} {second_key}")
    assert "2 decks claimed." in answer.get_data(as_text=True)
    (deck,) = alice.get("/api/v1/account/decks", headers=bearer(make_token(alice))).get_json()[
        "decks"
    ]
    assert deck["id"] == first
    assert [v["id"] for v in deck["versions"]] == [third, second, first]


def test_deleting_the_account_takes_its_private_decks_along(app, alice, private_deck):
    shown = save(alice, "Shown")
    alice.post(
        "/account/delete", data={"csrf_token": csrf(alice, "/account"), "password": PASSWORD}
    )
    anyone = app.test_client()
    assert anyone.get(f"/api/v1/decks/{private_deck}").status_code == 404
    assert anyone.get(f"/api/v1/decks/{shown}").status_code == 200


def test_a_withdrawn_private_version_stays_hidden_when_a_later_one_names_it(app, alice):
    first = save(alice, "Chain")
    save(alice, "Chain v2", parent=first)
    set_visibility(alice, first, "private")
    alice.post(
        "/account/delete", data={"csrf_token": csrf(alice, "/account"), "password": PASSWORD}
    )
    assert app.test_client().get(f"/api/v1/decks/{first}").status_code == 404


def test_the_data_download_has_the_decks(alice, private_deck):
    data = json.loads(alice.get("/account/data.json").get_data(as_text=True))
    assert [(d["id"], d["visibility"]) for d in data["decks"]] == [(private_deck, "private")]
    assert data["decks"][0]["versions"][0]["name"] == "Secret Tech"


def test_the_deck_forms_need_the_csrf_token(alice, private_deck):
    assert (
        alice.post(
            f"/account/decks/{private_deck}/visibility", data={"visibility": "public"}
        ).status_code
        == 403
    )
    assert alice.post("/account/decks/claim", data={"ids": private_deck}).status_code == 403


def test_the_api_lists_my_decks_to_my_token_only(app, alice, bob, private_deck):
    later = save(alice, "Secret Tech v2", parent=private_deck)
    token = make_token(alice)
    listed = app.test_client().get("/api/v1/account/decks", headers=bearer(token)).get_json()
    assert [(d["id"], d["visibility"]) for d in listed["decks"]] == [(private_deck, "private")]
    assert [v["id"] for v in listed["decks"][0]["versions"]] == [later, private_deck]
    assert listed["decks"][0]["versions"][0]["url"] == f"/decks/{later}"
    # A version saved from a private deck is private too.
    assert app.test_client().get(f"/api/v1/decks/{later}").status_code == 404
    others = app.test_client().get("/api/v1/account/decks", headers=bearer(make_token(bob)))
    assert others.get_json()["decks"] == []
    assert others.get_json()["total"] == 0
    assert app.test_client().get("/api/v1/account/decks").status_code == 401


def test_an_edit_saved_after_the_login_ended_says_so_and_saves_nothing(
    app, alice, clock, private_deck
):
    """The builder saves an edit of a private deck once its login ended: the answer says the
    login ended (not that no deck has the id), and nothing is saved in the owner's stead."""
    from webapp.db import get_db

    with app.app_context():
        before = get_db()["decks"].count
    clock.now += timedelta(days=31)
    body = {"game": "era", "name": "Secret Tech v2", "text": example("era-legal")}
    answer = alice.post("/api/v1/decks", json={**body, "parent": private_deck})
    assert answer.status_code == 404
    message = answer.get_json()["error"]["message"]
    assert message.startswith(f"no saved deck you can see has the id {private_deck!r}")
    assert "Your login has ended" in message
    assert "log in again" in message
    assert "save once more" in message
    with app.app_context():
        assert get_db()["decks"].count == before
    # Logged in again, the same save goes through, as a version of the private deck.
    assert log_in(alice, "alice").status_code == 303
    saved = alice.post("/api/v1/decks", json={**body, "parent": private_deck})
    assert saved.status_code == 201
    assert "claim_key" not in saved.get_json()
    assert app.test_client().get(f"/api/v1/decks/{saved.get_json()['id']}").status_code == 404


def test_an_edit_of_a_deck_no_one_may_see_tells_others_nothing_of_its_owner(app, bob, private_deck):
    """Another account, or anyone, hears the same of a private deck's id as of an unknown one."""
    body = {"game": "era", "name": "Stolen", "text": example("era-legal")}
    for client, hint in ((bob, ""), (app.test_client(), " If it is a private deck of yours")):
        hidden = client.post("/api/v1/decks", json={**body, "parent": private_deck})
        unknown = client.post("/api/v1/decks", json={**body, "parent": "no-such-deck-id"})
        assert hidden.status_code == unknown.status_code == 404
        words = [a.get_json()["error"]["message"] for a in (hidden, unknown)]
        assert words[0] == words[1].replace("no-such-deck-id", private_deck)
        assert words[0].startswith(f"no saved deck you can see has the id {private_deck!r}")
        if hint:
            assert hint in words[0]
        else:
            assert "log in" not in words[0]


def test_a_strangers_edit_is_not_listed_as_a_newer_version_of_an_owned_deck(app, alice, bob):
    """Anyone may save an edit of a deck they see; on an account's deck page, only the
    owner's edits are 'Edited since', or a stranger's would pass for the owner's update."""
    shared = save(alice, "Fire Rush")
    set_visibility(alice, shared, "public")
    save(bob, "Fire Rush (updated by the author)", parent=shared)
    save_anonymously(app.test_client(), "Fire Rush v3 official", parent=shared)
    page = app.test_client().get(f"/decks/{shared}").get_data(as_text=True)
    assert "Edited since:" not in page
    assert "updated by the author" not in page
    assert "v3 official" not in page
    save(alice, "Fire Rush v2", parent=shared)
    page = app.test_client().get(f"/decks/{shared}").get_data(as_text=True)
    edited = page.split('id="newer-versions"')[1].split("</p>")[0]
    assert "Fire Rush v2" in edited
    assert "updated by the author" not in edited


def test_strangers_edits_do_not_crowd_the_owners_out_of_its_newer_versions(app, alice, monkeypatch):
    """The page lists at most MAX_HISTORY newer versions: strangers' edits, not listed, took
    those places, and after that many of them the owner's own edits were never listed."""
    monkeypatch.setattr("webapp.decks.MAX_HISTORY", 3)
    shared = save(alice, "Fire Rush")
    set_visibility(alice, shared, "public")
    for number in range(4):
        save_anonymously(app.test_client(), f"Fire Rush by a stranger {number}", parent=shared)
    save(alice, "Fire Rush v2", parent=shared)
    page = app.test_client().get(f"/decks/{shared}").get_data(as_text=True)
    edited = page.split('id="newer-versions"')[1].split("</p>")[0]
    assert "Fire Rush v2" in edited
    assert "stranger" not in edited
