"""Sending e-mail, only when the site is given an SMTP server (``SMTP_URL``).

``DECKWRIGHT_SMTP_URL`` is ``smtp://[user:password@]host[:port]`` (plain, or
upgraded with STARTTLS by ``smtp+starttls://``) or ``smtps://`` (TLS from the
start). ``SMTP_FROM`` is the sender (``deckwright@<host>`` by default). Without
a URL the site sends nothing and offers nothing that needs mail.
"""

from __future__ import annotations

import smtplib
import ssl
import threading
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

from flask import current_app

from cardpool import DeckwrightError

TIMEOUT_S = 10


class MailError(DeckwrightError):
    """The SMTP server could not be reached or refused the message."""

    code = "mail-failed"
    status = 503


def configured() -> bool:
    return bool(current_app.config.get("SMTP_URL"))


def send_later(to: str, subject: str, body: str) -> None:
    """Send after the page is answered, on a thread of its own; a failure is logged.

    For mail whose sending must not show in the answer: a reset link goes only to
    accounts that exist, and the time an SMTP server takes (or its failing) would
    otherwise tell a stranger which user names have one.
    """
    url, sender = current_app.config["SMTP_URL"], current_app.config.get("SMTP_FROM")
    logger = current_app.logger

    def deliver() -> None:
        try:
            _deliver(url, sender, to, subject, body)
        except MailError as exc:
            logger.warning("Mail %r to %s was not sent: %s", subject, to, exc)

    threading.Thread(target=deliver, name="deckwright-mail", daemon=True).start()


def _deliver(smtp_url: str, sender: str | None, to: str, subject: str, body: str) -> None:
    url = urlsplit(smtp_url)
    host = url.hostname or "localhost"
    message = EmailMessage()
    message["From"] = sender or f"deckwright@{host}"
    message["To"] = to
    message["Subject"] = subject
    message.set_content(body)
    try:
        if url.scheme == "smtps":
            client = smtplib.SMTP_SSL(
                host, url.port or 465, timeout=TIMEOUT_S, context=ssl.create_default_context()
            )
        else:
            client = smtplib.SMTP(host, url.port or 25, timeout=TIMEOUT_S)
        with client:
            if url.scheme == "smtp+starttls":
                client.starttls(context=ssl.create_default_context())
            if url.username:
                client.login(unquote(url.username), unquote(url.password or ""))
            client.send_message(message)
    except (OSError, smtplib.SMTPException) as exc:
        raise MailError(f"The e-mail could not be sent ({type(exc).__name__}).") from None
