"""Event creation, submissions, addresses bearing a token and the lines validated are limited
per client address, and refused with a 429 in the one error shape with ``Retry-After`` (the
test client; tests/api/test_hostile_live.py sends the same to gunicorn's two workers).
Requests are counted in the database every worker shares; the lines validated, which guard
a worker's CPU, in each worker's memory."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.api.support import error_of, make_app, refusal_at_start
from webapp import limits
from webapp.db import connections

DEADLINE = (datetime.now(UTC) + timedelta(days=1)).isoformat()
EVENT = {"name": "Cup", "game": "era", "deadline": DEADLINE}


def limited_app(tmp_path, library, **rate_limits):
    app = make_app(tmp_path, RATE_LIMITS=rate_limits)
    app.extensions["deckwright.pools"] = library
    return app


def from_address(address: str) -> dict:
    return {"environ_overrides": {"REMOTE_ADDR": address}}


def create(client, address: str = "203.0.113.1"):
    return client.post("/api/v1/events", json=EVENT, **from_address(address))


def assert_too_many(answer, kind: str):
    error = error_of(answer, 429)
    assert error["code"] == "too-many-requests"
    assert error["details"][0]["kind"] == kind
    retry_after = int(answer.headers["Retry-After"])
    assert 1 <= retry_after <= error["details"][0]["seconds"] + 1


def test_creating_events_past_the_limit_is_a_429_with_retry_after(tmp_path, library):
    client = limited_app(tmp_path, library, **{"event-creation": [3, 600]}).test_client()
    assert [create(client).status_code for _ in range(3)] == [201] * 3
    assert_too_many(create(client), limits.EVENT_CREATION)


def test_the_limit_is_per_client_address(tmp_path, library):
    client = limited_app(tmp_path, library, **{"event-creation": [2, 600]}).test_client()
    for _ in range(2):
        create(client, "203.0.113.1")
    assert create(client, "203.0.113.1").status_code == 429
    assert create(client, "203.0.113.2").status_code == 201


def test_two_workers_share_one_count(tmp_path, library):
    """Two apps on one database file are two gunicorn workers: the count is the file's."""
    first = limited_app(tmp_path, library, **{"event-creation": [4, 600]}).test_client()
    second = limited_app(tmp_path, library, **{"event-creation": [4, 600]}).test_client()
    statuses = [create(worker).status_code for worker in (first, second) * 2]
    assert statuses == [201] * 4
    assert create(first).status_code == 429
    assert create(second).status_code == 429


def test_submissions_past_the_limit_are_a_429(tmp_path, library):
    client = limited_app(tmp_path, library, submissions=[2, 60]).test_client()
    event_id = create(client).get_json()["event"]["id"]
    entries = f"/api/v1/events/{event_id}/entries"
    sent = [
        client.post(entries, json={"player": f"P{n}", "text": "1 Ember Rex"}, **from_address("a"))
        for n in range(3)
    ]
    assert [answer.status_code for answer in sent[:2]] == [201, 201]
    assert_too_many(sent[2], limits.SUBMISSIONS)


def test_addresses_bearing_a_token_past_the_limit_are_a_429_as_json_and_as_a_page(
    tmp_path, library
):
    client = limited_app(tmp_path, library, **{"token-urls": [3, 60]}).test_client()
    created = create(client).get_json()
    event_id, token = created["event"]["id"], created["admin_token"]
    bearer = {"Authorization": f"Bearer {token}"}
    listing = f"/api/v1/events/{event_id}/entries"
    for _ in range(3):
        assert client.get(listing, headers=bearer, **from_address("b")).status_code == 200
    assert_too_many(client.get(listing, headers=bearer, **from_address("b")), limits.TOKEN_URLS)
    # A guessed token counts like a right one: guessing is what the limit stops.
    page = client.get(f"/events/{event_id}/admin/{'x' * 30}", **from_address("b"))
    assert page.status_code == 429
    assert page.mimetype == "text/html"


def test_requests_of_no_limited_kind_are_not_counted(tmp_path, library):
    client = limited_app(tmp_path, library, **{"token-urls": [1, 60]}).test_client()
    bearer = {"Authorization": "Bearer something"}
    for _ in range(3):
        assert client.get("/api/v1/games", headers=bearer).status_code == 200
        assert client.get("/api/v1/health").status_code == 200


