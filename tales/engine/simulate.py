"""Playing a scenario many times with bots and reporting what happened.

Each game's random generator is spawned from the sweep's seed by its game number
(:class:`numpy.random.SeedSequence`), so the report depends only on the seed and the number
of games, never on how many workers played them or in which order they finished. The games
run on any :class:`concurrent.futures.Executor`: local processes by default, or a Dask
cluster's executor (``tales simulate --dask ADDRESS``, with the ``dask`` extra installed).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from tales.engine.bots import policy
from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.state import Result, Setup


@dataclass(frozen=True)
class GameReport:
    """One game's outcome."""

    game: int
    result: str
    reason: str
    rounds: int
    fallen: tuple[tuple[str, str, int], ...]  # (hero, space, round)
    dealt: dict[str, int]  # group -> Fortitude the Heroes lost on its turns
    taken: dict[str, int]  # group -> Fortitude it lost
    decisions: int


def play_game(setup: dict[str, Any], bot: str, seed: int, game: int) -> GameReport:
    """Play game number ``game`` of a sweep (a plain function, so it can be shipped to a
    worker process or a cluster)."""
    ctx = load_context(Setup.from_dict(setup))
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(game,)))
    run = Game(lambda: play_scenario(ctx))
    state = run.play(policy(bot, ctx, rng))
    assert state.result is not None
    return GameReport(game, state.result.value, state.reason, state.round,
                      tuple((f.hero, f.space, f.round) for f in state.fallen),
                      dict(state.dealt), dict(state.taken), len(run.log))


def _play_many(args: tuple[dict[str, Any], str, int, list[int]]) -> list[GameReport]:
    setup, bot, seed, games = args
    return [play_game(setup, bot, seed, n) for n in games]


def run_games(setup: Setup, bot: str, games: int, seed: int, workers: int = 1,
              executor: Executor | None = None,
              progress: Callable[[int, int], None] | None = None) -> list[GameReport]:
    """Play ``games`` games; the reports in game order. ``workers`` local processes (1: in
    this process), or the given ``executor``."""
    load_context(setup)  # a bad setup fails here, once, with its one-line error
    data = setup.to_dict()
    if executor is None and workers <= 1:
        reports = []
        for n in range(games):
            reports.append(play_game(data, bot, seed, n))
            if progress:
                progress(n + 1, games)
        return reports
    chunk = max(1, min(25, games // (4 * max(workers, 1)) or 1))
    batches = [list(range(start, min(start + chunk, games)))
               for start in range(0, games, chunk)]
    own = executor is None
    pool = executor or ProcessPoolExecutor(max_workers=workers)
    reports = []
    try:
        for batch in pool.map(_play_many, [(data, bot, seed, b) for b in batches]):
            reports.extend(batch)
            if progress:
                progress(len(reports), games)
    finally:
        if own:
            pool.shutdown()
    return sorted(reports, key=lambda r: r.game)


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(setup: Setup, bot: str, seed: int, reports: list[GameReport]) -> dict[str, Any]:
    """The sweep's report: win rate with a 95% interval, rounds, who fell where, damage per
    Schemer Group, why games were lost."""
    games = len(reports)
    wins = sum(r.result == Result.VICTORY.value for r in reports)
    low, high = wilson(wins, games)
    rounds = [r.rounds for r in reports]
    fell: Counter[str] = Counter()
    where: Counter[str] = Counter()
    for report in reports:
        for hero, space, _ in report.fallen:
            fell[hero] += 1
            where[f"{hero} on {space}"] += 1
    groups = sorted({g for r in reports for g in (*r.dealt, *r.taken)})
    return {
        "scenario": setup.scenario, "heroes": list(setup.heroes), "bot": bot, "seed": seed,
        "games": games, "wins": wins,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "win_rate_95": [round(low, 4), round(high, 4)],
        "rounds": {"mean": round(statistics.fmean(rounds), 2) if rounds else 0.0,
                   "median": statistics.median(rounds) if rounds else 0,
                   "min": min(rounds, default=0), "max": max(rounds, default=0)},
        "defeats": dict(Counter(r.reason for r in reports
                                if r.result == Result.DEFEAT.value).most_common()),
        "heroes_fallen": dict(fell.most_common()),
        "where_heroes_fell": dict(where.most_common(10)),
        "damage_per_game": {g: {"dealt_to_heroes": round(sum(r.dealt.get(g, 0)
                                                              for r in reports) / games, 2),
                                "taken": round(sum(r.taken.get(g, 0) for r in reports)
                                               / games, 2)}
                            for g in groups} if games else {},
        "decisions_per_game": round(statistics.fmean(r.decisions for r in reports), 1)
        if reports else 0.0,
    }


def format_report(report: dict[str, Any]) -> Iterator[str]:
    """The report as lines for a terminal."""
    low, high = report["win_rate_95"]
    yield (f"{report['scenario']} with {', '.join(report['heroes'])} ({report['bot']} bot, "
           f"seed {report['seed']}): {report['games']} games")
    yield (f"  win rate {report['win_rate']:.1%} (95% interval {low:.1%} to {high:.1%}), "
           f"{report['wins']} won")
    r = report["rounds"]
    yield f"  rounds: mean {r['mean']}, median {r['median']}, {r['min']} to {r['max']}"
    for reason, count in report["defeats"].items():
        yield f"  lost {count}x: {reason}"
    for hero, count in report["heroes_fallen"].items():
        yield f"  {hero} fell in {count} games"
    for place, count in report["where_heroes_fell"].items():
        yield f"    {place}: {count}"
    for group, damage in report["damage_per_game"].items():
        yield (f"  {group}: {damage['dealt_to_heroes']} damage to the Heroes, "
               f"{damage['taken']} taken, per game")
