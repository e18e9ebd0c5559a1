"""``tales table`` in the window (issue 18, item 1's window half): the same
:class:`~tales.table.session.TableSession` as the terminal, driven through the window's
own input handlers off-screen: a tracker card and the Scheme die as the table drew and
rolled them, the Heroes placed by clicks, initiative tokens as drawn, a Hero's turn as
edits (a drag, the keys), a Schemer's tie answered on a green space, undo, the save after
every entry and its resume; the turns just played stay drawn.
"""

from __future__ import annotations

import os

os.environ["TALES_HEADLESS"] = "1"  # before tales.viewer: pyglet must draw off-screen

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tales.board.figures import Token
from tales.engine.content import load_context
from tales.engine.state import Setup
from tales.present.turns import drawing_lines
from tales.table.saves import read_table_save
from tales.table.session import TableSession
from tests import test_viewer as tv

viewer = tv.viewer
windows = tv.windows

ROOT = Path(__file__).resolve().parents[1]
SETUP = Setup("scenarios/cellar-door.toml", ("gerki", "deirdre"))


@pytest.fixture(autouse=True)
def at_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def control(save: Path, choices: tuple[int, ...] = ()) -> Any:
    from tales.viewer.session_control import SessionControl

    return SessionControl(TableSession(load_context(SETUP), 3, choices, "window-test"), save)


def press(window: Any, label: str) -> None:
    """Click the button that says ``label``."""
    options = window.scene.view.panel.options
    assert label in options, options
    tv.click_button(window, options.index(label))


def space(window: Any, name: str) -> int:
    return int(window.control.session.position.board.space(name))


def key(window: Any, letter: str, shift: bool = False) -> None:
    from pyglet.window import key as keys

    tv.send(window, "on_key_press", getattr(keys, letter.upper()),
            keys.MOD_SHIFT if shift else 0)


def hover(window: Any, name: str) -> None:
    x, y = window.scene.layout.centre(space(window, name))
    tv.send(window, "on_mouse_motion", round(x), round(y), 0, 0)


def names_of(window: Any) -> Any:
    return window.control.session.position.board.names


def setup_and_first_turn(viewer: SimpleNamespace, window: Any) -> None:
    """The brown tracker card 2, gerki on A1 and deirdre on B1 by clicks, Power Tree
    steps by keys, the rats' Scheme die as rolled, gerki's token drawn."""
    press(window, "2")
    assert window.scene.view.legal  # the start spaces are green
    tv.click_space(window, space(window, "A1"))
    tv.click_space(window, space(window, "B1"))
    for _ in range(4):
        tv.press_key(window, viewer.key._1)
    press(window, "Scheme 1: Scurry and nip")  # the face names its Scheme
    press(window, "hero gerki")


def test_a_round_in_the_window_saved_and_resumed(
        viewer: SimpleNamespace, windows: Callable[[Any], Any], tmp_path: Path) -> None:
    save = tmp_path / "game.table"
    window = windows(control(save))
    setup_and_first_turn(viewer, window)
    session = window.control.session
    assert window.control.editing and session.pending.figure == "gerki"
    assert window.scene.view.panel.keys[0] == "drag: move a figure"
    tv.drag(window, space(window, "A1"), space(window, "E2"))  # gerki moved at the table
    assert "gerki: move A1 > E2" in drawing_lines(window.scene.view.drawing,
                                                  names_of(window))  # drawn as his turn
    hover(window, names_of(window)[session.position.figure("bouncers-1").at])  # 2 damage
    key(window, "d")
    key(window, "d")
    hover(window, "E2")
    key(window, "t")  # gerki gains a Shield Token
    key(window, "t", shift=True)
    key(window, "t", shift=True)  # none left: the table's refusal, nothing entered
    assert window.scene.view.panel.status[-1] == "gerki has 0 Shield Tokens"
    tv.press_key(window, viewer.key.U)  # the spend taken back: the Shield Token is there
    position = session.position
    names = position.board.names
    assert names[position.figure("gerki").at] == "E2"
    assert position.figure("gerki").token(Token.SHIELD) == 1
    assert position.figure("bouncers-1").damage == 2
    press(window, "end the turn")
    # saved after every entry: the file resumes to the same board
    again = TableSession(load_context(read_table_save(save).game.setup), 3,
                         read_table_save(save).game.choices)
    assert again.position == session.position and again.entries == session.entries
    # the bouncers' turn: its ties on green spaces or buttons, the players' defences
    press(window, "group bouncers")
    asked = 0
    while not window.control.editing and asked < 30:
        asked += 1
        pending = session.pending
        if pending.decider.value == "chance":
            tv.press_key(window, viewer.key.SPACE)  # the tool draws it
        elif window.scene.view.legal:
            tv.click_space(window, min(window.scene.view.legal))
        else:
            tv.click_button(window, 0)
    drawn = drawing_lines(window.scene.view.drawing, names)
    assert any(line.startswith("bouncers-1") for line in drawn), drawn
    from tales.viewer.picture import render_png

    render_png(window.scene.view, tmp_path / "table-window.png", 1280, 800)
    window.switch_to()
    entries = session.entries
    tv.press_key(window, viewer.key.U)
    assert session.entries == entries - 1
    resumed = control(save, read_table_save(save).game.choices)
    assert resumed.session.position == session.position


