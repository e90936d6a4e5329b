"""Deleting a deck: its owner deletes it from My decks or its page (once confirmed) or with a
token through the API; its links then say it was deleted, copies others saved stay whole,
and nothing else of anyone's is lost."""

from __future__ import annotations

import re

from tests.accounts.conftest import csrf
from tests.accounts.test_decks import deck_addresses, save, save_anonymously, set_visibility
from tests.accounts.test_tokens import bearer, make_token
from tests.events.conftest import example


def confirm_delete(client, deck_id: str):
    """Open the confirmation page of a deck's deletion and press its button."""
    page = client.get(f"/account/decks/{deck_id}/delete")
    assert page.status_code == 200, page.get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.get_data(as_text=True)).group(1)
    action = re.search(r'id="delete-deck-form" method="post" action="([^"]+)"', page.text)
    return client.post(action.group(1), data={"csrf_token": token})


def test_my_decks_and_the_deck_page_offer_its_owner_to_delete_it(app, alice, bob):
    deck_id = save(alice, "Fire Rush")
    my_decks = alice.get("/account/decks").get_data(as_text=True)
    assert f'href="/account/decks/{deck_id}/delete">Delete…</a>' in my_decks
    own_page = alice.get(f"/decks/{deck_id}")
    assert 'id="delete-deck"' in own_page.get_data(as_text=True)
    assert own_page.headers["Cache-Control"] == "private, no-store"
    # Anyone else sees the deck, not a way to delete it.
    assert 'id="delete-deck"' not in bob.get(f"/decks/{deck_id}").get_data(as_text=True)
    assert 'id="delete-deck"' not in app.test_client().get(f"/decks/{deck_id}").text


def test_the_confirmation_says_what_goes_and_a_get_deletes_nothing(alice):
    first = save(alice, "Fire Rush")
    save(alice, "Fire Rush v2", parent=first)
    page = alice.get(f"/account/decks/{first}/delete").get_data(as_text=True)
    assert "<h1>Delete Fire Rush v2?</h1>" in page
    assert "all 2 of its versions" in page
    assert "Copies others saved from it are theirs" in page
    assert alice.get(f"/decks/{first}").status_code == 200


def test_the_confirmation_of_a_deck_of_one_version_says_when_it_was_saved(alice):
    """'saved from 11:55 to 11:55' said one moment as a span."""
    deck_id = save(alice, "Fire Rush")
    page = alice.get(f"/account/decks/{deck_id}/delete").get_data(as_text=True)
    words = " ".join(re.sub(r"<[^>]+>", "", page).split())
    assert re.search(r"its one version, saved \d{4}-\d\d-\d\d \d\d:\d\d UTC\.", words)
    assert "saved from 2" not in words


def test_deleting_a_deck_takes_every_version_and_its_links_say_so(app, alice):
    first = save(alice, "Fire Rush")
    second = save(alice, "Fire Rush v2", parent=first)
    kept = save(alice, "Other Deck")
    done = confirm_delete(alice, second)
    assert done.status_code == 200
    text = done.get_data(as_text=True)
    assert "&#39;Fire Rush v2&#39; is deleted, with its 2 versions" in text
    assert f'data-deck="{first}"' not in text
    assert f'data-deck="{kept}"' in text
    stranger = app.test_client()
    for deck_id in (first, second):
        page = stranger.get(f"/decks/{deck_id}")
        assert page.status_code == 410
        assert "was deleted by its owner" in page.get_data(as_text=True)
        answer = stranger.get(f"/api/v1/decks/{deck_id}")
        assert answer.status_code == 410
        assert answer.get_json()["error"]["code"] == "deck-deleted"
        for address in deck_addresses(deck_id):
            assert stranger.get(address).status_code == 410, address
    # The other deck is untouched.
    assert stranger.get(f"/decks/{kept}").status_code == 200
    # Pressed again (a second click, the page kept in another tab): it is deleted already.
    twice = alice.post(
        f"/account/decks/{first}/delete", data={"csrf_token": csrf(alice, "/account")}
    )
    assert twice.status_code == 200
    assert "That deck is deleted already." in twice.get_data(as_text=True)


