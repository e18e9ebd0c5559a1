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

from tales.board.board import Board, BoolArray, Layout

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
