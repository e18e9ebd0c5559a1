"""Footprints: the spaces a figure that takes more than one space stands on.

A footprint is a connected set of offsets from the figure's **anchor** (its first space,
``(0, 0)``): axial ``(q, r)`` offsets on a hex layout (``q`` to the right along the row,
``r`` down to the next row and half a space left) and ``(x, y)`` offsets on a square
layout, the same as burst templates. A one-space figure has the empty footprint ``()``.

A **placement** is a footprint put on the map: an anchor space and one of the footprint's
rotations. It is legal to stand on when every space is on the map, enterable (not
Impassable, no closed door) and the spaces are linked to one another with no Wall between
(docs/rules-decisions.md, "Large figures"). Whether the spaces are Occupied is a question
for the position, not for geometry.

Named shapes (``pair``, ``triangle``, ``line-3``, ``block``) give a Scheme Block group's
``size`` a form on each layout; they are this engine's shapes, not the printed game's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from tales.board.board import Board, BoolArray, IntArray, Layout

Offset = tuple[int, int]
Footprint = tuple[Offset, ...]

#: Named shapes on each layout, anchor first. On hexes ``(1, 0)`` is the space to the right
#: of the anchor and ``(0, 1)`` the one below it to the right; on squares ``(0, 1)`` is the
#: space below.
SHAPES: Mapping[Layout, Mapping[str, Footprint]] = {
    Layout.HEX: {
        "single": ((0, 0),),
        "pair": ((0, 0), (1, 0)),
        "triangle": ((0, 0), (1, 0), (0, 1)),
        "line-3": ((0, 0), (1, 0), (2, 0)),
        "block": ((0, 0), (1, 0), (1, -1), (0, 1)),
    },
    Layout.SQUARE: {
        "single": ((0, 0),),
        "pair": ((0, 0), (1, 0)),
        "triangle": ((0, 0), (1, 0), (0, 1)),
        "line-3": ((0, 0), (1, 0), (2, 0)),
        "block": ((0, 0), (1, 0), (0, 1), (1, 1)),
    },
}

#: The shape a group of each ``size`` takes when it names none.
DEFAULT_SHAPES: Mapping[int, str] = {1: "single", 2: "pair", 3: "triangle", 4: "block"}


def rotate(offset: Offset, layout: Layout) -> Offset:
    """One step of rotation clockwise: 60 degrees on hexes, 90 on squares."""
    a, b = offset
    if layout is Layout.HEX:
        return -b, a + b
    return -b, a


def orientations(offsets: Footprint, layout: Layout) -> tuple[Footprint, ...]:
    """Every distinct rotation of ``offsets``: up to 6 on hexes, 4 on squares (the first as
    given)."""
    steps = 6 if layout is Layout.HEX else 4
    seen: list[Footprint] = []
    current = offsets
    for _ in range(steps):
        if frozenset(current) not in {frozenset(s) for s in seen}:
            seen.append(current)
        current = tuple(rotate(o, layout) for o in current)
    return tuple(seen)


def turned(offsets: Footprint, layout: Layout, steps: int) -> Footprint:
    """``offsets`` turned ``steps`` facings clockwise (negative: anticlockwise)."""
    turns = steps % (6 if layout is Layout.HEX else 4)
    for _ in range(turns):
        offsets = tuple(rotate(o, layout) for o in offsets)
    return offsets


def cover(board: Board, anchor: int, offsets: Iterable[Offset]) -> tuple[int, ...]:
    """The spaces of the map under ``offsets`` placed at ``anchor`` (off-map parts dropped)."""
    q, r = board.axial(anchor)
    covered: list[int] = []
    for dq, dr in offsets:
        space = board.from_axial(q + dq, r + dr)
        if space is not None and space not in covered:
            covered.append(space)
    return tuple(covered)


def spaces_at(board: Board, anchor: int, offsets: Footprint) -> tuple[int, ...] | None:
    """Every space of ``offsets`` placed at ``anchor``, in footprint order; None when a part
    falls off the map. The empty footprint is the anchor alone."""
    if not offsets:
        return (anchor,)
    covered = cover(board, anchor, offsets)
    return covered if len(covered) == len(offsets) else None


def offsets_of(board: Board, spaces: Sequence[int]) -> Footprint:
    """The footprint of ``spaces`` relative to the first (the anchor)."""
    q0, r0 = board.axial(spaces[0])
    return tuple((q - q0, r - r0) for q, r in (board.axial(s) for s in spaces))


def on_spaces(names: Sequence[str], spaces: Sequence[int]) -> str:
    """`` (on C3 D3)``: every space a large figure stands on, its anchor first, as a log
    line says it after the anchor; "" for a figure on one space."""
    return f" (on {' '.join(names[s] for s in spaces)})" if len(spaces) > 1 else ""


def linked_together(board: Board, spaces: Sequence[int]) -> bool:
    """True when ``spaces`` form one group over linked spaces (no Wall between)."""
    members = set(spaces)
    if not members:
        return False
    start = next(iter(members))
    seen = {start}
    stack = [start]
    while stack:
        here = stack.pop()
        for there in board.linked(here):
            if there in members and there not in seen:
                seen.add(there)
                stack.append(there)
    return seen == members


def standable(board: Board, spaces: Sequence[int] | None, blocked: BoolArray) -> bool:
    """A legal place to stand: on the map, no space ``blocked`` (Impassable, closed door),
    the spaces linked together."""
    if spaces is None:
        return False
    if any(blocked[s] for s in spaces):
        return False
    return len(spaces) == 1 or linked_together(board, spaces)


@dataclass(frozen=True, slots=True)
class Placement:
    """A footprint on the map: the anchor, the offsets in their facing, the spaces."""

    anchor: int
    offsets: Footprint
    spaces: tuple[int, ...]


def placements(board: Board, offsets: Footprint, blocked: BoolArray,
               turns: bool = True) -> list[Placement]:
    """Every legal place to stand for ``offsets`` (each rotation too, with ``turns``)."""
    facings = orientations(offsets, board.layout) if turns else (offsets,)
    found: list[Placement] = []
    for anchor in range(board.n):
        if blocked[anchor]:
            continue
        for facing in facings:
            spaces = spaces_at(board, anchor, facing)
            if standable(board, spaces, blocked):
                assert spaces is not None
                found.append(Placement(anchor, facing, spaces))
    return found


#: A standing place of a large figure: its anchor space and a facing (a number of turns
#: clockwise from the footprint as given).
State = tuple[int, int]

class StateTable:
    """Every standing place (state) of one footprint on one board with its closed doors,
    and the slides and turns between them: the geometry of a large figure's movement,
    worked out once per board with numpy (see :func:`state_table`) and shared by every
    search on it. Whether a space is Occupied, Difficult or Dangerous is the position's.

    State ``(anchor, facing)`` is number ``anchor * facings + facing``. ``cover[i]`` is
    its spaces in footprint order (anchor first; -1 off the map) and ``valid[i]`` whether
    it can be stood on (:func:`standable`). The moves (from ``source``) out of state ``i`` are
    ``first[i]:first[i + 1]`` of ``target`` (the state reached), ``turn`` (a turn about
    the anchor rather than a slide) and ``entered`` (the spaces of the new state the
    figure did not cover, in footprint order; ``n`` pads the row): the slides in the
    order of the anchor's links, every part one linked step the same way, then the turns
    one facing clockwise and one anticlockwise."""

    def __init__(self, board: Board, offsets: Footprint, blocked: BoolArray) -> None:
        self.board = board
        n = self.n = board.n
        count = 6 if board.layout is Layout.HEX else 4
        #: the footprint in each facing: ``facings[k]`` is ``offsets`` turned ``k`` times
        self.facings = tuple(turned(offsets, board.layout, k) for k in range(count))
        self.states: tuple[State, ...] = tuple((a, k) for a in range(n) for k in range(count))
        cover = self.cover = self._cover()
        safe = np.where(cover >= 0, cover, n)  # off the map: the pad space n
        links = np.vstack([board.links, np.full((1, board.links.shape[1]), -1)])
        links = np.where(links >= 0, links, n + 1)  # never equal to a space or the pad

        def linked(a: IntArray, b: IntArray) -> BoolArray:
            return (links[a] == b[:, None]).any(axis=1)  # type: ignore[no-any-return]

        parts = cover.shape[1]
        valid = (cover >= 0).all(axis=1) & ~np.append(blocked, True)[safe].any(axis=1)
        together = np.zeros_like(cover, dtype=bool)  # the parts linked to the anchor
        together[:, 0] = True
        pairs = [(i, j, linked(safe[:, i], cover[:, j])) for i in range(parts)
                 for j in range(parts) if i != j]
        for _ in range(parts - 1):
            for i, j, link in pairs:
                together[:, j] |= together[:, i] & link
        self.valid: BoolArray = np.asarray(valid & together.all(axis=1), dtype=bool)
        self.padded: IntArray = safe  # ``cover`` with n for a space off the map
        self._edges(safe, links, count)
        self._spaces: dict[State, tuple[int, ...] | None] = {}

    def _cover(self) -> IntArray:
        board, n = self.board, self.board.n
        axes = np.array([board.axial(s) for s in range(n)], dtype=np.int32).reshape(n, 2)
        reach = max(abs(v) for facing in self.facings for o in facing for v in o) + 1
        low = axes.min(axis=0) - reach
        size = axes.max(axis=0) + reach - low + 1
        grid = np.full((int(size[0]), int(size[1])), -1, dtype=np.int32)
        grid[axes[:, 0] - low[0], axes[:, 1] - low[1]] = np.arange(n)
        count, parts = len(self.facings), len(self.facings[0])
        cover = np.full((n, count, parts), -1, dtype=np.int32)
        for k, facing in enumerate(self.facings):
            for j, (dq, dr) in enumerate(facing):
                cover[:, k, j] = grid[axes[:, 0] + dq - low[0], axes[:, 1] + dr - low[1]]
        return cover.reshape(n * count, parts)

    def _edges(self, safe: IntArray, links: IntArray, count: int) -> None:
        n, cover, valid = self.n, self.cover, self.valid
        total = n * count
        index = np.arange(total)
        anchor, facing = index // count, index % count
        ways = links.shape[1]
        target = np.full((total, ways + 2), -1, dtype=np.int32)
        to = links[anchor]  # slides: the anchor to each linked space
        slid = np.where(to < n, to * count + facing[:, None], -1)
        target[:, :ways] = slid
        target[:, ways] = anchor * count + (facing + 1) % count
        target[:, ways + 1] = anchor * count + (facing - 1) % count
        there = np.where(target >= 0, target, 0)
        ok = (target >= 0) & valid[:, None] & valid[there]
        ok[:, ways:] &= (cover[there[:, ways:]] != cover[:, None, :]).any(axis=2)
        for w in range(ways):  # every part one linked step the same way
            for j in range(cover.shape[1]):
                step = (links[safe[:, j]] == cover[there[:, w], j][:, None]).any(axis=1)
                ok[:, w] &= step
        source = self.source = np.repeat(index, ways + 2).reshape(total, ways + 2)[ok]
        self.target: IntArray = target[ok]
        self.turn: BoolArray = np.tile(np.arange(ways + 2) >= ways, (total, 1))[ok]
        first = np.zeros(total + 1, dtype=np.int32)
        np.cumsum(ok.sum(axis=1), out=first[1:])
        self.first: IntArray = first
        new = cover[self.target]
        old = cover[source]
        kept = (new[:, :, None] == old[:, None, :]).any(axis=2)
        self.entered: IntArray = np.where(kept, n, new)

    def index(self, state: State) -> int:
        """The number of ``state``."""
        return state[0] * len(self.facings) + state[1]

    def spaces(self, state: State) -> tuple[int, ...] | None:
        """The spaces of ``state`` (anchor first) when it can be stood on, else None."""
        try:
            return self._spaces[state]
        except KeyError:
            i = self.index(state)
            found = tuple(int(s) for s in self.cover[i]) if self.valid[i] else None
            self._spaces[state] = found
            return found


def state_table(board: Board, offsets: Footprint, doors: frozenset[int],
                blocked: BoolArray) -> StateTable:
    """The :class:`StateTable` of ``offsets`` on ``board`` with the closed ``doors``
    (``blocked``: the Impassable spaces and those doors), cached on the board."""
    key = ("large-states", offsets, doors)
    table = board.cached(key)
    if not isinstance(table, StateTable):
        table = StateTable(board, offsets, blocked)
        board.remember(key, table)
    return table


def shape(layout: Layout, name: str | None, size: int) -> Footprint:
    """The footprint of a named shape (or the default for ``size``); a ValueError names the
    known shapes when it is unknown or its size is not ``size``."""
    known = SHAPES[layout]
    if name is None:
        name = DEFAULT_SHAPES.get(size)
        if name is None:
            raise ValueError(f"no default shape of size {size}: name one of "
                             f"{', '.join(known)}")
    if name not in known:
        raise ValueError(f"unknown shape {name!r} (shapes: {', '.join(known)})")
    offsets = known[name]
    if len(offsets) != size:
        raise ValueError(f"shape {name!r} takes {len(offsets)} spaces, not {size}")
    return () if size == 1 else offsets


def fits(layout: Layout, footprint: Footprint, offsets: Footprint) -> bool:
    """True when ``footprint`` is ``offsets`` in one of its facings (anchors matching)."""
    if len(footprint) <= 1 or len(offsets) <= 1:
        return len(footprint) <= 1 and len(offsets) <= 1
    return frozenset(footprint) in {frozenset(o) for o in orientations(offsets, layout)}
