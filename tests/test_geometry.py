"""Geometry rulings: Line of Fire, Range, Nearest/Farthest, adjacency, Occupied, Bursts.

Each row: the ruling, the seed passage (004 glossary / Appendix C), the position, the
expected value worked out by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tales.board.board import Layout
from tales.board.burst import BurstTemplate, covered_foes, load_bursts, placements
from tales.board.ranges import farthest, nearest, nearest_spaces, within_range
from tests.build import build, hero, schemer
from tests.build import sorted_names as names

OPEN_ROW = """
. . . . .
"""

#                 A B C D E
WALLED = """
. . . . .
 . . . . .
. . . . .
"""


@dataclass(frozen=True)
class LofCase:
    ruling: str
    passage: str
    grid: str
    a: str
    b: str
    distance: int | None
    walls: tuple[str, ...] = ()
    open_doors: tuple[str, ...] = ()
    layout: str = "hex"
    diagonals: bool = False
    figures: tuple[tuple[str, str], ...] = ()


LOF_CASES = [
    LofCase("straight along a row", "Line of Fire: Contiguous path for Ranged Attacks",
            OPEN_ROW, "A1", "E1", 4),
    LofCase("to itself", "Range X: Space within X steps of another space",
            OPEN_ROW, "C1", "C1", 0),
    LofCase("hex diagonal counts one step per row", "Range X: within X steps",
            WALLED, "A1", "A3", 2),
    LofCase("through figures", "Ranged Attack 2: It may go through ... other figures",
            OPEN_ROW, "A1", "E1", 4, figures=(("B1", "schemer"), ("C1", "hero"))),
    LofCase("through Difficult, Hazard and Trap spaces",
            "Ranged Attack 2: It may go through map features", ". ~ ^ T .", "A1", "E1", 4),
    LofCase("goes around an Impassable space", "Line of Fire: May go around corners ... "
            "not through Impassable spaces", ". # .\n . .", "A1", "C1", 3),
    LofCase("no way around Impassable", "Impassable: Cannot ... have Line of Fire drawn through",
            ". # .", "A1", "C1", None),
    LofCase("blocked by a Wall, goes around", "Wall: Separates adjacent spaces, blocking "
            "movement and Line of Fire", WALLED, "B1", "C1", 2, walls=("B1|C1",)),
    LofCase("Wall with no way around", "Ranged Attack 2: may not go through ... Walls",
            OPEN_ROW, "A1", "E1", None, walls=("B1|C1",)),
    LofCase("closed door blocks", "Ranged Attack 2: may not go through ... closed doors",
            ". D .", "A1", "C1", None),
    LofCase("open door does not block", "Door: Scenario description indicates ... opening",
            ". D .", "A1", "C1", 2, open_doors=("B1",)),
    LofCase("Map Edge: a gap with no space blocks", "Ranged Attack 2: may not go through ... "
            "Map Edges", ". _ .", "A1", "C1", None),
    LofCase("map edge: around the gap", "Line of Fire: May go around corners",
            ". _ .\n . .", "A1", "C1", 3),
    LofCase("Impassable endpoint has no Line of Fire", "Impassable: Cannot ... have Line of "
            "Fire drawn through", ". # .", "A1", "B1", None),
    LofCase("square layout: four neighbours", "Range X (square variant)",
            ". . .\n. . .\n. . .", "A1", "C3", 4, layout="square"),
    LofCase("square layout with diagonals", "Range X (square variant, diagonals)",
            ". . .\n. . .\n. . .", "A1", "C3", 2, layout="square", diagonals=True),
]


@pytest.mark.parametrize("case", LOF_CASES, ids=[c.ruling for c in LOF_CASES])
def test_line_of_fire(case: LofCase) -> None:
    figures = [(hero if side == "hero" else schemer)(f"f{i}", at)
               for i, (at, side) in enumerate(case.figures)]
    p = build(case.grid, *figures, layout=case.layout, walls=case.walls,
              diagonals=case.diagonals, open_doors=case.open_doors)
    a, b = p.board.space(case.a), p.board.space(case.b)
    assert p.line_of_fire(a, b) == case.distance
    assert p.line_of_fire(b, a) == case.distance


def test_range_x_spaces() -> None:
    """Range X: the spaces within X steps by Line of Fire (a Wall lengthens the way)."""
    p = build(WALLED, walls=["B1|C1", "C1|B2", "C1|C2"])
    inside = p.within_range(p.board.space("B1"), 1)
    assert names(p, inside.nonzero()[0]) == ["A1", "A2", "B1", "B2"]


FIGHT = """
. . . . . .
 . . . . . .
