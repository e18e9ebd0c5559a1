"""``tales view POSITION`` as the table's board: a group turn kept drawn with the final
target space the players chose, and the board edited with the table's own edits (the
keys, their refusals, undo, the position saved back to its file), rendered off-screen.

The pictures are written under ``tmp_path`` and checked by pixels where a colour says
something (the target ring, a Wounded figure's red rim).
"""

from __future__ import annotations

import os

os.environ["TALES_HEADLESS"] = "1"  # before tales.viewer: pyglet must draw off-screen

import contextlib
import shutil
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from tales.board.figures import Token
from tales.board.position import load_position
from tales.present.turns import drawing_lines
from tales.viewer import style
from tests import test_viewer as tv

viewer = tv.viewer
windows = tv.windows

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def brawl(tmp_path: Path) -> Path:
    """A copy of the sample cellar brawl beside a copy of its map (P writes to it)."""
    (tmp_path / "maps").mkdir()
    shutil.copy(ROOT / "maps" / "cellar-stairs.toml", tmp_path / "maps")
    (tmp_path / "positions").mkdir()
    copy = tmp_path / "positions" / "cellar-brawl.toml"
    shutil.copy(tv.CELLAR_BRAWL, copy)
    return copy


def table(viewer: SimpleNamespace, path: Path) -> Any:
    return viewer.TableControl.load(load_position(path), tv.SCHEMERS, path,
                                    "Scheme Blocks: the bundled sample")


def hover(window: Any, space: int) -> None:
    x, y = window.scene.layout.centre(space)
    tv.send(window, "on_mouse_motion", round(x), round(y), 0, 0)


def key(window: Any, letter: str, shift: bool = False) -> None:
    from pyglet.window import key as keys

    tv.send(window, "on_key_press", getattr(keys, letter.upper()),
            keys.MOD_SHIFT if shift else 0)


def near(pixels: np.ndarray, point: tuple[float, float], colour: style.Colour,
         radius: int) -> bool:
    """Whether ``colour`` is drawn within ``radius`` pixels of ``point``."""
    x, y = round(point[0]), round(point[1])
    patch = pixels[y - radius:y + radius, x - radius:x + radius, :3].astype(int)
    return bool((np.abs(patch - np.array(colour)).max(axis=2) <= tv.TOLERANCE).any())


# --- item 5: the group turn stays drawn ----------------------------------------------------


def play_swarm(window: Any) -> None:
    """Cellar rats, Swarm the weak: the table picks B3 as gob1's final target space,
    then the last of the Nearest spaces it can reach."""
    tv.click_button(window, 0)
    tv.click_button(window, 1)
    board = window.control.position.board
    assert window.control.turn.pending.kind == "final-target-space"
    tv.click_space(window, board.space("B3"))
    while window.control.stage == "turn":
        tv.click_button(window, len(window.scene.buttons) - 1)


def test_group_turn_stays_drawn_with_the_chosen_target(
        viewer: SimpleNamespace, windows: Callable[[Any], Any], brawl: Path,
        tmp_path: Path) -> None:
    window = windows(table(viewer, brawl))
    play_swarm(window)
    names = window.control.position.board.names
    drawn = drawing_lines(window.scene.view.drawing, names)
    assert drawn == ["gob1: leap F3 > E3 > D3 > C4", "gob1 target, players' choice on B3"]
    tv.click_button(window, 0)  # another group turn: the last one stays on the map
    assert window.control.stage == "group"
    assert drawing_lines(window.scene.view.drawing, names) == drawn
    assert any(line.startswith("gob1") for line in window.scene.view.panel.log)
    tv.press_key(window, viewer.key.W)  # the log with the rules' reasoning
    assert any("final target space B3" in line for line in window.scene.view.panel.log)
    picture = viewer.render_array(window.scene.view, window.width, window.height)
    layout = window.scene.layout
    b3 = layout.centre(layout.board.space("B3"))
    assert near(picture, (b3[0] + layout.size * 0.44, b3[1]), style.TARGET, 4)
    from tales.viewer.picture import render_png

    render_png(window.scene.view, tmp_path / "group-turn.png", 1200, 800)
    window.switch_to()  # drawing the pictures used contexts of their own
    tv.click_button(window, 1)  # bouncers: their turn replaces the drawing
    tv.click_button(window, 0)
    while window.control.stage == "turn":
        tv.click_button(window, 0)
    assert "gob1 target" not in " ".join(drawing_lines(window.scene.view.drawing, names))


