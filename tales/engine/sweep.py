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

from tales.engine.simulate import Tally, lost_all_met, stream_games, stuck_line
from tales.engine.state import Setup


@dataclass(frozen=True)
class Combination:
    """One row of a sweep: the settings that vary."""

    steps: int | None  # Power Tree steps (None: the scenario's)
    legend: bool
    bot: str
    companion: str | None

    def setup(self, base: Setup) -> Setup:
        """``base`` with this row's settings."""
        return replace(base, power_tree_steps=self.steps, legend=self.legend,
                       companion=self.companion)


def combinations(steps: Sequence[int | None], legends: Sequence[bool], bots: Sequence[str],
                 companions: Sequence[str | None]) -> list[Combination]:
    """Every combination, in the order given (steps slowest, companions fastest)."""
    return [Combination(s, legend, bot, c)
            for s, legend, bot, c in product(steps, legends, bots, companions)]


def sweep(base: Setup, rows: Sequence[Combination], games: int, seed: int,
          workers: int = 1, budget: int | None = None,
          progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games of each combination on ``base``; the table as plain values.
    ``workers`` local processes share the work of every row."""
    setups = [row.setup(base) for row in rows]
    pool: Executor | None = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    table = []
    done = 0
    try:
        for row, setup in zip(rows, setups, strict=True):
            tally = Tally()
            for report in stream_games(setup, row.bot, games, seed, workers, pool, budget):
                tally.add(report)
                done += 1
                if progress:
                    progress(done, games * len(rows))
            summary = tally.summary(setup, row.bot, seed, budget)
            table.append({
                "power_tree_steps": summary["settings"]["power_tree_steps"],
                "legend": row.legend, "bot": row.bot,
                "budget": summary["settings"]["budget"], "companion": row.companion,
                "games": summary["games"], "wins": summary["wins"],
                "win_rate": summary["win_rate"], "win_rate_95": summary["win_rate_95"],
                "mean_rounds": summary["rounds"]["mean"],
                "lost_with_every_objective_met": summary["lost_with_every_objective_met"],
                "stuck": summary["stuck"]})
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return {"scenario": base.scenario, "heroes": list(base.heroes), "seed": seed,
            "games": games, "settings": {"dice": base.dice or "bundled",
                                         "rules": base.rules.to_dict()},
            "rows": table}


def format_sweep(report: dict[str, Any]) -> Iterator[str]:
    """The sweep as a table for a terminal."""
    flags = ", ".join(f"{k}={v}" for k, v in report["settings"]["rules"].items())
    yield (f"{report['scenario']} with {', '.join(report['heroes'])}: {report['games']} "
           f"games per row, seed {report['seed']}, dice {report['settings']['dice']}")
    yield f"  rules {flags}"
    header = ("steps", "legend", "bot", "budget", "companion", "win rate", "95% interval",
              "mean rounds", "lost, all met", "stuck")
    cells = [header]
    for row in report["rows"]:
        low, high = row["win_rate_95"]
        cells.append((str(row["power_tree_steps"]), "yes" if row["legend"] else "no",
                      row["bot"], "-" if row["budget"] is None else str(row["budget"]),
                      row["companion"] or "-", f"{row['win_rate']:.1%}",
                      f"{low:.1%} to {high:.1%}", f"{row['mean_rounds']}",
                      str(row.get("lost_with_every_objective_met", 0)),
                      str(row["stuck"]["games"])))
    widths = [max(len(line[i]) for line in cells) for i in range(len(header))]
    for line in cells:
        yield "  " + "  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)
                               ).rstrip()
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
