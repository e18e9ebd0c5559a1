"""The pyglet viewer, without a screen: the map geometry on its own, pictures checked pixel
by pixel, a solo campaign, the table assistant and a replay driven through the window's own
input handlers, and ``tales render`` / ``view`` / ``solo`` from the command line.

Pyglet renders off-screen through EGL here (``TALES_HEADLESS=1`` is set before anything
from :mod:`tales.viewer` is imported). The geometry tests need no OpenGL; every other test
asks for the ``viewer`` fixture, which skips it when no OpenGL can be had.
"""

from __future__ import annotations

import os

os.environ["TALES_HEADLESS"] = "1"  # before tales.viewer: pyglet must draw off-screen

import functools
import io
import math
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from tales.board.board import Board, Layout
from tales.board.mapfile import load_map
from tales.board.position import Position, load_position
from tales.campaign.progress import campaign_file, new_campaign, start_game
from tales.campaign.saves import load as load_campaign
from tales.campaign.saves import path_for
from tales.campaign.saves import save as save_campaign
from tales.cli import main
from tales.engine.content import Context, load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.saves import SavedGame, write_save
from tales.engine.state import Setup
from tales.rules.decisions import Decider
from tales.table import PATH_DECISIONS, SPACE_DECISIONS
from tales.terminal import chance_for
from tales.viewer import headless, style
from tales.viewer.layout import SQRT3, MapLayout

ROOT = Path(__file__).resolve().parents[1]
HEX_MAPS = ("cellar-stairs", "flooded-crypt")
SQUARE_MAPS = ("market-square",)
CELLAR_BRAWL = ROOT / "positions" / "cellar-brawl.toml"
CRYPT_AMBUSH = ROOT / "positions" / "crypt-ambush.toml"
SCHEMERS = str(ROOT / "scenarios" / "sample-schemers.toml")
NO_GL = "no OpenGL (Debian: libegl1 libegl-mesa0 libgl1-mesa-dri)"
TOLERANCE = 16  # per channel: EGL's colour buffer rounds the colours a little
WHITE_RING: style.Colour = (245, 245, 245)
BUTTON: style.Colour = (70, 74, 90)
HOVER_TEXT: style.Colour = (20, 90, 30)

Point = tuple[float, float]


def board_of(name: str) -> Board:
    return load_map(ROOT / "maps" / f"{name}.toml")


# ============================================================================================
# 1. Layout: pure geometry, no OpenGL needed
# ============================================================================================


def fitted(board: Board) -> MapLayout:
    return MapLayout.fit(board, 12, 12, 900, 640)


@pytest.mark.parametrize("name", HEX_MAPS + SQUARE_MAPS)
def test_every_centre_picks_its_own_space(name: str) -> None:
    layout = fitted(board_of(name))
    for space in range(layout.board.n):
        assert layout.space_at(*layout.centre(space)) == space, layout.board.names[space]


@pytest.mark.parametrize("name", HEX_MAPS + SQUARE_MAPS)
def test_points_inside_a_space_near_its_corners_pick_it(name: str) -> None:
    """Picking is the space's whole outline, not only a disc round its centre."""
    layout = fitted(board_of(name))
    for space in range(layout.board.n):
        cx, cy = layout.centre(space)
        for x, y in layout.corners(space):
            inside = (cx + 0.9 * (x - cx), cy + 0.9 * (y - cy))
            assert layout.space_at(*inside) == space, layout.board.names[space]


@pytest.mark.parametrize("name", HEX_MAPS)
def test_hex_neighbours_are_all_size_root_3_apart(name: str) -> None:
    layout = fitted(board_of(name))
    board = layout.board
    pairs = 0
    for space in range(board.n):
        ax, ay = layout.centre(space)
        for other in board.neighbours[space]:
            if other < 0:
                continue
            bx, by = layout.centre(int(other))
            assert math.hypot(bx - ax, by - ay) == pytest.approx(layout.size * SQRT3), (
                board.names[space], board.names[other])
            pairs += 1
    assert pairs > board.n  # most spaces have several neighbours


def test_hex_rows_alternate_the_half_space_shift() -> None:
    """Pointy-topped hexes: even rows shifted right by half a space, rows 1.5 sizes apart."""
    layout = fitted(board_of("cellar-stairs"))
    board = layout.board
    a1, a2, b1 = (layout.centre(board.space(n)) for n in ("A1", "A2", "B1"))
    assert a2[0] - a1[0] == pytest.approx(layout.size * SQRT3 / 2)
    assert a1[1] - a2[1] == pytest.approx(layout.size * 1.5)
    assert (b1[0] - a1[0], b1[1]) == (pytest.approx(layout.size * SQRT3), pytest.approx(a1[1]))
    top = max(y for _, y in layout.corners(board.space("A1")))
    assert top == pytest.approx(a1[1] + layout.size)  # a point on top


@pytest.mark.parametrize("name", SQUARE_MAPS)
def test_square_neighbours_are_two_sizes_apart(name: str) -> None:
    layout = fitted(board_of(name))
    board = layout.board
    orthogonal = diagonal = 0
    for space in range(board.n):
        ax, ay = layout.centre(space)
        for other in board.neighbours[space]:
            if other < 0:
                continue
            bx, by = layout.centre(int(other))
            straight = board.rows[space] == board.rows[other] or (
                board.columns[space] == board.columns[other])
            expected = 2 * layout.size * (1 if straight else math.sqrt(2))
            assert math.hypot(bx - ax, by - ay) == pytest.approx(expected)
            orthogonal += straight
            diagonal += not straight
    assert orthogonal and diagonal  # the market has diagonal movement


@pytest.mark.parametrize("name", HEX_MAPS + SQUARE_MAPS)
@pytest.mark.parametrize("rect", [(12, 12, 900, 640), (0, 0, 300, 900), (40, 25, 1500, 200),
                                  (100, 300, 555, 333)])
def test_fit_keeps_every_corner_inside_and_is_centred(
        name: str, rect: tuple[float, float, float, float]) -> None:
    left, bottom, width, height = rect
    layout = MapLayout.fit(board_of(name), left, bottom, width, height)
    corners = [c for s in range(layout.board.n) for c in layout.corners(s)]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    eps = 1e-6
    assert left - eps <= min(xs) and max(xs) <= left + width + eps
    assert bottom - eps <= min(ys) and max(ys) <= bottom + height + eps
    spare_x = (min(xs) - left, left + width - max(xs))
    spare_y = (min(ys) - bottom, bottom + height - max(ys))
    assert spare_x[0] == pytest.approx(spare_x[1], abs=1e-6)  # centred
    assert spare_y[0] == pytest.approx(spare_y[1], abs=1e-6)
    assert min(spare_x[0], spare_y[0]) == pytest.approx(0, abs=1e-6)  # as large as fits


@pytest.mark.parametrize("name", HEX_MAPS + SQUARE_MAPS)
def test_wall_edges_lie_between_the_two_spaces(name: str) -> None:
    layout = fitted(board_of(name))
    board = layout.board
    assert board.walls
    for a, b in board.walls:
        (x1, y1), (x2, y2) = layout.edge(a, b)
        (ax, ay), (bx, by) = layout.centre(a), layout.centre(b)
        assert ((x1 + x2) / 2, (y1 + y2) / 2) == (
            pytest.approx((ax + bx) / 2), pytest.approx((ay + by) / 2))
        diagonal = board.layout is Layout.SQUARE and ax != bx and ay != by
        expected = (layout.size if board.layout is Layout.HEX
                    else 0.8 * layout.size if diagonal else 2 * layout.size)
        assert math.hypot(x2 - x1, y2 - y1) == pytest.approx(expected)
        # across the line between the centres
        assert (x2 - x1) * (bx - ax) + (y2 - y1) * (by - ay) == pytest.approx(0, abs=1e-6)
        if not diagonal:  # the stroke is the shared side: its ends are corners of both
            for end in ((x1, y1), (x2, y2)):
                for space in (a, b):
                    assert min(math.dist(end, c) for c in layout.corners(space)) < 1e-6


