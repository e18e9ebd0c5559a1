"""Issue 38, "know every figure at a glance": each kind of figure looks like what it is
(tales.viewer.style is pure data: no window needed)."""

from __future__ import annotations

import pytest

from tales.board.figures import Figure, Role, Side
from tales.viewer import style

GROUPS = ["cellar-rats", "bouncers", "golems"]


def fig(id: str, side: Side = Side.SCHEMER, **kw: object) -> Figure:
    return Figure(id, side, 0, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(("figure", "shape", "label"), [
    (fig("cellar-rats-2", group="cellar-rats", number=2), "disc", "2"),
    (fig("bouncers-1", group="bouncers", number=1), "square", "1"),
    (fig("golems-3", group="golems", number=3), "diamond", "3"),
    (fig("warding-stone"), "octagon", "WS"),
    (fig("illusion2", Side.HERO, role=Role.ILLUSION, owner="eve"), "ring", "I2"),
    (fig("gerki", Side.HERO), "disc", "Ger"),
    (fig("otto", Side.HERO, role=Role.COMPANION), "disc", "Ott"),
])
def test_each_figure_has_its_shape_and_label(figure: Figure, shape: str, label: str) -> None:
    assert style.figure_shape(figure, GROUPS) == shape
    assert style.figure_label(figure) == label


def test_two_groups_never_share_a_shape_until_five() -> None:
    groups = [f"g{n}" for n in range(5)]
    assert len({style.group_shape(g, groups) for g in groups}) == 5


@pytest.mark.parametrize("name", sorted(style.NAMED))
def test_no_schemer_group_is_drawn_in_a_players_colour(name: str) -> None:
    """Issue 39: Heroes and Schemers never share a colour, whatever base colour a Scheme
    Block names (blue bases are drawn a dark blue, teal a dark teal)."""
    drawn = style.group_colour(name, "any-group")
    assert all(style._distance(drawn, p) >= style._NEAR for p in style.PLAYERS), (name, drawn)
