"""A sweep: one scenario played under every combination of settings, one table.

Every combination plays the same games with the same seeds (game ``n`` of each starts
from the same generator), so its rows differ by the settings, not by luck of the draw more
than they must; the table depends only on the seed and the number of games, never on how
many workers played them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, replace
from itertools import product
from typing import Any

from tales.engine.paired import paired_difference
from tales.engine.simulate import Tally, lost_all_met, percent, stream_games, stuck_line
from tales.engine.state import Result, Setup


@dataclass(frozen=True)
class Combination:
    """One row of a sweep: the settings that vary."""

    steps: int | None  # Power Tree steps (None: the scenario's)
    legend: bool
    bot: str
    companion: str | None
    heroes: tuple[str, ...] | None = None  # the party (None: the base setup's)

    def setup(self, base: Setup) -> Setup:
        """``base`` with this row's settings."""
        return replace(base, power_tree_steps=self.steps, legend=self.legend,
                       companion=self.companion,
                       heroes=self.heroes if self.heroes is not None else base.heroes)

    def label(self) -> str:
        """The row in words, for the progress line: "gerki, deirdre, steps 2, Legend,
        greedy"."""
        return ", ".join([*(self.heroes or ()), *([f"steps {self.steps}"]
                                                  if self.steps is not None else []),
                          *(["Legend"] if self.legend else []), self.bot,
                          *([self.companion] if self.companion else [])])


def combinations(steps: Sequence[int | None], legends: Sequence[bool], bots: Sequence[str],
                 companions: Sequence[str | None],
                 parties: Sequence[tuple[str, ...] | None] = (None,)) -> list[Combination]:
    """Every combination, in the order given (parties slowest, then steps, companions
    fastest), each once: a setting given twice (``--steps 2,2``) makes no row twice."""
    rows = [Combination(s, legend, bot, c, party)
            for party, s, legend, bot, c in product(parties, steps, legends, bots,
                                                     companions)]
    return list(dict.fromkeys(rows))


def sweep(base: Setup, rows: Sequence[Combination], games: int, seed: int,
          workers: int = 1, budget: int | None = None,
          progress: Callable[[int, int, str], None] | None = None,
          executor: Executor | None = None) -> dict[str, Any]:
    """Play ``games`` games of each combination on ``base``; the table as plain values.
    ``workers`` local processes share the work of every row, or ``executor`` (a Dask
    cluster's) does. Each row after the first has its paired difference against the
    first (the same seeds, game by game) in win rate and rounds."""
    setups = [row.setup(base) for row in rows]
    pool: Executor | None = executor or (
        ProcessPoolExecutor(max_workers=workers) if workers > 1 else None)
    table = []
    done = 0
    first: tuple[list[float], list[float]] | None = None
    try:
        for number, (row, setup) in enumerate(zip(rows, setups, strict=True), start=1):
            tally = Tally()
            won, rounds = [0.0] * games, [0.0] * games
            label = f"row {number} of {len(rows)}: {row.label()}"
            for report in stream_games(setup, row.bot, games, seed, workers, pool, budget):
                tally.add(report)
                won[report.game] = float(report.result == Result.VICTORY.value)
                rounds[report.game] = float(report.rounds)
                done += 1
                if progress:
                    progress(done, games * len(rows), label)
            summary = tally.summary(setup, row.bot, seed, budget)
            table.append({
                "heroes": list(setup.heroes),
                "power_tree_steps": summary["settings"]["power_tree_steps"],
                "legend": row.legend, "bot": row.bot,
                "budget": summary["settings"]["budget"], "companion": row.companion,
                "games": summary["games"], "wins": summary["wins"],
                "win_rate": summary["win_rate"], "win_rate_95": summary["win_rate_95"],
                "mean_rounds": summary["rounds"]["mean"],
                "lost_with_every_objective_met": summary["lost_with_every_objective_met"],
                "stuck": summary["stuck"],
                "objectives_met": summary["objectives_met"],
                "damage_per_source": summary["damage_per_source"],
                "fortitude_lost_per_game": round(sum(summary["damage_per_source"].values()),
                                                 2),
                "against_first_row": None if first is None else _paired(won, rounds, first)})
            if first is None:
                first = (won, rounds)
    finally:
        if pool is not None and executor is None:
            pool.shutdown(cancel_futures=True)
    return {"scenario": base.scenario, "heroes": list(base.heroes), "seed": seed,
            "games": games, "settings": {"dice": base.dice or "bundled",
                                         "rules": base.rules.to_dict()},
            "rows": table}


