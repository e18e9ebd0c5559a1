"""The opt-in compiled build (``TALES_COMPILE=1 pip install -e .``, setup.py): which
modules of this installation are compiled, and a guard for a checkout built that way.

Python imports a compiled module in preference to its source beside it, so in a checkout an
edit made to a module after it was compiled would silently not run. Each package with
compiled modules calls :func:`check_fresh` when imported: such a module stops the command
with one line saying how to rebuild, or to go back to plain Python."""

from __future__ import annotations

import hashlib
import json
import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from tales.errors import TalesError

#: The ``tales`` package's directory.
PACKAGE = Path(__file__).resolve().parent

#: Where a compiled build records, in the checkout, each compiled module's source (by its
#: path in the checkout) and the SHA-256 of the very text it was compiled from
#: (tools/native.py writes it beside the copy mypyc reads).
MADE_FROM = Path("build") / "native" / "sources.json"


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


def check_fresh(folder: Path, root: Path | None = None) -> None:
    """In a checkout ``root`` (the package's own unless given: a ``pyproject.toml`` there), a
    :class:`TalesError` if a compiled module in ``folder`` was built from other source than
    the one beside it now: its edits would not run. What each was built from is in
    :data:`MADE_FROM` under ``root`` (so a file put back as it was, by git for one, is
    not taken for an edit); without it, a source newer than its module counts as edited.
    An installed package is left alone (nobody edits it)."""
    root = PACKAGE.parent if root is None else root
    if not (root / "pyproject.toml").exists():
        return
    modules = compiled_modules(folder)
    made = _made_from(root / MADE_FROM) if modules else {}
    for built, source in modules:
        try:
            made_from = made.get(source.relative_to(root).as_posix())
        except ValueError:  # (not in the checkout)
            made_from = None
        if _edited(source, built, made_from):
            raise TalesError(
                f"{source}: changed after it was compiled; build again "
                "(TALES_COMPILE=1 pip install -e .) or go back to plain Python "
                "(pip install -e .)")


def _edited(source: Path, built: Path, made_from: str | None) -> bool:
    """Whether ``source`` is other than what ``built`` was compiled from (its SHA-256
    ``made_from``; unknown: newer than it)."""
    if made_from is None:
        return source.stat().st_mtime > built.stat().st_mtime
    return hashlib.sha256(source.read_bytes()).hexdigest() != made_from


def _made_from(path: Path) -> dict[str, str]:
    """The record of what the compiled build was made from (nothing if unreadable)."""
    try:
        made = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return made if isinstance(made, dict) else {}
