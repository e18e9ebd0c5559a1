"""A position: a board with figures and the tokens on it, and its position file.

A :class:`Position` is an immutable value; every change returns a new one. It answers the
questions a player asks of the table: what stands where, which spaces are Occupied, how far
apart two spaces are by Line of Fire.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from tales.board.board import Board, BoolArray, IntArray
from tales.board.compact import compact_table
from tales.board.fields import DistanceGraph
from tales.board.figures import (
    HEROIC_ROLES,
    Figure,
    Keyword,
    Role,
    Side,
    Token,
    is_foe,
    parse_keyword,
    unknown_keyword,
)
from tales.board.footprint import linked_together, offsets_of, spaces_at
from tales.board.mapfile import (
    LineFinder,
    exists,
    map_from_table,
    raise_first,
    read_text,
    read_toml,
)
from tales.errors import ContentError, TalesError, printable
from tales.evolve import evolve

POSITION_KEYS = frozenset({"map", "figures", "traps", "wizard_fire", "open_doors"})
FIGURE_KEYS = frozenset(
    {"id", "side", "at", "group", "number", "fortitude", "damage", "wounded",
     "wounded_fortitude", "toughness_refresh", "keywords", "tokens", "role", "owner",
     "recovery", "recovering"}
)


@dataclass(frozen=True)
class Position:
    """The board, the figures on it, and the Trap, Wizard Fire and door tokens now placed.

    ``traps`` and ``wizard_fire`` map a space to the damage of the token there;
    ``closed_doors`` holds every space with a closed door token.
    """

    board: Board
    figures: tuple[Figure, ...] = ()
    traps: Mapping[int, int] = field(default_factory=dict)
    wizard_fire: Mapping[int, int] = field(default_factory=dict)
    closed_doors: frozenset[int] = frozenset()

    @classmethod
    def empty(cls, board: Board) -> Position:
        """The board as printed: its Traps set and every door closed, no figures."""
        traps = {int(s): int(board.trap_damage[s]) for s in np.flatnonzero(board.trap)}
        doors = frozenset(int(s) for s in np.flatnonzero(board.door))
        return cls(board, (), traps, {}, doors)

    # --- figures ------------------------------------------------------------------

    def figure(self, figure_id: str) -> Figure:
        """The figure called ``figure_id``; a one-line :class:`TalesError` if none."""
        for figure in self.figures:
            if figure.id == figure_id:
                return figure
        known = ", ".join(f.id for f in self.figures) or "none"
        raise TalesError(f"no figure {figure_id!r} in this position (figures: {known})")

    def has_figure(self, figure_id: str) -> bool:
        """True while ``figure_id`` is on the map (a Defeated figure is removed)."""
        return any(f.id == figure_id for f in self.figures)

    def figures_at(self, space: int) -> list[Figure]:
        """Every figure on ``space`` (several only when Tiny figures share it)."""
        return [f for f in self.figures
                if f.at == space or (f.footprint and space in self.spaces_of(f))]

    def spaces_of(self, figure: Figure) -> tuple[int, ...]:
        """Every space ``figure`` stands on, its anchor first (one for most figures)."""
        if not figure.footprint:
            return (figure.at,)
        return spaces_at(self.board, figure.at, figure.footprint) or (figure.at,)

    def foes_of(self, figure: Figure) -> list[Figure]:
        """Every figure that ``figure`` treats as a Foe."""
        return [f for f in self.figures if is_foe(figure, f)]

    def with_figure(self, figure: Figure) -> Position:
        """This position with ``figure`` replacing the figure of the same id."""
        # a list made then a tuple: cheaper than a tuple from a generator (~100 a game)
        figures = tuple([figure if f.id == figure.id else f for f in self.figures])
        return evolve(self, figures=figures)

    def without_figure(self, figure_id: str) -> Position:
        """This position with the figure removed from the map."""
        return evolve(self, figures=tuple(f for f in self.figures if f.id != figure_id))

    # --- spaces -------------------------------------------------------------------

    def blocked(self) -> BoolArray:
        """Spaces nothing may enter or draw Line of Fire through: Impassable, closed doors."""
        mask = self.board.impassable.copy()
        for door in self.closed_doors:
            mask[door] = True
        return mask

    def is_blocked(self, space: int) -> bool:
        """True for an Impassable space or a space with a closed door token."""
        return bool(self.board.impassable[space]) or space in self.closed_doors

    def is_occupied(self, space: int, ignoring: str | None = None) -> bool:
        """Occupied: a figure without Tiny stands there (glossary: Occupied, Tiny).

        ``ignoring`` leaves one figure out (the one that is moving).
        """
        return any(
            (f.at == space or (f.footprint and space in self.spaces_of(f)))
            and f.id != ignoring and Keyword.TINY not in f.keywords
            for f in self.figures
        )

    def occupied(self, ignoring: str | None = None) -> BoolArray:
        """The Occupied mask of all spaces (see :meth:`is_occupied`)."""
        mask = np.zeros(self.board.n, dtype=bool)
        for f in self.figures:
            if f.id != ignoring and Keyword.TINY not in f.keywords:
                mask[list(self.spaces_of(f)) if f.footprint else f.at] = True
        return mask

    def adjacent(self, a: Figure, b: Figure) -> bool:
        """Figures are adjacent in linked spaces, or sharing a space with a Tiny one."""
        if a.id == b.id:
            return False
        if a.footprint or b.footprint:  # next to any of its spaces (Large figures)
            return any(self.board.adjacent(x, y) for x in self.spaces_of(a)
                       for y in self.spaces_of(b))
        if a.at == b.at:
            return True
        return self.board.adjacent(a.at, b.at)

    # --- Line of Fire -------------------------------------------------------------

    def sight(self) -> DistanceGraph:
        """The Line of Fire graph of this position's doors (cached on the board)."""
        key = ("line-of-fire", self.closed_doors)
        graph = self.board.cached(key)
        if not isinstance(graph, DistanceGraph):
            graph = DistanceGraph(self.board.links, ~self.blocked())
            self.board.remember(key, graph)
        return graph

    def line_of_fire(self, a: int, b: int) -> int | None:
        """Line of Fire distance between two spaces, or None when there is none.

        Line of Fire is a contiguous path of spaces: it goes around corners and through
        figures and map features, never through Impassable spaces, Walls, closed doors or
        Map Edges (glossary: Line of Fire; Ranged Attack, step 2).
        """
        return self.sight().distance(a, b)

    def line_of_fire_route(self, a: int, b: int) -> tuple[int, ...] | None:
        """A shortest Line of Fire from ``a`` to ``b`` as its spaces, ``a`` first (None
        when there is none): each step to a neighbour one space nearer ``b``, the one
        straightest toward it where several are (so an Attack is drawn around a Wall, not
        through it)."""
        field = self.line_of_fire_field(b)
        if field[a] < 0:
            return None
        board = self.board
        goal = board.cells[b]
        route = [a]
        while route[-1] != b:
            here = route[-1]
            nearer = [s for s in board.linked(here) if field[s] == field[here] - 1]
            route.append(min(nearer, key=lambda s: (
                (board.cells[s].column - goal.column) ** 2
                + (board.cells[s].row - goal.row) ** 2, s)))
        return tuple(route)

    def line_of_fire_field(self, source: int) -> IntArray:
        """Line of Fire distance from ``source`` to every space (-1: none)."""
        return self.sight().field(source)

    def figure_field(self, figure: Figure) -> IntArray:
        """Line of Fire distance from the nearest of ``figure``'s spaces to every space
        (-1: none); for a one-space figure, :meth:`line_of_fire_field` of its space."""
        spaces = self.spaces_of(figure)
        if len(spaces) == 1:
            return self.line_of_fire_field(spaces[0])
        fields = self.sight().fields(list(spaces))
        reached = np.where(fields >= 0, fields, np.iinfo(np.int32).max).min(axis=0)
        out: IntArray = np.where(reached == np.iinfo(np.int32).max, -1, reached).astype(
            np.int32)
        return out

    def figure_distance(self, field: IntArray, figure: Figure) -> int | None:
        """The least of ``field`` over ``figure``'s spaces (None: no Line of Fire)."""
        found = [int(field[s]) for s in self.spaces_of(figure) if field[s] >= 0]
        return min(found) if found else None

    def within_range(self, source: int, x: int) -> BoolArray:
        """Range X: the spaces within X steps of ``source`` by Line of Fire (glossary)."""
        d = self.line_of_fire_field(source)
        return (d >= 0) & (d <= x)


