"""Compile a game folder (``game.yaml`` + ``cards.yaml``) into a :class:`~cardpool.model.Game`.

YAML is read with the safe loader only, and every card is checked against the
game's schema. Every problem found is collected and raised together as one
:class:`~cardpool.errors.PoolError` naming the file, the line, the card and the field.

Only a game compiled afresh needs this module (and YAML and marshmallow with it):
:mod:`cardpool.loader` imports it when a game is not started from its cache.
"""

from __future__ import annotations

import codecs
import dataclasses
import datetime
import errno
import functools
import gc
import json
import os
import re
import secrets
import stat
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from sys import intern
from typing import Any

import yaml
from marshmallow import ValidationError, fields, validate

from . import schema
from .errors import PoolProblem
from .model import (
    Attribute,
    Banlist,
    Card,
    CardSet,
    Decision,
    Format,
    Game,
    Rotation,
    RuleSpec,
    Section,
)
from .names import did_you_mean, name_key
from .stand_ins import names_sections_of, spec_despite

SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_MERGE = "tag:yaml.org,2002:merge"


class _PoolLoader(SafeLoader):
    """The safe loader, refusing a mapping that writes a key twice: YAML would keep the last
    value without a word (a card's second ``name:`` renamed it, a rule's second ``max:``
    changed the verdict)."""

    def construct_mapping(self, node, deep=False):
        seen: dict[tuple, int] = {}
        for key, _value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.tag != _MERGE:
                first = seen.get((key.tag, key.value))
                if first is not None:
                    raise yaml.constructor.ConstructorError(
                        None,
                        None,
                        f"key {key.value!r} is written twice (first on line {first});"
                        " YAML would keep only the last",
                        key.start_mark,
                    )
                seen[key.tag, key.value] = key.start_mark.line + 1
        return super().construct_mapping(node, deep)

    # A value that looks like a date or an integer but cannot be one (2024-13-45, or 5,000
    # digits past the interpreter's limit) raised ValueError out of the loader: a traceback
    # instead of the file and line.
    def construct_yaml_timestamp(self, node):
        try:
            return super().construct_yaml_timestamp(node)
        except ValueError as exc:
            raise yaml.constructor.ConstructorError(
                None, None, f"{node.value!r} is no date ({exc}); write YYYY-MM-DD", node.start_mark
            ) from None

    def construct_yaml_int(self, node):
        try:
            return super().construct_yaml_int(node)
        except ValueError:
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f"a number of {len(node.value):,} characters is too long",
                node.start_mark,
            ) from None


_PoolLoader.add_constructor("tag:yaml.org,2002:timestamp", _PoolLoader.construct_yaml_timestamp)
_PoolLoader.add_constructor("tag:yaml.org,2002:int", _PoolLoader.construct_yaml_int)


class _Problems:
    """Collects problems for one file, finding lines in the YAML node tree on demand."""

    def __init__(
        self,
        path: Path,
        text: str,
        sink: list[PoolProblem],
        severity="error",
        flow: tuple[str, dict[str, int]] | None = None,
    ):
        self.path = path
        self.text = text
        self.sink = sink
        self.severity = severity
        # The file with its runs of one-line items set aside (see _flow_lines_aside and
        # _one_line_items): the skeleton, and how many lines each placeholder stands for.
        # Lines are found in the skeleton and in the one line of a card, never by
        # composing every card's line: at 75,000 cards that took longer than reading them.
        self._flow = flow
        self._lines: list[str] | None = None
        self._root: yaml.Node | None = None

    def add(self, message, at=(), card=None, field=None):
        line = self.line_of(at)
        self.sink.append(
            PoolProblem(str(self.path), message, line, card, field, severity=self.severity)
        )

    def warnings(self, sink: list[PoolProblem]) -> _Problems:
        """The same file's warnings, collected in ``sink``."""
        found = _Problems(self.path, self.text, sink, "warning", self._flow)
        found._root, found._lines = self._root, self._lines
        return found

    def between(self, start: yaml.Mark, end: yaml.Mark) -> str:
        """The text written from ``start`` to ``end``, marks of nodes of :meth:`_nearest`."""
        if start.name == _ONE_LINE:  # both on a line composed alone: its columns
            return self._lines[start.line][start.column : end.column]
        return (self._flow[0] if self._flow else self.text)[start.index : end.index]

    def line_of(self, path: Iterable[Any]) -> int | None:
        node = self._nearest(path)
        return node.start_mark.line + 1 if node is not None else None

    def _nearest(self, path: Iterable[Any]) -> yaml.Node | None:
        """The node at ``path``, or the deepest one on the way to it."""
        if self._root is None:
            if self._flow is None:
                self._flow = _one_line_items(self.text)
            try:
                self._root = yaml.compose(
                    self._flow[0] if self._flow else self.text, Loader=SafeLoader
                )
            except yaml.YAMLError:
                self._root = None
            if self._root is None and self._flow is not None:
                self._flow = None  # the skeleton cannot stand for the file: the file whole
                try:
                    self._root = yaml.compose(self.text, Loader=SafeLoader)
                except yaml.YAMLError:
                    return None
            if self._root is None:
                return None
        node = self._root
        for step in path:
            child = self._child(node, step)
            if child is None:
                break
            node = child
        return node

    def _child(self, node, step):
        if not (self._flow and isinstance(node, yaml.SequenceNode) and isinstance(step, int)):
            return _child(node, step)
        # A placeholder item stands for the objects of its lines, one a line from its own.
        runs = self._flow[1]
        for item in node.value:
            lines = runs.get(item.value) if isinstance(item, yaml.ScalarNode) else None
            if step < (lines or 1):
                return item if lines is None else self._flow_item(_run_start(item.value) + step)
            step -= lines or 1
        return None

    def _flow_item(self, number: int) -> yaml.Node | None:
        """The object written on the line at index ``number``, composed alone, its marks
        moved to that line."""
        if self._lines is None:
            self._lines = self.text.split("\n")
        match = _FLOW_LINE.fullmatch(self._lines[number])
        if match is None:
            return None
        try:
            node = yaml.compose(match[2], Loader=SafeLoader)
        except yaml.YAMLError:
            return None
        indent = len(match[1])
        stack = [node]
        while stack:
            each = stack.pop()
            for name in ("start_mark", "end_mark"):
                mark = getattr(each, name)
                line, column = number + mark.line, indent + mark.column
                setattr(each, name, yaml.Mark(_ONE_LINE, mark.index, line, column, None, None))
            if isinstance(each, yaml.MappingNode):
                stack.extend(part for pair in each.value for part in pair)
            elif isinstance(each, yaml.SequenceNode):
                stack.extend(each.value)
        return node

    def validation(self, error: ValidationError, at=(), card=None, prefix="", raw=None) -> None:
        """Each problem of ``error``; with ``raw`` (a format's mapping), a problem of one of
        its banned lists or rotations names the entry by its date, not its place."""
        said: set[str] = set()
        found = list(_flatten(error.messages))
        # A key that must be there, misspelt ('nme:'), is said once: as the key meant.
        meant = {
            (tuple(path[:-1]), hint[1])
            for path, message in found
            if message.startswith("Unknown field")
            and (hint := re.search(r"did you mean '([^']+)'\?$", message)) is not None
        }
        for path, message in found:
            if message == "Missing data for required field." and (
                (tuple(path[:-1]), path[-1]) in meant if path else False
            ):
                continue
            field = ".".join(str(p) for p in path) or None
            if message in ("Not a valid string.", "Field may not be null."):
                message = self._read_as_no_text(message, (*at, *path))
            elif message in ("Not a valid date.", "Not a valid integer."):
                message = self._how_to_write(message, (*at, *path))
            if message.startswith("Unknown field") and path and isinstance(path[-1], str):
                # a key that is a piece of text a comma cut off is no key misspelt: said
                # once, at the text's first piece, for all of them
                cut = _comma_cut(self, (*at, *path[:-1]), path[-1])
                if cut is not None:
                    hint, first = cut
                    if hint in said:
                        continue
                    said.add(hint)
                    path = (*path[:-1], first)
                    field = ".".join(str(p) for p in path)
                    message = f"Unknown field{hint}"
            dated = _dated_entry(raw, path) if raw is not None else None
            if dated is not None:
                field, entry = dated
                message = entry + message
            self.add(prefix + message, (*at, *path), card=card, field=field)

    def _how_to_write(self, message: str, path: tuple) -> str:
        """``message`` with what was written and how to write a day or a whole number
        ("Not a valid date." said neither)."""
        node = self._nearest(path)
        if not isinstance(node, yaml.ScalarNode) or not node.value:
            return message
        written = node.value
        if message == "Not a valid date.":
            return f"Not a valid date: {written!r}; write YYYY-MM-DD"
        quoted = node.style in ('"', "'") and re.fullmatch(r"[+-]?[0-9]+", written.strip())
        if quoted:
            return (
                f"Not a valid integer: {node.style}{written}{node.style} in quotes is text;"
                f" write it without the quotes, {written.strip()}"
            )
        return f"Not a valid integer: {written!r}; write a whole number"

    def _read_as_no_text(self, message: str, path: tuple) -> str:
        """``message`` with why text written plain is no text: YAML reads ``No`` as false
        and ``1984`` as a number (a stranger sees a name, and "Not a valid string." says
        nothing)."""
        node = self._nearest(path)
        if isinstance(node, yaml.SequenceNode) and path[-1:] == ("set",) and path[:1] == ("cards",):
            return (
                "Not a valid string: a card is in one set; a card printed in several is"
                " listed once per printing, each with its own id and set"
            )
        # plain: no quotes (the C reader says '', the Python one None)
        if not isinstance(node, yaml.ScalarNode) or node.style not in (None, ""):
            return message
        written = node.value
        if not written:
            return message  # nothing written at all
        if node.tag == "tag:yaml.org,2002:bool":
            read_as = "true" if written.lower() in ("yes", "true", "on") else "false"
        elif node.tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float"):
            read_as = "a number"
        elif node.tag == "tag:yaml.org,2002:null":
            read_as = "nothing"
        elif node.tag == "tag:yaml.org,2002:timestamp":
            read_as = "a date"
        else:
            return message
        return (
            f"{message.rstrip('.')}: YAML reads {written} as {read_as}; write it in quotes,"
            f' "{written}", for the text'
        )


