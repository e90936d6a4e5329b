"""The event library's refusals, one class per answer a person can act on.

All of them are :class:`cardpool.DeckwrightError`, the project's one exception
family; the web layer maps each to its HTTP status.
"""

from __future__ import annotations

from cardpool import DeckwrightError, NotFoundError


class EventNotFoundError(NotFoundError):
    """No event, or a token that opens nothing: one answer for both, so guesses learn nothing."""

    code = "not-found"

    def __init__(
        self,
        message: str = "Nothing here: the link is wrong or no longer valid"
        " (check that it was copied whole).",
    ):
        super().__init__(message)


class EventClosedError(DeckwrightError):
    """The deadline has passed or the organizer locked the event: lists no longer change."""

    code = "event-closed"


class PlayerTakenError(DeckwrightError):
    """A player of that name already has a list on file; only their private link changes it."""

    code = "player-already-submitted"


class ListChangedError(DeckwrightError):
    """A new list sent from a page made before the list on file changed (another tab, the
    organizer's upload), or said to be made from a version never on file: it would replace
    a list its sender has not seen."""

    code = "list-changed"


class InvalidSubmissionError(DeckwrightError):
    """What was sent is not a submission: a missing name, an empty or unreadable list."""

    code = "invalid-submission"


class InvalidQueryError(DeckwrightError):
    """A dashboard filter or receipt hash that means nothing."""

    code = "invalid-query"


class InvalidEventError(DeckwrightError):
    """Event settings that cannot work: an empty name, a deadline already past."""

    code = "invalid-event"


class LimitReachedError(DeckwrightError):
    """An event holds as many players, or an entry as many versions, as the site allows."""

    code = "limit-reached"


class IdempotencyKeyReusedError(DeckwrightError):
    """An idempotency key sent again with a different request: it names one request only."""

    code = "idempotency-key-reused"


class AdminLinkReplacedError(DeckwrightError):
    """A new event's request sent again after its admin link was replaced: the link it was
    answered with opens nothing now, and a second event would not be what was asked."""

    code = "admin-link-replaced"


class IdentityError(DeckwrightError):
    """A submission under a registered player's name without that player's id."""

    code = "player-id-required"
