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
          write: Callable[[str], None], *,
          label: Callable[[Decision[Any], Any], str] | None = None,
          explain: Callable[[Any, str, Any], str] | None = None,
          detail: Callable[[Any, str], list[str]] | None = None,
          several: Collection[str] = (), rng: np.random.Generator | None = None,
          shown: int = 0, keep: Callable[[Game[T]], str] | None = None,
          say_why: bool = False, status: Callable[[Any, str], str] | None = None,
          hand_over: Callable[[str], bool] | None = None) -> T | None:
    """Run ``game`` to its end: chance by a generator seeded with ``seed`` (or ``rng``),
    the players in ``humans`` at the terminal (``view`` draws the table for one of them),
    everyone else by ``bot``. The final state, or None if a person quit (``q`` or end of
    input).

    Optional: ``label`` words an option of a menu (else the option itself); ``explain``
    adds words to an option (a card's text) for the person choosing; ``?`` writes
    ``detail`` (their cards' texts); in a Decision of a kind in ``several`` (whose first
    option is "done") the person gives several numbers at once ("2 3 5"), answered one
    after another while the same question is asked again, then "done"; ``shown``: log
    lines already written; ``keep`` saves the game after each person's choice and when they
    quit, returning what to tell them; with ``say_why`` an answer that is not an option is
    answered with one line saying why; ``status`` is a line written before every question
    (what matters most now); ``hand_over`` is called when the seat asked is another
    person's than the last (a hot seat: it clears the screen and waits for them, False if
    they quit), who then reads what happened since they last looked."""
    rng = rng if rng is not None else np.random.default_rng(seed)
    table_at = -1  # the log length when the table was last shown
    seated: str | None = None  # the person asked last
    looked: dict[str, int] = {}  # the log length each person last saw
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
        figure = str(decision.figure)
        if hand_over is not None and seated is not None and figure != seated:
            if not hand_over(figure):
                if keep is not None:
                    write(keep(game))
                return None
            if state is not None:  # what happened since they last looked (the last 40)
                for line in state.log[looked.get(figure, 0):shown][-40:]:
                    write(f"  {line}")
            table_at = -1
        seated = figure
        looked[figure] = shown
        if state is not None and table_at != shown:
            table_at = shown
            for line in view(state, figure):
                write(line)
        if state is not None and status is not None and status(state, figure):
            write(status(state, figure))
        write(f"[{figure}] {decision.prompt}")
        for number, option in enumerate(decision.options, 1):
            words = label(decision, option) if label is not None else str(option)
            extra = explain(state, figure, option) if explain is not None else ""
            write(f"  {number}) {words}" + (f" - {extra}" if extra else ""))
        many = decision.kind in several
        count = len(decision.options)
        # (option 1 of such a question is "done": the example names the others)
        hint = f" (several: {' '.join(str(n) for n in range(2, min(count, 4) + 1))})" \
            if many and count > 2 else ""
        quits = "q saves and quits" if keep is not None else "q quits"
        while True:
            try:
                text = read(f"choose 1-{count}{hint} "
                            f"({'? cards, ' if detail else ''}{quits})> ").strip()
            except EOFError:
                text = "q"
            if text == "q":
                if keep is not None:
                    write(keep(game))
                return None
            if text == "?" and detail is not None:
                for line in detail(state, figure):
                    write(line)
                continue
            numbers = text.split() if many else [text]
            if numbers and all(n.isdigit() and 1 <= int(n) <= count for n in numbers):
                _answer_each(game, [decision.options[int(n) - 1] for n in numbers], many)
                if keep is not None:
                    keep(game)
                break
            if say_why:
                write(f"{text!r} is not one of the choices: type a number from 1 to {count}"
                      + (", several at once" if many else "") + f", or {quits}")
    final = game.result
    assert final is not None
    for line in getattr(final, "log", ())[shown:]:
        write(f"  {line}")
    return final


def _answer_each(game: Game[Any], answers: list[Any], done: bool) -> None:
    """The first answer, then each next one while the same person is asked the same kind
    of question and may give it; with ``done``, then its first option once more."""
    first = game.pending
    assert first is not None
    if done and answers[-1] != first.options[0]:
        answers = [*answers, first.options[0]]
    for answer in answers:
        now = game.pending
        if now is None or now.kind != first.kind or now.figure != first.figure or \
                answer not in now.options:
            return
        game.answer(answer)