def _paired(won: list[float], rounds: list[float],
            first: tuple[list[float], list[float]]) -> dict[str, list[float]]:
    """This row less the first, game by game: win rate and rounds, each as [mean, low,
    high] (95%)."""
    return {"win_rate": [round(v, 4) for v in paired_difference(won, first[0])],
            "rounds": [round(v, 2) for v in paired_difference(rounds, first[1])]}


def format_sweep(report: dict[str, Any]) -> Iterator[str]:
    """The sweep as a table for a terminal."""
    flags = ", ".join(f"{k}={v}" for k, v in report["settings"]["rules"].items())
    yield (f"{report['scenario']} with {', '.join(report['heroes'])}: {report['games']} "
           f"games per row, seed {report['seed']}, dice {report['settings']['dice']}")
    yield f"  rules {flags}"
    objectives = list(dict.fromkeys(t for row in report["rows"]
                                    for t in row.get("objectives_met", {})))
    header = ("#", "heroes", "steps", "legend", "bot", "budget", "companion", "win rate",
              "95% interval", "vs row 1 (95%)", "mean rounds", "vs row 1",
              *(f"obj {n}" for n in range(1, len(objectives) + 1)), "lost/game",
              "lost, all met", "stuck")
    cells = [header]
    for number, row in enumerate(report["rows"], start=1):
        low, high = row["win_rate_95"]
        games = row["games"]
        against = row.get("against_first_row")
        met = row.get("objectives_met", {})
        cells.append((str(number), ",".join(row.get("heroes", report["heroes"])),
                      str(row["power_tree_steps"]), "yes" if row["legend"] else "no",
                      row["bot"], "-" if row["budget"] is None else str(row["budget"]),
                      row["companion"] or "-", f"{row['win_rate']:.1%}",
                      f"{low:.1%} to {high:.1%}",
                      "-" if against is None else _signed(against["win_rate"], "%"),
                      f"{row['mean_rounds']}",
                      "-" if against is None else _signed(against["rounds"], ""),
                      *(percent(round(met.get(t, 0) * games), games) if t in met else "-"
                        for t in objectives),
                      str(row.get("fortitude_lost_per_game", "-")),
                      str(row.get("lost_with_every_objective_met", 0)),
                      str(row["stuck"]["games"])))
    widths = [max(len(line[i]) for line in cells) for i in range(len(header))]
    for line in cells:
        yield "  " + "  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)
                               ).rstrip()
    for n, text in enumerate(objectives, start=1):
        yield f"  obj {n}: {text}"
    for number, row in enumerate(report["rows"], start=1):
        sources = row.get("damage_per_source", {})
        if sources:
            yield (f"  row {number}, Fortitude lost per game by source: "
                   + ", ".join(f"{k} {v}" for k, v in sources.items()))
    lost = sum(row.get("lost_with_every_objective_met", 0) for row in report["rows"])
    played = sum(row["games"] for row in report["rows"])
    if played:
        yield f"  {lost_all_met(lost, played)}, over every row"
        stuck = [row for row in report["rows"] if row["stuck"]["games"]]
        total = {"games": sum(row["stuck"]["games"] for row in stuck),
                 "first": stuck[0]["stuck"]["first"] if stuck else None}
        row = (f"steps {stuck[0]['power_tree_steps']}, legend "
               f"{'yes' if stuck[0]['legend'] else 'no'}, bot {stuck[0]['bot']}, companion "
               f"{stuck[0]['companion'] or '-'}, " if stuck else "")
        yield f"  {stuck_line(total, played, ', over every row', row)}"


def _signed(values: list[float], unit: str) -> str:
    """A paired difference in words: "+12.5% (+3.1% to +21.9%)", "-0.4 (-0.9 to +0.1)"."""
    scale, digits = (100, 1) if unit else (1, 2)
    mean, low, high = (v * scale for v in values)
    return f"{mean:+.{digits}f}{unit} ({low:+.{digits}f}{unit} to {high:+.{digits}f}{unit})"
