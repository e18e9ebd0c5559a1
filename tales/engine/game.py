"""The Game driver: runs a rules resolution one Decision at a time, with a log.

DESIGN.md, "The core idea": the log is the list of answers; replaying it from the same
start reproduces the state exactly (no random state to store); undo is a replay of all
but the last answer the players gave; a choice that is not among the legal options is
refused and changes nothing. A Decision with one legal option is not asked: it is taken
and logged as taken.

>>> from tales.rules.decisions import Decider, Decision
>>> def duel():
...     a = yield Decision("a", "pick", (1, 2), Decider.TABLE)
...     b = yield Decision("b", "forced", ("only",), Decider.TABLE)
...     return (a, b)
>>> game = Game(duel)
>>> game.pending.kind
'a'
>>> game.answer(2)
>>> game.result, game.log
((2, 'only'), [2, 'only'])
>>> game.undo(); game.pending.kind, game.log
('a', [])
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import accumulate
from typing import Any, Generic, TypeVar

import numpy as np

from tales.errors import IllegalChoice
from tales.rules.decisions import Chooser, Decider, Decision, Resolution

R = TypeVar("R")


class Game(Generic[R]):
    """A resolution being played: the pending Decision, the log, the result when done.

    ``answers`` replays earlier answers (a save's :attr:`answers`); ``log`` holds every
    Decision's option, automatic ones included.
    """

    def __init__(self, start: Callable[[], Resolution[R]], answers: Sequence[Any] = (),
                 choices: Sequence[int] = (), confirm: bool = False,
                 standing: Callable[[Decision[Any]], int | None] | None = None,
                 defaulted: Sequence[int] = ()) -> None:
        self.start = start
        # a standing answer (a table's default: "no Epic Dice on defence"): the option number
        # it gives a Decision, or None to ask. Its answers are choices like any other (a save
        # keeps them, so a replay needs no standing answers), marked ``defaulted`` so undo
        # passes over them to the last answer someone gave; never while choices are replayed
        self.standing: Callable[[Decision[Any]], int | None] | None = None
        self.defaulted: list[bool] = []  # per log entry: given by the standing answer?
        # a player's Decision with one option waits for a confirming answer (a setting of
        # the window's): still logged as automatic, so the choices a save keeps are the
        # same either way; never while answers are replayed
        self.confirm = False
        self.log: list[Any] = []
        self.asked: list[bool] = []  # per log entry: was it a real choice (not automatic)?
        self.indices: list[int] = []  # per log entry: the option's index in its Decision
        self.deciders: list[Decider] = []  # per log entry: who answered
        self.pending: Decision[Any] | None = None
        self.result: R | None = None
        self.done = False
        self.seen: Any = None  # the last table (``Decision.battle``) a Decision showed
        self.seen_state: Any = None  # the last game state (``Decision.state``) one showed
        self._restart(list(answers))
        self._replay(choices, set(defaulted))
        self.confirm = confirm  # from here on (what the replay took stays taken)
        self.standing = standing
        self.stand()

    def _replay(self, choices: Sequence[int], marked: set[int]) -> None:
        """Answer with ``choices`` in order, those numbered in ``marked`` kept as a
        standing answer's."""
        for n, index in enumerate(choices):
            if self.done:
                raise IllegalChoice(f"the log goes on after the game ended (choice {n + 1})")
            at = len(self.log)
            self.choose(index)
            self.defaulted[at] = n in marked

    def _restart(self, answers: list[Any]) -> None:
        self.log, self.asked, self.indices, self.deciders = [], [], [], []
        self.defaulted = []
        self.pending, self.result, self.done, self.seen = None, None, False, None
        self.seen_state = None
        self._generator = self.start()
        self._advance(None, first=True)
        for answer in answers:
            if self.done:
                raise IllegalChoice(f"the log goes on after the game ended ({answer!r})")
            self.answer(answer)

    def _advance(self, answer: Any, first: bool = False) -> None:
        """Send ``answer`` (start the resolution when ``first``), then take every Decision
        with one option until one asks or the resolution ends."""
        try:
            decision = next(self._generator) if first else self._generator.send(answer)
            while True:
                if decision.battle is not None:
                    self.seen = decision.battle
                if decision.state is not None:
                    self.seen_state = decision.state
                if len(decision.options) != 1 or (
                        self.confirm and decision.decider is not _CHANCE):
                    break
                self.log.append(decision.options[0])
                self.asked.append(False)
                self.defaulted.append(False)
                self.indices.append(0)
                self.deciders.append(decision.decider)
                decision = self._generator.send(decision.options[0])
            self.pending = decision
        except StopIteration as finished:
            self.pending = None
            self.result = finished.value
            self.done = True

    def answer(self, option: Any) -> None:
        """Answer the pending Decision; an illegal option raises and changes nothing."""
        pending = self.pending
        if pending is None:
            raise IllegalChoice("the game is over: there is nothing to answer")
        try:  # the first option equal to it (a bot's answer is one: found by identity)
            index = pending.options.index(option)
        except ValueError:
            pending.check(option)  # not an option: a one-line IllegalChoice
            raise
        chosen = pending.options[index]
        self.log.append(chosen)
        self.asked.append(len(pending.options) != 1)  # a confirmed one: automatic all the same
        self.defaulted.append(False)
        self.indices.append(index)
        self.deciders.append(pending.decider)
        self._advance(chosen)
        self.stand()

    def stand(self) -> None:
        """Answer each pending Decision the standing answer gives an option for."""
        while self.standing is not None and self.pending is not None:
            index = self.standing(self.pending)
            if index is None:
                return
            pending = self.pending
            if not 0 <= index < len(pending.options):
                raise IllegalChoice(f"a standing answer {index!r} to {pending.kind!r} is not "
                                    "one of its options")
            self.log.append(pending.options[index])
            self.asked.append(True)
            self.defaulted.append(True)
            self.indices.append(index)
            self.deciders.append(pending.decider)
            self._advance(pending.options[index])

    def choose(self, index: int) -> None:
        """Answer the pending Decision with its option number ``index`` (from 0)."""
        if self.pending is None:
            raise IllegalChoice("the game is over: there is nothing to answer")
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < len(self.pending.options)):
            raise IllegalChoice(f"{index!r} is not an option number of {self.pending.kind!r} "
                                f"(0 to {len(self.pending.options) - 1})")
        self.answer(self.pending.options[index])

    def undo(self, chance: bool = True) -> None:
        """Take back the last answer given (and what followed it automatically); with
        ``chance=False``, the last one a player or the table gave, and the dice after it."""
        asked = [i for i, a in enumerate(self.asked) if a and not self.defaulted[i]
                 and (chance or self.deciders[i] is not Decider.CHANCE)]
        if not asked:
            raise IllegalChoice("nothing to undo")
        last = asked[-1]
        kept = sum(self.asked[:last])
        choices, marked = self.choices[:kept], self.defaulted_choices
        confirm, self.confirm = self.confirm, False
        standing, self.standing = self.standing, None
        self._restart([])
        self._replay(choices, marked)
        self.confirm, self.standing = confirm, standing
        self.stand()

    def play(self, choose: Chooser) -> R:
        """Answer every Decision with ``choose`` until the end; the result."""
        while self.pending is not None:
            self.answer(choose(self.pending))
        assert self.done
        return self.result  # type: ignore[return-value]

    @property
    def choices(self) -> list[int]:
        """The option numbers of the answers actually given: what a save stores (plain
        integers, whatever the options are)."""
        return [i for i, asked in zip(self.indices, self.asked, strict=True) if asked]

    @property
    def defaulted_choices(self) -> set[int]:
        """Which of :attr:`choices` (by number) a standing answer gave: what a save keeps
        so that undo after a resume still passes over them."""
        given = [d for d, asked in zip(self.defaulted, self.asked, strict=True) if asked]
        return {n for n, d in enumerate(given) if d}

    @property
    def answers(self) -> list[Any]:
        """The answers the players (and chance) actually gave: what a save stores."""
        return [a for a, asked in zip(self.log, self.asked, strict=True) if asked]