# --- position files -------------------------------------------------------------------


def load_position(path: str | Path) -> Position:
    """Read a position file (DESIGN.md, "Position file"); errors name file and line."""
    source = str(path)
    text = read_text(path)
    return parse_position(text, source, Path(path).parent)


def parse_position(text: str, source: str = "<position>", base: Path | None = None) -> Position:
    """Build a :class:`Position` from position-file text; ``base`` resolves ``map = "..."``."""
    data = read_toml(text, source)
    lines = LineFinder(text)

    def error(message: str, line: int | None = None) -> ContentError:
        return ContentError(source, message, line)

    for key in data:
        if key not in POSITION_KEYS:
            raise error(f"unknown key {key!r} (a position has: "
                        f"{', '.join(sorted(POSITION_KEYS))})", lines.of_key(key))
    board = _position_board(data.get("map"), source, lines, base)
    position = Position.empty(board)

    def spaces(key: str, value: Any) -> Mapping[int, int]:
        line = lines.of_key(key)
        if not isinstance(value, dict):
            raise error(f"'{key}' must be a table of space = damage", line)
        found: dict[int, int] = {}
        for name, damage in value.items():
            space = _space(board, name, error, line, key)
            if isinstance(damage, bool) or not isinstance(damage, int) or damage < 0:
                raise error(f"{key}.{name}: damage must be a whole number, 0 or more", line)
            if board.impassable[space]:
                raise error(f"{key}.{name}: {name} is Impassable", line)
            found[space] = damage
        return found

    traps = spaces("traps", data["traps"]) if "traps" in data else position.traps
    fire = spaces("wizard_fire", data.get("wizard_fire", {}))
    for space in set(traps) & set(fire):
        raise error(f"{board.names[space]} has both a Trap and a Wizard Fire token "
                    "(glossary: Trap, Wizard Fire)", lines.of_key("wizard_fire"))
    closed = set(position.closed_doors)
    open_doors = data.get("open_doors", [])
    if not isinstance(open_doors, list):
        raise error("'open_doors' must be a list of door spaces", lines.of_key("open_doors"))
    for name in open_doors:
        space = _space(board, name, error, lines.of_key("open_doors"), "open_doors")
        if space not in closed:
            raise error(f"open_doors: {name} is not a door space", lines.of_key("open_doors"))
        closed.discard(space)
    position = Position(board, (), traps, fire, frozenset(closed))
    figures = data.get("figures", [])
    if not isinstance(figures, list):
        raise error("'figures' must be an array of tables ([[figures]]) or of compact lines "
                    "(figures = [\"zot hero C3\"])", lines.of_key("figures"))
    header_lines = lines.entries("figures")
    tables = 0
    after = lines.of_key("figures") or 1
    placed: list[Figure] = []
    for n, entry in enumerate(figures):
        if isinstance(entry, str):  # the compact form (tales.board.compact)
            line = lines.of_text(entry, after - 1) or lines.of_key("figures")
            after = line or after
            label = f"figure {printable(entry)!r}"
            try:
                entry = compact_table(entry)
            except ValueError as bad:
                raise error(f"{label}: {bad}", line) from None
            placed.append(_read_figure(entry, n, line, position, placed, error, label))
            continue
        line = header_lines[tables] if tables < len(header_lines) else lines.of_key("figures")
        tables += 1
        placed.append(_read_figure(entry, n, line, position, placed, error))
    return evolve(position, figures=tuple(placed))


