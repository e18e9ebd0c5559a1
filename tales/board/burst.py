"""Burst templates: shapes of spaces placed on the map, in every rotation (Appendix C, 1).

A template is a list of offsets from an anchor space: axial ``(q, r)`` offsets on a hex
layout (``q`` to the right along the row, ``r`` down to the next row and half a space
left) and ``(x, y)`` offsets on a square layout. The player picks an anchor and a rotation;
every Foe on a covered space is a target, Friends there are unaffected.

The printed game's templates are not in the rules this project has: the bundled ones
(``tales/data/bursts.toml``) are samples, and a user may load their own file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tales.board.board import Board, Layout
from tales.board.figures import Figure, is_foe
from tales.board.footprint import Offset, cover, orientations, rotate
from tales.board.mapfile import read_data, read_toml
from tales.board.position import Position
from tales.errors import ContentError

__all__ = ["BurstTemplate", "Offset", "Placement", "cover", "covered_foes", "load_bursts",
           "placements", "rotate"]


@dataclass(frozen=True, slots=True)
class BurstTemplate:
    """A named burst shape (offsets from the anchor, which is usually ``(0, 0)``)."""

    name: str
    offsets: tuple[Offset, ...]
    sample: bool = False

    def rotations(self, layout: Layout) -> tuple[tuple[Offset, ...], ...]:
        """Every distinct orientation: up to 6 on hexes, 4 on squares (the first as given)."""
        return orientations(self.offsets, layout)


@dataclass(frozen=True, slots=True)
class Placement:
    """A template on the map: its anchor, rotation number and the spaces it covers."""

    anchor: int
    rotation: int
    spaces: tuple[int, ...]


def placements(board: Board, template: BurstTemplate, anchor: int) -> list[Placement]:
    """The template at ``anchor`` in each of its rotations."""
    return [
        Placement(anchor, k, cover(board, anchor, offsets))
        for k, offsets in enumerate(template.rotations(board.layout))
    ]


def covered_foes(position: Position, attacker: Figure, placement: Placement) -> list[Figure]:
    """The Foes of ``attacker`` on the placement's spaces: the Burst Attack's targets."""
    spaces = set(placement.spaces)
    return [f for f in position.figures
            if is_foe(attacker, f) and not spaces.isdisjoint(position.spaces_of(f))]


def load_bursts(path: str | Path | None = None) -> dict[str, BurstTemplate]:
    """Burst templates from a TOML file; with no path, the bundled sample templates."""
    text, source = read_data(path, "bursts.toml")
    data = read_toml(text, source)
    sample = bool(data.get("sample", False))
    table = data.get("bursts")
    if not isinstance(table, dict):
        raise ContentError(source, "no [bursts.NAME] tables")
    templates: dict[str, BurstTemplate] = {}
    for name, spec in table.items():
        offsets = spec.get("offsets") if isinstance(spec, dict) else None
        if not isinstance(offsets, list) or not offsets or not all(
            isinstance(o, list) and len(o) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in o)
            for o in offsets
        ):
            raise ContentError(source, f"bursts.{name}: 'offsets' must be a list of [q, r] "
                               "pairs of whole numbers")
        pairs = tuple((int(o[0]), int(o[1])) for o in offsets)
        if len(set(pairs)) != len(pairs):
            raise ContentError(source, f"bursts.{name}: an offset is listed twice")
        templates[name] = BurstTemplate(name, pairs, sample)
    return templates
