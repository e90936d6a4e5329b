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


class SettingsChangedError(EventClosedError):
    """A list judged in the event's format and banned-list day as they were, which the
    organizer changed before it was stored: it is not stored with a verdict in settings the
    event no longer has, and is sent again to be judged in them."""

    code = "event-settings-changed"


class PlayerTakenError(DeckwrightError):
    """A player of that name already has a list on file; only their private link changes it."""

    code = "player-already-submitted"


class ListChangedError(DeckwrightError):
    """A new list sent from a page made before the list on file changed (another tab, the
    organizer's upload), or said to be made from a version never on file: it would replace
    a list its sender has not seen.

    ``what`` says what happened; ``latest`` is the number of the version on file (0 for
    none), which a list sent again names to be put in its place: the site's form, made anew,
    names it itself, a program sends it as ``based_on`` (see :meth:`told`)."""

    code = "list-changed"

    def __init__(self, what: str, *, latest: int, based_on: int):
        self.what, self.latest, self.based_on = what, latest, based_on
        self.details = [{"latest_version": latest, "based_on": based_on}]
        super().__init__(self.told("send it again", "open your page again"))

    def told(self, send_again: str, see_it: str) -> str:
        """The refusal in words: ``send_again`` says how the list is sent again to be put in
        place of the version on file, ``see_it`` how that version is seen."""
        stored = f"{self.what} What you sent was not stored;"
        if not self.latest:
            return f"{stored} {send_again} to store it as your first list."
        return (
            f"{stored} {send_again} to put it in place of version {self.latest}, or"
            f" {see_it} to see that version first."
        )


class FormatGoneError(DeckwrightError):
    """The event's format is no longer in the card pool: no list can be checked against it,
    so none is taken (the lists on file stay as they were received). Said to a player as the
    refusal, and to the organizer (``for_organizer``) with what they can do: change the
    event's format to one of the game's formats."""

    code = "format-not-in-pool"

    def __init__(self, format_id: str, game_name: str, formats: list[str]):
        # Why the event takes no list, as an event's closed_reason says it.
        self.reason = f"its format, {format_id}, is no longer in {game_name}'s card pool"
        gone = (
            f"This event's format, {format_id}, is no longer in {game_name}'s card pool, so no"
            " list can be checked against it"
        )
        super().__init__(
            f"{gone}: lists cannot be submitted or changed, and those on file are kept as they"
            " were received. Contact the organizer."
        )
        self.for_organizer = (
            f"{gone}: players cannot submit or change lists, nor can lists be uploaded; those"
            " on file are kept with the verdicts they got. To take lists, change the event's"
            f" format to one of {game_name}'s formats ({', '.join(formats)}) in its settings:"
            " every list on file is judged again in it, kept as it was sent."
        )


# The fields refusals name, as the site's forms name them.
DECKLIST = "decklist"
PLAYERS = "players"


class RefusedFieldError(DeckwrightError):
    """What was sent refused for one of its fields, named by ``field`` as the request names
    it (``player``, ``decklist``, ...; None when none alone is at fault): a page shows the
    message with that field."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


class InvalidSubmissionError(RefusedFieldError):
    """What was sent is not a submission: a missing name, an empty or unreadable list."""

    code = "invalid-submission"


class InvalidQueryError(DeckwrightError):
    """A dashboard filter or receipt hash that means nothing."""

    code = "invalid-query"


class InvalidEventError(RefusedFieldError):
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
