"""Push, Pull, Grab and Place of a figure that takes more than one space
(docs/rules-decisions.md, "Push, Pull, Grab and Place of a large figure").

With ``large_forced=whole`` the whole figure moves, keeping its facing: a Push or Pull step
moves every part one space the same way so that its Line of Fire distance from the actor
(the nearest of its spaces) grows, or shrinks, by exactly one; a Pull stops once it is
adjacent. Grab puts it on an Unoccupied placement adjacent to the grabber; Place puts its
anchor on the given space. ``large_forced=massive`` also treats it as Massive. The spaces
each step enters resolve (Traps, Hazards). :mod:`tales.rules.forced` calls these only for
large targets.
"""

from __future__ import annotations

import numpy as np

from tales.board.board import BoolArray
from tales.board.figures import Figure, Keyword
from tales.board.footprint import State
from tales.board.position import Position
from tales.errors import IllegalChoice
from tales.rules.decisions import Decision, Resolution
from tales.rules.health import decider_for
from tales.rules.large import DEFAULT_LARGE, LargeForced, LargeRules, LargeTurns
from tales.rules.large_movement import LargeGraph, LargeRoute, large_move
from tales.rules.spaces import Pause, SpaceEvent


def _graph(position: Position, target: Figure, rules: LargeRules) -> LargeGraph:
    # forced movement never turns the figure, and ignores Difficult (Push X, Pull X)
    fixed = LargeRules(LargeTurns.FIXED, rules.difficult, rules.forced)
    return LargeGraph(position, target, leap=False, rules=fixed)


def massive(target: Figure, rules: LargeRules) -> bool:
    """Treated as Massive: it is, or the ``large_forced=massive`` reading makes it so."""
    return Keyword.MASSIVE in target.keywords or rules.forced is LargeForced.MASSIVE


def large_forced_paths(
    position: Position, actor: Figure, target: Figure, x: int, away: bool,
    rules: LargeRules = DEFAULT_LARGE,
) -> list[tuple[State, ...]]:
    """Every legal Push (``away``) or Pull path of a large ``target``, as states."""
    graph = _graph(position, target, rules)
    field = position.figure_field(actor)

    def distance(state: State) -> int | None:
        found = [int(field[s]) for s in graph.spaces(state) or () if field[s] >= 0]
        return min(found) if found else None

    actor_spaces = set(position.spaces_of(actor))

    def touching(state: State) -> bool:
        board = position.board
        return any(board.adjacent(s, a) for s in graph.spaces(state) or ()
                   for a in actor_spaces)

    step = 1 if away else -1
    paths: list[tuple[State, ...]] = []

    def extend(path: tuple[State, ...], left: int) -> None:
        here = path[-1]
        d = distance(here)
        if left == 0 or d is None or (not away and touching(here)):
            paths.append(path)
            return
        options = [s.to for s in graph.steps(here) if distance(s.to) == d + step]
        if not options:
            paths.append(path)
            return
        for there in options:
            extend((*path, there), left - 1)

    extend((graph.start,), x)
    return list(dict.fromkeys(paths))


def large_forced(
    position: Position, actor: Figure, target: Figure, x: int, away: bool,
    rules: LargeRules = DEFAULT_LARGE, pause: Pause | None = None,
) -> Resolution[tuple[Position, tuple[int, ...], tuple[SpaceEvent, ...]]]:
    """Push or Pull a large figure X; returns the position, the anchor's path and events."""
    if massive(target, rules):
        x = min(x, 1)  # glossary: Massive, "Push/Pull effects are reduced to 1"
    graph = _graph(position, target, rules)
    paths = large_forced_paths(position, actor, target, x, away, rules)
    verb = "Push" if away else "Pull"
    path = paths[0]
    if len(paths) > 1:
        options = tuple(tuple(anchor for anchor, _ in p) for p in paths)
        chosen = yield Decision(
            f"{verb.lower()}-path", f"{actor.id} {verb}es {target.id} {x}: choose the path "
            "(of its anchor)", options, decider_for(actor), actor.id, position=position)
        path = paths[options.index(chosen)]
    moved = yield from large_move(graph, LargeRoute(path, len(path) - 1, 0), pause)
    return moved.position, moved.path, tuple(e for e in moved.events
                                              if isinstance(e, SpaceEvent))


def large_grab_placements(position: Position, grabber: Figure, target: Figure
                          ) -> list[State]:
    """Where a Grab may put a large ``target`` (same facing): Unoccupied placements with a
    space adjacent to the grabber, not where it stands."""
    graph = _graph(position, target, DEFAULT_LARGE)
    board = position.board
    near = {int(s) for g in position.spaces_of(grabber) for s in board.links[g] if s >= 0}
    found = []
    for anchor in range(board.n):
        state = (anchor, 0)
        spaces = graph.spaces(state)
        if state == graph.start or spaces is None or not graph.free(state):
            continue
        if not near.isdisjoint(spaces):
            found.append(state)
    return found


def place_anchors(position: Position, target: Figure) -> BoolArray:
    """The spaces a Place may put a large ``target``'s anchor on: its facing kept, every
    space it would take enterable and Unoccupied (by others)."""
    graph = _graph(position, target, DEFAULT_LARGE)
    return np.array([graph.free((anchor, 0)) for anchor in range(position.board.n)],
                    dtype=bool)


def large_place(
    position: Position, target: Figure, to: int, grabber: Figure | None,
    rules: LargeRules = DEFAULT_LARGE, pause: Pause | None = None,
) -> Resolution[tuple[Position, tuple[int, ...], tuple[SpaceEvent, ...], str | None]]:
    """Grab (``grabber`` given; ``to`` ignored, a Decision) or Place a large figure with its
    anchor on ``to``; returns the position, the anchor's path, events and the keyword that
    stopped it (None if it moved)."""
    if massive(target, rules):
        return position, (target.at,), (), Keyword.MASSIVE.value
    graph = _graph(position, target, rules)
    names = position.board.names
    if grabber is not None:
        options = large_grab_placements(position, grabber, target)
        if not options:
            return position, (target.at,), (), None
        state = options[0]
        if len(options) > 1:
            spaces = tuple(graph.spaces(s) or () for s in options)
            chosen = yield Decision(
                "grab-placement", f"{grabber.id} Grabs {target.id}: choose where it goes",
                spaces, decider_for(grabber), grabber.id, position=position)
            state = options[spaces.index(chosen)]
    else:
        state = (to, 0)
        if graph.spaces(state) is None:
            raise IllegalChoice(f"cannot Place {target.id} with its anchor on {names[to]}: "
                                "a part would be off the map or on a space it cannot enter")
        if not graph.free(state):
            raise IllegalChoice(f"cannot Place {target.id} with its anchor on {names[to]}: a "
                                "space it would take is Occupied")
    # placed, not moved: only the landing spaces resolve, as a Leap's landing
    landing = LargeGraph(position, target, leap=True, rules=graph.rules)
    moved = yield from large_move(landing, LargeRoute((graph.start, state), 1, 0), pause)
    return moved.position, moved.path, tuple(e for e in moved.events
                                              if isinstance(e, SpaceEvent)), None
