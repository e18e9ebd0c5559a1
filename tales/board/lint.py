"""Map checks beyond reading: spaces a scenario needs that no figure could reach."""

from __future__ import annotations

import re

import numpy as np

from tales.board.board import Board
from tales.board.fields import DistanceGraph
from tales.board.mapfile import Finding, LineFinder


def lint(board: Board, source: str) -> list[Finding]:
    """Findings about a readable map: missing or unreachable start and deployment spaces.

    Reachability is by Move on the empty map with every door open (doors open during a
    scenario): a Hero start space or numbered deployment space that cannot be reached from
    the first Hero start space is a finding.
    """
    findings: list[Finding] = []
    starts = [int(s) for s in np.flatnonzero(board.start)]
    deployments = [int(s) for s in np.flatnonzero(board.deployment)]
    if not starts:
        findings.append(Finding(source, None, "no Hero start space ('S')"))
    origin = starts[0] if starts else (deployments[0] if deployments else None)
    if origin is None:
        return findings
    walkable = DistanceGraph(board.links, ~board.impassable)
    distance = walkable.field(origin)
    for space in starts + deployments:
        if distance[space] < 0:
            kind = "Hero start" if board.start[space] else (
                f"deployment {board.deployment[space]}")
            findings.append(Finding(
                source, None,
                f"{kind} space {board.names[space]} cannot be reached from "
                f"{board.names[origin]}"))
    return findings


def unused_features(board: Board, source: str, text: str = "") -> list[Finding]:
    """Warnings, not mistakes: a ``[features.X]`` table whose glyph no space of the grid
    has (a typo of the glyph, or a feature taken off the map: its settings do nothing).
    ``text``: the map file's, to name the table's line."""
    used = {cell.glyph for cell in board.cells}
    lines = LineFinder(text)
    return [Finding(source, lines.of_table(rf"features\.(\"?){re.escape(glyph)}\1"),
                    f"warning: [features.{glyph}] is not used: no space of the grid is "
                    f"{glyph!r}")
            for glyph in sorted(board.features) if glyph not in used]
