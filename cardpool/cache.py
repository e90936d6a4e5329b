"""A game compiled once, started from a file: the loaded :class:`~cardpool.model.Game` kept on disk.

Reading and checking a pool's YAML costs seconds at tens of thousands of cards;
unpickling the game it makes costs a fraction of that. A game is written here only
after it loaded with no problem at all (every card checked against the schema), so
a start from the file skips the per-card check safely.

The file is keyed by a fingerprint of the game's files (their path and a hash of
their bytes) and of the code that builds games: an edited pool file, or a
new version of Deckwright, makes a new fingerprint and the game is compiled again.
A file that is stale, truncated, from another version or not ours is ignored and
replaced, never trusted: it is read with an unpickler that builds only the model's
classes and plain values, so a planted file cannot run code.

Where the files live: ``$DECKWRIGHT_CACHE`` when set (empty or ``off`` turns the
cache off), else ``$XDG_CACHE_HOME/deckwright``, else ``~/.cache/deckwright`` for
the command line; the site keeps its own beside its database.
"""

from __future__ import annotations

import gc
import hashlib
import io
import os
import pickle
import stat
import sys
import tempfile
from pathlib import Path

from . import model

CACHE_ENV = "DECKWRIGHT_CACHE"
FILES = ("game.yaml", "cards.yaml")
# What a cache file starts with: a file of another layout is recognised before unpickling.
# Then the fingerprint of the files it was compiled from and the version of the code that
# compiled it (64 hex digits each), then the pickled game.
MAGIC = b"deckwright-game-cache 2\n"
_SOURCE = Path(__file__).resolve().parent

# Every global a cache file may name: the model's classes and the plain values they hold.
_ALLOWED = {
    *(
        ("cardpool.model", name)
        for name in (
            "Attribute", "Banlist", "Card", "CardSet", "Decision", "Format", "Game",
            "Rotation", "RuleSpec", "Section", "_card",
        )
    ),
    ("cardpool.name_index", "NameIndex"),
    ("datetime", "date"),
    ("datetime", "datetime"),
    ("builtins", "frozenset"),
    ("builtins", "set"),
}  # fmt: skip


def default_cache_dir() -> Path | None:
    """Where the command line keeps compiled games (``None``: the cache is turned off)."""
    configured = os.environ.get(CACHE_ENV)
    if configured is not None:
        return None if configured.strip().lower() in ("", "off", "0", "no") else Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "deckwright"


_code_version: str | None = None


def code_version() -> str:
    """A hash of the code that builds games: a game compiled by other code is compiled again."""
    global _code_version
    if _code_version is None:
        digest = hashlib.sha256(sys.version.encode())
        for path in sorted(_SOURCE.glob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
        _code_version = digest.hexdigest()
    return _code_version


def fingerprint(directory: Path) -> str | None:
    """The game folder's files as they are now (``None`` when one cannot be read)."""
    directory = Path(directory).resolve()
    digest = hashlib.sha256(code_version().encode())
    digest.update(str(directory).encode())
    for name in FILES:
        # The bytes, not the modification time: an edit of the same size within one tick of
        # the file system's clock (a script rewriting a value right after a start) counts too.
        # Hashing 40 MB of YAML takes a few hundredths of a second.
        try:
            if not stat.S_ISREG((directory / name).stat().st_mode):
                return None  # a named pipe or a device would be read forever
            with open(directory / name, "rb") as handle:
                content = hashlib.file_digest(handle, "sha256").hexdigest()
        except OSError:
            return None
        digest.update(f"\0{name}\0{content}".encode())
    return digest.hexdigest()


def cache_file(cache_dir: Path, directory: Path) -> Path:
    """The one file that holds the compiled game of ``directory``."""
    directory = Path(directory).resolve()
    tag = hashlib.sha256(str(directory).encode()).hexdigest()[:16]
    return Path(cache_dir) / f"{directory.name}-{tag}.game"


class _ModelUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str):
        if (module, name) not in _ALLOWED:
            raise pickle.UnpicklingError(f"{module}.{name} is not part of a compiled game")
        return super().find_class(module, name)


def read(cache_dir: Path, directory: Path, expected: str | None) -> model.Game | None:
    """The compiled game of ``directory`` if its file matches ``expected``; else ``None``."""
    if expected is None:
        return None
    return _read(cache_dir, directory, expected)


def read_last_compiled(cache_dir: Path, directory: Path) -> model.Game | None:
    """The game this code last compiled from ``directory``, whatever its files hold now
    (``None`` when there is none): what a server starting on files saved with a problem
    serves until they are fixed. Only a game with no problem was ever written."""
    return _read(cache_dir, directory, None)


def _read(cache_dir: Path, directory: Path, expected: str | None) -> model.Game | None:
    try:
        with open(cache_file(cache_dir, directory), "rb") as handle:
            if handle.read(len(MAGIC)) != MAGIC:
                return None
            stamp = handle.read(64).decode("ascii")
            if expected is not None and stamp != expected:
                return None
            # A game another version compiled may lack what this one's model holds.
            if handle.read(64).decode("ascii") != code_version():
                return None
            # Hundreds of thousands of new objects, none of them garbage: the collector
            # would walk them again and again while they are read (a sixth of the time).
            collecting = gc.isenabled()
            gc.disable()
            try:
                game = _ModelUnpickler(handle).load()
            finally:
                if collecting:
                    gc.enable()
    except Exception:  # any file that cannot be read back is one to compile again
        return None
    return game if isinstance(game, model.Game) else None


def write(cache_dir: Path, directory: Path, game: model.Game, stamp: str | None) -> bool:
    """Keep ``game`` for the next start; True when written. Written to a temporary file and
    renamed, so a reader sees the old file or the whole new one, never half of it."""
    if stamp is None:
        return False
    # Filled now, so a start from the file never rebuilds the index either.
    game.name_index  # noqa: B018
    target = cache_file(cache_dir, directory)
    buffer = io.BytesIO()
    buffer.write(MAGIC)
    buffer.write(stamp.encode("ascii"))
    buffer.write(code_version().encode("ascii"))
    pickle.dump(game, buffer, protocol=pickle.HIGHEST_PROTOCOL)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=target.name, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(buffer.getbuffer())
            os.replace(temporary, target)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        # A cache that cannot be written (read-only home, full disk) only costs speed.
        return False
    return True