def roll_chance(decision: Decision[Any], rng: np.random.Generator) -> Any:
    """A chance Decision's answer drawn with ``rng`` by the options' probabilities: one
    uniform number and a bisect over the cumulative weights, the very draw
    ``rng.choice(len(options), p=weights)`` makes (the same answers for the same seed),
    without its per-call checks and arrays."""
    options, probabilities = decision.options, decision.probabilities
    if probabilities is None:
        cumulative = _cumulative(None, len(options))
    else:  # found by the very tuple (hashing forty floats at every card of a shuffle cost
        # more than the draw, issue 19); the tuple is kept with them, so its id stays its own
        kept = _DRAWN.get(id(probabilities))
        if kept is None or kept[0] is not probabilities:
            if len(_DRAWN) >= 4096:
                _DRAWN.clear()
            kept = _DRAWN[id(probabilities)] = (
                probabilities, _cumulative(probabilities, len(options)))
        cumulative = kept[1]
    return options[bisect_right(cumulative, rng.random())]


#: The cumulative weights of the probabilities drawn from lately, by the tuple's id.
_DRAWN: dict[int, tuple[tuple[float, ...], tuple[float, ...]]] = {}


@lru_cache(maxsize=1024)
def _cumulative(probabilities: tuple[float, ...] | None, n: int) -> tuple[float, ...]:
    """Cumulative weights scaled to end at 1, summed in order as numpy's ``cumsum``."""
    weights = probabilities or tuple(1 / n for _ in range(n))
    running = tuple(accumulate(weights))
    return tuple(w / running[-1] for w in running)