def test_undo_takes_back_the_group_turn(viewer: SimpleNamespace,
                                        windows: Callable[[Any], Any], brawl: Path) -> None:
    window = windows(table(viewer, brawl))
    before = tv.figures(window.control.position)
    play_swarm(window)
    assert tv.figures(window.control.position) != before
    assert window.scene.view.panel.log  # the turn's lines
    tv.press_key(window, viewer.key.U)
    assert tv.figures(window.control.position) == before
    assert window.scene.view.drawing is None and window.control.stage == "group"
    assert window.scene.view.panel.log == []  # and its log lines go too (issue 39)
    assert window.scene.view.panel.scheme == []


# --- item 3: the board edited with the table's edits -----------------------------------------


def test_edit_keys_change_the_board(viewer: SimpleNamespace, windows: Callable[[Any], Any],
                                    brawl: Path) -> None:
    window = windows(table(viewer, brawl))
    board = window.control.position.board
    hover(window, board.space("F4"))  # brute1, Fortitude 6
    key(window, "d")
    key(window, "d")
    assert window.control.position.figure("brute1").damage == 2
    assert window.scene.view.panel.status[0] == "brute1 takes 1 damage"
    key(window, "h")
    assert window.control.position.figure("brute1").damage == 1
    hover(window, board.space("A3"))  # deirdre: a Shield token; give her another, spend one
    key(window, "t")
    assert window.control.position.figure("deirdre").token(Token.SHIELD) == 2
    key(window, "t", shift=True)
    key(window, "t", shift=True)
    assert window.control.position.figure("deirdre").token(Token.SHIELD) == 0
    key(window, "t", shift=True)  # none left: the table's refusal, nothing changes
    assert window.scene.view.panel.status[0] == "deirdre has 0 Shield Tokens"
    key(window, "k")  # the tokens as a short list of buttons (issue 39): pick Evade
    panel = window.scene.view.panel
    assert "Shield Token (now)" in panel.options and "Evade Token" in panel.options
    assert panel.prompt.startswith("Which token does T give")
    tv.click_button(window, panel.options.index("Evade Token"))
    assert window.control.keys.token is Token.EVADE and not window.control.keys.picking
    assert window.scene.view.panel.status[0] == "T now gives Evade Token"
    hover(window, board.space("F3"))
    key(window, "x")  # gob1 Defeated
    assert not window.control.position.has_figure("gob1")
    hover(window, board.space("E1"))
    key(window, "a")  # a cellar rat comes in where gob1's standee is free again
    assert [f.at for f in window.control.position.figures if f.group == "cellar-rats"] == [
        board.space("E1")]
    assert window.scene.view.panel.status[0] == "cellar-rats-1 comes in on E1"
    key(window, "g")
    assert window.scene.view.panel.status[0] == "A now adds bouncers"
    for _ in range(5):  # a, x, two Shield Tokens spent, one gained
        tv.press_key(window, viewer.key.U)
    assert window.control.position.has_figure("gob1")
    assert window.control.position.figure("deirdre").token(Token.SHIELD) == 1


def test_refusals_are_the_tables(viewer: SimpleNamespace, windows: Callable[[Any], Any],
                                 brawl: Path) -> None:
    window = windows(table(viewer, brawl))
    board = window.control.position.board
    before = window.control.position
    hover(window, board.space("E1"))  # no figure there
    key(window, "d")
    assert window.scene.view.panel.status[0] == "point at a figure first"
    key(window, "o")
    assert window.scene.view.panel.status[0] == "there is no closed door on E1"
    hover(window, board.space("B2"))  # zot and pooky: pooky is on top and takes no damage
    key(window, "d")
    assert window.scene.view.panel.status[0].startswith("pooky cannot take damage")
    hover(window, board.space("F4"))
    key(window, "f")
    assert window.scene.view.panel.status[0] == "brute1 has no Wounded side"
    hover(window, board.space("C2"))
    key(window, "a")  # a cellar rat cannot come in on an Impassable space
    assert window.scene.view.panel.status[0] == "C2 is Impassable"
    assert window.control.position == before


def test_no_edits_while_a_turn_is_asked(viewer: SimpleNamespace,
                                        windows: Callable[[Any], Any], brawl: Path) -> None:
    window = windows(table(viewer, brawl))
    tv.click_button(window, 0)  # a group: now its Scheme is asked
    hover(window, window.control.position.board.space("F4"))
    key(window, "d")
    assert window.control.position.figure("brute1").damage == 0
    assert window.scene.view.panel.status[0] == (
        "finish the group turn first (or U to take it back)")
    assert window.scene.view.panel.keys == []  # the keys are listed only when they work


