"""Move and Leap for a figure that takes more than one space (docs/rules-decisions.md,
"Large figures").

A large figure moves space by space keeping its shape: a step moves every part one space
the same way (each part's step linked, no Wall crossed) or, with ``large_turns=pivot``,
turns it one facing about its anchor. Every placement on the way can be stood on (no
Impassable space, no closed door, on the map); a Move never enters a space Occupied by
another figure, a Leap ignores figures but lands on Unoccupied spaces. A step **enters** the
spaces of its new placement the figure did not cover before: they cost movement (Difficult
by the ``large_difficult`` reading) and resolve (Traps, Hazards, Wizard Fire).

The search runs over **states**: an anchor space and a facing. One-space figures never
come here (tales.rules.movement keeps them).
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from tales.board.board import BoolArray, IntArray, Layout
from tales.board.figures import Figure, Keyword
from tales.board.footprint import Footprint, spaces_at, standable, turned
from tales.board.position import Position
from tales.errors import IllegalChoice
from tales.rules.decisions import Resolution
from tales.rules.large import DEFAULT_LARGE, LargeDifficult, LargeRules, LargeTurns
from tales.rules.movement import MoveResult
from tales.rules.spaces import Pause, SpaceEvent, danger_table, entry_costs, fell, resolve_space

#: A standing place of a large figure: (anchor space, facing number).
State = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Step:
    """One step between two states: where to, what it costs, the spaces it enters."""

    to: State
    cost: int
    entered: tuple[int, ...]


@dataclass
class LargeGraph:
    """Every state a large figure can stand in and the steps between them, for a Move or
    a Leap (``leap``: figures and Difficult ignored, only the landing resolves)."""

    position: Position
    figure: Figure
    leap: bool = False
    rules: LargeRules = DEFAULT_LARGE
    facings: tuple[Footprint, ...] = field(init=False)
    blocked: BoolArray = field(init=False)
    occupied: BoolArray = field(init=False)
    costs: IntArray = field(init=False)
    damage: IntArray = field(init=False)
    dangerous: BoolArray = field(init=False)
    _spaces: dict[State, tuple[int, ...] | None] = field(init=False, default_factory=dict)
    _steps: dict[State, list[Step]] = field(init=False, default_factory=dict)
    _linked: list[frozenset[int]] = field(init=False)
    _searched: dict[tuple[bool, bool], dict[State, tuple[float, float]]] = field(
        init=False, default_factory=dict)

    def __post_init__(self) -> None:
        layout = self.position.board.layout
        turns = 6 if layout is Layout.HEX else 4
        self.facings = tuple(turned(self.figure.footprint, layout, k) for k in range(turns))
        self.blocked = self.position.blocked()
        self.occupied = self.position.occupied(ignoring=self.figure.id)
        self.costs = entry_costs(self.position, self.figure)
        self.damage, self.dangerous = danger_table(self.position, self.figure)
        self._linked = [frozenset(int(s) for s in row if s >= 0)
                        for row in self.position.board.links.tolist()]

    @property
    def start(self) -> State:
        """Where the figure stands now (its footprint as it is, facing 0)."""
        return (self.figure.at, 0)

    def spaces(self, state: State) -> tuple[int, ...] | None:
        """The spaces of ``state`` when it can be stood on (Occupied or not), else None."""
        if state not in self._spaces:
            found = spaces_at(self.position.board, state[0], self.facings[state[1]])
            self._spaces[state] = (found if standable(self.position.board, found, self.blocked)
                                   else None)
        return self._spaces[state]

    def free(self, state: State) -> bool:
        """It can be stood on and none of its spaces is Occupied by another figure."""
        spaces = self.spaces(state)
        return spaces is not None and not any(self.occupied[s] for s in spaces)

    def safe(self, state: State) -> bool:
        """None of its spaces is Dangerous to the figure (glossary: Safe)."""
        spaces = self.spaces(state)
        return spaces is not None and not any(self.dangerous[s] for s in spaces)

    def steps(self, state: State) -> list[Step]:
        """The steps out of ``state`` (Move: never onto Occupied spaces)."""
        if state in self._steps:
            return self._steps[state]
        board = self.position.board
        here = self.spaces(state)
        found: list[Step] = []
        if here is not None:
            anchor, facing = state
            moves: list[State] = [(int(b), facing) for b in board.links[anchor] if b >= 0]
            if self.rules.turns is LargeTurns.PIVOT:
                count = len(self.facings)
                moves += [(anchor, (facing + 1) % count), (anchor, (facing - 1) % count)]
            for nxt in moves:
                there = self.spaces(nxt)
                if there is None or there == here:
                    continue
                if nxt[1] == facing and not all(  # every part one linked step, no Wall
                        b in self._linked[a] for a, b in zip(here, there, strict=True)):
                    continue
                if not self.leap and any(self.occupied[s] for s in there):
                    continue
                entered = tuple(s for s in there if s not in here)
                found.append(Step(nxt, self._cost(entered), entered))
        self._steps[state] = found
        return found

    def _cost(self, entered: tuple[int, ...]) -> int:
        if self.leap or not entered:
            return 1
        extra = [int(self.costs[s]) - 1 for s in entered]
        if self.rules.difficult is LargeDifficult.PER_PART:
            return 1 + sum(extra)
        return 1 + max(extra)

    def step_damage(self, step: Step) -> int:
        """Damage from the spaces a Move step enters (a Leap: none on the way)."""
        return 0 if self.leap else sum(int(self.damage[s]) for s in step.entered)

    def landing(self, state: State) -> int:
        """A Leap's landing damage: the spaces it lands on that it did not start on."""
        spaces = self.spaces(state) or ()
        start = self.spaces(self.start) or ()
        return sum(int(self.damage[s]) for s in spaces if s not in start)

    def states(self) -> Iterator[State]:
        """Every state reachable from the start, by any number of steps."""
        seen = {self.start}
        stack = [self.start]
        while stack:
            here = stack.pop()
            yield here
            for step in self.steps(here):
                if step.to not in seen:
                    seen.add(step.to)
                    stack.append(step.to)


