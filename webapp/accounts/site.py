"""The account pages under ``/account``: register, log in and out, the account page, "My events".

Every form is CSRF-protected like the site's others; answers are kept out of
caches. Logging in and registering are rate limited per address and per user
name (:func:`throttle`), counted in the same shared table as the site's other
limits (:mod:`webapp.limits`).
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any
from urllib.parse import quote

from flask import (
    Blueprint,
    Response,
    current_app,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from marshmallow import EXCLUDE, Schema, ValidationError, fields, pre_load

from cardpool import DeckwrightError, NotFoundError
from validator import parse_text, validate

from .. import csrf, events, limits
from ..db import get_db
from ..decks import deletion_said
from ..events import journal
from ..events import links as event_links
from ..site import SAID_ONCE, error_page, http_error
from . import decks, mail, passwords, sessions, store, viewer
from .notices import confirm_address, email_changed, password_changed
from .refusals import WrongCredentialsError

bp = Blueprint("accounts", __name__, url_prefix="/account")
csrf.protect(bp)


@bp.record_once
def install(state) -> None:
    viewer.install(state.app)


LOGIN_BY_ADDRESS = "account-login-address"
LOGIN_BY_NAME = "account-login-name"
REGISTRATION = "account-registration"
RESET = "account-reset"
# Per address generous enough for a venue behind one address; per name tight, since
# that is where a password is guessed. ``RATE_LIMITS`` overrides them like the others.
DEFAULT_LIMITS = {
    LOGIN_BY_ADDRESS: (30, 600),
    LOGIN_BY_NAME: (10, 600),
    REGISTRATION: (10, 3600),
    RESET: (10, 3600),
}


class Form(Schema):
    class Meta:
        unknown = EXCLUDE

    @pre_load
    def strings(self, data: Any, **_kwargs) -> dict[str, Any]:
        return {k: v for k, v in data.items() if isinstance(v, str)}


class CredentialsForm(Form):
    name = fields.Str(required=True, error_messages={"required": "Give your user name."})
    password = fields.Str(required=True, error_messages={"required": "Give your password."})


class PasswordForm(Form):
    current = fields.Str(required=True, error_messages={"required": "Give your password."})
    new = fields.Str(required=True, error_messages={"required": "Give the new password."})


class NameForm(Form):
    name = fields.Str(required=True, error_messages={"required": "Give a user name."})


def settings() -> passwords.Settings:
    n = current_app.config.get("ACCOUNT_SCRYPT_N", passwords.DEFAULT.n)
    return passwords.Settings(n=int(n))


def throttle(kind: str, key: str) -> None:
    """Count one attempt of ``kind`` for ``key``; a 429 with Retry-After over the limit."""
    configured = {**DEFAULT_LIMITS, **(current_app.config.get("RATE_LIMITS") or {})}.get(kind)
    if not configured:
        return
    limit = limits.Limit(kind, int(configured[0]), int(configured[1]))
    counted, retry_after = limits.count(kind, key, limit)
    if counted > limit.requests:
        raise limits.TooManyRequests(limit, retry_after)


def owner_key(account: store.Account) -> str:
    """What counts a logged-in owner's password checks (changing it, deleting the account):
    the account itself, apart from the logins tried on its name, so a stranger's guesses
    at the name do not lock its owner out of these forms."""
    return f"account:{account.id}"


def form_errors(exc: ValidationError) -> list[str]:
    messages = exc.messages if isinstance(exc.messages, dict) else {"": exc.messages}
    return [m for field_messages in messages.values() for m in field_messages]


@bp.after_request
def private(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    if request.endpoint in (
        "accounts.reset_password",
        "accounts.confirm_email",
        "accounts.undo_email",
    ):
        # These links are keys: no Referer may carry one elsewhere.
        response.headers["Referrer-Policy"] = "no-referrer"
    return response


@bp.errorhandler(DeckwrightError)
def refused(error: DeckwrightError):
    from ..errors import status_of

    status = status_of(error)
    return error_page(status, "Not found" if status == 404 else "This cannot be done", str(error))


# What a form refused by the CSRF check (its session gone: a phone's browser restarted and
# restored the tab) says on its page shown again; the first where the page keeps what was typed.
EXPIRED = (
    "This form had expired (or did not come from this site), so nothing was done. What you"
    " typed is kept here but for the password: type it and send the form again."
)
EXPIRED_BARE = (
    "This form had expired (or did not come from this site), so nothing was done: send it"
    " again from this page."
)


@bp.errorhandler(csrf.CSRFError)
def expired(error: csrf.CSRFError):
    """An account form whose session is gone fails the CSRF check: its page is shown again,
    holding what was typed but passwords, with a token of the new session, and nothing
    done. Refused bare, the name and address typed were lost. A form another site made a
    browser send (see :func:`webapp.csrf.sent_from_this_site`) is refused bare."""
    if request.endpoint == "accounts.logout" and request.method == "POST":
        return _logout_again()
    again = EXPIRED_FORMS.get(request.endpoint or "")
    if request.method != "POST" or again is None or not csrf.sent_from_this_site():
        return http_error(error)
    try:
        shown = again()
    except DeckwrightError:  # a reset link used meanwhile: the refusal alone
        return http_error(error)
    if shown is None:  # logged out meanwhile: no account page to show again
        return http_error(error)
    page, _status = shown
    return page, error.code


def _logout_again():
    """Log out sent from a page older than its session (restored with the browser, or kept
    open while the account logged in again elsewhere): what was asked is plain, so the
    browser's word that a page of this site sent it (``Sec-Fetch-Site``, which no page can
    set) logs out as the form would have. Without that word (an old browser, another site's
    form) logging out is offered on a page of its own, in words, never done unasked."""
    if request.headers.get("Sec-Fetch-Site") == "same-origin":
        return logout()
    return render_template("accounts/logout.html", logged_in=sessions.current() is not None), 403


def _register_again():
    form = {k: request.form.get(k, "") for k in ("name", "email")}
    return render_template("accounts/register.html", form=form, problems=[EXPIRED]), 403


def _login_again():
    form = {"name": request.form.get("name", "")}
    return render_template("accounts/login.html", form=form, problems=[EXPIRED], notices=[]), 403


def _reset_again():
    if not mail.configured():
        return None
    name = request.form.get("name", "")
    return render_template(
        "accounts/reset.html", sent=False, problems=[EXPIRED_BARE], name=name
    ), 403


def _new_password_again():
    token = (request.view_args or {}).get("token", "")
    holder = store.reset_account(get_db(), token, sessions.now())
    return render_template("accounts/new_password.html", holder=holder, problems=[EXPIRED]), 403


def _account_again():
    found = sessions.current()
    if found is None:
        return None
    if request.endpoint == "accounts.change_email":
        typed = request.form.get("email", "")
        return account_page(found, problems=[EXPIRED], status=403, typed_email=typed)
    return account_page(found, problems=[EXPIRED_BARE], status=403)


def _events_again():
    found = sessions.current()
    return None if found is None else events_page(found, problems=[EXPIRED_BARE], status=403)


def _decks_again():
    found = sessions.current()
    return None if found is None else decks_page(found, problems=[EXPIRED_BARE], status=403)


@bp.context_processor
def offers() -> dict[str, Any]:
    return {"reset_offered": mail.configured()}


@bp.app_template_global("current_account")
def current_account() -> store.Account | None:
    return sessions.current()


def login_required() -> store.Account | Response:
    account = sessions.current()
    if account is None:
        return redirect(url_for("accounts.login"), 303)
    return account


# -- registering, logging in and out --------------------------------------------------------------


@bp.route("/register", methods=["GET", "POST"])
def register():
    if request.method == "GET":
        return render_template("accounts/register.html", form={}, problems=[])
    form = request.form.to_dict()
    form.pop("password", None)
    throttle(REGISTRATION, limits.client_address())
    confirmed = not mail.configured()  # with no mail, no address can be confirmed, nor used
    try:
        data = CredentialsForm().load(request.form)
        email = store.clean_email(request.form.get("email"))
        account = store.register(
            get_db(),
            data["name"],
            data["password"],
            sessions.now(),
            settings(),
            email=email if confirmed else None,
        )
    except ValidationError as exc:
        return render_template("accounts/register.html", form=form, problems=form_errors(exc)), 400
    except DeckwrightError as exc:
        from ..errors import status_of

        return render_template("accounts/register.html", form=form, problems=[str(exc)]), status_of(
            exc
        )
    response = sessions.log_in(redirect(url_for("accounts.account"), 303), account)
    if email and not confirmed:
        confirm_address(account, email, store.ask_email(get_db(), account, email, sessions.now()))
        session[DONE_KEY] = "confirm"
    return response


@bp.route("/login", methods=["GET", "POST"])
def login():
    if request.method == "GET":
        store.prepare(settings())
        said = session.pop(SAID_ONCE, None)
        return render_template(
            "accounts/login.html", form={}, problems=[], notices=[said] if said else []
        )
    form = {"name": request.form.get("name", "")}
    try:
        data = CredentialsForm().load(request.form)
    except ValidationError as exc:
        return render_template(
            "accounts/login.html", form=form, problems=form_errors(exc), notices=[]
        ), 400
    throttle(LOGIN_BY_ADDRESS, limits.client_address())
    throttle(LOGIN_BY_NAME, store.name_key(data["name"]))
    try:
        account = store.authenticate(get_db(), data["name"], data["password"], settings())
    except WrongCredentialsError as exc:
        return render_template(
            "accounts/login.html", form=form, problems=[str(exc)], notices=[]
        ), 401
    return sessions.log_in(redirect(url_for("accounts.account"), 303), account)


@bp.post("/logout")
def logout():
    session[SAID_ONCE] = "You are logged out."
    return sessions.log_out(redirect(url_for("site.home"), 303))


# -- the account page -----------------------------------------------------------------------------


def account_page(
    account: store.Account,
    *,
    notices=(),
    problems=(),
    status: int = 200,
    new_token=None,
    typed_email: str | None = None,
):
    """The account page; ``typed_email`` is an address given in a change that was refused,
    shown again in its field to be put right instead of typed anew."""
    return render_template(
        "accounts/account.html",
        account=account,
        email=store.email_of(get_db(), account),
        typed_email=typed_email,
        waiting=store.email_waiting(get_db(), account, sessions.now()),
        confirm_hours=store.CONFIRM_HOURS,
        tokens=store.tokens_of(get_db(), account),
        new_token=new_token,
        mail=mail.configured(),
        sessions_open=store.session_count(get_db(), account),
        notices=notices,
        problems=problems,
    ), status


# What the account page says once after a step that redirected to it: the step leaves its
# name in the session, so no link can make the page say it.
DONE_KEY = "account_done"
DONE = {
    "confirm": (
        f"A link to confirm your e-mail address is on its way to it; open it within"
        f" {store.CONFIRM_HOURS} hours. Reset links go to the address once it is confirmed."
    ),
    "reset": (
        "Your new password is set. Every other session of your account is logged out, and"
        " the links to event dashboards opened from My events no longer open them (open"
        " them again from there). Personal access tokens are kept: if you do not know one"
        " below, or it was used when you did not use it, revoke it."
    ),
}


@bp.get("")
def account():
    found = login_required()
    if isinstance(found, Response):
        return found
    said = DONE.get(session.pop(DONE_KEY, ""))
    return account_page(found, notices=[said] if said else [])


@bp.post("/password")
def change_password():
    found = login_required()
    if isinstance(found, Response):
        return found
    throttle(LOGIN_BY_NAME, owner_key(found))
    try:
        data = PasswordForm().load(request.form)
        store.change_password(
            get_db(), found, data["current"], data["new"], sessions.session_id(), settings()
        )
    except ValidationError as exc:
        return account_page(found, problems=form_errors(exc), status=400)
    except WrongCredentialsError:
        return account_page(found, problems=["That is not your current password."], status=401)
    except DeckwrightError as exc:
        return account_page(found, problems=[str(exc)], status=400)
    password_changed(found, store.email_of(get_db(), found), sessions.now(), reset=False)
    return account_page(
        found,
        notices=[
            "Password changed; your other sessions are logged out and the links to event"
            " dashboards opened from My events no longer open them (open them again from"
            " there). Personal access tokens are kept: revoke any you do not know below."
        ],
    )


@bp.post("/email")
def change_email():
    """The address reset links go to, changed with the password: a session alone (a browser
    left logged in, a cookie taken) would otherwise send the next reset link to whoever
    held it, and with it the account."""
    found = login_required()
    if isinstance(found, Response):
        return found
    throttle(LOGIN_BY_NAME, owner_key(found))
    db = get_db()
    old = store.email_of(db, found)
    try:
        store.authenticate(db, found.name, request.form.get("password", ""), settings())
        new = store.clean_email(request.form.get("email"))
    except WrongCredentialsError:
        return account_page(
            found,
            problems=["That is not your password: the e-mail address is not changed."],
            status=401,
            typed_email=request.form.get("email", ""),
        )
    except DeckwrightError as exc:
        return account_page(
            found, problems=[str(exc)], status=400, typed_email=request.form.get("email", "")
        )
    if new is not None and new != old and mail.configured():
        # Confirmed first: an address mistyped, or someone else's, gets no reset link (nor
        # the link that would put it back after a later change) unless its holder opens it.
        confirm_address(found, new, store.ask_email(db, found, new, sessions.now()))
        until = f"reset links go to {old}" if old else "no reset link can be sent"
        return account_page(
            found,
            notices=[
                f"A link to confirm {new} is on its way there: open it within"
                f" {store.CONFIRM_HOURS} hours to make it your address. Until then {until}."
            ],
        )
    store.set_email(db, found, new)
    address_changed(found, old, new)
    return account_page(
        found, notices=["E-mail address saved." if new else "E-mail address removed."]
    )


def address_changed(account: store.Account, old: str | None, new: str | None) -> None:
    """Tell the address the account had, with the link that puts it back."""
    if old and old != new and mail.configured():
        undo = store.issue_undo(get_db(), account, old, sessions.now())
        email_changed(account, old, new, sessions.now(), undo)


@bp.route("/email/confirm/<token>", methods=["GET", "POST"])
def confirm_email(token: str):
    """Confirm an address by the link mailed to it (asked on the page, as a mail program may
    open links itself): logged in or not, as the mail may be read on another device."""
    db = get_db()
    account, address = store.confirming(db, token, sessions.now())
    if request.method == "GET":
        return render_template(
            "accounts/confirm_email.html", holder=account, address=address, done=False
        )
    account, old, address = store.confirm_email(db, token, sessions.now())
    address_changed(account, old, address)
    return render_template(
        "accounts/confirm_email.html", holder=account, address=address, done=True
    )


@bp.route("/email/undo/<token>", methods=["GET", "POST"])
def undo_email(token: str):
    """Put back the address a notice was mailed to, and take the account back from whoever
    changed it (see :func:`store.undo_email`); a reset link then goes to that address."""
    db = get_db()
    account, address, _issued = store.undoing(db, token, sessions.now())
    if request.method == "GET":
        return render_template(
            "accounts/undo_email.html", holder=account, address=address, done=False
        )
    account, address = store.undo_email(db, token, sessions.now(), settings())
    started = store.start_reset(db, account.name, sessions.now())
    if started is not None and mail.configured():
        mail_reset_link(*started, after_undo=True)
    # Every session of the account is ended; a browser's cookie of one now opens nothing.
    return render_template("accounts/undo_email.html", holder=account, address=address, done=True)


@bp.post("/tokens")
def create_token():
    """A personal access token for an app or bot, shown once; only its hash is kept."""
    found = login_required()
    if isinstance(found, Response):
        return found
    try:
        record, secret = store.create_token(
            get_db(), found, request.form.get("name", ""), sessions.now()
        )
    except DeckwrightError as exc:
        return account_page(found, problems=[str(exc)], status=400)
    # Said at the top, where the page opens: on a phone the token itself is screens below.
    return account_page(
        found,
        notices=[
            f"Token {record.name!r} created: copy it now from Personal access tokens below;"
            " it is shown only this once."
        ],
        new_token=secret,
    )


@bp.post("/tokens/<token_id>/revoke")
def revoke_token(token_id: str):
    found = login_required()
    if isinstance(found, Response):
        return found
    store.revoke_token(get_db(), found, token_id)
    return account_page(found, notices=["Token revoked: it opens nothing from now on."])


@bp.post("/logout-everywhere")
def logout_everywhere():
    found = login_required()
    if isinstance(found, Response):
        return found
    store.end_sessions(get_db(), found)
    session[SAID_ONCE] = "Every session of your account is logged out, this one too."
    return sessions.log_out(redirect(url_for("accounts.login"), 303))


@bp.get("/data.json")
def download():
    found = login_required()
    if isinstance(found, Response):
        return found
    data = store.export(get_db(), found)
    data["decks"] = [
        {
            "id": d.root,
            "visibility": d.visibility,
            "versions": [
                {"id": v.id, "name": v.name, "game": v.game, "format": v.format, "text": v.text}
                for v in d.versions
            ],
        }
        for d in decks.my_decks(get_db(), found)
    ]
    body = json.dumps(data, ensure_ascii=False, indent=2)
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": download_disposition(f"deckwright-{found.name}.json")},
    )


def download_disposition(filename: str) -> str:
    """``attachment`` with the file's name: as is when ASCII, else an ASCII stand-in and the
    UTF-8 name (RFC 6266), as a header cannot carry a name in Cyrillic or Greek (a 500)."""
    if filename.isascii():
        return f'attachment; filename="{filename}"'
    stem, _, extension = filename.rpartition(".")
    plain = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode()
    plain = re.sub(r"-+", "-", re.sub(r"[^A-Za-z0-9._-]", "", plain)).strip("-._")
    return (
        f'attachment; filename="{plain or "download"}.{extension}";'
        f" filename*=UTF-8''{quote(filename, safe='')}"
    )


@bp.post("/delete")
def delete():
    found = login_required()
    if isinstance(found, Response):
        return found
    throttle(LOGIN_BY_NAME, owner_key(found))
    password = request.form.get("password", "")
    try:
        store.authenticate(get_db(), found.name, password, settings())
        decks.forget(get_db(), found)
        store.delete_account(get_db(), found, password, settings())
    except WrongCredentialsError:
        return account_page(found, problems=["That is not your password."], status=401)
    session[SAID_ONCE] = "Your account is deleted, with its sessions and tokens."
    response = redirect(url_for("site.home"), 303)
    response.delete_cookie(sessions.COOKIE, path="/", httponly=True, samesite="Lax")
    return response


# -- My events ------------------------------------------------------------------------------------


def game_name(game_id: str) -> str:
    """A game as players know it (Shadow Era, not shadow-era); its id when the pools no
    longer hold it."""
    try:
        return current_app.extensions["deckwright.pools"].game(game_id).short_name
    except DeckwrightError:
        return game_id


def events_page(account: store.Account, *, notices=(), problems=(), new_link=None, status=200):
    mine = store.my_events(get_db(), account)
    return render_template(
        "accounts/events.html",
        account=account,
        events=mine,
        game_names={e.game: game_name(e.game) for e in mine},
        notices=notices,
        problems=problems,
        new_link=new_link,
        owner=store.OWNER,
    ), status


@bp.get("/events")
def my_events():
    found = login_required()
    if isinstance(found, Response):
        return found
    return events_page(found)


def organizer_of(account: store.Account, event_id: str, role: str | None = None) -> str:
    held = store.role_in(get_db(), account, event_id)
    if held is None or (role is not None and held != role):
        raise events.EventNotFoundError()
    return held


@bp.post("/events/<event_id>/open")
def open_dashboard(event_id: str):
    """The dashboard, through a personal admin link issued for this account just now."""
    found = login_required()
    if isinstance(found, Response):
        return found
    organizer_of(found, event_id)
    token = event_links.issue(get_db(), event_id, store.holder_of(found), sessions.now())
    return redirect(url_for("events.dashboard", event_id=event_id, token=token), 303)


@bp.post("/events/<event_id>/organizers")
def add_organizer(event_id: str):
    found = login_required()
    if isinstance(found, Response):
        return found
    organizer_of(found, event_id, store.OWNER)
    try:
        name = NameForm().load(request.form)["name"]
        other = store.add_co_organizer(get_db(), found, event_id, name, sessions.now())
    except ValidationError as exc:
        return events_page(found, problems=form_errors(exc), status=400)
    except DeckwrightError as exc:
        return events_page(found, problems=[str(exc)], status=400)
    return events_page(found, notices=[f"{other.name} is now a co-organizer."])


@bp.post("/events/<event_id>/organizers/remove")
def remove_organizer(event_id: str):
    found = login_required()
    if isinstance(found, Response):
        return found
    organizer_of(found, event_id, store.OWNER)
    name = request.form.get("name", "")
    store.remove_co_organizer(get_db(), found, event_id, name)
    return events_page(found, notices=[f"{name} is no longer a co-organizer."])


@bp.post("/events/<event_id>/admin-link")
def replace_admin_link(event_id: str):
    """Revoke a leaked admin link: a new one is issued and shown once; the old one opens nothing."""
    found = login_required()
    if isinstance(found, Response):
        return found
    organizer_of(found, event_id, store.OWNER)
    db = get_db()
    access = events.Organizer(events.get_event(db, event_id))
    token = journal.replace_admin_link(db, access, sessions.now())
    url = url_for("events.dashboard", event_id=event_id, token=token, _external=True)
    return events_page(
        found,
        notices=["A new admin link is issued: the old one no longer opens the dashboard."],
        new_link=(event_id, url),
    )


# -- password reset by e-mail ----------------------------------------------------------------------


@bp.route("/reset", methods=["GET", "POST"])
def reset():
    """Ask for a reset link by user name; the same answer whether or not one is sent."""
    if not mail.configured():
        return error_page(
            404, "Not available", "This site sends no e-mail, so passwords cannot be reset here."
        )
    if request.method == "GET":
        return render_template("accounts/reset.html", sent=False, problems=[])
    name = request.form.get("name", "").strip()
    if not name:
        return render_template("accounts/reset.html", sent=False, problems=["Give your user name."])
    throttle(RESET, limits.client_address())
    throttle(RESET, store.name_key(name))
    started = store.start_reset(get_db(), name, sessions.now())
    if started is not None:
        mail_reset_link(*started)
    return render_template("accounts/reset.html", sent=True, problems=[])


def mail_reset_link(
    account: store.Account, address: str, token: str, *, after_undo: bool = False
) -> None:
    """The reset link, mailed. After an undo the old password no longer works, so the mail
    cannot tell its reader to ignore it and keep the password they have."""
    link = url_for("accounts.reset_password", token=token, _external=True)
    window = f"within {store.RESET_MINUTES} minutes; the link works once:\n\n{link}\n\n"
    if after_undo:
        again = url_for("accounts.reset", _external=True)
        body = (
            f"This address is again the address of the Deckwright account {account.name!r},"
            " put back by the link in the notice of its change. The password set before no"
            f" longer works.\n\nSet a new password here, {window}If it has run out, ask for"
            f" another at {again}\n"
        )
    else:
        body = (
            "Someone (we hope you) asked to reset the password of the Deckwright account"
            f" {account.name!r}.\n\nSet a new password here, {window}If it was not you,"
            " ignore this message: your password stays as it is.\n"
        )
    mail.send_later(address, "Reset your Deckwright password", body)


@bp.route("/reset/<token>", methods=["GET", "POST"])
def reset_password(token: str):
    """Set a new password through a reset link: once, before it expires; then logged in."""
    db = get_db()
    account = store.reset_account(db, token, sessions.now())
    if request.method == "GET":
        return render_template("accounts/new_password.html", holder=account, problems=[])
    try:
        account = store.finish_reset(
            db, token, request.form.get("password", ""), sessions.now(), settings()
        )
    except store.InvalidAccountError as exc:
        return render_template(
            "accounts/new_password.html", holder=account, problems=[str(exc)]
        ), 400
    password_changed(account, store.email_of(db, account), sessions.now(), reset=True)
    response = sessions.log_in(redirect(url_for("accounts.account"), 303), account)
    session[DONE_KEY] = "reset"
    return response


# -- My decks -------------------------------------------------------------------------------------


def verdict_of(saved) -> dict[str, Any]:
    """A saved deck's verdict in its own format, as of today."""
    try:
        game = current_app.extensions["deckwright.pools"].game(saved.game)
        game.format(saved.format)
    except NotFoundError as exc:
        # The pools changed since it was saved (a format or a game taken out): the deck is
        # listed as not legal with the reason, instead of the whole page being a 404.
        return {
            "legal": False,
            "errors": 1,
            "game": saved.game,
            "format": f"{saved.format} ({exc})",
        }
    parsed = parse_text(saved.text, game)
    result = validate(parsed.deck, saved.format, None, parsed.problems)
    return {
        "legal": result.legal,
        "errors": len(result.errors),
        "game": game.short_name,
        "format": result.format_name,
    }


