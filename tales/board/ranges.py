"""Nearest and Farthest by Line of Fire (glossary: Nearest, Farthest, Range X).

A source is a space or a figure; to or from a figure that takes more than one space the
distance is the least over its spaces (docs/rules-decisions.md, "Large figures").

Ties are returned, never broken: where the rules say "players choose", the caller asks the
table with a Decision.
"""

from __future__ import annotations

from collections.abc import Iterable

from tales.board.figures import Figure
from tales.board.position import Position


def figure_distances(
    position: Position, source: int | Figure, figures: Iterable[Figure]
) -> list[tuple[Figure, int]]:
    """Each figure with its Line of Fire distance from ``source``; no Line of Fire: left out."""
    if isinstance(source, Figure):
        field = position.figure_field(source)
    else:
        field = position.line_of_fire_field(source)
    found: list[tuple[Figure, int]] = []
    for f in figures:
        if f.footprint:
            d = position.figure_distance(field, f)
            if d is not None:
                found.append((f, d))
        elif field[f.at] >= 0:
            found.append((f, int(field[f.at])))
    return found


def nearest(position: Position, source: int | Figure, figures: Iterable[Figure]) -> list[Figure]:
    """The figures with the shortest Line of Fire from ``source`` (all of them, if tied)."""
    measured = figure_distances(position, source, figures)
    if not measured:
        return []
    best = min(d for _, d in measured)
    return [f for f, d in measured if d == best]


def farthest(position: Position, source: int | Figure, figures: Iterable[Figure]) -> list[Figure]:
    """The figures with the longest Line of Fire from ``source`` (all of them, if tied).

    Figures with no Line of Fire at all are not counted (glossary: Farthest, "the longest
    minimal Line of Fire").
    """
    measured = figure_distances(position, source, figures)
    if not measured:
        return []
    best = max(d for _, d in measured)
    return [f for f, d in measured if d == best]


def within_range(
    position: Position, source: int | Figure, x: int, figures: Iterable[Figure]
) -> list[Figure]:
    """The figures within Range X of ``source`` by Line of Fire."""
    return [f for f, d in figure_distances(position, source, figures) if d <= x]


def nearest_spaces(position: Position, source: int, spaces: Iterable[int]) -> list[int]:
    """The spaces among ``spaces`` with the shortest Line of Fire from ``source`` (ties)."""
    field = position.line_of_fire_field(source)
    measured = [(s, int(field[s])) for s in spaces if field[s] >= 0]
    if not measured:
        return []
    best = min(d for _, d in measured)
    return [s for s, d in measured if d == best]
