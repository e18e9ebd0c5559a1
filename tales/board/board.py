"""The map as a graph of spaces: layout, neighbours, Walls and map features.

A :class:`Board` is static: what is printed on the map. What changes during a game (figures,
Trap tokens, Wizard Fire tokens, which doors are closed) lives in
:class:`tales.board.position.Position`.

Spaces are indexed ``0..n-1`` in reading order (row 1 left to right, then row 2, ...).
Geometry is kept as numpy arrays: ``neighbours`` (n x K, -1 where there is none) and
``links`` (the same with every neighbour behind a Wall removed).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from tales.board.names import parse_space_name, space_name
from tales.errors import TalesError, printable

IntArray = npt.NDArray[np.int32]
BoolArray = npt.NDArray[np.bool_]


class Layout(StrEnum):
    """How spaces touch: pointy-top hexes (six neighbours) or squares."""

    HEX = "hex"
    SQUARE = "square"


class FeatureKind(StrEnum):
    """What a glyph on the grid means for movement and Line of Fire."""

    OPEN = "open"
    IMPASSABLE = "impassable"
    DIFFICULT = "difficult"
    HAZARD = "hazard"
    TRAP = "trap"
    DOOR = "door"
    START = "start"
    DEPLOYMENT = "deployment"
    FEATURE = "feature"
    IMPASSABLE_FEATURE = "impassable-feature"


#: Each kind of space in the rulebook's words, as the legends say them.
FEATURE_WORDS: dict[FeatureKind, str] = {
    FeatureKind.IMPASSABLE_FEATURE: "Impassable map feature", FeatureKind.FEATURE: "map feature",
    FeatureKind.IMPASSABLE: "Impassable", FeatureKind.DIFFICULT: "Difficult",
    FeatureKind.HAZARD: "Hazard", FeatureKind.TRAP: "Trap", FeatureKind.DOOR: "door",
    FeatureKind.START: "Hero start space", FeatureKind.DEPLOYMENT: "deployment space",
    FeatureKind.OPEN: "open space"}


#: The fixed glyphs of the map format and what each is.
STANDARD_GLYPHS: Mapping[str, FeatureKind] = {
    ".": FeatureKind.OPEN,
    "#": FeatureKind.IMPASSABLE,
    "~": FeatureKind.DIFFICULT,
    "^": FeatureKind.HAZARD,
    "T": FeatureKind.TRAP,
    "D": FeatureKind.DOOR,
    "S": FeatureKind.START,
    **{str(d): FeatureKind.DEPLOYMENT for d in range(1, 10)},
}

#: The glyph for "no space here".
NO_SPACE = "_"

#: Standard glyphs that accept a ``[features."X"]`` table, and the kinds a named
#: (lower-case) feature may have.
CONFIGURABLE_GLYPHS = frozenset("#~^TD")
NAMED_FEATURE_KINDS = frozenset(
    {
        FeatureKind.FEATURE,
        FeatureKind.IMPASSABLE_FEATURE,
        FeatureKind.HAZARD,
        FeatureKind.DIFFICULT,
        FeatureKind.TRAP,
    }
)

#: Damage of a Hazard or Trap whose ``[features]`` table gives none (glossary, Trap:
#: "the effect placing it will specify how many damage tokens"; printed map Traps use 1).
DEFAULT_DAMAGE = 1


@dataclass(frozen=True, slots=True)
class FeatureSpec:
    """The settings of one glyph from the map file's ``[features]`` table."""

    glyph: str
    kind: FeatureKind
    name: str | None = None
    damage: int | None = None


@dataclass(frozen=True, slots=True)
class Cell:
    """One space as written in the grid: 0-based column, 1-based row, glyph."""

    column: int
    row: int
    glyph: str


def _hex_offsets(row: int) -> tuple[tuple[int, int], ...]:
    """Neighbour offsets (dcol, drow) of a space in 1-based ``row`` (DESIGN.md, Map file)."""
    if row % 2 == 1:
        return ((-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))
    return ((-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1))


_SQUARE_ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
_SQUARE_DIAGONAL = ((-1, -1), (1, -1), (-1, 1), (1, 1))


