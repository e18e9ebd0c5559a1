"""People and bots at one table of a card game, at the terminal: the log as it grows, the
table as each person sees it before their choice, every choice a numbered menu. Shared by
the tavern's games."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, TypeVar

import numpy as np

from tales.engine.game import Game, roll_chance
from tales.rules.decisions import Chooser, Decider, Decision

T = TypeVar("T")


def drive(game: Game[T], humans: Collection[str], seed: int, bot: Chooser,
          view: Callable[[Any, str], list[str]], read: Callable[[str], str],
          write: Callable[[str], None],
          label: Callable[[Decision[Any], Any], str] | None = None,
          keep: Callable[[Game[T]], str] | None = None, explain: bool = False) -> T | None:
    """Run ``game`` to its end: chance by a generator seeded with ``seed``, the players in
    ``humans`` at the terminal (``view`` draws the table for one of them), everyone else
    by ``bot``. The final state, or None if a person quit (``q`` or end of input).

    ``label`` words an option of a menu (else the option itself); ``keep`` saves the game
    after each person's choice and when they quit, returning what to tell them; with
    ``explain`` an answer that is not an option is answered with one line saying why."""
    rng = np.random.default_rng(seed)
    shown, table_at = 0, -1  # log lines written; the log length when the table was shown
    while game.pending is not None:
        decision = game.pending
        state: Any = decision.state
        if state is not None:
            for line in state.log[shown:]:
                write(f"  {line}")
            shown = len(state.log)
        if decision.decider is Decider.CHANCE:
            game.answer(roll_chance(decision, rng))
            continue
        if decision.figure not in humans:
            game.answer(bot(decision))
            continue
        if state is not None and table_at != shown:
            table_at = shown
            for line in view(state, str(decision.figure)):
                write(line)
        write(f"[{decision.figure}] {decision.prompt}")
        for number, option in enumerate(decision.options, 1):
            write(f"  {number}) {label(decision, option) if label else option}")
        quits = "q saves and quits" if keep else "q quits"
        count = len(decision.options)
        while True:
            try:
                text = read(f"choose 1-{count} ({quits})> ").strip()
            except EOFError:
                text = "q"
            if text == "q":
                if keep is not None:
                    write(keep(game))
                return None
            if text.isdigit() and 1 <= int(text) <= count:
                game.choose(int(text) - 1)
                if keep is not None:
                    keep(game)
                break
            if explain:
                write(f"{text!r} is not one of the choices: type a number from 1 to {count}, "
                      f"or {quits}")
    final = game.result
    assert final is not None
    for line in getattr(final, "log", ())[shown:]:
        write(f"  {line}")
    return final
