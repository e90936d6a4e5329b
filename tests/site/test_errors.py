"""Errors outside /api/ are HTML pages; under /api/ they keep the one JSON shape."""

from __future__ import annotations


def test_unknown_page_is_an_html_404(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert "<h1>Not Found</h1>" in page
    assert 'href="/"' in page


def test_wrong_method_on_a_page_is_an_html_405(client):
    response = client.post("/")
    assert response.status_code == 405
    assert response.mimetype == "text/html"
    assert "<h1>Method Not Allowed</h1>" in response.get_data(as_text=True)


def test_api_errors_stay_json(client):
    response = client.get("/api/v1/no-such-thing")
    assert response.status_code == 404
    assert response.mimetype == "application/json"
    assert response.get_json()["error"]["status"] == 404


def test_api_library_errors_stay_json(client):
    response = client.get("/api/v1/games/chess")
    assert response.status_code == 404
    assert response.mimetype == "application/json"
    assert response.get_json()["error"]["code"] == "unknown-game"


def test_api_wrong_method_stays_json(client):
    response = client.delete("/api/v1/games")
    assert response.status_code == 405
    assert response.mimetype == "application/json"


def test_error_page_escapes_the_address(client):
    response = client.get("/games/%3Cscript%3Ex/build")
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert "<script>x" not in page
    assert "&lt;script&gt;x" in page


def test_a_library_errors_page_says_it_as_a_sentence(client):
    """'no saved deck has the id 'x'' is written to be part of another message; on a page
    of its own it starts with a capital and ends with a full stop."""
    page = client.get("/decks/no-such-deck").get_data(as_text=True)
    assert '<p class="lead">No saved deck has the id &#39;no-such-deck&#39;.</p>' in page
    page = client.get("/games/chess/cards").get_data(as_text=True)
    assert '<p class="lead">No game &#39;chess&#39;' in page