def _one_a_day(entries: list, key: str, problems: _Problems, at: tuple, format_id: str) -> None:
    """A banned list dated as an earlier one of the format is refused, and so is a rotation
    changing what an earlier one of its day changes: the newest on or before a day is the
    one in force, and of two of one day that would be whichever the file writes last."""
    noun = _DATED[key]
    first_of: dict[tuple, int] = {}
    for index, entry in enumerate(entries):
        when = entry.get("date") if isinstance(entry, dict) else None
        if not isinstance(when, datetime.date):
            continue
        if key == "banlists":
            changes = [None]
        else:
            changes = [name for name in ("legal_sets",) if entry.get(name) is not None]
            changes += [f"legal_values.{a}" for a in entry.get("legal_values") or ()]
        for change in changes:
            first = first_of.setdefault((when, change), index)
            if first == index:
                continue
            day = when.isoformat()
            first_line = problems.line_of((*at, key, first))
            too = f" and changes {change} too" if change else ""
            problems.add(
                f"format {format_id!r}: the {noun} of {day}: another {noun} is dated {day}"
                f" (line {first_line}){too}; which is in force that day would hang on their"
                f" order: make them one {'list' if key == 'banlists' else noun}",
                (*at, key, index, "date"),
                field="date",
            )
            break


_DATED = {"banlists": "banned list", "rotations": "rotation"}
_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def _dated_entry(raw: Any, path: tuple) -> tuple[str, str] | None:
    """For a problem at ``path`` in a banned list or rotation of the format ``raw``: the
    field, and the entry as a player names it ("the banned list of 2024-05-21: 'Kindle': ")."""
    if not isinstance(raw, dict) or len(path) < 2 or path[0] not in _DATED:
        return None
    entries, index = raw.get(path[0]), path[1]
    if not isinstance(entries, list) or not isinstance(index, int) or index >= len(entries):
        return None
    when = entries[index].get("date") if isinstance(entries[index], dict) else None
    noun = _DATED[path[0]]
    if isinstance(when, datetime.date):
        entry = f"the {noun} of {when.isoformat()}"
    else:
        entry = (
            f"the {_ORDINALS[index] if index < len(_ORDINALS) else f'number {index + 1}'} {noun}"
        )
    rest = list(path[2:])
    if len(rest) == 3 and rest[0] == "restricted" and rest[2] in ("key", "value"):
        rest.pop()  # marshmallow's own step into a mapping's key or value
    named = "".join(f"entry {p + 1}: " if isinstance(p, int) else f"{p!r}: " for p in rest[1:])
    return (str(rest[0]) if rest else path[0]), f"{entry}: {named}"


def rule_line(game: Game, format_id: str, rule_id: str, field: str | None = None) -> int | None:
    """The ``game.yaml`` line of a rule entry of a format (or of the base it inherits the
    rule from), at ``field`` when the entry has it: where a bad rule parameter is reported."""
    found = _rule_entry(game, format_id, rule_id)
    if found is None:
        return None
    problems, at = found
    return problems.line_of((*at, *((field,) if field else ())))


def rule_hint(game: Game, format_id: str, rule_id: str, field: str | None) -> str:
    """What to add to a problem of a rule entry's ``field`` when the field is a piece of
    text a comma cut off (see :func:`_comma_cut`); ``""`` otherwise."""
    found = _rule_entry(game, format_id, rule_id) if field is not None else None
    if found is None:
        return ""
    problems, at = found
    cut = _comma_cut(problems, at, field)
    return cut[0] if cut else ""


def _comma_cut(problems: _Problems, at: tuple, field: Any) -> tuple[str, str] | None:
    """When the key ``field`` of the mapping at ``at`` is a piece of text a comma cut off
    (in ``{title: Fusion, Synchro, Xyz monsters}`` or ``{id: x, name: Fire, Ice, type:
    Dino}`` YAML reads the title as ``Fusion``, the name as ``Fire``, and ``Synchro`` and
    ``Ice`` as keys of their own): what to add to its problem, and the text's first piece
    read as a key. None otherwise."""
    entry = problems._nearest(at)
    if not isinstance(entry, yaml.MappingNode) or not entry.flow_style:
        return None
    pairs = entry.value
    index = next(
        (i for i, (key, value) in enumerate(pairs) if key.value == str(field) and _bare(value)),
        None,
    )
    if index is None:
        return None
    first, last = index, index
    while first > 0 and _bare(pairs[first - 1][1]):
        first -= 1
    while last + 1 < len(pairs) and _bare(pairs[last + 1][1]):
        last += 1
    if first == 0:
        return None
    text_key, text = pairs[first - 1]
    if not (
        isinstance(text, yaml.ScalarNode)
        and text.tag == "tag:yaml.org,2002:str"
        and text.style in (None, "")  # plain: quoted text is not cut by a comma
    ):
        return None
    written = " ".join(problems.between(text.start_mark, pairs[last][0].end_mark).split())
    quoted = '"' + written.replace("\\", "\\\\").replace('"', '\\"') + '"'
    hint = (
        f"; a comma inside {{...}} ends a value, so {text_key.value!r} is only"
        f" {text.value!r}: write its text in quotes, {text_key.value}: {quoted}"
    )
    return hint, pairs[first][0].value


def _bare(node) -> bool:
    """A key of a flow mapping written with no value (``Synchro`` in ``{a: b, Synchro}``)."""
    return (
        isinstance(node, yaml.ScalarNode)
        and node.tag == "tag:yaml.org,2002:null"
        and node.start_mark.index == node.end_mark.index
    )


def _rule_entry(game: Game, format_id: str, rule_id: str) -> tuple[_Problems, tuple] | None:
    """The ``game.yaml`` of a game, and the path in it to a rule entry of a format (or of
    the base it inherits the rule from)."""
    if not game.source_files:
        return None
    path = Path(game.source_files[0])
    try:
        text = path.read_text(encoding="utf-8")
        raw_formats = yaml.load(text, Loader=SafeLoader).get("formats") or []
    except (OSError, UnicodeDecodeError, yaml.YAMLError, AttributeError):
        return None
    chain = []
    while format_id is not None and format_id not in chain and format_id in game.formats:
        chain.append(format_id)
        format_id = game.formats[format_id].base
    for wanted in chain:
        for f_index, raw in enumerate(raw_formats):
            if not isinstance(raw, dict) or raw.get("id") != wanted:
                continue
            for r_index, rule in enumerate(raw.get("rules") or ()):
                if isinstance(rule, dict) and rule.get("id") == rule_id:
                    return _Problems(path, text, []), ("formats", f_index, "rules", r_index)
    return None


def _child(node, step):
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if key.value == str(step):
                return value
    if isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
        return node.value[step]
    return None


def _flatten(messages, path=()):
    if isinstance(messages, dict):
        for key, value in messages.items():
            # marshmallow files a whole-schema error under "_schema"
            yield from _flatten(value, path if key == "_schema" else (*path, key))
    elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        yield path, " ".join(messages)
    elif isinstance(messages, list):
        for message in messages:
            yield from _flatten(message, path)
    else:
        yield path, str(messages)


def _read_yaml(path: Path, sink: list[PoolProblem]) -> tuple[Any, _Problems | None]:
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            # A named pipe or a device (a link to /dev/zero) would be read forever.
            sink.append(PoolProblem(str(path), "cannot be read: not a regular file"))
            return None, None
        if info.st_size > MAX_POOL_FILE_BYTES:
            # Read, a 50 MB file kept the check and the site's start busy for minutes.
            sink.append(PoolProblem(str(path), _too_large(info.st_size)))
            return None, None
        data = path.read_bytes()
    except FileNotFoundError:
        if path.is_symlink():
            target = os.readlink(path)
            sink.append(
                PoolProblem(str(path), f"cannot be read: a link to {target}, which does not exist")
            )
        else:
            sink.append(PoolProblem(str(path), "file is missing"))
        return None, None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            why = "a link to itself, or to a link back to it"
        else:
            why = exc.strerror or str(exc)
        sink.append(PoolProblem(str(path), f"cannot be read: {why}"))
        return None, None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        sink.append(_not_utf8(path, data, exc))
        return None, None
    problems = _Problems(path, text, sink)
    skeleton, flow_lines = _flow_lines_aside(text)
    if flow_lines:
        try:
            data = _load_with_flow_lines(skeleton, flow_lines)
        except yaml.YAMLError as exc:
            # A line YAML refuses that is no card's JSON line (the skeleton keeps every
            # other line as written, at its number) is the file's mistake: said now, not
            # after reading every card as YAML to find it again.
            if not _in_runs(exc, flow_lines):
                return _malformed(path, text, exc, sink)
            data = None
        if data is not None:
            counts = {placeholder: len(values) for placeholder, values in flow_lines.items()}
            problems = _Problems(path, text, sink, flow=(skeleton, counts))
            return (data, problems) if isinstance(data, dict) else _not_a_mapping(problems)
    alias_line = _alias_overflow(text)
    if alias_line is not None:
        # References to references grow exponentially when the data is walked (a "billion
        # laughs" in a card's name took minutes and all the memory); aliases that only
        # share a value, as YAML writers emit them, stay well inside the budget.
        sink.append(
            PoolProblem(
                str(path),
                "YAML aliases (*name) here expand to more than "
                f"{ALIAS_BUDGET:,} values: write the values out",
                alias_line,
            )
        )
        return None, None
    try:
        data = yaml.load(text, Loader=_PoolLoader)
    except yaml.YAMLError as exc:
        return _malformed(path, text, exc, sink)
    if not isinstance(data, dict):
        return _not_a_mapping(problems)
    return data, problems


