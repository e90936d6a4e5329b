"""The ``deckwright`` command line: thin click commands over the library."""

from __future__ import annotations

import json
import os
import signal
import sys
from datetime import date
from pathlib import Path

import click

from cardpool import DeckwrightError, PoolLibrary, default_pool_dir
from cardpool.cache import default_cache_dir
from cardpool.loader import check_and_load

from . import files
from .engine import compile_all
from .players import DECKLIST_SUFFIXES, NOT_A_DECKLIST
from .spreadsheet import SEPARATORS

EXIT_ILLEGAL = 1
EXIT_USAGE = 2


class UsageError(click.ClickException):
    """A Deckwright error at the command line: bad input, exit status 2."""

    exit_code = EXIT_USAGE


def _library(ctx: click.Context) -> PoolLibrary:
    return ctx.find_root().obj["library"]


_POOLS_HELP = (
    "Folder of game pools (one folder per game). Default: the pools shipped with Deckwright."
)


def _use_pools(ctx: click.Context, _param, value: Path | None) -> None:
    if value is not None:
        ctx.find_root().obj = {"library": PoolLibrary(value, default_cache_dir())}


# Players write the option where they think of it: before the command or after it.
pools_option = click.option(
    "--pools",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    expose_value=False,
    callback=_use_pools,
    help=_POOLS_HELP,
)


def _game(ctx: click.Context, game_id: str):
    """The game; an unknown one is answered in the library's words, "did you mean" and all
    (:func:`cardpool.did_you_mean`), the words the API answers with. Formats alike."""
    try:
        return _library(ctx).game_alone(game_id)
    except DeckwrightError as exc:
        raise UsageError(str(exc)) from None


def _format(game, format_id: str | None) -> None:
    try:
        game.format(format_id)
    except DeckwrightError as exc:
        raise UsageError(str(exc)) from None


def _as_of(_ctx, _param, value: str | None) -> date | None:
    """The ``--as-of`` day. Options' values are checked as click reads them (a callback), so
    click's error names the option, as it does for every value it refuses."""
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a date like 2024-05-21") from None


def _format_id(_ctx, _param, value: str | None) -> str | None:
    """A format id as given; an empty one (a script's unset variable) is no format, not the
    game's default, which only leaving the option out asks for."""
    if value is not None and not value.strip():
        raise click.BadParameter(
            "an empty name is no format; name one (see 'deckwright games')"
            " or leave the option out for the game's default"
        )
    return value


def format_option(help_text: str = "Format id; the game's default if omitted."):
    return click.option("--format", "-f", "format_id", callback=_format_id, help=help_text)


class _Deckwright(click.Group):
    def main(self, args=None, **extra):
        if args is not None:  # called from code (tests, scripts): exactly as click does
            return super().main(args, **extra)
        # Output piped into `head` that stops reading ends the command as it ends `cat`
        # (status 141), not with click's status 1, which here means "a deck is not legal".
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        try:
            return super().main(**extra)
        except SystemExit as done:
            if not (done.code is None or isinstance(done.code, int)):
                raise
            # The command's work is done and said. A loaded 50,000-card game is a million
            # objects, which the interpreter would free one by one on its way out (a third
            # of a second): the process ends here instead.
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(done.code or 0)


@click.group(cls=_Deckwright)
@click.version_option(package_name="deckwright")
@click.option(
    "--pools",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    envvar="DECKWRIGHT_POOLS",
    help=_POOLS_HELP,
)
@click.pass_context
def cli(ctx: click.Context, pools: Path | None) -> None:
    """Deckwright: build and check trading card game decks."""
    # Games start from the compiled-game cache (DECKWRIGHT_CACHE; "off" reads the YAML).
    ctx.obj = {"library": PoolLibrary(pools or default_pool_dir(), default_cache_dir())}


