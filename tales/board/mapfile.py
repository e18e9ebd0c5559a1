"""Map files (``maps/*.toml``): reading, checking and writing.

The format is a contract (DESIGN.md, "Map file"; ``docs/formats.md``). Reading is in two
strengths: :func:`parse_map` returns the board together with every finding (unknown glyphs,
Walls between spaces that are not adjacent, ...) for ``tales map check``; :func:`load_map`
refuses a map with any finding. A file that is not a map at all (bad TOML, no ``grid``)
raises :class:`~tales.errors.ContentError` from both.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tales.board.board import (
    CONFIGURABLE_GLYPHS,
    NAMED_FEATURE_KINDS,
    NO_SPACE,
    STANDARD_GLYPHS,
    Board,
    Cell,
    FeatureKind,
    FeatureSpec,
    Layout,
)
from tales.board.names import parse_space_name, space_name
from tales.errors import ContentError, printable
from tales.files import read_text_file

MAP_KEYS = frozenset({"name", "layout", "diagonals", "grid", "walls", "features"})
FEATURE_KEYS = frozenset({"kind", "name", "damage"})
MAX_DAMAGE = 99  # a hazard's or trap's damage (the board keeps it in 32 bits)


@dataclass(frozen=True, slots=True)
class Finding:
    """Something wrong in a map file, with where it is."""

    source: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.source}:{self.line}" if self.line is not None else self.source
        return f"{where}: {self.message}"


class LineFinder:
    """Finds the line of a key or a string in the raw text, for messages."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()

    def of_key(self, key: str, start: int = 0) -> int | None:
        """Line of ``key = ...``, or else of a ``[key]`` / ``[key.sub]`` table header."""
        quoted = rf"([\"']?){re.escape(key)}\1"
        assignment = re.compile(rf"^\s*{quoted}\s*=")
        header = re.compile(rf"^\s*\[{{1,2}}\s*{quoted}\s*[.\]]")
        for pattern in (assignment, header):
            for number, line in enumerate(self.lines[start:], start=start + 1):
                if pattern.match(line):
                    return number
        return None

    def of_text(self, needle: str, start: int = 0) -> int | None:
        for number, line in enumerate(self.lines[start:], start=start + 1):
            if needle in line:
                return number
        return None

    def entries(self, dotted: str) -> list[int]:
        """Lines of every ``[[dotted.key]]`` array-of-tables header, in order."""
        parts = r"\s*\.\s*".join(rf"[\"']?{re.escape(p)}[\"']?" for p in dotted.split("."))
        pattern = re.compile(rf"^\s*\[\[\s*{parts}\s*\]\]")
        return [n for n, line in enumerate(self.lines, 1) if pattern.match(line)]

    def of_table(self, header: str) -> int | None:
        pattern = re.compile(rf"^\s*\[\s*{header}\s*\]")
        for number, line in enumerate(self.lines, start=1):
            if pattern.match(line):
                return number
        return None


def labelled_entries(specs: list[Any], lines: LineFinder, dotted: str, noun: str,
                     name_key: str | None = "name"
                     ) -> Iterator[tuple[int, Any, str, int | None]]:
    """Each table of a ``[[dotted]]`` array: its index, the table, the words messages name
    it by (``noun 'name'``, or ``noun N`` when it has no name) and its header's line."""
    headers = lines.entries(dotted)
    for n, spec in enumerate(specs):
        name = spec.get(name_key) if isinstance(spec, dict) and name_key else None
        where = f"{noun} {name!r}" if isinstance(name, str) else f"{noun} {n + 1}"
        yield n, spec, where, headers[n] if n < len(headers) else None


def refuse_unknown_keys(data: dict[str, Any], allowed: Iterable[str], source: str,
                        lines: LineFinder, what: str) -> None:
    """A one-line :class:`ContentError` at the first top-level key not in ``allowed``."""
    known = sorted(allowed)
    for key in data:
        if key not in known:
            raise ContentError(source, f"unknown key {key!r} ({what} has: "
                               f"{', '.join(known)})", lines.of_key(key))


