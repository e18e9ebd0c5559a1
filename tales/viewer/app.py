"""The window: draws a controller's view and passes clicks, drags, hovering and keys to it.

Keys: 1-9 pick an option, U undoes, Left/Right step a replay, S saves a picture
(``tales-screenshot.png``), Escape closes (a game or campaign is already saved).
"""

from __future__ import annotations

from typing import Any

import pyglet
from pyglet.window import key, mouse

from tales.viewer.picture import render_png
from tales.viewer.scene import Scene


class ViewerWindow(pyglet.window.Window):  # type: ignore[misc]
    """A window showing one controller (game, campaign, table assistant or replay)."""

    def __init__(self, control: Any, width: int = 1280, height: int = 800,
                 visible: bool = True) -> None:
        super().__init__(width, height, caption="tales", resizable=True, visible=visible)
        self.control = control
        self.scene = Scene(control.view(), width, height)

    def refresh(self) -> None:
        """Rebuild the scene from the controller's view."""
        self.scene = Scene(self.control.view(), self.width, self.height)

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

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if hasattr(self.control, "release") and getattr(self.control, "dragging", None):
            self.control.release(self.scene.layout.space_at(x, y))
            self.refresh()

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        space = self.scene.layout.space_at(x, y)
        target = getattr(self.control, "control", None) or self.control
        if getattr(target, "hovered", None) != space:
            target.hovered = space
            self.refresh()

    def on_key_press(self, symbol: int, modifiers: int) -> Any:
        if key._1 <= symbol <= key._9:
            self.control.choose(symbol - key._1)
        elif symbol == key.U and hasattr(self.control, "undo"):
            self.control.undo()
        elif symbol == key.RIGHT and hasattr(self.control, "forward"):
            self.control.forward()
        elif symbol == key.LEFT and hasattr(self.control, "back"):
            self.control.back()
        elif symbol == key.S:
            render_png(self.control.view(), "tales-screenshot.png", self.width, self.height)
            self.switch_to()  # drawing the picture used a context of its own
        elif symbol == key.ESCAPE:
            self.close()
            return pyglet.event.EVENT_HANDLED
        self.refresh()
        return pyglet.event.EVENT_HANDLED


def run(control: Any) -> None:
    """Open the window and run until it is closed."""
    ViewerWindow(control)
    pyglet.app.run()
