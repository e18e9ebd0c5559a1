"""The window: draws a controller's view and passes clicks, drags, hovering and keys to it.

Keys: 1-9 pick an option, U undoes, W shows the log with the rules' reasoning (and back),
L the map's legend and the glossary in the log's place (and back), C the campaign
view in a solo campaign (and back), F2 its settings (text size, confirming a question
with one option, how fast moves are drawn; any key or click shows a turn being drawn whole),
the other letters are a board controller's edit keys (``edit_key``: tales view, tales table),
the mouse wheel scrolls the log, Left/Right step a replay, S saves a picture
(``tales-screenshot-N.png`` in the working folder, numbered on from the last; the panel
says where), Escape closes (a game or campaign is already saved). Hovering an option's
button shows its whole card in the panel.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pyglet
from pyglet.window import key, mouse

from tales.errors import TalesError
from tales.viewer.picture import render_png
from tales.viewer.scene import Scene


def next_screenshot(folder: Path) -> Path:
    """The next free ``tales-screenshot-N.png`` in ``folder`` (N one past the highest)."""
    taken = [int(p.stem.rsplit("-", 1)[1]) for p in folder.glob("tales-screenshot-*.png")
             if p.stem.rsplit("-", 1)[1].isdigit()]
    return folder / f"tales-screenshot-{max(taken, default=0) + 1}.png"


def _target(control: Any) -> Any:
    """The controller that hovers and shows messages: a campaign's current game, or it."""
    return getattr(control, "control", None) or control


class ViewerWindow(pyglet.window.Window):  # type: ignore[misc]
    """A window showing one controller (game, campaign, table assistant or replay)."""

    def __init__(self, control: Any, width: int = 1280, height: int = 800,
                 visible: bool = True) -> None:
        self.reveal = 1.0  # how much of the last turn's paths is drawn (animated to 1)
        self.drawn: Any = None  # the drawing shown: a new one is animated
        super().__init__(width, height, caption="tales", resizable=True, visible=visible)
        self.control = control
        self.scene = Scene(control.view(), width, height)
        self.drawn = self.scene.view.drawing

    def refresh(self) -> None:
        """Rebuild the scene from the controller's view; a turn drawn anew is animated
        (its paths drawn one after another over the view's ``animation`` seconds: a
        setting; any key or click shows it whole at once)."""
        view = self.control.view()
        drawn = view.drawing
        if drawn and view.animation > 0 and drawn != self.drawn and self.drawn is not None:
            self.reveal = 0.0
            pyglet.clock.unschedule(self.tick)
            pyglet.clock.schedule_interval(self.tick, 1 / 30)
        self.drawn = drawn
        self.scene = Scene(view, self.width, self.height, self.reveal)

    def tick(self, dt: float) -> None:
        """One frame of the animation of the last turn's paths."""
        view = self.scene.view
        self.reveal = min(1.0, self.reveal + dt / view.animation) if view.animation else 1.0
        if self.reveal >= 1.0:
            pyglet.clock.unschedule(self.tick)
        self.scene = Scene(view, self.width, self.height, self.reveal)

    def skip_animation(self) -> None:
        """Show the turn being animated whole."""
        if self.reveal < 1.0:
            self.reveal = 1.0
            pyglet.clock.unschedule(self.tick)

    def on_draw(self) -> None:
        self.clear()
        self.scene.draw()

    def on_resize(self, width: int, height: int) -> Any:
        result = super().on_resize(width, height)
        self.refresh()
        return result

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if button != mouse.LEFT:
            return
        self.skip_animation()
        index = self.scene.button_at(x, y)
        if index is not None:
            self.control.choose(index)
        else:
            space = self.scene.layout.space_at(x, y)
            if space is not None:
                if hasattr(self.control, "press"):
                    self.control.press(space)
                if hasattr(self.control, "click_space"):
                    self.control.click_space(space)
        self.refresh()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """The wheel scrolls the log back and on."""
        target = _target(self.control)
        if hasattr(target, "scroll"):
            target.scroll(round(scroll_y * 3))
            self.refresh()

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if hasattr(self.control, "release") and getattr(self.control, "dragging", None):
            self.control.release(self.scene.layout.space_at(x, y))
            self.refresh()

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        button = self.scene.button_at(x, y)
        space = None if button is not None else self.scene.layout.space_at(x, y)
        target = _target(self.control)
        changed = getattr(target, "hovered", None) != space
        target.hovered = space
        if hasattr(target, "hovered_option"):
            changed |= target.hovered_option != button
            target.hovered_option = button
        if changed:
            self.refresh()

    def on_key_press(self, symbol: int, modifiers: int) -> Any:
        self.skip_animation()
        if key._1 <= symbol <= key._9:
            self.control.choose(symbol - key._1)
        elif symbol == key.U and hasattr(self.control, "undo"):
            self.control.undo()
        elif symbol == key.RIGHT and hasattr(self.control, "forward"):
            self.control.forward()
        elif symbol == key.LEFT and hasattr(self.control, "back"):
            self.control.back()
        elif symbol == key.SPACE and hasattr(self.control, "draw_for_me"):
            self.control.draw_for_me()  # the table's chance result drawn by the tool
        elif symbol == key.C and hasattr(self.control, "toggle_campaign"):
            self.control.toggle_campaign()
        elif symbol == key.F2 and hasattr(self.control, "toggle_settings"):
            self.control.toggle_settings()
        elif key.A <= symbol <= key.Z and symbol not in (key.L, key.S, key.U, key.W) and hasattr(
                _target(self.control), "edit_key"):  # an edit key (tales view, tales table)
            _target(self.control).edit_key(chr(symbol), bool(modifiers & key.MOD_SHIFT))
        elif symbol == key.S:
            self.screenshot(Path.cwd())
        elif symbol == key.W and hasattr(_target(self.control), "toggle_why"):
            _target(self.control).toggle_why()
        elif symbol == key.L and hasattr(_target(self.control), "toggle_legend"):
            _target(self.control).toggle_legend()
        elif symbol in (key.F1, key.QUESTION) or (symbol == key.SLASH
                                                  and modifiers & key.MOD_SHIFT):
            from tales.present.keys import keys_line

            _target(self.control).message = keys_line()
        elif symbol == key.ESCAPE:
            self.close()
            return pyglet.event.EVENT_HANDLED
        self.refresh()
        return pyglet.event.EVENT_HANDLED


    def screenshot(self, folder: Path) -> Path | None:
        """Save the window as the next numbered picture in ``folder``; the panel says
        where (or why not)."""
        path = next_screenshot(folder)
        target = _target(self.control)
        try:
            render_png(self.control.view(), path, self.width, self.height)
        except TalesError as bad:
            target.message = str(bad)
            return None
        finally:
            self.switch_to()  # drawing the picture used a context of its own
        target.message = f"picture saved: {path.resolve()}"
        return path


def run(control: Any) -> None:
    """Open the window and run until it is closed. A display that cannot be opened is a
    :class:`TalesError` (one line)."""
    try:
        ViewerWindow(control)
    except Exception:  # pyglet raises its own kinds for a display it cannot open
        raise TalesError(f"cannot open a window on display {_display_name()!r}; "
                         "TALES_HEADLESS=1 plays at the terminal, tales render draws "
                         "pictures without a screen") from None
    pyglet.app.run()


def _display_name() -> str:
    return os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or "(none)"