def test_a_kind_set_to_null_is_not_limited(tmp_path, library):
    client = limited_app(tmp_path, library, **{"event-creation": None}).test_client()
    assert limits.limits_of(client.application).keys() == {
        limits.SUBMISSIONS,
        limits.TOKEN_URLS,
        limits.VALIDATION,
    }
    assert [create(client).status_code for _ in range(3)] == [201] * 3


def test_the_limits_are_read_from_the_environment(tmp_path, library, monkeypatch):
    monkeypatch.setenv("DECKWRIGHT_RATE_LIMITS", '{"event-creation": [1, 60]}')
    app = make_app(tmp_path)
    app.extensions["deckwright.pools"] = library
    client = app.test_client()
    assert create(client).status_code == 201
    assert create(client).status_code == 429


@pytest.mark.parametrize(
    ("proxies", "forwarded", "counted"),
    [
        (0, "198.51.100.7", "10.0.0.1"),  # no proxy trusted: the header is anyone's to write
        (1, "198.51.100.7", "198.51.100.7"),
        (1, "6.6.6.6, 198.51.100.7", "198.51.100.7"),  # the client wrote the first one
        (2, "198.51.100.7, 10.0.0.2", "198.51.100.7"),
        (2, "10.0.0.2", "10.0.0.1"),  # fewer hops than proxies: not through them all
    ],
)
def test_behind_trusted_proxies_the_forwarded_client_is_counted(
    tmp_path, library, proxies, forwarded, counted
):
    app = limited_app(tmp_path, library)
    app.config["TRUSTED_PROXIES"] = proxies
    environ = {"REMOTE_ADDR": "10.0.0.1"}
    with app.test_request_context(headers={"X-Forwarded-For": forwarded}, environ_base=environ):
        assert limits.client_address() == counted


# -- validation, counted by the lines it reads --------------------------------------------

TEN_LINES = "\n".join(["3 Ember Rex"] * 10)


def validate(client, text: str = TEN_LINES, address: str = "203.0.113.9"):
    return client.post(
        "/api/v1/games/era/validate",
        data=text,
        content_type="text/plain",
        **from_address(address),
    )


def test_validating_past_the_lines_allowed_is_a_429_naming_lines(tmp_path, library):
    """A list of 1,000 unknown names costs a thousand times a one-line list: the limit counts
    the lines (or entries) read, so a script cannot fill the workers with long lists."""
    client = limited_app(tmp_path, library, validation=[30, 60]).test_client()
    assert [validate(client).status_code for _ in range(3)] == [200] * 3
    answer = validate(client)
    assert_too_many(answer, limits.VALIDATION)
    error = answer.get_json()["error"]
    assert "30 decklist lines" in error["message"]
    assert error["details"][0]["unit"] == "lines"
    # Another address is counted apart.
    assert validate(client, address="203.0.113.10").status_code == 200


def test_a_batch_counts_the_lines_of_all_its_decks(tmp_path, library):
    client = limited_app(tmp_path, library, validation=[25, 60]).test_client()
    batch = {"decks": [TEN_LINES, TEN_LINES]}
    address = from_address("203.0.113.9")
    assert client.post("/api/v1/games/era/validate/batch", json=batch, **address).status_code == 200
    answer = client.post("/api/v1/games/era/validate/batch", json=batch, **address)
    assert_too_many(answer, limits.VALIDATION)


def test_a_json_deck_counts_its_entries_and_fits_its_cards_too(tmp_path, library):
    client = limited_app(tmp_path, library, validation=[6, 60]).test_client()
    deck = {"sections": {"deck": [{"card": "Ember Rex", "count": 3}, {"card": "Kindle"}]}}
    address = from_address("203.0.113.9")
    sent = client.post("/api/v1/games/era/validate", json=deck, **address)
    assert sent.status_code == 200
    fits = {**deck, "cards": ["era-kindle", "era-ember-rex"]}
    assert client.post("/api/v1/games/era/fits", json=fits, **address).status_code == 200
    assert_too_many(client.post("/api/v1/games/era/fits", json=fits, **address), limits.VALIDATION)