@cli.command()
@pools_option
@click.pass_context
def games(ctx: click.Context) -> None:
    """List the games, their formats and their deck sections.

    A game whose rule entries do not compile is left out, as the site leaves it out (no deck
    could be checked against it), and its problems are said."""
    try:
        loaded = _library(ctx).games()
    except DeckwrightError as exc:
        raise UsageError(str(exc)) from None
    left_out: list[str] = []
    for game in loaded.values():
        problems = compile_all(game)
        if problems:
            left_out.append(game.id)
            for problem in problems:
                click.echo(str(problem), err=True)
            continue
        click.echo(
            f"{game.id}: {game.name}" + (" [illustrative pool]" if game.illustrative else "")
        )
        click.echo(f"  sections: {', '.join(s.name for s in game.sections)}")
        for fmt in game.formats.values():
            default = " (default)" if fmt.id == game.default_format else ""
            click.echo(f"  format {fmt.id}: {fmt.name}{default}, {len(fmt.rules)} rules")
    if left_out:
        raise UsageError(
            f"left out for problems in their rules, as the site leaves them out:"
            f" {', '.join(left_out)} (see 'deckwright cardpool check')"
        )


@cli.command()
@pools_option
@click.option("--game", "-g", "game_id", required=True, help="Game id (see 'deckwright games').")
@format_option(
    "Format id; if omitted, the one the list names as its own (a 'Format:' line, a JSON"
    " deck's format), else the game's default."
)
@click.option(
    "--as-of",
    callback=_as_of,
    help="Check against the rules in force on this date (YYYY-MM-DD).",
)
@click.option("--all-formats", is_flag=True, help="Also give the verdict in every format.")
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable results.")
@click.option("--details", is_flag=True, help="List every problem even for many files.")
# Kept as written: a dash alone is the standard input, "./-" the file named "-".
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.pass_context
def validate(ctx, game_id, format_id, as_of, all_formats, as_json, details, paths) -> None:
    """Check decklist files against a game's format.

    Text decklists, or the JSON form for files ending in .json; a dash (-) reads
    the list piped to the command. One file prints its verdict and every
    problem; many files print one line each and a total.
    Exit status: 0 when every deck is legal, 1 when any is not, 2 on a usage or
    file error.
    """
    game = _game(ctx, game_id)
    _format(game, format_id)
    if sum(files.is_standard_input(p) for p in paths) > 1:
        # the second would read what the first left: nothing
        raise UsageError("the standard input (-) can be read once: name it once")
    verdicts = []
    for path in paths:
        try:
            verdicts.append(files.check_file(path, game, format_id, as_of, all_formats))
        except files.DecklistFileError as exc:
            if len(paths) == 1:
                raise UsageError(str(exc)) from None
            # one file of many that cannot be read is said in its place, the others checked
            verdicts.append(files.unreadable_verdict(path, game, format_id, exc.reason))
        except DeckwrightError as exc:
            raise UsageError(str(exc)) from None
    if as_json:
        click.echo(json.dumps([files.verdict_json(v) for v in verdicts], indent=2))
    else:
        show_details = details or len(verdicts) == 1
        for verdict in verdicts:
            click.echo(files.summary_line(verdict, game))
            if show_details and not verdict.not_checked:
                for line in files.detail_lines(verdict.result):
                    click.echo(line)
        if len(verdicts) > 1:
            click.echo(_total(verdicts))
    if any(v.not_checked for v in verdicts):  # a list not checked: no verdict on them all
        ctx.exit(EXIT_USAGE)
    if not all(v.legal for v in verdicts):
        ctx.exit(EXIT_ILLEGAL)


def _total(verdicts: list[files.FileVerdict]) -> str:
    """The last line of many decks' verdicts: "3 decks: 1 legal, 1 not legal", and those
    not checked, unreadable or a player's second list."""
    legal = sum(v.legal for v in verdicts)
    unread = sum(bool(v.unreadable) for v in verdicts)
    repeated = sum(bool(v.repeated) for v in verdicts)
    total = f"{len(verdicts)} deck{'s' if len(verdicts) != 1 else ''}: {legal} legal"
    total += f", {len(verdicts) - legal - unread - repeated} not legal"
    if unread:
        total += f", {unread} not checked (unreadable)"
    if repeated:
        whose = "a player's second list" if repeated == 1 else "players' second lists"
        total += f", {repeated} not checked ({whose})"
    return total