def decks_page(account: store.Account, *, notices=(), problems=(), status: int = 200):
    """A page of "My decks", as the query asks (``page``, ``sort``): what cannot be read
    as a page number or a sort is the first page, by last change."""
    sort = request.args.get("sort", "changed")
    sort = sort if sort in decks.SORTS else "changed"
    shown = decks.decks_page(get_db(), account, page_asked(), decks.PER_PAGE, sort)
    return render_template(
        "accounts/decks.html",
        account=account,
        shown=shown,
        decks=shown.decks,
        verdicts={d.root: verdict_of(d.latest) for d in shown.decks},
        visibilities=decks.VISIBILITIES,
        sorts=DECK_SORTS,
        notices=notices,
        problems=problems,
    ), status


def page_asked() -> int:
    """The ``page`` of a paged list's address; what is no page number (a word, 0, a number
    too long) is the first page."""
    page = request.args.get("page", "1")
    return max(int(page), 1) if page.isascii() and page.isdigit() and 0 < len(page) < 7 else 1


# What each sort of "My decks" is called on its page.
DECK_SORTS = {"changed": "Last changed", "created": "First saved", "name": "Name"}


@bp.get("/decks")
def my_decks():
    found = login_required()
    if isinstance(found, Response):
        return found
    return decks_page(found)