def test_the_validation_page_past_the_limit_is_a_page(tmp_path, library):
    client = limited_app(tmp_path, library, validation=[15, 60]).test_client()
    page = client.get("/validate").get_data(as_text=True)
    token = page.split('name="csrf_token" value="')[1].split('"')[0]
    form = {"game": "era", "decklist": TEN_LINES, "csrf_token": token}
    assert client.post("/validate", data=form).status_code == 200
    refused = client.post("/validate", data=form)
    assert refused.status_code == 429
    assert refused.mimetype == "text/html"
    assert "Retry-After" in refused.headers


def test_a_list_refused_as_too_long_counts_as_one_request(tmp_path, library):
    """A list over the line limit is refused before its lines are read: sent by mistake, it
    does not use up the address's room."""
    client = limited_app(tmp_path, library, validation=[30, 60]).test_client()
    too_long = "\n".join(["3 Ember Rex"] * 1_001)
    assert validate(client, too_long).status_code == 413
    assert [validate(client).status_code for _ in range(2)] == [200, 200]


def test_saving_a_deck_reads_it_and_is_counted_with_validation(tmp_path, library):
    """Saving reads and judges the list as validating does (its unknown names suggested): a
    script saving lists of unknown names is held back as one validating them is."""
    client = limited_app(tmp_path, library, validation=[15, 60]).test_client()
    body = {"game": "era", "name": "Rex", "text": TEN_LINES}
    address = from_address("203.0.113.9")
    assert client.post("/api/v1/decks", json=body, **address).status_code == 201
    assert_too_many(client.post("/api/v1/decks", json=body, **address), limits.VALIDATION)


def test_validation_is_counted_in_each_worker_with_no_write(tmp_path, library):
    """The lines validated guard each worker's own CPU: counted in its memory, as a write to
    the shared file would cost more than the validation it guards. Two apps on one file are
    two workers: each gives an address the limit's room, and no more."""
    first = limited_app(tmp_path, library, validation=[20, 60])
    second = limited_app(tmp_path, library, validation=[20, 60])
    for app in (first, second):
        client = app.test_client()
        assert [validate(client).status_code for _ in range(2)] == [200, 200]
        assert_too_many(validate(client), limits.VALIDATION)
    with first.app_context():
        db = connections(first).get()
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        if "rate_counts" in tables:
            assert db.execute("SELECT count(*) FROM rate_counts").fetchone() == (0,)


def test_a_new_window_starts_the_worker_counts_afresh():
    counts = limits.WorkerCounts()
    limit = limits.Limit(limits.VALIDATION, 100, 60)
    assert counts.add("a", limit, 70, now=600.0) == (70, 61)
    assert counts.add("a", limit, 20, now=659.5) == (90, 1)
    assert counts.add("b", limit, 5, now=659.9) == (5, 1)
    assert counts.add("a", limit, 30, now=660.0) == (30, 61)
    assert counts.counts == {"a": 30}  # the last window's clients are gone


# -- a submission's list is read and judged as a validation is --------------------------------

# Ten different lines of names no pool holds: each is compared with every card for "did you
# mean", as a script's list of gibberish is.
UNKNOWN = "\n".join(f"3 Zzyzx Quux {n}" for n in range(10))


def csrf_of(page: str) -> str:
    return page.split('name="csrf_token" value="')[1].split('"')[0]


def test_a_submission_counts_its_lines_with_validation(tmp_path, library):
    """A submission reads its list and suggests a name for every unknown one: past the lines
    an address may validate it is refused before its list is read, and nothing is stored."""
    client = limited_app(tmp_path, library, validation=[15, 60]).test_client()
    created = create(client).get_json()
    event_id, token = created["event"]["id"], created["admin_token"]
    entries = f"/api/v1/events/{event_id}/entries"
    address = from_address("203.0.113.9")
    first = client.post(entries, json={"player": "Ann", "text": UNKNOWN}, **address)
    assert first.status_code == 201
    refused = client.post(entries, json={"player": "Ben", "text": UNKNOWN}, **address)
    assert_too_many(refused, limits.VALIDATION)
    assert refused.get_json()["error"]["details"][0]["unit"] == "lines"
    listing = client.get(entries, headers={"Authorization": f"Bearer {token}"}).get_json()
    assert [entry["player"] for entry in listing["entries"]] == ["Ann"]
    # The player's own list, changed through their private token, is counted alike.
    player = {"Authorization": f"Bearer {first.get_json()['player_token']}"}
    again = client.put(
        f"{entries}/{first.get_json()['entry']['entry']}",
        json={"text": UNKNOWN},
        headers=player,
        **address,
    )
    assert_too_many(again, limits.VALIDATION)
    # The request count goes on as before, and another address has its own room.
    other = client.post(entries, json={"player": "Ben", "text": UNKNOWN}, **from_address("b"))
    assert other.status_code == 201


