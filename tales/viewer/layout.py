"""Where each space of a map is drawn: pixel centres, outlines, shared edges, picking.

Pure geometry (no pyglet), so it can be tested on its own. Hexes are pointy-topped with
even rows shifted right by half a space, as in the map file; squares are axis-aligned.
Coordinates are pyglet's: x to the right, y up, the origin at the window's lower left.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tales.board.board import Board, Layout

SQRT3 = math.sqrt(3.0)

Point = tuple[float, float]


@dataclass(frozen=True)
class MapLayout:
    """A board placed in a rectangle of the window: ``size`` is a hex's radius (or half a
    square's side), ``left``/``top`` the map's upper-left corner in window pixels."""

    board: Board
    size: float
    left: float
    top: float

    @classmethod
    def fit(cls, board: Board, left: float, bottom: float, width: float, height: float
            ) -> MapLayout:
        """The largest layout of ``board`` that fits the rectangle, centred in it."""
        if board.layout is Layout.HEX:
            units_w = SQRT3 * (board.width + 0.5)
            units_h = 1.5 * (board.height - 1) + 2.0
        else:
            units_w = 2.0 * board.width
            units_h = 2.0 * board.height
        size = max(min(width / units_w, height / units_h), 1.0)
        spare_w = width - units_w * size
        spare_h = height - units_h * size
        return cls(board, size, left + spare_w / 2, bottom + height - spare_h / 2)

    def centre(self, space: int) -> Point:
        """The centre of ``space``."""
        cell = self.board.cells[space]
        if self.board.layout is Layout.HEX:
            shift = 0.5 if cell.row % 2 == 0 else 0.0
            x = self.left + self.size * SQRT3 * (cell.column + shift + 0.5)
            y = self.top - self.size * (1.0 + 1.5 * (cell.row - 1))
        else:
            x = self.left + self.size * (2 * cell.column + 1)
            y = self.top - self.size * (2 * cell.row - 1)
        return (x, y)

    def corners(self, space: int, inset: float = 0.0) -> list[Point]:
        """The outline of ``space`` (6 corners for a hex, 4 for a square), ``inset``
        pixels inside its edge."""
        cx, cy = self.centre(space)
        if self.board.layout is Layout.HEX:
            r = self.size - inset * 2 / SQRT3
            return [(cx + r * math.cos(math.radians(90 + 60 * k)),
                     cy + r * math.sin(math.radians(90 + 60 * k))) for k in range(6)]
        h = self.size - inset
        return [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]

    def edge(self, a: int, b: int) -> tuple[Point, Point]:
        """The segment between neighbouring spaces ``a`` and ``b`` (for a Wall). Diagonal
        square neighbours share only a corner: a short stroke across it."""
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length
        half = self.size / 2 if self.board.layout is Layout.HEX else self.size
        if self.board.layout is Layout.SQUARE and dx and dy:
            half = self.size * 0.4  # a diagonal Wall: across the shared corner
        return ((mx - nx * half, my - ny * half), (mx + nx * half, my + ny * half))

    def space_at(self, x: float, y: float) -> int | None:
        """The space under the point, or None."""
        best, best_d = None, float("inf")
        for space in range(self.board.n):
            cx, cy = self.centre(space)
            d = math.hypot(x - cx, y - cy)
            if d < best_d:
                best, best_d = space, d
        limit = self.size if self.board.layout is Layout.HEX else self.size * SQRT3 / 1.2
        return best if best_d <= limit else None
