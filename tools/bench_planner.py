"""How much stronger the planner is than greedy, and what it costs (issue 20, item 1).

Plays the same games (the same seeds) with greedy and with the planner on a scenario and
prints both win rates with their 95% intervals, the difference, the time per game of each
and the planner's time as a multiple of greedy's (the baseline, run in the same process):

    .venv/bin/python tools/bench_planner.py                      # cellar-door, 60 games
    .venv/bin/python tools/bench_planner.py --games 20 --budget 1
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from tales.engine.planner import DEFAULT_BUDGET
from tales.engine.simulate import run_games, wilson
from tales.engine.state import Result, Setup

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default=str(ROOT / "scenarios" / "cellar-door.toml"))
    parser.add_argument("--heroes", default="gerki,deirdre")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    setup = Setup(args.scenario, tuple(args.heroes.split(",")))
    rates: dict[str, float] = {}
    seconds: dict[str, float] = {}
    for bot in ("greedy", "planner"):
        start = time.perf_counter()
        reports = run_games(setup, bot, args.games, args.seed, args.workers,
                            budget=args.budget if bot == "planner" else None)
        seconds[bot] = (time.perf_counter() - start) / args.games
        wins = sum(r.result == Result.VICTORY.value for r in reports)
        low, high = wilson(wins, args.games)
        rates[bot] = wins / args.games
        print(f"{bot:8} {wins:3}/{args.games} won: {rates[bot]:6.1%} (95% interval "
              f"{low:.1%} to {high:.1%}), {seconds[bot]:.3f} s per game")
    print(f"planner - greedy: {rates['planner'] - rates['greedy']:+.1%} points; planner "
          f"budget {args.budget}: {seconds['planner'] / seconds['greedy']:.0f}x greedy's time")


if __name__ == "__main__":
    main()
