"""Where games live and how they start: a game folder read into a :class:`~cardpool.model.Game`
from its cache file when its files are unchanged, else compiled (:mod:`cardpool.compiler`).

A start from the cache never imports YAML or marshmallow: a short command does not pay for
the compiler it does not use.
"""

from __future__ import annotations

import gc
import os
import re
from collections.abc import Callable
from pathlib import Path

from . import cache
from .errors import PoolError, PoolProblem, UnknownGameError
from .model import Game
from .names import did_you_mean

PACKAGE_POOLS = Path(__file__).resolve().parent
POOLS_ENV = "DECKWRIGHT_POOLS"
# What a game that loaded has wrong besides its files' shape (see PoolLibrary).
Vet = Callable[[Game], list[PoolProblem]]


def default_pool_dir() -> Path:
    """Where the pools live: ``$DECKWRIGHT_POOLS``, else the pools shipped with Deckwright."""
    configured = os.environ.get(POOLS_ENV)
    return Path(configured) if configured else PACKAGE_POOLS


def game_dirs(root: Path) -> list[Path]:
    """Every folder below ``root`` that holds a ``game.yaml``, in name order."""
    return sorted(p.parent for p in Path(root).glob("*/game.yaml"))


def load_game(directory: Path, cache_dir: Path | None = None) -> Game:
    """Load one game folder; raise :class:`PoolError` listing every problem found.

    With ``cache_dir``, a game compiled there from the same files is started from its
    file, and a game compiled now is kept there (:mod:`cardpool.cache`).
    """
    sink: list[PoolProblem] = []
    game = _compiled_game(Path(directory), sink, cache_dir)
    if sink or game is None:
        raise PoolError(sink)
    return game


def check_pools(root: Path) -> list[PoolProblem]:
    """Every problem of every game folder below ``root`` (empty when all load)."""
    return check_and_load(root)[1]


def check_and_load(
    root: Path,
    cache_dir: Path | None = None,
    partial: bool = False,
    warnings: list[PoolProblem] | None = None,
) -> tuple[dict[str, Game], list[PoolProblem]]:
    """Every game below ``root`` read from its YAML and checked in full, card by card (never
    from a cache), and every problem found: one reading serves both the check and the games.
    With ``cache_dir``, the games without problems are kept there for the next start.

    With ``partial``, a game with problems is among the games too, built of the cards and
    formats that loaded (see :func:`cardpool.compiler.build_game`), so that its rules can be
    checked in the same run; it is never kept.

    With ``warnings``, what is likely a mistake but keeps no game from loading (a set no
    card is printed in) is collected there."""
    dirs = game_dirs(root)
    sink = _folders_of_no_game(root, dirs)
    if not dirs:
        problem = PoolProblem(
            str(root), f"no game folders (a folder holding game.yaml) found here{_one_up(root)}"
        )
        return {}, [problem, *sink]
    games: dict[str, Game] = {}
    folders: dict[str, Path] = {}  # game id -> the folder that gave it first
    for directory in dirs:
        stamp = cache.fingerprint(directory) if cache_dir else None
        before = len(sink)
        game = _build_game(directory, sink, partial, warnings)
        if game is None:
            continue
        if game.id in folders:
            sink.append(_id_taken(directory, game.id, folders[game.id]))
            continue
        folders[game.id] = directory
        games[game.id] = game
        if cache_dir and len(sink) == before:
            cache.write(cache_dir, directory, game, stamp)
    return games, sink


def _id_taken(directory: Path, game_id: str, first: Path) -> PoolProblem:
    """The problem of a game folder giving the id an earlier folder gave (a copy of a game
    left with the original's id): the first keeps the id, and this one is not served."""
    path = directory / "game.yaml"
    line = None
    try:
        # the line of the top-level ``id:`` key, without reading YAML (a start from the
        # cache never does)
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.match(r"(\ufeff)?id\s*:", text):
                line = number
                break
    except (OSError, UnicodeDecodeError):
        pass
    return PoolProblem(
        str(path),
        f"game id {game_id!r} is the id of the game in the folder {first.name} too:"
        " each game needs an id of its own",
        line,
        field="id",
    )