class Board:
    """A map: its spaces, their features, the Walls between them, and its geometry."""

    def __init__(
        self,
        name: str,
        layout: Layout,
        cells: Iterable[Cell],
        walls: Iterable[tuple[int, int]] = (),
        features: Mapping[str, FeatureSpec] | None = None,
        diagonals: bool = False,
    ) -> None:
        self.name = name
        self.layout = layout
        self.diagonals = diagonals and layout is Layout.SQUARE
        self.cells: tuple[Cell, ...] = tuple(sorted(cells, key=lambda c: (c.row, c.column)))
        self.features: dict[str, FeatureSpec] = dict(features or {})
        self.n = len(self.cells)
        self.names: tuple[str, ...] = tuple(space_name(c.column, c.row) for c in self.cells)
        self._index = {(c.column, c.row): i for i, c in enumerate(self.cells)}
        self._by_name = {name: i for i, name in enumerate(self.names)}
        self.columns = np.array([c.column for c in self.cells], dtype=np.int32)
        self.rows = np.array([c.row for c in self.cells], dtype=np.int32)
        self.glyphs: tuple[str, ...] = tuple(c.glyph for c in self.cells)
        self.walls: frozenset[tuple[int, int]] = frozenset(
            (min(a, b), max(a, b)) for a, b in walls
        )
        self.neighbours = self._neighbour_table()
        self.links = self._without_walls(self.neighbours)
        # the same tables as sets, for the adjacency questions asked thousands of times a game
        self._link_sets = tuple(frozenset(int(s) for s in row if s >= 0) for row in self.links)
        self._touch_sets = tuple(frozenset(int(s) for s in row if s >= 0)
                                 for row in self.neighbours)
        self._init_features()
        self._plain_axes = self._plain_coordinates()
        self._cache: dict[object, object] = {}

    # --- construction -------------------------------------------------------------

    def _offsets(self, row: int) -> tuple[tuple[int, int], ...]:
        if self.layout is Layout.HEX:
            return _hex_offsets(row)
        if self.diagonals:
            return _SQUARE_ORTHOGONAL + _SQUARE_DIAGONAL
        return _SQUARE_ORTHOGONAL

    @property
    def degree(self) -> int:
        """Most neighbours a space can have: 6 (hex), 4 or 8 (square)."""
        return len(self._offsets(1))

    def _neighbour_table(self) -> IntArray:
        table = np.full((self.n, self.degree), -1, dtype=np.int32)
        for i, cell in enumerate(self.cells):
            for k, (dc, dr) in enumerate(self._offsets(cell.row)):
                table[i, k] = self._index.get((cell.column + dc, cell.row + dr), -1)
        return table

    def _without_walls(self, table: IntArray) -> IntArray:
        links = table.copy()
        for a, b in self.walls:
            links[a][links[a] == b] = -1
            links[b][links[b] == a] = -1
        return links

    def _init_features(self) -> None:
        n = self.n
        self.impassable: BoolArray = np.zeros(n, dtype=bool)
        self.difficult: BoolArray = np.zeros(n, dtype=bool)
        self.hazard_damage: IntArray = np.zeros(n, dtype=np.int32)
        self.hazard: BoolArray = np.zeros(n, dtype=bool)
        self.trap: BoolArray = np.zeros(n, dtype=bool)
        self.trap_damage: IntArray = np.zeros(n, dtype=np.int32)
        self.door: BoolArray = np.zeros(n, dtype=bool)
        self.start: BoolArray = np.zeros(n, dtype=bool)
        self.deployment: IntArray = np.zeros(n, dtype=np.int32)
        feature_names: list[str | None] = [None] * n
        for i, glyph in enumerate(self.glyphs):
            spec = self.feature_spec(glyph)
            kind = spec.kind
            feature_names[i] = spec.name
            damage = DEFAULT_DAMAGE if spec.damage is None else spec.damage
            if kind in (FeatureKind.IMPASSABLE, FeatureKind.IMPASSABLE_FEATURE):
                self.impassable[i] = True
            elif kind is FeatureKind.DIFFICULT:
                self.difficult[i] = True
            elif kind is FeatureKind.HAZARD:
                self.hazard[i] = True
                self.hazard_damage[i] = damage
            elif kind is FeatureKind.TRAP:
                self.trap[i] = True
                self.trap_damage[i] = damage
            elif kind is FeatureKind.DOOR:
                self.door[i] = True
            elif kind is FeatureKind.START:
                self.start[i] = True
            elif kind is FeatureKind.DEPLOYMENT:
                self.deployment[i] = int(glyph)
        self.feature_name: tuple[str | None, ...] = tuple(feature_names)

    def feature_spec(self, glyph: str) -> FeatureSpec:
        """The settings of ``glyph``: its ``[features]`` table, or the standard meaning."""
        spec = self.features.get(glyph)
        if spec is not None:
            return spec
        kind = STANDARD_GLYPHS.get(glyph, FeatureKind.FEATURE)
        return FeatureSpec(glyph, kind, name=glyph if glyph.islower() else None)

    def _plain_coordinates(self) -> tuple[IntArray, IntArray]:
        if self.layout is Layout.HEX:
            r0 = self.rows - 1
            q = self.columns - (r0 - (r0 & 1)) // 2
            return q.astype(np.int32), r0.astype(np.int32)
        return self.columns.copy(), (self.rows - 1).astype(np.int32)

    # --- naming -------------------------------------------------------------------

    def space(self, name: str) -> int:
        """Index of the space called ``name``; a :class:`TalesError` if there is none."""
        index = self.find(name)
        if index is None:
            raise TalesError(f"no space {printable(name)} on map {self.name!r}")
        return index

    def find(self, name: str) -> int | None:
        """Index of the space called ``name``, or None."""
        parsed = parse_space_name(name)
        if parsed is None:
            return None
        return self._index.get(parsed)

    def at(self, column: int, row: int) -> int | None:
        """Index of the space at 0-based ``column`` in 1-based ``row``, or None."""
        return self._index.get((column, row))

    @property
    def height(self) -> int:
        """Number of rows."""
        return int(self.rows.max()) if self.n else 0

    @property
    def width(self) -> int:
        """Number of columns of the widest row."""
        return int(self.columns.max()) + 1 if self.n else 0

    # --- adjacency ----------------------------------------------------------------

    def adjacent(self, a: int, b: int) -> bool:
        """True when ``a`` and ``b`` are neighbours with no Wall between them."""
        return b in self._link_sets[a]

    def touching(self, a: int, b: int) -> bool:
        """True when ``a`` and ``b`` are neighbours, Wall or not."""
        return b in self._touch_sets[a]

    def linked(self, space: int) -> list[int]:
        """Neighbours of ``space`` not behind a Wall."""
        return [int(s) for s in self.links[space] if s >= 0]

    def wall_between(self, a: int, b: int) -> bool:
        """True when a Wall separates ``a`` and ``b``."""
        return (min(a, b), max(a, b)) in self.walls

    # --- plain distance (no Walls, no features) -------------------------------------

    def plain_distance(self, a: int, b: int) -> int:
        """Steps between two spaces on an empty, wall-free grid of this layout."""
        return int(self.plain_distance_field(a)[b])

    def plain_distance_field(self, source: int) -> IntArray:
        """Plain grid distance from ``source`` to every space (hex or square metric)."""
        q, r = self._plain_axes
        dq = np.abs(q - q[source])
        dr = np.abs(r - r[source])
        if self.layout is Layout.HEX:
            ds = np.abs((q - q[source]) + (r - r[source]))
            result: IntArray = ((dq + dr + ds) // 2).astype(np.int32)
        elif self.diagonals:
            result = np.maximum(dq, dr).astype(np.int32)
        else:
            result = (dq + dr).astype(np.int32)
        return result

    def axial(self, space: int) -> tuple[int, int]:
        """Axial coordinates of a hex space (column-like q, 0-based row r); square: (x, y)."""
        q, r = self._plain_axes
        return int(q[space]), int(r[space])

    def from_axial(self, q: int, r: int) -> int | None:
        """The space at axial coordinates ``(q, r)``, or None off the map."""
        row = r + 1
        column = q + (r - (r & 1)) // 2 if self.layout is Layout.HEX else q
        return self._index.get((column, row))

    # --- caches for derived data (Line of Fire graphs) ------------------------------

    def cached(self, key: object) -> object | None:
        """A value computed from this board before (see :mod:`tales.board.fields`)."""
        return self._cache.get(key)

    def remember(self, key: object, value: object) -> None:
        """Keep a value computed from this (immutable) board for later calls."""
        self._cache[key] = value

    def forget(self) -> None:
        """Drop every cached value (benchmarks use it to time cold computations)."""
        self._cache.clear()

    # --- equality -----------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (
            self.name,
            self.layout,
            self.diagonals,
            self.cells,
            self.walls,
            tuple(sorted(self.features.items())),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Board({self.name!r}, {self.layout.value}, {self.n} spaces)"
