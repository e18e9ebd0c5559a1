"""Issue 38: a Ranged Attack is drawn along its Line of Fire. The route the window draws is
a shortest Line of Fire: as long as the distance, each step to a neighbour with no Wall
between, never through a space Line of Fire cannot pass."""

from __future__ import annotations

import itertools
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tales.board.position import load_position

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = sorted((ROOT / "positions").glob("*.toml"))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(POSITIONS), st.integers(0, 10_000), st.integers(0, 10_000))
def test_route_is_a_shortest_line_of_fire(path: Path, a: int, b: int) -> None:
    position = load_position(path)
    board = position.board
    a, b = a % board.n, b % board.n
    distance = position.line_of_fire(a, b)
    route = position.line_of_fire_route(a, b)
    if distance is None:
        assert route is None
        return
    assert route is not None and route[0] == a and route[-1] == b
    assert len(route) == distance + 1
    blocked = position.blocked()
    for here, there in itertools.pairwise(route):
        assert board.adjacent(here, there), (here, there)
    assert not any(blocked[s] for s in route[1:-1])


def test_a_route_goes_around_a_wall() -> None:
    """Somewhere on the bundled positions two neighbours have a Wall between them: their
    route is longer than one step and does not cross it."""
    found = 0
    for path in POSITIONS:
        position = load_position(path)
        for a, b in position.board.walls:
            route = position.line_of_fire_route(a, b)
            if route is not None:
                assert len(route) > 2, (path.name, route)
                found += 1
    assert found