def _malformed(path: Path, text: str, exc: yaml.YAMLError, sink: list[PoolProblem]):
    """The problem of a file YAML refuses to read, at its line."""
    if isinstance(exc, yaml.reader.ReaderError):
        # A character YAML refuses (a NUL, a control character): its line, not its offset
        # (libyaml's offset counts bytes): the first place the character is, as YAML reads.
        at = text.find(chr(exc.character))
        line = text.count("\n", 0, at) + 1 if at >= 0 else None
        sink.append(
            PoolProblem(
                str(path),
                f"holds the control character U+{exc.character:04X}, which YAML refuses: remove it",
                line,
            )
        )
        return None, None
    mark = getattr(exc, "problem_mark", None)
    reason = getattr(exc, "problem", None) or str(exc)
    closer = _closer_look(text, exc, reason)
    if closer is not None:
        line, said = closer
    else:
        line, said = (mark.line + 1 if mark else None), f"{reason}{_hint(reason, text, mark)}"
    sink.append(PoolProblem(str(path), f"malformed YAML: {said}", line))
    return None, None


# What YAML's words for a file broken by its indentation mean to whoever wrote it.
_INDENTED = " (is this line indented as the lines of its kind above it?)"
_HINTS = (
    ("found a tab character", " (indent with spaces, never tabs)"),
    ("found character '\\t'", " (indent with spaces, never tabs)"),
    (
        "did not find expected '-' indicator",
        " (each item of a list starts with '- '; is this line indented as the lines of its"
        " kind above it?)",
    ),
    ("did not find expected key", _INDENTED),
    ("expected <block end>", _INDENTED),
    ("could not find expected ':'", _INDENTED),
    (
        "mapping values are not allowed",
        " (a value holding ': ' is written in quotes; else, is this line indented as the"
        " lines of its kind above it?)",
    ),
    (
        "could not determine a constructor for the tag",
        " (a pool reads no tags such as !!python/...: write the value itself)",
    ),
)


def _hint(reason: str, text: str, mark) -> str:
    found = next((hint for start, hint in _HINTS if reason.startswith(start)), "")
    if found or mark is None:
        return found
    if reason.startswith("found character that cannot start any token"):
        # The C reader names no character: the one at the mark (its column counts
        # characters on an ASCII line), or a tab leading the line.
        lines = text.split("\n")
        line = lines[mark.line] if mark.line < len(lines) else ""
        at = line[mark.column : mark.column + 1]
        if at == "\t" or line.lstrip(" ").startswith("\t"):
            return " (a tab: indent with spaces, never tabs)"
        if at in ("@", "`"):
            return f' (a value starting with {at} is written in quotes: "{at}...")'
    return ""


# A value opened with a quote: after "key: ", "- " or "[", ", " in a list written in brackets.
_OPENING_QUOTE = re.compile(r"""(?:^\s*-\s+|:\s+|[\[{,]\s*)(["'])""")


def _closer_look(text: str, exc: yaml.YAMLError, reason: str) -> tuple[int, str] | None:
    """The line a mistake was made on and what it is, where YAML finds it lines later: a
    key written without its colon (YAML looks for the ':' on the next line), a quote left
    open (YAML reads on to the next quote of the file, then finds no key)."""
    mark = getattr(exc, "problem_mark", None)
    context = getattr(exc, "context_mark", None)
    if mark is None or context is None or context.line > mark.line:
        return None
    lines = text.split("\n")
    if reason.startswith("could not find expected ':'") and context.line < len(lines):
        written = lines[context.line].strip()
        written = written[2:].strip() if written.startswith("- ") else written
        key = written.split()[0] if written else ""
        return (
            context.line + 1,
            f"{reason} after {written!r} (a key is followed by ': ', as in '{key}: ...')",
        )
    for number in range(context.line, min(mark.line, len(lines) - 1) + 1):
        line = lines[number]
        for opened in _OPENING_QUOTE.finditer(line):
            quote = opened.group(1)
            rest = line[opened.end() :]
            closed = rest.replace(quote * 2, "") if quote == "'" else re.sub(r"\\.", "", rest)
            if quote in closed:
                continue  # closed on its line
            # YAML read on to the next such quote: none on the lines between
            if all(quote not in lines[n] for n in range(number + 1, mark.line)):
                return number + 1, "the quote opened here is not closed on its line"
            return None
    return None


# The largest pool file read: 50,000 cards written as the shipped pools write them are
# about 9 MB of YAML, the 200,000 cards bench/pool_speed.py generates 40 MB (every printing
# of the largest card games is fewer). Larger is no game's pool, and YAML written by hand
# is read at well under a MB a second: a 50 MB file held the check or the start 3 minutes.
MAX_POOL_FILE_BYTES = 44 * 1024 * 1024


def _too_large(size: int) -> str:
    limit = MAX_POOL_FILE_BYTES / 1024 / 1024
    # a file a little over the limit is not said to be the limit's size ("44 MB, larger
    # than the 44 MB")
    megabytes = next(
        (m for m in (f"{size / 1024 / 1024:.{d}f}" for d in (0, 1, 2)) if float(m) > limit),
        None,
    )
    if megabytes is None:  # bytes over: "44.000 MB, larger than the 44 MB" is said in bytes
        larger = f"{size:,} bytes, larger than the {limit:.0f} MB ({MAX_POOL_FILE_BYTES:,} bytes)"
    else:
        larger = f"{megabytes} MB, larger than the {limit:.0f} MB"
    return f"is {larger} a pool file may be: is it a card pool?"


def _not_a_mapping(problems: _Problems) -> tuple[None, None]:
    if not problems.text.strip() or _holds_nothing(problems.text):
        problems.add("is empty: it must be a YAML mapping (key: value lines)")
    else:
        problems.add("must be a YAML mapping at the top level")
    return None, None


def _holds_nothing(text: str) -> bool:
    try:
        return yaml.compose(text, Loader=SafeLoader) is None
    except yaml.YAMLError:
        return False


