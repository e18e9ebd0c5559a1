"""``tales view POSITION``: a group turn told as it happens (issue 37, item 5). Each Attack
is dealt before the next Schemer decides, a Hero's defence is a row of buttons shown on the
board the turn has left so far, the log says every Harm and token given, and the board
after the turn is the one kept (and drawn).

The position and Scheme Blocks are those of ``tests/test_schemer_turn_cli.py``: a one-row
hall, zot on A1 with 5 Fortitude left, fiona on M1 with 6, r1 on J1 and r2 on G1.
"""

from __future__ import annotations

import os

os.environ["TALES_HEADLESS"] = "1"  # before tales.viewer: pyglet must draw off-screen

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from tales.board.figures import Token
from tales.board.position import load_position
from tests import test_viewer as tv
from tests.test_schemer_turn_cli import _files

viewer = tv.viewer
windows = tv.windows


def _table(viewer: SimpleNamespace, tmp_path: Path, fiona_tokens: str = "") -> Any:
    position, blocks = _files(tmp_path, fiona_tokens)
    return viewer.TableControl.load(load_position(position), blocks, position, "test blocks")


def test_the_turn_deals_each_attack_and_keeps_the_board_after(
        viewer: SimpleNamespace, windows: Callable[[Any], Any], tmp_path: Path) -> None:
    window = windows(_table(viewer, tmp_path))
    tv.click_button(window, 0)  # the rats
    tv.click_button(window, 0)  # Spit and close in: nothing to ask
    control = window.control
    assert control.stage == "done"
    after = control.position
    names = after.board.names
    fiona = after.figure("fiona")
    assert (fiona.damage, fiona.token(Token.WEAKEN)) == (4, 1)
    assert names[after.figure("r2").at] == "I1"  # toward fiona, now the least
    log = window.scene.view.panel.log
    assert "Harm: fiona gains 1 Weaken Token" in log
    assert "fiona loses 2 Fortitude" in log
    assert window.scene.view.position == after  # the board drawn is the board after


def test_a_defence_is_buttons_on_the_board_so_far(
        viewer: SimpleNamespace, windows: Callable[[Any], Any], tmp_path: Path) -> None:
    window = windows(_table(viewer, tmp_path, "tokens = { shield = 1 }"))
    tv.click_button(window, 0)
    tv.click_button(window, 0)
    control = window.control
    assert control.turn.pending.kind == "shields"
    assert control.options() == ["0 Shield Tokens", "1 Shield Token"]
    view = window.scene.view
    assert "fiona would take 2 damage" in view.panel.prompt
    assert view.panel.log == ["r1: attacks fiona"]
    tv.click_button(window, 1)  # spend the Shield Token: no damage, no Harm
    assert control.stage == "done"
    names = control.position.board.names
    # fiona kept her 6: both rats go for zot (5 left), r1 stopped on H1 by r2 on G1
    assert {f: names[control.position.figure(f).at] for f in ("r1", "r2")} == {
        "r1": "H1", "r2": "E1"}
    fiona = control.position.figure("fiona")
    assert (fiona.damage, fiona.token(Token.SHIELD), fiona.token(Token.WEAKEN)) == (2, 0, 0)
    assert "fiona discards 1 Shield Token" in window.scene.view.panel.log
