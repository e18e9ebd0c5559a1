"""Properties over random boards (hypothesis): Line of Fire, Move, Push/Pull, replay."""

from __future__ import annotations

import heapq
import itertools
import random
from dataclasses import replace
from unittest import mock

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.board.board import Board, Cell, Layout
from tales.board.fields import plain_bfs
from tales.board.figures import Figure, Keyword, Side
from tales.board.position import Position
from tales.engine.game import roll_chance, uniform_below
from tales.rules.decisions import Decider, Decision, all_outcomes, replay, resolve
from tales.rules.forced import forced_paths, push
from tales.rules.movement import reach, reach_table
from tales.rules.spaces import entry_costs

GLYPHS = [".", ".", ".", ".", "#", "~", "^", "T", "D", "_"]


@st.composite
def boards(draw: st.DrawFn) -> Board:
    layout = draw(st.sampled_from([Layout.HEX, Layout.SQUARE]))
    diagonals = layout is Layout.SQUARE and draw(st.booleans())
    width = draw(st.integers(2, 7))
    height = draw(st.integers(1, 6))
    cells = []
    for row in range(1, height + 1):
        for column in range(width):
            glyph = draw(st.sampled_from(GLYPHS))
            if glyph != "_":
                cells.append(Cell(column, row, glyph))
    if not cells:
        cells.append(Cell(0, 1, "."))
    plain = Board("random", layout, cells, diagonals=diagonals)
    pairs = sorted({(min(a, int(b)), max(a, int(b)))
                    for a in range(plain.n) for b in plain.neighbours[a] if b >= 0})
    walls = [p for p in pairs if draw(st.integers(0, 5)) == 0]
    return Board("random", layout, cells, walls, diagonals=diagonals)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    board = draw(boards())
    empty = Position.empty(board)
    free = [s for s in range(board.n) if not empty.is_blocked(s)]
    if not free:
        return empty
    count = draw(st.integers(1, min(5, len(free))))
    spaces = draw(st.permutations(free))[:count]
    figures = []
    for i, space in enumerate(spaces):
        side = draw(st.sampled_from([Side.HERO, Side.SCHEMER]))
        tiny = draw(st.integers(0, 4)) == 0
        figures.append(Figure(f"f{i}", side, space,
                              keywords=frozenset({Keyword.TINY} if tiny else ())))
    return Position(board, tuple(figures), empty.traps, {}, empty.closed_doors)


@settings(max_examples=150, deadline=None)
@given(boards())
def test_line_of_fire_is_symmetric_and_never_shorter_than_grid_distance(board: Board) -> None:
    p = Position.empty(board)
    passable = ~p.blocked()
    fields = p.sight().fields(list(range(board.n)))
    assert (fields == fields.T).all()
    for a in range(board.n):
        reference = plain_bfs(board.links, passable, a)
        assert fields[a].tolist() == reference
        plain = board.plain_distance_field(a)
        seen = fields[a] >= 0
        assert (fields[a][seen] >= plain[seen]).all()


def _oracle_costs(p: Position, mover: Figure, points: int) -> dict[int, int]:
    """Dijkstra in plain Python over the glossary's Move rules (no Overrun, no friends)."""
    costs = entry_costs(p, mover)
    blocked = p.blocked()
    tiny = Keyword.TINY in mover.keywords
    stop = p.occupied(ignoring=mover.id)
    best = {mover.at: 0}
    heap = [(0, mover.at)]
    while heap:
        d, here = heapq.heappop(heap)
        if d > best.get(here, 1 << 30):
            continue
        for there in p.board.linked(here):
            if blocked[there] or (stop[there] and not tiny):
                continue
            nd = d + int(costs[there])
            if nd <= points and nd < best.get(there, 1 << 30):
                best[there] = nd
                heapq.heappush(heap, (nd, there))
    return {s: c for s, c in best.items() if tiny or not stop[s] or s == mover.at}


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(0, 6), st.data())
def test_move_ends_unoccupied_and_costs_match_dijkstra(p: Position, points: int,
                                                      data: st.DataObject) -> None:
    if not p.figures:
        return
    mover = data.draw(st.sampled_from(p.figures))
    routes = reach(p, mover.id, points)
    assert routes.costs == _oracle_costs(p, mover, points)
    costs = entry_costs(p, mover)
    occupied = p.occupied(ignoring=mover.id)
    for space, cost in routes.costs.items():
        if Keyword.TINY not in mover.keywords:
            assert not occupied[space], "a Move never ends on an Occupied space"
        for safest in (False, True):
            route = routes.route(space, safest=safest)
            assert route.path[0] == mover.at and route.path[-1] == space
            spent = sum(int(costs[s]) for s in route.path[1:])
            assert spent == route.cost <= points
            assert safest or route.cost == cost
            for a, b in itertools.pairwise(route.path):
                assert p.board.adjacent(a, b)


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(1, 4), st.booleans(), st.data())
def test_push_and_pull_step_one_space_by_line_of_fire(p: Position, x: int, away: bool,
                                                     data: st.DataObject) -> None:
    if len(p.figures) < 2:
        return
    actor, target = data.draw(st.permutations(p.figures))[:2]
    field = p.line_of_fire_field(actor.at)
    occupied = p.occupied(ignoring=target.id)
    for path in forced_paths(p, actor, target, x, away):
        assert path[0] == target.at and len(path) <= x + 1
        for a, b in itertools.pairwise(path):
            assert p.board.adjacent(a, b)
            assert not occupied[b] and not p.is_blocked(b)
            assert field[b] == field[a] + (1 if away else -1)


