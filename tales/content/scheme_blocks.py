"""Scheme Blocks as data: a TOML file of Schemer Groups and their Schemes.

The printed Scheme Blocks are not in the rules this project has; the bundled groups
(``scenarios/sample-schemers.toml``) are original samples. See ``docs/formats.md``,
"Scheme Blocks", for the format.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tales.board.board import Layout
from tales.board.figures import Keyword, parse_keyword, unknown_keyword
from tales.board.footprint import shape
from tales.board.mapfile import LineFinder, read_text, read_toml, refuse_unknown_keys
from tales.content.heroes import read_tokens
from tales.errors import ContentError, TalesError
from tales.rules.schemer_attacks import AttackKind, SchemerAttack
from tales.rules.schemes import (
    AttackStep,
    DoorStep,
    HealStep,
    MoveStep,
    ReinforceStep,
    Scheme,
    SchemerGroup,
    SpecialStep,
    Step,
    TokenStep,
    parse_recipients,
)
from tales.rules.targets import parse_selector

GROUP_KEYS = frozenset({"name", "colour", "standees", "fortitude", "keywords", "limit",
                        "alternating", "unpredictable", "schemes", "size", "shape"})
SCHEME_KEYS = frozenset({"name", "faces", "steps"})
STEP_KINDS = ("move", "leap", "attack", "tokens", "heal", "reinforce", "open_door",
              "special")


def load_scheme_blocks(path: str | Path) -> dict[str, SchemerGroup]:
    """Read a Scheme Block file; errors name the file, the line and the group."""
    source = str(path)
    text = read_text(path)
    return parse_scheme_blocks(text, source)


def check_scheme_blocks(path: str | Path) -> tuple[dict[str, SchemerGroup],
                                                   list[ContentError]]:
    """The groups of a Scheme Block file without a mistake, and every mistake of the
    file (``tales scenario check``: all of them in one run)."""
    source = str(path)
    return read_scheme_blocks(read_text(path), source)


def parse_scheme_blocks(text: str, source: str = "<blocks>") -> dict[str, SchemerGroup]:
    """Build the Schemer Groups of a Scheme Block file's text; the first mistake is a
    :class:`ContentError` (saying how many more ``tales scenario check`` lists)."""
    found, errors = read_scheme_blocks(text, source)
    if errors:
        first, more = errors[0], len(errors) - 1
        if not more:
            raise first
        raise ContentError(first.source, f"{first.detail} (and {more} more mistake"
                           f"{'s' if more > 1 else ''}: run 'tales scenario check')",
                           first.line)
    return found


def read_scheme_blocks(text: str, source: str) -> tuple[dict[str, SchemerGroup],
                                                        list[ContentError]]:
    """The groups read from a Scheme Block file's text, and every mistake found (one per
    step, per Scheme and per group at most), in the order of their lines. A file that is
    not TOML, or has no groups, is one mistake that ends the reading (raised)."""
    data = read_toml(text, source)
    lines = LineFinder(text)
    refuse_unknown_keys(data, ("sample", "groups"), source, lines, "a Scheme Block file")
    errors: list[ContentError] = []
    sample = bool(data.get("sample", False))
    groups = data.get("groups")
    if not isinstance(groups, dict) or not groups:
        raise ContentError(source, "no [groups.NAME] tables")
    found: dict[str, SchemerGroup] = {}
    for gid, spec in groups.items():
        try:
            group = _group(gid, spec, source, lines, sample, errors)
        except ContentError as error:
            errors.append(error)
            continue
        if group is not None:
            found[gid] = group
    for gid, group in found.items():
        for index, scheme in enumerate(group.schemes):
            for n, step in enumerate(scheme.steps, 1):
                if isinstance(step, ReinforceStep) and step.group not in (None, *groups):
                    errors.append(ContentError(
                        source, f"group {gid!r}: scheme {scheme.name!r}, step {n}: "
                        f"reinforces {step.group!r}, which is not a group of this file "
                        f"({', '.join(groups)})", SchemeLines(lines, gid, index).step(n)))
    return found, sorted(errors, key=lambda e: e.line if e.line is not None else 0)


class SchemeLines:
    """Where the parts of one ``[[groups.GID.schemes]]`` entry are written: its header, its
    keys (``faces``, ``steps``) and each step's inline table, for messages that name the
    line of the mistake rather than the group's header."""

    def __init__(self, lines: LineFinder, gid: str, index: int) -> None:
        headers = lines.entries(f"groups.{gid}.schemes")
        self.header = headers[index] if index < len(headers) else None
        self.keys: dict[str, int] = {}
        self.steps: list[int] = []
        if self.header is None:
            return
        end = len(lines.lines)
        for number in range(self.header, len(lines.lines)):  # lines after the header
            if lines.lines[number].lstrip().startswith("["):
                end = number
                break
        for number in range(self.header, end):
            match = re.match(r"\s*([\w-]+)\s*=", lines.lines[number])
            if match and match.group(1) not in self.keys:
                self.keys[match.group(1)] = number + 1
        if "steps" in self.keys:
            self.steps = _elements(lines.lines, self.keys["steps"], end)

    def key(self, name: str) -> int | None:
        """The line of ``name = ...`` in this scheme (else its header)."""
        return self.keys.get(name, self.header)

    def step(self, n: int) -> int | None:
        """The line where step ``n`` (from 1) begins (else the ``steps`` line)."""
        return self.steps[n - 1] if 0 < n <= len(self.steps) else self.key("steps")


