"""Benchmark: whole games per second on a sample scenario, greedy and random bots.

The same games (same seeds) are played three ways in one run: by the engine in this
process; by the engine with its compiled searches swapped for plain-Python ones (the
baseline: breadth-first Line of Fire, heapq Dijkstra; see bench_schemer.py); and by the
simulation runner on local worker processes. Each way must produce the same reports.
Run:

    python tools/bench_sim.py [--scenario scenarios/cellar-door.toml] [--games 40]
"""

from __future__ import annotations

import argparse
import time

from bench_schemer import plain_python

from tales.engine.content import load_context
from tales.engine.simulate import GameReport, run_games
from tales.engine.state import Setup


def timed(setup: Setup, bot: str, games: int, workers: int = 1
          ) -> tuple[float, list[GameReport]]:
    start = time.perf_counter()
    reports = run_games(setup, bot, games, 0, workers)
    return time.perf_counter() - start, reports


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="scenarios/cellar-door.toml")
    parser.add_argument("--heroes", default="gerki,deirdre")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    setup = Setup(args.scenario, tuple(args.heroes.split(",")))
    board = load_context(setup).scenario.board
    print(f"{args.scenario} with {args.heroes}, {args.games} games per row "
          f"({board.n} spaces)")
    for bot in ("greedy", "random"):
        run_games(setup, bot, 2, 99)  # warm the content cache
        engine, reports = timed(setup, bot, args.games)
        with plain_python(board):
            baseline, slow = timed(setup, bot, args.games)
        pooled, parallel = timed(setup, bot, args.games, args.workers)
        same = reports == slow == parallel
        decisions = sum(r.decisions for r in reports) / len(reports)

        def rate(seconds: float) -> str:
            return f"{args.games / seconds:7.1f} games/s"

        print(f"  {bot:6} ({decisions:.0f} decisions a game): engine {rate(engine)}   "
              f"plain-Python searches {rate(baseline)}   ratio {baseline / engine:4.1f}x   "
              f"{args.workers} workers {rate(pooled)} ({engine / pooled:3.1f}x)   "
              f"same reports: {same}")


if __name__ == "__main__":
    main()
