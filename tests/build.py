"""Small builders for tests: a position from an inline grid and a few figures."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from textwrap import dedent

from tales.board.position import Position, parse_position


def position(
    grid: str,
    figures: Iterable[Mapping[str, object]] = (),
    *,
    layout: str = "hex",
    walls: Iterable[str] = (),
    diagonals: bool = False,
    extra: str = "",
) -> Position:
    """A position on an inline map. ``grid`` is written as in a map file (dedented).

    Each figure is a mapping of position-file keys, e.g. ``{"id": "zot", "at": "A1"}``;
    ``side`` defaults to ``hero``.
    """
    rows = dedent(grid).strip("\n")
    lines = [extra, "[map]", f'layout = "{layout}"']
    if diagonals:
        lines.append("diagonals = true")
    lines.append(f'grid = """\n{rows}\n"""')
    wall_list = ", ".join(f'"{w}"' for w in walls)
    lines.append(f"walls = [{wall_list}]")
    for figure in figures:
        lines.append("[[figures]]")
        entry = {"side": "hero", **figure}
        for key, value in entry.items():
            lines.append(f"{key} = {_toml(value)}")
    return parse_position("\n".join(lines), "<test>")


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


def names(position: Position, spaces: Iterable[int]) -> list[str]:
    """Space names, sorted."""
    return sorted(position.board.names[s] for s in spaces)