def read_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML text, turning a syntax error into a one-line :class:`ContentError`."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = re.search(r"\(at line (\d+), column \d+\)", message)
        line = int(match.group(1)) if match else None
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", message)
        raise ContentError(source, f"not valid TOML: {message}", line) from None


def read_text(path: str | Path) -> str:
    """The text of a content file, or a one-line :class:`ContentError` naming it (the one
    reader of :mod:`tales.files`: a regular file, bounded, UTF-8)."""
    return read_text_file(path)


def exists(path: Path) -> bool:
    """Whether a file named in content is there (a name too long for the system is not,
    nor a folder: ``map = ""`` names the content's own folder, and is said as not found
    in the file that names it)."""
    try:
        return path.exists() and not path.is_dir()
    except OSError:
        return False


def read_data(path: str | Path | None, bundled: str) -> tuple[str, str]:
    """(text, source name) of a user's file, or with no path of the bundled data file
    ``tales/data/<bundled>``."""
    if path is None:
        from importlib import resources  # only bundled data needs it (and its tempfile)

        text = resources.files("tales").joinpath(f"data/{bundled}").read_text("utf-8")
        return text, f"tales/data/{bundled}"
    return read_text(path), str(path)


def parse_map(
    text: str, source: str = "<map>", line_offset: int = 0
) -> tuple[Board, list[Finding]]:
    """Read a map from TOML ``text``; return it with every finding.

    ``line_offset`` is added to line numbers (for a ``[map]`` table inside a position file).
    """
    data = read_toml(text, source)
    return map_from_table(data, source, LineFinder(text), line_offset)


def map_from_table(
    data: Mapping[str, Any], source: str, lines: LineFinder | None = None, line_offset: int = 0
) -> tuple[Board, list[Finding]]:
    """Build a board from an already-parsed TOML table (see :func:`parse_map`)."""
    where = lines or LineFinder("")
    findings: list[Finding] = []

    def line_of(number: int | None) -> int | None:
        return None if number is None else number + line_offset

    def fatal(message: str, line: int | None = None) -> ContentError:
        return ContentError(source, message, line_of(line))

    def find(message: str, line: int | None = None) -> None:
        findings.append(Finding(source, line_of(line), message))

    for key in data:
        if key not in MAP_KEYS:
            find(f"unknown key {key!r} (a map has: {', '.join(sorted(MAP_KEYS))})",
                 where.of_key(key))

    name = data.get("name", Path(source).stem)
    if not isinstance(name, str):
        raise fatal("'name' must be a string", where.of_key("name"))
    layout_text = data.get("layout", "hex")
    try:
        layout = Layout(layout_text)
    except ValueError:
        raise fatal(
            f"layout {layout_text!r} is not 'hex' or 'square'", where.of_key("layout")
        ) from None
    diagonals = data.get("diagonals", False)
    if not isinstance(diagonals, bool):
        raise fatal("'diagonals' must be true or false", where.of_key("diagonals"))
    if diagonals and layout is Layout.HEX:
        find("'diagonals' applies only to a square layout", where.of_key("diagonals"))

    features = _read_features(data.get("features", {}), where, fatal, find)

    grid = data.get("grid")
    if grid is None:
        raise fatal("no 'grid': a map needs its rows of spaces")
    if not isinstance(grid, str):
        raise fatal("'grid' must be a string (a multi-line \"\"\" string)", where.of_key("grid"))
    grid_line = where.of_key("grid")
    first_row_line = None
    if grid_line is not None:
        opener = where.lines[grid_line - 1]
        first_row_line = grid_line + 1 if re.search(r'("""|\'\'\')\s*$', opener) else grid_line
    cells = _read_grid(grid, layout, features, first_row_line, find)
    if not cells:
        raise fatal("the grid has no spaces", grid_line)

    board_without_walls = Board(name, layout, cells, (), features, diagonals)
    walls = _read_walls(data.get("walls", []), board_without_walls, where, fatal, find)
    board = Board(name, layout, cells, walls, features, diagonals)
    return board, findings


