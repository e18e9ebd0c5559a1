"""Benchmark: where a figure can Move, on the bundled cellar and on big generated maps.

Compares ``tales.rules.movement.reach`` (a layered search that keeps only the arrivals
with less damage than any cheaper one, in plain Python on small boards and short Moves,
with numpy otherwise) with ``reach_table`` (the full table of every cost and space, the
engine's search before issue 16) in the same run, checks they agree, and prints both
timings, the ratio, and the peak memory of each. Every call is cold (``reach`` keeps its
last answers per position; the board's cache is emptied first). Issue 19 has no row for
reach alone: its goal is its share of a Schemer decision (0.7 ms on the samples, 1.5 ms
on the 40x40 map), printed as a share of that budget. Run:

    python tools/bench_reach.py [--sizes 40,200] [--moves 4,30,200] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import numpy as np

from tales.board.board import Board, Cell, Layout
from tales.board.figures import Figure, Side
from tales.board.position import Position, load_position
from tales.rules.movement import reach, reach_table

CELLAR = Path(__file__).resolve().parents[1] / "positions" / "cellar-brawl.toml"


def generated(size: int, seed: int = 7) -> Position:
    """A size x size hex map: 8% Impassable, 6% Difficult, 3% Traps, a Hero in a corner."""
    rng = np.random.default_rng(seed)
    glyphs = rng.choice([".", "#", "~", "T"], size=size * size, p=[0.83, 0.08, 0.06, 0.03])
    cells = [Cell(c, r, str(glyphs[(r - 1) * size + c]))
             for r in range(1, size + 1) for c in range(size)]
    cells[0] = Cell(0, 1, ".")
    board = Board("bench", Layout.HEX, cells)
    empty = Position.empty(board)
    return Position(board, (Figure("h", Side.HERO, 0),), empty.traps, {}, empty.closed_doors)


def measure(repeat: int, job: Callable[[], object]) -> tuple[float, float]:
    """(median seconds, peak MiB of one run) of ``job``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    job()
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return statistics.median(times), peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="40,200", help="generated map sizes")
    parser.add_argument("--moves", default="4,30,200", help="movement points")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cases = [("cellar (sample)", load_position(CELLAR), "zot")]
    cases += [(f"{s}x{s} generated", generated(int(s)), "h") for s in args.sizes.split(",")]
    print(f"median of {args.repeat} runs; peak memory of one run")
    for label, position, figure in cases:
        for move in (int(m) for m in args.moves.split(",")):
            found = reach(position, figure, move)
            table = reach_table(position, figure, move)
            assert found.costs == {s: low for s, (low, *_) in table.items()}, "disagree"
            new, new_peak = measure(args.repeat, lambda p=position, f=figure, m=move:
                                    (p.board.forget(), reach(p, f, m)))
            old, old_peak = measure(max(args.repeat // 2, 1), lambda p=position, f=figure,
                                    m=move: reach_table(p, f, m))
            budget = 0.7 if position.board.n <= 300 else 1.5 if position.board.n <= 1600 else 0
            share = (f"{new * 1e3 / budget:6.0%} of a decision's goal ({budget} ms)" if budget
                     else "(no goal at this size)")
            print(f"{label:>18} ({position.board.n:>6} spaces), Move {move:>4}: reach "
                  f"{new * 1e3:9.2f} ms {new_peak:7.1f} MiB   full table {old * 1e3:9.2f} ms "
                  f"{old_peak:7.1f} MiB   ratio {old / new:6.1f}x   "
                  f"{share}")


if __name__ == "__main__":
    main()
