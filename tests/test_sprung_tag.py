"""Issue 38, item 5: the tag of a Trap (a Hazard, Wizard Fire) a Hero sprang on its own Move
is drawn above the figure, where it covers neither its Fortitude label nor its tokens;
several tags on one space stand one over the other. Checked by pixels."""

from __future__ import annotations

import os

os.environ["TALES_HEADLESS"] = "1"  # before tales.viewer: pyglet must draw off-screen

from types import SimpleNamespace

from tales.board.position import load_position
from tales.present.turns import Mark, TurnDrawing
from tales.viewer import style
from tests.test_viewer import CELLAR_BRAWL, colour_near, disc, draw, viewer  # noqa: F401


def test_a_trap_tag_leaves_the_fortitude_label_in_view(viewer: SimpleNamespace  # noqa: F811
                                                       ) -> None:
    position = load_position(CELLAR_BRAWL)
    deirdre = position.figure("deirdre")
    marks = (Mark(deirdre.at, "trap 1"), Mark(deirdre.at, "hazard 2"))
    picture = draw(viewer, viewer.View(position, drawing=TurnDrawing(marks=marks)))
    (x, y), radius = disc(picture, "deirdre")
    size = picture.size
    label_y = y - radius - size * 0.1  # where the Scene writes "0/10"
    assert colour_near(picture, (x, label_y), size * 0.1, (20, 20, 20))  # the label shows
    assert not colour_near(picture, (x, label_y), size * 0.12, style.SPRUNG)
    # the tags: above the figure's centre, the second over the first
    assert colour_near(picture, (x, y + size * 0.35), size * 0.05, style.SPRUNG)
    assert colour_near(picture, (x, y + size * 0.65), size * 0.05, style.SPRUNG)
