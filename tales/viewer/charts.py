"""A simulation's charts, drawn without a screen like the heatmap
(:mod:`tales.viewer.picture`): the survival curve (games still going, and won, at the end
of each round) and the rounds histogram (games ended in each round, won or lost).
``tales simulate --curves FILE.png`` draws both side by side; ``--report`` puts each on
its page with the heatmaps (:func:`report_pictures`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import pyglet
from pyglet import shapes

from tales.board.board import Board
from tales.viewer.picture import draw_image, png_bytes, render_image

WHITE = (1.0, 1.0, 1.0, 1.0)
INK = (30, 30, 30, 255)
GRID = (215, 215, 215, 255)
GOING = (40, 90, 170, 255)  # games still going
WON = (40, 140, 60, 255)  # games won
LOST = (190, 50, 40, 255)  # games lost
SIZE = (640, 400)  # one chart


def rounds_ended(report: Mapping[str, Any]) -> list[tuple[int, int, int]]:
    """Each round with the games won and lost in it, from the report's survival rows."""
    games = int(report.get("games", 0))
    rows, going, won = [], games, 0
    for row in report.get("survival", ()):
        now_going = int(row.get("games_going", round(row["still_going"] * games)))
        now_won = int(row.get("games_won", round(row["won_by_then"] * games)))
        ended, won_here = going - now_going, now_won - won
        rows.append((int(row["round"]), won_here, ended - won_here))
        going, won = now_going, now_won
    return rows


def _label(text: str, x: float, y: float, size: float = 10,
           anchor_x: Literal["left", "center", "right"] = "center",
           anchor_y: Literal["top", "bottom", "center", "baseline"] = "center",
           colour: tuple[int, int, int, int] = INK,
           bold: bool = False, rotation: float = 0) -> Any:
    return pyglet.text.Label(text, x=x, y=y, font_size=size, color=colour,
                             anchor_x=anchor_x, anchor_y=anchor_y,
                             weight="bold" if bold else "normal", rotation=rotation)


