"""Benchmark: Line of Fire distance fields on hex maps with Walls, small to large.

Compares the engine's fields (``tales.board.fields``: a breadth-first search in Python over
neighbour lists on boards of up to ``SMALL_BOARD`` spaces, scipy's compiled search over a
sparse graph on larger ones) with the honest baseline in the same run: a plain-Python
breadth-first search over neighbour lists built once (not rebuilt for every field), for
one field and for 100 fields. Issue 19's goal for this row (item 1): the engine's choice
is never slower than that baseline at any size, so each line prints its ratio to the goal
(baseline time / engine time; 1.0x or more meets it). Run:

    python tools/bench_board.py [--sizes 8,12,20,40] [--repeat 20]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence

import numpy as np

from tales.board.board import Board, Cell, Layout
from tales.board.fields import SMALL_BOARD, UNREACHABLE, DistanceGraph, plain_bfs

GOAL = 1.0  # the engine at least as fast as the baseline


def sample_board(size: int, seed: int = 7) -> Board:
    """A size x size hex map with about 8% Impassable spaces and Walls on about one link in
    sixteen (300 on the 40x40 map; scaled down with the map, so small maps finish)."""
    rng = np.random.default_rng(seed)
    cells = [
        Cell(c, r, "#" if rng.random() < 0.08 else ".")
        for r in range(1, size + 1)
        for c in range(size)
    ]
    board = Board("bench", Layout.HEX, cells)
    pairs = {(min(a, int(b)), max(a, int(b))) for a in range(board.n)
             for b in board.neighbours[a] if b >= 0}
    wanted = min(round(300 * board.n / 1600), len(pairs) // 2)
    walls: set[tuple[int, int]] = set()
    while len(walls) < wanted:
        a = int(rng.integers(board.n))
        b = int(board.neighbours[a][rng.integers(board.degree)])
        if b >= 0:
            walls.add((min(a, b), max(a, b)))
    return Board("bench", Layout.HEX, cells, sorted(walls))


def neighbour_lists(links: Sequence[Sequence[int]], passable: Sequence[bool]
                    ) -> list[list[int]]:
    """Each passable space's passable neighbours, built once for every baseline field."""
    return [[t for t in row if t >= 0 and passable[t]] if passable[s] else []
            for s, row in enumerate(links)]


def baseline_bfs(lists: list[list[int]], passable: Sequence[bool], source: int) -> list[int]:
    """Breadth-first distances over pre-built neighbour lists (the baseline)."""
    distance = [UNREACHABLE] * len(lists)
    if not passable[source]:
        return distance
    distance[source] = 0
    frontier, step = [source], 0
    while frontier:
        step += 1
        reached = []
        for here in frontier:
            for there in lists[here]:
                if distance[there] == UNREACHABLE:
                    distance[there] = step
                    reached.append(there)
        frontier = reached
    return distance


def median_seconds(repeat: int, job: Callable[[], object]) -> float:
    """Median processor seconds of ``repeat`` runs of ``job`` (this process's own time,
    which other work on a shared machine disturbs less than the clock)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        job()
        times.append(time.process_time() - start)
    return statistics.median(times)


def bench(size: int, repeat: int) -> None:
    board = sample_board(size)
    passable = ~board.impassable
    links = board.links
    table = links.tolist()
    flags = passable.tolist()
    sources = [s for s in range(board.n) if flags[s]][:100]
    lists = neighbour_lists(table, flags)

    def engine_one_built() -> object:
        return DistanceGraph(links, passable).field(sources[0])

    cached = DistanceGraph(links, passable)

    def engine_one() -> object:
        cached.forget()  # the graph is kept (as Position.sight() keeps it), the field is not
        return cached.field(sources[0])

    def engine_hundred() -> object:
        return DistanceGraph(links, passable).fields(sources)

    def plain_one() -> object:
        return baseline_bfs(lists, flags, sources[0])

    def plain_one_built() -> object:
        return baseline_bfs(neighbour_lists(table, flags), flags, sources[0])

    def plain_hundred() -> object:
        built = neighbour_lists(table, flags)
        return [baseline_bfs(built, flags, s) for s in sources]

    graph = DistanceGraph(links, passable)
    check = graph.fields(sources[:5])
    for row, s in zip(check, sources[:5], strict=True):
        assert row.tolist() == plain_bfs(table, flags, s) == baseline_bfs(lists, flags, s), \
            "fields disagree with plain BFS"

    engine = "plain BFS" if board.n <= SMALL_BOARD else "scipy"
    print(f"{size}x{size} hex map, {board.n} spaces, {len(board.walls)} walls, engine: "
          f"{engine}; median of {repeat} runs")
    for label, ours, plain in (
        ("1 field, graph kept", engine_one, plain_one),
        ("1 field, graph built", engine_one_built, plain_one_built),
        ("100 fields, graph built", engine_hundred, plain_hundred),
    ):
        e = median_seconds(repeat, ours)
        p = median_seconds(max(repeat // 4, 3), plain)
        ratio = p / e
        print(f"{label:>24}: engine {e * 1e3:8.3f} ms   baseline BFS (lists built once) "
              f"{p * 1e3:8.3f} ms   ratio {ratio:5.1f}x   to goal {ratio / GOAL:4.2f} "
              f"({'meets' if ratio >= GOAL else 'short of'} {GOAL:.1f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="8,12,20,40")
    parser.add_argument("--size", type=int, help="one size only")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    sizes = [args.size] if args.size else [int(s) for s in args.sizes.split(",")]
    for size in sizes:
        bench(size, args.repeat)


if __name__ == "__main__":
    main()