def test_a_copy_another_player_saved_stays_whole(app, alice, bob):
    original = save(alice, "Fire Rush")
    copy = save(bob, "Bob's Fire Rush", parent=original)
    before = bob.get(f"/api/v1/decks/{copy}").get_json()
    confirm_delete(alice, original)
    after = bob.get(f"/api/v1/decks/{copy}").get_json()
    assert after == before
    assert bob.get(f"/decks/{copy}").status_code == 200
    assert [
        d["id"]
        for d in bob.get("/api/v1/account/decks", headers=bearer(make_token(bob))).get_json()[
            "decks"
        ]
    ] == [copy]
    # Its page shows the copy without the deleted deck's versions.
    page = bob.get(f"/decks/{copy}").get_data(as_text=True)
    assert f"/decks/{original}" not in page
    assert "Saved from a deck its owner has since deleted" in page
    untouched = save(bob, "Bob's Own Deck")
    assert 'id="deleted-origin"' not in bob.get(f"/decks/{untouched}").text
    # Nothing of the deleted deck's own content is kept.
    from webapp.db import get_db

    with app.app_context():
        row = (
            get_db()
            .execute("SELECT name, text, description FROM decks WHERE id = ?", [original])
            .fetchone()
        )
    assert row == ("", "", "")


def test_an_edit_of_a_deleted_deck_is_refused_with_words_and_saves_nothing(app, alice, bob):
    original = save(alice, "Fire Rush")
    confirm_delete(alice, original)
    body = {"game": "era", "name": "Late Edit", "text": example("era-legal"), "parent": original}
    answer = bob.post("/api/v1/decks", json=body)
    assert answer.status_code == 410
    assert "was deleted by its owner, so nothing was saved" in answer.get_json()["error"]["message"]


def test_a_private_deck_deleted_is_as_unknown_as_a_wrong_id(app, alice):
    deck_id = save(alice, "Secret Tech")
    assert set_visibility(alice, deck_id, "private").status_code == 200
    assert "Its links show no deck any more" in alice.get(f"/account/decks/{deck_id}/delete").text
    confirm_delete(alice, deck_id)
    for client in (alice, app.test_client()):
        assert client.get(f"/api/v1/decks/{deck_id}").status_code == 404
        assert client.get(f"/decks/{deck_id}").status_code == 404


def test_a_public_deck_deleted_leaves_the_public_decks(app, alice):
    deck_id = save(alice, "Open Tech")
    assert set_visibility(alice, deck_id, "public").status_code == 200
    assert "Open Tech" in app.test_client().get("/games/era/public-decks").text
    confirm_delete(alice, deck_id)
    assert "Open Tech" not in app.test_client().get("/games/era/public-decks").text


def test_only_the_owner_deletes_a_deck_on_the_site(app, alice, bob):
    deck_id = save(alice, "Fire Rush")
    assert bob.get(f"/account/decks/{deck_id}/delete").status_code == 404
    forged = bob.post(
        f"/account/decks/{deck_id}/delete", data={"csrf_token": csrf(bob, "/account")}
    )
    assert forged.status_code == 404
    # Without the form's CSRF token even the owner's browser deletes nothing.
    assert alice.post(f"/account/decks/{deck_id}/delete").status_code == 403
    # Logged out: to the login page.
    assert app.test_client().get(f"/account/decks/{deck_id}/delete").status_code == 303
    assert app.test_client().get(f"/decks/{deck_id}").status_code == 200


def test_the_api_deletes_the_token_owners_deck_with_every_version(app, alice):
    first = save(alice, "Fire Rush")
    second = save(alice, "Fire Rush v2", parent=first)
    token = make_token(alice)
    answer = app.test_client().delete(f"/api/v1/decks/{first}", headers=bearer(token))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.get_json() == {"id": first, "name": "Fire Rush v2", "deleted": [second, first]}
    again = app.test_client().delete(f"/api/v1/decks/{first}", headers=bearer(token))
    assert again.status_code == 410
    assert again.get_json()["error"]["code"] == "deck-deleted"
    listed = app.test_client().get("/api/v1/account/decks", headers=bearer(token)).get_json()
    assert listed["decks"] == []