@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(1, 4), st.randoms(use_true_random=False))
def test_replaying_the_log_reproduces_the_result(p: Position, x: int, rnd: random.Random
                                                 ) -> None:
    if len(p.figures) < 2:
        return
    actor, target = p.figures[0], p.figures[1]

    def pick(decision: Decision[object]) -> object:
        return rnd.choice(decision.options)

    log: list[object] = []
    first = resolve(push(p, actor.id, target.id, x), pick, log)
    again = replay(push(p, actor.id, target.id, x), log)
    assert again == first
    outcomes = [result for _, result in all_outcomes(lambda: push(p, actor.id, target.id, x))]
    assert first in outcomes


def test_all_outcomes_lists_each_branch_once() -> None:
    def two_choices():  # type: ignore[no-untyped-def]  # a tiny resolution
        a = yield Decision("a", "a", (1, 2), Decider.TABLE)
        b = yield Decision("b", "b", ("x", "y", "z"), Decider.TABLE)
        return (a, b)

    results = [r for _, r in all_outcomes(two_choices)]
    assert results == [(1, "x"), (1, "y"), (1, "z"), (2, "x"), (2, "y"), (2, "z")]


@settings(max_examples=200, deadline=None)
@given(positions(), st.integers(0, 9), st.booleans(), st.booleans())
def test_pruned_reach_agrees_with_the_full_table(
    p: Position, points: int, leap: bool, safe_only: bool
) -> None:
    """The search that keeps only improving arrivals finds, for every end space, the same
    fewest points and least damage as the full table of every cost (``reach_table``)."""
    if not p.figures:
        return
    mover = p.figures[0]
    p = replace(p, traps={s: 1 + s % 3 for s in range(p.board.n) if p.board.trap[s]})
    routes = reach(p, mover.id, points, leap, safe_only=safe_only)
    table = reach_table(p, mover.id, points, leap, safe_only=safe_only)
    assert set(routes.costs) == set(table)
    for space, (low, low_damage, least, least_damage) in table.items():
        cheapest, safest = routes.route(space), routes.route(space, safest=True)
        assert (cheapest.cost, safest.cost, safest.damage) == (low, least, least_damage)
        assert routes.least_damage(space) == least_damage
        assert cheapest.damage == low_damage
        assert cheapest.path[0] == mover.at and cheapest.path[-1] == space


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(0, 9), st.booleans(), st.booleans())
def test_plain_reach_agrees_with_the_numpy_search(
    p: Position, points: int, leap: bool, safe_only: bool
) -> None:
    """Small boards are searched by :func:`reach` in plain Python, large ones with numpy:
    every end space, cost and route (the tie-break included) is the same."""
    from tales.rules import movement

    if not p.figures:
        return
    mover = p.figures[0]
    p = replace(p, traps={s: 1 + s % 3 for s in range(p.board.n) if p.board.trap[s]})
    plain = reach(p, mover.id, points, leap, safe_only=safe_only)
    p.board.forget()  # not the search just kept for this position
    with mock.patch.object(movement, "_plain_wins", lambda n, points: False):
        arrays = reach(p, mover.id, points, leap, safe_only=safe_only)
    assert plain is not arrays and plain.costs == arrays.costs
    assert plain.least_damages() == arrays.least_damages()
    for space in plain.costs:
        assert plain.route(space) == arrays.route(space)
        assert plain.route(space, safest=True) == arrays.route(space, safest=True)


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(0, 9), st.booleans(), st.sampled_from([0, 1]))
def test_a_safe_reach_read_off_the_whole_search_is_the_searched_one(
    p: Position, points: int, arrays: bool, least_trap: int
) -> None:
    """A Move's Reach kept to Safe spaces, read off the same Move's whole search when that
    is kept (and every Dangerous space deals damage), has the same end spaces, costs,
    routes (tie-breaks included), damages and arrivals as its own search."""
    from tales.rules import movement

    if not p.figures:
        return
    mover = p.figures[0]
    p = replace(p, traps={s: least_trap + s % 3 for s in range(p.board.n)
                          if p.board.trap[s]})
    wins = (lambda n, points: False) if arrays else movement._plain_wins
    with mock.patch.object(movement, "_plain_wins", wins):
        searched = reach(p, mover.id, points, safe_only=True)
        p.board.forget()
        whole = reach(p, mover.id, points)
        read = reach(p, mover.id, points, safe_only=True)
    assert read is not searched and read.costs == searched.costs
    assert list(read.costs) == list(searched.costs)
    assert read.least_damages() == searched.least_damages()
    for space in read.costs:
        assert read.route(space) == searched.route(space)
        assert read.route(space, safest=True) == searched.route(space, safest=True)
    for space in range(p.board.n):
        assert read.arrives_at_any([space]) == searched.arrives_at_any([space])
    assert whole.costs.keys() >= read.costs.keys()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, 50), min_size=1, max_size=12), st.booleans(),
       st.integers(0, 2**32 - 1))
