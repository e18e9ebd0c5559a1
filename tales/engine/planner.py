"""The planner: a Hero bot that looks ahead through the engine itself.

At each Decision worth thinking about (the Heroes': which tile, which ability, where to
move, whom to attack, where to place a Burst; the table's "players choose" for a Schemer:
whom it attacks, where it ends its move, where it deploys) it tries every option: for
each, ``budget`` rollouts play the game on with the greedy policy to the end of the round
(or of the game, if sooner), and the option whose rollouts score best
(:func:`tales.engine.progress.value`: a Victory, then the scenario's objectives completed
and how near the others are, then the Heroes' losses) is taken, if it beats greedy's
choice by more than :data:`MARGIN` (a second set of rollouts must confirm it). Every other
Decision is answered as greedy answers it.

Rollouts stop at the round's end because rollouts a round longer measured worse (and
cost twice as much): a game's outcome hangs on the dice of later rounds far more than on
one Decision, so a few of them say little; how near each objective is at the round's end
says more (``tools/bench_planner.py`` measures the planner against greedy).

A rollout needs the game as it is now, and a game is a generator that cannot be copied:
it starts again from the state the last initiative Decision showed (the state between two
turns, :func:`tales.engine.rounds.play_on`) and replays the few answers given since (the
turn so far), then the option tried; before the first turn it replays the setup.

Rollouts are seeded from the game's own seed, the Decision's number in the game and the
rollout's number (never the global RNG, never the clock), and every option is tried with
the same seeds, so a game plays the same whatever ``--workers`` is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tales.engine.bots import Greedy
from tales.engine.content import Context
from tales.engine.game import Game, chance_by, roll_chance
from tales.engine.progress import value
from tales.engine.rounds import play_on, play_scenario
from tales.engine.state import GameState
from tales.rules.decisions import Chooser, Decider, Decision, Resolution

#: Rollouts per option of each Decision the planner thinks about (``--budget``). 8, not 4:
#: on cellar-door (gerki, deirdre; 60 games on each of seeds 0-4) budget 4 gained +10 to
#: +40 points over greedy (+10 on seed 0), budget 8 +23 to +45 on every seed, at about
#: 3.9 s a game (``tools/bench_planner.py --seeds 0,1,2,3,4 --budget 8``).
DEFAULT_BUDGET = 8

#: How much better (in :func:`value`'s points) an option's rollouts must score than
#: greedy's choice for the planner to take it instead. Screened on cellar-door (seeds
#: 0-4, 16 games each; greedy won 35 of 80): margin 1, 59 of 80 won; margin 0 (the best
#: score whatever its lead), 46; margin 2, 48 (80 games are few: these overlap).
MARGIN = 1.0

#: How many rounds past the current one a rollout plays before it is scored.
HORIZON = 0

#: The Decisions the planner looks ahead for; the rest it answers as greedy does.
PLANNED = frozenset({
    "tile", "ability", "move-to", "evade-leap", "attack-targets", "effect-target",
    "effect-space", "burst-placement", "companion-action",
    # "players choose": the table's choices for a Schemer (Appendix D), the Heroes' side
    "epic-defence", "final-target-space", "approach-space", "melee-targets",
    "ranged-targets", "nearest-foe", "deploy-space",
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
        self.greedy.observe(decision)
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
        round (or of the game, if sooner); the value reached."""
        game = Game(self.base, choices=[*self.since, index])
        rng = np.random.default_rng(seed)
        self.rollout_bot.rng = rng
        self.rollout_bot.state = None  # it learns the rollout's state at its first draw
        choose = self.rollout_bot.watching(chance_by(rng, self.rollout_bot.choose))
        last = self.round + HORIZON
        while game.pending is not None:
            state = game.pending.state
            if game.pending.kind == "initiative" and state is not None and state.round > last:
                return value(self.ctx, state)
            game.answer(choose(game.pending))
        assert game.result is not None
        return value(self.ctx, game.result)