def _not_utf8(path: Path, data: bytes, exc: UnicodeDecodeError) -> PoolProblem:
    """Where a file that is not UTF-8 first breaks it, and what it likely is instead."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return PoolProblem(str(path), "is UTF-16, not UTF-8: save it as UTF-8", 1)
    line = data.count(b"\n", 0, exc.start) + 1
    return PoolProblem(
        str(path),
        f"is not UTF-8 (byte 0x{data[exc.start]:02x}): save it as UTF-8",
        line,
    )


# A sequence item written on one line as a JSON object (`  - {"id": "b1", "cost": 3}`), the
# way large generated pools are written. YAML builds each value in Python, about 100 times
# slower than json reads the same line; such a line means the same in both languages when it
# has no escape (no backslash), no float (YAML 1.1 reads 1e5 as text) and no NaN.
_FLOW_LINE = re.compile(r"( *- )(\{.*\})[ ]*")
_NOT_JSON_ALIKE = re.compile(r"[\\\t\r\x85\u2028\u2029]")


class _NotAlike(ValueError):
    """A JSON value YAML would read otherwise."""


def _refuse(_text: str):
    raise _NotAlike


def _unique_keys(pairs: list) -> dict:
    # A key written twice is left for YAML to refuse, with its line.
    found = dict(pairs)
    if len(found) != len(pairs):
        raise _NotAlike
    return found


_JSON = json.JSONDecoder(
    parse_float=_refuse, parse_constant=_refuse, object_pairs_hook=_unique_keys
)


def _flow_lines_aside(text: str) -> tuple[str, dict[str, list]]:
    """``text`` with each run of JSON-alike item lines replaced by one placeholder item on
    the run's first line (its other lines left blank, so every line keeps its number), and
    the objects each run holds, by placeholder."""
    if "- {" not in text or yaml.reader.Reader.NON_PRINTABLE.search(text):
        return text, {}
    # A placeholder no file can already hold.
    mark = f"deckwright-lines-{secrets.token_hex(8)}-"
    lines = text.split("\n")
    found: dict[str, list] = {}
    run: list[int] = []
    run_indent = None
    for number, line in enumerate(lines):
        match = _FLOW_LINE.fullmatch(line)
        if match is not None and not _NOT_JSON_ALIKE.search(line):
            if run and match[1] == run_indent:
                run.append(number)
                continue
            _set_aside(lines, run, run_indent, mark, found)
            run, run_indent = [number], match[1]
        elif run:
            _set_aside(lines, run, run_indent, mark, found)
            run = []
    _set_aside(lines, run, run_indent, mark, found)
    return ("\n".join(lines), found) if found else (text, {})


def _set_aside(lines: list[str], run: list[int], indent: str, mark: str, found: dict) -> None:
    """Read the item lines ``run`` (one sequence's, in a row) as JSON; the lines that are
    not JSON-alike stay for YAML to read, and break the run."""
    if not run:
        return
    objects = [line[len(indent) :] for line in (lines[n] for n in run)]
    try:
        values = _JSON.decode(f"[{','.join(objects)}]")
    except ValueError:
        values = None
    if values is None or len(values) != len(run):
        # One of the lines is not JSON alike (a comment after it ...): one line at a time.
        pieces: list[int] = []
        for number in run:
            try:
                _JSON.decode(lines[number][len(indent) :])
            except ValueError:
                _set_aside(lines, pieces, indent, mark, found)
                pieces = []
                continue
            pieces.append(number)
        if len(pieces) < len(run):
            _set_aside(lines, pieces, indent, mark, found)
            return
        values = [_JSON.decode(lines[number][len(indent) :]) for number in run]
    placeholder = f"{mark}{run[0]}"
    found[placeholder] = values
    lines[run[0]] = indent + placeholder
    for number in run[1:]:
        lines[number] = ""


# The name of the marks of a line composed alone (see _Problems._flow_item).
_ONE_LINE = "<one line>"
# An anchor or an alias in a flow mapping: such a line means nothing composed alone.
_ANCHORED = re.compile(r"(?:^|[\[{,:])\s*[&*]")


def _one_line_items(text: str) -> tuple[str, dict[str, int]] | None:
    """``text`` with each run of item lines written on one line (``  - {...}``) replaced as
    :func:`_flow_lines_aside` replaces JSON ones, and how many lines each placeholder
    stands for; None when there is none. For finding lines only: the file was read."""
    if "- {" not in text:
        return None
    mark = f"deckwright-lines-{secrets.token_hex(8)}-"
    lines = text.split("\n")
    counts: dict[str, int] = {}
    run: list[int] = []
    run_indent = None

    def set_aside() -> None:
        if run:
            counts[f"{mark}{run[0]}"] = len(run)
            lines[run[0]] = run_indent + f"{mark}{run[0]}"
            for number in run[1:]:
                lines[number] = ""

    for number, line in enumerate(lines):
        match = _FLOW_LINE.fullmatch(line)
        if match is not None and _ANCHORED.search(match[2][1:]) is None:
            if run and match[1] == run_indent:
                run.append(number)
                continue
            set_aside()
            run, run_indent = [number], match[1]
        elif run:
            set_aside()
            run = []
    set_aside()
    return ("\n".join(lines), counts) if counts else None


def _run_start(placeholder: str) -> int:
    """The index of the first line of the run a placeholder stands for."""
    return int(placeholder.rsplit("-", 1)[1])


def _in_runs(exc: yaml.YAMLError, flow_lines: dict[str, list]) -> bool:
    """Whether YAML's error may lie on lines set aside (or has no line), where the skeleton
    does not read as the file: from the start of what YAML was reading (a quote or a brace
    left open) to where it stopped."""
    mark = getattr(exc, "problem_mark", None)
    if mark is None:
        return True
    context = getattr(exc, "context_mark", None)
    first = min(mark.line, context.line) if context is not None else mark.line
    return any(
        _run_start(placeholder) <= mark.line and first < _run_start(placeholder) + len(values)
        for placeholder, values in flow_lines.items()
    )


def _load_with_flow_lines(skeleton: str, flow_lines: dict[str, list]) -> Any:
    """The document, read from ``skeleton`` with each placeholder item put back; ``None``
    when the skeleton cannot stand for the file (a placeholder landed inside a block of
    text, it holds aliases), so that the file is read whole. A skeleton that is not YAML
    raises YAML's error (the caller tells whether it is the file's)."""
    if _alias_overflow(skeleton) is not None:
        return None
    data = yaml.load(skeleton, Loader=_PoolLoader)
    left = dict(flow_lines)
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            if any(isinstance(item, str) and item in left for item in node):
                spliced = []
                for item in node:
                    if isinstance(item, str) and item in left:
                        spliced.extend(left.pop(item))
                    else:
                        spliced.append(item)
                        if isinstance(item, (dict, list)):
                            stack.append(item)
                node[:] = spliced
            else:
                stack.extend(item for item in node if isinstance(item, (dict, list)))
    return None if left else data


# Values an alias may add when expanded, beyond those written out in the file.
ALIAS_BUDGET = 100_000


def _alias_overflow(text: str) -> int | None:
    """The line of the alias whose expansion passes :data:`ALIAS_BUDGET` values, if any.

    Sizes are counted on the parser's events, before anything is built: an anchored
    value's size is what it would expand to, and each alias adds that size again. Text
    without both an anchor (``&``) and a star is not parsed twice; malformed YAML is left
    for the load to report.
    """
    if "&" not in text or "*" not in text:
        return None
    sizes: dict[str, int] = {}
    open_nodes: list[list] = [[None, 0]]  # [anchor, size] of each collection being read
    added = 0
    try:
        for event in yaml.parse(text, Loader=SafeLoader):
            if isinstance(event, yaml.AliasEvent):
                size = sizes.get(event.anchor, 1)
                added += size
                open_nodes[-1][1] += size
                if added > ALIAS_BUDGET:
                    return event.start_mark.line + 1
            elif isinstance(event, yaml.ScalarEvent):
                open_nodes[-1][1] += 1
                if event.anchor:
                    sizes[event.anchor] = 1
            elif isinstance(event, yaml.CollectionStartEvent):
                open_nodes.append([event.anchor, 1])
            elif isinstance(event, yaml.CollectionEndEvent) and len(open_nodes) > 1:
                anchor, size = open_nodes.pop()
                open_nodes[-1][1] += size
                if anchor:
                    sizes[anchor] = size
    except yaml.YAMLError:
        return None
    return None


# cards it names): computed once per name while a game is built, then forgotten.
_name_key = functools.lru_cache(maxsize=None)(name_key)


def build_game(
    directory: Path,
    sink: list[PoolProblem],
    partial: bool = False,
    warnings: list[PoolProblem] | None = None,
) -> Game | None:
    """The game of ``directory`` read from its YAML and checked card by card; each problem
    found goes to ``sink`` (None when the game cannot be built at all).

    A game with problems is None too, unless ``partial``: then it is built of what loaded
    (the cards and formats without a problem of their own), for a check to go on to its
    rules; its ``meta["refused_names"]`` holds the name keys of the cards refused, whose
    problems are said already, so that a rule naming one is no second problem. Such a game
    is for checking only, never served nor kept."""
    # Hundreds of thousands of new objects, none of them garbage until the build ends: the
    # collector would walk them again and again (a quarter of the time).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _build_game_once(directory, sink, partial, warnings)
    finally:
        _name_key.cache_clear()
        if collecting:
            gc.enable()


def _build_game_once(
    directory: Path, sink: list[PoolProblem], partial: bool, warnings: list | None
) -> Game | None:
    before = len(sink)
    game_path, cards_path = directory / "game.yaml", directory / "cards.yaml"
    raw_game, game_problems = _read_yaml(game_path, sink)
    raw_cards, card_problems = _read_yaml(cards_path, sink)
    if raw_game is None or raw_cards is None:
        return None
    try:
        spec = schema.GameSchema().load(raw_game)
    except ValidationError as exc:
        game_problems.validation(exc)
        spec = spec_despite(raw_game, exc, directory.name, raw_cards)
        if spec is None:
            return None
    stood_in = spec.get("stood_in", ())
    try:
        pool = _load_cards_file(raw_cards)
    except ValidationError as exc:
        _cards_file_validation(card_problems, exc, raw_cards)
        pool = _pool_despite(raw_cards, exc, spec["id"])
        if pool is None:
            return None
    # An id written wrong is said once: the cards file naming the game is no second problem.
    if pool["game"] != spec["id"] and "id" not in stood_in:
        card_problems.add(f"says game {pool['game']!r} but game.yaml is {spec['id']!r}", ["game"])
    _check_game_references(spec, game_problems)

    sets = {s["code"]: CardSet(**s) for s in pool["sets"]}
    if warnings is not None:
        _check_sets_hold_cards(raw_cards, pool, card_problems.warnings(warnings))
        _check_pictures_are_there(raw_cards, directory, card_problems.warnings(warnings))
    before_cards = len(sink)
    cards = _build_cards(spec, pool, sets, card_problems)
    refused = _refused_names(pool, cards) if len(sink) > before_cards else frozenset()
    formats = _build_formats(spec, sets, cards, game_problems, refused)
    if spec.get("sections_unread"):
        # a section whose id could not be read may be the one a rule names: a rule naming
        # none of the sections read cannot be checked
        read = {s["id"] for s in spec["sections"]}
        formats = {
            format_id: dataclasses.replace(
                fmt, rules=tuple(r for r in fmt.rules if names_sections_of(r, read))
            )
            for format_id, fmt in formats.items()
        }
    decisions = _build_decisions(spec, game_problems)
    if len(sink) > before and not partial:
        return None
    return Game(
        id=spec["id"],
        name=spec["name"],
        short_name=spec["short_name"],
        rulebook=spec["rulebook"],
        description=spec["description"],
        illustrative=pool["illustrative"],
        card_types=tuple(spec["card_types"]),
        attributes={
            name: Attribute(
                name=name,
                label=a.get("label", name.replace("_", " ").capitalize()),
                # a ``cards`` attribute is a list like any other, whose values name cards
                kind="list" if a["kind"] == "cards" else a["kind"],
                values=tuple(a.get("values", ())),
                filter=a["filter"],
                required=a["required"],
                types=tuple(a.get("types", ())),
                references=a["references"] or a["kind"] == "cards",
            )
            for name, a in spec.get("attributes", {}).items()
        },
        main_attribute=spec.get("main_attribute"),
        curve=spec.get("curve"),
        colors=spec.get("colors", {}),
        sections=tuple(
            Section(
                id=s["id"],
                name=s["name"],
                noun=s["noun"],
                aliases=tuple(s["aliases"]),
                types=tuple(s["types"]),
                description=s["description"],
            )
            for s in spec["sections"]
        ),
        default_section=spec["default_section"] or next((s["id"] for s in spec["sections"]), ""),
        whole_deck_headers=tuple(spec["whole_deck_headers"]),
        default_format=spec["default_format"] or next(iter(formats), ""),
        formats=formats,
        sets=sets,
        cards=tuple(cards),
        meta={
            "title": pool["title"],
            "source": pool["source"],
            "credits": pool["credits"],
            "decisions": pool["decisions"],
            # The opening hand and draws per turn, for draw odds (no rule reads them).
            "play": spec.get("play"),
            **({"refused_names": refused} if refused else {}),
        },
        source_files=(str(game_path), str(cards_path)),
        decisions=decisions,
    )


def _check_sets_hold_cards(raw_cards: dict, pool: dict, problems: _Problems) -> None:
    """A set no card is printed in: cards given the wrong one of two sets, or a set listed
    before its cards are written (a format's legal sets name it): a warning, said by the
    check only. A set refused for a problem of its own is said already."""
    used: set[str] = set()
    for card in pool["cards"]:
        written = card.get("set") if isinstance(card, dict) else None
        # a list of sets (refused on the card) still names them: no second problem
        used.update(
            c for c in (written if isinstance(written, list) else [written]) if isinstance(c, str)
        )
    loaded = {s["code"] for s in pool["sets"]} - set(pool.get("refused_sets", ()))
    for index, entry in enumerate(raw_cards["sets"]):
        code = entry.get("code") if isinstance(entry, dict) else None
        if isinstance(code, str) and code in loaded and code not in used:
            loaded.discard(code)  # a code written twice is said once
            problems.add(
                f"set {code!r} ({entry.get('name')}) has no cards: no card's set is {code!r}"
                " (is a card's set written wrong?)",
                ("sets", index, "code"),
                field="code",
            )


def _check_pictures_are_there(raw_cards: dict, directory: Path, problems: _Problems) -> None:
    """A card's picture named as a file of the pool's folder that is not there (a misspelt
    name, a picture not yet copied in): the card's page would show a broken picture. A
    warning, said by the check only: the game and its decks are the same without it. An
    image refused for a problem of its own (outside the folder, not a picture) is said
    already, and an https address is the other site's to answer."""
    for index, card in enumerate(raw_cards.get("cards") or ()):
        image = card.get("image") if isinstance(card, dict) else None
        if not isinstance(image, str) or image.startswith("https://"):
            continue
        if schema.CARD_IMAGE.regex.match(image) is None or (directory / image).is_file():
            continue
        name = card.get("name")
        problems.add(
            f"there is no file {image} in the pool's folder ({directory}), so the card's"
            " page would show no picture: put the picture there, or correct its name",
            ("cards", index, "image"),
            card=name if isinstance(name, str) else card.get("id"),
            field="image",
        )


def _build_decisions(spec: dict, problems: _Problems) -> tuple[Decision, ...]:
    """The game's readings; each must name rule entries and formats the game really has."""
    # Read from the raw entries, so a format that failed to build does not hide its rule ids.
    format_ids = {
        f.get("id") for f in spec["formats"] if isinstance(f, dict) and isinstance(f.get("id"), str)
    }
    # In the file's order (a dict, not a set): "did you mean" lists equally close ids so.
    rule_ids = {
        rule["id"]: ()
        for f in spec["formats"]
        if isinstance(f, dict) and isinstance(f.get("rules"), list)
        for rule in f["rules"]
        if isinstance(rule, dict) and isinstance(rule.get("id"), str)  # ("id: [a]": refused)
    }
    decisions = []
    formats_read = not spec.get("formats_unread")
    for index, raw in enumerate(spec["decisions"]):
        at = ("decisions", index)
        for position, rule_id in enumerate(raw["rules"]):
            if formats_read and rule_id not in rule_ids:
                meant = did_you_mean(str(rule_id), rule_ids)
                problems.add(
                    f"names no rule {rule_id!r} of any format{meant}",
                    (*at, "rules", position),
                    field="rules",
                )
        alternative = raw.get("alternative")
        if formats_read and alternative is not None and alternative not in format_ids:
            named = {
                f["id"]: ()
                for f in spec["formats"]
                if isinstance(f, dict) and isinstance(f.get("id"), str)
            }
            meant = _meant(alternative, named, "formats")
            problems.add(
                f"alternative names no format {alternative!r}{meant}",
                (*at, "alternative"),
                field="alternative",
            )
        decisions.append(
            Decision(
                rules=tuple(raw["rules"]),
                reading=raw["reading"],
                reason=raw["reason"],
                alternative=alternative,
            )
        )
    return tuple(decisions)


def _check_game_references(spec: dict, problems: _Problems) -> None:
    section_ids = [s["id"] for s in spec["sections"]]
    # with a section's id not read (said already), no section is named wrong for its sake
    sections_known = not spec.get("sections_unread")
    default = spec["default_section"]
    if default is not None and sections_known and default not in section_ids:
        named = {s["id"]: (s["name"], *(s.get("aliases") or ())) for s in spec["sections"]}
        problems.add(
            f"no section {default!r}{_meant(default, named, 'sections', section_ids)}",
            ["default_section"],
            field="default_section",
        )
    types = spec["card_types"]

    def unknown_type(card_type) -> str:
        meant = _meant(card_type, dict.fromkeys(types, ()), "card types", types)
        return f"unknown card type {card_type!r}{meant}"

    for i, section in enumerate(spec["sections"]):
        for card_type in section["types"]:
            if card_type not in types:
                problems.add(
                    f"section {section['id']!r}: {unknown_type(card_type)}",
                    ["sections", i, "types"],
                    field="types",
                )
    attributes = spec.get("attributes", {})
    for name, attribute in attributes.items():
        for card_type in attribute.get("types", ()):
            if card_type not in types:
                problems.add(
                    f"attribute {name!r}: {unknown_type(card_type)}",
                    ["attributes", name, "types"],
                    field="types",
                )
    play = spec.get("play") or {}
    for card_type in play.get("set_aside", ()):
        if card_type not in types:
            problems.add(
                f"unknown card type {card_type!r}", ["play", "set_aside"], field="play.set_aside"
            )
    for section_id in play.get("draw_from", ()):
        if sections_known and section_id not in section_ids:
            problems.add(
                f"no section {section_id!r}", ["play", "draw_from"], field="play.draw_from"
            )
    main = spec.get("main_attribute")
    if main and main not in attributes:
        problems.add(f"no attribute {main!r}", ["main_attribute"])
    curve = spec.get("curve")
    if curve is not None and curve not in attributes:
        meant = _meant(curve, dict.fromkeys(attributes, ()), "attributes")
        problems.add(f"no attribute {curve!r}{meant}", ["curve"], field="curve")
    elif curve is not None and attributes[curve].get("kind") != "int":
        # a curve counts copies by a number: one of words would be an empty curve, unsaid
        problems.add(
            f"{curve!r} is no number (kind {attributes[curve].get('kind')}): a curve counts"
            " copies by a number the cards carry (an attribute of kind int)",
            ["curve"],
            field="curve",
        )
    if len(set(section_ids)) != len(section_ids):
        problems.add("section ids must be unique", ["sections"])


def _cards_file_validation(problems: _Problems, error: ValidationError, raw: dict) -> None:
    """The problems of a cards file as :meth:`_Problems.validation` says them, an entry of
    ``cards`` that is no mapping named as the card it was meant to be (its name in a list
    written in brackets, or a name written alone), with how a card is written."""
    messages = error.messages
    if not isinstance(messages, dict) or not isinstance(messages.get("cards"), dict):
        problems.validation(error)
        return
    for key, said in messages.items():
        if key != "cards":
            problems.validation(ValidationError({key: said}))
            continue
        for index, why in said.items():
            entry = raw["cards"][index]
            if why != ["Not a valid mapping type."] or not isinstance(entry, (list, str)):
                problems.validation(ValidationError({key: {index: why}}))
                continue
            if isinstance(entry, str):
                card = entry
                how = "key: value lines under its '- ' (id, name, type, set)"
            else:
                named = [e.get("name") for e in entry if isinstance(e, dict)]
                card = next((n for n in named if isinstance(n, str)), None)
                how = "key: value lines, or {key: value, ...} in braces, not [...]"
            problems.add(
                f"Not a valid mapping type: a card is written as {how}",
                ("cards", index),
                card=card,
                field=f"cards.{index}",
            )


def _load_cards_file(raw: dict) -> dict:
    """``CardsFileSchema().load(raw)``. When ``cards`` is a plain list of mappings, as the
    schema wants it, the schema is shown its first card only and the list copied here: the
    schema's only word on the others is that each is a mapping, which costs more than the
    cards' own checks when it is said 50,000 times."""
    file_schema = schema.CardsFileSchema()
    field = file_schema.load_fields.get("cards")
    cards = raw.get("cards")
    plain = (
        type(field) is fields.List
        and type(field.inner) is fields.Dict
        and not field.validators
        and not field.inner.validators
        and field.inner.key_field is None
        and field.inner.value_field is None
        and type(cards) is list
        and len(cards) > 1
        and all(type(card) is dict for card in cards)
    )
    if not plain:
        return file_schema.load(raw)
    pool = file_schema.load({**raw, "cards": cards[:1]})
    pool["cards"] = [dict(card) for card in cards]
    return pool


def _pool_despite(raw: dict, error: ValidationError, game_id: str) -> dict | None:
    """The pool of a cards file whose problems (said already) are in some of its sets, in
    entries of ``cards`` that are no mapping, or in keys no rule reads (``title``, ``game``,
    ``decisions``, a key no file has), so that its cards are checked too. A set refused
    keeps its code, with no other fact, so a card printed in it, or a rule naming it, is no
    second problem; the game built of it has problems, so it is never served. None when
    anything else is wrong."""
    wrong = error.messages
    if not isinstance(wrong, dict):
        return None
    for key, messages in wrong.items():
        entries = key in ("sets", "cards") and isinstance(messages, dict)
        if key in ("sets", "cards") and not entries:
            return None
    kept = {key: value for key, value in raw.items() if key not in wrong}
    for key in ("sets", "cards"):
        if key in wrong:
            kept[key] = [e for i, e in enumerate(raw[key]) if i not in wrong[key]]
    if "game" in wrong:
        kept["game"] = game_id
    try:
        pool = _load_cards_file(kept)
    except ValidationError:
        return None  # no set left: nothing to check the cards against
    if "cards" in wrong:
        # each card in its place, for its line: an entry refused is None
        pool["cards"] = [dict(c) if isinstance(c, dict) else None for c in raw["cards"]]
    codes = {s["code"] for s in pool["sets"]}
    pool["refused_sets"] = set()
    for index in sorted(wrong.get("sets", ())):
        entry = raw["sets"][index]
        code = entry.get("code") if isinstance(entry, dict) else None
        if isinstance(code, str):
            pool["refused_sets"].add(code)
        if isinstance(code, str) and code not in codes:
            codes.add(code)
            pool["sets"].append({"code": code, "name": code})
    return pool


def _build_cards(spec, pool, sets, problems: _Problems) -> list[Card]:
    card_schema = schema.card_schema(spec["card_types"], list(sets), spec.get("attributes", {}))
    quick_load = _quick_loader(card_schema)
    loaded: list[dict] = []
    seen_ids: dict[str, int] = {}
    seen_keys: dict[str, str] = {}
    for index, raw in enumerate(pool["cards"]):
        if raw is None:
            continue  # not a mapping: said already
        label = raw.get("name")
        if type(label) is not str or not label:
            label = _label(raw, index)
        data = quick_load(raw)
        if data is None:
            try:
                data = card_schema.load(raw)
            except ValidationError as exc:
                problems.validation(exc, at=("cards", index), card=str(label))
                continue
        if data["id"] in seen_ids:
            first = pool["cards"][seen_ids[data["id"]]]
            holder = first.get("name") if isinstance(first, dict) else None
            problems.add(
                f"duplicate card id {data['id']!r}: {holder or 'an earlier card'} has it already",
                ("cards", index, "id"),
                card=label,
                field="id",
            )
            continue
        invisible = _INVISIBLE.search(data["name"])
        if invisible is not None:
            character = invisible.group()
            problems.add(
                f"holds the invisible character U+{ord(character):04X}"
                f" ({unicodedata.name(character)}): no one can see it nor type it; remove it",
                ("cards", index, "name"),
                card=label,
                field="name",
            )
        key = _name_key(data["name"])
        if key in seen_keys and seen_keys[key] != data["name"]:
            first = seen_keys[key]
            if unicodedata.normalize("NFC", first) == unicodedata.normalize("NFC", data["name"]):
                why = (
                    f"name looks like {first!r} but is written with other Unicode characters"
                    " (a letter and its accent apart, or joined): write it as the other is"
                )
            else:
                # Names are matched as a player types them: these two are one card
                why = (
                    f"name differs from {first!r} only in case, accents, spacing or"
                    " punctuation, so both are read as one card: write it as the other is,"
                    " or give it a name of its own"
                )
            problems.add(why, ("cards", index, "name"), card=label, field="name")
        seen_ids[data["id"]] = index
        seen_keys.setdefault(key, data["name"])
        loaded.append(data)
    for data in loaded:
        target = data.get("revision_of")
        if target and target not in seen_ids:
            problems.add(
                f"revision_of names no card id {target!r}",
                ("cards", seen_ids[data["id"]], "revision_of"),
                card=data["name"],
                field="revision_of",
            )
    identities = _identities(loaded, spec["same_card"])
    _check_name_keys(loaded, seen_ids, identities, problems)
    _check_printings(spec, loaded, seen_ids, identities, problems)
    _check_declarations(spec, loaded, seen_ids, problems)
    cards = []
    # One object per distinct text (a type, a set, an element is on thousands of cards; a
    # card's identity is its name's key): the loaded game, its cache file and the time to
    # read it shrink by as much.
    for data in loaded:
        facts = {
            intern(k): v if k in UNIQUE_FACTS else _shared_value(v)
            for k, v in data.items()
            if k not in NOT_FACTS
        }
        cards.append(
            Card(
                id=facts["id"],
                name=facts["name"],
                type=facts["type"],
                set=facts["set"],
                facts=facts,
                identity=intern(identities[data["id"]]),
                number=facts.get("number"),
                max_copies=data.get("max_copies"),
                revision_of=data.get("revision_of"),
                aliases=tuple(data.get("aliases", ())),
            )
        )
    return cards


# Characters no one sees in a name, nor can type in a decklist: a space of no width, a soft
# hyphen, a byte-order mark or word joiner, marks of writing direction. (The joiners some
# scripts and emoji need, U+200C and U+200D, are not among them.)
_INVISIBLE = re.compile("[\u00ad\u200b\u200e\u200f\u2060\ufeff]")


def _label(raw: dict, index: int) -> str:
    """How a card is named in its problems: its name, else its id (a name YAML read as no
    text is the problem), else its place."""
    for key in ("name", "id"):
        value = raw.get(key)
        if isinstance(value, str) and value:
            return value
    return f"#{index + 1}"


def _shared_value(value):
    if type(value) is str:
        return intern(value)
    if type(value) is list:
        return [intern(v) if type(v) is str else v for v in value]
    return value


def _quick_loader(card_schema):
    """What ``card_schema.load`` returns for a card that plainly passes it, read without
    marshmallow's per-field machinery (a tenth of the time); ``None`` for any other card,
    which the schema then reads, reporting its problems as always.

    Built from the schema's own fields and validators, so a field added there is checked
    here alike; a field or validator of a kind not known here sends every card holding the
    field to the schema.
    """
    hooks = card_schema._hooks
    if any(hooks.get(key) for key in hooks):
        return lambda raw: None
    readers = {}
    for name, field in card_schema.load_fields.items():
        if field.data_key not in (None, name) or field.attribute not in (None, name):
            return lambda raw: None
        reader = _quick_field(field)
        if reader is not None:
            readers[name] = reader
    required = frozenset(n for n, f in card_schema.load_fields.items() if f.required)
    # marshmallow gives the fields in the schema's order, whatever the card's order
    order = tuple(card_schema.load_fields)

    def load(raw):
        if type(raw) is not dict or not required <= raw.keys():
            return None
        read = {}
        for key, value in raw.items():
            reader = readers.get(key)
            if reader is None:
                return None
            value = reader(value)
            if value is _REFUSED:
                return None
            read[key] = value
        return {name: read[name] for name in order if name in read}

    return load


_REFUSED = object()


def _quick_field(field):
    """``value -> what the schema field loads it as``, or :data:`_REFUSED` wherever the
    field would refuse it or it is not plain; ``None`` for a field not known here."""
    valid = _quick_validators(field.validators)
    if valid is None:
        return None
    kind = type(field)
    if kind is fields.String:
        return lambda v: v if type(v) is str and valid(v) else _REFUSED
    if kind is schema.NumberOrText:

        def number_or_text(v):
            if type(v) is int:
                v = str(v)
            return v if type(v) is str and valid(v) else _REFUSED

        return number_or_text
    if kind is fields.Integer and field.strict:
        return lambda v: v if type(v) is int and valid(v) else _REFUSED
    if kind is fields.Boolean:
        return lambda v: v if type(v) is bool and valid(v) else _REFUSED
    if kind is fields.List and not field.validators:
        inner = _quick_field(field.inner)
        if inner is None:
            return None

        def each(v):
            if type(v) is not list:
                return _REFUSED
            items = [inner(item) for item in v]
            return _REFUSED if _REFUSED in items else items

        return each
    return None


def _quick_validators(validators):
    """One test for a field's validators, or ``None`` when one is of a kind not known here."""
    tests = []
    for validator in validators:
        kind = type(validator)
        if kind is validate.Regexp:
            tests.append(lambda v, match=validator.regex.match: match(v) is not None)
        elif kind is validate.OneOf or kind is schema.OneOf:
            choices = _choices(validator.choices)
            tests.append(lambda v, choices=choices: v in choices)
        elif kind is validate.Length and validator.equal is None:
            low, high = validator.min, validator.max
            tests.append(
                lambda v, low=low, high=high: (
                    (low is None or len(v) >= low) and (high is None or len(v) <= high)
                )
            )
        elif kind is validate.Range and validator.min_inclusive and validator.max_inclusive:
            low, high = validator.min, validator.max
            tests.append(
                lambda v, low=low, high=high: (
                    (low is None or v >= low) and (high is None or v <= high)
                )
            )
        else:
            return None
    if not tests:
        return lambda v: True
    if len(tests) == 1:
        return tests[0]
    return lambda v: all(test(v) for test in tests)


# Facts no two cards share: interning them would only cost time.
UNIQUE_FACTS = frozenset(("id", "name", "text"))
# Card fields that say how to read or limit the card, not facts rules may filter on.
NOT_FACTS = ("max_copies", "revision_of", "aliases")


def _check_name_keys(loaded, index_of, identities, problems: _Problems) -> None:
    """A name or alias read in a decklist must lead to one card: two cards that are not the
    same card may not share a name key, and an alias may not be another card's name."""
    named: dict[str, dict] = {}  # name key -> first card holding it
    for data in loaded:
        key = _name_key(data["name"])
        first = named.setdefault(key, data)
        if key and identities[first["id"]] != identities[data["id"]]:
            problems.add(
                f"shares its name with card {first['name']!r} ({first['id']}), which is not"
                " the same card, so a decklist could not tell them apart",
                ("cards", index_of[data["id"]], "name"),
                card=data["name"],
                field="name",
            )
    aliased: dict[str, dict] = {}  # alias key -> first card holding it
    for data in loaded:
        for position, alias in enumerate(data.get("aliases", ())):
            key = _name_key(alias)
            at = ("cards", index_of[data["id"]], "aliases", position)
            other = named.get(key)
            if other is not None and identities[other["id"]] != identities[data["id"]]:
                problems.add(
                    f"alias {alias!r} is the name of another card, {other['name']!r}",
                    at,
                    card=data["name"],
                    field="aliases",
                )
                continue
            other = aliased.setdefault(key, data)
            if identities[other["id"]] != identities[data["id"]]:
                problems.add(
                    f"alias {alias!r} is also an alias of {other['name']!r}",
                    at,
                    card=data["name"],
                    field="aliases",
                )


# What printings of one card may differ in: besides these, the attributes game.yaml
# declares ``printing: true`` (rarity, artist).
PRINTING_FACTS = frozenset(("id", "set", "number", "image", "aliases", "revision_of"))


def _check_printings(spec, loaded, index_of, identities, problems: _Problems) -> None:
    """Cards of one name are printings of one card, so they may differ in printing facts
    only: another cost or element under the same name is a copy-paste mistake a decklist
    would never show (it reads the name as one card). A card marked ``revision_of`` is an
    older version, whose facts may differ from the current one's."""
    printing = PRINTING_FACTS | {
        name for name, a in spec.get("attributes", {}).items() if a.get("printing")
    }
    first_of: dict[str, dict] = {}  # name key -> first current card of that name
    for data in loaded:
        key = _name_key(data["name"])
        if not key or data.get("revision_of"):
            continue
        first = first_of.setdefault(key, data)
        if first is data or identities[first["id"]] != identities[data["id"]]:
            continue  # two cards under one name that are not one card: _check_name_keys
        if first["name"] != data["name"]:
            continue  # a name written otherwise ('ember rex') is refused for its name alone
        for field in [*data, *(f for f in first if f not in data)]:
            if field in printing or field == "name" or first.get(field) == data.get(field):
                continue
            first_line = problems.line_of(("cards", index_of[first["id"]], field))
            problems.add(
                f"{_fact(data, field)} here, {_fact(first, field)} on the printing at line"
                f" {first_line} ({first['id']}): printings of one name are one card and differ"
                " only in set, number, image and attributes declared printing: true",
                ("cards", index_of[data["id"]], field),
                card=data["name"],
                field=field,
            )


def _fact(data: dict, field: str) -> str:
    return repr(data[field]) if field in data else "none"


def _check_declarations(spec, loaded, index_of, problems: _Problems) -> None:
    """What game.yaml declares of each attribute: which card types carry it (``types``),
    that those cards all do (``required``), and that card names it holds name cards."""
    declared = [
        (
            attribute,
            declared_as,
            declared_as.get("label", attribute.replace("_", " ").capitalize()),
            declared_as.get("types"),
        )
        for attribute, declared_as in spec.get("attributes", {}).items()
    ]
    # An attribute whose types name a type the game lacks (said already, once) holds no
    # card to its types or to required: "Equipmnet" would otherwise make every Equipment
    # card a problem of its own.
    types = set(spec["card_types"])
    unread = {attribute for attribute, _, _, allowed in declared if not set(allowed or ()) <= types}
    names = {_name_key(data["name"]) for data in loaded}
    for data in loaded:
        at = ("cards", index_of[data["id"]])
        for attribute, declared_as, label, allowed in declared:
            held = attribute in data
            if attribute in unread:
                pass
            elif held and allowed and data["type"] not in allowed:
                problems.add(
                    f"{_a_or_an(data['type'])} card has no {label} (only {', '.join(allowed)}"
                    " cards do)",
                    (*at, attribute),
                    card=data["name"],
                    field=attribute,
                )
            elif not held and declared_as["required"] and (not allowed or data["type"] in allowed):
                problems.add(
                    f"every {data['type']} card has a {label}; this one has none",
                    at,
                    card=data["name"],
                    field=attribute,
                )
            if held and (declared_as["references"] or declared_as["kind"] == "cards"):
                for position, named in enumerate(data[attribute]):
                    if _name_key(named) not in names:
                        problems.add(
                            f"names no card {named!r} of the pool",
                            (*at, attribute, position),
                            card=data["name"],
                            field=attribute,
                        )


def _a_or_an(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _identities(cards: list[dict], same_card: list[str]) -> dict[str, str]:
    """Group cards that count as one card: by name, or by name *or* number (union-find)."""
    if list(same_card) == ["name"]:
        # Each group is the cards sharing a name key, and that key is its identity.
        return {c["id"]: _name_key(c["name"]) for c in cards}
    parent = {c["id"]: c["id"] for c in cards}

    def root(card_id: str) -> str:
        while parent[card_id] != card_id:
            parent[card_id] = parent[parent[card_id]]
            card_id = parent[card_id]
        return card_id

    first_holder: dict[tuple[str, str], str] = {}
    for card in cards:
        for basis in same_card:
            value = card.get(basis)
            if value is None:
                continue
            mark = (basis, _name_key(str(value)))
            if mark in first_holder:
                parent[root(card["id"])] = root(first_holder[mark])
            else:
                first_holder[mark] = card["id"]
    # The identity is the name key of the group's first card: stable and readable. Two
    # groups whose first cards share a name key (a pool error reported elsewhere) still get
    # two identities, so no check ever mistakes one card for the other.
    name_of = {c["id"]: _name_key(c["name"]) for c in cards}
    identity_of_root: dict[str, str] = {}
    taken: set[str] = set()
    for card in cards:
        group = root(card["id"])
        if group not in identity_of_root:
            identity = name_of[group]
            if identity in taken:
                identity = f"{identity}#{group}"
            taken.add(identity)
            identity_of_root[group] = identity
    return {card_id: identity_of_root[root(card_id)] for card_id in parent}


def _refused_names(pool: dict, cards: list[Card]) -> frozenset[str]:
    """The name keys of the cards refused for a problem of their own (already reported)."""
    named = {_name_key(c["name"]) for c in pool["cards"] if c and isinstance(c.get("name"), str)}
    return frozenset(named - {_name_key(c.name) for c in cards})


def _build_formats(
    spec, sets, cards: list[Card], problems: _Problems, refused: frozenset[str] = frozenset()
) -> dict[str, Format]:
    by_key = {_name_key(c.name): c.identity for c in cards}
    raw_formats: dict[str, dict] = {}
    # Formats refused for a problem of their own: a default or a base naming one is no
    # second problem ("no format 'standard'" beside the format 'standard' is misleading).
    refused_formats = set()
    for index, raw in enumerate(spec["formats"]):
        if raw is None:
            continue  # not a mapping: said already
        try:
            data = schema.FormatSchema().load(raw)
        except ValidationError as exc:
            format_id = raw.get("id") if isinstance(raw, dict) else None
            if isinstance(format_id, str):
                prefix = f"format {format_id!r}: "
            else:  # (an id written as a list names no format)
                prefix = f"the {_ORDINALS[index] if index < len(_ORDINALS) else index + 1} format: "
            problems.validation(exc, at=("formats", index), prefix=prefix, raw=raw)
            data = _format_despite(raw, exc)
            if data is None:
                if isinstance(format_id, str):
                    refused_formats.add(format_id)
                continue
        data["index"] = index
        rules = []
        # The rule entries refused for a problem of their own (id -> what they check): a
        # format removing one, or writing what one checks, is no second problem.
        data["refused_rules"] = {}
        # An entry refused is None in its place, so each keeps its index (and line).
        for r_index, rule in enumerate(data["rules"]):
            if rule is None:  # not a mapping: said already
                rules.append(None)
                continue
            try:
                rules.append(schema.RuleSchema().load(rule))
            except ValidationError as exc:
                rules.append(None)
                rule_id = rule.get("id") if isinstance(rule, dict) else None
                named = f"rule {rule_id!r}: " if isinstance(rule_id, str) else ""
                problems.validation(
                    exc,
                    at=("formats", index, "rules", r_index),
                    prefix=f"format {data['id']!r}: {named}",
                )
                if isinstance(rule_id, str):
                    data["refused_rules"][rule_id] = rule.get("check")
        data["rules"] = rules
        if data["id"] in raw_formats:
            first_line = problems.line_of(("formats", raw_formats[data["id"]]["index"]))
            problems.add(
                f"duplicate format id {data['id']!r}"
                f" (the format at line {first_line} has it already)",
                ("formats", index, "id"),
                field="id",
            )
            continue  # the first is the format: the second is not built over it
        raw_formats[data["id"]] = data
    default = spec["default_format"]  # None when written wrong (said already)
    named = raw_formats.keys() | refused_formats
    if default is not None and not spec.get("formats_unread") and default not in named:
        problems.add(
            f"no format {default!r}{_format_hint(str(default), raw_formats)}",
            ["default_format"],
            field="default_format",
        )

    formats: dict[str, Format] = {}
    # each format's refused rule entries, its base's included (see above)
    refused_rules: dict[str, dict] = {}

    def build(format_id: str, chain: tuple[str, ...] = ()) -> Format | None:
        if format_id in formats:
            return formats[format_id]
        data = raw_formats[format_id]
        at = ("formats", data["index"])
        base = None
        if "base" in data:
            if data["base"] in refused_formats:
                return None
            if data["base"] not in raw_formats:
                problems.add(
                    f"format {format_id!r}: base names no format {data['base']!r}"
                    f"{_format_hint(str(data['base']), raw_formats)}",
                    (*at, "base"),
                    field="base",
                )
                return None
            path = (*chain, format_id)
            if data["base"] in path:
                # from this format round to it again: "open, standard, open" (a format
                # built on itself: "open, open")
                circle = (format_id, *path[path.index(data["base"]) :])
                problems.add(
                    f"format {format_id!r}: formats build on each other in a circle"
                    f" ({', '.join(circle)})",
                    (*at, "base"),
                    field="base",
                )
                return None
            base = build(data["base"], path)
            if base is None:
                return None
        refused_here = {
            **{
                rule_id: check
                for rule_id, check in refused_rules.get(data.get("base"), {}).items()
                if rule_id not in data["remove_rules"]
            },
            **data["refused_rules"],
        }
        refused_rules[format_id] = refused_here
        inherited_refused = refused_rules.get(data.get("base"), {})
        rules = _merge_rules(base, data, problems, at, inherited_refused)
        legal_sets = data.get("legal_sets", base.legal_sets if base else None)
        # the format's own list (one inherited was checked at its base: one mistake, once)
        for position, code in enumerate(data.get("legal_sets") or ()):
            if code not in sets:
                hint = did_you_mean(str(code), {c: (s.name,) for c, s in sets.items()})
                problems.add(
                    f"format {format_id!r}: legal_sets names no set {code!r}{hint}",
                    (*at, "legal_sets", position),
                    field="legal_sets",
                )
        if "banlists" in data:
            banlists = tuple(
                sorted(
                    (
                        _banlist(
                            b, by_key, refused, problems, (*at, "banlists", i), format_id, cards
                        )
                        for i, b in enumerate(data["banlists"])
                    ),
                    key=lambda b: b.date,
                )
            )
            _one_a_day(data["banlists"], "banlists", problems, at, format_id)
        else:
            banlists = base.banlists if base else ()
        attributes = spec.get("attributes", {})
        if "legal_values" in data:
            legal_values = _legal_values(data["legal_values"], attributes, problems, at)
        else:
            legal_values = base.legal_values if base else {}
        if "rotations" in data:
            rotations = tuple(
                sorted(
                    (
                        _rotation(r, sets, attributes, problems, (*at, "rotations", i))
                        for i, r in enumerate(data["rotations"])
                    ),
                    key=lambda r: r.date,
                )
            )
            _one_a_day(data["rotations"], "rotations", problems, at, format_id)
        else:
            rotations = base.rotations if base else ()
        # (a check written as no word, "check: [copy-limit]", is refused already)
        refused_checks = {c for c in refused_here.values() if isinstance(c, str)}
        _unchecked(data, rules, banlists, rotations, problems, at, refused_checks)
        formats[format_id] = Format(
            id=format_id,
            name=data["name"],
            description=data["description"],
            rules=rules,
            legal_sets=tuple(legal_sets) if legal_sets is not None else None,
            banlists=banlists,
            base=data.get("base"),
            rotations=rotations,
            legal_values=legal_values,
            legal_after_days=data.get("legal_after_days", base.legal_after_days if base else 0),
        )
        return formats[format_id]

    for format_id in raw_formats:
        build(format_id)
    return formats


def _format_hint(typed: str, raw_formats: dict[str, dict]) -> str:
    """The format meant by ``typed`` (an id or a name), and the game's formats."""
    if not raw_formats:
        return ""
    named = {f: (str(data.get("name", f)),) for f, data in raw_formats.items()}
    return _meant(typed, named, "formats")


def _meant(typed: Any, named: dict[str, tuple], noun: str, listed=None) -> str:
    """The one meant by ``typed`` among ``named`` (:func:`did_you_mean`), then all of them
    (``listed``, else ``named``'s ids): "; did you mean Dino? (its card types: Dino, ...)"."""
    listed = named if listed is None else listed
    return f"{did_you_mean(str(typed), named)} (its {noun}: {', '.join(listed)})"


# The keys a format written wrong may be built without, for its rules to be checked: no
# rule entry fails for their absence, so leaving them out adds no problem. (legal-values
# fails without legal_values or rotations, and base and remove_rules make the format's
# rules: those are never left out.)
_DROPPABLE = frozenset(("name", "description", "legal_after_days", "legal_sets", "banlists"))


def _format_despite(raw: Any, error: ValidationError) -> dict | None:
    """A format whose problems (said already) are only in keys it may do without, or in
    entries of ``rules`` that are no mapping (or in a key no format has): built without
    them, so that its rules, and those of the formats built on it, are checked too. The
    game is never served with it. None when anything else is wrong."""
    wrong = error.messages
    if not isinstance(raw, dict) or not isinstance(wrong, dict):
        return None
    known = schema.FormatSchema().fields
    for key, messages in wrong.items():
        bad_entries = key == "rules" and isinstance(messages, dict)
        if key in known and key not in _DROPPABLE and not bad_entries:
            return None
    kept = {key: value for key, value in raw.items() if key not in wrong}
    if "rules" in wrong:
        kept["rules"] = [r for i, r in enumerate(raw["rules"]) if i not in wrong["rules"]]
    if "name" in wrong:
        kept["name"] = str(raw.get("id"))
    try:
        data = schema.FormatSchema().load(kept)
    except ValidationError:
        return None
    if "rules" in wrong:  # each entry in its place, for its line: one refused is None
        data["rules"] = [None if i in wrong["rules"] else r for i, r in enumerate(raw["rules"])]
    return data


# What a format may say that only a rule of its own puts in force: the key, the check
# that reads it, and what a format says there that would otherwise go unchecked.
_CHECKED_BY = {
    "legal_sets": ("legal-sets", "names the sets legal in it"),
    "legal_values": ("legal-values", "names the values legal in it"),
    "banlists": ("banlist", "bans or restricts cards"),
}


def _unchecked(
    data: dict, rules, banlists, rotations, problems: _Problems, at, refused_checks=frozenset()
) -> None:
    """A format that writes its legal sets, legal values or a ban in force, with no rule of
    its own to check it, would pass every deck as if it had not: refused, naming the check
    to add. (A format inheriting them from its base and removing the rule drops them on
    purpose: ERA's Open removes the eligible-products rule.) A rule entry refused for a
    problem of its own (``refused_checks``: what it checks) is one, said already."""
    checks = {rule.check for rule in rules} | set(refused_checks)
    written = {key for key in _CHECKED_BY if key in data}
    if "rotations" in data:  # a rotation changes the legal sets or values on its day
        written |= {"legal_sets" for r in rotations if r.legal_sets is not None}
        written |= {"legal_values" for r in rotations if r.legal_values}
    for key, (check, says) in _CHECKED_BY.items():
        if key not in written or check in checks:
            continue
        if key == "banlists" and not any(b.banned or b.restricted for b in banlists):
            continue  # a list banning nothing ("No cards are currently banned.") needs none
        if key not in data:
            key = "rotations"
            says = f"change the format's {'sets' if check == 'legal-sets' else 'legal values'}"
        problems.add(
            f"format {data['id']!r}: {key} {says}, but none of the format's rules checks it"
            f" (add a rule with check: {check})",
            (*at, key),
            field=key,
        )


def _merge_rules(
    base: Format | None, data: dict, problems: _Problems, at, refused=frozenset()
) -> tuple:
    """A format's rules: its base's, less the removed ones, with its own added or replacing.
    A base's rule entry refused for a problem of its own (``refused``, by id) may be removed."""
    rules: dict[str, RuleSpec] = {r.id: r for r in base.rules} if base else {}
    for position, rule_id in enumerate(data["remove_rules"]):
        if rule_id not in rules and rule_id not in refused:
            if base is None:
                why = ": the format has no base to remove rules from"
            else:
                meant = did_you_mean(str(rule_id), dict.fromkeys(rules, ()))
                why = f" of its base {base.id!r}{meant}"
            problems.add(
                f"format {data['id']!r}: remove_rules names no rule {rule_id!r}{why}",
                (*at, "remove_rules", position),
                field="remove_rules",
            )
        rules.pop(rule_id, None)
    own_ids: dict[str, int] = {}  # rule id -> the index of the format's entry holding it
    for index, raw in enumerate(data["rules"]):
        if raw is None:
            continue  # refused for a problem of its own
        first = own_ids.setdefault(raw["id"], index)
        if first != index:
            first_line = problems.line_of((*at, "rules", first))
            problems.add(
                f"format {data['id']!r}: duplicate rule id {raw['id']!r}"
                f" (the entry at line {first_line} has it already)",
                (*at, "rules", index, "id"),
                field="id",
            )
        fixed = ("id", "check", "severity", "cite", "title")
        rules[raw["id"]] = RuleSpec(
            **{k: raw[k] for k in fixed}, params={k: v for k, v in raw.items() if k not in fixed}
        )
    return tuple(rules.values())


def _rotation(raw: dict, sets, attributes: dict, problems: _Problems, at) -> Rotation:
    legal_sets = raw.get("legal_sets")
    for position, code in enumerate(legal_sets or ()):
        if code not in sets:
            problems.add(
                f"legal_sets names no set {code!r}",
                (*at, "legal_sets", position),
                field="legal_sets",
            )
    return Rotation(
        date=raw["date"],
        legal_sets=tuple(legal_sets) if legal_sets is not None else None,
        legal_values=_legal_values(raw.get("legal_values", {}), attributes, problems, at),
        note=raw["note"],
    )


def _legal_values(raw: dict, attributes: dict, problems: _Problems, at) -> dict:
    """Attribute -> the values a format allows; each must be an attribute cards carry one
    value of, and each value one the attribute may take."""
    found = {}
    for attribute, values in raw.items():
        where = (*at, "legal_values", attribute)
        declared = attributes.get(attribute)
        if declared is None:
            problems.add(f"legal_values names no attribute {attribute!r}", where, field=attribute)
            continue
        if declared["kind"] not in ("choice", "text", "int"):
            problems.add(
                f"legal_values: {attribute!r} is a {declared['kind']} attribute; only one with"
                " one value a card (choice, text, int) can rotate",
                where,
                field=attribute,
            )
            continue
        allowed = declared.get("values")
        for position, value in enumerate(values):
            if allowed and value not in allowed:
                problems.add(
                    f"legal_values: {value!r} is not a value of {attribute!r}"
                    f" ({', '.join(allowed)})",
                    (*where, position),
                    field=attribute,
                )
        found[attribute] = tuple(values)
    return found


def _banlist(
    raw: dict,
    by_key: dict[str, str],
    refused,
    problems: _Problems,
    at,
    format_id: str,
    cards: list[Card],
) -> Banlist:
    def identity(name: str, where: str) -> str | None:
        found = by_key.get(_name_key(name))
        if found is None and _name_key(name) not in refused:
            # the card meant, among the pool's names (read only for a name that is none)
            meant = did_you_mean(str(name), {c.name: () for c in cards})
            problems.add(
                f"format {format_id!r}: the banned list of {raw['date']}:"
                f" {where} names no card {name!r}{meant}",
                (*at, where),
                field=where,
            )
        return found

    banned = {identity(n, "banned") for n in raw["banned"]}
    restricted = {}
    for name, limit in raw.get("restricted", {}).items():
        key = identity(name, "restricted")
        if key:
            restricted[key] = limit
    return Banlist(
        date=raw["date"],
        banned=frozenset(b for b in banned if b),
        restricted=restricted,
        note=raw["note"],
    )


def _choices(choices):
    try:
        return frozenset(choices)
    except TypeError:
        return choices