def _elements(lines: list[str], first: int, end: int) -> list[int]:
    """The lines where each inline table of the array begun on line ``first`` starts."""
    found: list[int] = []
    depth = 0  # inside the array: 1; inside one of its tables: 2 or more
    quote = ""
    for number in range(first - 1, end):
        text = lines[number]
        start = text.index("=") + 1 if number == first - 1 and "=" in text else 0
        for char in text[start:]:
            if quote:
                quote = "" if char == quote else quote
            elif char in "\"'":
                quote = char
            elif char == "#":
                break
            elif char in "[{":
                if char == "{" and depth == 1:
                    found.append(number + 1)
                depth += 1
            elif char in "]}":
                depth -= 1
                if depth == 0:
                    return found
    return found


def step_line(text: str, gid: str, scheme: int, step: int) -> int | None:
    """The line of step ``step`` (from 1) of scheme number ``scheme`` (from 0) of group
    ``gid`` in a Scheme Block file's ``text``."""
    return SchemeLines(LineFinder(text), gid, scheme).step(step)


def _group(gid: str, spec: Any, source: str, lines: LineFinder, sample: bool,
           errors: list[ContentError]) -> SchemerGroup | None:
    """The group ``gid``, or None when its keys or one of its Schemes have mistakes (each
    noted in ``errors``); a mistake found once they are read is raised."""
    header = lines.of_table(rf"groups\.([\"']?){re.escape(gid)}\1")

    def error(message: str, line: int | None = None) -> ContentError:
        return ContentError(source, f"group {gid!r}: {message}", line or header)

    if not isinstance(spec, dict):
        raise error("must be a table")
    said = len(errors)  # a mistake of the group's own keys is noted, the Schemes still read

    def at(key: str) -> int | None:
        """The line of ``key = ...`` in this group's table."""
        return lines.of_key(key, header or 0)

    for key in spec:
        if key not in GROUP_KEYS:
            errors.append(error(f"unknown key {key!r} (a group has: "
                                f"{', '.join(sorted(GROUP_KEYS))})", at(key)))

    def whole(key: str, default: int | None = None, least: int = 1) -> int:
        value = spec.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise error(f"'{key}' must be a whole number, {least} or more")
        return value

    standees = spec.get("standees", [])
    twice = None
    if not isinstance(standees, list) or not standees or not all(
            isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in standees):
        errors.append(error("'standees' must be a list of standee numbers such as [1, 2, 3]",
                            at("standees")))
        standees = [1]
    else:
        twice = next((n for k, n in enumerate(standees) if n in standees[:k]), None)
    if twice is not None:
        errors.append(error(f"'standees' has standee {twice} twice", at("standees")))
    keywords: set[Keyword] = set()
    immune: set[str] = set()
    words = spec.get("keywords", [])
    if not isinstance(words, list):
        errors.append(error("'keywords' is a list, such as [\"Tiny\", \"Immune to Traps\"]"))
        words = []
    for word in words:
        parsed = parse_keyword(word) if isinstance(word, str) else None
        if parsed is None:
            errors.append(error(unknown_keyword(word)))
        elif isinstance(parsed, Keyword):
            keywords.add(parsed)
        else:
            immune.add(parsed)
    schemes_spec = spec.get("schemes", [])
    if not isinstance(schemes_spec, list) or not schemes_spec:
        raise error("needs at least one [[groups.NAME.schemes]]")
    read: list[Scheme] = []
    broken = False
    for n, scheme_spec in enumerate(schemes_spec):
        try:
            scheme = _scheme(scheme_spec, error, SchemeLines(lines, gid, n), errors)
        except ContentError as bad:
            errors.append(bad)
            scheme = None
        broken = broken or scheme is None
        if scheme is not None:
            read.append(scheme)
    schemes = tuple(read)
    if broken or len(errors) > said:  # the rest counts the Schemes and their faces
        return None
    seen: dict[int, str] = {}
    for n, scheme in enumerate(schemes):
        for face in scheme.faces:
            if face in seen:
                raise error(f"die face {face} is on both {seen[face]!r} and {scheme.name!r}",
                            SchemeLines(lines, gid, n).key("faces"))
            seen[face] = scheme.name
    alternating = bool(spec.get("alternating", False))
    unpredictable = bool(spec.get("unpredictable", False))
    if alternating and unpredictable:
        raise error("a group is Alternating (no Scheme Die) or Unpredictable, not both")
    if alternating:
        if len(schemes) != 2:
            raise error("an Alternating group has exactly two Schemes")
        if seen:
            raise error("an Alternating group's Schemes have no die faces (it does not roll)")
    else:
        for n, scheme in enumerate(schemes):
            if not scheme.faces:
                raise error(f"scheme {scheme.name!r} has no die faces, so it can never be "
                            "rolled (only Alternating groups have none)",
                            SchemeLines(lines, gid, n).header)
    limit = whole("limit", len(standees))
    size = whole("size", 1)
    shape_name = spec.get("shape")
    if shape_name is not None and not isinstance(shape_name, str):
        raise error("'shape' is the name of a shape, such as \"pair\"")
    for layout in Layout:
        try:
            shape(layout, shape_name, size)
        except ValueError as bad:
            raise error(f"size {size}: {bad}") from None
    if size > 1 and Keyword.TINY in keywords:
        raise error("a Tiny figure takes one space: no 'size' above 1")
    return SchemerGroup(
        id=gid, name=str(spec.get("name", gid)), colour=str(spec.get("colour", "")),
        standees=tuple(sorted(standees)), fortitude=whole("fortitude"),
        keywords=frozenset(keywords), immune=frozenset(immune), limit=limit,
        schemes=schemes, alternating=alternating, unpredictable=unpredictable, sample=sample,
        size=size, shape=shape_name)


