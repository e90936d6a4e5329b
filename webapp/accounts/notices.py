"""Notices of a change to an account's sign-in, mailed to the address that could lose it.

Someone who took a password (or a session, with the password) and changed the address or
the password would otherwise go unnoticed until the owner failed to log in. As on the
sites players know, the address the account had is told: of a changed address, the old
one (the new one is shown only in part, so the notice tells its holder nothing they could
use); of a changed or reset password, the account's address. Each says what changed, when,
and what to do if it was not its reader.

The notice of a changed address carries a link that undoes the change (for a few days, once):
someone who took the account and changed both the address and the password would otherwise
leave its owner no way back. A new address is confirmed by a link mailed to it before
anything goes there (:func:`confirm_address`).

A notice never holds up the change: it is sent after the page is answered, and a mail
server that is slow, down or refusing is logged, the change made all the same.
"""

from __future__ import annotations

from datetime import datetime

from flask import current_app, url_for

from ..events import as_utc
from . import mail, store
from .store import Account

SUBJECT_EMAIL = "The e-mail address of your Deckwright account was changed"
SUBJECT_PASSWORD = "The password of your Deckwright account was changed"
SUBJECT_RESET = "The password of your Deckwright account was reset"
SUBJECT_CONFIRM = "Confirm your e-mail address for Deckwright"


def masked(address: str) -> str:
    """An address shown in part: its first letter, its domain's first letter and the domain's
    last label (``carol@example.net``: ``c***@e***.net``), enough for its owner to know it,
    too little for anyone else to write to it."""
    local, _, domain = address.rpartition("@")
    name, dot, last = domain.rpartition(".")
    return f"{local[:1]}***@{name[:1]}***{dot}{last}"


def moment(when: datetime) -> str:
    return f"{as_utc(when):%Y-%m-%d %H:%M} UTC"


def email_changed(
    account: Account, old: str | None, new: str | None, when: datetime, undo: str
) -> None:
    """Tell the address the account had that reset links now go elsewhere (or nowhere), with
    the link (``undo``, its token) that puts this address back."""
    if not old or old == new:
        return
    if new:
        now_goes = f"Password reset links now go to {masked(new)}."
    else:
        now_goes = "The account has no address now: no reset link can be sent for it."
    link = url_for("accounts.undo_email", token=undo, _external=True)
    what_to_do = (
        f"Open this link within {store.UNDO_DAYS} days (it works once) to undo it:\n\n"
        f"{link}\n\n"
        "It puts this address back and takes the account back from whoever changed it:"
        " every session is logged out, the links to event dashboards and the personal"
        " access tokens stop working, and the password they may have set stops working"
        " too. A link to set a new password is then mailed here."
    )
    _send(
        old,
        SUBJECT_EMAIL,
        f"The e-mail address of the Deckwright account {account.name!r} was changed on"
        f" {moment(when)}, with its password. {now_goes} This address gets no more mail"
        f" about the account.\n\n"
        f"If it was you, there is nothing to do.\n\n"
        f"If it was not you, someone knows your password. {what_to_do}\n",
    )


def confirm_address(account: Account, address: str, token: str) -> None:
    """Mail the link that confirms an address given for the account: until it is opened, no
    reset link nor notice goes there."""
    link = url_for("accounts.confirm_email", token=token, _external=True)
    _send(
        address,
        SUBJECT_CONFIRM,
        f"This address was given for password reset links of the Deckwright account"
        f" {account.name!r}. To confirm it is yours, open this link within"
        f" {store.CONFIRM_HOURS} hours (it works once):\n\n{link}\n\n"
        "If you did not give it, ignore this message: nothing is sent here again unless"
        " the link is opened.\n",
    )


def password_changed(account: Account, address: str | None, when: datetime, reset: bool) -> None:
    """Tell the account's address that its password was changed (or reset by a link)."""
    if not address:
        return
    account_page = _link("accounts.account")
    if reset:
        subject = SUBJECT_RESET
        what = "was reset through a link mailed to this address"
        advice = (
            "someone could read the reset link sent to this address. Secure this mailbox"
            " (change its password), then ask for a new reset link at"
            f" {_link('accounts.reset')}: setting a new password logs out every session,"
            " the other person's too."
        )
    else:
        subject = SUBJECT_PASSWORD
        what = "was changed by someone logged in who gave the old password"
        advice = (
            "someone knows your old password. Ask for a reset link at"
            f" {_link('accounts.reset')} (it comes to this address): setting a new password"
            " logs out every session, the other person's too."
        )
    _send(
        address,
        subject,
        f"The password of the Deckwright account {account.name!r} {what}, on"
        f" {moment(when)}. Every other session of the account is logged out.\n\n"
        f"If it was you, there is nothing to do.\n\n"
        f"If it was not you, {advice} Then, on your account page ({account_page}), revoke"
        f" any personal access token you do not know.\n",
    )


def _link(endpoint: str) -> str:
    return url_for(endpoint, _external=True)


def _send(to: str, subject: str, body: str) -> None:
    """Mail a notice after the page is answered; nothing that goes wrong stops the change."""
    if not mail.configured():
        return
    try:
        mail.send_later(to, subject, body)
    except Exception:  # a thread that cannot start: the change is made, the notice is not
        current_app.logger.exception("Mail %r to %s could not be started", subject, to)
