"""Headers every response carries, and the session cookie's flags.

- ``Content-Security-Policy``: scripts and styles from this site only, no inline
  script (the templates have none: data for scripts travels in
  ``<script type="application/json">`` blocks, which are not run), no plugins,
  no framing (``frame-ancestors 'none'``) and forms posting only here. Inline
  ``style`` attributes stay allowed: the card faces set a colour variable in them.
- ``X-Content-Type-Options: nosniff``: a stored decklist served as text is never
  run as a script.
- ``Referrer-Policy: same-origin`` (pages holding a secret in their address set
  ``no-referrer`` themselves, and keep it).
- The session cookie is ``HttpOnly`` and ``SameSite=Lax`` always, and
  ``Secure`` whenever the request came over HTTPS (directly, or through a proxy
  gunicorn trusts to say so) or ``SESSION_COOKIE_SECURE`` is set.
"""

from __future__ import annotations

from flask import Flask, Request, Response, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}


def add_headers(response: Response) -> Response:
    """Each of :data:`HEADERS` the view did not set itself."""
    # One pass over the headers there are: ``setdefault`` raises and catches an
    # exception for each header missing, on every response.
    headers = response.headers
    present = {name.lower() for name, _ in headers}
    for name, value in HEADERS.items():
        if name.lower() not in present:
            headers.add(name, value)
    return response


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, made ``Secure`` when the request was HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"] or request.is_secure)

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        # A request with no cookie (every API call) has an empty session: building the
        # signing serializer to read nothing cost each of them about 5% of a submission.
        if app.secret_key and "HTTP_COOKIE" not in request.environ:
            return self.session_class()
        return super().open_session(app, request)


def init_app(app: Flask) -> None:
    """Headers on every response; the cookie's flags (``SESSION_COOKIE_SAMESITE`` defaults
    to ``Lax`` in the app's settings)."""
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.session_interface = SessionInterface()
    app.after_request(add_headers)