@bp.app_template_global("my_deck_of")
def my_deck_of(deck_id: str) -> decks.MyDeck | None:
    """The logged-in account's deck this saved version is of (the deck page offers its
    owner to delete it), or None."""
    account = sessions.current()
    mine = decks.deck_of(get_db(), account, deck_id) if account else None
    if mine is not None:
        g.private_deck_shown = True  # the page its owner sees is for no shared cache
    return mine


@bp.app_template_global("deck_deleted")
def deck_deleted(deck_id: str) -> bool:
    """Whether a deck was deleted by its owner and its link says so (a copy's page tells
    where the versions it was saved from went)."""
    return bool(deletion_said(get_db(), deck_id))


@bp.route("/decks/<deck_id>/delete", methods=["GET", "POST"])
def delete_deck(deck_id: str):
    """Delete one of the account's decks, every version of it, once confirmed on this page."""
    found = login_required()
    if isinstance(found, Response):
        return found
    mine = decks.deck_of(get_db(), found, deck_id)
    if mine is None and deletion_said(get_db(), deck_id):
        # Pressed twice, or the page kept in another tab: it is gone already, as asked.
        return decks_page(found, notices=["That deck is deleted already."])
    if mine is None:
        return error_page(404, "Not found", "No such deck among yours.")
    if request.method == "GET":
        return render_template("accounts/delete_deck.html", account=found, deck=mine)
    gone = decks.delete_deck(get_db(), found, deck_id, sessions.now())
    count = len(gone.versions)
    links = (
        "its links show no deck any more"
        if mine.visibility == decks.PRIVATE
        else "its links say its owner deleted it"
    )
    return decks_page(
        found,
        notices=[
            f"{gone.name!r} is deleted, with its {count} version{'s' if count != 1 else ''}:"
            f" {links}. Copies others saved from it are theirs and stay."
        ],
    )


