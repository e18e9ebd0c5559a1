"""Pictures without a screen: draw a :class:`~tales.viewer.scene.View` into pixels or a PNG."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyglet

from tales.errors import TalesError
from tales.viewer.scene import Scene, View


def _window(width: int, height: int) -> pyglet.window.Window:
    try:
        return pyglet.window.Window(width, height, visible=False)
    except Exception as bad:  # pyglet raises several kinds when no GL is to be had
        raise TalesError(f"cannot draw: no OpenGL ({bad}); on Debian install libegl1 "
                         "libegl-mesa0 libgl1-mesa-dri") from None


def render_image(view: View, width: int = 1200, height: int = 800) -> pyglet.image.ImageData:
    """Draw ``view`` off-screen; the picture."""
    window = _window(width, height)
    try:
        window.switch_to()
        window.clear()
        Scene(view, width, height).draw()
        image: pyglet.image.ImageData = (
            pyglet.image.get_buffer_manager().get_color_buffer().get_image_data())  # type: ignore[no-untyped-call]
        return image
    finally:
        window.close()


def render_array(view: View, width: int = 1200, height: int = 800) -> np.ndarray:
    """Draw ``view``; its pixels as a ``height x width x 3`` array, row 0 at the bottom
    (pyglet's coordinates: ``pixels[y, x]``)."""
    image = render_image(view, width, height)
    data = image.get_data("RGBA", width * 4)  # the buffer's own format: no conversion
    return np.frombuffer(data, dtype=np.uint8).reshape(height, width, 4)[:, :, :3]


def render_png(view: View, path: str | Path, width: int = 1200, height: int = 800) -> None:
    """Draw ``view`` at ``width`` x ``height`` and save it as a PNG."""
    image = render_image(view, width, height)
    try:
        image.save(str(path))
    except OSError as bad:
        raise TalesError(f"{path}: cannot write ({bad.strerror or bad})") from None