def _scheme(spec: Any, error: Any, where: SchemeLines, errors: list[ContentError]
            ) -> Scheme | None:
    """The Scheme, or None when one of its steps has a mistake (each noted in
    ``errors``); a mistake of the Scheme itself is raised."""
    if not isinstance(spec, dict):
        raise error("each scheme must be a table", where.header)
    name = spec.get("name")
    if not isinstance(name, str) or not name:
        raise error("each scheme needs a 'name'", where.header)
    for key in spec:
        if key not in SCHEME_KEYS:
            raise error(f"scheme {name!r}: unknown key {key!r} (a scheme has: "
                        f"{', '.join(sorted(SCHEME_KEYS))})", where.key(key))
    faces = spec.get("faces", [])
    if not isinstance(faces, list) or not all(
            isinstance(f, int) and not isinstance(f, bool) and f > 0 for f in faces):
        raise error(f"scheme {name!r}: 'faces' must be a list of die faces such as [1, 2]",
                    where.key("faces"))
    steps_spec = spec.get("steps", [])
    if not isinstance(steps_spec, list) or not steps_spec:
        raise error(f"scheme {name!r}: needs 'steps'", where.key("steps"))
    steps = []
    for n, step in enumerate(steps_spec, 1):
        try:
            steps.append(_step(step, name, n,
                               lambda message, n=n: error(message, where.step(n))))
        except ContentError as bad:
            errors.append(bad)
    if len(steps) < len(steps_spec):
        return None
    return Scheme(name, tuple(faces), tuple(steps))


