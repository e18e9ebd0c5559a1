"""Appendix D for a Schemer that takes more than one space (docs/rules-decisions.md, "Large
figures", "Appendix D for a large Schemer: anchor placements").

The target spaces are found as for any Schemer (:func:`tales.rules.targets.target_spaces`);
a **target placement** is a state (anchor and facing) with any of its spaces among them.
Steps 1 to 3 then run over placements: Unoccupied Safe ones reachable by Move, then
Dangerous ones, then as if Leap, then widening; least movement along a Safe path, else
least damage then movement; move to the final target placement if the movement reaches
it, else to the Nearest placement it can reach. Every tie is the players'.
:func:`tales.rules.schemer_movement.schemer_move` calls :func:`large_schemer_move` for a
large Schemer once its target spaces are known.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

import numpy as np

from tales.board.figures import Figure
from tales.board.footprint import State
from tales.board.position import Position
from tales.rules.decisions import Decider, Decision, Resolution
from tales.rules.large_movement import (
    LargeGraph,
    LargeRoute,
    cheapest,
    large_move,
    routes,
    state_names,
    toward,
)
from tales.rules.movement import MoveResult
from tales.rules.schemer_movement import (
    MOST_MOVEMENT,
    Approach,
    Asker,
    DangerousPaths,
    SchemerMove,
    SchemerRules,
    nearest_reachable,
)
from tales.rules.spaces import Pause
from tales.rules.targets import Targets

#: The Decisions a large Schemer asks the table; each option is the placement's spaces.
PLACEMENT_DECISIONS = frozenset({"final-target-placement", "approach-placement"})


def _spaces_key(graph: LargeGraph, state: State) -> tuple[int, ...]:
    return graph.spaces(state) or ()


def _pick(
    graph: LargeGraph, leap_graph: Callable[[], LargeGraph], ring0: set[int],
    reasons: list[str],
) -> tuple[list[State], LargeGraph | None, dict[State, tuple[float, float]],
           dict[State, tuple[float, float]]]:
    """Appendix D step 1 over placements: Safe, Dangerous, as if Leap, then widen."""
    board = graph.position.board
    ring = set(ring0)
    seen = set(ring)
    widened = 0
    def same() -> LargeGraph:
        return graph

    makers: list[Callable[[], LargeGraph]] = [same] if graph.leap else [same, leap_graph]
    reached: dict[int, dict[State, tuple[float, float]]] = {}  # searched once per model
    while ring:
        for make in makers:
            model = make()
            touching = model.touching(ring)
            if not touching:
                continue
            if id(model) not in reached:
                reached[id(model)] = cheapest(model)
            by_move = reached[id(model)]
            reachable = [s for s in touching if s in by_move]
            safe = [s for s in reachable if model.safe(s)]
            chosen = safe or reachable
            if chosen:
                kind = "Safe" if safe else "Dangerous (no Safe one)"
                how = " (every path is blocked: targeting as if Leap)" if (
                    model is not graph) else ""
                where = (f"placements {widened} out from the targets" if widened
                         else "target placements")
                reasons.append(f"{kind} Unoccupied {where}{how}: "
                               + ", ".join(state_names(model, s) for s in sorted(
                                   chosen, key=lambda s: _spaces_key(model, s))))
                return (chosen, model, cheapest(model, safe_only=True),
                        cheapest(model, key_damage=True))
        widened += 1
        nxt = {t for s in ring for t in board.linked(s)
               if t not in seen and not board.impassable[t]}
        seen |= nxt
        ring = nxt
        if ring:
            reasons.append("no Unoccupied target placement can be reached: widening the "
                           "search to the spaces next to them")
    return [], None, {}, {}


def large_schemer_move(
    position: Position, figure: Figure, points: int, leap: bool, rules: SchemerRules,
    spaces: dict[int, list[str]], found: Targets, reasons: list[str],
    pause: Pause | None = None, ask: Asker | None = None,
) -> Resolution[SchemerMove]:
    """Steps 1 to 3 of Appendix D for a large Schemer; the :class:`SchemerMove` names every
    space it ends on in ``spaces``. ``ask`` asks its ties (leaving out options that change
    nothing); without one, every tie is asked."""
    ask = ask if ask is not None else Asker(None, reasons)
    large = rules.move.large
    names = position.board.names
    graph = LargeGraph(position, figure, leap, large)
    here = graph.spaces(graph.start) or (figure.at,)

    def result(to: State, path: tuple[int, ...], target: str | None, final: State | None,
               damage: int, moved: MoveResult | None = None) -> SchemerMove:
        covered = graph.spaces(to) or (to[0],)
        if moved is not None and moved.position.has_figure(figure.id):
            covered = moved.position.spaces_of(moved.position.figure(figure.id))
        return SchemerMove(figure.id, figure.at, to[0], path, target,
                           None if final is None else final[0], damage, tuple(reasons),
                           moved, covered)

    def stay(why: str, target: str | None = None, final: State | None = None) -> SchemerMove:
        reasons.append(why)
        return result(graph.start, (figure.at,), target, final, 0)

    touching = [s for s in here if s in spaces]
    if touching:
        who = spaces[touching[0]]
        reasons.append(f"already on a target placement ({' '.join(names[s] for s in here)}): "
                       "it does not move")
        return result(graph.start, (figure.at,), who[0] if who else None, graph.start, 0)
    leap_graph = cache(lambda: LargeGraph(position, figure, True, large))
    candidates, model, safe_steps, by_damage = _pick(graph, leap_graph, set(spaces), reasons)
    if not candidates or model is None:
        return stay("no legal target placement: it does not move")
    widened = not any(s in spaces for c in candidates for s in model.spaces(c) or ())

    # Step 2: least movement along a Safe path, else least damage then movement.
    with_safe = [s for s in candidates if s in safe_steps]
    if with_safe:
        best = min(safe_steps[s][1] for s in with_safe)
        finals = [s for s in with_safe if safe_steps[s][1] == best]
        reasons.append(f"least movement along a Safe path: {int(best)}")
    else:
        key = min(by_damage[s] for s in candidates)
        finals = [s for s in candidates if by_damage[s] == key]
        reasons.append(f"no Safe path: least damage {int(key[0])}, then movement {int(key[1])}")
    finals.sort(key=lambda s: _spaces_key(model, s))
    final = finals[0]
    if len(finals) > 1:
        chosen = yield from ask(Decision(
            "final-target-placement", f"{figure.id}: players choose the final target "
            "placement", tuple(_spaces_key(model, s) for s in finals), Decider.TABLE,
            figure.id, position=position), lambda o: " ".join(names[s] for s in o))
        final = finals[[_spaces_key(model, s) for s in finals].index(chosen)]
    final_spaces = _spaces_key(model, final)
    reasons.append(f"final target placement {' '.join(names[s] for s in final_spaces)}")
    ids = [i for s in final_spaces for i in spaces.get(s, [])]
    if not ids and widened:
        ids = [f.id for f in found.figures]
    target = ids[0] if ids else None
    if len(set(ids)) > 1:
        field = position.line_of_fire_field(final[0])
        target = min(set(ids), key=lambda i: (
            position.figure_distance(field, position.figure(i)) or math.inf, i))

    # Step 3: as close as possible; along Safe spaces while a Safe path exists.
    move_safe = cheapest(graph, safe_only=True)
    safe_only = rules.dangerous_paths is DangerousPaths.AVOID and final in move_safe
    reach = routes(graph, points, safe_only=safe_only)
    verb = "Leaps" if leap else "moves"
    route: LargeRoute
    if final in reach:
        route = reach[final]
        reasons.append(f"can reach it: {verb} {route.cost} of {points} to "
                       f"{' '.join(names[s] for s in final_spaces)}"
                       + (f", taking {route.damage} damage" if route.damage else ""))
        to = final
    else:
        if rules.approach is Approach.LINE_OF_FIRE:
            fields = position.sight().fields(list(final_spaces))
            near = np.where(fields >= 0, fields, np.iinfo(np.int32).max).min(axis=0)
            distance = {s: float(min(int(near[x]) for x in graph.spaces(s) or ()))
                        for s in reach}
            distance = {s: d for s, d in distance.items() if d < np.iinfo(np.int32).max}
        else:
            still = toward(graph, final, safe_only)
            distance = {s: still[s] for s in reach if s in still}
        options = sorted(((distance[s], reach[s].damage, reach[s].cost, s) for s in reach
                          if s in distance), key=lambda o: _spaces_key(graph, o[3]))
        if not options:
            return stay("cannot get any nearer: it does not move", target, final)
        nearest, ends, most = nearest_reachable(options, rules.approach)
        to = ends[0]
        if len(ends) > 1:
            chosen = yield from ask(Decision(
                "approach-placement", f"{figure.id}: players choose among the Nearest "
                "placements it can reach", tuple(_spaces_key(graph, s) for s in ends),
                Decider.TABLE, figure.id, position=position),
                lambda o: " ".join(names[s] for s in o))
            to = ends[[_spaces_key(graph, s) for s in ends].index(chosen)]
        route = reach[to]
        measure = "by Line of Fire" if rules.approach is Approach.LINE_OF_FIRE else "by path"
        reasons.append(f"cannot reach it with {points}: {verb} {route.cost} to "
                       f"{state_names(graph, to)}, Nearest reachable placement {measure} "
                       f"({int(nearest)} from {' '.join(names[s] for s in final_spaces)})"
                       + (f", taking {route.damage} damage" if route.damage else "")
                       + (MOST_MOVEMENT if most else ""))
    if to == graph.start:
        return result(graph.start, (figure.at,), target, final, 0)
    moved = yield from large_move(graph, route, pause)
    if moved.defeated:
        reasons.append(f"Defeated on {names[moved.path[-1]]}: removed at once, it goes no "
                       "farther (Defeated)")
    return result(to if not moved.defeated else route.path[len(moved.path) - 1], moved.path,
                  target, final, moved.damage, moved)
