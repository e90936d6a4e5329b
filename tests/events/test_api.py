"""The event workflow through the JSON API: create, submit, fix, read verdicts, lock, export."""

from __future__ import annotations

import base64
import csv
import io
import json
import zipfile
from datetime import timedelta

from tests.api.support import error_of
from tests.events.conftest import DEADLINE, bearer, csrf_of


def test_an_organizer_creates_an_event_and_gets_its_admin_token_once(client):
    response = client.post(
        "/api/v1/events",
        json={
            "name": "Spring Regionals",
            "game": "era",
            "format": "open",
            "as_of": "2024-05-21",
            "deadline": "2030-05-03T09:30:00+02:00",
            "players": [{"name": "Dana"}, {"name": "Fox", "player_id": "F-1"}],
        },
    )
    assert response.status_code == 201
    body = response.get_json()
    event = body["event"]
    assert response.headers["Location"] == f"/api/v1/events/{event['id']}"
    assert event["name"] == "Spring Regionals"
    assert (event["game"], event["format"], event["as_of"]) == ("era", "open", "2024-05-21")
    assert event["deadline"] == "2030-05-03T07:30:00+00:00"
    assert (event["open"], event["locked"], event["published"]) == (True, False, False)
    assert event["submit_url"] == f"/events/{event['id']}"
    assert len(body["admin_token"]) >= 43
    assert body["admin_url"] == f"/events/{event['id']}/admin/{body['admin_token']}"
    public = client.get(f"/api/v1/events/{event['id']}").get_json()
    assert "admin_token" not in public
    assert public == event


def test_a_new_events_deadline_in_the_past_is_refused_naming_the_field(client):
    body = {"name": "Cup", "game": "era", "deadline": "2001-05-03T18:00:00Z"}
    assert error_of(client.post("/api/v1/events", json=body), 422) == {
        "status": 422,
        "code": "invalid-body",
        "message": "the body is not what this endpoint takes",
        "details": ["deadline: the submission deadline must be in the future"],
    }


def test_creating_an_event_refuses_what_cannot_work(client):
    good = {"name": "Cup", "game": "era", "deadline": DEADLINE.isoformat()}
    assert error_of(client.post("/api/v1/events", json={**good, "game": "chess"}), 404)["code"] == (
        "unknown-game"
    )
    assert error_of(client.post("/api/v1/events", json={**good, "format": "x"}), 404)["code"] == (
        "unknown-format"
    )
    missing = error_of(client.post("/api/v1/events", json={"game": "era"}), 422)
    assert any(d.startswith("name:") for d in missing["details"])
    assert any(d.startswith("deadline:") for d in missing["details"])
    bad_json = client.post("/api/v1/events", data="{", headers={"Content-Type": "application/json"})
    assert error_of(bad_json, 400)["code"] == "malformed-json"


def said(error: dict) -> str:
    return " ".join([error["message"], *map(str, error["details"])])


def test_an_empty_name_or_list_is_said_in_the_words_of_a_blank_one(client, event):
    """Sent empty ("") rather than blank ("  "), a name or list was refused in a validator's
    words ('player: Shorter than minimum length 1.'); both now say what is missing."""
    for blank in ("", "   "):
        made = client.post(
            "/api/v1/events", json={"name": blank, "game": "era", "deadline": DEADLINE.isoformat()}
        )
        assert "an event needs a name" in said(error_of(made, 422))
        sent = client.post(event.url("/entries"), json={"player": blank, "text": "3 Kindle"})
        assert "a player name is required" in said(error_of(sent, 422))
        sent = client.post(event.url("/entries"), json={"player": "Ann", "text": blank})
        assert "the decklist is empty" in said(error_of(sent, 422))


def test_a_player_submits_and_sees_the_verdict_at_once(event, era_illegal):
    response = event.submit("Bob", era_illegal, player_id="B-7")
    assert response.status_code == 201
    receipt = response.get_json()
    entry = receipt["entry"]
    assert response.headers["Location"] == event.url(f"/entries/{entry['entry']}")
    assert (entry["player"], entry["player_id"], entry["status"]) == ("Bob", "B-7", "not legal")
    latest = entry["latest"]
    assert latest["legal"] is False
    assert latest["errors"] == 9
    assert latest["problems"][0]["message"] == (
        "Line 22: no ERA card is called 'Embr Rex'; did you mean Ember Rex?"
    )
    assert latest["body"] == era_illegal
    assert latest["list"].startswith("Dinos:\n2 Ember Rex\n")
    assert receipt["receipt"] == latest["receipt"] == latest["sha256"][:12]
    assert len(receipt["player_token"]) >= 43
    assert receipt["private_url"] == (
        f"/events/{event.id}/entries/{entry['entry']}/{receipt['player_token']}"
    )


