"""Drawing a position (and a side panel) with pyglet shapes and labels.

A :class:`Scene` is built from a :class:`View` (what to show) for a window size; it keeps
the map layout and the option buttons so clicks can be mapped back. Import this module
only through :mod:`tales.viewer` (which sets pyglet up for machines without a screen).
"""

from __future__ import annotations

import itertools
import math
import textwrap
from dataclasses import dataclass, field
from typing import Any, Literal

import pyglet
from pyglet import shapes

from tales.board.board import FeatureKind
from tales.board.figures import Figure, Keyword, Role
from tales.board.position import Position
from tales.present.glossary import glossary_lines, terms_on
from tales.present.turns import TurnDrawing
from tales.viewer import style
from tales.viewer.layout import MapLayout

PANEL_WIDTH = 360
BUTTON_HEIGHT = 26
LINE = 15  # a wrapped line of a button or of the card
MAX_BUTTONS = 10
FONT = 10
CHARS = 46  # characters of 10-point text a panel line holds
SMALL_CHARS = 52  # of 9-point text
TITLE_CHARS = 32  # of the 13-point bold title
BASE_SIZE = (1280, 800)  # the window the panel's sizes are for; larger windows scale them
MAX_SCALE = 2.0


def text_scale(width: int, height: int) -> float:
    """How much larger than at :data:`BASE_SIZE` the panel's text and width are drawn in a
    ``width`` x ``height`` window: 1 up to that size, then with the window, to 2."""
    return max(1.0, min(width / BASE_SIZE[0], height / BASE_SIZE[1], MAX_SCALE))


@dataclass
class Panel:
    """The side panel: a title, status lines, the pending choice and its options, the log."""

    title: str = ""
    status: list[str] = field(default_factory=list)
    prompt: str | None = None
    options: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    pool: tuple[int, int] | None = None  # Epic Dice in the pool, its size
    detail: list[str] = field(default_factory=list)  # the card behind the hovered option
    log_sides: list[str] = field(default_factory=list)  # each log line's side: its colour
    explain: list[str] = field(default_factory=list)  # a Schemer's tie: who, what, why
    keys: list[str] = field(default_factory=list)  # the edit keys, when the board is editable
    goals: list[str] = field(default_factory=list)  # what wins and loses, and where it stands
    goal_tones: list[str] = field(default_factory=list)  # each goal line's tone: its colour
    legend: bool = False  # L: the map's legend and the glossary, in the log's place
    legend_skip: int = 0  # its lines scrolled past (the mouse wheel)
    scheme: list[str] = field(default_factory=list)  # the acting group's Scheme, its steps


@dataclass
class View:
    """What to draw: the position, what the pending Decision offers, hover labels."""

    position: Position
    legal: frozenset[int] = frozenset()
    selected: str | None = None
    labels: dict[int, str] = field(default_factory=dict)
    objective: frozenset[int] = frozenset()
    groups: dict[str, str] = field(default_factory=dict)  # group -> base colour name
    panel: Panel | None = None
    costs: dict[int, str] = field(default_factory=dict)  # a Move's green spaces: "2 !1"
    drawing: TurnDrawing | None = None  # the last turn: paths, attacks, Traps sprung
    targets: frozenset[str] = frozenset()  # a Schemer's tie: the figures it is after
    banner: str = ""  # over the map: "VICTORY" or "DEFEAT" at a scenario's end
    banner_side: str = ""  # whose colour the banner takes (hero, schemer)
    names: dict[str, str] = field(default_factory=dict)  # group or Destructible -> its name
    text_size: float = 1.0  # the panel's text this much larger (a campaign's setting)
    animation: float = 0.0  # seconds the window takes to draw a turn's paths (0: at once)
    sealed_doors: frozenset[int] = frozenset()  # doors only the scenario's events open
    picture: bool = False  # a saved picture: no window hints (keys, "W: why"), the
    # map's legend where the log would be