def _space(board: Board, name: Any, error: Any, line: int | None, what: str) -> int:
    if not isinstance(name, str):
        raise error(f"{what}: {name!r} is not a space name", line)
    space = board.find(name)
    if space is None:
        raise error(f"{what}: no space {printable(name)} on map {board.name!r}", line)
    return space


def _position_board(spec: Any, source: str, lines: LineFinder, base: Path | None) -> Board:
    if spec is None:
        raise ContentError(source, "no 'map': give map = \"FILE\" or a [map] table")
    if isinstance(spec, str):
        from tales.board.mapfile import load_map

        path = Path(spec)
        if not path.is_absolute() and base is not None:
            path = base / path
        if not exists(path):
            raise ContentError(source, f"map file {spec!r} not found (looked for "
                               f"{printable(str(path))})",
                               lines.of_key("map"))
        return load_map(path)
    if isinstance(spec, dict):
        offset = (lines.of_table("map") or 1) - 1
        board, findings = map_from_table(spec, source, _MapLineFinder(lines, offset), 0)
        raise_first(findings)
        return board
    raise ContentError(source, "'map' must be a file name or a [map] table",
                       lines.of_key("map"))


class _MapLineFinder(LineFinder):
    """Line finder for a ``[map]`` table embedded in a position file."""

    def __init__(self, whole: LineFinder, offset: int) -> None:
        self.lines = whole.lines
        self.offset = offset

    def of_key(self, key: str, start: int = 0) -> int | None:
        return super().of_key(key, max(start, self.offset))

    def of_table(self, header: str) -> int | None:
        return super().of_table(rf"map\.{header}")