def test_edits_wait_for_a_heros_turn(viewer: SimpleNamespace,
                                     windows: Callable[[Any], Any], tmp_path: Path) -> None:
    window = windows(control(tmp_path / "game.table"))
    hover(window, "A1")
    key(window, "d")
    assert window.scene.view.panel.status[-1] == (
        "edits are made during a Hero's turn; answer the question first")
    assert window.control.session.entries == 0
    assert window.scene.view.panel.keys == []


def test_table_without_a_screen_is_the_terminal(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    from tales.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = main(["table", "scenarios/cellar-door.toml", "--heroes", "gerki,deirdre",
                   "--save", str(tmp_path / "t.table")])
    out = capsys.readouterr().out
    assert status == 0 and "kept at the table" in out


def test_table_opens_the_window_with_a_screen_and_resumes_there(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    import tales.viewer
    from tales.cli import main

    seen: list[Any] = []

    def window(control: Any) -> None:  # the window's part: three entries, then closed
        seen.append(control)
        for _ in range(3):
            control.choose(1 if control.pending.decider.value == "chance" else 0)

    monkeypatch.setattr(tales.viewer, "headless", lambda: False)
    monkeypatch.setitem(sys.modules, "tales.viewer.app", SimpleNamespace(run=window))
    save, board = tmp_path / "t.table", tmp_path / "board.toml"
    assert main(["table", "scenarios/cellar-door.toml", "--heroes", "gerki,deirdre",
                 "--save", str(save), "--export", str(board)]) == 0
    out = capsys.readouterr().out
    assert f"saving to {save} after every entry" in out
    assert len(read_table_save(save).game.choices) == 3 and board.exists()
    assert main(["table", "--resume", str(save)]) == 0
    assert seen[-1].session.entries == 6  # resumed where the window left it, three more
    assert len(read_table_save(save).game.choices) == 6


def test_each_key_enters_the_result_it_names(
        viewer: SimpleNamespace, windows: Callable[[Any], Any], tmp_path: Path) -> None:
    """Issue 39, item 2: at a chance question key N enters the result on button N (the
    tracker card N, the Scheme die's face N), Space has the tool draw it, and the panel
    says what was entered."""
    from tales.present.chance import chance_options
    from tales.present.options import option_text

    keys = [getattr(viewer.key, f"_{n}") for n in range(1, 10)]
    first = control(tmp_path / "k.table").session.pending
    assert first is not None and len(chance_options(first)) >= 2
    for n in range(1, min(len(chance_options(first)), 4) + 1):
        window = windows(control(tmp_path / f"k{n}.table"))
        session = window.control.session
        asked = session.pending
        assert asked is not None and asked.decider.value == "chance"
        results = chance_options(asked)
        assert window.scene.view.panel.options[-1] == "the tool draws it (Space)"
        assert window.scene.view.panel.options[n - 1] == option_text(asked, results[n - 1])
        tv.press_key(window, keys[n - 1])
        assert session.game.answers[-1] == results[n - 1]
        assert (f"entered: {option_text(asked, results[n - 1])}"
                in window.scene.view.panel.status)
    window = windows(control(tmp_path / "space.table"))
    tv.press_key(window, viewer.key.SPACE)
    session = window.control.session
    assert session.entries == 1 and session.last_drawn is not None
    assert any(line.startswith("the tool drew: ") for line in window.scene.view.panel.status)


def test_k_lists_the_tokens_and_f2_sets_the_tables_defaults(
        viewer: SimpleNamespace, windows: Callable[[Any], Any], tmp_path: Path) -> None:
    save = tmp_path / "game.table"
    window = windows(control(save))
    setup_and_first_turn(viewer, window)
    key(window, "k")  # gerki's turn: T's token from a list, by its number
    options = window.scene.view.panel.options
    tv.press_key(window, getattr(viewer.key, f"_{options.index('Toughness Token') + 1}"))
    assert window.control.keys.token is Token.TOUGHNESS
    hover(window, "A1")
    key(window, "t")
    assert window.control.session.position.figure("gerki").token(Token.TOUGHNESS) == 1
    tv.press_key(window, viewer.key.F2)  # the defaults: no Epic Dice, no Reactions
    assert window.scene.view.panel.options[:2] == ["Epic Dice on defence: ask",
                                                   "Reactions to a Schemer's Attack: ask"]
    tv.press_key(window, viewer.key._1)
    tv.press_key(window, viewer.key.F2)
    tv.press_key(window, viewer.key._2)
    assert window.control.session.defaults == {"epic": "never", "reactions": "pass"}
    assert any(line.startswith("defaults: Epic Dice on defence never")
               for line in window.scene.view.panel.status)
    from tales.table.edits import Edit, EditKind

    assert window.control.edit(Edit(EditKind.MOVE, "gerki", space(window, "E2")))
    press(window, "end the turn")
    press(window, "group bouncers")  # its Attack on gerki: his Toughness Token is asked
    assert window.control.pending.kind == "toughness"
    assert any("the table's defaults: no Epic Dice" in line
               for line in window.scene.view.panel.status)
    assert read_table_save(save).defaults == {"epic": "never", "reactions": "pass"}
