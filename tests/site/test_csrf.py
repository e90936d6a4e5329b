"""webapp.csrf: a per-session token that unsafe requests of a protected blueprint must carry."""

from __future__ import annotations

import re

import pytest
from flask import Blueprint, Flask, render_template_string

from webapp import csrf


@pytest.fixture
def app():
    app = Flask(__name__)
    app.config.update(SECRET_KEY="test", TESTING=True)
    guarded = Blueprint("guarded", __name__)
    csrf.protect(guarded)

    @guarded.route("/form", methods=["GET", "POST", "PUT", "DELETE"])
    def form():
        return render_template_string("<form method=post>{{ csrf_field() }}</form>")

    open_bp = Blueprint("open", __name__)

    @open_bp.post("/open")
    def open_view():
        return "ok"

    app.register_blueprint(guarded)
    app.register_blueprint(open_bp)
    return app


def token_of(client) -> str:
    page = client.get("/form").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def test_the_token_stays_the_same_for_a_session(app):
    client = app.test_client()
    assert token_of(client) == token_of(client)


def test_each_session_gets_its_own_token(app):
    assert token_of(app.test_client()) != token_of(app.test_client())


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_unsafe_requests_with_the_token_pass(app, method):
    client = app.test_client()
    token = token_of(client)
    assert client.open("/form", method=method, data={"csrf_token": token}).status_code == 200


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_unsafe_requests_without_the_token_are_forbidden(app, method):
    client = app.test_client()
    token_of(client)
    assert client.open("/form", method=method, data={}).status_code == 403


def test_a_wrong_token_is_forbidden(app):
    client = app.test_client()
    token = token_of(client)
    assert client.post("/form", data={"csrf_token": token[:-1] + "x"}).status_code == 403


def test_a_session_without_a_token_is_forbidden(app):
    assert app.test_client().post("/form", data={"csrf_token": ""}).status_code == 403


def test_other_blueprints_are_not_checked(app):
    assert app.test_client().post("/open").status_code == 200


def test_the_field_is_hidden_and_escaped(app):
    with app.test_request_context():
        field = str(csrf.field())
    assert field.startswith('<input type="hidden" name="csrf_token" value="')
    assert "<script" not in field