def test_market_has_a_diagonal_wall() -> None:
    board = board_of("market-square")
    assert (board.space("F5"), board.space("G6")) in board.walls


@pytest.mark.parametrize("name", HEX_MAPS + SQUARE_MAPS)
def test_points_off_the_map_pick_nothing(name: str) -> None:
    layout = fitted(board_of(name))
    corners = [c for s in range(layout.board.n) for c in layout.corners(s)]
    low_x, high_x = min(x for x, _ in corners), max(x for x, _ in corners)
    low_y, high_y = min(y for _, y in corners), max(y for _, y in corners)
    far = 2 * layout.size
    for point in [(-5000, -5000), (low_x - far, (low_y + high_y) / 2),
                  (high_x + far, (low_y + high_y) / 2), ((low_x + high_x) / 2, high_y + far),
                  ((low_x + high_x) / 2, low_y - far), (high_x + far, high_y + far)]:
        assert layout.space_at(*point) is None, point


def test_a_gap_in_the_floor_picks_nothing() -> None:
    """The crypt's ``_`` glyphs are no spaces: the middle of one is not a click on a
    neighbour."""
    layout = fitted(board_of("flooded-crypt"))
    board = layout.board
    assert board.find("H6") is None and board.find("I7") is None  # gaps
    gx, gy = layout.centre(board.space("G6"))
    h6 = (gx + layout.size * SQRT3, gy)
    assert layout.space_at(*h6) is None
    hx, hy = layout.centre(board.space("H8"))
    i7 = (hx + layout.size * SQRT3 / 2, hy + layout.size * 1.5)
    assert layout.space_at(*i7) is None


def test_base_colours_by_name_and_steady_otherwise() -> None:
    assert style.base_colour("Ochre") == style.NAMED["ochre"]
    made_up = style.base_colour("mauve-ish", "x")
    assert made_up == style.base_colour("mauve-ish", "y")  # steady: from the name
    assert style.base_colour(None, "bouncers") == style.base_colour(None, "bouncers")
    assert style.base_colour(None, "bouncers") != style.base_colour(None, "golems")
    assert all(60 <= c < 220 for c in made_up)


# ============================================================================================
# OpenGL: one check, a skip for every test that needs it
# ============================================================================================


@functools.cache
def _gl_problem() -> str | None:
    try:
        import pyglet.window

        window = pyglet.window.Window(10, 10, visible=False)
        window.close()
    except Exception as bad:  # no libEGL, no driver, ...: pyglet raises several kinds
        return f"{type(bad).__name__}: {bad}"
    return None


@pytest.fixture(scope="module")
def viewer() -> SimpleNamespace:
    """The viewer's modules (imported only once OpenGL is known to work)."""
    problem = _gl_problem()
    if problem is not None and os.environ.get("TALES_REQUIRE_GL"):
        pytest.fail(f"{NO_GL}, and TALES_REQUIRE_GL is set (as in .ci/run): {problem}")
    if problem is not None:
        pytest.skip(f"{NO_GL}: {problem}")
    from pyglet.window import key, mouse

    from tales.viewer.app import ViewerWindow
    from tales.viewer.control import (
        CampaignControl,
        GameControl,
        ReplayControl,
        TableControl,
    )
    from tales.viewer.picture import render_array
    from tales.viewer.scene import PANEL_WIDTH, Panel, Scene, View

    return SimpleNamespace(
        key=key, mouse=mouse, ViewerWindow=ViewerWindow, CampaignControl=CampaignControl,
        GameControl=GameControl, ReplayControl=ReplayControl, TableControl=TableControl,
        render_array=render_array, PANEL_WIDTH=PANEL_WIDTH, Panel=Panel, Scene=Scene,
        View=View)


def test_headless_is_switched_on() -> None:
    assert headless()


# ============================================================================================
# 2. Pictures, checked by pixels
# ============================================================================================

W, H = 720, 480
MARKED_W = 1000


@dataclass
class Picture:
    """A rendered view, its pixels (``pixels[y, x]``, row 0 at the bottom) and its layout
    recomputed the way :class:`Scene` does."""

    view: Any
    pixels: np.ndarray
    layout: MapLayout
    width: int
    height: int

    def at(self, point: Point) -> tuple[int, int, int]:
        x, y = point
        r, g, b = self.pixels[round(y), round(x)]
        return (int(r), int(g), int(b))

    def centre(self, name: str) -> Point:
        return self.layout.centre(self.layout.board.space(name))

    def space(self, name: str) -> int:
        return self.layout.board.space(name)

    @property
    def size(self) -> float:
        return self.layout.size


def near(colour: tuple[int, ...], expected: tuple[int, ...], tolerance: int = TOLERANCE
         ) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=True))


def assert_colour(picture: Picture, point: Point, expected: style.Colour, what: str,
                  tolerance: int = TOLERANCE) -> None:
    got = picture.at(point)
    assert near(got, expected, tolerance), (
        f"{what}: pixel {tuple(round(c) for c in point)} is {got}, expected about {expected}")


def colour_near(picture: Picture, point: Point, radius: float, expected: style.Colour) -> bool:
    """Some pixel within ``radius`` (a square) of ``point`` has about ``expected``."""
    x, y = point
    r = max(int(radius), 1)
    block = picture.pixels[round(y) - r:round(y) + r + 1, round(x) - r:round(x) + r + 1]
    return bool((np.abs(block.astype(int) - np.array(expected)) <= TOLERANCE).all(axis=2).any())


def upper_edge_midpoint(layout: MapLayout, space: int, inset: float) -> Point:
    """The middle of the top side of ``space``'s outline drawn ``inset`` inside it (away
    from the space's name, which is written near its bottom)."""
    corners = layout.corners(space, inset=inset)
    mids = [((x1 + x2) / 2, (y1 + y2) / 2)
            for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True)]
    return max(mids, key=lambda m: m[1])


def disc(picture: Picture, figure_id: str) -> tuple[Point, float]:
    """Centre and radius of a figure's disc, as :meth:`Scene._figures` places it."""
    position = picture.view.position
    figure = position.figure(figure_id)
    here = position.figures_at(figure.at)
    n = [f.id for f in here].index(figure_id)
    tiny = any(k.value == "Tiny" for k in figure.keywords)
    radius = picture.size * (0.3 if tiny or len(here) > 1 else 0.46)
    cx, cy = picture.layout.centre(figure.at)
    return (cx + (n - (len(here) - 1) / 2) * radius * 1.9, cy + picture.size * 0.05), radius


def ray(picture: Picture, start: Point, step: Point, distances: list[float]
        ) -> list[tuple[int, int, int]]:
    return [picture.at((start[0] + step[0] * d, start[1] + step[1] * d)) for d in distances]


def draw(viewer: SimpleNamespace, view: Any, width: int = W, height: int = H) -> Picture:
    pixels = viewer.render_array(view, width, height)
    assert pixels.shape == (height, width, 3)
    map_width = width - (viewer.PANEL_WIDTH if view.panel is not None else 0)
    layout = MapLayout.fit(view.position.board, 12, 12, map_width - 24, height - 24)
    return Picture(view, pixels, layout, width, height)


@pytest.fixture(scope="module")
def brawl(viewer: SimpleNamespace) -> Picture:
    """The cellar brawl as a table would set it up: no panel, the golems on ochre bases."""
    return draw(viewer, viewer.View(load_position(CELLAR_BRAWL), groups={"golems": "ochre"}))


@pytest.fixture(scope="module")
def marked(viewer: SimpleNamespace) -> Picture:
    """The same cellar with Deirdre Wounded, D1 offered, a hover label on E1, Zot selected,
    and the side panel (a wider window, so the map keeps about the same size)."""
    position = load_position(CELLAR_BRAWL)
    position = position.with_figure(replace(position.figure("deirdre"), wounded=True))
    d1 = position.board.space("D1")
    panel = viewer.Panel("A test", ["Round 1"], "Pick one", ["first", "second"], ["a log line"])
    e1 = position.board.space("E1")
    view = viewer.View(position, legal=frozenset({d1}), selected="zot",
                       labels={e1: "LOF 3"}, panel=panel)
    return draw(viewer, view, MARKED_W, H)


