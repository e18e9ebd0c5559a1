"""Decisions: every point where the rules need a choice or a random result.

A rule that needs a choice is written as a generator (a *resolution*). It yields a
:class:`Decision` naming who decides and the legal options, and receives the chosen option
back; its return value is the result. Drivers differ only in how they answer: a bot, a
person at the table, a seeded random generator for chance.

>>> def pick_a_side():
...     side = yield Decision("side", "Choose a side", ("left", "right"), Decider.TABLE)
...     return f"went {side}"
>>> resolve(pick_a_side(), first_option)
'went left'
>>> [result for _, result in all_outcomes(pick_a_side)]
['went left', 'went right']
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, TypeVar

from tales.errors import IllegalChoice
from tales.evolve import evolve

T = TypeVar("T")
R = TypeVar("R")


class SameOutcome(StrEnum):
    """A question whose every answer leads to the same outcome (flag ``same_outcome``,
    docs/rules-decisions.md, "No question without a consequence")."""

    SKIP = "skip"  # taken without asking (the first option), and said in the reasons
    ASK = "ask"  # asked all the same (the engine before issue 37)


class Decider(StrEnum):
    """Who answers a Decision."""

    PLAYER = "player"  # the player controlling ``Decision.figure``
    TABLE = "table"  # "players choose": the group decides together
    CHANCE = "chance"  # a die or a shuffle


@dataclass(frozen=True, slots=True)
class MoveDetail:
    """A ``move-to`` Decision's movement: its points, and whether it is a Leap."""

    points: int
    leap: bool


@dataclass(frozen=True, slots=True)
class TieDetail:
    """A Schemer's tie asked of the table: what it is after (``selector``, e.g. "nearest
    foe"), the figures that answer it with their Line of Fire distance (None: no Line of
    Fire), and the reasoning so far in rule words."""

    selector: str
    toward: tuple[tuple[str, int | None], ...] = ()
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, init=False)  # __init__ written out below
class Decision(Generic[T]):
    """A choice the rules ask for: what, who decides, and every legal option.

    ``kind`` is a short stable name (``"push-path"``) for drivers and logs; ``prompt`` says it
    in rule words. For chance, ``probabilities`` gives each option's probability.
    ``position`` is the board the Decision is asked on, where the rules have it at hand, so
    a person (or a bot, or the viewer) can look before answering; ``battle`` is the whole
    table (Epic Pool, abilities, the log so far) where the rules have that. Neither takes
    part in comparisons or replay. ``detail`` carries what a driver may want to know of
    the question beyond its options, as data (a ``move-to``'s :class:`MoveDetail`, the
    reasons behind a Schemer's tie), so nobody reads it back out of the prompt.
    ``progress`` is what a resolution has already done when it asks (a planned group turn's
    Schemer turns so far), for a driver that stops at the question and reports it.
    """

    kind: str
    prompt: str
    options: tuple[T, ...]
    decider: Decider
    figure: str | None = None
    probabilities: tuple[float, ...] | None = None
    position: Any = field(default=None, compare=False, repr=False)
    battle: Any = field(default=None, compare=False, repr=False)
    state: Any = field(default=None, compare=False, repr=False)  # the game's, between turns
    detail: Any = field(default=None, compare=False, repr=False)
    progress: Any = field(default=None, compare=False, repr=False)

    def __init__(self, kind: str, prompt: str, options: tuple[T, ...], decider: Decider,
                 figure: str | None = None, probabilities: tuple[float, ...] | None = None,
                 position: Any = None, battle: Any = None, state: Any = None,
                 detail: Any = None, progress: Any = None) -> None:
        # written out (not the generated frozen __init__): each field set through its slot's
        # own __set__, not object.__setattr__, and no __post_init__ call: 1.3 -> 0.8 us a
        # Decision, built hundreds of times a game (issue 19)
        if not options:
            raise ValueError(f"decision {kind!r} has no options")
        if probabilities is not None and len(probabilities) != len(options):
            raise ValueError(f"decision {kind!r}: one probability per option")
        _kind(self, kind)
        _prompt(self, prompt)
        _options(self, options)
        _decider(self, decider)
        _figure(self, figure)
        _probabilities(self, probabilities)
        _position(self, position)
        _battle(self, battle)
        _state(self, state)
        _detail(self, detail)
        _progress(self, progress)

    def check(self, answer: Any) -> T:
        """``answer`` if it is a legal option (the first option equal to it); otherwise
        :class:`IllegalChoice`."""
        options = self.options
        try:  # (tuple.index tries identity before equality, in C: a bot's or chance's
            # answer is one of the options itself; a Python loop of == cost a microsecond
            # on a shuffle's forty options, issue 19)
            return options[options.index(answer)]
        except ValueError:
            pass
        raise IllegalChoice(
            f"{answer!r} is not a legal answer to {self.kind!r}; "
            f"options: {', '.join(repr(o) for o in self.options)}"
        )