def test_the_api_refuses_anyone_else_in_the_one_error_shape(app, alice, bob):
    deck_id = save(alice, "Fire Rush")
    client = app.test_client()
    nobody = client.delete(f"/api/v1/decks/{deck_id}")
    assert nobody.status_code == 401
    assert nobody.get_json()["error"]["code"] == "unauthorized"
    # A login cookie alone deletes nothing through the API.
    assert alice.delete(f"/api/v1/decks/{deck_id}").status_code == 401
    other = client.delete(f"/api/v1/decks/{deck_id}", headers=bearer(make_token(bob)))
    assert other.status_code == 403
    assert other.get_json()["error"]["code"] == "not-your-deck"
    unknown = client.delete("/api/v1/decks/no-such-deck", headers=bearer(make_token(alice)))
    assert unknown.status_code == 404
    assert client.get(f"/api/v1/decks/{deck_id}").status_code == 200


def test_a_deck_saved_anonymously_is_deleted_with_its_claim_key_only(app):
    saver = app.test_client()
    deck_id, key = save_anonymously(saver)
    stranger = app.test_client()
    wrong = stranger.delete(f"/api/v1/decks/{deck_id}", headers={"Deckwright-Claim-Key": "x" * 43})
    assert wrong.status_code == 403
    assert stranger.delete(f"/api/v1/decks/{deck_id}").status_code == 401
    assert stranger.get(f"/api/v1/decks/{deck_id}").status_code == 200
    done = saver.delete(f"/api/v1/decks/{deck_id}", headers={"Deckwright-Claim-Key": key})
    assert done.status_code == 200
    assert done.get_json() == {"id": deck_id, "name": "Before Login", "deleted": [deck_id]}
    assert stranger.get(f"/api/v1/decks/{deck_id}").status_code == 410


def test_a_claimed_decks_key_deletes_nothing(app, alice):
    from tests.accounts.test_decks import claim

    deck_id, key = save_anonymously(app.test_client())
    assert "1 deck claimed" in claim(alice, f"{deck_id} {key}").get_data(as_text=True)
    answer = app.test_client().delete(
        f"/api/v1/decks/{deck_id}", headers={"Deckwright-Claim-Key": key}
    )
    assert answer.status_code == 403
    assert app.test_client().get(f"/api/v1/decks/{deck_id}").status_code == 200


def test_the_openapi_document_has_the_delete_and_its_errors(client):
    spec = client.get("/api/v1/openapi.json").get_json()
    operation = spec["paths"]["/api/v1/decks/{deck_id}"]["delete"]
    assert {"200", "401", "403", "404", "410"} <= set(operation["responses"])
    error_ref = operation["responses"]["410"]["content"]["application/json"]["schema"]["$ref"]
    assert error_ref.endswith("/ErrorResponse")
    assert [p["name"] for p in operation["parameters"]] == ["deck_id", "Deckwright-Claim-Key"]


def test_a_deck_of_more_versions_than_sqlite_takes_at_once_is_deleted_whole(app, alice, clock):
    """A long-edited deck (1,200 versions here) goes whole, every row of its chain, on an
    SQLite that takes 999 values in one statement (as builds before 3.32 do)."""
    import sqlite3

    from webapp.accounts import decks as account_decks
    from webapp.accounts import store
    from webapp.db import get_db

    first = save(alice, "Long Haul")
    with app.app_context():
        db = get_db()
        row = db.execute(
            "SELECT game, format, created, deck, text FROM decks WHERE id = ?", [first]
        ).fetchone()
        ids = [first] + [f"v{n:05}" for n in range(1, 1200)]
        db["decks"].insert_all(
            {
                "id": deck_id,
                "game": row[0],
                "name": "Long Haul",
                "format": row[1],
                "created": row[2],
                "parent": ids[n - 1],
                "deck": row[3],
                "text": row[4],
                "description": "",
            }
            for n, deck_id in enumerate(ids)
            if n
        )
        db.conn.executemany(
            "INSERT INTO account_decks (deck_id, account_id, root, visibility)"
            " SELECT ?, account_id, root, visibility FROM account_decks WHERE deck_id = ?",
            [(deck_id, first) for deck_id in ids[1:]],
        )
        owner = store.by_name(db, "alice")
        db.conn.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 999)
        gone = account_decks.delete_deck(db, owner, ids[-1], clock())
        assert sorted(gone.versions) == sorted(ids)
        assert db.execute("SELECT COUNT(*) FROM decks").fetchone() == (0,)
        assert db.execute("SELECT COUNT(*) FROM deleted_decks").fetchone() == (1200,)
    assert app.test_client().get(f"/decks/{ids[600]}").status_code == 410