def test_save_writes_the_position_back(viewer: SimpleNamespace,
                                       windows: Callable[[Any], Any], brawl: Path) -> None:
    window = windows(table(viewer, brawl))
    board = window.control.position.board
    tv.drag(window, board.space("A3"), board.space("A4"))
    hover(window, board.space("F4"))
    key(window, "d")
    key(window, "p")
    assert window.scene.view.panel.status[0] == f"saved {brawl}"
    text = brawl.read_text(encoding="utf-8")
    assert text.startswith("# SAMPLE POSITION, original to this project")
    again = load_position(brawl)
    assert again == window.control.position
    assert again.figure("deirdre").at == board.space("A4")
    assert again.figure("brute1").damage == 1


def test_the_keys_are_on_screen_and_the_blocks_said(
        viewer: SimpleNamespace, windows: Callable[[Any], Any], brawl: Path,
        tmp_path: Path) -> None:
    window = windows(table(viewer, brawl))
    panel = window.scene.view.panel
    assert "Scheme Blocks: the bundled sample" in panel.status
    assert panel.keys[0] == "drag: move a figure"
    assert any(line.startswith("P: save the position") for line in panel.keys)
    board = window.control.position.board
    hover(window, board.space("F4"))
    for _ in range(5):
        key(window, "d")  # brute1 at 5 of 6
    hover(window, board.space("G5"))
    from tales.viewer.picture import render_png

    render_png(window.scene.view, tmp_path / "edited.png", 1200, 800)
    assert (tmp_path / "edited.png").stat().st_size > 0


def test_view_help_lists_the_keys(capsys: pytest.CaptureFixture[str]) -> None:
    from tales.cli import main

    with contextlib.suppress(SystemExit):
        main(["view", "--help"])
    out = capsys.readouterr().out
    for line in ("D / H: 1 damage to / heal 1", "P: save the position back to its file",
                 "Without --blocks it says which Scheme Blocks it uses"):
        assert line in out


def test_save_that_cannot_be_made_is_one_line(viewer: SimpleNamespace,
                                              windows: Callable[[Any], Any],
                                              brawl: Path) -> None:
    window = windows(table(viewer, brawl))
    brawl.write_text("# the map line was taken out\n", encoding="utf-8")
    key(window, "p")
    assert window.scene.view.panel.status[0] == (
        f"{brawl}: not saved (it has no map = line to keep)")
    assert brawl.read_text(encoding="utf-8") == "# the map line was taken out\n"


def test_a_hero_is_put_down_with_its_mat(viewer: SimpleNamespace,
                                         windows: Callable[[Any], Any], brawl: Path) -> None:
    """Item 3, "add and remove figures": G steps past the groups to the bundled Heroes;
    A puts the Hero down with its mat's Fortitude (a Hero on the map already is refused)."""
    from tales.engine.content import hero_kit

    window = windows(table(viewer, brawl))
    board = window.control.position.board
    while window.control.keys.group != "hero gerki":
        key(window, "g")
    assert window.scene.view.panel.status[0] == "A now adds hero gerki"
    hover(window, board.space("E1"))
    key(window, "a")
    gerki = window.control.position.figure("gerki")
    kit = hero_kit("gerki")
    assert (gerki.at, gerki.fortitude, gerki.wounded_fortitude) == (
        board.space("E1"), kit.fortitude, kit.wounded_fortitude)
    assert window.scene.view.panel.status[0] == "gerki is put on E1"
    while window.control.keys.group != "hero deirdre":
        key(window, "g")
    hover(window, board.space("E2"))
    key(window, "a")
    assert window.scene.view.panel.status[0] == "deirdre is on the map already"
    tv.press_key(window, viewer.key.U)
    assert not window.control.position.has_figure("gerki")


def test_groups_with_no_scheme_block_are_named(viewer: SimpleNamespace, brawl: Path) -> None:
    """Issue 39: `tales view` on groups the Scheme Blocks loaded do not have says so in one
    line instead of asking with no buttons."""
    from dataclasses import replace

    position = load_position(brawl)
    renamed = tuple(replace(f, group="goblins", id=f"goblins-{n}") if f.group else f
                    for n, f in enumerate(position.figures, 1))
    control = viewer.TableControl.load(replace(position, figures=renamed), tv.SCHEMERS)
    view = control.view()
    assert view.panel.prompt == ("No Scheme Block for the groups on this map (goblins): "
                                 "give their file with --blocks FILE")
    assert view.panel.options == []
