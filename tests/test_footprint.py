"""Footprints (tales.board.footprint) and large figures in position files (issue 25)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.board.board import Layout
from tales.board.footprint import (
    SHAPES,
    offsets_of,
    orientations,
    placements,
    shape,
    spaces_at,
    standable,
    turned,
)
from tales.errors import ContentError
from tests.build import positioned, sorted_names

GRID = """
. . . . .
 . . . . .
. . . . .
"""


def test_a_pair_turns_six_ways_on_hexes_and_twice_on_squares() -> None:
    pair = SHAPES[Layout.HEX]["pair"]
    assert len(orientations(pair, Layout.HEX)) == 6
    assert len(orientations(SHAPES[Layout.SQUARE]["pair"], Layout.SQUARE)) == 4
    assert len({frozenset(o) for o in orientations(SHAPES[Layout.SQUARE]["block"],
                                                   Layout.SQUARE)}) == 4
    assert turned(pair, Layout.HEX, 6) == pair
    assert turned(turned(pair, Layout.HEX, 1), Layout.HEX, -1) == pair


def test_every_named_shape_is_linked_together_on_an_open_map() -> None:
    for layout, shapes in SHAPES.items():
        grid = "\n".join((" " if row % 2 and layout is Layout.HEX else "")
                         + " ".join("." * 7) for row in range(7))
        board = positioned(grid, layout=layout.value).board
        middle = board.space("D4")
        for name, offsets in shapes.items():
            for facing in orientations(offsets, layout):
                spaces = spaces_at(board, middle, facing)
                assert spaces is not None and len(spaces) == len(offsets), name
                assert standable(board, spaces, board.impassable), (layout, name, facing)


def test_shape_names_and_sizes() -> None:
    assert shape(Layout.HEX, None, 2) == SHAPES[Layout.HEX]["pair"]
    assert shape(Layout.SQUARE, "block", 4) == SHAPES[Layout.SQUARE]["block"]
    assert shape(Layout.HEX, None, 1) == ()
    with pytest.raises(ValueError, match="takes 2 spaces, not 3"):
        shape(Layout.HEX, "pair", 3)
    with pytest.raises(ValueError, match="unknown shape 'blob'"):
        shape(Layout.HEX, "blob", 2)


def test_at_as_a_list_gives_the_anchor_and_the_footprint() -> None:
    position = positioned(GRID, {"id": "s", "side": "schemer", "at": ["C2", "D2", "C3"]})
    s = position.figure("s")
    assert position.board.names[s.at] == "C2"
    assert s.large and s.footprint == ((0, 0), (1, 0), (-1, 1))  # C3: below, left
    assert sorted_names(position, position.spaces_of(s)) == ["C2", "C3", "D2"]
    assert offsets_of(position.board, position.spaces_of(s)) == s.footprint
    one = positioned(GRID, {"id": "h", "side": "hero", "at": "A1"}).figure("h")
    assert one.footprint == () and not one.large


@pytest.mark.parametrize(("figures", "walls", "message"), [
    pytest.param([{"id": "s", "side": "schemer", "at": ["A1", "C1"]}], [],
                 "the spaces of 'at' (A1 C1) are not linked together", id="apart"),
    pytest.param([{"id": "s", "side": "schemer", "at": ["A1", "B1"]}], ["A1|B1"],
                 "are not linked together (neighbours, no Wall between)", id="wall"),
    pytest.param([{"id": "s", "side": "schemer", "at": ["A1", "A1"]}], [],
                 "'at' names a space twice", id="twice"),
    pytest.param([{"id": "h", "side": "hero", "at": "B1"},
                  {"id": "s", "side": "schemer", "at": ["A1", "B1"]}], [],
                 "B1 is already Occupied by 'h'", id="overlap"),
    pytest.param([{"id": "s", "side": "schemer", "at": ["A1", "B1"]},
                  {"id": "h", "side": "hero", "at": "B1"}], [],
                 "B1 is already Occupied by 's'", id="onto a large one"),
    pytest.param([{"id": "s", "side": "schemer", "at": ["A1", "B1"],
                   "keywords": ["Tiny"]}], [], "a Tiny figure takes one space", id="tiny"),
    pytest.param([{"id": "s", "side": "schemer", "at": ["A1", "Z9"]}], [],
                 "no space Z9", id="off the map"),
    pytest.param([{"id": "s", "side": "schemer", "at": ["A1", 3]}], [],
                 "3 is not a space name", id="not a name"),
])
def test_bad_large_figures_are_one_line_errors(
    figures: list[dict[str, object]], walls: list[str], message: str
) -> None:
    with pytest.raises(ContentError, match=message.replace("(", r"\(").replace(")", r"\)")) \
            as raised:
        positioned(GRID, *figures, walls=walls)
    assert "\n" not in str(raised.value)


def test_impassable_part_is_refused() -> None:
    with pytest.raises(ContentError, match="B1 is Impassable"):
        positioned(". # .", {"id": "s", "side": "schemer", "at": ["A1", "B1"]})


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([Layout.HEX, Layout.SQUARE]), st.sampled_from(["pair", "triangle",
                                                                      "line-3", "block"]),
       st.integers(0, 5))
def test_every_placement_is_standable_and_in_the_map(layout: Layout, name: str,
                                                     facing: int) -> None:
    grid = """
    . . # . .
     . ~ . . .
    . . . # .
     . . . . .
    """
    rows = [line.strip() for line in grid.strip().splitlines()]
    if layout is Layout.HEX:
        rows = [(" " if n % 2 else "") + line for n, line in enumerate(rows)]
    board = positioned("\n".join(rows), layout=layout.value, walls=["C2|D2"]).board
    offsets = turned(SHAPES[layout][name], layout, facing)
    for placement in placements(board, offsets, board.impassable, turns=False):
        assert len(set(placement.spaces)) == len(offsets)
        assert not any(board.impassable[s] for s in placement.spaces)
        assert standable(board, placement.spaces, board.impassable)