def cheapest(graph: LargeGraph, safe_only: bool = False,
             key_damage: bool = False) -> dict[State, tuple[float, float]]:
    """Unlimited movement from the start: for each reachable state (damage, points) of the
    best path, by fewest points (``key_damage``: least damage, then fewest points);
    ``safe_only`` enters no Dangerous space. Kept on the graph once searched."""
    known = graph._searched.get((safe_only, key_damage))
    if known is None:
        known = graph._searched[(safe_only, key_damage)] = _cheapest(graph, safe_only,
                                                                     key_damage)
    return known


def _cheapest(graph: LargeGraph, safe_only: bool, key_damage: bool
              ) -> dict[State, tuple[float, float]]:
    start = graph.start
    best: dict[State, tuple[float, float]] = {start: (0.0, 0.0)}
    queue: list[tuple[tuple[float, float], State]] = [((0.0, 0.0), start)]
    while queue:
        key, here = heapq.heappop(queue)
        if key > _key(best[here], key_damage):
            continue
        damage, spent = best[here]
        for step in graph.steps(here):
            if safe_only and not graph.leap and any(graph.dangerous[s] for s in step.entered):
                continue
            found = (damage + graph.step_damage(step), spent + step.cost)
            old = best.get(step.to)
            if old is None or _key(found, key_damage) < _key(old, key_damage):
                best[step.to] = found
                heapq.heappush(queue, (_key(found, key_damage), step.to))
    if graph.leap:  # only the landing counts; a Safe Leap lands on no Dangerous space
        best = {s: (graph.landing(s), p) for s, (_, p) in best.items()
                if not safe_only or s == start or graph.safe(s)}
    return best


def _key(value: tuple[float, float], key_damage: bool) -> tuple[float, float]:
    return value if key_damage else (value[1], value[0])