def claim_lines(text: str) -> list[tuple[str, str]]:
    """The claim form's lines: a deck's link or id, then its claim key (``id key``)."""
    keyed = []
    for line in text.splitlines():
        words = line.split()
        if words:
            keyed.append((deck_id_of(words[0]), " ".join(words[1:])))
    return keyed


def deck_id_of(link: str) -> str:
    """A deck's id from its link as copied from the address bar (with a query, a fragment,
    or its edit page), or the id itself."""
    path = link.split("#", 1)[0].split("?", 1)[0].rstrip("/")
    _before, found, after = path.rpartition("/decks/")
    return after.split("/", 1)[0] if found else path.rsplit("/", 1)[-1]


@bp.post("/decks/claim")
def claim_decks():
    """Decks saved from this browser before logging in: accounts.js sends their ids with the
    claim keys their saves gave. A link alone (anyone it was shared with has it) takes none."""
    found = login_required()
    if isinstance(found, Response):
        return found
    done = decks.claim(get_db(), found, claim_lines(request.form.get("ids", "")))
    notices = [f"{done.count} deck{'s' if done.count != 1 else ''} claimed."]
    problems = []
    if done.refused:
        problems.append(
            f"Not claimed: {', '.join(done.refused)}. A deck is claimed with the claim key its"
            " save gave the browser that saved it, and only while no account has it; a link"
            " alone does not make a deck yours. Decks saved before claim keys have none: they"
            " stay at their links, and saving a new version of one while logged in gives you"
            " a deck of your own."
        )
    if done.unknown:
        problems.append(f"No saved deck has the id {', '.join(done.unknown)}.")
    return decks_page(found, notices=notices, problems=problems)