def test_a_json_submission_counts_its_entries(tmp_path, library):
    client = limited_app(tmp_path, library, validation=[5, 60]).test_client()
    event_id = create(client).get_json()["event"]["id"]
    entries = f"/api/v1/events/{event_id}/entries"
    deck = {"sections": {"deck": [{"card": f"Zzyzx {n}", "count": 3} for n in range(3)]}}
    address = from_address("203.0.113.9")
    sent = client.post(entries, json={"player": "Ann", "deck": deck}, **address)
    assert sent.status_code == 201
    refused = client.post(entries, json={"player": "Ben", "deck": deck}, **address)
    assert_too_many(refused, limits.VALIDATION)


def test_the_submission_page_past_the_limit_keeps_the_pasted_list(tmp_path, library):
    client = limited_app(tmp_path, library, validation=[15, 60]).test_client()
    event_id = create(client).get_json()["event"]["id"]
    page = f"/events/{event_id}"

    def send(player: str):
        token = csrf_of(client.get(page).get_data(as_text=True))
        form = {"csrf_token": token, "player": player, "decklist": UNKNOWN}
        return client.post(page, data=form)

    assert send("Ann").status_code == 303
    refused = send("Ben")
    assert refused.status_code == 429
    assert refused.mimetype == "text/html"
    assert "Retry-After" in refused.headers
    shown = refused.get_data(as_text=True)
    assert "At most 15 decklist lines (or deck entries) validated per 60 seconds" in shown
    assert f">{UNKNOWN}</textarea>" in shown
    assert 'value="Ben"' in shown


def test_the_private_page_past_the_limit_keeps_the_pasted_list(tmp_path, library):
    client = limited_app(tmp_path, library, validation=[15, 60]).test_client()
    event_id = create(client).get_json()["event"]["id"]
    entries = f"/api/v1/events/{event_id}/entries"
    receipt = client.post(entries, json={"player": "Ann", "text": UNKNOWN}).get_json()
    private = receipt["private_url"]
    token = csrf_of(client.get(private).get_data(as_text=True))
    fixed = UNKNOWN.replace("3 Zzyzx", "2 Zzyzx")
    refused = client.post(private, data={"csrf_token": token, "decklist": fixed})
    assert refused.status_code == 429
    assert "Retry-After" in refused.headers
    shown = refused.get_data(as_text=True)
    assert "At most 15 decklist lines (or deck entries) validated per 60 seconds" in shown
    assert f">{fixed}</textarea>" in shown


def test_an_upload_counts_its_different_lines_with_validation(tmp_path, library):
    """An organizer's upload of many lists is read as a batch is: counted by its different
    lines (a line repeated in many lists counts once, as its reading costs once), so a whole
    event's lists fit in the room while a script uploading gibberish again and again does not."""
    client = limited_app(tmp_path, library, validation=[15, 60]).test_client()
    created = create(client).get_json()
    event_id, token = created["event"]["id"], created["admin_token"]
    admin = {"Authorization": f"Bearer {token}"}
    rows = "".join(f'P{n},"{UNKNOWN}"\n' for n in range(3))
    upload = f"/api/v1/events/{event_id}/uploads"
    sent = client.post(upload, json={"csv": "player,list\n" + rows}, headers=admin)
    assert sent.status_code == 200
    assert len(sent.get_json()["stored"]) == 3
    # Sent again as it was, its lists are on file as uploaded and are not read again (free);
    # the same gibberish for other players is read again, and counted.
    resent = client.post(upload, json={"csv": "player,list\n" + rows}, headers=admin)
    assert resent.status_code == 200
    assert len(resent.get_json()["unchanged"]) == 3
    others = rows.replace("P", "Q")
    again = client.post(upload, json={"csv": "player,list\n" + others}, headers=admin)
    assert_too_many(again, limits.VALIDATION)


