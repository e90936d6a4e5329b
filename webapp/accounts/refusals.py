"""The accounts' refusals, in the project's one exception family (:class:`DeckwrightError`)."""

from __future__ import annotations

from cardpool import DeckwrightError, NotFoundError


class InvalidAccountError(DeckwrightError):
    """A user name or password that cannot be used: too short, too long, odd characters."""

    code = "invalid-account"
    status = 400


class NameTakenError(DeckwrightError):
    code = "name-taken"
    status = 409


class WrongCredentialsError(DeckwrightError):
    """A wrong user name or a wrong password: one answer for both."""

    code = "wrong-credentials"
    status = 401

    def __init__(self, message: str = "That user name and password do not match."):
        super().__init__(message)


class AccountNotFoundError(NotFoundError):
    code = "account-not-found"
    status = 404