def _read_features(
    table: Any, where: LineFinder, fatal: Any, find: Any
) -> dict[str, FeatureSpec]:
    if not isinstance(table, dict):
        raise fatal("'features' must be a table of glyphs", where.of_key("features"))
    features: dict[str, FeatureSpec] = {}
    for glyph, settings in table.items():
        def header(glyph: str = glyph) -> int | None:  # looked up only for a message
            return where.of_table(rf"features\.(\"?){re.escape(glyph)}\1")

        if len(glyph) != 1 or not (glyph.islower() or glyph in CONFIGURABLE_GLYPHS):
            find(f"[features.{printable(glyph)}]: a feature glyph is one lower-case letter, or "
                 f"one of {' '.join(sorted(CONFIGURABLE_GLYPHS))}", header())
            continue
        if not isinstance(settings, dict):
            raise fatal(f"features.{glyph} must be a table", header())
        for key in settings:
            if key not in FEATURE_KEYS:
                find(f"[features.{glyph}]: unknown setting {key!r} "
                     f"(a feature has: {', '.join(sorted(FEATURE_KEYS))})", header())
        standard = STANDARD_GLYPHS.get(glyph)
        kind_text = settings.get("kind", standard.value if standard else "feature")
        try:
            kind = FeatureKind(kind_text)
        except ValueError:
            kinds = NAMED_FEATURE_KINDS if standard is None else set(FeatureKind)
            find(f"[features.{glyph}]: unknown kind {kind_text!r} (kinds: "
                 f"{', '.join(sorted(k.value for k in kinds))})", header())
            kind = standard or FeatureKind.FEATURE
        if standard is not None and kind is not standard:
            find(f"[features.{glyph}]: '{glyph}' is always {standard.value}, not {kind.value}",
                 header())
            kind = standard
        if standard is None and kind not in NAMED_FEATURE_KINDS:
            allowed = ", ".join(sorted(k.value for k in NAMED_FEATURE_KINDS))
            find(f"[features.{glyph}]: a named feature's kind is one of {allowed}", header())
            kind = FeatureKind.FEATURE
        name = settings.get("name", glyph if standard is None else None)
        if name is not None and not isinstance(name, str):
            find(f"[features.{glyph}]: 'name' must be a string", header())
            name = None
        damage = settings.get("damage")
        if damage is not None:
            if isinstance(damage, bool) or not isinstance(damage, int) or damage < 0:
                find(f"[features.{glyph}]: 'damage' must be a whole number, 0 or more", header())
                damage = None
            elif damage > MAX_DAMAGE:
                find(f"[features.{glyph}]: 'damage' is at most {MAX_DAMAGE}", header())
                damage = None
            elif kind not in (FeatureKind.HAZARD, FeatureKind.TRAP):
                find(f"[features.{glyph}]: only a hazard or a trap has 'damage'", header())
                damage = None
        features[glyph] = FeatureSpec(glyph, kind, name, damage)
    return features


def _read_grid(
    grid: str,
    layout: Layout,
    features: Mapping[str, FeatureSpec],
    first_line: int | None,
    find: Any,
) -> list[Cell]:
    rows = grid.split("\n")
    while rows and not rows[-1].strip():
        rows.pop()
    cells: list[Cell] = []
    for number, raw in enumerate(rows, start=1):
        line = None if first_line is None else first_line + number - 1
        text = raw.rstrip()
        shifted = layout is Layout.HEX and number % 2 == 0
        if shifted:
            if text and not text.startswith(" "):
                find(f"row {number}: an even row of a hex grid starts with one space "
                     "(it is drawn shifted half a space right)", line)
                text = " " + text
            text = text[1:]
        if text.startswith(" "):
            find(f"row {number}: unexpected leading space"
                 + (" (only even rows of a hex grid are shifted)" if not shifted else ""),
                 line)
            text = text.lstrip(" ")
        glyphs: list[str] = list(text[0::2])
        if " " in glyphs:
            # a stray space shifts every cell after it: one finding for the row, and its
            # cells read as the glyphs between the spaces
            stray = glyphs.index(" ")
            find(f"row {number}: cells must be separated by one space "
                 f"(found {text[2 * stray - 1 : 2 * stray + 1]!r} at "
                 f"{space_name(stray, number)})", line)
            glyphs = text.split()
        for column, glyph in enumerate(glyphs):
            separator = text[2 * column + 1 : 2 * column + 2]
            if separator not in ("", " ") and " " not in text[0::2]:
                find(f"row {number}: cells must be separated by one space "
                     f"(found {text[2 * column : 2 * column + 2]!r} at "
                     f"{space_name(column, number)})", line)
            if glyph == NO_SPACE:
                continue
            if glyph not in STANDARD_GLYPHS and glyph not in features:
                hint = (f" (a named feature needs a [features.{glyph}] table)"
                        if glyph.islower() else "")
                find(f"unknown glyph {glyph!r} at {space_name(column, number)}{hint}", line)
                if not glyph.islower():
                    glyph = "."
            cells.append(Cell(column, number, glyph))
    return cells


