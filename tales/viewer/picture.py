"""Pictures without a screen: draw a :class:`~tales.viewer.scene.View` into pixels or a PNG."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pyglet

from tales.errors import TalesError
from tales.viewer.scene import Scene, View

#: What off-screen drawing needs (Debian package -> file patterns it installs).
GL_PACKAGES = {"libegl1": ("libEGL.so.1",), "libegl-mesa0": ("libEGL_mesa.so.0",),
               "libgl1-mesa-dri": ("dri/*_dri.so", "dri/*.so")}
LIB_DIRS = ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64",
            "/usr/lib")


def missing_gl_packages(roots: tuple[str, ...] = LIB_DIRS) -> list[str]:
    """The Debian packages of :data:`GL_PACKAGES` whose files are in none of ``roots``."""
    missing = []
    for package, patterns in GL_PACKAGES.items():
        if not any(next(Path(root).glob(pattern), None) is not None
                   for root in roots for pattern in patterns):
            missing.append(package)
    return missing


def _window(width: int, height: int) -> pyglet.window.Window:
    try:
        return pyglet.window.Window(width, height, visible=False)
    except Exception as bad:  # pyglet raises several kinds when no GL is to be had
        missing = missing_gl_packages()
        hint = (f"; on Debian install {' '.join(missing)}" if missing else
                "; the OpenGL libraries are installed: is the display or driver usable?")
        raise TalesError(f"cannot draw: no OpenGL ({bad}){hint}") from None


def render_image(view: View, width: int = 1200, height: int = 800,
                 overlay: Callable[[Scene], list[Any]] | None = None
                 ) -> pyglet.image.ImageData:
    """Draw ``view`` off-screen (and then what ``overlay`` makes of its scene, e.g. a
    heatmap's shading); the picture."""
    picture = replace(view, picture=True)  # a saved picture: no window hints

    def draw() -> list[Any]:
        scene = Scene(picture, width, height)
        scene.draw()
        return overlay(scene) if overlay is not None else []

    return draw_image(width, height, draw)


def draw_image(width: int, height: int, draw: Callable[[], list[Any]],
               background: tuple[float, float, float, float] | None = None
               ) -> pyglet.image.ImageData:
    """Off-screen, on ``background`` (the window's own when None): run ``draw`` (which may
    draw and returns shapes and labels to draw after); the picture."""
    window = _window(width, height)
    try:
        window.switch_to()
        if background is not None:
            pyglet.gl.glClearColor(*background)
        window.clear()
        for shape in draw():
            shape.draw()
        image: pyglet.image.ImageData = (
            pyglet.image.get_buffer_manager().get_color_buffer().get_image_data())  # type: ignore[no-untyped-call]
        return image
    finally:
        window.close()


def png_bytes(image: pyglet.image.ImageData) -> bytes:
    """``image`` encoded as a PNG, in memory."""
    encoded = io.BytesIO()
    image.save("picture.png", file=encoded)
    return encoded.getvalue()


def render_array(view: View, width: int = 1200, height: int = 800,
                 overlay: Callable[[Scene], list[Any]] | None = None) -> np.ndarray:
    """Draw ``view``; its pixels as a ``height x width x 3`` array, row 0 at the bottom
    (pyglet's coordinates: ``pixels[y, x]``)."""
    image = render_image(view, width, height, overlay)
    data = image.get_data("RGBA", width * 4)  # the buffer's own format: no conversion
    return np.frombuffer(data, dtype=np.uint8).reshape(height, width, 4)[:, :, :3]


def render_png(view: View, path: str | Path, width: int = 1200, height: int = 800,
               overlay: Callable[[Scene], list[Any]] | None = None) -> None:
    """Draw ``view`` at ``width`` x ``height`` and save it as a PNG: encoded in memory,
    then written atomically (a failed draw or write leaves what was there)."""
    from tales.engine.saves import write_atomic

    if not str(path).lower().endswith(".png"):
        raise TalesError(f"{path}: give a .png file to write")
    data = png_bytes(render_image(view, width, height, overlay))
    try:
        write_atomic(path, data)
    except OSError as bad:
        raise TalesError(f"{path}: cannot write ({bad.strerror or bad})") from None

