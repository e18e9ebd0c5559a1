"""Benchmark: a full Schemer group turn (5 Schemers, 40x40 hex map) by Appendix D.

Each Schemer moves toward the Nearest Foe and attacks; every tie is answered with its first
option. The engine's searches (scipy's compiled shortest paths over sparse graphs) are
compared in the same run with the same turn computed by plain-Python searches (a
breadth-first search for Line of Fire, heapq Dijkstra for movement). Run:

    python tools/bench_schemer.py [--size 40] [--repeat 10]
"""

from __future__ import annotations

import argparse
from contextlib import contextmanager
from typing import Any
from unittest import mock

import numpy as np
from bench_board import median_seconds, sample_board

from tales.board import fields
from tales.board.board import Board, Cell, Layout
from tales.board.fields import DistanceGraph, plain_bfs
from tales.board.figures import Figure, Side
from tales.board.position import Position
from tales.rules import schemer_movement
from tales.rules.decisions import first_option, resolve
from tales.rules.schemer_attacks import AttackKind, SchemerAttack
from tales.rules.schemes import AttackStep, MoveStep, Scheme, group_turn
from tales.rules.targets import parse_selector


def battle(size: int) -> Position:
    """The benchmark map with some Difficult spaces and Traps, 4 Heroes and 5 Schemers."""
    walled = sample_board(size)
    rng = np.random.default_rng(11)
    cells = [Cell(c.column, c.row, c.glyph if c.glyph != "." else
                  ("~" if rng.random() < 0.05 else "T" if rng.random() < 0.02 else "."))
             for c in walled.cells]
    board = Board("bench", Layout.HEX, cells, sorted(walled.walls))
    empty = Position.empty(board)
    free = [s for s in range(board.n) if not empty.is_blocked(s) and s not in empty.traps]
    picks = rng.choice(free, size=9, replace=False)
    heroes = [Figure(f"hero{i}", Side.HERO, int(s), fortitude=10) for i, s in
              enumerate(picks[:4])]
    schemers = [Figure(f"gob{i + 1}", Side.SCHEMER, int(s), group="gobs", number=i + 1,
                       fortitude=4) for i, s in enumerate(picks[4:])]
    return Position(board, tuple(heroes + schemers), empty.traps, {}, empty.closed_doors)


SCHEME = Scheme("Charge", (1,), (
    MoveStep(5, parse_selector("nearest foe")),
    AttackStep(SchemerAttack(AttackKind.MELEE, 2)),
))


def python_entry_cost_field(links: Any, passable: Any, entry_cost: Any, source: int,
                            toward: bool = False) -> Any:
    """The engine's plain-Python Dijkstra (its small-board search), whatever the size."""
    with mock.patch.object(fields, "SMALL_BOARD", len(links)):
        return fields.entry_cost_field(links, passable, entry_cost, source, toward)


@contextmanager
def plain_python(board: Board) -> Any:
    """Swap the compiled searches for plain-Python ones."""
    links = board.links.tolist()

    def field(self: DistanceGraph, source: int) -> Any:
        return np.array(plain_bfs(links, self.passable.tolist(), source), dtype=np.int32)

    def fields(self: DistanceGraph, sources: Any) -> Any:
        return np.array([field(self, s) for s in sources], dtype=np.int32)

    with mock.patch.object(schemer_movement, "entry_cost_field", python_entry_cost_field), \
            mock.patch.object(DistanceGraph, "fields", fields), \
            mock.patch.object(DistanceGraph, "field", field):
        yield


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    position = battle(args.size)

    def turn() -> Any:
        position.board.forget()  # cold: no Line of Fire fields kept from the last run
        return resolve(group_turn(position, "gobs", SCHEME), first_option)

    engine_result = turn()
    engine = median_seconds(args.repeat, turn) * 1e3
    with plain_python(position.board):
        baseline_result = turn()
        baseline = median_seconds(max(args.repeat // 2, 3), turn) * 1e3
    same = [t.moves[0].to for t in engine_result.turns] == [
        t.moves[0].to for t in baseline_result.turns]
    print(f"{args.size}x{args.size} hex map, {position.board.n} spaces, 5 Schemers, "
          f"4 Heroes; median of {args.repeat} cold group turns")
    print(f"  group turn: engine {engine:8.2f} ms   plain-Python searches {baseline:8.2f} ms"
          f"   ratio {baseline / engine:5.1f}x   (same moves: {same})")


if __name__ == "__main__":
    main()
