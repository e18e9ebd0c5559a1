"""The heatmap of a simulation (``tales simulate --heatmap``): the map with each space
shaded by the Fortitude Heroes lost on it per game, a mark where they were Defeated, and
the scale; drawn by :mod:`tales.viewer.picture`, the renderer of ``tales render``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pyglet import shapes

from tales.board.board import Board
from tales.board.position import Position
from tales.errors import TalesError
from tales.viewer.scene import Panel, Scene, View

#: The shade of a space where Heroes lost nothing, and where they lost the most.
COOL = (255, 244, 200)
HOT = (200, 20, 20)
#: How opaque the shading is over a space.
ALPHA = 170
#: Steps of the scale drawn in the panel.
STEPS = 5

Overlay = Callable[[Scene], list[Any]]


def heatmap_view(board: Board, report: Mapping[str, Any], hero: str | None = None
                 ) -> tuple[View, Overlay]:
    """The map of a simulation ``report`` (:meth:`tales.engine.simulate.Tally.summary`)
    and the overlay that shades it; ``hero``: only where that Hero lost Fortitude and was
    Defeated (a one-line error naming the Heroes if it played none)."""
    games = max(int(report.get("games", 0)), 1)
    index = {name: n for n, name in enumerate(board.names)}
    lost, defeated = report.get("damage_by_space", {}), report.get("defeated_by_space", {})
    if hero is not None:
        heroes = sorted(set(report.get("heroes", ())) | set(report.get(
            "damage_taken_per_hero", {})))
        if hero not in heroes:
            raise TalesError(f"--heatmap-hero {hero}: not one of the Heroes played "
                             f"({', '.join(heroes)})")
        lost = report.get("damage_by_space_per_hero", {}).get(hero, {})
        defeated = report.get("defeated_by_space_per_hero", {}).get(hero, {})
    damage = {index[s]: n / games for s, n in lost.items() if s in index}
    fell = {index[s]: n for s, n in defeated.items() if s in index}
    most = max(damage.values(), default=0.0)
    status = [f"{report.get('games', 0)} games, {report.get('bot', '?')} bot",
              f"win rate {report.get('win_rate', 0):.0%}",
              f"shade: Fortitude {hero or 'Heroes'} lost there,",
              "  per game (scale below)",
              f"X n: {hero or 'Heroes'} Defeated there (games)",
              "", "", ""]
    top = sorted(damage.items(), key=lambda kv: (-kv[1], kv[0]))[:8]
    log = [f"{board.names[s]}: {v:.2f} per game" + (f", {fell[s]} Defeated" if s in fell
                                                    else "") for s, v in top]
    # the hottest spaces under the scale (not as a log: a saved picture puts the map's
    # legend where a log would be)
    panel = Panel(title=f"Where {hero or 'Heroes'} took damage",
                  status=[*status, *(["the most per game:"] if log else []),
                          *(f"  {line}" for line in log)])
    view = View(Position.empty(board), panel=panel)

    def overlay(scene: Scene) -> list[Any]:
        drawn: list[Any] = []
        layout = scene.layout
        for space, amount in damage.items():
            if amount <= 0:
                continue
            drawn.append(shapes.Polygon(*layout.corners(space, inset=layout.size * 0.12),
                                        color=(*shade(amount / most), ALPHA)))
        for space, count in fell.items():
            x, y = layout.centre(space)
            drawn.append(shapes.Star(x, y, layout.size * 0.32, layout.size * 0.1, 4,
                                     rotation=45, color=(20, 20, 20, 255)))
            drawn.append(_label(f"{count}", x + layout.size * 0.3, y - layout.size * 0.3))
        left = scene.width - scene.panel_width + 14 * scene.k  # the panel's text column
        k = scene.k  # the panel's text scale (tales.viewer.scene.text_scale)
        y = scene.height - (24 + 26 + 17 * 5 + 6) * k
        for step in range(STEPS + 1):
            value = most * step / STEPS
            drawn.append(shapes.Rectangle(left + step * 40 * k, y - 12 * k, 38 * k, 16 * k,
                                          color=(*shade(step / STEPS), 255)))
            drawn.append(_label(f"{value:.1f}", left + (step * 40 + 19) * k, y - 26 * k,
                                size=8 * k))
        return drawn

    return view, overlay


def shade(heat: float) -> tuple[int, int, int]:
    """The colour of ``heat`` from 0 (cool) to 1 (the hottest space)."""
    heat = min(max(heat, 0.0), 1.0)
    return (round(COOL[0] + (HOT[0] - COOL[0]) * heat),
            round(COOL[1] + (HOT[1] - COOL[1]) * heat),
            round(COOL[2] + (HOT[2] - COOL[2]) * heat))


def _label(text: str, x: float, y: float, size: float = 10) -> Any:
    import pyglet

    return pyglet.text.Label(text, x=x, y=y, font_size=size, color=(20, 20, 20, 255),
                             anchor_x="center", anchor_y="center", weight="bold")
