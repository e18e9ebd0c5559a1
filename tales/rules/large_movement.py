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
from dataclasses import dataclass, field, replace

import numpy as np

from tales.board.board import BoolArray, IntArray
from tales.board.figures import Figure, Keyword
from tales.board.footprint import Footprint, State, StateTable, state_table
from tales.board.position import Position
from tales.errors import IllegalChoice
from tales.rules.decisions import Resolution
from tales.rules.large import DEFAULT_LARGE, LargeDifficult, LargeRules, LargeTurns
from tales.rules.movement import MoveResult
from tales.rules.spaces import Pause, SpaceEvent, danger_table, entry_costs, fell, resolve_space


@dataclass(frozen=True, slots=True)
class Step:
    """One step between two states: where to, what it costs, the spaces it enters, the
    damage they deal (0 for a Leap: only its landing counts) and whether none of them is
    Dangerous."""

    to: State
    cost: int
    entered: tuple[int, ...]
    damage: int = 0
    safe: bool = True


@dataclass
class LargeGraph:
    """Every state a large figure can stand in and the steps between them, for a Move or
    a Leap (``leap``: figures and Difficult ignored, only the landing resolves). The
    geometry (which states can be stood on, the slides and turns between them) is the
    board's :class:`~tales.board.footprint.StateTable`, worked out once per board; what
    each move costs and deals here is worked out for all of them at once, and the
    searches run over state numbers."""

    position: Position
    figure: Figure
    leap: bool = False
    rules: LargeRules = DEFAULT_LARGE
    facings: tuple[Footprint, ...] = field(init=False)
    table: StateTable = field(init=False)
    blocked: BoolArray = field(init=False)
    occupied: BoolArray = field(init=False)
    costs: IntArray = field(init=False)
    damage: IntArray = field(init=False)
    dangerous: BoolArray = field(init=False)
    #: any space Dangerous or dealing damage to this figure (else Safe and least-damage
    #: searches are the plain one)
    any_danger: bool = field(init=False)
    #: the moves this figure may make, by state number: ``first[i]:first[i + 1]`` of
    #: ``edges`` (indices into the table's moves), ``target``, ``cost``, ``hurt``, ``safe``
    first: list[int] = field(init=False)
    edges: list[int] = field(init=False)
    target: list[int] = field(init=False)
    cost: list[int] = field(init=False)
    hurt: list[int] = field(init=False)
    safe_step: list[bool] = field(init=False)
    _steps: dict[State, list[Step]] = field(init=False, default_factory=dict)
    _searched: dict[tuple[bool, bool], dict[State, tuple[float, float]]] = field(
        init=False, default_factory=dict)

    def __post_init__(self) -> None:
        position = self.position
        self.blocked = position.blocked()
        table = self.table = state_table(position.board, self.figure.footprint,
                                         position.closed_doors, self.blocked)
        self.facings = table.facings
        self.occupied = position.occupied(ignoring=self.figure.id)
        self.costs = entry_costs(position, self.figure)
        self.damage, self.dangerous = danger_table(position, self.figure)
        self.any_danger = bool(self.dangerous.any() or self.damage.any())
        keep = np.ones(len(table.target), dtype=bool) if (
            self.rules.turns is LargeTurns.PIVOT) else ~table.turn
        entered = table.entered
        safe = np.asarray(~np.append(self.dangerous, False)[entered].any(axis=1), dtype=bool)
        if self.leap:
            cost = np.ones(len(keep), dtype=np.int64)
            hurt = np.zeros(len(keep), dtype=np.int64)
        else:
            keep &= ~np.append(self.occupied, False)[table.padded[table.target]].any(axis=1)
            extra = np.append(self.costs, 1)[entered] - 1
            per_part = self.rules.difficult is LargeDifficult.PER_PART
            cost = 1 + (extra.sum(axis=1) if per_part else extra.max(axis=1))
            hurt = np.append(self.damage, 0)[entered].sum(axis=1)
        edges = np.flatnonzero(keep)
        first = np.zeros(len(table.states) + 1, dtype=np.int64)
        np.cumsum(np.bincount(table.source[edges], minlength=len(table.states)),
                  out=first[1:])
        self.first, self.edges = first.tolist(), edges.tolist()
        self.target = table.target[edges].tolist()
        self.cost, self.hurt = cost[edges].tolist(), hurt[edges].tolist()
        self.safe_step = safe[edges].tolist()

    @property
    def start(self) -> State:
        """Where the figure stands now (its footprint as it is, facing 0)."""
        return (self.figure.at, 0)

    def spaces(self, state: State) -> tuple[int, ...] | None:
        """The spaces of ``state`` when it can be stood on (Occupied or not), else None."""
        return self.table.spaces(state)

    def free(self, state: State) -> bool:
        """It can be stood on and none of its spaces is Occupied by another figure."""
        spaces = self.table.spaces(state)
        return spaces is not None and not any(self.occupied[s] for s in spaces)

    def safe(self, state: State) -> bool:
        """None of its spaces is Dangerous to the figure (glossary: Safe)."""
        spaces = self.table.spaces(state)
        return spaces is not None and not any(self.dangerous[s] for s in spaces)

    def touching(self, spaces: set[int]) -> list[State]:
        """Every free state (:meth:`free`) with one of its spaces among ``spaces``."""
        table = self.table
        free = table.valid & ~np.append(self.occupied, False)[table.padded].any(axis=1)
        near = np.isin(table.cover, sorted(spaces)).any(axis=1)
        return [table.states[i] for i in np.flatnonzero(free & near).tolist()]

    def steps(self, state: State) -> list[Step]:
        """The steps out of ``state`` (Move: never onto Occupied spaces): its slides, then
        with ``large_turns=pivot`` its turns."""
        try:
            return self._steps[state]
        except KeyError:
            pass
        table = self.table
        i = table.index(state)
        found = [Step(table.states[self.target[e]], self.cost[e],
                      tuple(int(s) for s in table.entered[self.edges[e]] if s < table.n),
                      self.hurt[e], self.safe_step[e])
                 for e in range(self.first[i], self.first[i + 1])]
        self._steps[state] = found
        return found

    def landing(self, state: State) -> int:
        """A Leap's landing damage: the spaces it lands on that it did not start on."""
        spaces = self.spaces(state) or ()
        start = self.spaces(self.start) or ()
        return sum(int(self.damage[s]) for s in spaces if s not in start)