# each field's slot setter, for Decision.__init__ (the slots exist once the class is made)
_kind = vars(Decision)["kind"].__set__
_prompt = vars(Decision)["prompt"].__set__
_options = vars(Decision)["options"].__set__
_decider = vars(Decision)["decider"].__set__
_figure = vars(Decision)["figure"].__set__
_probabilities = vars(Decision)["probabilities"].__set__
_position = vars(Decision)["position"].__set__
_battle = vars(Decision)["battle"].__set__
_state = vars(Decision)["state"].__set__
_detail = vars(Decision)["detail"].__set__
_progress = vars(Decision)["progress"].__set__


#: A rules generator: yields Decisions, is sent the chosen options, returns ``R``.
Resolution = Generator[Decision[Any], Any, R]

#: Something that answers a Decision with one of its options.
Chooser = Callable[[Decision[Any]], Any]


def annotating(resolution: Resolution[R],
               change: Callable[[Decision[Any]], Decision[Any]]) -> Resolution[R]:
    """``resolution`` with ``change`` made to each Decision it asks (what a driver may
    want to see beside the question: the table, the turn so far); answers pass through."""
    try:
        decision = next(resolution)
        while True:
            answer = yield change(decision)
            decision = resolution.send(answer)
    except StopIteration as done:
        result: R = done.value
        return result


def showing(resolution: Resolution[R], battle: Any) -> Resolution[R]:
    """``resolution`` with ``battle`` (the whole table as it stands) on each Decision it
    asks that carries none, so whoever answers sees what happened so far in the turn."""
    return annotating(resolution, lambda d: d if d.battle is not None
                      else evolve(d, battle=battle))


def first_option(decision: Decision[T]) -> T:
    """Answer every Decision with its first option (a deterministic default)."""
    return decision.options[0]


def resolve(resolution: Resolution[R], choose: Chooser, log: list[Any] | None = None) -> R:
    """Run a resolution to its end, answering each Decision with ``choose``.

    A Decision with one legal option is not asked: it is answered with that option. Every
    answer given is appended to ``log`` (when given). An answer that is not a legal option
    raises :class:`IllegalChoice`.
    """
    try:
        decision = next(resolution)
        while True:
            answer = decision.options[0] if len(decision.options) == 1 else choose(decision)
            answer = decision.check(answer)
            if log is not None:
                log.append(answer)
            decision = resolution.send(answer)
    except StopIteration as done:
        result: R = done.value
        return result


def replay(resolution: Resolution[R], answers: Sequence[Any]) -> R:
    """Run a resolution with recorded answers, in order (the log of :func:`resolve`)."""
    queue = list(answers)

    def recorded(decision: Decision[Any]) -> Any:
        if not queue:
            raise IllegalChoice(f"the log ends before the decision {decision.kind!r}")
        return queue.pop(0)

    # single-option decisions were logged too, so feed them from the log as well
    try:
        decision = next(resolution)
        while True:
            answer = decision.check(recorded(decision))
            decision = resolution.send(answer)
    except StopIteration as done:
        result: R = done.value
        return result


def all_outcomes(
    start: Callable[[], Resolution[R]], limit: int = 10_000, prefix: Sequence[Any] = ()
) -> list[tuple[tuple[Any, ...], R]]:
    """Every way a resolution can go: ``(answers, result)`` for each branch, in option order
    (with ``prefix``, only the branches whose first answers are those).

    ``start`` must make a fresh, deterministic resolution each call (rules generators are
    pure); branches are explored by replaying answer prefixes. Chance is enumerated like any
    other choice. Stops with :class:`ValueError` past ``limit`` branches.
    """
    outcomes: list[tuple[tuple[Any, ...], R]] = []
    pending: list[tuple[Any, ...]] = [tuple(prefix)]
    while pending:
        prefix = pending.pop()
        taken: list[Any] = []
        generator = start()
        try:
            decision = next(generator)
            while True:
                depth = len(taken)
                if depth < len(prefix):
                    answer = prefix[depth]
                else:
                    for option in reversed(decision.options[1:]):
                        pending.append((*taken, option))
                    answer = decision.options[0]
                taken.append(answer)
                decision = generator.send(answer)
        except StopIteration as done:
            outcomes.append((tuple(taken), done.value))
        if len(outcomes) > limit:
            raise ValueError(f"more than {limit} outcomes")
    return outcomes