class _Frame:
    """A chart's plot area in a window: axes, grid, titles; data to pixels."""

    def __init__(self, left: float, bottom: float, width: float, height: float,
                 rounds: int, top: float, title: str, y_title: str) -> None:
        self.x0, self.y0 = left + 62, bottom + 52
        self.w, self.h = width - 62 - 18, height - 52 - 62
        self.rounds, self.top = max(rounds, 1), top or 1.0
        self.title, self.y_title = title, y_title
        self.left, self.bottom, self.width, self.height = left, bottom, width, height

    def x(self, value: float) -> float:
        """Round ``value`` (0 to rounds) across the plot."""
        return self.x0 + self.w * value / self.rounds

    def y(self, value: float) -> float:
        return self.y0 + self.h * value / self.top

    def axes(self, ticks: list[tuple[float, str]], at_end: bool = False) -> list[Any]:
        """Title, axes, grid; rounds numbered under their middle (``at_end``: under
        their end, where a step line changes)."""
        drawn: list[Any] = [
            _label(self.title, self.left + self.width / 2, self.bottom + self.height - 18,
                   13, bold=True),
            _label("round", self.x0 + self.w / 2, self.bottom + 14, 10),
            _label(self.y_title, self.left + 14, self.y0 + self.h / 2, 10, rotation=-90)]
        for value, text in ticks:
            y = self.y(value)
            drawn.append(shapes.Line(self.x0, y, self.x0 + self.w, y, color=GRID))
            drawn.append(_label(text, self.x0 - 6, y, 9, anchor_x="right"))
        step = max(1, self.rounds // 12)
        for number in range(1, self.rounds + 1, step):
            drawn.append(_label(str(number), self.x(number - (0 if at_end else 0.5)),
                                self.y0 - 12, 9))
        drawn.append(shapes.Line(self.x0, self.y0, self.x0 + self.w, self.y0, color=INK))
        drawn.append(shapes.Line(self.x0, self.y0, self.x0, self.y0 + self.h, color=INK))
        return drawn

    def key(self, entries: list[tuple[str, tuple[int, int, int, int]]]) -> list[Any]:
        """The colours' meaning, in a row over the plot, right-aligned."""
        drawn: list[Any] = []
        y = self.y0 + self.h + 16
        x = self.x0 + self.w - 120 * len(entries)
        for text, colour in entries:
            drawn.append(shapes.Rectangle(x, y - 6, 14, 12, color=colour))
            drawn.append(_label(text, x + 20, y, 10, anchor_x="left"))
            x += 120
        return drawn


def survival_shapes(report: Mapping[str, Any], left: float = 0, bottom: float = 0,
                    width: float = SIZE[0], height: float = SIZE[1]) -> list[Any]:
    """The survival curve: the share of games still going at the end of each round (a
    step line from 100% at the start) and of games won by then."""
    rows = report.get("survival", [])
    frame = _Frame(left, bottom, width, height, len(rows), 1.0,
                   f"Survival ({report.get('games', 0)} games)", "share of games")
    drawn = frame.axes([(v / 4, f"{v * 25}%") for v in range(5)], at_end=True)
    for key, colour in (("won_by_then", WON), ("still_going", GOING)):
        level = 1.0 if key == "still_going" else 0.0
        x = frame.x(0)
        for row in rows:
            value = float(row[key])
            x_end = frame.x(row["round"])
            drawn.append(shapes.Line(x, frame.y(level), x_end, frame.y(level), 3,
                                     color=colour))
            drawn.append(shapes.Line(x_end, frame.y(level), x_end, frame.y(value), 3,
                                     color=colour))
            x, level = x_end, value
    return drawn + frame.key([("still going", GOING), ("won by then", WON)])


def histogram_shapes(report: Mapping[str, Any], left: float = 0, bottom: float = 0,
                     width: float = SIZE[0], height: float = SIZE[1]) -> list[Any]:
    """The rounds histogram: how many games ended in each round, won (below) and lost
    (stacked on them)."""
    rows = rounds_ended(report)
    most = max((won + lost for _, won, lost in rows), default=0) or 1
    step = max(1, -(-most // 5))
    frame = _Frame(left, bottom, width, height, len(rows), step * -(-most // step),
                   "Rounds a game took", "games")
    drawn = frame.axes([(v, str(v)) for v in range(0, int(frame.top) + 1, step)])
    for number, won, lost in rows:
        x = frame.x(number - 1) + frame.w / frame.rounds * 0.12
        bar = frame.w / frame.rounds * 0.76
        if won:
            drawn.append(shapes.Rectangle(x, frame.y(0), bar, frame.y(won) - frame.y(0),
                                          color=WON))
        if lost:
            drawn.append(shapes.Rectangle(x, frame.y(won), bar,
                                          frame.y(won + lost) - frame.y(won), color=LOST))
        if won + lost:
            drawn.append(_label(str(won + lost), x + bar / 2, frame.y(won + lost) + 9, 9))
    return drawn + frame.key([("won", WON), ("lost", LOST)])


def curves_png(report: Mapping[str, Any]) -> bytes:
    """Both charts side by side, as a PNG."""
    width, height = SIZE
    return png_bytes(draw_image(
        2 * width, height, lambda: [*survival_shapes(report, 0, 0, width, height),
                                    *histogram_shapes(report, width, 0, width, height)],
        WHITE))


def chart_png(report: Mapping[str, Any], which: str) -> bytes:
    """One chart (``survival`` or ``rounds``) as a PNG."""
    draw = survival_shapes if which == "survival" else histogram_shapes
    return png_bytes(draw_image(*SIZE, lambda: draw(report), WHITE))


def report_pictures(board: Board, report: Mapping[str, Any]) -> dict[str, bytes]:
    """The pictures of a report page, by their captions: the two charts, the heatmap of
    every Hero together and one per Hero."""
    from tales.viewer.heatmap import heatmap_view

    pictures = {"Survival": chart_png(report, "survival"),
                "Rounds a game took": chart_png(report, "rounds")}
    heroes = [None, *report.get("damage_taken_per_hero", {})]
    for hero in heroes:
        view, overlay = heatmap_view(board, report, hero)
        caption = f"Where {hero} took damage" if hero else "Where the Heroes took damage"
        pictures[caption] = png_bytes(render_image(view, 1000, 640, overlay))
    return pictures