def _step(spec: Any, scheme: str, n: int, error: Any) -> Step:
    where = f"scheme {scheme!r}, step {n}"
    if not isinstance(spec, dict):
        raise error(f"{where}: must be a table such as {{ move = 4, toward = \"nearest foe\" }}")
    kinds = [k for k in STEP_KINDS if k in spec]
    if len(kinds) != 1:
        raise error(f"{where}: give exactly one of {', '.join(STEP_KINDS)}")
    kind = kinds[0]

    def number(key: str, default: int | None = None, least: int = 0) -> int:
        value = spec.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise error(f"{where}: '{key}' must be a whole number, {least} or more")
        return value

    allowed = {"move": {"move", "toward"}, "leap": {"leap", "toward"},
               "attack": {"attack", "damage", "targets", "range", "harm", "splash"},
               "tokens": {"tokens", "to", "if", "name"}, "heal": {"heal", "to", "if", "name"},
               "reinforce": {"reinforce", "group", "name"},
               "open_door": {"open_door", "name"},
               "special": {"special", "text"}}[kind]
    for key in spec:
        if key not in allowed:
            raise error(f"{where}: unknown key {key!r} for a {kind} step")

    def text(key: str, default: str | None = None) -> str | None:
        value = spec.get(key, default)
        if value is not None and not isinstance(value, str):
            raise error(f"{where}: '{key}' must be text")
        return value

    name = text("name", "") or ""
    if kind in ("move", "leap"):
        toward = spec.get("toward")
        if not isinstance(toward, str):
            raise error(f"{where}: needs 'toward', a selector such as \"nearest foe\"")
        try:
            selector = parse_selector(toward)
        except TalesError as bad:
            raise error(f"{where}: {bad}") from None
        return MoveStep(number(kind), selector, leap=kind == "leap")
    if kind == "attack":
        try:
            attack_kind = AttackKind(spec["attack"])
        except ValueError:
            attack_kind = AttackKind.BURST
        if attack_kind is AttackKind.BURST:
            raise error(f"{where}: attack must be \"melee\" or \"ranged\"")
        reach = None
        if attack_kind is AttackKind.RANGED:
            reach = number("range", least=1)
        elif "range" in spec:
            raise error(f"{where}: a melee attack has no 'range'")
        return AttackStep(SchemerAttack(attack_kind, number("damage"),
                                        number("targets", 1, 1), reach, text("harm"),
                                        number("splash", 0)))
    if kind in ("tokens", "heal"):
        try:
            to = parse_recipients(text("to", "self") or "self", text("if"))
        except TalesError as bad:
            raise error(f"{where}: {bad}") from None
        if kind == "heal":
            return HealStep(number("heal", least=1), to, name)
        tokens = read_tokens(spec["tokens"], lambda message: error(f"{where}: {message}"))
        if not tokens:
            raise error(f"{where}: 'tokens' names at least one token, such as {{ shield = 1 }}")
        return TokenStep(tokens, to, name)
    if kind == "reinforce":
        return ReinforceStep(number("reinforce", least=1), text("group"), name)
    if kind == "open_door":
        door = spec["open_door"]
        if not isinstance(door, str) or not door.strip():
            raise error(f"{where}: 'open_door' is \"adjacent\" or a door's space, such as "
                        "\"D4\"")
        door = door.strip()
        return DoorStep(None if door.lower() == "adjacent" else door.upper(), name)
    special = spec.get("special")
    words = spec.get("text", "")
    if not isinstance(special, str) or not isinstance(words, str):
        raise error(f"{where}: 'special' and 'text' must be text")
    return SpecialStep(special, words)