def test_a_deck_from_the_builder_is_accepted_as_json_and_kept_as_received(client, event):
    deck = {"name": "Fire", "sections": {"dinos": [{"card": "Ember Rex", "count": 1}]}}
    raw = json.dumps({"player": "Alice", "deck": deck}, indent=1)
    response = client.post(
        event.url("/entries"), data=raw, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 201
    latest = response.get_json()["entry"]["latest"]
    assert latest["kind"] == "json"
    assert latest["body"] == raw
    assert latest["list"] == "Dinos:\n1 Ember Rex\n"


def test_a_submission_is_a_text_or_a_deck_not_both_nor_neither(client, event, era_legal):
    both = {"player": "A", "text": era_legal, "deck": {"sections": {}}}
    assert error_of(client.post(event.url("/entries"), json=both), 422)["code"] == "invalid-body"
    neither = {"player": "A"}
    assert error_of(client.post(event.url("/entries"), json=neither), 422)["code"] == "invalid-body"
    no_name = {"text": era_legal}
    assert error_of(client.post(event.url("/entries"), json=no_name), 422)["code"] == "invalid-body"
    unreadable = {"player": "A", "deck": {"cards": "3 Ember Rex"}}
    assert error_of(client.post(event.url("/entries"), json=unreadable), 422)["code"] == (
        "invalid-submission"
    )


def test_a_player_fixes_an_illegal_list_with_their_private_token(
    client, event, era_illegal, era_legal, clock
):
    event.submit("Bob", era_illegal)
    clock.now += timedelta(minutes=5)
    response = event.resubmit("Bob", era_legal)
    assert response.status_code == 200
    receipt = response.get_json()
    assert "player_token" not in receipt
    assert receipt["entry"]["status"] == "legal"
    assert receipt["entry"]["versions"] == 2
    token = event.players["Bob"]["player_token"]
    entry_id = receipt["entry"]["entry"]
    history = client.get(event.url(f"/entries/{entry_id}/versions"), headers=bearer(token))
    versions = history.get_json()["versions"]
    assert [(v["version"], v["legal"]) for v in versions] == [(1, False), (2, True)]
    assert versions[1]["received"] == clock.now.isoformat()
    assert versions[0]["body"] == era_illegal


def test_the_organizer_reads_every_verdict_and_filters_them(
    client, make_event, era_legal, era_illegal
):
    event = make_event(players=[{"name": "Carol"}, {"name": "Alice"}])
    event.submit("Alice", era_legal)
    event.submit("Bob", era_illegal)
    every = event.entries()
    assert [(e["player"], e["status"], e["registered"]) for e in every] == [
        ("Alice", "legal", True),
        ("Bob", "not legal", False),
        ("Carol", "not submitted", True),
    ]
    bob = every[1]["latest"]
    assert bob["errors"] == len([p for p in bob["problems"] if p["severity"] == "error"]) == 9
    assert [e["player"] for e in event.entries("illegal")] == ["Bob"]
    assert [e["player"] for e in event.entries("legal")] == ["Alice"]
    assert [e["player"] for e in event.entries("missing")] == ["Carol"]
    assert every[2]["latest"] is None
    bad = client.get(event.url("/entries?show=everything"), headers=event.admin)
    assert error_of(bad, 400)["code"] == "invalid-query"


def test_the_organizer_reads_one_players_full_list_and_history(
    client, event, era_illegal, era_legal
):
    event.submit("Bob", era_illegal)
    event.resubmit("Bob", era_legal)
    entry_id = event.players["Bob"]["entry"]["entry"]
    entry = client.get(event.url(f"/entries/{entry_id}"), headers=event.admin).get_json()
    assert entry["latest"]["list"].startswith("Dinos:\n1 Ember Rex\n")
    history = client.get(event.url(f"/entries/{entry_id}/versions"), headers=event.admin)
    assert [v["receipt"] for v in history.get_json()["versions"]] == [
        v["receipt"]
        for v in client.get(
            event.url(f"/entries/{entry_id}/versions"),
            headers=bearer(event.players["Bob"]["player_token"]),
        ).get_json()["versions"]
    ]


def test_the_organizer_registers_expected_players(client, event):
    response = client.post(
        event.url("/players"),
        json={"players": [{"name": "Dana"}, {"name": "dana"}, {"name": "Eve", "player_id": "E"}]},
        headers=event.admin,
    )
    # "dana" is Dana again: named back, as a name the event held before is.
    assert response.get_json() == {"added": 2, "already_registered": ["dana"]}
    again = client.post(
        event.url("/players"),
        json={"players": [{"name": "EVE", "player_id": "e"}, {"name": "Finn"}]},
        headers=event.admin,
    )
    # Eve is on the list already: she is named back, and her player id is not replaced
    # (another id is another player of her name: test_players_of_one_name).
    assert again.get_json() == {"added": 1, "already_registered": ["EVE"]}
    assert [(e["player"], e["player_id"]) for e in event.entries("missing")] == [
        ("Dana", None),
        ("Eve", "E"),
        ("Finn", None),
    ]


def test_a_receipt_hash_is_verified_against_the_lists_on_file(
    client, event, era_illegal, era_legal
):
    first = event.submit("Bob", era_illegal).get_json()["receipt"]
    second = event.resubmit("Bob", era_legal).get_json()["receipt"]
    current = client.get(event.url(f"/verify?receipt={second}"), headers=event.admin).get_json()
    assert current["on_file"] is True
    assert [(m["player"], m["version"], m["current"]) for m in current["matches"]] == [
        ("Bob", 2, True)
    ]
    old = client.get(event.url(f"/verify?receipt={first.upper()}"), headers=event.admin).get_json()
    assert old["on_file"] is False
    assert [(m["version"], m["current"]) for m in old["matches"]] == [(1, False)]
    none = client.get(event.url("/verify?receipt=0123456789ab"), headers=event.admin).get_json()
    assert none == {"receipt": "0123456789ab", "on_file": False, "matches": []}
    bad = client.get(event.url("/verify?receipt=xyz"), headers=event.admin)
    assert error_of(bad, 400)["code"] == "invalid-query"
    missing = client.get(event.url("/verify"), headers=event.admin)
    assert error_of(missing, 400)["code"] == "invalid-query"


def test_the_organizer_exports_verdicts_and_lists_as_csv_and_json(
    client, event, era_legal, era_illegal
):
    event.submit("Alice", era_legal)
    event.submit("Bob", era_illegal)
    response = client.get(event.url("/export.csv"), headers=event.admin)
    assert response.mimetype == "text/csv"
    assert 'filename="Spring-Regionals.csv"' in response.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [(r["player"], r["legal"], r["errors"]) for r in rows] == [
        ("Alice", "yes", "0"),
        ("Bob", "no", "9"),
    ]
    exported = client.get(event.url("/export.json"), headers=event.admin)
    assert exported.mimetype == "application/json"
    body = exported.get_json()
    assert body["event"]["id"] == event.id
    assert [e["latest"]["list"] for e in body["entries"]] == [r["list"] for r in rows]


def test_a_deadline_in_rfc_3339_with_a_lower_case_z_is_utc_and_one_not_a_moment_says_so(
    client,
):
    # RFC 3339 (the OpenAPI document's date-time) allows "z" for "Z"; it was refused, as
    # "Not a valid datetime.", which said neither what was sent nor how to write it.
    body = {"name": "Zulu Cup", "game": "era", "deadline": "2030-05-03T18:00:00z"}
    made = client.post("/api/v1/events", json=body)
    assert made.status_code == 201, made.get_data(as_text=True)
    assert made.get_json()["event"]["deadline"] == "2030-05-03T18:00:00+00:00"
    for sent, shown in (("2030-05-03 6pm", "'2030-05-03 6pm'"), (1893456000, "1893456000")):
        refused = client.post("/api/v1/events", json={**body, "deadline": sent})
        assert error_of(refused, 422)["details"] == [
            f"deadline: {shown} is not a moment: give a calendar date and a time as RFC 3339"
            " writes them, e.g. 2030-05-03T18:00:00Z or 2030-05-03T20:00:00+02:00 (without an"
            " offset, the time is UTC)"
        ]


def test_after_the_deadline_nothing_changes_and_the_error_says_why(
    client, event, era_illegal, era_legal, clock
):
    event.submit("Bob", era_illegal)
    clock.now = DEADLINE
    late = error_of(event.submit("Carol", era_legal), 409)
    assert late["code"] == "event-closed"
    assert "deadline" in late["message"]
    assert error_of(event.resubmit("Bob", era_legal), 409)["code"] == "event-closed"
    (bob,) = event.entries()
    assert (bob["status"], bob["versions"]) == ("not legal", 1)
    assert client.get(event.url()).get_json()["open"] is False


def test_once_locked_nothing_changes(client, event, era_illegal, era_legal):
    event.submit("Bob", era_illegal)
    locked = client.post(event.url("/lock"), headers=event.admin)
    assert locked.get_json()["locked"] is True
    refused = error_of(event.resubmit("Bob", era_legal), 409)
    assert refused["message"] == (
        "Lists can no longer be submitted or changed: the organizer has locked this event."
    )
    assert error_of(event.submit("Carol", era_legal), 409)["code"] == "event-closed"
    upload = client.post(
        event.url("/uploads"), json={"csv": "player,list\nDan,1 Ember Rex\n"}, headers=event.admin
    )
    assert error_of(upload, 409)["code"] == "event-closed"


def test_published_lists_are_public_only_after_publishing(client, event, era_legal):
    event.submit("Alice", era_legal)
    assert error_of(client.get(event.url("/lists")), 404)["code"] == "not-found"
    published = client.post(event.url("/publish"), headers=event.admin).get_json()
    assert (published["published"], published["locked"]) == (True, True)
    lists = client.get(event.url("/lists")).get_json()["lists"]
    assert [(entry["player"], entry["list"][:6]) for entry in lists] == [("Alice", "Dinos:")]


def test_a_csv_upload_stores_each_players_list_and_reports_it(
    client, event, era_legal, era_illegal
):
    event.submit("Bob", era_illegal)
    table = io.StringIO()
    writer = csv.writer(table)
    writer.writerows([("player", "list"), ("Alice", era_legal), ("Bob", era_legal), ("", "1 X")])
    response = client.post(
        event.url("/uploads"), json={"csv": table.getvalue()}, headers=event.admin
    )
    assert response.status_code == 200
    report = response.get_json()
    assert [(s["entry"]["player"], s["entry"]["status"]) for s in report["stored"]] == [
        ("Alice", "legal"),
        ("Bob", "legal"),
    ]
    # Named as a spreadsheet numbers the rows (the header is row 1), though the lists above
    # span many lines of the file.
    assert report["skipped"] == ["row 4: skipped: no player name"]
    bob = next(e for e in event.entries() if e["player"] == "Bob")
    assert (bob["versions"], bob["latest"]["source"]) == (2, "organizer")


def test_the_events_own_csv_export_uploaded_again_gives_each_list_to_its_player(
    client, event, era_legal, era_illegal
):
    # The export keeps '@zed' and '-Dash' from running as formulas by a quote before them;
    # uploaded back (say after lists were fixed in a spreadsheet), each list is still that
    # player's: it was stored for new players named "'@zed" and "'-Dash".
    event.submit("@zed", era_legal)
    event.submit("-Dash", era_illegal)
    exported = client.get(event.url("/export.csv"), headers=event.admin).get_data(as_text=True)
    response = client.post(event.url("/uploads"), json={"csv": exported}, headers=event.admin)
    assert response.status_code == 200, response.get_data(as_text=True)
    stored = [s["entry"]["player"] for s in response.get_json()["stored"]]
    assert sorted(stored) == ["-Dash", "@zed"]
    entries = {e["player"]: e["versions"] for e in event.entries()}
    assert entries == {"@zed": 2, "-Dash": 2}


def test_a_zip_upload_names_players_by_file_and_skips_what_is_not_a_list(
    client, event, era_legal, era_illegal
):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("Alice_Smith.txt", era_legal)
        archive.writestr("bob.txt", era_illegal)
        archive.writestr("../escape.txt", era_legal)
        archive.writestr("logo.png", b"\x89PNG\x00")
    data = base64.b64encode(buffer.getvalue()).decode()
    response = client.post(event.url("/uploads"), json={"zip": data}, headers=event.admin)
    report = response.get_json()
    assert [
        (s["source"], s["entry"]["player"], s["entry"]["status"]) for s in report["stored"]
    ] == [
        ("Alice_Smith.txt", "Alice Smith", "legal"),
        ("bob.txt", "bob", "not legal"),
    ]
    assert report["skipped"] == [
        "../escape.txt: skipped: unsafe path: it leads out of the zip's folders (../, / or C:);"
        " zip the lists again from their folder",
        "logo.png: skipped: not a decklist (.txt, .dek, .deck, .json files only)",
    ]
    bad = client.post(event.url("/uploads"), json={"zip": "%%%"}, headers=event.admin)
    assert error_of(bad, 400)["code"] == "bad-upload"


def test_a_zip_in_base64_lines_or_as_a_data_url_is_read(client, event, era_legal):
    # base64 (the command) and Python's encodebytes break the text into 76-character lines,
    # and a browser's FileReader gives a data: URL: each was refused as "not valid base64".
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("Alice.txt", era_legal + "\n" * 200)
    lines = base64.encodebytes(buffer.getvalue()).decode()
    assert lines.count("\n") > 1
    response = client.post(event.url("/uploads"), json={"zip": lines}, headers=event.admin)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert [s["entry"]["player"] for s in response.get_json()["stored"]] == ["Alice"]
    url = "data:application/x-zip-compressed;base64," + base64.b64encode(buffer.getvalue()).decode()
    again = client.post(event.url("/uploads"), json={"zip": url}, headers=event.admin)
    assert again.status_code == 200, again.get_data(as_text=True)
    assert again.get_json()["unchanged"] == [
        "Alice.txt: Alice: the same list is on file (version 1), not stored again"
    ]
    for broken in ("data:application/zip," + lines, lines.replace("A", "*", 1)):
        refused = client.post(event.url("/uploads"), json={"zip": broken}, headers=event.admin)
        assert error_of(refused, 400)["message"] == "zip is not valid base64"


def test_a_list_too_long_in_a_zip_is_skipped_and_the_others_are_stored(client, event, era_legal):
    long_list = "\n".join(["1 Kindle"] * 1_500)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("Alice.txt", era_legal)
        archive.writestr("junk.txt", long_list)
    data = base64.b64encode(buffer.getvalue()).decode()
    response = client.post(event.url("/uploads"), json={"zip": data}, headers=event.admin)
    assert response.status_code == 200, response.get_data(as_text=True)
    report = response.get_json()
    assert [s["source"] for s in report["stored"]] == ["Alice.txt"]
    assert report["skipped"] == [
        "junk.txt: skipped: a decklist has at most 1000 lines; this one has 1500"
    ]


def test_the_event_endpoints_are_in_the_openapi_document(client):
    document = client.get("/api/v1/openapi.json").get_json()
    paths = document["paths"]
    assert set(paths["/api/v1/events/{event_id}/entries"]) == {"get", "post"}
    assert set(paths["/api/v1/events/{event_id}/entries/{entry_id}"]) == {"get", "put"}
    submit = paths["/api/v1/events/{event_id}/entries"]["post"]
    assert submit["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/SubmissionBody"
    }
    assert {"201", "404", "409", "422"} <= set(submit["responses"])
    csv_answer = paths["/api/v1/events/{event_id}/export.csv"]["get"]["responses"]["200"]
    assert set(csv_answer["content"]) == {"text/csv"}
    for name in ("Receipt", "Entry", "Version", "EventCreated", "UploadReport", "Verify"):
        assert name in document["components"]["schemas"]


def test_a_receipt_hash_is_checked_as_copied_and_a_wrong_one_is_told_what_a_hash_is(
    client, event, era_legal
):
    receipt = event.submit("Alice", era_legal).get_json()["receipt"]
    # Copied off a page or a chat message, a hash comes with spaces around it, as the
    # dashboard's form takes it.
    copied = client.get(
        event.url("/verify"), query_string={"receipt": f" {receipt}\n"}, headers=event.admin
    )
    assert copied.status_code == 200, copied.get_json()
    assert copied.get_json()["on_file"] is True
    for wrong in ("xyz", receipt[:-1], "2e43 27db 279"):
        refused = client.get(
            event.url("/verify"), query_string={"receipt": wrong}, headers=event.admin
        )
        assert error_of(refused, 400)["details"] == [
            "receipt: a receipt hash is 12 to 64 hexadecimal characters"
        ]
    missing = client.get(event.url("/verify?page=1"), headers=event.admin)
    assert error_of(missing, 400)["details"] == [
        "receipt: give the receipt hash to check: ?receipt=<hash>"
    ]


def test_a_player_refused_among_many_registered_is_named(client, event):
    # Of 2,000 names pasted from a spreadsheet, the organizer is told which one to fix.
    players = [{"name": f"Player {n:04d}"} for n in range(1_500)]
    players[1_234] = {"name": "Bad\x07Name"}
    refused = client.post(event.url("/players"), json={"players": players}, headers=event.admin)
    assert error_of(refused, 422)["message"] == (
        "player 1235 (Bad\\x07Name): a player name cannot hold control or invisible"
        " characters (it holds U+0007)"
    )
    players[1_234] = {"name": "Good Name"}
    players[1_400] = {"name": "Fine", "player_id": "ID\x01"}
    refused = client.post(event.url("/players"), json={"players": players}, headers=event.admin)
    assert error_of(refused, 422)["message"] == (
        "player 1401 (Fine): a player id cannot hold control or invisible characters"
        " (it holds U+0001)"
    )
    assert event.entries() == []


def test_a_player_id_in_an_upload_is_kept_for_a_player_on_file_without_one(
    client, make_event, era_legal
):
    # Registered by name (or submitted) without an id, then uploaded with one: the id was
    # dropped without a word while a new player's was kept. A player claiming a registered
    # name adds an id the same way; an id already on file is left as it is.
    event = make_event(players=[{"name": "Ann"}, {"name": "Bo", "player_id": "B-1"}])
    event.submit("Cy", era_legal)
    table = "player,list,player_id\n" + "".join(
        f"{name},1 Kindle,{player_id}\n"
        for name, player_id in (("Ann", "A-1"), ("Bo", "B-2"), ("Cy", "C-3"), ("Dee", "D-4"))
    )
    response = client.post(event.url("/uploads"), json={"csv": table}, headers=event.admin)
    stored = response.get_json()["stored"]
    assert [(s["entry"]["player"], s["entry"]["player_id"]) for s in stored] == [
        ("Ann", "A-1"),
        ("Bo", "B-1"),
        ("Cy", "C-3"),
        ("Dee", "D-4"),
    ]
    assert [(e["player"], e["player_id"]) for e in event.entries()] == [
        ("Ann", "A-1"),
        ("Bo", "B-1"),
        ("Cy", "C-3"),
        ("Dee", "D-4"),
    ]


def test_a_name_registered_twice_in_one_request_is_named_back(client, event):
    # Two lines for one player (a pasted row twice, the id the same or left off): one entry
    # is made, and the organizer is told of the other, as of a name the event held before.
    # (Two people of one name, with their own ids, are refused: test_players_of_one_name.)
    players = [{"name": "John Smith", "player_id": "J-1"}, {"name": "Bo"}]
    players.append({"name": "john  smith", "player_id": "j-1"})
    answer = client.post(event.url("/players"), json={"players": players}, headers=event.admin)
    assert answer.get_json() == {"added": 2, "already_registered": ["john smith"]}
    assert [(e["player"], e["player_id"]) for e in event.entries()] == [
        ("Bo", None),
        ("John Smith", "J-1"),
    ]
    dashboard = f"/events/{event.id}/admin/{event.token}"
    page = client.get(dashboard).get_data(as_text=True)
    form = client.post(
        f"{dashboard}/players", data={"csrf_token": csrf_of(page), "players": "Cy\nCY\nBo"}
    )
    assert "1 player registered." in form.get_data(as_text=True)
    assert "Already on the list, left as they were: CY, Bo." in form.get_data(as_text=True)


def test_an_upload_over_its_budget_of_different_lines_is_a_400_and_stores_nothing(
    client, event, monkeypatch
):
    from webapp.events import uploads

    monkeypatch.setattr(uploads, "MAX_DIFFERENT_LINES", 10)
    table = "player,list\n" + "".join(f'p{n},"1 Kindle\n{n} junk {n}"\n' for n in range(12))
    response = client.post(event.url("/uploads"), json={"csv": table}, headers=event.admin)
    error = error_of(response, 400)
    assert error["code"] == "bad-upload"
    assert "at most 10 different lines" in error["message"]
    entries = client.get(event.url("/entries"), headers=event.admin).get_json()
    assert entries["entries"] == []


def test_the_openapi_document_says_what_an_event_without_a_banned_list_day_judges_by(client):
    # "else today's" read as the day the event was made, or the day of the event: it is the
    # day each list comes, every list judged by the banned list in force then.
    document = client.get("/api/v1/openapi.json").get_json()
    said = document["components"]["schemas"]["EventBody"]["properties"]["as_of"]["description"]
    assert "the day each list comes" in said