. . . . . .
"""


FIGHTERS = (schemer("gob", "A1"), hero("zot", "C1"), hero("eve", "B3"), hero("gog", "E1"),
            hero("fiona", "F3"))


@pytest.mark.parametrize(
    ("ruling", "passage", "pick", "expected"),
    [
        ("Nearest: ties are all returned", "Nearest: Multiple targets: players choose.",
         nearest, ["eve", "zot"]),
        ("Farthest: the longest Line of Fire", "Farthest: Figure with the longest minimal "
         "Line of Fire", farthest, ["fiona"]),
    ],
)
def test_nearest_and_farthest(ruling: str, passage: str, pick: object, expected: list[str]
                              ) -> None:
    p = build(FIGHT, *FIGHTERS)
    gob = p.figure("gob")
    heroes = [f for f in p.figures if f.side.value == "hero"]
    chosen = pick(p, gob.at, heroes)  # type: ignore[operator]
    assert sorted(f.id for f in chosen) == expected


def test_nearest_ignores_figures_without_line_of_fire() -> None:
    """Farthest: a figure with no Line of Fire at all has no "minimal Line of Fire"."""
    p = build(". . . # .", schemer("gob", "A1"), hero("zot", "B1"), hero("gog", "E1"))
    heroes = [p.figure("zot"), p.figure("gog")]
    assert [f.id for f in farthest(p, p.figure("gob").at, heroes)] == ["zot"]
    assert [f.id for f in within_range(p, p.figure("gob").at, 9, heroes)] == ["zot"]


def test_nearest_spaces_ties() -> None:
    p = build(FIGHT)
    board = p.board
    spaces = [board.space(n) for n in ("B3", "C3", "A3", "E1")]
    assert names(p, nearest_spaces(p, board.space("B2"), spaces)) == ["B3", "C3"]


@pytest.mark.parametrize(
    ("ruling", "passage", "a", "b", "tiny", "adjacent"),
    [
        ("neighbours are adjacent", "Melee Attack: Affects adjacent Foes", "A1", "B1", False,
         True),
        ("a Wall makes neighbours not adjacent", "Wall: Separates adjacent spaces", "B1", "C1",
         False, False),
        ("two apart are not adjacent", "Melee Attack: Affects adjacent Foes", "A1", "C1", False,
         False),
        ("sharing a space with a Tiny figure is adjacent", "Tiny 2: If a Tiny figure shares a "
         "space with another figure, those figures are considered adjacent", "A1", "A1", True,
         True),
    ],
)
def test_adjacency(ruling: str, passage: str, a: str, b: str, tiny: bool,
                   adjacent: bool) -> None:
    kw = ("Tiny",) if tiny else ()
    p = build(WALLED, hero("x", a), hero("y", b, *kw), walls=["B1|C1"])
    assert p.adjacent(p.figure("x"), p.figure("y")) is adjacent


def test_occupied_and_unoccupied() -> None:
    """Occupied: Space containing a figure without the Tiny keyword; Tiny-only: Unoccupied."""
    p = build(OPEN_ROW, hero("a", "A1"), hero("t", "B1", "Tiny"), hero("u", "C1", "Tiny"),
              hero("c", "C1"))
    board = p.board
    assert [p.is_occupied(board.space(n)) for n in ("A1", "B1", "C1", "D1")] == [
        True, False, True, False]
    assert not p.is_occupied(board.space("A1"), ignoring="a")


# --- Burst templates (Appendix C, Player-Controlled Attacks, 1) -----------------------


@pytest.mark.parametrize(
    ("name", "layout", "rotations"),
    [("blast", Layout.HEX, 1), ("line3", Layout.HEX, 6), ("pair", Layout.HEX, 6),
     ("cone3", Layout.HEX, 6), ("pair", Layout.SQUARE, 4), ("line3", Layout.SQUARE, 4)],
)
def test_burst_rotation_counts(name: str, layout: Layout, rotations: int) -> None:
    """Burst: 'rotating the template to the desired orientation': every distinct turn."""
    assert len(load_bursts()[name].rotations(layout)) == rotations


def test_burst_rotations_turn_around_the_anchor() -> None:
    template = BurstTemplate("arm", ((0, 0), (1, 0)))
    p = build(FIGHT)
    covered = {tuple(names(p, pl.spaces))
               for pl in placements(p.board, template, p.board.space("C2"))}
    # C2 is in an even (shifted) row: its six neighbours are B2 D2 C1 D1 C3 D3
    assert covered == {tuple(sorted(("C2", n))) for n in ("B2", "D2", "C1", "D1", "C3", "D3")}


def test_burst_covers_foes_not_friends() -> None:
    """Burst: Friends in the burst template are not affected."""
    p = build(FIGHT, hero("zot", "A1"), hero("eve", "C1"), schemer("gob", "B1"),
              schemer("rat", "D1"))
    line = load_bursts()["line3"]
    first = placements(p.board, line, p.board.space("B1"))[0]
    assert names(p, first.spaces) == ["B1", "C1", "D1"]
    assert sorted(f.id for f in covered_foes(p, p.figure("zot"), first)) == ["gob", "rat"]


def test_burst_drops_spaces_off_the_map() -> None:
    p = build(OPEN_ROW)
    line = load_bursts()["line3"]
    first = placements(p.board, line, p.board.space("D1"))[0]
    assert names(p, first.spaces) == ["D1", "E1"]
