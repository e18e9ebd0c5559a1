"""The build backend (pyproject.toml): setuptools' own, with the opt-in compiled build.

``TALES_COMPILE=1`` asks for the tavern games compiled with mypyc (setup.py lists
the modules): the build then needs mypy, and numpy for the types mypy reads. An editable
install first takes out of the checkout the compiled modules an earlier compiled one left
there, which Python would otherwise go on importing in place of their sources (a compiled
build then puts back those setup.py lists)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (the rest of setuptools' backend, as it is)

from tales.compiled import compiled_files  # (backend-path has the checkout: tales is there)

#: What compiling needs besides setuptools.
COMPILING = ["mypy>=1.10", "numpy>=1.26"]

#: The checkout (this file is in its tools/).
ROOT = Path(__file__).resolve().parent.parent


def compiling() -> bool:
    """Whether this build is the compiled one."""
    return os.environ.get("TALES_COMPILE") == "1"


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _needs(build_meta.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None
                                    ) -> list[str]:
    return _needs(build_meta.get_requires_for_build_editable, config_settings)


def _needs(plain: Callable[[dict[str, Any] | None], list[str]],
           config_settings: dict[str, Any] | None) -> list[str]:
    """What the build needs: setuptools' own answer (``plain``), or for the compiled build
    :data:`COMPILING` (setuptools would run setup.py to find it, which with TALES_COMPILE=1
    imports mypyc before it is installed; setup.py declares nothing more to need)."""
    return list(COMPILING) if compiling() else plain(config_settings)


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    # every build starts from plain Python: a plain one leaves it so, and a compiled one
    # puts back exactly the modules setup.py lists now (not one it no longer lists)
    take_out_compiled(ROOT)
    built: str = build_meta.build_editable(wheel_directory, config_settings,
                                           metadata_directory)
    return built


def take_out_compiled(root: Path) -> list[Path]:
    """Delete what a compiled build left in the checkout ``root`` (each compiled module
    beside its source, and mypyc's shared library at the top); the files deleted."""
    found = [*compiled_files(root / "tales"), *sorted(root.glob("*__mypyc.*"))]
    for path in found:
        path.unlink()
    return found