@bp.post("/decks/<root>/visibility")
def deck_visibility(root: str):
    found = login_required()
    if isinstance(found, Response):
        return found
    try:
        decks.set_visibility(get_db(), found, root, request.form.get("visibility", ""))
    except DeckwrightError as exc:
        from ..errors import status_of

        return decks_page(found, problems=[str(exc)], status=status_of(exc))
    return decks_page(found, notices=["Visibility saved."])


public_bp = Blueprint("public_decks", __name__, url_prefix="/games")


@public_bp.get("/<game_id>/public-decks")
def public_decks(game_id: str):
    """A game's public decks, the last changed first, a page at a time (``page``); by
    format, and searched by a card's name. A page number that cannot be read is the first."""
    game = current_app.extensions["deckwright.pools"].game(game_id)
    fmt = request.args.get("format") or None
    if fmt not in game.formats:
        fmt = None
    card = (request.args.get("card") or "").strip()[:100]
    sought = decks.card_sought([game], card) if card else None
    unknown = bool(card) and sought is None
    # A name that is no card of the game finds no deck, and is said to be none: the closest
    # names that find a deck are offered.
    suggestions = []
    if unknown:
        shown = decks.PublicPage(1, decks.PUBLIC_PAGE, 0, decks=[])
        suggestions = decks.close_names_with_decks(get_db(), game, fmt, card)
    else:
        shown = decks.public_decks(get_db(), game.id, fmt, sought, page_asked())
    return render_template(
        "accounts/public_decks.html",
        game=game,
        shown=shown,
        decks=shown.decks,
        format=fmt,
        card=card,
        card_name=sought.name if sought else card,
        unknown=unknown,
        suggestions=suggestions,
    )


# The account forms a CSRF refusal shows again (see :func:`expired`), by endpoint. Logging out
# is not among them: its form holds nothing typed (see :func:`_logout_again`).
EXPIRED_FORMS = {
    "accounts.register": _register_again,
    "accounts.login": _login_again,
    "accounts.reset": _reset_again,
    "accounts.reset_password": _new_password_again,
    **dict.fromkeys(
        (
            "accounts.change_password",
            "accounts.change_email",
            "accounts.create_token",
            "accounts.revoke_token",
            "accounts.logout_everywhere",
            "accounts.delete",
        ),
        _account_again,
    ),
    **dict.fromkeys(
        (
            "accounts.add_organizer",
            "accounts.remove_organizer",
            "accounts.replace_admin_link",
            "accounts.open_dashboard",
        ),
        _events_again,
    ),
    **dict.fromkeys(
        ("accounts.claim_decks", "accounts.deck_visibility", "accounts.delete_deck"),
        _decks_again,
    ),
}