def _build_game(
    directory: Path,
    sink: list[PoolProblem],
    partial: bool = False,
    warnings: list[PoolProblem] | None = None,
) -> Game | None:
    # Imported here: YAML and the schema check cost a short command a third of its time,
    # and a game started from its cache needs neither.
    from .compiler import build_game

    return build_game(directory, sink, partial, warnings)


def rule_line(game: Game, format_id: str, rule_id: str, field: str | None = None) -> int | None:
    """The ``game.yaml`` line of a rule entry (see :func:`cardpool.compiler.rule_line`)."""
    from .compiler import rule_line as line_of_rule

    return line_of_rule(game, format_id, rule_id, field)


def rule_hint(game: Game, format_id: str, rule_id: str, field: str | None) -> str:
    """Words to add to a problem of a rule entry's field (see
    :func:`cardpool.compiler.rule_hint`): a text a comma cut in ``{...}``."""
    from .compiler import rule_hint as hint_of_rule

    return hint_of_rule(game, format_id, rule_id, field)


def _folders_of_no_game(root: Path, dirs: list[Path]) -> list[PoolProblem]:
    """The folders below ``root`` meant as games that are read as none: empty, holding YAML
    files but no ``game.yaml`` (``game.yml``, ``Game.yaml``), or a ``game.yaml`` that cannot
    be opened (a link to nowhere or to itself). Starts skip them without a word, so only the
    check can tell a game's author why the game is missing."""
    problems = []
    try:
        folders = sorted(Path(root).iterdir())
    except OSError:
        return problems
    for folder in folders:
        if folder in dirs or folder.name.startswith(".") or folder.name == "__pycache__":
            continue
        game_file = folder / "game.yaml"
        try:
            if not folder.is_dir():
                continue
            if os.path.lexists(game_file):
                problems.append(
                    PoolProblem(str(game_file), "cannot be read: a link to nowhere or to itself")
                )
                continue
            names = sorted(p.name for p in folder.iterdir())
        except OSError as exc:
            problems.append(PoolProblem(str(folder), f"cannot be read: {exc.strerror}"))
            continue
        yaml_files = [n for n in names if n.lower().endswith((".yaml", ".yml"))]
        if yaml_files:
            problems.append(
                PoolProblem(
                    str(folder),
                    f"holds {', '.join(yaml_files)} but no game.yaml, so it is read as no game",
                )
            )
        elif not names:
            problems.append(
                PoolProblem(str(folder), "is empty: a game's folder holds game.yaml and cards.yaml")
            )
    return problems


def load_pools(root: Path | None = None, cache_dir: Path | None = None) -> dict[str, Game]:
    """Every game below ``root`` (default: :func:`default_pool_dir`), keyed by game id;
    started from ``cache_dir`` where a game was compiled there from the same files."""
    root = Path(root) if root else default_pool_dir()
    games, broken = _load_each(root, cache_dir)
    if broken or not games:
        raise _no_games(root, broken)
    return games


def _no_games(root: Path, broken: dict[str, list[PoolProblem]]) -> PoolError:
    """The error of pools that cannot be served whole: every problem, or that there are
    no game folders at all."""
    problems = [problem for found in broken.values() for problem in found]
    if problems:
        return PoolError(problems)
    # A mistyped folder (DECKWRIGHT_POOLS for the site) is said not to exist, as the command
    # line says of --pools, not to hold no games.
    if root.is_dir():
        why = f"no game folders (a folder holding game.yaml){_one_up(root)}"
    else:
        why = "is a file, not a folder of games" if root.exists() else "no such folder"
    return PoolError([PoolProblem(str(root), why)])


def _one_up(root: Path) -> str:
    """Where the pools are when ``root`` is a game's own folder (the game's folder given
    for the pools' one)."""
    if (root / "game.yaml").is_file():
        # the folder above is not named: the site's answers name no path of the server
        return ": it holds a game.yaml itself, so the pools' folder is the one above it"
    return ""


