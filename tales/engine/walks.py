"""How far a Hero walks, as the bots reckon it (:mod:`tales.engine.bots`, and the planner's
score, :mod:`tales.engine.progress`): a step a space, 2 for Difficult, 1 more for a Trap or
Hazard, :data:`DOOR_WALK` more through a closed door it can open (a sealed one, never);
figures are not counted, they move. And how many rounds a walk takes a Hero at its best
Move a round."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from tales.board.fields import entry_cost_field
from tales.board.position import Position
from tales.content.scenarios import When
from tales.engine.content import Context
from tales.rules.effects import Verb

#: Objective kinds a Hero walks to: a space to stand on (one Hero, or every Hero), and
#: those and a door to open.
STAND_ON = (When.HERO_ON, When.ALL_HEROES_ON)
PLACES = (*STAND_ON, When.DOOR_OPEN)

#: What a closed door on the way adds to a walk, beyond its step: the Action that opens it.
DOOR_WALK = 3.0


def walk_field(ctx: Context, position: Position, target: int) -> list[float]:
    """The walk to ``target`` from every space (inf: none), kept on the board for the doors
    closed now."""
    board = position.board
    closed = frozenset(position.closed_doors)
    sealed = closed & ctx.scenario.sealed_doors
    key = ("greedy walk", target, closed, sealed)
    known = board.cached(key)
    if isinstance(known, list):
        return known
    passable = ~board.impassable
    passable[list(sealed)] = False
    costs = 1.0 + board.difficult + (board.trap | board.hazard)
    costs[list(closed - sealed)] += DOOR_WALK
    found = entry_cost_field(board.links, passable, costs.astype(np.float64), target,
                             toward=True)
    found[target] = 0.0
    walk: list[float] = found.tolist()
    board.remember(key, walk)
    return walk


def best_moves(ctx: Context) -> dict[str, int]:
    """Each figure's longest Move or Leap (at least 1): its walk a round, as reckoned."""
    return {figure: max((e.amount for a in known for e in a.effects
                         if e.verb in (Verb.MOVE, Verb.LEAP)), default=1) or 1
            for figure, known in ctx.figure_abilities().items()}


def rounds_to(speed: Mapping[str, int], figure: str, walk: float) -> float:
    """The whole rounds a walk of ``walk`` takes ``figure`` at its best Move a round."""
    if walk == float("inf"):
        return walk
    return float(-(-int(walk) // speed.get(figure, 1)))
