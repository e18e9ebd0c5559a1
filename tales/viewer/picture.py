"""Pictures without a screen: draw a :class:`~tales.viewer.scene.View` into a PNG file."""

from __future__ import annotations

from pathlib import Path

import pyglet

from tales.errors import TalesError
from tales.viewer.scene import Scene, View


def render_png(view: View, path: str | Path, width: int = 1200, height: int = 800) -> None:
    """Draw ``view`` at ``width`` x ``height`` and save it as a PNG."""
    try:
        window = pyglet.window.Window(width, height, visible=False)
    except Exception as bad:  # pyglet raises several kinds when no GL is to be had
        raise TalesError(f"cannot draw: no OpenGL ({bad}); on Debian install libegl1 "
                         "libegl-mesa0 libgl1-mesa-dri") from None
    try:
        window.switch_to()
        window.clear()
        scene = Scene(view, width, height)
        scene.draw()
        buffer = pyglet.image.get_buffer_manager().get_color_buffer()
        try:
            buffer.save(str(path))
        except OSError as bad:
            raise TalesError(f"{path}: cannot write ({bad.strerror or bad})") from None
    finally:
        window.close()
