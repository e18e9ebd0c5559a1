"""Two versions of a scenario played on the same seeds (``tales compare``, issue 41).

Game number ``n`` of each side is seeded alike (:func:`tales.engine.simulate.play_game`:
the run's seed and the game number), so both sides start from the same dice; the report is
of the paired differences, B less A, game by game: in win rate (a win counts 1), rounds
and the Fortitude the Heroes lost, each with a 95% paired normal interval (the mean
difference plus or minus 1.96 standard errors of the differences), and the games whose
outcome changed, each with its seed and number so that it can be played again.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from tales.engine.simulate import GameReport, stream_games, wilson
from tales.engine.state import GameRules, Setup

Z_95 = 1.959964


@dataclass(frozen=True)
class Side:
    """One version: the setup (scenario, Heroes, settings) and the bot that plays it."""

    setup: Setup
    bot: str = "greedy"

    def words(self) -> str:
        """What this side is, in a line: its scenario, Heroes, bot and the settings that
        are not the defaults."""
        setup = self.setup
        said = [f"{setup.scenario} with {', '.join(setup.heroes)}"
                + (f" and {setup.companion}" if setup.companion else ""), f"{self.bot} bot"]
        if setup.legend:
            said.append("Legend")
        if setup.power_tree_steps is not None:
            said.append(f"Power Tree steps {setup.power_tree_steps}")
        if setup.dice:
            said.append(f"dice {setup.dice}")
        default = GameRules().to_dict()
        changed = [f"{k}={v}" for k, v in setup.rules.to_dict().items() if default[k] != v]
        if changed:
            said.append(f"rules {', '.join(changed)}")
        return ", ".join(said)


def paired(a: list[float], b: list[float], z: float = Z_95) -> dict[str, Any]:
    """The means of ``a`` and ``b``, the mean of the differences ``b - a`` (paired game by
    game) and its normal interval: mean +- z * sd / sqrt(n), sd of the differences (n - 1;
    with one pair, no interval can be said: the difference itself both ends)."""
    n = len(a)
    if not n:
        return {"a": 0.0, "b": 0.0, "difference": 0.0, "interval_95": [0.0, 0.0]}
    differences = [y - x for x, y in zip(a, b, strict=True)]
    mean = sum(differences) / n
    spread = (math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1))
              if n > 1 else 0.0)
    half = z * spread / math.sqrt(n)
    return {"a": round(sum(a) / n, 4), "b": round(sum(b) / n, 4),
            "difference": round(mean, 4),
            "interval_95": [round(mean - half, 4), round(mean + half, 4)]}


def _played(side: Side, games: int, seed: int, workers: int, budget: int | None,
            progress: Callable[[int], None] | None) -> dict[int, GameReport]:
    reports: dict[int, GameReport] = {}
    for report in stream_games(side.setup, side.bot, games, seed, workers, budget=budget):
        reports[report.game] = report
        if progress:
            progress(1)
    return reports


def compare(a: Side, b: Side, games: int, seed: int, workers: int = 1,
            budget: int | None = None,
            progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games of each side on the same seeds; the paired report."""
    done = 0

    def step(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(done, 2 * games)

    first = _played(a, games, seed, workers, budget, step)
    second = _played(b, games, seed, workers, budget, step)
    numbers = sorted(first)
    won = {"a": [float(first[n].result == "victory") for n in numbers],
           "b": [float(second[n].result == "victory") for n in numbers]}
    changed = [{"game": n, "seed": seed, "a": first[n].result, "b": second[n].result,
                "a_rounds": first[n].rounds, "b_rounds": second[n].rounds}
               for n in numbers if first[n].result != second[n].result]

    def interval(wins: list[float]) -> list[float]:
        low, high = wilson(int(sum(wins)), len(wins))
        return [round(low, 4), round(high, 4)]

    return {
        "games": games, "seed": seed,
        "a": {"side": a.words(), "setup": a.setup.to_dict(), "bot": a.bot,
              "wins": int(sum(won["a"])), "win_rate_95": interval(won["a"])},
        "b": {"side": b.words(), "setup": b.setup.to_dict(), "bot": b.bot,
              "wins": int(sum(won["b"])), "win_rate_95": interval(won["b"])},
        "interval": "paired normal, 95%: mean difference +- 1.96 standard errors",
        "win_rate": paired(won["a"], won["b"]),
        "rounds": paired([float(first[n].rounds) for n in numbers],
                         [float(second[n].rounds) for n in numbers]),
        "fortitude_lost": paired([float(sum(first[n].hero_damage.values()))
                                  for n in numbers],
                                 [float(sum(second[n].hero_damage.values()))
                                  for n in numbers]),
        "changed": {"games": len(changed),
                    "a_won_b_lost": sum(c["a"] == "victory" for c in changed),
                    "b_won_a_lost": sum(c["b"] == "victory" for c in changed),
                    "list": changed},
    }


#: The most changed games listed in the text report (the JSON has them all).
LISTED = 20


def format_compare(report: dict[str, Any]) -> Iterator[str]:
    """The comparison as lines for a terminal."""
    yield f"compare, {report['games']} games a side on the same seeds (seed {report['seed']})"
    for key in ("a", "b"):
        side = report[key]
        low, high = side["win_rate_95"]
        yield (f"  {key.upper()}: {side['side']}: won {side['wins']} "
               f"({side['wins'] / max(report['games'], 1):.1%}, 95% interval {low:.1%} to "
               f"{high:.1%})")
    yield f"  B - A, paired game by game ({report['interval']}):"
    for key, words, percent in (("win_rate", "win rate", True), ("rounds", "rounds", False),
                                ("fortitude_lost", "Fortitude the Heroes lost", False)):
        row = report[key]
        low, high = row["interval_95"]
        sign, plain = ("{:+.1%}", "{:.1%}") if percent else ("{:+.2f}", "{:.2f}")
        yield (f"    {words}: A {plain.format(row['a'])}, B {plain.format(row['b'])}, "
               f"difference {sign.format(row['difference'])} (95% interval "
               f"{sign.format(low)} to {sign.format(high)})")
    changed = report["changed"]
    if not changed["games"]:
        yield "  no game changed outcome"
        return
    yield (f"  {changed['games']} game{'' if changed['games'] == 1 else 's'} changed "
           f"outcome: {changed['b_won_a_lost']} won only by B, {changed['a_won_b_lost']} "
           "won only by A")
    for game in changed["list"][:LISTED]:
        yield (f"    seed {game['seed']}, game {game['game']}: A {game['a']} in round "
               f"{game['a_rounds']}, B {game['b']} in round {game['b_rounds']}")
    if changed["games"] > LISTED:
        yield f"    and {changed['games'] - LISTED} more (--json lists them all)"