@pytest.fixture(scope="module")
def crypt(viewer: SimpleNamespace) -> Picture:
    return draw(viewer, viewer.View(load_position(CRYPT_AMBUSH)), 960, 640)


@pytest.fixture(scope="module")
def market(viewer: SimpleNamespace) -> Picture:
    return draw(viewer, viewer.View(Position.empty(board_of("market-square"))))


def test_hazard_has_a_red_border(brawl: Picture) -> None:
    point = upper_edge_midpoint(brawl.layout, brawl.space("C3"), brawl.size * 0.08)
    assert_colour(brawl, point, style.HAZARD, "the Brazier's border")


def test_plain_space_has_no_coloured_border(brawl: Picture) -> None:
    point = upper_edge_midpoint(brawl.layout, brawl.space("D1"), brawl.size * 0.08)
    assert_colour(brawl, point, style.FLOOR, "a plain floor space")


def test_difficult_space_has_a_yellow_border(brawl: Picture) -> None:
    for name in ("B5", "F2"):  # the wine puddle, and ~
        point = upper_edge_midpoint(brawl.layout, brawl.space(name), brawl.size * 0.08)
        assert_colour(brawl, point, style.DIFFICULT, f"Difficult {name}'s border")


def test_impassable_space_is_filled_purple(brawl: Picture) -> None:
    assert_colour(brawl, brawl.centre("C2"), style.IMPASSABLE_FILL, "Impassable C2")
    point = upper_edge_midpoint(brawl.layout, brawl.space("C2"), brawl.size * 0.08)
    assert_colour(brawl, point, style.IMPASSABLE, "Impassable C2's border")


def test_impassable_feature_keeps_a_light_fill(brawl: Picture) -> None:
    """The barrel stack (impassable-feature) is a feature, not a hole."""
    assert_colour(brawl, brawl.centre("G3"), style.FEATURE_FILL, "the barrel stack")


def test_walls_are_dark_strokes(brawl: Picture) -> None:
    board = brawl.layout.board
    for a, b in board.walls:
        (x1, y1), (x2, y2) = brawl.layout.edge(a, b)
        assert_colour(brawl, ((x1 + x2) / 2, (y1 + y2) / 2), style.WALL,
                      f"Wall {board.names[a]}|{board.names[b]}")


def test_closed_door_is_a_brown_token(brawl: Picture) -> None:
    x, y = brawl.centre("D4")
    assert_colour(brawl, (x - 0.45 * brawl.size, y), style.DOOR, "closed door on D4")
    assert_colour(brawl, (x + 0.45 * brawl.size, y), style.DOOR, "closed door on D4")


def test_open_door_is_only_an_outline(crypt: Picture) -> None:
    x, y = crypt.centre("G3")
    assert_colour(crypt, (x - 0.45 * crypt.size, y), style.FLOOR, "inside the open door")
    assert colour_near(crypt, (x - 0.55 * crypt.size, y), 2, style.DOOR), "the open door's box"


def test_trap_token(brawl: Picture) -> None:
    x, y = brawl.centre("E3")
    s = brawl.size
    assert colour_near(brawl, (x + 0.42 * s + 0.1 * s, y - 0.36 * s + 0.04 * s), 2,
                       style.TRAP), "the Trap token on E3"


def test_traps_placed_and_sprung(crypt: Picture) -> None:
    """F7 has a Trap token; the pressure plate on K7 has been sprung: no token."""
    s = crypt.size
    for name, present in (("F7", True), ("K7", False)):
        x, y = crypt.centre(name)
        token = (x + 0.42 * s, y - 0.36 * s)
        assert colour_near(crypt, token, 0.18 * s, style.TRAP) is present, name


def test_wizard_fire_token(crypt: Picture) -> None:
    x, y = crypt.centre("H3")
    s = crypt.size
    assert colour_near(crypt, (x - 0.42 * s, y - 0.36 * s), 0.18 * s, style.FIRE)
    x, y = crypt.centre("I3")
    assert not colour_near(crypt, (x - 0.42 * s, y - 0.36 * s), 0.18 * s, style.FIRE)


def test_figure_discs_have_their_kind_colours(brawl: Picture) -> None:
    for figure_id, colour in (("deirdre", style.HERO), ("zot", style.HERO),
                              ("pooky", style.POOKY)):
        (x, y), radius = disc(brawl, figure_id)
        assert_colour(brawl, (x, y + 0.8 * radius), colour, f"{figure_id}'s disc")
        assert_colour(brawl, (x, y - 0.8 * radius), colour, f"{figure_id}'s disc")


def test_group_base_colours(brawl: Picture) -> None:
    """The golems were given ochre bases; the bouncers, no colour: a steady one of their
    own (its name's happens to be a Hero's blue: drawn darker, issue 39)."""
    (x, y), radius = disc(brawl, "golem")
    assert_colour(brawl, (x, y + 0.8 * radius), style.NAMED["ochre"], "the golem's base")
    (x, y), radius = disc(brawl, "brute1")
    assert_colour(brawl, (x, y + 0.8 * radius), style.group_colour(None, "bouncers"),
                  "the bouncer's base")
    assert style.group_colour(None, "bouncers") != style.base_colour(None, "bouncers")


def test_fresh_figure_has_a_white_ring_and_wounded_a_red_one(brawl: Picture,
                                                            marked: Picture) -> None:
    distances = [r / 2 for r in range(0, 10)]  # the disc's edge outwards, half pixels
    (x, y), radius = disc(brawl, "deirdre")
    fresh = ray(brawl, (x + radius - 0.5, y), (1, 0), distances)
    assert any(near(c, WHITE_RING) for c in fresh), fresh
    assert not any(near(c, style.WOUNDED) for c in fresh), fresh
    (x, y), radius = disc(marked, "deirdre")
    wounded = ray(marked, (x + radius - 0.5, y), (1, 0), distances)
    assert sum(near(c, style.WOUNDED) for c in wounded) >= 4, wounded
    assert not any(near(c, WHITE_RING) for c in wounded), wounded
    assert near(marked.at((x + radius + 3, y)), style.WOUNDED)  # thicker than the white one
    (x, y), radius = disc(brawl, "deirdre")
    assert near(brawl.at((x + radius + 3, y)), style.FLOOR)


def test_selected_figure_has_a_yellow_halo(brawl: Picture, marked: Picture) -> None:
    distances = [radius / 2 for radius in range(2, 14)]
    for picture, selected in ((marked, True), (brawl, False)):
        (x, y), radius = disc(picture, "zot")
        outside = ray(picture, (x - radius, y), (-1, 0), distances)  # away from Pooky
        assert any(near(c, style.SELECTED) for c in outside) is selected, outside


def test_legal_space_has_a_green_outline(brawl: Picture, marked: Picture) -> None:
    for picture, colour in ((marked, style.LEGAL), (brawl, style.FLOOR)):
        point = upper_edge_midpoint(picture.layout, picture.space("D1"), picture.size * 0.2)
        assert_colour(picture, point, colour, "D1's inner outline")


def test_hover_label_is_written_on_the_space(brawl: Picture, marked: Picture) -> None:
    for picture, shown in ((marked, True), (brawl, False)):
        x, y = picture.centre("E1")
        box = (x, y + 0.55 * picture.size)
        assert colour_near(picture, box, 0.3 * picture.size, HOVER_TEXT) is shown


