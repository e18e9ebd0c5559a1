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
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from tales.board import fields
from tales.board.board import BoolArray, IntArray
from tales.board.figures import Figure, Keyword, Role, is_foe
from tales.board.position import Position
from tales.board.ranges import nearest_spaces
from tales.errors import IllegalChoice
from tales.rules.decisions import Decider, Decision, Resolution
from tales.rules.health import decider_for
from tales.rules.large import DEFAULT_LARGE, LargeRules
from tales.rules.spaces import (
    Entry,
    Pause,
    SpaceEvent,
    danger_table,
    enter,
    entry_costs,
    fell,
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
    large: LargeRules = DEFAULT_LARGE  # figures that take more than one space


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


# a column over the spaces: a numpy array (the compiled search) or a list (the plain one)
_Column = IntArray | npt.NDArray[np.int64] | BoolArray | list[int] | list[bool]
# one layer of the search: (spaces sorted, their keys) as arrays, or space -> key
_Layer = tuple[IntArray, npt.NDArray[np.int64]] | dict[int, int]


@dataclass
class Reach:
    """Every space a figure may end a Move or Leap on, with routes to each.

    ``costs`` maps each end space to the fewest movement points that reach it. Underneath,
    for each number of points spent, the spaces first reached with less damage than at any
    lower cost (the only arrivals a cheapest or a safest route can use), each with its
    damage and the space it came from.
    """

    figure: Figure
    points: int
    leap: bool
    costs: dict[int, int]
    # points spent -> the layer's arrivals (keys: damage * (n + 1) + previous space, n for
    # none)
    _layers: dict[int, _Layer] = field(repr=False)
    _safest: _Column = field(repr=False)  # points of each space's least-damage arrival
    _least: _Column = field(repr=False)  # each space's least damage
    _landing: _Column = field(repr=False)  # a Leap's landing damage
    _steps: _Column = field(repr=False)
    _danger: _Column = field(repr=False)
    # arrivals with less damage than this count (1: a Move's Safe part, see _safe_part)
    _within: int = field(default=int(_NEVER), repr=False)

    def __contains__(self, space: int) -> bool:
        return space in self.costs

    def route(self, to: int, safest: bool = False) -> Route:
        """The cheapest route to ``to`` (least damage among the cheapest), or with
        ``safest`` the least damage within the movement (fewest points among those)."""
        if to not in self.costs:
            raise KeyError(to)
        cost = int(self._safest[to]) if safest else self.costs[to]
        return self._trace(to, cost)

    def least_damage(self, to: int) -> int:
        """The damage of the safest route to ``to`` (``route(to, safest=True).damage``,
        without tracing the route)."""
        if to not in self.costs:
            raise KeyError(to)
        return int(self._least[to] + self._landing[to])

    def arrives_at_any(self, spaces: Iterable[int]) -> bool:
        """Does the search arrive at any of ``spaces``, to end there or to pass through?
        (A search that arrives at none of them is the same with them barred.)"""
        least, within = self._least, self._within
        return any(least[s] < within for s in spaces)

    def least_damages(self) -> dict[int, int]:
        """:meth:`least_damage` of every end space, in one pass."""
        least, landing = self._least, self._landing
        return {to: int(least[to] + landing[to]) for to in self.costs}

    def _safe_part(self) -> Reach:
        """This Move's Reach kept to Safe spaces, read off its own search, when Dangerous
        spaces are exactly those that deal damage: a Safe path is then a path of no
        damage, and its arrivals are those this search keeps with damage 0 (the least
        damage, kept at the fewest points that reach it; the same keys and ties)."""
        least, danger, start = self._least, self._danger, self.figure.at
        costs = {s: int(self._safest[s]) for s in self.costs
                 if least[s] == 0 and (s == start or not danger[s])}
        return Reach(self.figure, self.points, self.leap, costs, self._layers, self._safest,
                     self._least, self._landing, self._steps, self._danger, 1)

    def _key(self, spent: int, space: int) -> int:
        layer = self._layers[spent]
        if isinstance(layer, dict):
            return layer[space]
        spaces, keys = layer
        return int(keys[int(np.searchsorted(spaces, space))])

    def _trace(self, to: int, cost: int) -> Route:
        n = len(self._steps)
        path = [to]
        damage = self._key(cost, to) // (n + 1) + int(self._landing[to])
        here, spent = to, cost
        while True:
            previous = self._key(spent, here) % (n + 1)
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


# The members a movement search compares, read once: in Python 3.11 a member read on its enum
# goes through the enum class's attribute hook (~70 ns a read; for every figure of every
# search, issue 19)
_TINY, _OVERRUN, _IMMOBILE = Keyword.TINY, Keyword.OVERRUN, Keyword.IMMOBILE
_POOKY = Role.POOKY
_MOVE = Entry.MOVE


def blocking(
    position: Position, mover: Figure, rules: MoveRules
) -> tuple[BoolArray, BoolArray]:
    """(spaces it may not pass through, spaces it may not end on) because of figures."""
    n = position.board.n
    no_pass = np.zeros(n, dtype=bool)
    no_end = np.zeros(n, dtype=bool)
    tiny = _TINY in mover.keywords
    overrun = _OVERRUN in mover.keywords
    for other in position.figures:
        if other.id == mover.id or _TINY in other.keywords:
            continue
        if overrun and displaceable(mover, other):
            continue
        if tiny:
            continue
        where = list(position.spaces_of(other)) if other.footprint else other.at
        no_end[where] = True
        if overrun or not (rules.pass_through_friends and not is_foe(mover, other)):
            no_pass[where] = True
    return no_pass, no_end


@dataclass(frozen=True)
class _Search:
    """What a Move or Leap search works over, for one figure."""

    points: int
    start: int
    passable: BoolArray
    endable: BoolArray
    steps: IntArray  # movement points to enter each space
    step_damage: npt.NDArray[np.int64]  # damage for entering each space on the way
    landing: npt.NDArray[np.int64]  # damage for ending on each space (a Leap's landing)
    dangerous: BoolArray


def _search(position: Position, figure: Figure, points: int, leap: bool, rules: MoveRules,
            safe_only: bool) -> _Search:
    board = position.board
    n = board.n
    # a cheapest or safest route never enters a space twice: more points than the board
    # can use are the same as the board's size (Move: 2 a space at most; Leap: 1)
    points = min(max(points, 0), (1 if leap else 2) * n)
    if _IMMOBILE in figure.keywords:
        points = 0  # glossary: Immobile, "Figure never moves"
    blocked = position.blocked()
    if figure.kind is _POOKY:
        blocked = blocked | board.door  # Pooky cannot "enter spaces with door tokens"
    no_pass, no_end = blocking(position, figure, rules)
    if leap and _TINY not in figure.keywords:
        # Leap X: "must end its movement on an Unoccupied space as normal" (Overrun or not)
        no_end = position.occupied(ignoring=figure.id)
    damage, dangerous = dangers(position, figure)
    if safe_only:
        if leap:
            no_end = no_end | dangerous
        else:
            blocked = blocked | dangerous
    zeros = np.zeros(n, dtype=np.int64)
    if leap:
        steps = np.ones(n, dtype=np.int32)
        passable = ~blocked
        step_damage, landing = zeros, damage.astype(np.int64)  # only the landing counts
        landing[figure.at] = 0
    else:
        steps = entry_costs(position, figure)
        passable = ~blocked & ~no_pass
        step_damage, landing = damage.astype(np.int64), zeros
    endable = ~blocked & ~no_end
    endable[figure.at] = True
    return _Search(points, figure.at, passable, endable, steps, step_damage, landing,
                   dangerous)


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
    Safe"): a Move enters no space Dangerous to it, a Leap lands on none.

    A search over (points spent, space), one layer of points at a time with numpy, that
    keeps only arrivals with less damage than any cheaper arrival at the same space (the
    rest can be on no cheapest and no safest route): memory and time grow with the spaces
    reached, not with the movement. :func:`reach_table` is the full table it agrees with.
    """
    return remembered(position, ("reach", figure_id, points, leap, rules, safe_only),
                      lambda: _reach(position, figure_id, points, leap, rules, safe_only))


T = TypeVar("T")
_KEEP = 32


def dangers(position: Position, figure: Figure) -> tuple[IntArray, BoolArray]:
    """:func:`~tales.rules.spaces.danger_table`, once per position and figure (the
    arrays are shared: read them, never write to them)."""
    def compute() -> tuple[IntArray, BoolArray]:
        damage, dangerous = danger_table(position, figure)
        damage.setflags(write=False)
        dangerous.setflags(write=False)
        return damage, dangerous

    return remembered(position, ("dangers", figure.id), compute)


def remembered(position: Position, question: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, or its answer from a recent call with the same ``question`` about
    this very ``position`` (positions never change, the searches are pure): a decision,
    the bot weighing it, the Move that carries it out and every replay of the same position
    by ``all_outcomes`` ask the same question. The last few answers are kept in the
    board's cache, so ``Board.forget`` drops them too."""
    recent = _recent(position)
    key = (id(position), question)
    kept = recent.get(key)
    if kept is not None and kept[0] is position:
        answer: T = kept[1]
        return answer
    answer = compute()
    if len(recent) >= _KEEP:
        del recent[next(iter(recent))]
    recent[key] = (position, answer)
    return answer


def _recent(position: Position) -> dict[tuple[int, Hashable], tuple[Position, Any]]:
    """The recent answers kept in ``position``'s board (:func:`remembered`)."""
    board = position.board
    recent = board.cached("recent answers")
    if recent is None:
        recent = {}
        board.remember("recent answers", recent)
    assert isinstance(recent, dict)
    return recent


def recalled(position: Position, question: Hashable) -> object | None:
    """The answer :func:`remembered` keeps for ``question`` about this very ``position``,
    or None: nothing is computed."""
    kept = _recent(position).get((id(position), question))
    return kept[1] if kept is not None and kept[0] is position else None


def _reach(position: Position, figure_id: str, points: int, leap: bool, rules: MoveRules,
           safe_only: bool) -> Reach:
    figure = position.figure(figure_id)
    if safe_only and not leap:  # the same Move's whole search, when kept, holds this one
        whole = recalled(position, ("reach", figure_id, points, leap, rules, False))
        if isinstance(whole, Reach):
            damage, dangerous = dangers(position, figure)
            if bool((damage[dangerous] > 0).all()):
                return whole._safe_part()
    n = position.board.n
    links = position.board.links
    search = _search(position, figure, points, leap, rules, safe_only)
    if _plain_wins(n, search.points):
        return _plain_reach(position, figure, search, leap)
    span = n + 1
    best_damage = np.full(n, _NEVER, dtype=np.int64)
    cheapest = np.full(n, -1, dtype=np.int32)
    safest = np.full(n, -1, dtype=np.int32)
    scratch = np.full(n, _NEVER, dtype=np.int64)
    layers: dict[int, _Layer] = {}
    pending: dict[int, list[tuple[IntArray, npt.NDArray[np.int64]]]] = {
        0: [(np.array([search.start], dtype=np.int64), np.array([n], dtype=np.int64))]}
    spent = 0
    while pending:
        spent = min(pending)
        arrivals = pending.pop(spent)
        dst = np.concatenate([d for d, _ in arrivals])
        keys = np.concatenate([k for _, k in arrivals])
        np.minimum.at(scratch, dst, keys)
        spaces = np.unique(dst)
        keys = scratch[spaces]
        scratch[spaces] = _NEVER
        damage = keys // span
        better = damage < best_damage[spaces]
        spaces, keys, damage = spaces[better], keys[better], damage[better]
        if spaces.size == 0:
            continue
        best_damage[spaces] = damage
        safest[spaces] = spent
        first = cheapest[spaces] < 0
        cheapest[spaces[first]] = spent
        layers[spent] = (spaces, keys)
        targets = links[spaces]
        ok = targets >= 0
        ok[ok] &= search.passable[targets[ok]]
        src = np.broadcast_to(spaces[:, None], targets.shape)[ok]
        carried = np.broadcast_to(damage[:, None], targets.shape)[ok]
        to = targets[ok]
        arrive = spent + search.steps[to]
        within = arrive <= search.points
        src, to, arrive, carried = src[within], to[within], arrive[within], carried[within]
        new_keys = (carried + search.step_damage[to]) * span + src
        for later in np.unique(arrive):
            mask = arrive == later
            pending.setdefault(int(later), []).append((to[mask], new_keys[mask]))
    ends = np.flatnonzero((cheapest >= 0) & search.endable)
    costs = {int(s): int(cheapest[s]) for s in ends}
    # a Leap's landing damage counts once, at the end: the safest arrival is the cheapest
    return Reach(figure, search.points, leap, costs, layers,
                 cheapest if leap else safest, best_damage, search.landing, search.steps,
                 search.dangerous)


#: A Move of up to this many points on a board of up to :data:`MID_BOARD` spaces is
#: searched in plain Python too: it reaches few spaces, and numpy's per-layer overhead
#: costs more than the search (tools/bench_reach.py).
SHORT_MOVE = 24
MID_BOARD = 2000


def _plain_wins(n: int, points: int) -> bool:
    """Is the plain-Python search the faster one here (the results are the same)?"""
    return n <= fields.SMALL_BOARD or (n <= MID_BOARD and points <= SHORT_MOVE)


def _plain_reach(position: Position, figure: Figure, search: _Search, leap: bool) -> Reach:
    """:func:`reach` in plain Python over neighbour lists: the same layers, keys and ties
    (the least key wins at each space, as ``np.minimum.at`` does), faster than numpy on
    boards of a few hundred spaces, where small arrays cost more than they save."""
    n = position.board.n
    span = n + 1
    neighbours = fields.neighbour_lists(position.board.links)
    passable: list[bool] = search.passable.tolist()
    steps: list[int] = search.steps.tolist()
    step_damage: list[int] = search.step_damage.tolist()
    most = search.points
    never = int(_NEVER)
    best_damage = [never] * n
    cheapest = [-1] * n
    safest = [-1] * n
    layers: dict[int, _Layer] = {}
    reached: list[int] = []
    pending: dict[int, dict[int, int]] = {0: {search.start: n}}
    while pending:
        spent = min(pending)
        kept: dict[int, int] = {}
        for space, key in pending.pop(spent).items():
            damage = key // span
            if damage < best_damage[space]:
                best_damage[space] = damage
                safest[space] = spent
                if cheapest[space] < 0:
                    cheapest[space] = spent
                    reached.append(space)
                kept[space] = key
        if not kept:
            continue
        layers[spent] = kept
        for space, key in kept.items():
            damage = key // span
            for to in neighbours[space]:
                if not passable[to]:
                    continue
                arrive = spent + steps[to]
                if arrive > most:
                    continue
                new_key = (damage + step_damage[to]) * span + space
                arrivals = pending.get(arrive)
                if arrivals is None:
                    pending[arrive] = {to: new_key}
                elif new_key < arrivals.get(to, never):
                    arrivals[to] = new_key
    endable = search.endable
    costs = {s: cheapest[s] for s in sorted(reached) if endable[s]}
    return Reach(figure, search.points, leap, costs, layers,
                 cheapest if leap else safest, best_damage, search.landing.tolist(), steps,
                 search.dangerous.tolist())


def reach_table(
    position: Position, figure_id: str, points: int, leap: bool = False,
    rules: MoveRules = DEFAULT_RULES, safe_only: bool = False,
) -> dict[int, tuple[int, int, int, int]]:
    """The reference :func:`reach` is checked against and the baseline it is measured
    against (``tools/bench_reach.py``): the full (points + 1) x spaces table of the least
    damage at each exact cost, one numpy layer at a time (the engine's search before it
    kept only improving arrivals). For each end space: (fewest points, damage at them,
    points of the least damage, that damage)."""
    figure = position.figure(figure_id)
    n = position.board.n
    links = position.board.links
    search = _search(position, figure, points, leap, rules, safe_only)
    table = np.full((search.points + 1, n), _NEVER, dtype=np.int64)
    table[0, search.start] = 0
    for spent in range(search.points + 1):
        sources = np.flatnonzero(table[spent] < _NEVER)
        targets = links[sources]
        ok = targets >= 0
        ok[ok] &= search.passable[targets[ok]]
        src = np.broadcast_to(sources[:, None], targets.shape)[ok]
        to = targets[ok]
        arrive = spent + search.steps[to]
        within = arrive <= search.points
        src, to, arrive = src[within], to[within], arrive[within]
        np.minimum.at(table, (arrive, to), table[spent, src] + search.step_damage[to])
    found: dict[int, tuple[int, int, int, int]] = {}
    for space in range(n):
        column = table[:, space]
        reached = np.flatnonzero(column < _NEVER)
        if reached.size == 0 or not search.endable[space]:
            continue
        extra = int(search.landing[space])
        low = int(reached[0])
        least = int(np.argmin(column))
        found[space] = (low, int(column[low]) + extra, least, int(column[least]) + extra)
    return found


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
    routes: Reach | None = None,
) -> Resolution[MoveResult]:
    """Move (or Leap) ``figure_id`` to ``to`` with ``points`` of movement.

    Without a ``path`` the safest route is taken (least damage, then fewest points). Along a
    Move every space entered resolves; along a Leap only the landing space, and a Hero (or
    a Solo Mode Companion, which counts as one) is asked about each Dangerous space it
    passes. An Overrun mover displaces figures to the Nearest Unoccupied space (ties: a
    Decision). A mover Defeated on the way stops there and is removed at once (glossary:
    Defeated); one Wounded on the way pauses for its Wounded Reactions (``pause``).
    A figure that takes more than one space moves by tales.rules.large_movement.
    ``routes``: this very Move's :func:`reach` when the caller has it (not searched again).
    """
    if position.figure(figure_id).large:
        from tales.rules.large_movement import move_large_to

        return (yield from move_large_to(position, figure_id, to, points, leap, rules.large,
                                         pause))
    if routes is None:
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
    overrun = _OVERRUN in figure.keywords
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
                    (False, True), Decider.PLAYER, figure.id, position=position, detail=space)
                if trigger:
                    entry = _MOVE
        else:
            entry = Entry.LEAP_LAND if leap else _MOVE
        if overrun and not leap and (
            landing or rules.overrun_displaces is OverrunDisplaces.ENTERED
        ):
            position = yield from _displace_all(position, figure_id, space, decider, events,
                                                path[step + 1:], displaced, pause)
        position, happened = yield from enter(position, figure_id, space, entry, pause)
        events.extend(happened)
        if fell(position, figure):
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
    if other.large:  # not displaced: docs/rules-decisions.md, "Tiny large figures, Overrun"
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
