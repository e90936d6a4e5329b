"""Form posts a careless or hostile stranger sends to the site's pages."""

from __future__ import annotations

import pytest


def multipart(token: str, header: bytes) -> bytes:
    """A form of the session's token and one part whose Content-Disposition is ``header``."""
    return (
        b'--zz\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
        + token.encode()
        + b"\r\n--zz\r\nContent-Disposition: form-data; "
        + header
        + b"\r\nContent-Type: text/plain\r\n\r\n3 Kindle\r\n--zz--\r\n"
    )


@pytest.mark.parametrize(
    "header",
    [b'name="upload"; filename="\xff\xfe.txt"', b'name="deck\xfflist"'],
    ids=["file-name", "field-name"],
)
def test_a_multipart_form_naming_a_part_in_bytes_that_are_not_utf8_is_a_400(
    client, csrf_token, header
):
    """werkzeug drops the whole form when it cannot read a part's headers, so the page
    said the form had expired (403), though the token was sent and right."""
    response = client.post(
        "/validate",
        data=multipart(csrf_token, header),
        content_type="multipart/form-data; boundary=zz",
    )
    assert response.status_code == 400
    assert "not valid UTF-8" in response.get_data(as_text=True)


def test_a_multipart_form_in_utf8_is_read(client, csrf_token):
    body = multipart(csrf_token, b'name="decklist"').replace(
        b"--zz--", b'--zz\r\nContent-Disposition: form-data; name="game"\r\n\r\nera\r\n--zz--'
    )
    response = client.post("/validate", data=body, content_type="multipart/form-data; boundary=zz")
    assert response.status_code == 200
    assert 'data-legal="false"' in response.get_data(as_text=True)


# -- a list pasted as JSON -----------------------------------------------------------------


@pytest.fixture
def event(client):
    """An open ERA event: (its id, its admin token)."""
    created = client.post(
        "/api/v1/events",
        json={"name": "Stranger Open", "game": "era", "deadline": "2099-06-01T12:00:00Z"},
    )
    assert created.status_code == 201, created.get_data(as_text=True)
    return created.get_json()["event"]["id"], created.get_json()["admin_token"]


def nested(levels: int, where: str) -> str:
    """A deck builder's JSON list holding ``levels`` nested arrays at ``where``."""
    deep = "[" * levels + "]" * levels
    return {
        "sections": '{"sections": ' + deep + "}",
        "extra": '{"sections": {"deck": ["Kindle"]}, "extra": ' + deep + "}",
    }[where]


def entries_of(client, event) -> list:
    event_id, admin = event
    listed = client.get(
        f"/api/v1/events/{event_id}/entries", headers={"Authorization": f"Bearer {admin}"}
    )
    return listed.get_json()["entries"]


@pytest.mark.parametrize("levels", [400, 1_000, 10_000])
@pytest.mark.parametrize("where", ["sections", "extra"])
def test_a_pasted_json_list_nested_deep_is_refused_on_the_form_and_nothing_is_stored(
    client, csrf_token, event, levels, where
):
    """The form read a pasted list with json.loads and walked it by recursion: past a few
    hundred levels either ran out of stack, a 500 with a traceback."""
    response = client.post(
        f"/events/{event[0]}",
        data={"csrf_token": csrf_token, "player": "Deep", "decklist": nested(levels, where)},
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 422, page[:500]
    assert "levels deep" in page
    assert entries_of(client, event) == []


def test_a_pasted_json_list_nested_deep_is_refused_on_the_private_page(client, csrf_token, event):
    first = client.post(
        f"/events/{event[0]}",
        data={"csrf_token": csrf_token, "player": "Fixer", "decklist": "3 Kindle"},
    )
    assert first.status_code == 303
    response = client.post(
        first.headers["Location"].split("?")[0],
        data={"csrf_token": csrf_token, "decklist": nested(1_000, "extra")},
    )
    assert response.status_code == 422
    assert "levels deep" in response.get_data(as_text=True)
    assert [entry["versions"] for entry in entries_of(client, event)] == [1]


def test_an_uploaded_json_list_nested_deep_is_skipped_with_its_reason(client, event):
    event_id, admin = event
    rows = "player,list\n" + f'Deep,"{nested(1_000, "extra").replace(chr(34), chr(34) * 2)}"\n'
    answer = client.post(
        f"/api/v1/events/{event_id}/uploads",
        json={"csv": rows},
        headers={"Authorization": f"Bearer {admin}"},
    )
    assert answer.status_code == 200, answer.get_data(as_text=True)[:500]
    assert answer.get_json()["stored"] == []
    assert "levels deep" in answer.get_json()["skipped"][0]
