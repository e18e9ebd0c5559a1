"""Move X and Leap X: where a figure can end, at what cost, along which path (glossary).

Move X: up to X movement points, 2 to enter a Difficult space; never across Walls,
Impassable spaces, closed doors or Map Edges; never through another figure unless that
figure is Tiny or the mover is Tiny or has Overrun; it ends on an Unoccupied space.
Leap X: up to X spaces ignoring Difficult terrain and figures, with the same barriers; only
the space it ends on does anything, except that a Hero may choose to trigger the spaces it
passes.

:func:`reach` computes, for every end space, the cheapest route and the safest one within
the movement, by a layered search over (movement points spent, space) done with numpy.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from tales.board.board import BoolArray, IntArray
from tales.board.figures import Figure, Keyword, Role, is_foe
from tales.board.position import Position
from tales.board.ranges import nearest_spaces
from tales.errors import IllegalChoice
from tales.rules.decisions import Decider, Decision, Resolution
from tales.rules.health import decider_for
from tales.rules.spaces import (
    Entry,
    Pause,
    SpaceEvent,
    danger_table,
    enter,
    entry_costs,
    space_effect,
)

_NEVER = np.int64(2**40)


class OverrunDisplaces(StrEnum):
    """Which figures an Overrun mover displaces (see docs/rules-decisions.md, Overrun)."""

    ENTERED = "entered"  # figures in every space it enters
    END = "end"  # only figures in the space where it ends


@dataclass(frozen=True, slots=True)
class MoveRules:
    """Readings of ambiguous movement rules (docs/rules-decisions.md); defaults first."""

    pass_through_friends: bool = False
    overrun_displaces: OverrunDisplaces = OverrunDisplaces.ENTERED


DEFAULT_RULES = MoveRules()


@dataclass(frozen=True, slots=True)
class Route:
    """One way to an end space: the path (from the start, inclusive), cost and damage."""

    to: int
    path: tuple[int, ...]
    cost: int
    damage: int
    dangerous: bool

    @property
    def safe(self) -> bool:
        """Every space entered is Safe for the mover (glossary: Safe)."""
        return not self.dangerous


@dataclass
class Reach:
    """Every space a figure may end a Move or Leap on, with routes to each.

    ``costs`` maps each end space to the fewest movement points that reach it.
    """

    figure: Figure
    points: int
    leap: bool
    costs: dict[int, int]
    # (points + 1) x n keys: damage * (n + 1) + previous space (n: none)
    _best: npt.NDArray[np.int64] = field(repr=False)
    _steps: IntArray = field(repr=False)
    _danger: BoolArray = field(repr=False)

    def __contains__(self, space: int) -> bool:
        return space in self.costs

    def route(self, to: int, safest: bool = False) -> Route:
        """The cheapest route to ``to`` (least damage among the cheapest), or with
        ``safest`` the least damage within the movement (fewest points among those)."""
        if to not in self.costs:
            raise KeyError(to)
        n = self._best.shape[1]
        column = self._best[:, to]
        if safest:
            damage = column // (n + 1)
            cost = int(np.argmin(damage))  # first minimum: fewest points
        else:
            cost = self.costs[to]
        return self._trace(to, cost)

    def _trace(self, to: int, cost: int) -> Route:
        n = self._best.shape[1]
        path = [to]
        damage = int(self._best[cost, to] // (n + 1))
        here, spent = to, cost
        while True:
            previous = int(self._best[spent, here] % (n + 1))
            if previous == n:
                break
            spent -= 1 if self.leap else int(self._steps[here])
            here = previous
            path.append(here)
        path.reverse()
        if self.leap:
            dangerous = bool(self._danger[to]) and len(path) > 1
        else:
            dangerous = any(bool(self._danger[s]) for s in path[1:])
        return Route(to, tuple(path), cost, damage, dangerous)


def blocking(
    position: Position, mover: Figure, rules: MoveRules
) -> tuple[BoolArray, BoolArray]:
    """(spaces it may not pass through, spaces it may not end on) because of figures."""
    n = position.board.n
    no_pass = np.zeros(n, dtype=bool)
    no_end = np.zeros(n, dtype=bool)
    tiny = Keyword.TINY in mover.keywords
    overrun = Keyword.OVERRUN in mover.keywords
    for other in position.figures:
        if other.id == mover.id or Keyword.TINY in other.keywords:
            continue
        if overrun and displaceable(mover, other):
            continue
        if tiny:
            continue
        no_end[other.at] = True
        if overrun or not (rules.pass_through_friends and not is_foe(mover, other)):
            no_pass[other.at] = True
    return no_pass, no_end


def reach(
    position: Position,
    figure_id: str,
    points: int,
    leap: bool = False,
    rules: MoveRules = DEFAULT_RULES,
    safe_only: bool = False,
) -> Reach:
    """Every space ``figure_id`` can end a Move ``points`` (or Leap) on, with routes.

    ``safe_only``: only along Safe paths (glossary: Safe, "Path is Safe if all spaces are
    Safe"): a Move enters no space Dangerous to it, a Leap lands on none."""
    figure = position.figure(figure_id)
    board = position.board
    n = board.n
    points = max(points, 0)
    if Keyword.IMMOBILE in figure.keywords:
        points = 0  # glossary: Immobile, "Figure never moves"
    blocked = position.blocked()
    if figure.kind is Role.POOKY:
        blocked = blocked | board.door  # Pooky cannot "enter spaces with door tokens"
    no_pass, no_end = blocking(position, figure, rules)
    if leap and Keyword.TINY not in figure.keywords:
        # Leap X: "must end its movement on an Unoccupied space as normal" (Overrun or not)
        no_end = position.occupied(ignoring=figure.id)
    damage, dangerous = danger_table(position, figure)
    if safe_only:
        if leap:
            no_end = no_end | dangerous
        else:
            blocked = blocked | dangerous
    if leap:
        steps = np.ones(n, dtype=np.int32)
        passable = ~blocked
        step_damage = np.zeros(n, dtype=np.int64)  # only the landing space counts
    else:
        steps = entry_costs(position, figure)
        passable = ~blocked & ~no_pass
        step_damage = damage.astype(np.int64)
    best = np.full((points + 1, n), _NEVER, dtype=np.int64)
    start = figure.at
    best[0, start] = n  # damage 0, previous space "none" (n)
    links = board.links
    for spent in range(points + 1):
        layer = best[spent]
        sources = np.flatnonzero(layer < _NEVER)
        if sources.size == 0:
            continue
        targets = links[sources]
        ok = targets >= 0
        ok[ok] &= passable[targets[ok]]
        src = np.broadcast_to(sources[:, None], targets.shape)[ok]
        dst = targets[ok]
        arrive = spent + steps[dst]
        within = arrive <= points
        src, dst, arrive = src[within], dst[within], arrive[within]
        carried = layer[src] // (n + 1) + step_damage[dst]
        keys = carried * (n + 1) + src
        np.minimum.at(best, (arrive, dst), keys)
    if leap:
        # the landing space deals its damage: add it to every arrival
        landed = best < _NEVER
        extra = damage.astype(np.int64) * (n + 1)
        extra[start] = 0
        best = np.where(landed, best + extra[None, :], best)
    endable = ~blocked & ~no_end
    endable[start] = True
    costs: dict[int, int] = {}
    reached = best < _NEVER
    for space in np.flatnonzero(reached.any(axis=0) & endable):
        costs[int(space)] = int(np.argmax(reached[:, space]))
    costs = dict(sorted(costs.items()))
    return Reach(figure, points, leap, costs, best, steps, dangerous)


@dataclass(frozen=True, slots=True)
class Displacement:
    """A figure moved out of the way by an Overrun mover."""

    figure: str
    start: int
    to: int


@dataclass(frozen=True)
class MoveResult:
    """What a Move or Leap did: the new position, the path taken and what happened."""

    figure: str
    position: Position
    path: tuple[int, ...]
    cost: int
    events: tuple[SpaceEvent | Displacement, ...] = ()
    defeated: bool = False  # Defeated on the way: it stopped there and was removed

    @property
    def damage(self) -> int:
        """Damage the mover took from spaces on the way."""
        return sum(e.damage for e in self.events
                   if isinstance(e, SpaceEvent) and e.figure == self.figure)

    @property
    def displaced(self) -> dict[str, int]:
        """Where each figure displaced by an Overrun mover ended."""
        return {e.figure: e.to for e in self.events if isinstance(e, Displacement)}


def _check_path(
    position: Position, routes: Reach, path: tuple[int, ...], to: int, rules: MoveRules
) -> int:
    """Validate a path chosen by a player; return its cost."""
    board = position.board
    figure = routes.figure
    names = board.names
    if not path or path[0] != figure.at or path[-1] != to:
        raise IllegalChoice(
            f"a path for {figure.id} must start at {names[figure.at]} and end at {names[to]}")
    costs = entry_costs(position, figure)
    blocked = position.blocked()
    no_pass, _ = blocking(position, figure, rules)
    spent = 0
    for here, there in itertools.pairwise(path):
        if not board.adjacent(here, there):
            raise IllegalChoice(f"{names[here]} and {names[there]} are not linked "
                                "(not neighbours, or a Wall between)")
        if blocked[there] or (not routes.leap and no_pass[there]):
            raise IllegalChoice(f"{figure.id} cannot pass {names[there]}")
        spent += 1 if routes.leap else int(costs[there])
    if spent > routes.points:
        raise IllegalChoice(f"the path costs {spent}, more than {routes.points}")
    return spent


def move(
    position: Position,
    figure_id: str,
    to: int,
    points: int,
    leap: bool = False,
    path: tuple[int, ...] | None = None,
    rules: MoveRules = DEFAULT_RULES,
    pause: Pause | None = None,
) -> Resolution[MoveResult]:
    """Move (or Leap) ``figure_id`` to ``to`` with ``points`` of movement.

    Without a ``path`` the safest route is taken (least damage, then fewest points). Along a
    Move every space entered resolves; along a Leap only the landing space, and a Hero (or
    a Solo Mode Companion, which counts as one) is asked about each Dangerous space it
    passes. An Overrun mover displaces figures to the Nearest Unoccupied space (ties: a
    Decision). A mover Defeated on the way stops there and is removed at once (glossary:
    Defeated); one Wounded on the way pauses for its Wounded Reactions (``pause``).
    """
    routes = reach(position, figure_id, points, leap, rules)
    figure = routes.figure
    names = position.board.names
    if to not in routes:
        verb = "Leap" if leap else "Move"
        raise IllegalChoice(f"{figure.id} cannot {verb} {points} from {names[figure.at]} "
                            f"to {names[to]}")
    if path is None:
        chosen = routes.route(to, safest=True)
        path, cost = chosen.path, chosen.cost
    else:
        cost = _check_path(position, routes, tuple(path), to, rules)
    events: list[SpaceEvent | Displacement] = []
    overrun = Keyword.OVERRUN in figure.keywords
    decider = decider_for(figure)
    displaced: set[str] = set()
    for step, space in enumerate(path[1:], start=1):
        landing = step == len(path) - 1
        if leap and not landing:
            entry = Entry.LEAP_OVER
            if chooses_leap_effects(figure) and _has_effect(position, figure_id, space):
                trigger = yield Decision(
                    "leap-trigger",
                    f"{figure.id} Leaps over {names[space]}: trigger its effect?",
                    (False, True), Decider.PLAYER, figure.id)
                if trigger:
                    entry = Entry.MOVE
        else:
            entry = Entry.LEAP_LAND if leap else Entry.MOVE
        if overrun and not leap and (
            landing or rules.overrun_displaces is OverrunDisplaces.ENTERED
        ):
            position = yield from _displace_all(position, figure_id, space, decider, events,
                                                path[step + 1:], displaced, pause)
        position, happened = yield from enter(position, figure_id, space, entry, pause)
        events.extend(happened)
        if not position.has_figure(figure_id) or (
                position.figure(figure_id).recovering and not figure.recovering):
            return MoveResult(figure.id, position, tuple(path[:step + 1]), cost,
                              tuple(events), defeated=True)
    return MoveResult(figure.id, position, tuple(path), cost, tuple(events))


def chooses_leap_effects(figure: Figure) -> bool:
    """Leap X, "Hero Movement Exception": "If a Hero moves through a space during a Leap
    that would cause something to happen, the player may choose whether or not that effect
    happens." Heroes, and a Solo Mode Companion ("Rules and scenarios referring to a Hero
    include both your Hero and your Companion", Appendix B); not Allies, Illusions or Pooky.
    """
    return figure.kind in (Role.HERO, Role.COMPANION)


def _has_effect(position: Position, figure_id: str, space: int) -> bool:
    return space_effect(position, position.figure(figure_id), space).dangerous


def nearest_unoccupied(position: Position, space: int, ignoring: str) -> list[int]:
    """The Nearest Unoccupied, enterable spaces to ``space`` by Line of Fire (all ties).

    ``space`` itself does not count; ``ignoring`` is the figure being moved.
    """
    return nearest_spaces(position, space, (s for s in _free_spaces(position, ignoring)
                                            if s != space))


def displaceable(mover: Figure, other: Figure) -> bool:
    """Whether an Overrun ``mover`` may displace ``other`` (glossary: Overrun, "Displaces
    figures to Nearest Unoccupied space"): not a Tiny figure (it shares the space), nor one
    that stays put: Immobile, Juggernaut ("Ignores Forced Movement effects"), Massive
    ("Unaffected by Grab or Place effects"), nor, for a Schemer, an Avoided one ("Schemers
    cannot target or interact with Avoided figures")."""
    if other.id == mover.id or Keyword.TINY in other.keywords:
        return False
    if other.keywords & {Keyword.IMMOBILE, Keyword.JUGGERNAUT, Keyword.MASSIVE}:
        return False
    return not (Keyword.AVOIDED in other.keywords and not mover.heroic)


def _displace_all(
    position: Position,
    mover_id: str,
    space: int,
    decider: Decider,
    events: list[SpaceEvent | Displacement],
    ahead: tuple[int, ...] = (),
    displaced: set[str] | None = None,
    pause: Pause | None = None,
) -> Resolution[Position]:
    """Overrun: every displaceable figure on ``space`` goes to the Nearest Unoccupied space.

    No figure is displaced twice in one move: the spaces still ``ahead`` on the mover's path
    are not offered while another Nearest space is free (docs/rules-decisions.md)."""
    displaced = set() if displaced is None else displaced
    mover = position.figure(mover_id)
    for other in position.figures_at(space):
        if not displaceable(mover, other) or other.id in displaced:
            continue
        # the mover is about to stand on ``space``: it must not be chosen
        standing = position.with_figure(replace(mover, at=space))
        options = nearest_spaces(standing, space, (
            s for s in _free_spaces(standing, other.id) if s != space and s not in ahead))
        if not options:
            continue
        to = yield Decision(
            "overrun-displace",
            f"{mover_id} overruns {other.id}: choose the Nearest Unoccupied space for it",
            tuple(options), decider, mover_id, position=position)
        displaced.add(other.id)
        position, happened = yield from enter(position, other.id, to, Entry.PLACED, pause)
        events.append(Displacement(other.id, space, to))
        events.extend(happened)
    return position


def _free_spaces(position: Position, ignoring: str) -> list[int]:
    free = ~position.occupied(ignoring=ignoring) & ~position.blocked()
    return [int(s) for s in np.flatnonzero(free)]