def cheapest(graph: LargeGraph, safe_only: bool = False,
             key_damage: bool = False) -> dict[State, tuple[float, float]]:
    """Unlimited movement from the start: for each reachable state (damage, points) of the
    best path, by fewest points (``key_damage``: least damage, then fewest points);
    ``safe_only`` enters no Dangerous space. Kept on the graph once searched; with nothing
    Dangerous on the map the three searches are one."""
    if not graph.any_danger:
        safe_only = key_damage = False
    known = graph._searched.get((safe_only, key_damage))
    if known is None:
        known = graph._searched[(safe_only, key_damage)] = _cheapest(graph, safe_only,
                                                                     key_damage)
    return known


def _cheapest(graph: LargeGraph, safe_only: bool, key_damage: bool
              ) -> dict[State, tuple[float, float]]:
    plain = graph.leap or (not graph.any_danger and not (graph.costs > 1).any())
    start = graph.table.index(graph.start)
    found = _breadth_first(graph, start) if plain else _dijkstra(graph, start, safe_only,
                                                                 key_damage)
    states = graph.table.states
    best = {states[i]: value for i, value in found.items()}
    if graph.leap:  # only the landing counts; a Safe Leap lands on no Dangerous space
        best = {s: (graph.landing(s), p) for s, (_, p) in best.items()
                if not safe_only or s == graph.start or graph.safe(s)}
    return best


