"""Properties of figures that take more than one space (hypothesis, issue 25): a large
figure never overlaps another figure, an Impassable space or a closed door, never straddles
a Wall, and every move it makes is connected, step by step."""

from __future__ import annotations

import itertools

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tales.board.figures import Figure, Side
from tales.board.footprint import SHAPES, linked_together, placements, turned
from tales.board.position import Position
from tales.rules.decisions import all_outcomes
from tales.rules.large import LargeDifficult, LargeRules, LargeTurns
from tales.rules.large_movement import LargeGraph, large_move, routes
from tales.rules.movement import MoveRules
from tales.rules.schemer_movement import SchemerRules, schemer_move
from tales.rules.targets import parse_selector
from tests.test_properties import boards


@st.composite
def large_positions(draw: st.DrawFn) -> Position:
    board = draw(boards())
    empty = Position.empty(board)
    name = draw(st.sampled_from(["pair", "triangle", "line-3", "block"]))
    offsets = turned(SHAPES[board.layout][name], board.layout, draw(st.integers(0, 5)))
    spots = placements(board, offsets, empty.blocked(), turns=False)
    assume(spots)
    spot = draw(st.sampled_from(spots))
    large = Figure("s", Side.SCHEMER, spot.anchor, footprint=offsets)
    free = [s for s in range(board.n) if not empty.is_blocked(s) and s not in spot.spaces]
    count = draw(st.integers(0, min(3, len(free))))
    others = [Figure(f"h{i}", Side.HERO, s)
              for i, s in enumerate(draw(st.permutations(free))[:count])]
    return Position(board, (large, *others), empty.traps, {}, empty.closed_doors)


def _legal(position: Position, spaces: tuple[int, ...]) -> bool:
    """No space blocked or Occupied by another figure, linked together (no Wall between)."""
    blocked = position.blocked()
    occupied = position.occupied(ignoring="s")
    return (not any(blocked[s] or occupied[s] for s in spaces)
            and linked_together(position.board, spaces))


RULES = st.builds(LargeRules, st.sampled_from(list(LargeTurns)),
                  st.sampled_from(list(LargeDifficult)))


@settings(max_examples=120, deadline=None)
@given(large_positions(), st.integers(0, 5), st.booleans(), RULES)
def test_every_end_and_every_step_is_legal_and_connected(
    position: Position, points: int, leap: bool, rules: LargeRules
) -> None:
    graph = LargeGraph(position, position.figure("s"), leap, rules)
    board = position.board
    for state, route in routes(graph, points).items():
        assert route.path[0] == graph.start and route.path[-1] == state
        assert route.cost <= points
        assert _legal(position, graph.spaces(state) or ())
        for before, after in itertools.pairwise(route.path):
            old, new = graph.spaces(before), graph.spaces(after)
            assert old is not None and new is not None
            assert not any(position.blocked()[s] for s in new)
            if before[1] == after[1]:  # a slide: every part one linked step
                assert all(board.adjacent(a, b) for a, b in zip(old, new, strict=True))
            else:  # a turn about the anchor
                assert rules.turns is LargeTurns.PIVOT and before[0] == after[0]
            if not leap:
                assert not any(position.occupied(ignoring="s")[s] for s in new)


@settings(max_examples=60, deadline=None)
@given(large_positions(), st.integers(1, 4))
def test_a_large_move_puts_the_figure_on_every_space_of_its_end(position: Position,
                                                                points: int) -> None:
    graph = LargeGraph(position, position.figure("s"))
    for state, route in list(routes(graph, points).items())[:4]:
        found = all_outcomes(lambda route=route: large_move(graph, route))  # type: ignore[misc]
        for _, moved in found:
            if moved.defeated:
                continue
            after = moved.position
            assert after.spaces_of(after.figure("s")) == graph.spaces(state)


@settings(max_examples=60, deadline=None)
@given(large_positions(), st.integers(1, 4), st.sampled_from(list(LargeTurns)))
def test_a_large_schemer_never_ends_overlapping(position: Position, points: int,
                                                turns: LargeTurns) -> None:
    assume(len(position.figures) > 1)
    rules = SchemerRules(move=MoveRules(large=LargeRules(turns=turns)))
    found = all_outcomes(lambda: schemer_move(position, "s", points,
                                              parse_selector("nearest foe"), rules=rules))
    for _, outcome in found:
        after = outcome.position or position
        if not after.has_figure("s"):
            continue
        spaces = after.spaces_of(after.figure("s"))
        assert outcome.spaces in ((), spaces)
        assert _legal(after, spaces)
