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
