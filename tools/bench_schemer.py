"""Benchmark: Schemer decisions by Appendix D, against issue 19's goals.

Two rows of the issue's table. **Sample positions**: every Schemer of the bundled
positions decides a Move 3 toward the Nearest Foe with every equally valid outcome listed
(what ``tales schemer move`` computes), caches cold (goal: 0.7 ms a decision).
**40x40 hex map**: a full group turn of 5 Schemers (move toward the Nearest Foe and
attack; every tie answered with its first option), cold, per Schemer (goal: 1.5 ms a
decision). Each is compared in the same run with the same decisions computed by the
plain-Python reference searches (a breadth-first search for Line of Fire, heapq Dijkstra
for movement, whatever the board's size), and prints its ratio to the goal (goal / time;
1.0 or more meets it). Cold: no search result is kept from the last run (a board's
neighbour lists and sparse graph are built once per board, as in a game). Times are this
process's processor time (a shared machine disturbs it less than the clock). Run:

    python tools/bench_schemer.py [--size 40] [--repeat 10]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
from bench_board import sample_board

from tales.board import fields
from tales.board.board import Board, Cell, Layout
from tales.board.fields import DistanceGraph, plain_bfs
from tales.board.figures import Figure, Side
from tales.board.position import Position, load_position
from tales.rules import schemer_movement
from tales.rules.decisions import first_option, resolve
from tales.rules.schemer_attacks import AttackKind, SchemerAttack
from tales.rules.schemes import AttackStep, MoveStep, Scheme, group_turn
from tales.rules.targets import parse_selector
from tales.table import move_outcomes

ROOT = Path(__file__).resolve().parents[1]


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
def plain_python() -> Any:
    """Swap the engine's searches for the plain-Python reference ones, on every board."""
    def field(self: DistanceGraph, source: int) -> Any:
        return np.array(plain_bfs(self.links, self.passable.tolist(), source),
                        dtype=np.int32)

    def fields(self: DistanceGraph, sources: Any) -> Any:
        return np.array([field(self, s) for s in sources], dtype=np.int32)

    with mock.patch.object(schemer_movement, "entry_cost_field", python_entry_cost_field), \
            mock.patch.object(DistanceGraph, "fields", fields), \
            mock.patch.object(DistanceGraph, "field", field):
        yield


SAMPLE_GOAL = 0.7  # ms a decision, sample positions
MAP_GOAL = 1.5  # ms a decision, 40x40 hex map


def cpu_median(repeat: int, job: Callable[[], object]) -> float:
    """Median processor seconds of ``repeat`` runs of ``job``."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        job()
        times.append(time.process_time() - start)
    return statistics.median(times)


def to_goal(ms: float, goal: float) -> str:
    return f"to goal {goal / ms:4.2f} ({'meets' if ms <= goal else 'short of'} {goal} ms)"


def sample_row(repeat: int) -> None:
    selector = parse_selector("nearest foe")
    decisions = []
    for path in sorted((ROOT / "positions").glob("*.toml")):
        position = load_position(path)
        decisions += [(position, f.id) for f in position.figures
                      if f.side is Side.SCHEMER and f.group]

    def decide() -> Any:
        outcomes = []
        for position, figure in decisions:
            position.board.forget()  # cold: nothing kept from the last decision
            outcomes.append(move_outcomes(position, figure, 3, selector, False))
        return outcomes

    engine_result = decide()
    engine = cpu_median(repeat * 5, decide) * 1e3 / len(decisions)
    with plain_python():
        baseline_result = decide()
        baseline = cpu_median(repeat * 2, decide) * 1e3 / len(decisions)
    same = [[o["to"] for o in d] for d in engine_result] == [
        [o["to"] for o in d] for d in baseline_result]
    print(f"sample positions: {len(decisions)} Schemer decisions (Move 3 toward the Nearest "
          "Foe, every outcome), cold")
    print(f"  a decision: engine {engine:6.3f} ms   plain-Python searches {baseline:6.3f} ms"
          f"   ratio {baseline / engine:4.1f}x   {to_goal(engine, SAMPLE_GOAL)}   "
          f"(same outcomes: {same})")


def map_row(size: int, repeat: int) -> None:
    position = battle(size)

    def turn() -> Any:
        position.board.forget()  # cold: no Line of Fire fields kept from the last run
        return resolve(group_turn(position, "gobs", SCHEME), first_option)

    engine_result = turn()
    engine = cpu_median(repeat, turn) * 1e3
    with plain_python():
        baseline_result = turn()
        baseline = cpu_median(max(repeat // 2, 3), turn) * 1e3
    same = [t.moves[0].to for t in engine_result.turns] == [
        t.moves[0].to for t in baseline_result.turns]
    schemers = len(engine_result.turns)
    print(f"{size}x{size} hex map, {position.board.n} spaces, {schemers} Schemers, "
          f"4 Heroes; median of {repeat} cold group turns")
    print(f"  group turn: engine {engine:8.2f} ms   plain-Python searches {baseline:8.2f} ms"
          f"   ratio {baseline / engine:5.1f}x   (same moves: {same})")
    print(f"  a decision: engine {engine / schemers:8.2f} ms   "
          f"{to_goal(engine / schemers, MAP_GOAL)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    sample_row(args.repeat)
    map_row(args.size, args.repeat)


if __name__ == "__main__":
    main()
