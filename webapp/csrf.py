"""Cross-site request forgery protection for the site's HTML forms.

Each browser session gets one random token, kept in Flask's signed session
cookie. Forms carry it back in a hidden field; a blueprint that calls
:func:`protect` refuses every unsafe request (POST, PUT, PATCH, DELETE) whose
field does not match. Another site can make a browser post a form here, but it
cannot read the token, so its forged form fails the check.

Usage in a blueprint module::

    bp = Blueprint("events", __name__)
    csrf.protect(bp)

and in its templates ``{{ csrf_field() }}`` inside each ``<form method="post">``.
"""

from __future__ import annotations

import secrets

from flask import Blueprint, request, session
from markupsafe import Markup
from werkzeug.exceptions import Forbidden

SESSION_KEY = "csrf_token"
FIELD_NAME = "csrf_token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})


class CSRFError(Forbidden):
    """A form arrived without the token of the session that was shown the form."""

    description = (
        "This form has expired or did not come from this site. Reload the page and send it again."
    )


def token() -> str:
    """The current session's token, created on first use."""
    value = session.get(SESSION_KEY)
    if not value:
        value = secrets.token_urlsafe(32)
        session[SESSION_KEY] = value
    return value


def field() -> Markup:
    """The hidden form field that carries the token (Markup.format escapes the values)."""
    return Markup('<input type="hidden" name="{}" value="{}">').format(FIELD_NAME, token())


def check() -> None:
    """Refuse an unsafe request whose form token is missing or not the session's."""
    if request.method in SAFE_METHODS:
        return
    expected = session.get(SESSION_KEY)
    sent = request.form.get(FIELD_NAME, "")
    # compare_digest: how long the comparison takes says nothing about the token.
    if not expected or not secrets.compare_digest(sent.encode(), expected.encode()):
        raise CSRFError()


def sent_from_this_site() -> bool:
    """Whether a form came from a page of this site: its CSRF token is the session's, or,
    the session gone, the browser says so (``Sec-Fetch-Site``, which no page can set). A
    form another site had a browser send is not shown again holding what that site wrote.
    A browser too old to say is believed: keeping what was typed matters more than the
    prefilled form another site could show its user through one."""
    try:
        check()
    except CSRFError:
        return request.headers.get("Sec-Fetch-Site", "same-origin") == "same-origin"
    return True


def protect(blueprint: Blueprint) -> None:
    """Check the token before every unsafe request of ``blueprint`` and offer ``csrf_field()``."""
    blueprint.before_request(check)
    blueprint.add_app_template_global(field, "csrf_field")
