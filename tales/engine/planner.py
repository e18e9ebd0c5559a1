"""The planner: a Hero bot that looks ahead through the engine itself.

At each Decision worth thinking about (the Heroes': which ability, where to move, whom to
attack, where to place a Burst; the table's "players choose" for a Schemer: whom it attacks,
where it ends its move, where it deploys) it screens every option with one rollout each,
all on the same seed (common random numbers: the same dice, only the choice differs): a
rollout plays the game on with the greedy policy to the end of the round (or of the game;
in a clock's last two rounds while a space to stand on is still to reach, to the clock's
end), scored by the scenario's own progress
(:func:`tales.engine.progress.value`: a Victory, then the objectives completed and how
near the others are, by walking, and under a round limit how many rounds too few are left
to walk onto a space to stand on; then the Heroes' losses). Most Decisions end there, no
option beating greedy's choice by more than :data:`MARGIN`. Only a challenger that did gets
a closer look: ``budget`` more rollouts paired with greedy's choice on fresh seeds, and it
is taken only if it gains more than :data:`MARGIN` on the whole and loses on fewer than
half the seeds. Which tile to take is planned only in a clock's last rounds while a space
to stand on is still to reach, where a rollout plays to the end and sees the race (an
Attack first, or the Move to the beacon): screened in every round it cost half the
rollouts and changed no result measured. Epic Dice on defence, and every other Decision,
are answered as greedy does.

Rollouts stop at the round's end because rollouts a round longer measured worse (and
cost twice as much): a game's outcome hangs on the dice of later rounds far more than on
one Decision, so a few of them say little; how near each objective is at the round's end
says more (``tools/bench_planner.py`` measures the planner against greedy). But a round in
which a new Part came on where the Heroes chose to go (a door opened on a golem, a lever
stood on: they could have put it off) is not a quiet place to stop, as a chess engine does
not stop in the middle of an exchange: such a rollout plays one round more and sees what
came out fight (on cellar-door the planner opened the old door in round 1, scored the
objective, and lost to the golem). A Part that begins as a fight goes (Schemers Defeated)
is not put off, and its rollouts stop at the round's end. A rollout to the game's end
stops at a round's start once a space to stand on is out of every Hero's walk in the
rounds left (:func:`tales.engine.progress.too_late`): the clock has won, and playing on
costs without changing the score much.

A rollout needs the game as it is now, and a game is a generator that cannot be copied:
it starts again from the state the last initiative Decision showed (the state between two
turns, :func:`tales.engine.rounds.play_on`) and replays the few answers given since (the
turn so far), then the option tried; before the first turn it replays the setup.

Rollouts are seeded from the game's own seed and (a screen's) the state they start from
or (a closer look's) the Decision's number in the game and the rollout's number, never the
global RNG, never the clock; every option is tried with the same seeds, so a game plays the
same whatever ``--workers`` is.

Reuse between Decisions: every screen from the same state between turns has the same seed,
so the rollout of the option taken, which went on to answer the next Decisions as greedy
would, is already the rollout of greedy's choice at the next one, if it answered it as greedy
does without drawing on its dice (the game and the dice are the same). Its answers are kept
(:attr:`_Planner.ahead`) and the next screen takes its value instead of playing it again:
the same game, a fifth fewer rollouts (``tests/test_planner_reuse.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tales.engine.bots import Greedy, deadline
from tales.engine.content import Context
from tales.engine.game import Game, chance_by, roll_chance
from tales.engine.progress import Clock, to_do, too_late, value
from tales.engine.rounds import play_on, play_scenario
from tales.engine.state import GameState
from tales.engine.walks import PLACES, STAND_ON, best_moves
from tales.rules.decisions import Chooser, Decider, Decision, Resolution

#: The closer look's rollouts (``--budget``). Screened and confirmed this way the planner
#: won as often as greedy on cellar-door, bell-tower, guardhouse and market-riot (16 games
#: each, seed 0) at 24x to 39x greedy's CPU a game; trying every option with 8 rollouts
#: and a second set (the planner before, issue 40) cost 271x on cellar-door for the same
#: wins (``tools/bench_planner.py --scenario S --heroes H --games 16 --budget 4``).
DEFAULT_BUDGET = 4

#: How much better (in :func:`value`'s points) an option's rollouts must score than
#: greedy's choice for the planner to take it instead (screened on cellar-door when greedy
#: was weaker: margin 1 won most; 0 and 2 fewer).
MARGIN = 1.0

#: How many spaces of a Move the screen tries: the ones greedy ranks best.
MOVES_SCREENED = 4

#: How many rounds past the current one a rollout plays before it is scored.
HORIZON = 0

#: The clock's last rounds, in which a rollout plays to the game's end (where it is won or
#: lost) rather than to the round's end, while a space to stand on is still to reach.
LAST_ROUNDS = 2

#: The Decisions the planner looks ahead for; the rest it answers as greedy does.
PLANNED = frozenset({
    "ability", "move-to", "evade-leap", "attack-targets", "effect-target",
    "effect-space", "burst-placement", "companion-action",
    # "players choose": the table's choices for a Schemer (Appendix D), the Heroes' side
    "final-target-space", "approach-space", "melee-targets",
    "ranged-targets", "nearest-foe", "deploy-space",
})

#: Decisions planned only in a clock's last rounds, where rollouts play to the game's end,
#: while a space to stand on is still to reach: which tile next (an Attack first, or the
#: Move to that space) decides a race against the clock, and only a rollout to the end
#: sees it.
PLANNED_LAST = frozenset({"tile"})


def planner_policy(ctx: Context, rng: np.random.Generator, budget: int | None = None,
                   answered: Sequence[int] = ()) -> Chooser:
    """The planner for the game of ``ctx``; ``rng`` is the game's own generator (chance in
    the game is drawn from it, and the rollouts' seeds from its seed). ``budget``:
    rollouts of a closer look (None: :data:`DEFAULT_BUDGET`); ``answered``: the option numbers
    given so far when the game is already under way (a resumed campaign game), replayed
    from the setup for the rollouts."""
    budget = DEFAULT_BUDGET if budget is None else budget
    if budget < 1:
        raise ValueError("the planner's budget is at least 1 rollout per option")
    return _Planner(ctx, rng, budget, answered).choose


class _Planner:
    reuse = True  # the rollout of the option last taken serves the next Decision's screen
    settle = True  # a rollout whose last round brought a new Part on plays one round more

    def __init__(self, ctx: Context, rng: np.random.Generator, budget: int,
                 answered: Sequence[int]) -> None:
        self.ctx = ctx
        self.rng = rng
        self.budget = budget
        seeds = rng.bit_generator.seed_seq
        assert isinstance(seeds, np.random.SeedSequence)
        self.seeds = seeds
        self.greedy = Greedy(ctx, rng)
        self.deadline = deadline(ctx)
        #: the Parts that begin where the Heroes choose to go (a door opened, a space stood
        #: on), not as a fight goes (Schemers Defeated): the Heroes can put these off
        self.chosen_parts = {n for n, p in enumerate(ctx.scenario.parts)
                             if any(c.kind in PLACES for c in p.when)}
        self.clock = (Clock(self.deadline, best_moves(ctx))
                      if self.deadline is not None else None)
        self.rollout_bot = Greedy(ctx, rng)  # its generator is replaced for each rollout
        self.base: Callable[[], Resolution[GameState]] = lambda: play_scenario(ctx)
        self.since: list[int] = []  # option numbers answered since ``base``'s start
        self.bases = 0  # states the rollouts have started from: the screen's seed is each's
        #: the rollout of the option last taken, as the game goes on along it: the answers
        #: it gave after it (each with whether it drew on its dice) and the value it reached
        self.ahead: tuple[list[tuple[int, bool]], float] | None = None
        self.path: list[tuple[int, bool]] = []  # the last rollout's answers, so far
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
            self.bases += 1

    def choose(self, decision: Decision[Any]) -> Any:
        self.observe(decision)
        self.greedy.observe(decision)
        ahead, self.ahead = self.ahead, None
        answer = self.pick(decision, ahead)
        index = decision.options.index(answer)
        if self.ahead is None and ahead is not None and decision.decider is not Decider.CHANCE:
            self.ahead = self.along(ahead, index)  # answered without a screen, as it did
        self.since.append(index)
        self.step += 1
        return answer

    @staticmethod
    def along(ahead: tuple[list[tuple[int, bool]], float], index: int
              ) -> tuple[list[tuple[int, bool]], float] | None:
        """The rollout ``ahead`` one Decision on, if it answered it ``index`` without
        drawing on its dice (then, from here, it is the rollout of ``index``)."""
        path, reached = ahead
        if not path or path[0] != (index, False):
            return None
        return path[1:], reached

    def pick(self, decision: Decision[Any],
             ahead: tuple[list[tuple[int, bool]], float] | None = None) -> Any:
        if decision.decider is Decider.CHANCE:
            return roll_chance(decision, self.rng)
        greedy = self.greedy.choose(decision)
        if decision.kind not in PLANNED and not (
                decision.kind in PLANNED_LAST and self.to_the_end() and self.racing()):
            return greedy
        mine = decision.options.index(greedy)
        # a screen: one rollout per option, every option on the same seed (common random
        # numbers: the dice are the same, only the choice differs); most Decisions end
        # here, no option beating greedy's choice by MARGIN
        candidates = self.candidates(decision, mine)
        if len(candidates) < 2:
            return greedy  # nothing to weigh it against
        # one screen seed for every Decision from the same state between turns: the rollout
        # of the option last taken, if it answered this Decision as greedy does, is the
        # rollout of greedy's choice here (the same game, the same dice), not played again
        screen = np.random.SeedSequence(self.seeds.entropy,
                                        spawn_key=(*self.seeds.spawn_key, self.bases, 0, 0))
        known = self.along(ahead, mine) if ahead is not None and self.reuse else None
        scores: dict[int, float] = {}
        paths: dict[int, list[tuple[int, bool]]] = {}
        for index in candidates:
            if index == mine and known is not None:
                paths[index], scores[index] = known
            else:
                scores[index] = self.rollout(index, screen)
                paths[index] = self.path
        best = max(scores, key=lambda i: (scores[i], i == mine))
        if scores[best] - scores[mine] <= MARGIN:
            self.ahead = (paths[mine], scores[mine])
            return greedy
        # a closer look at the challenger alone, paired with greedy's choice on fresh
        # seeds: rollouts only where they may change the choice
        gains = [self.rollout(best, seed) - self.rollout(mine, seed)
                 for seed in (self.rollout_seed(k) for k in range(1, self.budget + 1))]
        if sum(gains) / len(gains) <= MARGIN or 2 * sum(g < 0 for g in gains) >= len(gains):
            self.ahead = (paths[mine], scores[mine])
            return greedy  # not better on the whole, or worse on half the seeds
        self.ahead = (paths[best], scores[best])
        return decision.options[best]

    def candidates(self, decision: Decision[Any], mine: int) -> list[int]:
        """The options screened: every one, but of a Move (an Evade's Leap, a space for a
        Trap or Wizard Fire) only the :data:`MOVES_SCREENED` spaces greedy ranks best (a
        Move has dozens of spaces, and the ones greedy ranks low were never the planner's
        choice)."""
        if decision.kind == "move-to":
            ranked = self.greedy.moves_ranked(decision)
        elif decision.kind == "evade-leap":
            ranked = self.greedy.retreats_ranked(decision)
        elif decision.kind == "effect-space":
            ranked = self.greedy.spaces_ranked(decision)
        else:
            return list(range(len(decision.options)))
        me = self.greedy.me(decision)
        here = me.at if me is not None and decision.kind != "effect-space" else None
        # not the space the Hero stands on, unless greedy stays there: a Move to its own
        # space is a turn wasted (issue 40); whether to stay is the tile's choice
        ranked = [o for o in ranked if o != here or o == decision.options[mine]]
        picked = {decision.options.index(o) for o in ranked[:MOVES_SCREENED]} | {mine}
        return sorted(picked)

    def racing(self) -> bool:
        """Whether a space to stand on is still to reach: an objective not yet met asks
        for a Hero (or every Hero) on a space."""
        state = self.greedy.state
        done = state.completed if state is not None else frozenset()
        return any(c.kind in STAND_ON for c in to_do(self.ctx, done))

    def to_the_end(self) -> bool:
        """Whether rollouts play to the game's end: in a clock's last :data:`LAST_ROUNDS`
        while a space to stand on is still to reach (a race the round's end does not show;
        with none, playing to the end cost a third more on cellar-door for no more wins)."""
        return (self.deadline is not None and self.deadline - self.round < LAST_ROUNDS
                and self.racing())

    def rollout_seed(self, k: int) -> np.random.SeedSequence:
        return np.random.SeedSequence(self.seeds.entropy,
                                      spawn_key=(*self.seeds.spawn_key, self.step, k))

    def mean(self, index: int, seeds: list[np.random.SeedSequence]) -> float:
        return sum(self.rollout(index, seed) for seed in seeds) / len(seeds)

    def rollout(self, index: int, seed: np.random.SeedSequence) -> float:
        """Play on from here with option ``index`` and then greedy, to the end of the
        round (one more if a Part the Heroes chose came on in it; in a clock's last
        rounds, to the game's end, or to a round's start at which a space to stand on is
        out of every Hero's walk in the rounds left: the clock has won); the value
        reached."""
        game = Game(self.base, choices=[*self.since, index])
        rng = np.random.default_rng(seed)
        self.rollout_bot.rng = rng
        # what greedy knows now (the state at the last draw: the round, the objectives
        # met); it learns the rollout's own at the rollout's first draw
        self.rollout_bot.state = self.greedy.state
        self.rollout_bot.goers = dict(self.greedy.goers)  # the Heroes sent, as now
        choose = self.rollout_bot.watching(chance_by(rng, self.rollout_bot.choose))
        self.path = path = []
        bits = rng.bit_generator
        last = self.round + HORIZON
        checked = self.round  # the rounds whose start was checked against the clock
        part = self.greedy.state.part if self.greedy.state is not None else 0
        quiet = self.settle  # not yet played on for a Part come on in its last round
        if self.to_the_end():
            assert self.deadline is not None
            last = self.deadline  # the clock's last rounds: to the end, where it is won
        while game.pending is not None:
            state = game.pending.state
            if game.pending.kind == "initiative" and state is not None and state.round > checked:
                checked = state.round  # a new round: the rollout's end, or the clock beaten
                if state.round > last and quiet and self.chosen_parts & set(
                        range(part + 1, state.part + 1)):
                    last, quiet = last + 1, False  # a new Part came on: see it play a round
                elif state.round > last or (self.clock is not None
                                            and too_late(self.ctx, state, self.clock)):
                    return value(self.ctx, state, self.clock)
            pending = game.pending
            before = bits.state["state"]
            answer = choose(pending)
            path.append((pending.options.index(answer), bits.state["state"] != before))
            game.answer(answer)
        assert game.result is not None
        return value(self.ctx, game.result, self.clock)
