"""How much stronger the planner is than greedy, and what it costs (issues 20 and 40).

For each seed, plays the same games (the same game seeds) with greedy and with the planner
on a scenario and prints both win rates with their 95% intervals, the gap in points, and
the CPU time per game of each (measured inside the process that played the game, so the
figure is one core's whatever ``--workers`` is and however busy the machine is), with the
planner's time as a multiple of greedy's (the baseline, measured in the same run):

    .venv/bin/python tools/bench_planner.py                       # cellar-door, seed 0
    .venv/bin/python tools/bench_planner.py --seeds 0,1,2,3,4 --workers 2
    .venv/bin/python tools/bench_planner.py --games 20 --budget 2 --goal 20

The issue's check (40): the planner's win rate at least ``--goal`` points above greedy's
(0: at least as often) at no more than ``--cost`` times greedy's CPU a game (30).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tales.engine.planner import DEFAULT_BUDGET
from tales.engine.simulate import play_game, wilson
from tales.engine.state import Result, Setup

ROOT = Path(__file__).resolve().parents[1]


def timed_game(job: tuple[dict[str, object], str, int, int, int | None]
               ) -> tuple[bool, float]:
    """Play one game; whether it was won, and the CPU seconds it took."""
    setup, bot, seed, game, budget = job
    start = time.process_time()
    report = play_game(setup, bot, seed, game, budget)
    return report.result == Result.VICTORY.value, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default=str(ROOT / "scenarios" / "cellar-door.toml"))
    parser.add_argument("--heroes", default="gerki,deirdre")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seeds", default="0", help="comma-separated, e.g. 0,1,2,3,4")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--goal", type=float, default=0.0,
                        help="points the planner must gain over greedy (issue 40: at least "
                        "as often: 0)")
    parser.add_argument("--cost", type=float, default=30.0,
                        help="the most times greedy's CPU a planner game may take (issue 40)")
    args = parser.parse_args()
    setup = Setup(args.scenario, tuple(args.heroes.split(","))).to_dict()
    seeds = [int(s) for s in args.seeds.split(",")]
    met = True
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for seed in seeds:
            rates: dict[str, float] = {}
            seconds: dict[str, float] = {}
            for bot in ("greedy", "planner"):
                budget = args.budget if bot == "planner" else None
                jobs = [(setup, bot, seed, n, budget) for n in range(args.games)]
                played = list(pool.map(timed_game, jobs))
                wins = sum(won for won, _ in played)
                seconds[bot] = sum(cpu for _, cpu in played) / args.games
                rates[bot] = wins / args.games
                low, high = wilson(wins, args.games)
                print(f"seed {seed} {bot:8} {wins:3}/{args.games} won: {rates[bot]:6.1%} "
                      f"(95% interval {low:.1%} to {high:.1%}), {seconds[bot]:.3f} s per game")
            gap = 100 * (rates["planner"] - rates["greedy"])
            times = seconds["planner"] / seconds["greedy"]
            met = met and gap >= args.goal and times <= args.cost
            print(f"seed {seed} planner - greedy: {gap:+.1f} points (goal {args.goal:+g}); "
                  f"planner budget {args.budget}: {times:.0f}x greedy's time (goal at most "
                  f"{args.cost:g}x)", flush=True)
    print("goals met on every seed" if met else "goals NOT met on every seed")


if __name__ == "__main__":
    main()
