"""The large-figure search over the board's state table (issue 25, item 3) gives what the
plain search gives: on small random boards every state's steps (where to, cost, the spaces
entered, their damage, Safe or not) and every unlimited search (fewest points, least
damage, Safe paths only; Move and Leap) equal a plain re-derivation that works each step out
from the footprint functions alone, one state at a time, as the search did before the
table."""

from __future__ import annotations

import heapq
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tales.board.board import Layout
from tales.board.footprint import spaces_at, standable, turned
from tales.board.position import Position
from tales.rules.large import LargeDifficult, LargeRules, LargeTurns
from tales.rules.large_movement import LargeGraph, cheapest, toward
from tales.rules.spaces import danger_table, entry_costs
from tests.test_large_properties import RULES, large_positions

PlainStep = tuple[tuple[int, int], int, tuple[int, ...], int, bool]


def plain_steps(position: Position, leap: bool, rules: LargeRules, state: tuple[int, int]
                ) -> list[PlainStep]:
    """The steps out of ``state`` for figure ``s``, worked out from scratch."""
    board = position.board
    figure = position.figure("s")
    count = 6 if board.layout is Layout.HEX else 4
    facings = [turned(figure.footprint, board.layout, k) for k in range(count)]
    blocked = position.blocked()
    occupied = position.occupied(ignoring="s")
    costs = entry_costs(position, figure)
    damage, dangerous = danger_table(position, figure)

    def spaces(at: tuple[int, int]) -> tuple[int, ...] | None:
        found = spaces_at(board, at[0], facings[at[1]])
        return found if standable(board, found, blocked) else None

    here = spaces(state)
    if here is None:
        return []
    anchor, facing = state
    moves = [(b, facing) for b in board.linked(anchor)]
    if rules.turns is LargeTurns.PIVOT:
        moves += [(anchor, (facing + 1) % count), (anchor, (facing - 1) % count)]
    found: list[PlainStep] = []
    for nxt in moves:
        there = spaces(nxt)
        if there is None or there == here:
            continue
        if nxt[1] == facing and not all(board.adjacent(a, b)
                                        for a, b in zip(here, there, strict=True)):
            continue
        if not leap and any(occupied[s] for s in there):
            continue
        entered = tuple(s for s in there if s not in here)
        safe = not any(dangerous[s] for s in entered)
        if leap:
            found.append((nxt, 1, entered, 0, safe))
            continue
        extra = [int(costs[s]) - 1 for s in entered] or [0]
        cost = 1 + (sum(extra) if rules.difficult is LargeDifficult.PER_PART else max(extra))
        found.append((nxt, cost, entered, sum(int(damage[s]) for s in entered), safe))
    return found


def plain_cheapest(position: Position, leap: bool, rules: LargeRules, safe_only: bool,
                   key_damage: bool) -> dict[tuple[int, int], tuple[float, float]]:
    """Dijkstra's search over :func:`plain_steps` (ranks as tales.rules.large_movement)."""
    figure = position.figure("s")
    start = (figure.at, 0)

    def rank(value: tuple[float, float]) -> tuple[float, float]:
        return value if key_damage else (value[1], value[0])

    best: dict[tuple[int, int], tuple[float, float]] = {start: (0, 0)}
    queue: list[tuple[tuple[float, float], tuple[int, int]]] = [((0, 0), start)]
    while queue:
        key, here = heapq.heappop(queue)
        if key > rank(best[here]):
            continue
        damage, spent = best[here]
        for to, cost, _, hurt, safe in plain_steps(position, leap, rules, here):
            if safe_only and not leap and not safe:
                continue
            found = (damage + hurt, spent + cost)
            if to not in best or rank(found) < rank(best[to]):
                best[to] = found
                heapq.heappush(queue, (rank(found), to))
    if leap:
        graph = LargeGraph(position, figure, leap, rules)
        best = {s: (graph.landing(s), p) for s, (_, p) in best.items()
                if not safe_only or s == start or graph.safe(s)}
    return best


def _as_plain(step: Any) -> PlainStep:
    return (step.to, step.cost, step.entered, step.damage, step.safe)


@settings(max_examples=150, deadline=None)
@given(large_positions(), st.booleans(), RULES)
def test_every_state_has_the_plain_steps(position: Position, leap: bool,
                                         rules: LargeRules) -> None:
    graph = LargeGraph(position, position.figure("s"), leap, rules)
    for anchor in range(position.board.n):
        for facing in range(len(graph.facings)):
            state = (anchor, facing)
            assert [_as_plain(s) for s in graph.steps(state)] == plain_steps(
                position, leap, rules, state), state


@settings(max_examples=150, deadline=None)
@given(large_positions(), st.booleans(), RULES, st.booleans(), st.booleans())
def test_the_unlimited_searches_are_the_plain_ones(position: Position, leap: bool,
                                                    rules: LargeRules, safe_only: bool,
                                                    key_damage: bool) -> None:
    graph = LargeGraph(position, position.figure("s"), leap, rules)
    assert cheapest(graph, safe_only, key_damage) == plain_cheapest(
        position, leap, rules, safe_only, key_damage)


def plain_toward(position: Position, leap: bool, rules: LargeRules, final: tuple[int, int],
                 safe_only: bool) -> dict[tuple[int, int], float]:
    """Fewest movement points from each reachable state to ``final``, over
    :func:`plain_steps` backwards."""
    reached = plain_cheapest(position, leap, rules, False, False)
    reverse: dict[tuple[int, int], list[tuple[tuple[int, int], int]]] = {}
    for here in reached:
        for to, cost, _, _, safe in plain_steps(position, leap, rules, here):
            if not safe_only or safe:
                reverse.setdefault(to, []).append((here, cost))
    best = {final: 0.0}
    queue = [(0.0, final)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best[here]:
            continue
        for before, cost in reverse.get(here, []):
            if spent + cost < best.get(before, float("inf")):
                best[before] = spent + cost
                heapq.heappush(queue, (spent + cost, before))
    return best


@settings(max_examples=100, deadline=None)
@given(large_positions(), st.booleans(), RULES, st.booleans(), st.data())
def test_the_approach_by_path_is_the_plain_one(position: Position, leap: bool,
                                               rules: LargeRules, safe_only: bool,
                                               data: st.DataObject) -> None:
    graph = LargeGraph(position, position.figure("s"), leap, rules)
    final = data.draw(st.sampled_from(sorted(cheapest(graph))))
    assert toward(graph, final, safe_only) == plain_toward(position, leap, rules, final,
                                                           safe_only)