def test_panel_is_drawn_on_the_right_only_when_asked(brawl: Picture, marked: Picture) -> None:
    assert_colour(marked, (MARKED_W - 4, H / 2), style.PANEL, "the panel", tolerance=6)
    assert_colour(brawl, (W - 4, H / 2), style.BACKGROUND, "no panel", tolerance=6)
    panel_left = MARKED_W - 360
    buttons = marked.pixels[:, panel_left:]
    assert (np.abs(buttons.astype(int) - np.array(BUTTON)) <= 4).all(axis=2).sum() > 500
    corners = [c for s in range(marked.layout.board.n) for c in marked.layout.corners(s)]
    assert max(x for x, _ in corners) <= panel_left


def test_square_map_picture(market: Picture) -> None:
    s = market.size
    board = market.layout.board
    for name in ("C5", "C6"):  # fire pits
        point = upper_edge_midpoint(market.layout, market.space(name), s * 0.08)
        assert_colour(market, point, style.HAZARD, f"fire pit {name}")
    assert_colour(market, market.centre("B4"), style.IMPASSABLE_FILL, "Impassable B4")
    for a, b in board.walls:
        (x1, y1), (x2, y2) = market.layout.edge(a, b)
        assert_colour(market, ((x1 + x2) / 2, (y1 + y2) / 2), style.WALL,
                      f"Wall {board.names[a]}|{board.names[b]}")
    x, y = market.centre("G5")
    assert_colour(market, (x - 0.45 * s, y), style.DOOR, "the closed door on G5")
    x, y = market.centre("E5")
    assert colour_near(market, (x + 0.42 * s, y - 0.36 * s), 0.18 * s, style.TRAP)


# ============================================================================================
# Windows driven through their own input handlers
# ============================================================================================


@pytest.fixture
def windows(viewer: SimpleNamespace) -> Iterator[Callable[[Any], Any]]:
    """Open invisible viewer windows; all closed afterwards."""
    opened: list[Any] = []

    def open_window(control: Any) -> Any:
        window = viewer.ViewerWindow(control, visible=False)
        opened.append(window)
        return window

    yield open_window
    for window in opened:
        window.close()


def send(window: Any, event: str, *args: Any) -> None:
    """Post an event as the system would and let the window handle it (a headless window
    queues events until :meth:`dispatch_events`)."""
    window.dispatch_event(event, *args)
    window.dispatch_events()


def click(window: Any, point: Point) -> None:
    from pyglet.window import mouse

    send(window, "on_mouse_press", round(point[0]), round(point[1]), mouse.LEFT, 0)


def click_button(window: Any, index: int) -> None:
    button = window.scene.buttons[index]
    click(window, (button.x + button.width / 2, button.y + button.height / 2))


def hover_button(window: Any, index: int) -> None:
    button = window.scene.buttons[index]
    send(window, "on_mouse_motion", round(button.x + 5), round(button.y + button.height / 2),
         0, 0)


def click_space(window: Any, space: int) -> None:
    click(window, window.scene.layout.centre(space))


def press_key(window: Any, symbol: int) -> None:
    send(window, "on_key_press", symbol, 0)


def drag(window: Any, start: int, end: int) -> None:
    from pyglet.window import mouse

    click_space(window, start)
    x, y = window.scene.layout.centre(end)
    send(window, "on_mouse_release", round(x), round(y), mouse.LEFT, 0)


def figures(position: Position) -> dict[str, int]:
    return {f.id: f.at for f in position.figures}


# --------------------------------------------------------------------------------------------
# 3. A solo campaign in the window
# --------------------------------------------------------------------------------------------


@dataclass
class SoloRun:
    """What driving the first scenario of a solo campaign through the window showed."""

    first_prompt: str | None = None
    first_options: list[str] = field(default_factory=list)
    hero_after_click: str | None = None
    second_prompt: str | None = None
    companion_options: list[str] = field(default_factory=list)
    saved_heroes: tuple[str, ...] = ()
    saved_companion: str | None = None
    layout_matches: bool = False
    hover: dict[int, str] = field(default_factory=dict)
    hovered_space: int | None = None
    move_costs: dict[int, str] = field(default_factory=dict)
    move_legal: frozenset[int] = frozenset()
    move_detail: list[str] = field(default_factory=list)
    hero_card: list[str] = field(default_factory=list)
    ability_lines: list[list[str]] = field(default_factory=list)
    ability_cards: list[list[str]] = field(default_factory=list)
    undo_counts: tuple[int, int, int] = (0, 0, 0)
    undo_kinds: tuple[str, str] = ("", "")
    events: int = 0
    space_decisions: list[tuple[str, list[str], frozenset[int]]] = field(default_factory=list)
    results: tuple[Any, ...] = ()
    game_after_end: Any = "unset"
    prompt_after_end: str | None = None
    options_after_end: list[str] = field(default_factory=list)
    status_after_end: list[str] = field(default_factory=list)
    end_view: Any = None
    next_game_started: bool = False


def saved_choices(folder: Path) -> int:
    game = load_campaign("t", folder).game
    return -1 if game is None else len(game.choices)


@pytest.fixture(scope="module")
def solo(viewer: SimpleNamespace, tmp_path_factory: pytest.TempPathFactory) -> SoloRun:
    """Play the first scenario of a new campaign by clicks and keys alone: pick gerki and
    otto-guard by their buttons, then answer every Decision by clicking a green space,
    clicking the first button, or pressing 1."""
    key = viewer.key
    folder = tmp_path_factory.mktemp("solo")
    run = SoloRun()
    window = viewer.ViewerWindow(viewer.CampaignControl("t", folder), visible=False)
    try:
        panel = window.scene.view.panel
        run.first_prompt, run.first_options = panel.prompt, list(panel.options)
        gerki = viewer.CampaignControl.HEROES.index("gerki")
        hover_button(window, gerki)
        run.hero_card = list(window.scene.view.panel.detail)
        click_button(window, gerki)
        run.hero_after_click = window.control.hero
        panel = window.scene.view.panel
        run.second_prompt, run.companion_options = panel.prompt, list(panel.options)
        click_button(window, viewer.CampaignControl.COMPANIONS.index("otto-guard"))
        campaign = load_campaign("t", folder)
        run.saved_heroes, run.saved_companion = campaign.heroes, campaign.companion
        board = window.scene.view.position.board
        run.layout_matches = window.scene.layout == MapLayout.fit(
            board, 12, 12, window.width - viewer.PANEL_WIDTH - 24, window.height - 24)

        tested_undo = False
        while window.control.control is not None and run.events < 3000:
            run.events += 1
            view = window.scene.view
            pending = window.control.control.game.pending
            if pending.kind in SPACE_DECISIONS | PATH_DECISIONS:
                run.space_decisions.append((pending.kind, list(view.panel.options),
                                            view.legal))
            if pending.kind in ("tile", "ability") and len(run.ability_lines) < 3 and (
                    pending.options[0] != "end turn"):
                run.ability_lines.append(list(view.panel.options))
                hover_button(window, 0)
                run.ability_cards.append(list(window.scene.view.panel.detail))
            if view.legal and not tested_undo and pending.kind == "move-to":
                tested_undo = True
                target = min(view.legal)
                x, y = window.scene.layout.centre(target)
                send(window, "on_mouse_motion", round(x), round(y), 0, 0)
                run.hover, run.hovered_space = dict(window.scene.view.labels), target
                run.move_costs, run.move_legal = dict(view.costs), view.legal
                run.move_detail = list(window.scene.view.panel.detail)
                before = saved_choices(folder)
                click_space(window, target)
                after = saved_choices(folder)
                press_key(window, key.U)
                undone = window.control.control.game.pending
                run.undo_counts = (before, after, saved_choices(folder))
                run.undo_kinds = (pending.kind, undone.kind if undone else "")
                continue
            if view.legal:
                click_space(window, min(view.legal))
            elif run.events % 2 and window.scene.buttons:
                click_button(window, 0)
            else:
                press_key(window, key._1)
        campaign = load_campaign("t", folder)
        run.results, run.game_after_end = campaign.results, campaign.game
        panel = window.scene.view.panel
        run.prompt_after_end, run.options_after_end = panel.prompt, list(panel.options)
        run.status_after_end, run.end_view = list(panel.status), window.scene.view
        if run.options_after_end:
            click_button(window, 0)
            run.next_game_started = (window.control.control is not None
                                     and load_campaign("t", folder).game is not None)
    finally:
        window.close()
    return run