def toward(graph: LargeGraph, final: State, safe_only: bool = False) -> dict[State, float]:
    """The fewest movement points still needed from each state to reach ``final``."""
    reverse: dict[State, list[tuple[State, int]]] = {}
    for here in graph.states():
        for step in graph.steps(here):
            if safe_only and any(graph.dangerous[s] for s in step.entered):
                continue
            reverse.setdefault(step.to, []).append((here, step.cost))
    best = {final: 0.0}
    queue = [(0.0, final)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best[here]:
            continue
        for before, cost in reverse.get(here, []):
            total = spent + cost
            if total < best.get(before, math.inf):
                best[before] = total
                heapq.heappush(queue, (total, before))
    return best


@dataclass(frozen=True)
class LargeRoute:
    """One way to an end state: the states walked (the start first), cost and damage."""

    path: tuple[State, ...]
    cost: int
    damage: int


def routes(graph: LargeGraph, points: int, safe_only: bool = False) -> dict[State, LargeRoute]:
    """Every state the figure can end on with ``points`` of movement (Unoccupied), each with
    its safest route: least damage within the movement, then fewest points.

    A layered search over (points spent, state), as :func:`tales.rules.movement.reach_table`
    does for one space."""
    if Keyword.IMMOBILE in graph.figure.keywords:
        points = 0
    start = graph.start
    limit = min(max(points, 0), 8 * (graph.position.board.n * len(graph.facings) + 1))
    layers: list[dict[State, tuple[int, State | None]]] = [{start: (0, None)}]
    layers += [{} for _ in range(limit)]
    for spent in range(limit + 1):
        for here, (damage, _) in list(layers[spent].items()):
            for step in graph.steps(here):
                if safe_only and not graph.leap and any(
                        graph.dangerous[s] for s in step.entered):
                    continue
                arrive = spent + step.cost
                if arrive > limit:
                    continue
                total = damage + graph.step_damage(step)
                old = layers[arrive].get(step.to)
                if old is None or total < old[0]:
                    layers[arrive][step.to] = (total, here)
    found: dict[State, LargeRoute] = {}
    best: dict[State, tuple[int, int]] = {}
    for spent, layer in enumerate(layers):
        for state, (damage, _) in layer.items():
            if not graph.free(state) and state != start:
                continue
            if graph.leap and safe_only and state != start and not graph.safe(state):
                continue
            if graph.leap:
                damage = graph.landing(state)
            if state not in best or (damage, spent) < best[state]:
                best[state] = (damage, spent)
    for state, (damage, spent) in best.items():
        path = [state]
        here, at = state, spent
        while True:
            previous = layers[at][here][1]
            if previous is None:
                break
            at -= next(s.cost for s in graph.steps(previous) if s.to == here)
            here = previous
            path.append(here)
        path.reverse()
        found[state] = LargeRoute(tuple(path), spent, damage)
    return found


def large_move(
    graph: LargeGraph, route: LargeRoute, pause: Pause | None = None
) -> Resolution[MoveResult]:
    """Walk ``route``: each step puts the figure on its new state and resolves the spaces
    it enters (a Leap: only those it lands on), stopping if it is Defeated on the way.
    ``MoveResult.path`` is the anchor's path."""
    position = graph.position
    figure = graph.figure
    events: list[SpaceEvent] = []
    start = graph.spaces(graph.start) or ()
    anchors = [route.path[0][0]]
    for n, (before, state) in enumerate(itertools.pairwise(route.path), 1):
        now = position.figure(figure.id)
        position = position.with_figure(
            replace(now, at=state[0], footprint=graph.facings[state[1]]))
        anchors.append(state[0])
        here = graph.spaces(state) or ()
        if graph.leap:
            entered = tuple(s for s in here if s not in start) if n == len(route.path) - 1 \
                else ()
        else:
            old = graph.spaces(before) or ()
            entered = tuple(s for s in here if s not in old)
        for space in entered:
            position, happened = yield from resolve_space(position, figure.id, space, pause)
            events.extend(happened)
            if fell(position, figure):
                return MoveResult(figure.id, position, tuple(anchors), route.cost,
                                  tuple(events), defeated=True)
    return MoveResult(figure.id, position, tuple(anchors), route.cost, tuple(events))


def state_names(graph: LargeGraph, state: State) -> str:
    """``C2 D2``: the spaces of a state, anchor first."""
    names = graph.position.board.names
    return " ".join(names[s] for s in graph.spaces(state) or ())


def standing_places(position: Position, figure: Figure, space: int) -> list[State]:
    """Where a large figure coming onto the map on ``space`` may stand: its anchor there, in
    every facing whose spaces are free; when none is, the Nearest anchors by Line of Fire
    from ``space`` that have one (docs/rules-decisions.md, "Deploying a large figure")."""
    graph = LargeGraph(position, replace(figure, at=space))
    field_ = position.line_of_fire_field(space)
    anchors = sorted((int(field_[a]), a) for a in range(position.board.n) if field_[a] >= 0)
    found: list[State] = []
    nearest: int | None = None
    for distance, anchor in anchors:
        if nearest is not None and distance > nearest:
            break
        free = [(anchor, k) for k in range(len(graph.facings)) if graph.free((anchor, k))]
        if free:
            nearest = distance
            found += [s for s in free if graph.spaces(s) not in
                      [graph.spaces(f) for f in found]]
    return found


def move_large_to(
    position: Position, figure_id: str, to: int, points: int, leap: bool = False,
    rules: LargeRules = DEFAULT_LARGE, pause: Pause | None = None,
) -> Resolution[MoveResult]:
    """Move (or Leap) a large figure so that its anchor ends on ``to``, keeping its facing
    when it can (else the first facing it can end in), along its safest route:
    :func:`tales.rules.movement.move` for a figure that takes more than one space."""
    graph = LargeGraph(position, position.figure(figure_id), leap, rules)
    found = routes(graph, points)
    ends = sorted(s for s in found if s[0] == to)
    if not ends:
        names = position.board.names
        verb = "Leap" if leap else "Move"
        raise IllegalChoice(f"{figure_id} cannot {verb} {points} with its anchor to "
                            f"{names[to]}")
    return (yield from large_move(graph, found[ends[0]], pause))


def places_next_to(position: Position, figure: Figure, near: tuple[int, ...]
                   ) -> list[tuple[tuple[int, ...], Figure]]:
    """Every free place (any facing) where a large ``figure`` coming onto the map stands
    next to one of the spaces ``near`` (a Reinforce beside its actor), with the figure placed
    there; its spaces first, anchor first."""
    graph = LargeGraph(position, figure)
    board = position.board
    beside = {t for s in near for t in board.linked(s)} - set(near)
    found: dict[frozenset[int], tuple[tuple[int, ...], Figure]] = {}
    for anchor in range(board.n):
        for facing in range(len(graph.facings)):
            spaces = graph.spaces((anchor, facing))
            if spaces is None or not graph.free((anchor, facing)) or beside.isdisjoint(spaces):
                continue
            found.setdefault(frozenset(spaces), (spaces, replace(
                figure, at=anchor, footprint=graph.facings[facing])))
    return sorted(found.values(), key=lambda entry: entry[0])
