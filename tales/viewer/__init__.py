"""The pyglet viewer: the only package that imports pyglet.

On a machine with no screen (no ``DISPLAY`` on Linux), or with ``TALES_HEADLESS=1``, pyglet
is set to render off-screen through EGL (Debian: ``libegl1 libegl-mesa0
libgl1-mesa-dri``), so pictures and tests work without one.
"""

from __future__ import annotations

import os
import sys

import pyglet


def headless() -> bool:
    """True when there is no screen to open a window on (or it was asked for)."""
    if os.environ.get("TALES_HEADLESS"):
        return True
    return sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


if headless():
    pyglet.options["headless"] = True
pyglet.options["shadow_window"] = False
