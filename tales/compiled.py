"""The opt-in compiled build (``TALES_COMPILE=1 pip install -e .``, setup.py): which
modules of this installation are compiled, and a guard for a checkout built that way.

Python imports a compiled module in preference to its source beside it, so in a checkout an
edit made to a module after it was compiled would silently not run. Each package with
compiled modules calls :func:`check_fresh` when imported: such a module stops the command
with one line saying how to rebuild, or to go back to plain Python."""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from tales.errors import TalesError

#: The ``tales`` package's directory.
PACKAGE = Path(__file__).resolve().parent


def _source(entry: str) -> str | None:
    """The source file a compiled module file ``entry`` is built from (``rules.py`` for
    ``rules.cpython-311-x86_64-linux-gnu.so``), or None for any other file."""
    for suffix in EXTENSION_SUFFIXES:
        if entry.endswith(suffix):
            return entry[:-len(suffix)] + ".py"
    return None


def compiled_modules(package: Path = PACKAGE) -> list[tuple[Path, Path]]:
    """Each compiled module's file in ``package`` and its subpackages, with the source
    beside it that it was built from; none in the plain build."""
    found = []
    for folder, _, files in os.walk(package):
        for entry in files:
            source = _source(entry)
            if source is not None and source in files:
                found.append((Path(folder) / entry, Path(folder) / source))
    return sorted(found)


def compiled_files(package: Path = PACKAGE) -> list[Path]:
    """The compiled modules' files in ``package`` and its subpackages."""
    return [built for built, _ in compiled_modules(package)]


def compiled() -> list[str]:
    """The compiled modules of this installation, by dotted name (``tales.tavern.rdi.rules``)."""
    return sorted(".".join(source.relative_to(PACKAGE.parent).with_suffix("").parts)
                  for _, source in compiled_modules())


def build() -> str:
    """Which build this is, for a benchmark's heading."""
    modules = compiled()
    return f"compiled with mypyc ({len(modules)} modules)" if modules else "plain Python"


def check_fresh(folder: Path) -> None:
    """In a checkout (a ``pyproject.toml`` above the package), a :class:`TalesError` if a
    compiled module in ``folder`` is older than its source: its edits would not run. An
    installed package is left alone (nobody edits it; its files' times are the install's)."""
    if not (PACKAGE.parent / "pyproject.toml").exists():
        return
    for built, source in compiled_modules(folder):
        if source.stat().st_mtime > built.stat().st_mtime:
            raise TalesError(
                f"{source}: changed after it was compiled; build again "
                "(TALES_COMPILE=1 pip install -e .) or go back to plain Python "
                "(pip install -e .)")