# The member chance_by compares, read once: in Python 3.11 a member read on its enum goes
# through the enum class's attribute hook (~70 ns a read; asked for every answer, issue 19)
_CHANCE = Decider.CHANCE


def chance_by(rng: np.random.Generator, otherwise: Chooser) -> Chooser:
    """Answer chance Decisions with ``rng`` (by their probabilities), the rest with
    ``otherwise``: a bot, or a person at the terminal."""
    def choose(decision: Decision[Any]) -> Any:
        if decision.decider is _CHANCE:
            return roll_chance(decision, rng)
        return otherwise(decision)
    return choose


def random_policy(rng: np.random.Generator) -> Chooser:
    """A random legal policy: every Decision, chance or not, answered at random (chance
    by its probabilities)."""
    below = uniform_below(rng)

    def pick(decision: Decision[Any]) -> Any:
        options = decision.options
        return options[below(len(options))]
    return chance_by(rng, pick)


def uniform_below(rng: np.random.Generator) -> Callable[[int], int]:
    """A function drawing a whole number below ``n`` (each as likely) from ``rng``: the
    very number ``int(rng.integers(n))`` draws (the same answers for the same seed), at a
    third of its cost (a random bot asks one a Decision, issue 19). It is numpy's own
    method (Lemire's: a 32-bit draw times ``n``, redrawn in the rare biased case) on the
    bit generator's 32-bit draws, called without ``integers``' argument checks and lock:
    for one thread's generator. ``tests/test_properties.py`` holds it to ``integers``."""
    bits = rng.bit_generator.ctypes
    draw, state = bits.next_uint32, bits.state_address

    def below(n: int) -> int:
        if n == 1:  # (integers draws nothing for a single choice)
            return 0
        if not 1 < n < 1 << 32:
            return int(rng.integers(n))  # (numpy's other methods, for other sizes)
        scaled: int = draw(state) * n
        if scaled & 0xFFFFFFFF < n:  # maybe in the biased low part: numpy's threshold
            threshold = ((1 << 32) - n) % n
            while scaled & 0xFFFFFFFF < threshold:
                scaled = draw(state) * n
        return scaled >> 32
    return below