def _read_figure(
    entry: Any, n: int, line: int | None, position: Position, placed: Iterable[Figure],
    error: Any, label: str | None = None,
) -> Figure:
    board = position.board
    if not isinstance(entry, dict):
        raise error(f"figure {n + 1} must be a table or a compact line (\"zot hero C3\")",
                    line)
    figure_id = entry.get("id")
    if label is None:
        label = f"figure {figure_id!r}" if isinstance(figure_id, str) else f"figure {n + 1}"
    for key in entry:
        if key not in FIGURE_KEYS:
            raise error(f"{label}: unknown key {key!r} (a figure has: "
                        f"{', '.join(sorted(FIGURE_KEYS))})", line)
    if not isinstance(figure_id, str) or not figure_id:
        raise error(f"{label}: needs an 'id' (a name such as \"zot\")", line)
    if any(f.id == figure_id for f in placed):
        raise error(f"{label}: the id is used twice", line)
    side_text = entry.get("side")
    try:
        side = Side(str(side_text))
    except ValueError:
        raise error(f"{label}: side {side_text!r} is not \"hero\" or \"schemer\"", line) from None
    where = entry.get("at")
    listed = where if isinstance(where, list) and where else [where]
    spaces = [_space(board, name, error, line, f"{label}: at") for name in listed]
    at = spaces[0]
    for space in spaces:
        if board.impassable[space]:
            raise error(f"{label}: {board.names[space]} is Impassable", line)
        if space in position.closed_doors:
            raise error(f"{label}: {board.names[space]} has a closed door", line)
    footprint = _footprint(board, spaces, label, error, line)

    def whole(key: str, default: int | None, least: int) -> int | None:
        value = entry.get(key, default)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise error(f"{label}: '{key}' must be a whole number, {least} or more", line)
        return value

    fortitude = whole("fortitude", None, 1)
    wounded_fortitude = whole("wounded_fortitude", None, 1)
    toughness_refresh = whole("toughness_refresh", 0, 0) or 0
    damage = whole("damage", 0, 0) or 0
    number = whole("number", None, 1)
    role_text = entry.get("role")
    role = None
    if role_text is not None:
        try:
            role = Role(str(role_text))
        except ValueError:
            known = ", ".join(r.value for r in Role)
            raise error(f"{label}: unknown role {role_text!r} (roles: {known})", line) from None
        if (role in HEROIC_ROLES) != (side is Side.HERO):
            raise error(f"{label}: a {side.value} cannot have the role {role.value}", line)
    owner = entry.get("owner")
    if owner is not None and not isinstance(owner, str):
        raise error(f"{label}: 'owner' must be the id of the figure controlling it", line)
    wounded = entry.get("wounded", False)
    if not isinstance(wounded, bool):
        raise error(f"{label}: 'wounded' must be true or false", line)
    if wounded and wounded_fortitude is not None:
        raise error(f"{label}: a Wounded figure has no 'wounded_fortitude' (it is already on "
                    "its Wounded side)", line)
    group = entry.get("group")
    if group is not None and not isinstance(group, str):
        raise error(f"{label}: 'group' must be a string", line)
    keywords: set[Keyword] = set()
    immune: set[str] = set()
    words = entry.get("keywords", [])
    if not isinstance(words, list):
        raise error(f"{label}: 'keywords' must be a list of strings", line)
    for word in words:
        parsed = parse_keyword(word) if isinstance(word, str) else None
        if parsed is None:
            raise error(f"{label}: {unknown_keyword(word)}", line)
        if isinstance(parsed, Keyword):
            keywords.add(parsed)
        else:
            immune.add(parsed)
    tokens: dict[Token, int] = {}
    table = entry.get("tokens", {})
    if not isinstance(table, dict):
        raise error(f"{label}: 'tokens' must be a table such as {{shield = 1}}", line)
    for name, count in table.items():
        try:
            token = Token(name)
        except ValueError:
            known = ", ".join(t.value for t in Token)
            raise error(f"{label}: unknown token {name!r} (known: {known})", line) from None
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise error(f"{label}: tokens.{name} must be a whole number, 0 or more", line)
        tokens[token] = count
    recovery = None
    if "recovery" in entry:
        words = entry["recovery"]
        parsed_words = [parse_keyword(w) if isinstance(w, str) else None
                        for w in (words if isinstance(words, list) else [None])]
        if not all(isinstance(k, Keyword) for k in parsed_words):
            raise error(f"{label}: 'recovery' lists the keywords of its Recovery side, such "
                        "as [\"Avoided\", \"Tiny\"]", line)
        recovery = frozenset(k for k in parsed_words if isinstance(k, Keyword))
    recovering = entry.get("recovering", False)
    if not isinstance(recovering, bool) or (recovering and recovery is None):
        raise error(f"{label}: 'recovering' is true or false, and needs 'recovery'", line)
    if recovery is not None and role is not Role.COMPANION:
        raise error(f"{label}: only a Companion (role = \"companion\") has a Recovery side",
                    line)
    figure = Figure(
        id=figure_id, side=side, at=at, group=group, number=number, fortitude=fortitude,
        damage=damage, wounded=wounded, wounded_fortitude=wounded_fortitude,
        toughness_refresh=toughness_refresh, role=role, owner=owner,
        keywords=frozenset(keywords | (set(recovery or ()) if recovering else set())),
        immune=frozenset(immune), recovery=recovery, recovering=recovering,
        footprint=footprint,
    ).with_tokens(tokens)
    if footprint and Keyword.TINY in figure.keywords:
        raise error(f"{label}: a Tiny figure takes one space (give 'at' one space)", line)
    if Keyword.TINY not in figure.keywords:
        for other in placed:
            if Keyword.TINY in other.keywords:
                continue
            mine = position.spaces_of(figure)
            shared = [s for s in position.spaces_of(other) if s in mine]
            if shared:
                raise error(f"{label}: {board.names[shared[0]]} is already Occupied by "
                            f"{other.id!r} (only Tiny figures share a space)", line)
    return figure


def _footprint(board: Board, spaces: list[int], label: str, error: Any, line: int | None
               ) -> tuple[tuple[int, int], ...]:
    """The footprint of a figure written ``at = ["E4", "F4"]`` (the first is its anchor):
    distinct spaces, linked together with no Wall between (docs/rules-decisions.md, "Large
    figures")."""
    if len(spaces) == 1:
        return ()
    if len(set(spaces)) != len(spaces):
        raise error(f"{label}: 'at' names a space twice", line)
    if not linked_together(board, spaces):
        raise error(f"{label}: the spaces of 'at' ({' '.join(board.names[s] for s in spaces)})"
                    " are not linked together (neighbours, no Wall between)", line)
    return offsets_of(board, spaces)