def _load_each(
    root: Path,
    cache_dir: Path | None,
    vet: Vet | None = None,
    loaded_from: dict[str, str] | None = None,
) -> tuple[dict[str, Game], dict[str, list[PoolProblem]]]:
    """The games below ``root`` that load (and that ``vet`` finds no problem in), and the
    problems of each folder that does not (by the folder's name). ``loaded_from``, when
    given, is filled with the folder's name of each game that loaded (by game id)."""
    games: dict[str, Game] = {}
    broken: dict[str, list[PoolProblem]] = {}
    folders: dict[str, Path] = {}  # game id -> the folder that gave it first
    for directory in game_dirs(root):
        sink: list[PoolProblem] = []
        game = _compiled_game(directory, sink, cache_dir)
        if game is not None and not sink and game.id in folders:
            sink.append(_id_taken(directory, game.id, folders[game.id]))
        if game is not None and not sink and vet is not None:
            sink.extend(vet(game))
        if game is not None and not sink:
            folders[game.id] = directory
        if sink or game is None:
            broken[directory.name] = sink or [PoolProblem(str(directory), "did not load")]
        else:
            games[game.id] = game
            if loaded_from is not None:
                loaded_from[game.id] = directory.name
    return games, broken


def _compiled_game(directory: Path, sink: list[PoolProblem], cache_dir: Path | None) -> Game | None:
    """The game of ``directory``: from its cache file when the files are unchanged since it
    was written, else read, checked in full and written there (when it has no problem)."""
    if not cache_dir:
        return _build_game(directory, sink)
    # Taken before reading: a file edited while it is read leaves a stamp that no longer
    # matches, so the next start compiles again rather than keep a half-old game.
    stamp = cache.fingerprint(directory)
    game = cache.read(cache_dir, directory, stamp)
    if game is not None:
        return game
    before = len(sink)
    game = _build_game(directory, sink)
    if game is not None and len(sink) == before:
        cache.write(cache_dir, directory, game, stamp)
    return game


def _file_stamp(path: Path) -> tuple:
    """What tells a pool file changed: its size and time; a link to nothing, or a file
    gone between listing and looking (an editor saving it), is stamped as such rather than
    failing every request."""
    try:
        info = path.stat()
    except OSError as exc:
        return (str(path), exc.errno, None)
    return (str(path), info.st_mtime_ns, info.st_size)