@pytest.mark.parametrize("end", ["\n", "\r", "\r\n"])
def test_a_list_counts_the_lines_the_reader_reads(tmp_path, library, end):
    """The lines charged are the lines read, however they end: a list of the most lines
    allowed, each ending in a newline, or split by carriage returns alone, counted as one
    line let one address have the limit's room a thousand times over."""
    client = limited_app(tmp_path, library, validation=[1_500, 60]).test_client()
    longest = end.join(["3 Ember Rex"] * 1_000) + end
    assert validate(client, longest).status_code == 200
    assert_too_many(validate(client, longest), limits.VALIDATION)


@pytest.mark.parametrize(
    "text",
    [
        "\n".join(["3 Ember Rex"] * 10),
        "\n".join(["3 Ember Rex"] * 10) + "\n",
        "\r".join(["3 Ember Rex"] * 10),
        "\r\n".join(["3 Ember Rex"] * 10) + "\r\n",
        "3 Ember Rex\r\n\n3 Kindle\r\r" + "\n".join(["3 Ember Rex"] * 6),
        # A line holding a line separator or a form feed is read as its parts: each a line.
        "3 Ember Rex\u20283 Kindle\n" + "\n".join(["3 Ember Rex"] * 7) + "\x0c3 Kindle",
        "",
    ],
)
def test_a_list_is_charged_the_lines_it_is_read_as(tmp_path, library, text):
    """Ten lines are charged ten, however they are broken and whether a line break ends the
    last (an empty list is charged one, as any request is): room for ten, they leave none."""
    client = limited_app(tmp_path, library, validation=[10, 60]).test_client()
    assert validate(client, text).status_code == 200
    assert validate(client, "3 Ember Rex").status_code == (200 if text == "" else 429)


@pytest.mark.parametrize(
    ("variable", "value", "said"),
    [
        (
            "DECKWRIGHT_RATE_LIMITS",
            '{"submissions": [10]}',
            "RATE_LIMITS gives 'submissions' [10]: give [requests, seconds] (two whole numbers"
            " from 1), or null for no limit",
        ),
        (
            "DECKWRIGHT_RATE_LIMITS",
            '{"submissions": ["10", 60]}',
            "RATE_LIMITS gives 'submissions' ['10', 60]: give [requests, seconds] (two whole"
            " numbers from 1), or null for no limit",
        ),
        (
            "DECKWRIGHT_RATE_LIMITS",
            "[10, 60]",
            "RATE_LIMITS must map kinds to limits, not [10, 60]",
        ),
        ("DECKWRIGHT_TRUSTED_PROXIES", "abc", "TRUSTED_PROXIES must be a whole number from 0"),
        ("DECKWRIGHT_TRUSTED_PROXIES", "-1", "TRUSTED_PROXIES must be a whole number from 0"),
    ],
)
def test_a_setting_no_request_could_be_counted_by_stops_the_start(
    tmp_path, monkeypatch, variable, value, said
):
    # It started, and then answered every event creation and submission with a 500.
    monkeypatch.setenv(variable, value)
    assert said in refusal_at_start(tmp_path, r"^(RATE_LIMITS|TRUSTED_PROXIES) ")


def test_a_misspelt_kind_stops_the_start_naming_the_kinds(tmp_path, monkeypatch):
    # "submisions" was laid over the defaults unsaid, and submissions kept their default.
    monkeypatch.setenv("DECKWRIGHT_RATE_LIMITS", '{"submisions": [10, 60]}')
    said = refusal_at_start(tmp_path, r"^RATE_LIMITS names no kind 'submisions'")
    assert said.startswith("RATE_LIMITS names no kind 'submisions': the kinds are ")
    assert "'submissions'" in said
    assert "'account-login-name'" in said


def test_settings_that_can_be_counted_by_start(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKWRIGHT_RATE_LIMITS", '{"submissions": [10, 60], "validation": null}')
    monkeypatch.setenv("DECKWRIGHT_TRUSTED_PROXIES", "2")
    app = make_app(tmp_path)
    assert app.config["TRUSTED_PROXIES"] == 2
    assert limits.limits_of(app)["submissions"] == limits.Limit("submissions", 10, 60)