def _breadth_first(graph: LargeGraph, start: int) -> dict[int, tuple[float, float]]:
    """(0, fewest steps) to every reachable state, when every step costs 1 and deals
    nothing (a Leap, or a Move with nothing Difficult or Dangerous on the map)."""
    best: dict[int, tuple[float, float]] = {start: (0, 0)}
    first, target = graph.first, graph.target
    frontier, spent = [start], 0
    while frontier:
        spent += 1
        reached: list[int] = []
        for here in frontier:
            for there in target[first[here]:first[here + 1]]:
                if there not in best:
                    best[there] = (0, spent)
                    reached.append(there)
        frontier = reached
    return best


def _dijkstra(graph: LargeGraph, start: int, safe_only: bool, key_damage: bool
              ) -> dict[int, tuple[float, float]]:
    """(damage, points) of the best path to every reachable state: fewest points then
    least damage, or (``key_damage``) least damage then fewest points."""
    best: dict[int, tuple[float, float]] = {start: (0, 0)}
    queue: list[tuple[tuple[float, float], int]] = [((0, 0), start)]
    first, target, cost, hurt, safe = (graph.first, graph.target, graph.cost, graph.hurt,
                                       graph.safe_step)
    while queue:
        key, here = heapq.heappop(queue)
        damage, spent = value = best[here]
        if key > _key(value, key_damage):
            continue
        for e in range(first[here], first[here + 1]):
            if safe_only and not safe[e]:
                continue
            found = (damage + hurt[e], spent + cost[e])
            there = target[e]
            old = best.get(there)
            rank = _key(found, key_damage)
            if old is None or rank < _key(old, key_damage):
                best[there] = found
                heapq.heappush(queue, (rank, there))
    return best


def _key(value: tuple[float, float], key_damage: bool) -> tuple[float, float]:
    return value if key_damage else (value[1], value[0])


def toward(graph: LargeGraph, final: State, safe_only: bool = False) -> dict[State, float]:
    """The fewest movement points still needed from each state to reach ``final``."""
    reverse: dict[State, list[tuple[State, int]]] = {}
    for here in cheapest(graph):
        for step in graph.steps(here):
            if safe_only and not step.safe:
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
                if safe_only and not graph.leap and not step.safe:
                    continue
                arrive = spent + step.cost
                if arrive > limit:
                    continue
                total = damage + step.damage
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


def _free_states(position: Position, figure: Figure) -> list[tuple[tuple[int, ...], Figure]]:
    graph = LargeGraph(position, figure)
    found = []
    for anchor, facing in graph.touching(set(range(position.board.n))):
        spaces = graph.spaces((anchor, facing))
        assert spaces is not None
        found.append((spaces, replace(figure, at=anchor, footprint=graph.facings[facing])))
    return found


def free_places(position: Position, figure: Figure) -> list[tuple[tuple[int, ...], Figure]]:
    """Every place a large ``figure`` can stand on (each anchor and facing) with none of its
    spaces Occupied by another figure, with the figure placed there; its spaces first,
    anchor first, sorted by them (the table assistant's edits)."""
    return sorted(_free_states(position, figure), key=lambda entry: entry[0])


def places_next_to(position: Position, figure: Figure, near: tuple[int, ...]
                   ) -> list[tuple[tuple[int, ...], Figure]]:
    """Every free place (any facing) where a large ``figure`` coming onto the map stands
    next to one of the spaces ``near`` (a Reinforce beside its actor), with the figure placed
    there; its spaces first, anchor first; one anchoring of each set of spaces."""
    board = position.board
    beside = {t for s in near for t in board.linked(s)} - set(near)
    found: dict[frozenset[int], tuple[tuple[int, ...], Figure]] = {}
    for spaces, placed in _free_states(position, figure):
        if not beside.isdisjoint(spaces):
            found.setdefault(frozenset(spaces), (spaces, placed))
    return sorted(found.values(), key=lambda entry: entry[0])
