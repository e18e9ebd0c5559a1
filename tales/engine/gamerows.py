"""A simulation's games as a table (``tales simulate --csv FILE``): one row a game, in
game order, for a spreadsheet or a notebook.

Columns: ``seed``, ``game``, ``result``, ``reason``, ``rounds``, ``stuck`` (the round a
stuck game was stuck in, empty when it was not), ``decisions``; then for each objective
of the scenario ``met: TEXT`` (the round it was met in, empty when it was not); for each
Hero (and Companion) ``lost: NAME`` (the Fortitude it lost); for each source of damage
``damage: SOURCE`` (the Fortitude the Heroes lost to it: a Schemer Group, Traps, Hazards,
Wizard Fire, the Doom Die, ..., see :mod:`tales.engine.sources`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from pathlib import Path

from tales.engine.simulate import GameReport
from tales.errors import TalesError
from tales.files import read_file

#: The first columns, which every such file begins with (how a file is known as one).
FIRST = ("seed", "game", "result", "reason", "rounds", "stuck", "decisions")


def columns(objectives: Sequence[str], reports: Iterable[GameReport]
            ) -> tuple[list[str], list[str], list[str]]:
    """The Heroes and the sources of damage met in ``reports`` (by name), and the
    objectives as given: the varying columns."""
    heroes: set[str] = set()
    sources: set[str] = set()
    for report in reports:
        heroes.update(report.hero_damage)
        sources.update(report.sources)
    return list(objectives), sorted(heroes), sorted(sources)


def table(seed: int, objectives: Sequence[str], reports: Sequence[GameReport]
          ) -> list[list[str | int]]:
    """The header and one row per game, in game order."""
    goals, heroes, sources = columns(objectives, reports)
    rows: list[list[str | int]] = [[*FIRST, *(f"met: {g}" for g in goals),
                                    *(f"lost: {h}" for h in heroes),
                                    *(f"damage: {s}" for s in sources)]]
    for r in sorted(reports, key=lambda r: r.game):
        rows.append([seed, r.game, r.result, r.reason, r.rounds, r.stuck or "", r.decisions,
                     *(r.met_in.get(g, "") for g in goals),
                     *(r.hero_damage.get(h, 0) for h in heroes),
                     *(r.sources.get(s, 0) for s in sources)])
    return rows


def csv_bytes(seed: int, objectives: Sequence[str], reports: Sequence[GameReport]) -> bytes:
    """The table as CSV (UTF-8, ``\\n`` line ends)."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(table(seed, objectives, reports))
    return out.getvalue().encode("utf-8")


def is_game_table(path: Path) -> bool:
    """Whether ``path`` holds such a table (its header begins with :data:`FIRST`): the only
    file ``--csv`` writes over."""
    try:
        first = read_file(path)[:200].decode("utf-8", "replace")
    except TalesError:  # unreadable: not ours
        return False
    return first.startswith(",".join(FIRST))