@cli.group()
def cardpool() -> None:
    """Work with card pool folders."""


@cardpool.command("check")
@pools_option
@click.argument(
    "directory", required=False, type=click.Path(exists=True, file_okay=False, path_type=Path)
)
@click.pass_context
def cardpool_check(ctx: click.Context, directory: Path | None) -> None:
    """Lint every game pool in DIRECTORY (default: the configured pools).

    Every card is read from the YAML and checked, never taken from the cache; games with
    no problem are compiled into the cache for the next start.
    """
    root = directory or _library(ctx).root
    # A game with problems is built of what loaded, so its rules are checked too: a card's
    # or a format's problem does not hide a rule's.
    warnings: list = []
    games, problems = check_and_load(root, default_cache_dir(), partial=True, warnings=warnings)
    for game in games.values():
        problems.extend(compile_all(game))
    for problem in [*problems, *warnings]:
        click.echo(str(problem))
    warned = f" and {len(warnings)} warning(s)" if warnings else ""
    if problems:
        raise click.ClickException(f"{len(problems)} problem(s){warned} in {root}")
    click.echo(
        f"{root}: all pools are valid" + (f" ({len(warnings)} warning(s))" if warnings else "")
    )


@cli.group()
def event() -> None:
    """Organizer tools for an event's decklists."""


@event.command("check")
@pools_option
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--game", "-g", "game_id", required=True, help="Game id.")
@format_option()
@click.option(
    "--as-of", callback=_as_of, help="The event day whose banned list applies (YYYY-MM-DD)."
)
@click.option("--report", type=click.Path(dir_okay=False, path_type=Path), help="Write a CSV.")
@click.option(
    "--separator",
    type=click.Choice(list(SEPARATORS)),
    default="comma",
    show_default=True,
    help="The report's cell separator: semicolon for Excel where the decimal mark is a comma.",
)
@click.pass_context
def event_check(ctx, folder, game_id, format_id, as_of, report, separator) -> None:
    """Check every decklist in FOLDER; one line per deck, and an optional CSV report."""
    game = _game(ctx, game_id)
    _format(game, format_id)
    others: list[Path] = []
    try:
        verdicts = files.check_folder(folder, game, format_id, as_of, others)
    except DeckwrightError as exc:
        raise UsageError(str(exc)) from None
    if not verdicts:  # the wrong folder, or lists saved as .docx: no deck was checked
        raise UsageError(f"{folder}: no decklists ({', '.join(DECKLIST_SUFFIXES)} files) in it")
    for verdict in verdicts:
        click.echo(files.summary_line(verdict, game))
    for other in others:  # a list saved as .docx or .pdf is said, not left out unseen
        click.echo(f"{files.shown(other)}: skipped: {NOT_A_DECKLIST}")
    legal = sum(v.legal for v in verdicts)
    unread = sum(bool(v.unreadable) for v in verdicts)
    repeated = sum(bool(v.repeated) for v in verdicts)
    total = _total(verdicts)
    if others:
        total += f"; {len(others)} other file{'s' if len(others) > 1 else ''} skipped"
        total += " (not decklists)"
    click.echo(total)
    if report:
        try:
            report.write_text(
                files.report_csv(verdicts, SEPARATORS[separator]), encoding="utf-8-sig"
            )
        except OSError as exc:
            raise UsageError(f"{report}: {exc.strerror or exc}") from None
        click.echo(f"report written to {report}")
    if unread or repeated:  # a list not checked: no verdict on the event as a whole
        ctx.exit(EXIT_USAGE)
    if legal != len(verdicts):
        ctx.exit(EXIT_ILLEGAL)