@dataclass
class Button:
    """An option button of the panel."""

    index: int
    x: float
    y: float
    width: float
    height: float

    def hit(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.width and self.y <= y <= self.y + self.height


class Scene:
    """Shapes and labels for one :class:`View` in a ``width`` x ``height`` window."""

    def __init__(self, view: View, width: int, height: int, reveal: float = 1.0) -> None:
        """``reveal``: how much of the last turn's paths to draw, 0 to 1, one path after
        another (the window animates a turn by drawing it with a growing ``reveal``); the
        Attacks and tags come when the paths are whole."""
        self.view = view
        self.reveal = max(0.0, min(reveal, 1.0))
        self.batch = pyglet.graphics.Batch()
        # layers 0-5 (map, outlines, names, tokens, figures, text) and, for the last
        # turn's drawing, 6 between the tokens and the figures, 7 and 8 over everything
        order = (0, 1, 2, 3, 5, 6, 4, 7, 8)
        self.layers = [pyglet.graphics.Group(order=order[n]) for n in range(9)]
        self.keep: list[Any] = []  # shapes must stay referenced to be drawn
        self.buttons: list[Button] = []
        scale = text_scale(width, height)
        # a larger text setting, as far as the panel stays within half the window
        self.k = max(scale, min(scale * view.text_size, width / 2 / PANEL_WIDTH))
        self.panel_width = round(PANEL_WIDTH * self.k) if view.panel is not None else 0
        map_width = width - self.panel_width
        self.layout = MapLayout.fit(view.position.board, 12, 12, map_width - 24, height - 24)
        self.width, self.height = width, height
        self._background()
        self._spaces()
        self._walls()
        self._tokens()
        self._figures()
        if view.drawing:
            self._drawing(view.drawing)
        if view.banner:
            self._banner(view.banner, style.ARROWS.get(view.banner_side, style.DIM),
                         map_width)
        if view.panel is not None:
            self._panel(view.panel, map_width)

    # --- helpers --------------------------------------------------------------------

    def _add(self, shape: Any) -> Any:
        self.keep.append(shape)
        return shape

    def _text(self, text: str, x: float, y: float, size: float = FONT,
              colour: style.Colour = style.TEXT, layer: int = 5,
              anchor_x: Literal["left", "center", "right"] = "center",
              anchor_y: Literal["top", "bottom", "center", "baseline"] = "center",
              bold: bool = False, width: int | None = None) -> Any:
        return self._add(pyglet.text.Label(
            text, x=x, y=y, font_size=size, color=(*colour, 255), anchor_x=anchor_x,
            anchor_y=anchor_y, weight="bold" if bold else "normal", batch=self.batch,
            group=self.layers[layer], width=width, multiline=width is not None))

    # --- the map --------------------------------------------------------------------

    def _background(self) -> None:
        self._add(shapes.Rectangle(0, 0, self.width, self.height, color=style.BACKGROUND,
                                   batch=self.batch, group=self.layers[0]))

    def _spaces(self) -> None:
        board = self.view.position.board
        standing = {s for f in self.view.position.figures
                    for s in self.view.position.spaces_of(f)}
        layout = self.layout
        size = layout.size
        for space in range(board.n):
            kind = board.feature_spec(board.glyphs[space]).kind
            fill = style.FLOOR
            if kind is FeatureKind.IMPASSABLE:
                fill = style.IMPASSABLE_FILL
            elif kind is FeatureKind.IMPASSABLE_FEATURE:
                fill = style.FEATURE_FILL
            elif board.feature_name[space] is not None:
                fill = (214, 198, 164)
            corners = layout.corners(space)
            self._add(shapes.Polygon(*corners, color=fill, batch=self.batch,
                                     group=self.layers[1]))
            self._outline(corners, 1.0, style.GRID, 1)
            border = style.BORDER.get(kind)
            if space in self.view.objective:
                border = style.OBJECTIVE
            if border is not None:
                self._outline(layout.corners(space, inset=size * 0.08),
                              max(size * 0.09, 2.0), border, 2)
            if space in self.view.legal:
                self._outline(layout.corners(space, inset=size * 0.2),
                              max(size * 0.1, 2.0), style.LEGAL, 2)
            x, y = layout.centre(space)
            dark = fill == style.IMPASSABLE_FILL
            self._text(board.names[space], x, y + size * 0.66, size=max(size * 0.14, 6),
                       colour=(210, 200, 220) if dark else style.GRID, layer=2)
            name = board.feature_name[space]
            if name and kind is FeatureKind.FEATURE and space not in standing:
                self._text(name, x, y - size * 0.5, size=max(size * 0.15, 6),
                           colour=(90, 70, 40), layer=2)  # a named feature: the Ferry post
            if board.start[space] and space not in standing:  # under a figure: not needed
                self._text("S", x - size * 0.58, y + size * 0.3, size=max(size * 0.18, 7),
                           colour=style.HERO, layer=2, bold=True)
            if board.deployment[space]:  # a numbered deployment space: a red badge
                bx, by, br = x + size * 0.58, y + size * 0.3, max(size * 0.15, 6)
                self._add(shapes.Circle(bx, by, br, color=(150, 40, 40), batch=self.batch,
                                        group=self.layers[2]))
                self._text(str(int(board.deployment[space])), bx, by,
                           size=max(size * 0.15, 6), colour=(250, 240, 230), layer=2,
                           bold=True)
            if kind is FeatureKind.HAZARD and board.hazard_damage[space]:
                self._text(f"{int(board.hazard_damage[space])}!", x - size * 0.55,
                           y - size * 0.32, size=max(size * 0.17, 7), colour=style.HAZARD,
                           layer=2, bold=True)
            if space in self.view.costs:
                cost = self.view.costs[space]
                self._text(cost, x, y - size * 0.62, size=max(size * 0.2, 7),
                           colour=style.HAZARD if "!" in cost else (20, 90, 30), layer=5,
                           bold=True)
            if space in self.view.labels:  # on a backing over everything, kept on the map
                self._tag(self.view.labels[space], x, y + size * 0.55, style.HOVER_BACKING,
                          text_colour=(20, 90, 30), keep_within=self.width - self.panel_width)

    def _outline(self, corners: list[tuple[float, float]], thickness: float,
                 colour: style.Colour, layer: int) -> None:
        """A closed outline with no notch where it starts (one corner drawn past)."""
        self._add(shapes.MultiLine(*corners, *corners[:2], closed=False, thickness=thickness,
                                   color=(*colour, 255), batch=self.batch,
                                   group=self.layers[layer]))

    def _walls(self) -> None:
        for a, b in sorted(self.view.position.board.walls):
            (x1, y1), (x2, y2) = self.layout.edge(a, b)
            self._add(shapes.Line(x1, y1, x2, y2, thickness=max(self.layout.size * 0.16, 3.0),
                                  color=style.WALL, batch=self.batch, group=self.layers[3]))

    def _tokens(self) -> None:
        position = self.view.position
        size = self.layout.size
        board = position.board
        for space in range(board.n):
            if not board.door[space]:
                continue
            x, y = self.layout.centre(space)
            if space in position.closed_doors:
                sealed = space in self.view.sealed_doors
                self._add(shapes.Rectangle(x - size * 0.55, y - size * 0.22, size * 1.1,
                                           size * 0.44, color=style.EVENT_DOOR if sealed
                                           else style.DOOR, batch=self.batch,
                                           group=self.layers[3]))
                self._text("event" if sealed else "door", x, y, size=max(size * 0.18, 7),
                           colour=(250, 230, 200), layer=4)
            else:
                self._add(shapes.Box(x - size * 0.55, y - size * 0.22, size * 1.1, size * 0.44,
                                     thickness=2, color=style.DOOR, batch=self.batch,
                                     group=self.layers[3]))
                self._text("open", x, y, size=max(size * 0.16, 7), colour=style.DOOR,
                           layer=4)
        for space, damage in position.traps.items():
            x, y = self.layout.centre(space)
            # a spiked token, not a square like a number's badge; in the space's corner
            # and over a figure standing there, so neither hides the other (issue 38)
            tx, ty = x + size * 0.42, y - size * 0.36
            self._add(shapes.Star(tx, ty, size * 0.24, size * 0.15, 8, color=style.TRAP,
                                  batch=self.batch, group=self.layers[7]))
            self._text(str(damage), tx, ty, size=max(size * 0.18, 7), layer=8, bold=True)
        for space, damage in position.wizard_fire.items():
            x, y = self.layout.centre(space)
            fx, fy = x - size * 0.42, y - size * 0.36
            self._add(shapes.Circle(fx, fy, size * 0.17, color=style.FIRE, batch=self.batch,
                                    group=self.layers[7]))
            self._text(str(damage), fx, fy, size=max(size * 0.16, 7), colour=(40, 20, 0),
                       layer=8, bold=True)

    def _figures(self) -> None:
        position = self.view.position
        size = self.layout.size
        for space in sorted({f.at for f in position.figures}):
            here = position.figures_at(space)
            cx, cy = self.layout.centre(space)
            for n, figure in enumerate(here):
                tiny = Keyword.TINY in figure.keywords
                radius = size * (0.3 if tiny or len(here) > 1 else 0.46)
                x = cx + (n - (len(here) - 1) / 2) * radius * 1.9
                y = cy + size * 0.05
                colour = style.figure_colour(figure, self.view.groups)
                if figure.id == self.view.selected:
                    self._add(shapes.Circle(x, y, radius + 5, color=style.SELECTED,
                                            batch=self.batch, group=self.layers[3]))
                elif figure.id in self.view.targets:  # what the acting Schemer is after
                    self._add(shapes.Arc(x, y, radius + 6, thickness=3, color=style.STRIKE,
                                         batch=self.batch, group=self.layers[3]))
                ring = style.WOUNDED if figure.wounded else (245, 245, 245)
                if figure.footprint:  # a large figure: a body on each of its spaces, joined
                    self._body(figure, x, y, radius, colour, ring)
                shape = style.figure_shape(figure, list(self.view.groups))
                self._shape(shape, x, y, radius + (4 if figure.wounded else 2), ring, 3)
                self._shape(shape, x, y, radius, colour, 4,
                            hollow=figure.recovering or shape == "ring")
                self._text(style.figure_label(figure), x, y, size=max(radius * 0.55, 7),
                           colour=style.readable_on(colour), bold=True)
                if figure.fortitude is not None:  # Fortitude left of its side's
                    left = f"{figure.remaining_fortitude}/{figure.fortitude}"
                    self._text(left, x, y - radius - size * 0.1, size=max(size * 0.15, 7),
                               colour=(20, 20, 20), bold=True)
                tokens = style.token_text(figure)
                if tokens:  # figures sharing a space: one row each, so none hides another
                    row = size * (0.3 + 0.18 * n)
                    self._text(tokens, x, y - radius - row, size=max(size * 0.15, 7),
                               colour=(70, 30, 110), bold=True)

    def _shape(self, shape: str, x: float, y: float, radius: float, colour: style.Colour,
               layer: int, hollow: bool = False) -> None:
        """A figure's body of ``shape`` (:func:`tales.viewer.style.figure_shape`) about the
        same size as a disc of ``radius``; ``hollow``: only its outline on a pale fill (an
        Illusion; a Companion on its Recovery side)."""
        group = self.layers[layer]
        fill = (*colour, 255) if not hollow else (*colour, 90)
        if shape in ("disc", "ring"):
            self._add(shapes.Circle(x, y, radius, color=fill, batch=self.batch, group=group))
            if hollow:
                self._add(shapes.Arc(x, y, radius - 1.5, thickness=max(radius * 0.18, 2.5),
                                     color=(*colour, 255), batch=self.batch, group=group))
            return
        corners, turn, reach = style.POLYGONS[shape]
        reach *= radius
        shift = -radius * 0.2 if shape == "triangle" else 0.0  # its middle, not its tip
        points = [(x + reach * math.cos(turn + n * 2 * math.pi / corners),
                   y + shift + reach * math.sin(turn + n * 2 * math.pi / corners))
                  for n in range(corners)]
        self._add(shapes.Polygon(*points, color=fill, batch=self.batch, group=group))
        if hollow:
            self._outline(points, max(radius * 0.18, 2.5), colour, layer)

    def _body(self, figure: Figure, x: float, y: float, radius: float,
              colour: tuple[int, int, int], ring: tuple[int, int, int]) -> None:
        """The spaces of a large figure past its anchor (drawn at ``x``, ``y``): a disc of
        its colour on each, joined to the anchor by a band, under the anchor's label."""
        for space in self.view.position.spaces_of(figure)[1:]:
            sx, sy = self.layout.centre(space)
            sy += self.layout.size * 0.05
            self._add(shapes.Line(x, y, sx, sy, thickness=radius * 1.2, color=ring,
                                  batch=self.batch, group=self.layers[3]))
            self._add(shapes.Circle(sx, sy, radius + 2, color=ring, batch=self.batch,
                                    group=self.layers[3]))
            self._add(shapes.Line(x, y, sx, sy, thickness=radius, color=colour,
                                  batch=self.batch, group=self.layers[4]))
            self._add(shapes.Circle(sx, sy, radius, color=colour, batch=self.batch,
                                    group=self.layers[4]))

    # --- the last turn ---------------------------------------------------------------

    def _drawing(self, drawing: TurnDrawing) -> None:
        """Paths as arrows (the head short of the figure at the end), Attacks as lines
        with the damage, what a space did as a tag: under the figures (layer 6), the tags
        over everything (layers 7 and 8)."""
        size = self.layout.size
        width = max(size * 0.09, 2.5)
        paths = []
        for arrow in drawing.arrows:
            points = [self.layout.centre(s) for s in arrow.path]
            paths.append([p for n, p in enumerate(points) if n == 0 or p != points[n - 1]])
        # the steps drawn so far, one path after another (all of them at reveal 1)
        left = self.reveal * sum(max(len(p) - 1, 0) for p in paths)
        for arrow, full in zip(drawing.arrows, paths, strict=True):
            colour = (*style.ARROWS.get(arrow.side, style.DIM), 210)
            steps = max(len(full) - 1, 0)
            shown = min(left, steps)
            left -= shown
            points = full
            if shown < steps:  # the path so far, its head on the way to the next space
                whole = int(shown)
                points = full[:whole + 1]
                if shown > whole:
                    (ax, ay), (bx, by) = full[whole], full[whole + 1]
                    part = shown - whole
                    points = [*points, (ax + (bx - ax) * part, ay + (by - ay) * part)]
                if shown > 0:  # the figure on its way: a ghost of it at the head
                    self._add(shapes.Circle(*points[-1], size * 0.4, color=(*colour[:3], 150),
                                            batch=self.batch, group=self.layers[6]))
            if len(points) < 2:
                continue
            (x1, y1), (x2, y2) = points[-2], points[-1]
            length = math.hypot(x2 - x1, y2 - y1) or 1.0
            back = min(size * 0.5, length * 0.6)  # the tip stops at the figure's edge
            tip = (x2 - (x2 - x1) / length * back, y2 - (y2 - y1) / length * back)
            line = [*points[:-1], tip]
            for (ax, ay), (bx, by) in itertools.pairwise(line):
                self._add(shapes.Line(ax, ay, bx, by, thickness=width, color=colour,
                                      batch=self.batch, group=self.layers[6]))
            for ax, ay in line[1:-1]:  # round the bends
                self._add(shapes.Circle(ax, ay, width / 2, color=colour, batch=self.batch,
                                        group=self.layers[6]))
            self._head(line[-2], tip, colour, size * 0.32)
        if self.reveal < 1.0:
            return  # the Attacks and what the spaces did come when the paths are drawn
        for strike in drawing.strikes:
            # along its Line of Fire (around a Wall, not through it); straight where the
            # map no longer has one (a door closed since)
            route = self.view.position.line_of_fire_route(strike.origin, strike.at) or (
                strike.origin, strike.at)
            points = [self.layout.centre(s) for s in route]
            colour = (*style.STRIKE, 230)
            dash = max(size * 0.18, 5.0)
            for (x1, y1), (x2, y2) in itertools.pairwise(points):
                length = math.hypot(x2 - x1, y2 - y1) or 1.0
                steps = max(int(length / dash), 1)
                for n in range(0, steps, 2):  # dashed: an Attack, not a path
                    a, b = n / steps, min((n + 1) / steps, 1.0)
                    self._add(shapes.Line(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a,
                                          x1 + (x2 - x1) * b, y1 + (y2 - y1) * b,
                                          thickness=width, color=colour, batch=self.batch,
                                          group=self.layers[6]))
            x2, y2 = points[-1]
            self._tag(strike.label, x2 + size * 0.42, y2 + size * 0.42, style.STRIKE)
        # a space's tags go above its figure, one over the other: the Fortitude label and
        # the tokens under the figure stay in view (a Trap sprung by a Hero, issue 38)
        tags_on: dict[int, int] = {}
        for mark in drawing.marks:
            x, y = self.layout.centre(mark.space)
            row = tags_on.get(mark.space, 0)
            tags_on[mark.space] = row + 1
            above = y + size * 0.4 + row * max(size * 0.3, 14.0)
            if mark.kind == "target":  # a Schemer's final target space: a ring and its name
                self._add(shapes.Arc(x, y, size * 0.44, thickness=max(size * 0.07, 2.5),
                                     color=(*style.TARGET, 230), batch=self.batch,
                                     group=self.layers[6]))
                self._tag(mark.label, x, above, style.TARGET)
                continue
            self._tag(mark.label, x, above, style.SPRUNG)

    def _head(self, start: tuple[float, float], tip: tuple[float, float],
              colour: tuple[int, int, int, int], length: float) -> None:
        """An arrowhead at ``tip`` pointing away from ``start``."""
        (x1, y1), (x2, y2) = start, tip
        angle = math.atan2(y2 - y1, x2 - x1)
        left = (x2 - length * math.cos(angle - 0.45), y2 - length * math.sin(angle - 0.45))
        right = (x2 - length * math.cos(angle + 0.45), y2 - length * math.sin(angle + 0.45))
        self._add(shapes.Triangle(x2, y2, *left, *right, color=colour, batch=self.batch,
                                  group=self.layers[6]))

    def _tag(self, text: str, x: float, y: float, colour: style.Colour,
             text_colour: style.Colour | None = None, keep_within: float | None = None
             ) -> None:
        """A small label on a coloured box (an Attack's damage, a Trap sprung, what the
        pointer is over); ``keep_within``: moved sideways to stay left of that x."""
        label = self._add(pyglet.text.Label(
            text, x=x, y=y, font_size=max(self.layout.size * 0.17, 8), weight="bold",
            color=(*(text_colour or style.readable_on(colour)), 255), anchor_x="center",
            anchor_y="center", batch=self.batch, group=self.layers[8]))
        wide, high = label.content_width + 8, label.content_height + 2
        if keep_within is not None:
            x = min(max(x, wide / 2 + 2), keep_within - wide / 2 - 2)
            label.x = x
        self._add(shapes.Rectangle(x - wide / 2, y - high / 2, wide, high, color=colour,
                                   batch=self.batch, group=self.layers[7]))

    def _banner(self, text: str, colour: style.Colour, map_width: float) -> None:
        """A wide band across the top of the map with ``text`` in large letters."""
        high = 70
        self._add(shapes.Rectangle(0, self.height - high - 8, map_width, high,
                                   color=(*colour, 225), batch=self.batch,
                                   group=self.layers[7]))
        self._add(pyglet.text.Label(
            text, x=map_width / 2, y=self.height - high / 2 - 8, font_size=34, weight="bold",
            color=(*style.readable_on(colour), 255), anchor_x="center", anchor_y="center",
            batch=self.batch, group=self.layers[8]))

    # --- the panel ------------------------------------------------------------------

    def _panel(self, panel: Panel, left: float) -> None:
        """The side panel, its text and buttons :data:`text_scale` times their size at
        :data:`BASE_SIZE`: title, status, goals, Epic Pool, the figures' legend, the
        acting Scheme, a tie's reasons, the question and its buttons, the hovered card,
        then the log (or, on L, the map's legend and the glossary) in what room is left."""
        k = self.k
        width = self.width - left
        self._add(shapes.Rectangle(left, 0, width, self.height, color=style.PANEL,
                                   batch=self.batch, group=self.layers[1]))
        x = left + 14 * k
        y: float = self.height - 24 * k
        for line in textwrap.wrap(panel.title, TITLE_CHARS, subsequent_indent="  ") or [""]:
            self._text(line, x, y, size=13 * k, anchor_x="left", bold=True)
            y -= 20 * k
        y -= 6 * k
        for line in panel.status:
            y = self._wrapped(line, x, y, colour=style.TEXT, step=17)
        if panel.goals:
            y -= 2 * k
            for n, line in enumerate(panel.goals):
                tone = panel.goal_tones[n] if n < len(panel.goal_tones) else ""
                y = self._wrapped(line, x, y, size=9, colour=style.GOAL_COLOURS.get(
                    tone, style.TEXT), step=14, indent="    ")
            y -= 6 * k
        if panel.pool is not None:
            dice, size = panel.pool
            self._text("Epic Pool", x, y, size=FONT * k, anchor_x="left")
            for n in range(size):  # an Epic Die: a white square; an empty place: an outline
                box = (x + (80 + n * 22) * k, y - 8 * k, 16 * k, 16 * k)
                if n < dice:
                    self._add(shapes.Rectangle(*box, color=(240, 240, 240), batch=self.batch,
                                               group=self.layers[2]))
                else:
                    self._add(shapes.Box(*box, thickness=1, color=(150, 150, 160),
                                         batch=self.batch, group=self.layers[2]))
            self._text(f"{dice} of {size}", x + (86 + size * 22) * k, y, size=FONT * k,
                       anchor_x="left", colour=style.DIM)
            y -= 26 * k
        y = self._figure_legend(x, y)
        picture = self.view.picture
        if not panel.legend and panel.log and not picture:  # where the log is, L puts
            # them instead
            y = self._wrapped("L: the map's legend and the glossary", x, y, size=9,
                              colour=style.DIM, step=14)
        for n, line in enumerate(panel.scheme):
            y = self._wrapped(line, x, y, size=9 if n else FONT, colour=style.CARD,
                              step=14 if n else 17, indent="    ")
        for line in panel.explain:
            y = self._wrapped(line, x, y, colour=style.CARD, step=17)
        if self.view.targets:  # a tie's rings on the map, said beside its reasons
            y = self._wrapped("rings: yellow the Schemer acting, red what it is after", x, y,
                              size=9, colour=style.DIM, step=14)
        if panel.prompt:
            y -= 6 * k
            y = self._wrapped(panel.prompt, x, y, colour=style.SELECTED, step=17)
            shown = panel.options
            if len(shown) > MAX_BUTTONS:
                shown = shown[:MAX_BUTTONS - 1]
            for index, option in enumerate(shown):
                rows = textwrap.wrap(f"{index + 1}. {option}", CHARS - 2) or [""]
                if len(rows) > 3:  # the whole card is one hover away
                    rows = [*rows[:2], rows[2][:CHARS - 6] + " ..."]
                height = (BUTTON_HEIGHT + LINE * (len(rows) - 1)) * k
                y -= height + 4 * k
                button = Button(index, x, y, width - 28 * k, height)
                self.buttons.append(button)
                self._add(shapes.Rectangle(button.x, button.y, button.width, button.height,
                                           color=(70, 74, 90), batch=self.batch,
                                           group=self.layers[2]))
                for n, line in enumerate(rows):
                    self._text(line, x + 8 * k,
                               y + height - (BUTTON_HEIGHT / 2 + n * LINE) * k,
                               size=FONT * k, anchor_x="left")
            if len(shown) < len(panel.options):
                y -= 20 * k
                self._text(f"... {len(panel.options) - len(shown)} more" + (
                    "" if picture else ": click a green space"), x, y, size=FONT * k,
                    anchor_x="left", colour=style.DIM)
            y -= 12 * k
        if panel.detail:
            y -= 4 * k
            for line in panel.detail:
                y = self._wrapped(line, x, y, size=9, colour=style.CARD, step=14)
            y -= 6 * k
        if panel.keys and not picture:
            self._text("Keys (pointer over a figure or space)", x, y - 8 * k,
                       size=FONT * k, anchor_x="left", colour=style.DIM, bold=True)
            y -= 26 * k
            for line in panel.keys:
                y = self._wrapped(line, x, y, size=9, colour=style.DIM, step=14)
            y -= 4 * k
        if panel.legend or (picture and not panel.log):
            self._text("Legend" if picture else "Legend and glossary (L: back to the log)",
                       x, y - 8 * k,
                       size=FONT * k, anchor_x="left", colour=style.DIM, bold=True)
            y -= 28 * k
            entries = [(line, style.DIM) for line in self._legend()]
            entries += [(line, style.CARD) for line in
                        glossary_lines(terms_on(self.view.position))]
            self._bottom_lines(entries, x, y, skip=panel.legend_skip)
            return
        if not panel.log:
            return
        self._text("Log" if picture else "Log (W: why, wheel: scroll)", x, y - 8 * k,
                   size=FONT * k,
                   anchor_x="left", colour=style.DIM, bold=True)
        y -= 28 * k
        self._bottom_lines([(entry, style.LOG_COLOURS.get(
            panel.log_sides[n] if n < len(panel.log_sides) else "", style.DIM))
            for n, entry in enumerate(panel.log)], x, y, last=True)

    def _bottom_lines(self, entries: list[tuple[str, style.Colour]], x: float, y: float,
                      last: bool = False, skip: int = 0) -> None:
        """Small wrapped lines from ``y`` down to the panel's foot: the first that fit
        after ``skip`` lines (the last that fit, ``last``: a log shows its newest lines)."""
        k = self.k
        lines = [(text, colour) for entry, colour in entries
                 for text in textwrap.wrap(entry, SMALL_CHARS, subsequent_indent="  ") or [""]]
        lines = lines[min(skip, max(len(lines) - 1, 0)):]
        room = max(int((y - 10 * k) // (15 * k)), 0)
        shown = (lines[-room:] if last else lines[:room]) if room else []
        for line, colour in shown:
            self._text(line, x, y, size=9 * k, anchor_x="left", colour=colour)
            y -= 15 * k

    def _wrapped(self, text: str, x: float, y: float, size: float = FONT,
                 colour: style.Colour = style.TEXT, step: float = 17,
                 indent: str = "  ") -> float:
        """``text`` wrapped to the panel's width from ``y`` down (its own leading spaces
        kept), ``size`` and ``step`` scaled with the window (:func:`text_scale`); the next
        line's y."""
        chars = CHARS if size >= FONT else SMALL_CHARS
        lead = text[:len(text) - len(text.lstrip(" "))]
        for line in textwrap.wrap(text, chars, subsequent_indent=lead + indent) or [""]:
            self._text(line, x, y, size=size * self.k, anchor_x="left", colour=colour)
            y -= step * self.k
        return y

    def _figure_legend(self, x: float, y: float) -> float:
        """A line for each Schemer group and Destructible feature on the map: its shape
        in its colour, its name and standee numbers; the next line's y."""
        position, groups = self.view.position, list(self.view.groups)
        rows: list[tuple[str, style.Colour, str]] = []
        for group in groups:
            here = sorted(f.number or 0 for f in position.figures if f.group == group)
            if here:
                numbers = ", ".join(str(n) for n in here)
                rows.append((style.group_shape(group, groups),
                             style.group_colour(self.view.groups[group], group),
                             f"{self.view.names.get(group, group)}: {numbers}"))
        for figure in position.figures:
            if style.destructible(figure):
                rows.append(("octagon", style.STONE, f"{style.figure_label(figure)}: "
                             f"{self.view.names.get(figure.id, figure.id)} (Destructible)"))
        illusions = [f for f in position.figures if f.kind is Role.ILLUSION]
        if illusions:
            owners = sorted({f.owner for f in illusions if f.owner})
            rows.append(("ring", style.ILLUSION, ", ".join(style.figure_label(f) for f in
                                                          illusions)
                         + f": Illusion{'s' if len(illusions) > 1 else ''}"
                         + (f" ({', '.join(owners)}'s)" if owners else "")))
        k = self.k
        for shape, colour, text in rows:
            self._shape(shape, x + 6 * k, y, 5.5 * k, colour, 2, hollow=shape == "ring")
            self._text(text[:SMALL_CHARS - 3], x + 18 * k, y, size=9 * k, anchor_x="left",
                       colour=style.DIM)
            y -= 14 * k
        return y

    def _legend(self) -> list[str]:
        """The map's named features, their kind and damage; what the tokens' letters and
        the border colours on this map mean."""
        board = self.view.position.board
        tokens = sorted({t for f in self.view.position.figures for t, _ in f.tokens},
                        key=lambda t: style.TOKEN_LABELS[t])
        kinds = {board.feature_spec(board.glyphs[s]).kind for s in range(board.n)}
        lines = style.legend(tokens, kinds, bool(self.view.objective),
                             bool(self.view.legal))
        position = self.view.position
        marks = [text for shown, text in (
            (board.start.any(), "S a Hero start space"),
            (board.deployment.any(), "red N a numbered deployment space"),
            (bool(position.traps), "dark star N a Trap (N damage)"),
            (bool(position.wizard_fire), "orange dot N Wizard Fire (N damage)"),
            (bool(self.view.sealed_doors & position.closed_doors),
             "event: a door only the scenario's events open")) if shown]
        if marks:
            lines.insert(0, "marks: " + ", ".join(marks))
        seen: dict[str, str] = {}
        for space in range(board.n):
            name = board.feature_name[space]
            if name is None or name in seen:
                continue
            kind = board.feature_spec(board.glyphs[space]).kind
            damage = (f", {int(board.hazard_damage[space])} damage"
                      if kind is FeatureKind.HAZARD else "")
            seen[name] = f"{name}: {style.FEATURE_WORDS.get(kind, kind.value)}{damage}"
        if self.view.drawing and any(m.kind == "target" for m in self.view.drawing.marks):
            lines.append("teal ring: a Schemer's final target space")
        return [*seen.values(), *lines]

    def draw(self) -> None:
        """Draw the scene into the current window."""
        self.batch.draw()

    def button_at(self, x: float, y: float) -> int | None:
        """The option under the point, or None."""
        return next((b.index for b in self.buttons if b.hit(x, y)), None)