def test_solo_starts_with_a_choice_of_hero_then_companion(solo: SoloRun,
                                                          viewer: SimpleNamespace) -> None:
    assert solo.first_prompt == "Choose your Hero"
    assert len(solo.first_options) == len(viewer.CampaignControl.HEROES)
    assert solo.hero_after_click == "gerki"
    assert solo.second_prompt == "Choose a Companion (Appendix B)"
    assert len(solo.companion_options) == len(viewer.CampaignControl.COMPANIONS)
    assert (solo.saved_heroes, solo.saved_companion) == (("gerki",), "otto-guard")


def test_solo_picks_say_what_each_hero_and_companion_is(solo: SoloRun) -> None:
    """Issue 17, item 1: a pick shows the mat's Fortitude and key abilities; hovering it
    shows every ability in full."""
    gerki = next(o for o in solo.first_options if o.startswith("Gerki"))
    assert "Fortitude 7 (Wounded 8)" in gerki and "Shiv: Melee: Attack 2 dice" in gerki
    assert all("Fortitude " in o for o in solo.first_options + solo.companion_options)
    otto = next(o for o in solo.companion_options if o.startswith("Otto, shield-bot"))
    assert "Clank forward: move 2" in otto
    pooky = next(o for o in solo.companion_options if o.startswith("Pooky"))
    assert "Rampage: rampage 3" in pooky
    assert solo.hero_card[0].startswith("Gerki (sample): Fortitude 7")
    assert "Caltrops (card Caltrops)" in solo.hero_card
    assert "Action; cost: Cooldown 1" in solo.hero_card  # Cheap shot's


def test_solo_tile_buttons_name_their_abilities(solo: SoloRun) -> None:
    """Issue 17, item 1: a tile's button names the abilities it can be used for now; the
    cards of those are shown whole under the pointer."""
    assert solo.ability_lines
    for options, card in zip(solo.ability_lines, solo.ability_cards, strict=True):
        assert options[-1] == "end the turn", options
        first = options[0]
        assert first.startswith(("an Action tile: ", "a Shenanigan tile: ")), options
        names = first.split(": ", 1)[1].split(", ")
        assert [line.split(" (")[0] for line in card if " (" in line and
                not line[0].isdigit()] == names, card


def test_solo_window_layout_is_fit_beside_the_panel(solo: SoloRun) -> None:
    assert solo.layout_matches


def test_solo_first_scenario_played_to_its_end(solo: SoloRun) -> None:
    assert 0 < solo.events < 3000
    assert len(solo.results) == 1
    result = solo.results[0]
    assert (result.number, result.attempt) == (1, 1)
    assert result.result in ("victory", "defeat")
    assert solo.game_after_end is None  # between scenarios
    assert solo.prompt_after_end is not None
    # issue 17, item 11: the end says what happened, what was gained, what comes next,
    # and its one button says what it does
    assert solo.status_after_end[0] == (f"{result.result.upper()} in round {result.rounds}: "
                                        f"{result.reason}")
    if result.result == "victory":
        assert solo.status_after_end[1] == ("The cellar is quiet. The innkeeper pours a round "
                                            "on the house.")
        assert solo.prompt_after_end.startswith("Next: scenario 2, The drowned chapel")
        assert solo.options_after_end == ["Play scenario 2: The drowned chapel (sample)"]
    else:
        assert solo.status_after_end[1] == "You limp up the stairs. The rats keep the cellar."
        assert solo.prompt_after_end.startswith("Next: The cellar door (sample) again")
        assert solo.options_after_end == ["Try scenario 1 again: The cellar door (sample)"]
    assert solo.end_view.banner == result.result.upper()
    assert solo.end_view.groups  # Schemers keep their bases' colours on the end screen
    assert solo.next_game_started


def test_solo_hover_shows_line_of_fire_and_move_cost(solo: SoloRun) -> None:
    assert solo.hovered_space is not None
    label = solo.hover.get(solo.hovered_space, "")
    assert label.startswith(("Line of Fire ", "no Line of Fire")), solo.hover
    assert " movement" in label


def test_solo_move_spaces_carry_their_cost(solo: SoloRun) -> None:
    """Issue 17, item 2: every green space of a Move shows its movement (and damage),
    but the mover's own space ("stay", 0: issue 38, it covered the figure's tokens)."""
    assert solo.move_legal and set(solo.move_costs) < set(solo.move_legal)
    assert len(set(solo.move_legal) - set(solo.move_costs)) == 1
    assert all(c.split(" ")[0].isdigit() for c in solo.move_costs.values())
    said = solo.move_detail[0] if solo.move_detail else ""
    assert " movement" in said or said.endswith(": stay"), solo.move_detail


def test_solo_u_undoes_the_last_choice(solo: SoloRun) -> None:
    before, after, undone = solo.undo_counts
    assert after > before
    assert undone == before
    assert solo.undo_kinds == ("move-to", "move-to")


def test_solo_space_choices_are_named_and_green(solo: SoloRun) -> None:
    assert solo.space_decisions
    for kind, options, legal in solo.space_decisions:
        for text in options:
            assert not text.isdigit() and not text.startswith("("), (kind, options)
        if kind in SPACE_DECISIONS:
            assert len(legal) == len(options), (kind, options, legal)


# --------------------------------------------------------------------------------------------
# 4. The table assistant
# --------------------------------------------------------------------------------------------


def table(viewer: SimpleNamespace) -> Any:
    return viewer.TableControl.load(load_position(CELLAR_BRAWL), SCHEMERS)


def test_table_group_turn_by_clicks(viewer: SimpleNamespace, windows: Callable[[Any], Any]
                                    ) -> None:
    window = windows(table(viewer))
    before = figures(window.scene.view.position)
    assert window.scene.view.panel.options == [
        "Cellar rats (sample)", "Bouncers (sample)", "Clay golems (sample)"]
    click_button(window, 2)
    assert window.control.stage == "scheme"
    assert window.scene.view.panel.options[0] == "Trample (faces 1, 2, 3, 4)"
    click_button(window, 0)
    # the golem cannot reach a Foe: it goes as far along its way as Move 2 takes it, one
    # Nearest space by path (approach=path), so nothing is asked
    assert window.control.stage == "done"
    after = figures(window.scene.view.position)
    board = window.scene.view.position.board
    assert board.names[after["golem"]] != board.names[before["golem"]]
    # the bouncer is Massive: an Overrun golem never displaces it (glossary: Massive)
    assert {k: v for k, v in after.items() if k != "golem"} == {
        k: v for k, v in before.items() if k != "golem"}
    assert any(line.startswith("golem: moves to") for line in window.scene.view.panel.log)
    assert window.scene.view.panel.options == ["another group turn"]
    click_button(window, 0)
    assert window.control.stage == "group"
    assert figures(window.scene.view.position) == after  # the table keeps the new places
    click_button(window, 0)  # the rats: Swarm the weak (faces 4, 5, 6)
    click_button(window, 1)
    ties = 0
    while window.control.stage == "turn" and ties < 20:
        ties += 1
        assert window.scene.buttons  # a tie: one button per option
        if window.scene.view.legal:
            click_space(window, min(window.scene.view.legal))
        else:
            click_button(window, 0)
    assert ties >= 1  # gob1's final target space: C1, B2 or B3, clicked on the map
    assert window.control.stage == "done"
    moved = figures(window.scene.view.position)
    assert moved["gob1"] != after["gob1"]


