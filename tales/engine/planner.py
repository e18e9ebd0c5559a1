"""The planner: a Hero bot that looks ahead through the engine itself.

At each Decision of a Hero worth thinking about (which tile, which ability, where to move,
whom to attack, how many Epic Dice, where to start, which Power Tree step) it tries every
option: for each, ``budget`` rollouts play the game on to its end with the greedy policy,
and the option whose rollouts score best (:func:`value`) is taken; a tie keeps greedy's
choice. Every other Decision is answered as greedy answers it.

A rollout needs the game as it is now, and a game is a generator that cannot be copied:
it starts again from the state the last initiative Decision showed (the state between two
turns, :func:`tales.engine.rounds.play_on`) and replays the few answers given since (the
turn so far), then the option tried; before the first turn it replays the setup.

Rollouts are seeded from the game's own seed, the Decision's number in the game and the
rollout's number (never the global RNG, never the clock), and every option is tried with
the same seeds (common random numbers: the options meet the same dice), so a game plays
the same whatever ``--workers`` is.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tales.engine.bots import Greedy
from tales.engine.content import Context
from tales.engine.game import Game, chance_at, roll_chance
from tales.engine.rounds import play_on, play_scenario
from tales.engine.state import GameState, Result
from tales.rules.decisions import Chooser, Decider, Decision, Resolution

#: Rollouts per option of each Decision the planner thinks about (``--budget``).
DEFAULT_BUDGET = 2

#: How much better (in :func:`value`'s points) an option's rollouts must score than
#: greedy's choice for the planner to take it instead.
MARGIN = 3.0

#: How many rounds past the current one a rollout plays before it is scored.
HORIZON = 0

#: The Decisions the planner looks ahead for; the rest it answers as greedy does.
PLANNED = frozenset({
    "tile", "ability", "move-to", "evade-leap", "attack-targets", "effect-target",
    "effect-space", "burst-placement", "companion-action",
})


def planner_policy(ctx: Context, rng: np.random.Generator, budget: int | None = None,
                   answered: Sequence[int] = ()) -> Chooser:
    """The planner for the game of ``ctx``; ``rng`` is the game's own generator (chance in
    the game is drawn from it, and the rollouts' seeds from its seed). ``budget``:
    rollouts per option (None: :data:`DEFAULT_BUDGET`); ``answered``: the option numbers
    given so far when the game is already under way (a resumed campaign game), replayed
    from the setup for the rollouts."""
    budget = DEFAULT_BUDGET if budget is None else budget
    if budget < 1:
        raise ValueError("the planner's budget is at least 1 rollout per option")
    return _Planner(ctx, rng, budget, answered).choose


def value(ctx: Context, state: GameState) -> float:
    """How good a finished game is for the Heroes: a Victory above all (an earlier one
    better), then objectives completed, Schemers Defeated, Heroes standing and Fortitude
    kept."""
    score = 100.0 if state.result is Result.VICTORY else -50.0 if state.result else 0.0
    if state.result is Result.VICTORY:
        score -= 2.0 * state.round
    score += 10.0 * len(state.completed)
    score += 2.0 * state.schemers_defeated
    score -= 20.0 * len(state.fallen)
    score -= 0.5 * sum(state.hero_damage.values())
    return score


class _Planner:
    def __init__(self, ctx: Context, rng: np.random.Generator, budget: int,
                 answered: Sequence[int]) -> None:
        self.ctx = ctx
        self.rng = rng
        self.budget = budget
        seeds = rng.bit_generator.seed_seq
        assert isinstance(seeds, np.random.SeedSequence)
        self.seeds = seeds
        self.greedy = Greedy(ctx, rng)
        self.rollout_bot = Greedy(ctx, rng)  # its generator is replaced for each rollout
        self.base: Callable[[], Resolution[GameState]] = lambda: play_scenario(ctx)
        self.since: list[int] = []  # option numbers answered since ``base``'s start
        self.step = 0  # Decisions answered in this game
        self.round = 0  # the round being played
        if answered:  # find the last state between turns: the rollouts start there
            game = Game(self.base)
            for index in answered:
                assert game.pending is not None
                self.observe(game.pending)
                self.since.append(index)
                self.step += 1
                game.choose(index)

    def observe(self, decision: Decision[Any]) -> None:
        """At an initiative draw the game shows its state between turns: the rollouts
        start from it from now on."""
        if decision.kind == "initiative" and decision.state is not None:
            state: GameState = decision.state
            self.round = state.round
            self.base = lambda: play_on(self.ctx, state)
            self.since = []

    def choose(self, decision: Decision[Any]) -> Any:
        self.observe(decision)
        answer = self.pick(decision)
        self.since.append(decision.options.index(answer))
        self.step += 1
        return answer

    def pick(self, decision: Decision[Any]) -> Any:
        if decision.decider is Decider.CHANCE:
            return roll_chance(decision, self.rng)
        greedy = self.greedy.choose(decision)
        if decision.kind not in PLANNED:
            return greedy
        first = [self.rollout_seed(k) for k in range(self.budget)]
        scores = [self.mean(index, first) for index in range(len(decision.options))]
        mine = decision.options.index(greedy)
        best = max(range(len(scores)), key=lambda i: (scores[i], i == mine))
        if scores[best] - scores[mine] <= MARGIN:
            return greedy
        # a second look with fresh rollouts, so one lucky draw does not decide alone
        again = [self.rollout_seed(k) for k in range(self.budget, 2 * self.budget)]
        if self.mean(best, again) - self.mean(mine, again) + scores[best] - scores[mine] \
                <= MARGIN:
            return greedy
        return decision.options[best]

    def rollout_seed(self, k: int) -> np.random.SeedSequence:
        return np.random.SeedSequence(self.seeds.entropy,
                                      spawn_key=(*self.seeds.spawn_key, self.step, k))

    def mean(self, index: int, seeds: list[np.random.SeedSequence]) -> float:
        return sum(self.rollout(index, seed) for seed in seeds) / len(seeds)

    def rollout(self, index: int, seed: np.random.SeedSequence) -> float:
        """Play on from here with option ``index`` and then greedy, to the end of the
        game or of the horizon; the value reached."""
        game = Game(self.base, choices=[*self.since, index])
        rng = np.random.default_rng(seed)
        self.rollout_bot.rng = rng
        dice = _SharedDice(int(seed.generate_state(1, np.uint64)[0]))
        last = self.round + HORIZON
        while game.pending is not None:
            decision = game.pending
            state = decision.state
            if decision.kind == "initiative" and state is not None and state.round > last:
                return value(self.ctx, state)
            if decision.decider is Decider.CHANCE:
                game.answer(dice.answer(decision))
            else:
                game.answer(self.rollout_bot.choose(decision))
        assert game.result is not None
        return value(self.ctx, game.result)


class _SharedDice:
    """Chance for the rollouts of one seed: each chance Decision's number is drawn from
    the seed, the Decision's kind and words, and how many times the same Decision came up
    before in this rollout, not from a running stream. The rollouts of two options meet
    the same dice for the same events (the next round's Scheme Dice, the same Attack's
    roll), so what differs between them is the option, much less the luck."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.seen: dict[tuple[str, str], int] = {}

    def answer(self, decision: Decision[Any]) -> Any:
        key = (decision.kind, decision.prompt)
        count = self.seen.get(key, 0)
        self.seen[key] = count + 1
        mixed = _mix(self.seed ^ zlib.crc32(f"{decision.kind}|{decision.prompt}".encode())
                     ^ (count << 32))
        return chance_at(decision, (mixed >> 11) / float(1 << 53))


def _mix(number: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit number from any 64-bit number."""
    number = (number + 0x9E3779B97F4A7C15) & _MASK
    number = ((number ^ (number >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    number = ((number ^ (number >> 27)) * 0x94D049BB133111EB) & _MASK
    return number ^ (number >> 31)


_MASK = (1 << 64) - 1
