"""Benchmark: what a table game costs per entry, as ratios to a baseline in the same run.

``tales table`` asks one Decision per edit whose options are every edit allowed now
(:func:`tales.table.edits.edit_options`), and replays the whole game on resume and undo.
This builds the options of a Hero's first edit on each sample scenario two ways: the
engine's (each figure's Occupied mask computed once) and the baseline (every edit there is
to type, filtered by :func:`tales.table.edits.refusal`, one figure lookup at a time); both
must give the same set. Then it times the replay of the scripted two-round game of the
tests (``tests/data/table-cellar-door.txt``) against playing its entries the first time,
and counts the keys its entries take each round (issue 39's goal: at most 60 a round).
Run from the checkout:

    python tools/bench_table.py [--repeat 20]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tales.board.figures import Token
from tales.engine.content import load_context
from tales.engine.state import Setup
from tales.rules.decisions import Decider
from tales.table.edits import EDIT_DECISION, END, Edit, EditKind, edit_options, refusal
from tales.table.script import script_lines, type_lines
from tales.table.session import TableSession

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = (("scenarios/cellar-door.toml", ("gerki", "deirdre")),
             ("scenarios/market-riot.toml", ("gerki", "deirdre", "fiona")),
             ("scenarios/drowned-chapel.toml", ("gerki", "deirdre", "fiona")))


def baseline_options(session: TableSession) -> set[Edit]:
    state = session.state
    assert state is not None
    position = state.position
    spaces = range(position.board.n)
    every = {END, *(Edit(EditKind.EPIC, amount=n) for n in range(-5, 6)),
             *(Edit(EditKind.OPEN_DOOR, space=s) for s in spaces)}
    for figure in position.figures:
        fid = figure.id
        every |= {Edit(EditKind.MOVE, fid, s) for s in spaces}
        every |= {Edit(k, fid, amount=n) for k in (EditKind.DAMAGE, EditKind.HEAL)
                  for n in range(1, 31)}
        every |= {Edit(EditKind.WOUNDED, fid), Edit(EditKind.DEFEATED, fid)}
        every |= {Edit(k, fid, amount=n, token=t) for k in (EditKind.GAIN, EditKind.SPEND)
                  for t in Token for n in range(1, 6)}
    every |= {Edit(EditKind.REINFORCE, g, s) for g in session.ctx.scenario.groups
              for s in spaces}
    return {e for e in every if refusal(session.ctx, state, e) is None}


def at_first_edit(scenario: str, heroes: tuple[str, ...]) -> TableSession:
    session = TableSession(load_context(Setup(scenario, heroes, power_tree_steps=0)), 1)
    while session.pending is not None and session.pending.kind != EDIT_DECISION:
        if session.pending.decider is Decider.CHANCE:
            session.draw()
        else:
            session.choose(0)
    return session


def best(repeat: int, work: Callable[[], Any]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def play_script(name: str, scenario: str = "scenarios/cellar-door.toml",
                heroes: tuple[str, ...] = ("gerki", "deirdre"), seed: int = 3
                ) -> tuple[TableSession, dict[int, int]]:
    """A scripted game of ``tests/data`` typed at the terminal; the keys of each round."""
    session = TableSession(load_context(Setup(scenario, heroes)), seed)
    keys = type_lines(session, script_lines(ROOT / "tests" / "data" / name))
    return session, keys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    for scenario, heroes in SCENARIOS:
        session = at_first_edit(scenario, heroes)
        state = session.state
        assert state is not None and session.position is not None
        options = edit_options(session.ctx, state)
        same = set(options) == baseline_options(session)
        engine = best(args.repeat, lambda s=session, st=state: edit_options(s.ctx, st))
        baseline = best(max(args.repeat // 4, 1), lambda s=session: baseline_options(s))
        print(f"{scenario} ({session.position.board.n} spaces, "
              f"{len(session.position.figures)} figures): {len(options)} edit options in "
              f"{engine * 1000:.2f} ms; baseline {baseline * 1000:.1f} ms; ratio "
              f"{baseline / engine:.0f}x; same options: {same}")
    played, _ = play_script("table-cellar-door.txt")
    choices = played.saved().choices
    first = best(3, lambda: play_script("table-cellar-door.txt"))
    replay = best(args.repeat // 4 or 1, lambda: TableSession(played.ctx, 3, choices))
    print(f"the scripted game ({len(choices)} entries): played at the terminal "
          f"{first * 1000:.0f} ms, replayed (resume, undo) {replay * 1000:.0f} ms, ratio "
          f"{first / replay:.1f}x")
    # issue 39's goal: at most 60 keys a round (slips, undo and commands included)
    for name, how in (("table-cellar-door.txt", "in whole words"),
                      ("table-cellar-door-short.txt", "the same game in the short forms")):
        after, keys = play_script(name)
        print(f"keys a round, {name} ({how}): {per_round(keys)}; the same board as "
              f"in whole words: {after.position == played.position}")
    _, keys = play_script("table-market-riot.txt", "scenarios/market-riot.toml",
                          ("gerki", "deirdre", "fiona"), 5)
    print(f"keys a round, table-market-riot.txt (3 Heroes, 2 groups): {per_round(keys)}")
    example = "docs/table-example/"
    session = TableSession(load_context(Setup(f"{example}ferry-landing.toml", (
        f"{example}heroes/marla.toml", f"{example}heroes/tobin.toml")), table=True), 7,
        defaults={"epic": "never"})
    keys = type_lines(session, script_lines(ROOT / "tests" / "data" / "table-ferry.txt"))
    print(f"keys a round, table-ferry.txt (docs/table.md's example): {per_round(keys)}")


def per_round(keys: dict[int, int]) -> str:
    return ", ".join(f"{'setup' if n == 0 else f'round {n}'}: {k}"
                     for n, k in sorted(keys.items()))


if __name__ == "__main__":
    main()
