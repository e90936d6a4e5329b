"""A form sent with more fields than any page of the site has (a script's, not a browser's):
refused in words saying so, not as a body larger than the page takes."""

from __future__ import annotations

import html
import re

import pytest

_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def many_parts(token: str, fields: dict[str, str], extra: int) -> bytes:
    parts = [("csrf_token", token), *fields.items(), *[("x", "")] * extra]
    body = b"".join(
        b'--zz\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n'
        % (name.encode(), value.encode())
        for name, value in parts
    )
    return body + b"--zz--\r\n"


@pytest.mark.parametrize(
    ("path", "fields"),
    [
        ("/validate", {"game": "era", "decklist": "3 Kindle"}),
        ("/account/login", {"name": "ann", "password": "correct horse battery"}),
    ],
)
def test_a_small_form_of_1200_fields_is_told_it_has_too_many_fields(client, path, fields):
    page = client.get(path).get_data(as_text=True)
    body = many_parts(_TOKEN.search(page).group(1), fields, 1200)
    assert len(body) < 100_000
    answer = client.post(path, data=body, content_type="multipart/form-data; boundary=zz")
    assert answer.status_code == 413
    said = answer.get_data(as_text=True)
    assert "larger than" not in said
    assert "more than 1,000 fields" in said
    assert "nothing in it was read or saved" in said


def test_an_event_form_of_1200_fields_is_told_it_has_too_many_fields(client):
    made = client.post(
        "/api/v1/events",
        json={"name": "Open", "game": "era", "deadline": "2099-05-03T18:00:00Z"},
    )
    path = f"/events/{made.get_json()['event']['id']}"
    page = client.get(path).get_data(as_text=True)
    body = many_parts(_TOKEN.search(page).group(1), {"player": "Ann", "decklist": "1 Kindle"}, 1200)
    answer = client.post(path, data=body, content_type="multipart/form-data; boundary=zz")
    assert answer.status_code == 413
    said = answer.get_data(as_text=True)
    assert "larger than" not in said
    assert "more than 1,000 fields" in said


def test_a_form_of_one_field_too_large_to_hold_is_not_told_it_has_too_many_fields(client):
    """A field larger than a form's field may be (500,000 bytes) in a body the page takes
    (512 KB) is refused by the same 413: the page says what may be wrong, not that the form
    has more than 1,000 fields when it has three."""
    page = client.get("/validate").get_data(as_text=True)
    body = many_parts(_TOKEN.search(page).group(1), {"game": "era", "decklist": "x" * 510_000}, 0)
    assert 500_000 < len(body) < 512 * 1024
    answer = client.post("/validate", data=body, content_type="multipart/form-data; boundary=zz")
    assert answer.status_code == 413
    said = " ".join(html.unescape(answer.get_data(as_text=True)).split())
    assert (
        "One of the form's fields is larger than the 500,000 bytes a field may hold, or the"
        " form has more than 1,000 fields: nothing in it was read or saved. Go back to the form"
        " to send less." in said
    )
