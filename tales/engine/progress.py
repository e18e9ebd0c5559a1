"""How near a game is to the scenario's Victory: the score the planner gives the state a
rollout reaches (:mod:`tales.engine.planner`).

A rollout stops at the end of a round, long before most games end, so the score reads the
scenario's own objectives: each one completed counts in full, and one not yet completed
counts for how near it is (the Fortitude its Schemers have left and how far the Heroes are
from them; how far the Heroes walk to its doors and spaces, and under a round limit how
many rounds too few are left to walk to a space to stand on). Then the Heroes' losses.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from tales.board.figures import Side
from tales.board.position import Position
from tales.content.scenarios import Condition, When
from tales.engine.content import Context
from tales.engine.state import GameState, Result
from tales.engine.walks import rounds_to, walk_field
from tales.rules.health import LeastFortitude, fortitude_left

#: What a Victory is worth, and a defeat (a Victory a round earlier is worth ROUND more).
VICTORY, DEFEAT, ROUND = 100.0, -50.0, 2.0
#: An objective completed.
OBJECTIVE = 10.0
#: Per Fortitude a Schemer an objective needs Defeated has left.
FORTITUDE = 1.0
#: Per space a Hero is away from where an objective needs a Hero: by Line of Fire from a
#: Schemer to Defeat; by walking (:mod:`tales.engine.walks`) from a door to open or a space
#: to stand on.
STEP = 0.3
#: A closed door an objective needs open.
DOOR = 3.0
#: A Schemer Defeated that no objective asks for.
SCHEMER = 0.5
#: A Hero Defeated, and each Fortitude Heroes lost.
FALLEN, HURT = 20.0, 0.5
#: Per round a space to stand on is out of every Hero's reach before the round limit.
LATE = 10.0


@dataclass(frozen=True)
class Clock:
    """A scenario's round limit as the score reads it: the last round it can be won in,
    and each Hero's walk a round (:func:`tales.engine.walks.best_moves`)."""

    deadline: int
    speed: Mapping[str, int]


def value(ctx: Context, state: GameState, clock: Clock | None = None) -> float:
    """How good ``state`` (a game ended, or between turns) is for the Heroes: a Victory
    above all (an earlier one better) and a defeat below all; then objectives completed
    and how near the others are (under a round limit, ``clock``, a space to stand on no
    Hero can walk to in the rounds left costs :data:`LATE` a round short); then Schemers
    Defeated, Heroes standing, Fortitude kept."""
    score = 0.0
    if state.result is Result.VICTORY:
        score += VICTORY - ROUND * state.round
    elif state.result is not None:
        score += DEFEAT
    for number, objective in enumerate(ctx.scenario.objectives):
        if number in state.completed:
            score += OBJECTIVE
        elif state.result is None:
            score -= sum(shortfall(ctx, state, c) for c in objective.when)
            if clock is not None:
                score -= LATE * sum(rounds_short(ctx, state, clock, c) for c in objective.when)
    score += SCHEMER * state.schemers_defeated
    score -= FALLEN * len(state.fallen)
    score -= HURT * sum(state.hero_damage.values())
    return score


def shortfall(ctx: Context, state: GameState, condition: Condition) -> float:
    """How far ``condition`` is from holding, in :func:`value`'s points (0: it holds, or
    nothing the Heroes do brings it nearer)."""
    position = state.position
    heroes = [f.at for f in state.heroes_for_rules()]
    if not heroes:
        return 0.0
    kind = condition.kind
    if kind is When.DEFEATED:
        names = set(condition.names)
        left = [f for f in position.figures if f.side is not Side.HERO
                and (f.id in names or f.group in names)]
        return sum(FORTITUDE * (fortitude_left(f, LeastFortitude.BOTH_SIDES) or 0)
                   + STEP * max(nearest(position, heroes, f.at) - 1, 0) for f in left)
    if kind is When.DOOR_OPEN:
        closed = condition.spaces & position.closed_doors
        return sum(DOOR + STEP * min((walked(ctx, position, heroes, n)
                                      for n in position.board.linked(d)), default=FAR)
                   for d in closed)
    if kind is When.HERO_ON:
        return STEP * min((walked(ctx, position, heroes, s) for s in condition.spaces),
                          default=0)
    if kind is When.ALL_HEROES_ON:
        return STEP * sum(min((walked(ctx, position, [h], s) for s in condition.spaces),
                              default=0) for h in heroes)
    return 0.0


def rounds_short(ctx: Context, state: GameState, clock: Clock, condition: Condition
                 ) -> float:
    """How many rounds too few the clock leaves for the nearest Hero to walk onto a space
    ``condition`` needs a Hero on (0: one can be there in time, or none is needed)."""
    if condition.kind is not When.HERO_ON or not condition.spaces:
        return 0.0
    position = state.position
    heroes = state.heroes_for_rules()
    if not heroes:
        return 0.0
    left = clock.deadline - state.round + 1  # this round is still to play
    fields = [walk_field(ctx, position, s) for s in sorted(condition.spaces)]
    need = min(rounds_to(clock.speed, h.id, min(f[h.at] for f in fields)) for h in heroes)
    return max(0.0, min(need, float(FAR)) - left)


def too_late(ctx: Context, state: GameState, clock: Clock) -> bool:
    """Whether some objective not yet met needs a Hero on a space none can walk to in the
    rounds the clock leaves (:func:`rounds_short`)."""
    return any(rounds_short(ctx, state, clock, c) > 0
               for c in to_do(ctx, state.completed))


def to_do(ctx: Context, completed: frozenset[int]) -> Iterator[Condition]:
    """The conditions of the objectives not yet ``completed``."""
    for number, objective in enumerate(ctx.scenario.objectives):
        if number not in completed:
            yield from objective.when


#: How far a space with no Line of Fire to any Hero counts as being.
FAR = 12


def walked(ctx: Context, position: Position, heroes: list[int], space: int) -> float:
    """The shortest walk (:func:`walk_field`) from any of ``heroes``' spaces to ``space``."""
    field = walk_field(ctx, position, space)
    return min(min((field[h] for h in heroes), default=FAR), float(FAR))


def nearest(position: Position, heroes: list[int], space: int) -> int:
    """The fewest spaces by Line of Fire from any of ``heroes``' spaces to ``space``."""
    field = position.line_of_fire_field(space)
    found = [int(field[h]) for h in heroes if field[h] >= 0]
    return min(found, default=FAR)