def _read_walls(
    walls: Any, board: Board, where: LineFinder, fatal: Any, find: Any
) -> list[tuple[int, int]]:
    if not isinstance(walls, list):
        raise fatal("'walls' must be a list of \"A1|B1\" strings", where.of_key("walls"))
    found: list[tuple[int, int]] = []
    walls_line = where.of_key("walls") or 0
    for entry in walls:
        line = walls_line or None
        if isinstance(entry, str):
            start = max(walls_line - 1, 0)
            line = where.of_text(f'"{entry}"', start) or where.of_text(f"'{entry}'", start)
        if not isinstance(entry, str) or entry.count("|") != 1:
            find(f"wall {entry!r} is not of the form \"A1|B1\"", line)
            continue
        names = [part.strip() for part in entry.split("|")]
        spaces: list[int] = []
        for part in names:
            index = board.find(part)
            if index is None:
                what = "is not a space name" if parse_space_name(part) is None else (
                    "is not a space of this map")
                find(f"wall {entry}: {part} {what}", line)
            else:
                spaces.append(index)
        if len(spaces) != 2:
            continue
        a, b = spaces
        if not board.touching(a, b):
            find(f"wall {entry}: {names[0]} and {names[1]} are not adjacent", line)
            continue
        found.append((a, b))
    return found


def raise_first(findings: list[Finding]) -> None:
    """Raise the first finding as a :class:`ContentError` (strict loading)."""
    if not findings:
        return
    first = findings[0]
    more = len(findings) - 1
    message = first.message + (
        f" (and {more} more finding{'s' if more > 1 else ''}: run 'tales map check')"
        if more else "")
    raise ContentError(first.source, message, first.line)


def load_map(path: str | Path) -> Board:
    """Read a map file; any finding is a :class:`ContentError` naming the file and line."""
    source = str(path)
    board, findings = parse_map(read_text(path), source)
    raise_first(findings)
    return board


def _toml_string(value: str) -> str:
    """A TOML basic string: JSON's escapes, plus DEL, which TOML forbids unescaped."""
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007F")


def write_map(board: Board) -> str:
    """The map file text of ``board``; :func:`parse_map` reads it back to an equal board."""
    out = [f"name = {_toml_string(board.name)}", f"layout = {_toml_string(board.layout.value)}"]
    if board.diagonals:
        out.append("diagonals = true")
    out.append('grid = """')
    for row in range(1, board.height + 1):
        glyphs: list[str] = []
        for column in range(board.width):
            index = board.at(column, row)
            glyphs.append(NO_SPACE if index is None else board.glyphs[index])
        while glyphs and glyphs[-1] == NO_SPACE:
            glyphs.pop()
        text = " ".join(glyphs)
        if text and board.layout is Layout.HEX and row % 2 == 0:
            text = " " + text
        out.append(text)
    out.append('"""')
    if board.walls:
        walls = sorted(board.walls)
        items = ", ".join(
            _toml_string(f"{board.names[a]}|{board.names[b]}") for a, b in walls)
        out.append(f"walls = [{items}]")
    for glyph, spec in sorted(board.features.items()):
        out.append("")
        out.append(f"[features.{_toml_string(glyph)}]")
        out.append(f"kind = {_toml_string(spec.kind.value)}")
        if spec.name is not None:
            out.append(f"name = {_toml_string(spec.name)}")
        if spec.damage is not None:
            out.append(f"damage = {spec.damage}")
    return "\n".join(out) + "\n"