class PoolLibrary:
    """The games below one folder, reloaded only when one of their files changes.

    With ``cache_dir``, each game is compiled once into a file there and later started
    from it (:mod:`cardpool.cache`); without, every load reads the YAML.

    A library for a server is ``partial``: a game folder with problems (a stranger's pool)
    is left out of :meth:`games` and asking for it by its folder's name raises its
    :class:`PoolError`, while the other games are served. A game it served before whose
    files then have problems (a file saved half-edited while the site runs) is still
    served as it last loaded, its problems listed in :attr:`problems` (and logged, once
    :meth:`preload` was given a log) until its files load again; a game folder removed is
    no longer served.
    Otherwise any problem in any folder is every answer's :class:`PoolError`, as a check
    wants. ``vet`` (a partial library's) finds the problems of a game that loaded but
    cannot be served (its rule entries, which only the validator reads): such a game is
    left out alike, rather than fail every deck sent to it.
    """

    def __init__(
        self,
        root: Path | None = None,
        cache_dir: Path | None = None,
        *,
        partial: bool = False,
        vet: Vet | None = None,
    ):
        self.root = Path(root) if root else default_pool_dir()
        self.cache_dir = Path(cache_dir) if cache_dir else None
        self.partial = partial
        self.vet = vet
        self._stamp: tuple | None = None
        self._games: dict[str, Game] = {}
        self._broken: dict[str, list[PoolProblem]] = {}
        # The game each folder last loaded, served while the folder's files have problems.
        self._last_good: dict[str, Game] = {}
        self._log = None

    @property
    def problems(self) -> list[PoolProblem]:
        """The problems of the game folders left out (a ``partial`` library's), or served as
        they last loaded, as last read."""
        return [problem for problems in self._broken.values() for problem in problems]

    def stamp(self) -> tuple:
        return tuple(_file_stamp(f) for f in sorted(self.root.glob("*/*.yaml")))

    def games(self) -> dict[str, Game]:
        stamp = self.stamp()
        if stamp != self._stamp:
            if self.partial:
                loaded_from: dict[str, str] = {}
                games, broken = _load_each(self.root, self.cache_dir, self.vet, loaded_from)
                last_good = {folder: games[game_id] for game_id, folder in loaded_from.items()}
                for folder, problems in broken.items():
                    kept = self._last_good.get(folder) or self._compiled_before(folder)
                    if kept is None or kept.id in games:
                        continue
                    games[kept.id] = last_good[folder] = kept
                    if self._log is not None and problems != self._broken.get(folder):
                        self._log.warning(
                            "the files of %s have problems; it is served as it last loaded"
                            " until they are fixed:\n%s",
                            folder,
                            "\n".join(str(problem) for problem in problems),
                        )
                if not games:  # nothing to serve: every problem is the answer
                    raise _no_games(self.root, broken)
                self._games, self._broken, self._last_good = games, broken, last_good
            else:
                self._games = load_pools(self.root, self.cache_dir)
            self._stamp = stamp
        return self._games

    def _compiled_before(self, folder: str) -> Game | None:
        """The game ``folder`` gave when it last loaded with no problem, kept in the cache
        (``None`` without one): a site started on files saved with a problem serves it, as
        one running serves the game it had, rather than leave the game out until they are
        fixed."""
        if self.cache_dir is None:
            return None
        game = cache.read_last_compiled(self.cache_dir, self.root / folder)
        if game is None or (self.vet is not None and self.vet(game)):
            return None
        return game

    def preload(self, log=None) -> None:
        """Load every game now, for a server about to fork its workers: they then share the
        loaded games (and their name indexes) rather than each reading its own. A pool with
        problems is left to the requests, which report them as before."""
        self._log = log
        try:
            self.games()
        except PoolError as exc:
            if log is not None:
                log.warning("the card pools did not load: %s", exc)
            return
        left_out = {f: found for f, found in self._broken.items() if f not in self._last_good}
        if log is not None and left_out:
            log.warning(
                "games left out for problems in their files (%s):\n%s",
                ", ".join(sorted(left_out)),
                "\n".join(str(problem) for found in left_out.values() for problem in found),
            )
        # Objects the collector never visits again are not copied into each worker's memory
        # when it walks them.
        gc.freeze()

    def game_alone(self, game_id: str) -> Game:
        """One game, reading only its own folder when the folder is named after it (as the
        shipped pools are), so a one-game job does not wait for every pool to load."""
        folder = self.root / game_id
        # Only a plain name ("shadow-era") is taken as a folder name, never a path.
        if game_id.replace("-", "_").isidentifier() and (folder / "game.yaml").is_file():
            game = load_game(folder, self.cache_dir)
            if game.id == game_id:
                return game
        if not self.partial:
            # Its folder named otherwise: every folder is read, and the game is the one of
            # them that loads with that id, whatever another folder has wrong (the site
            # serves it so too).
            games, broken = _load_each(self.root, self.cache_dir)
            if game_id in games:
                return games[game_id]
            if games and broken and game_id not in broken:
                # No game of that id loads, and the broken folders may not hold it: both are
                # said, the game asked for (with the ones meant) and what the others have
                # wrong, not only another game's problem. (When no game loads, every
                # problem is the answer, below.)
                problems = "\n".join(str(p) for found in broken.values() for p in found)
                raise UnknownGameError(f"{_no_such_game(game_id, games, broken)}\n{problems}")
        return self.game(game_id)

    def game(self, game_id: str) -> Game:
        games = self.games()
        try:
            return games[game_id]
        except KeyError:
            if game_id in self._broken:
                raise PoolError(self._broken[game_id]) from None
            raise UnknownGameError(_no_such_game(game_id, games, self._broken)) from None


def _no_such_game(
    game_id: str, games: dict[str, Game], broken: dict[str, list[PoolProblem]]
) -> str:
    """``no game 'x'; the games are: ...``, the folders that did not load and the games
    meant (:func:`did_you_mean`)."""
    known = ", ".join(sorted(games))
    hint = did_you_mean(str(game_id), {g.id: (g.name, g.short_name) for g in games.values()})
    left_out = ""
    if broken:
        whose = "its" if len(broken) == 1 else "their"
        left_out = f" ({', '.join(sorted(broken))} did not load: {whose} files have problems)"
    return f"no game {game_id!r}; the games are: {known}{left_out}{hint}"


# -- building ---------------------------------------------------------------


# A name's key is asked for by every check of a card (its identity, its neighbours, the