def test_table_turn_without_ties_needs_two_clicks(viewer: SimpleNamespace,
                                                  windows: Callable[[Any], Any]) -> None:
    window = windows(table(viewer))
    before = figures(window.control.position)
    click_button(window, 0)  # cellar rats
    press_key(window, viewer.key._1)  # Scurry and nip, by key
    assert window.control.stage == "done"
    after = figures(window.control.position)
    assert after["gob1"] != before["gob1"]
    assert window.control.position.board.names[after["gob1"]] == "C1"  # next to Zot


def test_table_drag_a_figure(viewer: SimpleNamespace, windows: Callable[[Any], Any]) -> None:
    window = windows(table(viewer))
    board = window.control.position.board
    a3, a4 = board.space("A3"), board.space("A4")
    click_space(window, a3)
    assert window.scene.view.selected == "deirdre"  # picked up: drawn selected
    from pyglet.window import mouse

    x, y = window.scene.layout.centre(a4)
    send(window, "on_mouse_release", round(x), round(y), mouse.LEFT, 0)
    assert figures(window.scene.view.position)["deirdre"] == a4
    assert window.scene.view.panel.status[0] == "deirdre moves to A4"  # the table's edit
    assert window.scene.view.selected is None


@pytest.mark.parametrize(("onto", "why"), [
    ("F4", "F4 is Occupied (only Tiny figures share a space)"),
    ("C2", "C2 is Impassable"),
    ("G3", "G3 is Impassable")])  # a barrel stack
def test_table_drop_on_a_space_it_cannot_stand_on(viewer: SimpleNamespace,
                                                  windows: Callable[[Any], Any], onto: str,
                                                  why: str) -> None:
    window = windows(table(viewer))
    board = window.control.position.board
    before = figures(window.control.position)
    drag(window, board.space("A3"), board.space(onto))
    assert figures(window.scene.view.position) == before
    assert window.scene.view.panel.status[0] == why  # the table edit's refusal


def test_table_release_off_the_map_or_without_a_figure(viewer: SimpleNamespace,
                                                       windows: Callable[[Any], Any]) -> None:
    from pyglet.window import mouse

    window = windows(table(viewer))
    board = window.control.position.board
    before = figures(window.control.position)
    click_space(window, board.space("A3"))
    send(window, "on_mouse_release", 5, 5, mouse.LEFT, 0)  # the window's corner: no space
    drag(window, board.space("D1"), board.space("E1"))  # nothing on D1 to pick up
    assert figures(window.control.position) == before
    assert window.control.dragging is None


def test_table_no_drag_while_a_scheme_is_chosen(viewer: SimpleNamespace,
                                                windows: Callable[[Any], Any]) -> None:
    window = windows(table(viewer))
    board = window.control.position.board
    click_button(window, 1)  # bouncers: now the Scheme is asked
    before = figures(window.control.position)
    drag(window, board.space("A3"), board.space("A4"))
    assert figures(window.control.position) == before
    assert window.control.stage == "scheme"


def test_table_hover_names_the_space(viewer: SimpleNamespace,
                                     windows: Callable[[Any], Any]) -> None:
    window = windows(table(viewer))
    e1 = window.control.position.board.space("E1")
    x, y = window.scene.layout.centre(e1)
    send(window, "on_mouse_motion", round(x), round(y), 0, 0)
    assert window.scene.view.labels == {e1: "E1"}


def test_table_tie_offers_named_green_spaces(viewer: SimpleNamespace,
                                             windows: Callable[[Any], Any]) -> None:
    window = windows(table(viewer))
    click_button(window, 0)  # cellar rats
    click_button(window, 1)  # Swarm the weak: three spaces tie for the final target
    pending = window.control.turn.pending
    assert pending is not None and pending.kind == "final-target-space"
    names = window.control.position.board.names
    assert window.scene.view.panel.options == [names[s] for s in pending.options]
    assert window.scene.view.legal == frozenset(pending.options)


def test_table_number_key_beyond_the_buttons_is_ignored(viewer: SimpleNamespace,
                                                        windows: Callable[[Any], Any]
                                                        ) -> None:
    window = windows(table(viewer))
    press_key(window, viewer.key._9)
    assert window.control.stage == "group"


