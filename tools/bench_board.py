"""Benchmark: Line of Fire distance fields on a 40x40 hex map with Walls.

Compares the engine's fields (scipy's compiled search over a sparse graph, see
``tales.board.fields``) with a plain-Python breadth-first search in the same run, for one
field and for 100 fields, and prints both timings and the ratio. Run:

    python tools/bench_board.py [--size 40] [--repeat 20]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np

from tales.board.board import Board, Cell, Layout
from tales.board.fields import DistanceGraph, plain_bfs


def sample_board(size: int, seed: int = 7) -> Board:
    """A size x size hex map with about 8% Impassable spaces and 300 Walls (seeded)."""
    rng = np.random.default_rng(seed)
    cells = [
        Cell(c, r, "#" if rng.random() < 0.08 else ".")
        for r in range(1, size + 1)
        for c in range(size)
    ]
    board = Board("bench", Layout.HEX, cells)
    walls: set[tuple[int, int]] = set()
    while len(walls) < 300:
        a = int(rng.integers(board.n))
        b = int(board.neighbours[a][rng.integers(board.degree)])
        if b >= 0:
            walls.add((min(a, b), max(a, b)))
    return Board("bench", Layout.HEX, cells, sorted(walls))


def median_seconds(repeat: int, job: Callable[[], object]) -> float:
    """Median seconds of ``repeat`` runs of ``job``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    board = sample_board(args.size)
    passable = ~board.impassable
    links = board.links
    table = links.tolist()
    flags = passable.tolist()
    sources = [s for s in range(board.n) if flags[s]][:100]

    def engine_one_built() -> object:
        return DistanceGraph(links, passable).field(sources[0])

    cached = DistanceGraph(links, passable)

    def engine_one() -> object:
        cached.forget()  # the graph is kept (as Position.sight() keeps it), the field is not
        return cached.field(sources[0])

    def engine_hundred() -> object:
        return DistanceGraph(links, passable).fields(sources)

    def plain_one() -> object:
        return plain_bfs(table, flags, sources[0])

    def plain_hundred() -> object:
        return [plain_bfs(table, flags, s) for s in sources]

    graph = DistanceGraph(links, passable)
    check = graph.fields(sources[:5])
    for row, s in zip(check, sources[:5], strict=True):
        assert row.tolist() == plain_bfs(table, flags, s), "fields disagree with plain BFS"

    print(f"{args.size}x{args.size} hex map, {board.n} spaces, {len(board.walls)} walls; "
          f"median of {args.repeat} runs")
    for label, engine, plain in (
        ("1 field, graph kept", engine_one, plain_one),
        ("1 field, graph built", engine_one_built, plain_one),
        ("100 fields, graph built", engine_hundred, plain_hundred),
    ):
        e = median_seconds(args.repeat, engine)
        p = median_seconds(max(args.repeat // 4, 3), plain)
        print(f"{label:>24}: engine {e * 1e3:8.3f} ms   plain-Python BFS {p * 1e3:8.3f} ms"
              f"   ratio {p / e:6.1f}x")


if __name__ == "__main__":
    main()
