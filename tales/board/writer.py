"""Position files written by the tool: a skeleton for a map (``tales position new``) and a
position as it stands (``tales table --export``), figures in the compact form.

What is written reads back to the same position (:func:`tales.board.position.parse_position`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from tales.board.board import Board
from tales.board.compact import compact_line
from tales.board.position import Position


def map_reference(map_file: str | Path, position_file: str | Path) -> str:
    """``map = "..."`` for a position file: the map file relative to the position's folder
    (absolute when they are on different drives)."""
    target = Path(map_file).resolve()
    folder = Path(position_file).resolve().parent
    try:
        return Path(os.path.relpath(target, folder)).as_posix()
    except ValueError:
        return target.as_posix()


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a TOML basic string


def _spaces(names: Sequence[str], table: Mapping[int, int]) -> str:
    return "{" + ", ".join(f"{names[s]} = {d}" for s, d in sorted(table.items())) + "}"


def position_text(position: Position, map_ref: str, comment: str = "") -> str:
    """A position file for ``position`` on the map file ``map_ref`` (as the file says it)."""
    board = position.board
    names = board.names
    opened = sorted(int(s) for s in np.flatnonzero(board.door)
                    if int(s) not in position.closed_doors)
    lines = [f"# {line}" for line in comment.splitlines()]
    lines += [f"map = {_string(map_ref)}",
              f"traps = {_spaces(names, position.traps)}",
              f"wizard_fire = {_spaces(names, position.wizard_fire)}",
              "open_doors = [" + ", ".join(_string(names[s]) for s in opened) + "]",
              "figures = ["]
    lines += [f"  {_string(compact_line(f, names, position.spaces_of(f)))},"
              for f in position.figures]
    lines.append("]")
    return "\n".join(lines) + "\n"


def skeleton(board: Board, map_ref: str) -> str:
    """A position file to fill in for ``board``: its Hero start and deployment spaces
    listed, a Hero placeholder on each start space, Schemers commented out on the
    deployment spaces."""
    names = board.names
    starts = [names[s] for s in range(board.n) if board.start[s]]
    deploy = [(int(board.deployment[s]), names[s]) for s in range(board.n)
              if board.deployment[s]]
    doors = [names[s] for s in range(board.n) if board.door[s]]
    traps = {int(s): int(board.trap_damage[s]) for s in np.flatnonzero(board.trap)}
    lines = [
        f"# A position on {board.name}: fill in the figures, one line each",
        "# (ID KIND SPACE [KEYWORD | KEY=VALUE]..., docs/formats.md, \"Compact figures\").",
        f"# Hero start spaces: {' '.join(starts) or 'none'}",
        "# Deployment spaces: " + (" ".join(f"{n}={s}" for n, s in sorted(deploy))
                                   or "none"),
        f"map = {_string(map_ref)}",
        f"traps = {_spaces(names, traps)}            # the Trap tokens now on the map",
        "open_doors = []                # door spaces whose door is open: "
        + (" ".join(doors) or "no doors on this map"),
        "figures = [",
    ]
    lines += [f"  \"hero{n} hero {space}\"," for n, space in enumerate(starts, 1)]
    lines += [f"  # \"schemer{n} GROUP {space}\",  # deployment space {n}"
              for n, space in sorted(deploy)]
    lines.append("]")
    return "\n".join(lines) + "\n"