def test_screenshot_key(viewer: SimpleNamespace, windows: Callable[[Any], Any],
                        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = windows(table(viewer))
    monkeypatch.chdir(tmp_path)
    press_key(window, viewer.key.S)
    shot = tmp_path / "tales-screenshot-1.png"
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert window.control.message == f"picture saved: {shot.resolve()}"
    assert f"picture saved: {shot.resolve()}" in window.scene.view.panel.status
    press_key(window, viewer.key.S)  # the next is numbered on, the first kept
    assert (tmp_path / "tales-screenshot-2.png").is_file() and shot.is_file()
    click_button(window, 0)  # the window goes on working
    assert window.control.stage == "scheme"


# --------------------------------------------------------------------------------------------
# 5. Replay
# --------------------------------------------------------------------------------------------

CELLAR_SETUP = Setup("scenarios/cellar-door.toml", ("gerki", "deirdre"))


def played(person_choices: int, seed: int = 5) -> tuple[Context, SavedGame]:
    """A game saved after ``person_choices`` answers by the players (chance rolled as the
    viewer rolls it), ending at the next person's Decision."""
    ctx = load_context(CELLAR_SETUP)
    game: Game[Any] = Game(lambda: play_scenario(ctx))
    people = 0
    while game.pending is not None:
        decision = game.pending
        if decision.decider is Decider.CHANCE:
            game.answer(chance_for(seed, len(game.choices), decision))
        elif people == person_choices:
            break
        else:
            game.choose(len(decision.options) - 1)
            people += 1
    return ctx, SavedGame(ctx.setup, seed, tuple(game.choices))


@pytest.fixture(scope="module")
def saved_game() -> tuple[Context, SavedGame]:
    return played(8)


def test_replay_steps_back_and_forward(viewer: SimpleNamespace,
                                       windows: Callable[[Any], Any],
                                       saved_game: tuple[Context, SavedGame]) -> None:
    ctx, saved = saved_game
    total = len(saved.choices)
    window = windows(viewer.ReplayControl(ctx, saved))
    key = viewer.key

    def shown() -> tuple[int, dict[str, int], str]:
        view = window.scene.view
        return window.control.step, figures(view.position), view.panel.status[0]

    step, at_end, status = shown()
    assert step == total and status.startswith(f"replay: choice {total} of {total}")
    assert window.scene.buttons == []  # a replay offers no options
    seen = [at_end]
    for n in range(total - 1, -1, -1):
        press_key(window, key.LEFT)
        step, position, status = shown()
        assert step == n and status.startswith(f"replay: choice {n} of {total}")
        seen.append(position)
    press_key(window, key.LEFT)  # already at the start
    assert shown()[0] == 0
    assert seen[-1] != at_end  # the heroes were placed and moved in between
    assert len({tuple(sorted(p.items())) for p in seen}) >= 3
    for n in range(1, total + 1):
        press_key(window, key.RIGHT)
        step, position, _ = shown()
        assert step == n
        assert position == seen[total - n]  # forward shows what back showed
    press_key(window, key.RIGHT)  # already at the end
    assert shown()[0] == total


def test_replay_ignores_number_keys(viewer: SimpleNamespace, windows: Callable[[Any], Any],
                                    saved_game: tuple[Context, SavedGame]) -> None:
    ctx, saved = saved_game
    window = windows(viewer.ReplayControl(ctx, saved))
    press_key(window, viewer.key._1)
    assert window.control.step == len(saved.choices)


# ============================================================================================
# 6. The command line
# ============================================================================================


@pytest.fixture
def at_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("TALES_HEADLESS", "1")


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def one_line_error(status: int, out: str, err: str) -> str:
    assert (status, out) == (2, "")
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tales: "), err
    return lines[0]


@pytest.mark.usefixtures("viewer", "at_checkout")
def test_render_a_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_png = tmp_path / "crypt.png"
    status, out, err = run_cli(capsys, "render", "positions/crypt-ambush.toml", str(out_png),
                               "--size", "640x480")
    assert (status, err) == (0, "")
    assert out == f"wrote {out_png} (640x480)\n"
    assert png_size(out_png) == (640, 480)


@pytest.mark.usefixtures("viewer", "at_checkout")
def test_render_default_size_with_blocks(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    out_png = tmp_path / "brawl.png"
    status, _, err = run_cli(capsys, "render", "positions/cellar-brawl.toml", str(out_png),
                             "--blocks", "scenarios/sample-schemers.toml")
    assert (status, err) == (0, "")
    assert png_size(out_png) == (1200, 800)


@pytest.mark.usefixtures("viewer", "at_checkout")
def test_render_a_game_save(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                            saved_game: tuple[Context, SavedGame]) -> None:
    save = tmp_path / "game.sav"
    write_save(save, saved_game[1])
    out_png = tmp_path / "game.png"
    status, _, err = run_cli(capsys, "render", str(save), str(out_png), "--size", "400x300")
    assert (status, err) == (0, "")
    assert png_size(out_png) == (400, 300)


@pytest.mark.usefixtures("viewer", "at_checkout")
def test_render_a_campaign_in_progress(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    campaign = new_campaign("c", "sample-campaign", ("gerki",), "otto-guard")
    campaign = start_game(campaign, campaign_file(campaign))
    save_campaign(campaign, tmp_path)
    out_png = tmp_path / "campaign.png"
    status, _, err = run_cli(capsys, "render", str(path_for("c", tmp_path)), str(out_png),
                             "--size", "800x500")
    assert (status, err) == (0, "")
    assert png_size(out_png) == (800, 500)


@pytest.mark.usefixtures("at_checkout")
def test_render_a_campaign_between_scenarios(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    save_campaign(new_campaign("c", "sample-campaign", ("gerki",), "otto-guard"), tmp_path)
    line = one_line_error(*run_cli(capsys, "render", str(path_for("c", tmp_path)),
                                   str(tmp_path / "x.png")))
    assert "no scenario in progress" in line
    assert not (tmp_path / "x.png").exists()


@pytest.mark.usefixtures("at_checkout")
@pytest.mark.parametrize(("args", "says"), [
    (("positions/nowhere.toml",), "nowhere.toml: no such file"),
    (("nowhere.sav",), "nowhere.sav: no such file"),
    (("positions/crypt-ambush.toml", "--size", "10x10"), "--size '10x10'"),
    (("positions/crypt-ambush.toml", "--size", "abc"), "--size 'abc'"),
    (("positions/crypt-ambush.toml", "--size", "50x600"), "--size '50x600'"),
    (("positions/crypt-ambush.toml", "--size", "800x"), "--size '800x'"),
    (("heroes/gerki.toml",), "unknown key 'sample'"),  # a Hero kit is no picture
])
def test_render_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                          args: tuple[str, ...], says: str) -> None:
    out_png = tmp_path / "never.png"
    line = one_line_error(*run_cli(capsys, "render", args[0], str(out_png), *args[1:]))
    assert says in line
    assert not out_png.exists()


@pytest.mark.usefixtures("at_checkout")
def test_render_a_corrupt_save(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "broken.sav"
    bad.write_bytes(bytes(range(256)) * 3)
    line = one_line_error(*run_cli(capsys, "render", str(bad), str(tmp_path / "x.png")))
    assert str(bad) in line
    assert not (tmp_path / "x.png").exists()


@pytest.mark.usefixtures("at_checkout")
def test_view_needs_a_screen(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch,
                             saved_game: tuple[Context, SavedGame]) -> None:
    def no_window(control: Any) -> None:
        raise AssertionError("tried to open a window with no screen")

    # were the headless check missing, fail here rather than hang in pyglet.app.run()
    monkeypatch.setitem(sys.modules, "tales.viewer.app", SimpleNamespace(run=no_window))
    line = one_line_error(*run_cli(capsys, "view", "positions/cellar-brawl.toml"))
    assert "no screen" in line
    save = tmp_path / "game.sav"
    write_save(save, saved_game[1])
    assert "no screen" in one_line_error(*run_cli(capsys, "view", "--replay", str(save)))
    assert "position file" in one_line_error(*run_cli(capsys, "view"))


@pytest.mark.usefixtures("at_checkout")
def test_solo_without_a_screen_plays_at_the_terminal(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """README: on a machine with no screen ``tales solo`` plays at the terminal instead
    (not a "no screen" refusal); the new campaign is saved."""
    def no_window(control: Any) -> None:
        raise AssertionError("tried to open a window with no screen")

    monkeypatch.setitem(sys.modules, "tales.viewer.app", SimpleNamespace(run=no_window))
    monkeypatch.setattr("sys.stdin", io.StringIO("4\n1\n"))  # who plays, as the window asks
    status, out, err = run_cli(capsys, "solo", "nowin", "--saves", str(tmp_path))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Pick your Hero:"
    # (the last prompt, which input() writes with no newline, ends the line before it)
    begun = next(n for n, line in enumerate(lines) if "new solo campaign" in line)
    assert lines[begun].endswith("new solo campaign 'nowin': gerki with otto-guard (the "
                                 "bundled sample campaign)")
    assert lines[begun + 1].startswith("no screen: playing at the terminal")
    assert "input ended" in out
    campaign = load_campaign("nowin", tmp_path)
    assert (campaign.heroes, campaign.companion) == (("gerki",), "otto-guard")


def test_a_display_that_cannot_be_opened_is_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        viewer: SimpleNamespace) -> None:
    """Issue 17, item 12: ``DISPLAY=:55 tales solo`` was a traceback."""
    import tales.viewer
    import tales.viewer.app

    class NoSuchDisplay(Exception):
        pass

    def refuse(*args: Any, **keys: Any) -> None:
        raise NoSuchDisplay('Cannot connect to "None"')

    monkeypatch.setenv("DISPLAY", ":55")
    monkeypatch.setattr(tales.viewer, "headless", lambda: False)
    monkeypatch.setattr(tales.viewer.app, "ViewerWindow", refuse)
    status, _, err = run_cli(capsys, "solo", "t", "--saves", str(tmp_path), "--hero",
                               "gerki")
    assert status == 2
    assert err == ("tales: cannot open a window on display ':55'; TALES_HEADLESS=1 plays at "
                   "the terminal, tales render draws pictures without a screen\n")


def test_the_opengl_hint_names_only_what_is_missing(tmp_path: Path,
                                                    viewer: SimpleNamespace) -> None:
    from tales.viewer.picture import missing_gl_packages

    root = tmp_path / "lib"
    (root / "dri").mkdir(parents=True)
    assert missing_gl_packages((str(root),)) == ["libegl1", "libegl-mesa0",
                                                 "libgl1-mesa-dri"]
    (root / "libEGL.so.1").write_bytes(b"")
    (root / "dri" / "swrast_dri.so").write_bytes(b"")
    assert missing_gl_packages((str(root),)) == ["libegl-mesa0"]


def test_physical_dice_in_the_window_are_buttons(viewer: SimpleNamespace) -> None:
    """Issue 17, item 10: with --physical-dice the window asks each chance result too."""
    control = viewer.GameControl(load_context(CELLAR_SETUP), 1, physical=True)
    pending = control.game.pending
    assert pending.decider is Decider.CHANCE and pending.kind == "tracker-card"
    panel = control.view().panel
    assert panel.prompt == "Draw a card from the brown tracker deck: which card?"
    assert panel.options == ["1", "2"]
    control.choose(1)
    assert control.game.answers == [2]
    kinds = []
    while control.game.pending is not None and len(kinds) < 40:
        kinds.append(control.game.pending.kind)
        control.choose(0)
    assert {"roll-scheme", "initiative"} <= set(kinds)


def test_log_is_one_line_an_action_coloured_scrollable_and_why_on_w(
        viewer: SimpleNamespace, windows: Callable[[Any], Any]) -> None:
    """Issue 17, item 8: the panel's log shows outcomes, coloured by side; W shows the
    rules' reasoning; the wheel scrolls it."""
    control = viewer.GameControl(load_context(CELLAR_SETUP), 1)
    while not any(" toward " in line for line in control.game.seen.log):
        control.choose(0)
    window = windows(control)
    panel = window.scene.view.panel
    assert not any(" toward " in line for line in panel.log)
    assert len(panel.log_sides) == len(panel.log)
    rats = [side for line, side in zip(panel.log, panel.log_sides, strict=True)
            if line.startswith("cellar-rats")]
    assert rats and set(rats) == {"schemer"}
    press_key(window, viewer.key.W)
    assert any(" toward " in line for line in window.scene.view.panel.log)
    last = window.scene.view.panel.log[-1]
    send(window, "on_mouse_scroll", 700, 300, 0, 1)
    assert control.log_scroll == 3 and window.scene.view.panel.log[-1] != last
    send(window, "on_mouse_scroll", 700, 300, 0, -5)
    assert control.log_scroll == 0 and window.scene.view.panel.log[-1] == last


def test_rampage_steps_are_green_spaces(viewer: SimpleNamespace) -> None:
    """Issue 17, item 4: Pooky's Rampage "next space?" (options named, no position on the
    Decision) lights the spaces on the map shown, and a click answers."""
    from tales.rules.decisions import Decision
    from tales.viewer.control import space_options

    position = load_position(CELLAR_BRAWL)
    board = position.board
    asked = Decision("rampage-step", "pooky rampages: next space?", ("B1", "A2", "stop"),
                     Decider.PLAYER, "pooky")
    assert space_options(asked) == {}
    assert space_options(asked, position) == {board.space("B1"): "B1",
                                              board.space("A2"): "A2"}


def test_panel_text_wraps_inside_the_panel(viewer: SimpleNamespace) -> None:
    """Issue 17, item 9: a long status line ("in the bag: ..."), a long option and a long
    log line wrap; no text runs past the window's right edge; the legend names the token
    letters and border colours on the map."""
    import pyglet

    from tales.viewer.picture import _window

    position = load_position(CELLAR_BRAWL)
    bag = "in the bag: " + ", ".join(f"rats-{n} (partial)" for n in range(12))
    panel = viewer.Panel("A test", [bag], "Pick one " * 12, ["a long option " * 9],
                         ["a long log line " * 10])
    width = 1000
    window = _window(width, 700)
    try:
        window.switch_to()
        scene = viewer.Scene(viewer.View(position, panel=panel), width, 700)
        labels = [k for k in scene.keep if isinstance(k, pyglet.text.Label)]
        texts = [label.text for label in labels]
        for label in labels:
            if label.anchor_x == "left":
                assert label.x + label.content_width <= width, label.text
    finally:
        window.close()
    bag_lines = [t for t in texts if "(partial)" in t]
    assert bag_lines[0].startswith("in the bag: rats-0 (partial)") and len(bag_lines) > 2
    assert "".join(t.strip() for t in bag_lines).replace(" ", "") == bag.replace(" ", "")
    assert scene.buttons[0].height > 26  # the long option: a button of several lines
    # the map's legend and the glossary are one key away (L), in the log's place
    assert "L: the map's legend and the glossary" in texts
    assert not any(t.startswith("borders: ") for t in texts)
    panel.legend = True
    window = _window(width, 700)
    try:
        window.switch_to()
        scene = viewer.Scene(viewer.View(position, panel=panel), width, 700)
        texts = [k.text for k in scene.keep if isinstance(k, pyglet.text.Label)]
    finally:
        window.close()
    assert any(t.startswith("borders: red Hazard, yellow Difficult") for t in texts)
    assert any(t.startswith("Difficult: entering costs 2 movement") for t in texts)
    assert not any("a long log line" in t for t in texts)


def test_a_large_figure_is_drawn_across_its_spaces(viewer: SimpleNamespace) -> None:
    """Issue 25, item 4: a two-space Schemer is one body on both its spaces (its disc and
    label on the anchor, its colour on the other space too), not a disc on its anchor."""
    position = load_position(ROOT / "positions" / "cellar-crawler.toml")
    crawler = next(f for f in position.figures if f.footprint)
    picture = draw(viewer, viewer.View(position))
    colour = style.figure_colour(crawler, {})
    anchor, other = position.spaces_of(crawler)[:2]
    for space in (anchor, other):
        x, y = picture.layout.centre(space)
        assert colour_near(picture, (x, y + picture.size * 0.05), 3, colour), space


def test_a_large_group_plays_to_the_end_in_the_window(viewer: SimpleNamespace,
                                                      tmp_path: Path) -> None:
    """Issue 25, item 1: the sample campaign of two-space crawlers
    (scenarios/sample-large-campaign.toml) plays to its end screen in the solo window by
    clicks and keys alone; while the crawlers stand on the map, a screenshot draws each
    across both its spaces."""
    key = viewer.key
    folder = tmp_path / "saves"
    save_campaign(new_campaign("crawl", "sample-large-campaign", ("gerki",), "otto-guard"),
                  folder)
    window = viewer.ViewerWindow(viewer.CampaignControl("crawl", folder), visible=False)
    shot: Path | None = None
    events = 0
    try:
        while window.control.control is not None and events < 3000:
            events += 1
            view = window.scene.view
            large = [f for f in view.position.figures if f.large]
            if shot is None and len(large) == 2 and window.control.control.game.pending.kind \
                    in SPACE_DECISIONS | PATH_DECISIONS:
                shot = window.screenshot(tmp_path)
                picture = draw(viewer, view, window.width, window.height)
                window.switch_to()  # drawing the picture made its own context current
                for crawler in large:
                    colour = style.figure_colour(crawler, view.groups)
                    for space in view.position.spaces_of(crawler):
                        x, y = picture.layout.centre(space)
                        assert colour_near(picture, (x, y + picture.size * 0.05), 3, colour), (
                            crawler.id, view.position.board.names[space])
            if view.legal:
                click_space(window, min(view.legal))
            elif events % 2 and window.scene.buttons:
                click_button(window, 0)
            else:
                press_key(window, key._1)
        results = load_campaign("crawl", folder).results
        end, end_shot = window.scene.view, window.screenshot(tmp_path)
    finally:
        window.close()
    assert shot is not None and end_shot is not None and end_shot != shot
    assert 0 < events < 3000 and len(results) == 1
    assert results[0].result in ("victory", "defeat")
    assert end.banner == results[0].result.upper()


def test_table_drag_a_large_figure_by_any_space(viewer: SimpleNamespace,
                                                windows: Callable[[Any], Any]) -> None:
    """Issue 25, item 4: in the window a two-space Schemer is picked up by either space and
    dropped with its anchor on the space, its facing kept; the status names every space, and
    a drop where part of it cannot stand is one line and changes nothing."""
    large_blocks = str(ROOT / "scenarios" / "sample-large-schemers.toml")
    window = windows(viewer.TableControl.load(
        load_position(ROOT / "positions" / "cellar-crawler.toml"), large_blocks))
    board = window.control.position.board
    drag(window, board.space("E5"), board.space("C3"))  # picked up by its second space
    position = window.scene.view.position
    assert [board.names[s] for s in position.spaces_of(position.figure("crawler1"))] == [
        "C3", "D3"]
    assert window.scene.view.panel.status[0] == "crawler1 moves to C3 (on C3 D3)"
    drag(window, board.space("C3"), board.space("F3"))  # G3, its other space: barrels
    assert window.control.message.startswith("crawler1 cannot stand on F3 G3: ")
    assert window.scene.view.position == position
    from tales.table.edits import Edit, EditKind  # A: a newcomer, its group's shape as given

    assert window.control.edit(Edit(EditKind.REINFORCE, "cellar-crawlers", board.space("A6")))
    assert window.control.message == "cellar-crawlers-2 comes in on A6 (on A6 B6)"
