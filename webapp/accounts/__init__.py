"""Accounts: optional, never needed to build, check or submit a deck.

A player or organizer registers with a user name and a password and gets
"My events" (events created while logged in, and those an owner shares with
co-organizers), sessions that survive restarts and can be ended everywhere,
their data as JSON, and the means to delete it all. Modules, one idea each:

- :mod:`.passwords`: scrypt hashes (why scrypt is said there);
- :mod:`.store`: the tables and what an account can do;
- :mod:`.sessions`: the login cookie; :mod:`.viewer`: who asks for a deck;
- :mod:`.decks`: "My decks", private and public decks;
- :mod:`.site`: the pages under ``/account``;
- :mod:`.mail`: sending e-mail; :mod:`.notices`: a changed address or password told by it;
- :mod:`.refusals`: the errors.
"""

from __future__ import annotations

from .api import (
    DeletedDeckSchema,
    PublicDecksQuerySchema,
    PublicDecksSchema,
    delete_deck,
    public_decks,
)
from .sessions import current
from .store import OWNER, Account, bind_event
from .viewer import deck_saved

__all__ = [
    "OWNER",
    "Account",
    "DeletedDeckSchema",
    "PublicDecksQuerySchema",
    "PublicDecksSchema",
    "bind_event",
    "current",
    "deck_saved",
    "delete_deck",
    "public_decks",
]