def test_a_chance_draw_is_numpys_choice(weights: list[int], uniform: bool, seed: int) -> None:
    """roll_chance draws exactly what ``rng.choice(n, p=...)`` draws from the same seed, so
    every seeded game and report is unchanged by the faster draw."""
    total = sum(weights)
    probabilities = None if uniform else tuple(w / total for w in weights)
    decision = Decision("roll", "a roll", tuple(range(len(weights))), Decider.CHANCE,
                        probabilities=probabilities)
    ours, numpys = np.random.default_rng(seed), np.random.default_rng(seed)
    p = probabilities or tuple(1 / len(weights) for _ in weights)
    for _ in range(20):
        assert roll_chance(decision, ours) == int(numpys.choice(len(weights), p=p))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.one_of(st.integers(1, 60), st.integers(1, 2**33)),
                          st.booleans()), min_size=1, max_size=40),
       st.integers(0, 2**32 - 1))
def test_a_random_bots_draw_is_numpys_integers(sizes: list[tuple[int, bool]],
                                               seed: int) -> None:
    """uniform_below(rng)(n) draws exactly what ``rng.integers(n)`` draws from the same
    seed, also between other draws of the same generator (``random``, which shares its
    32-bit buffer), so every seeded game of the random bots is unchanged by the faster
    draw."""
    ours, numpys = np.random.default_rng(seed), np.random.default_rng(seed)
    below = uniform_below(ours)
    for n, between in sizes:
        if between:
            assert ours.random() == numpys.random()
        assert below(n) == int(numpys.integers(n))


@settings(max_examples=150, deadline=None)
@given(boards(), st.booleans(), st.data())
def test_small_board_searches_agree_with_scipy(board: Board, toward: bool,
                                               data: st.DataObject) -> None:
    """Small boards are searched in plain Python, large ones by scipy: the same fields."""
    from tales.board import fields

    p = Position.empty(board)
    passable = ~p.blocked()
    costs = np.where(board.difficult, 2.0, 1.0)
    source = data.draw(st.integers(0, board.n - 1))
    small = fields.entry_cost_field(board.links, passable, costs, source, toward)
    plain_steps = fields.DistanceGraph(board.links, passable).field(source)
    saved = fields.SMALL_BOARD
    fields.SMALL_BOARD = -1
    try:
        large = fields.entry_cost_field(board.links, passable, costs, source, toward)
        scipy_steps = fields.DistanceGraph(board.links, passable).field(source)
    finally:
        fields.SMALL_BOARD = saved
    assert np.array_equal(small, large)
    assert np.array_equal(plain_steps, scipy_steps)


@settings(max_examples=150, deadline=None)
@given(boards(), st.booleans(), st.data())
def test_cost_fields_agree_with_scipy_whatever_is_passable(
        board: Board, toward: bool, data: st.DataObject) -> None:
    """Any passable mask (the source itself barred or not) and any entry costs: scipy's
    search, whose links cost entering their space, finds the plain Dijkstra's field."""
    from tales.board import fields

    passable = np.array(data.draw(st.lists(st.booleans(), min_size=board.n,
                                           max_size=board.n)), dtype=bool)
    costs = np.array(data.draw(st.lists(st.integers(1, 9), min_size=board.n,
                                        max_size=board.n)), dtype=np.float64)
    source = data.draw(st.integers(0, board.n - 1))
    small = fields.entry_cost_field(board.links, passable, costs, source, toward)
    with mock.patch.object(fields, "SMALL_BOARD", -1):
        large = fields.entry_cost_field(board.links, passable, costs, source, toward)
    assert np.array_equal(small, large)


@settings(max_examples=150, deadline=None)
@given(boards(), st.data())
def test_large_board_steps_are_the_plain_breadth_first_search(
        board: Board, data: st.DataObject) -> None:
    """Any passable mask: the steps a large board reads off scipy's breadth-first order,
    level by level, are the plain breadth-first search's, from every source."""
    from tales.board import fields

    passable = np.array(data.draw(st.lists(st.booleans(), min_size=board.n,
                                           max_size=board.n)), dtype=bool)
    with mock.patch.object(fields, "SMALL_BOARD", -1):
        graph = fields.DistanceGraph(board.links, passable)
        found = graph.fields(list(range(board.n)))
    for source in range(board.n):
        assert found[source].tolist() == plain_bfs(board.links, passable.tolist(), source)
