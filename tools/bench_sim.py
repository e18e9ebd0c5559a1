"""Benchmark: whole games a second on one core, against issue 19's goals.

Two rows of the issue's table: ``tales simulate`` on the cellar door with gerki and deirdre
(greedy and random bots; goal: 100 games a second a core) and the encounter game with 4
players and random bots (goal: 100 games a second a core). Each is measured in one run
against an honest baseline on the same seeds: replaying the very answers the bots gave
through the driver each row's games use (the rules' own cost, with no bot thinking and no
chance drawn), so the ratio says how much of a game is the bots. Rates a core are this process's own
processor time (a shared machine disturbs it less than the clock). The rate is also
measured by the clock on local worker processes (the reports must be the same). Each
line prints its ratio to the goal (games a second / 100; 1.0 or more meets it). Run:

    python tools/bench_sim.py [--games 40] [--workers 2]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from tales.compiled import build
from tales.engine.bots import policy
from tales.engine.content import load_context
from tales.engine.game import Game, random_policy
from tales.engine.rounds import play_scenario
from tales.engine.simulate import run_games
from tales.engine.state import Setup
from tales.rules.decisions import resolve
from tales.tavern.encounter import simulate as encounter
from tales.tavern.encounter.cards import Box, load

GOAL = 100.0  # games a second a core, both rows


def best_seconds(repeat: int, job: Callable[[], object]) -> float:
    """The least processor time of ``repeat`` runs of ``job``: "a core" is this process's
    own time, which other work on a shared machine disturbs far less than the clock."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        job()
        times.append(time.process_time() - start)
    return min(times)


def line(label: str, games: int, engine: float, replay: float, pooled: float,
         workers: int, same: bool) -> str:
    rate = games / engine
    return (f"  {label:28} {rate:7.1f} games/s   to goal {rate / GOAL:4.2f} "
            f"({'meets' if rate >= GOAL else 'short of'} {GOAL:.0f})   replaying the same "
            f"answers {games / replay:7.1f} games/s (the bots: {1 - replay / engine:4.0%} "
            f"of a game)   {workers} workers {games / pooled:7.1f} games/s   "
            f"same reports: {same}")


def tales_row(bot: str, games: int, workers: int, repeat: int) -> str:
    setup = Setup("scenarios/cellar-door.toml", ("gerki", "deirdre"))
    ctx = load_context(setup)
    run_games(setup, bot, 2, 99)  # warm the content cache
    answers: list[list[Any]] = []

    def engine() -> object:
        answers.clear()
        for n in range(games):
            rng = np.random.default_rng(np.random.SeedSequence(0, spawn_key=(n,)))
            run = Game(lambda: play_scenario(ctx))
            run.play(policy(bot, ctx, rng))
            answers.append(run.answers)
        return answers

    def replay() -> object:
        return [Game(lambda: play_scenario(ctx), given).result for given in answers]

    seconds = best_seconds(repeat, engine)
    replayed = best_seconds(repeat, replay)
    start = time.perf_counter()
    parallel = run_games(setup, bot, games, 0, workers)
    pooled = time.perf_counter() - start
    same = run_games(setup, bot, games, 0) == parallel
    decisions = sum(len(a) for a in answers) / games
    return line(f"cellar door, {bot} ({decisions:.0f} answers)", games, seconds, replayed,
                pooled, workers, same)


def encounter_row(games: int, workers: int, repeat: int) -> str:
    sweep = encounter.Sweep(4, 0, str(encounter.SAMPLE), "", ())
    box = load(encounter.SAMPLE)
    encounter.one_game(sweep, 0)  # warm
    answers: list[list[Any]] = []  # the bots' answers, recorded outside the timing
    for n in range(games):
        rng = np.random.default_rng(np.random.SeedSequence(0, spawn_key=(n,)))
        run = encounter.game(box, 4)
        run.play(random_policy(rng))
        answers.append(run.answers)

    def engine() -> object:  # what `tales tavern encounter simulate` plays
        return [encounter.one_game(sweep, n) for n in range(games)]

    def replay() -> object:
        return [_replayed(box, given) for given in answers]

    seconds = best_seconds(repeat, engine)
    replayed = best_seconds(repeat, replay)
    start = time.perf_counter()
    parallel = encounter.play_games(sweep, games, workers)
    pooled = time.perf_counter() - start
    same = encounter.play_games(sweep, games) == parallel == replay()
    decisions = sum(len(a) for a in answers) / games
    return line(f"encounter game, 4 ({decisions:.0f} answers)", games, seconds, replayed,
                pooled, workers, same)


def _replayed(box: Box, given: list[Any]) -> object:
    """The game the answers ``given`` make: the rules alone, answered from the list."""
    queue = iter(given)
    return resolve(encounter.start(box, 4), lambda decision: next(queue))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{args.games} games per row, best of {args.repeat} runs; goal {GOAL:.0f} games/s "
          f"a core (issue 19); {build()}")
    for bot in ("greedy", "random"):
        print(tales_row(bot, args.games, args.workers, args.repeat))
    print(encounter_row(args.games, args.workers, args.repeat))


if __name__ == "__main__":
    main()
