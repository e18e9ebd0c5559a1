"""Positions for tests, built from a hand-drawn grid and a few figures.

:func:`build` writes a position file (with an inline ``[map]``) and reads it back, so the
tests exercise the documented file format too.
"""

from __future__ import annotations

import json
import math
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tales.board.position import Position, parse_position


@dataclass(frozen=True, slots=True)
class Fig:
    """A figure of a position file."""

    id: str
    at: str
    side: str = "hero"
    keywords: tuple[str, ...] = ()
    tokens: Mapping[str, int] = field(default_factory=dict)


def hero(figure_id: str, at: str, *keywords: str, **tokens: int) -> Fig:
    """A Hero on ``at`` with ``keywords`` and ``tokens`` (``shield=1``)."""
    return Fig(figure_id, at, "hero", keywords, tokens)


def schemer(figure_id: str, at: str, *keywords: str, **tokens: int) -> Fig:
    """A Schemer on ``at`` with ``keywords`` and ``tokens``."""
    return Fig(figure_id, at, "schemer", keywords, tokens)


def toml_value(value: object) -> str:
    """``value`` as a TOML value on one line (tables inline)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else str(value)  # nan, inf, -inf
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        items = ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in value.items())
        return "{" + items + "}"
    if isinstance(value, Iterable):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML for {value!r}")


def build(
    grid: str,
    *figures: Fig,
    layout: str = "hex",
    diagonals: bool = False,
    walls: Sequence[str] = (),
    features: Mapping[str, Mapping[str, object]] | None = None,
    traps: Mapping[str, int] | None = None,
    wizard_fire: Mapping[str, int] | None = None,
    open_doors: Sequence[str] = (),
) -> Position:
    """A position from a hand-drawn ``grid`` (dedented; even hex rows keep their one space).

    ``traps``, when given, is the complete set of Trap tokens (it replaces the grid's ``T``).
    """
    rows = textwrap.dedent(grid).strip("\n")
    out: list[str] = []
    if traps is not None:
        out.append(f"traps = {toml_value(traps)}")
    if wizard_fire:
        out.append(f"wizard_fire = {toml_value(wizard_fire)}")
    if open_doors:
        out.append(f"open_doors = {toml_value(open_doors)}")
    out += ["[map]", 'name = "case"', f"layout = {toml_value(layout)}"]
    if diagonals:
        out.append("diagonals = true")
    out += ['grid = """', rows, '"""', f"walls = {toml_value(walls)}"]
    for glyph, settings in (features or {}).items():
        out.append(f"[map.features.{json.dumps(glyph)}]")
        out += [f"{key} = {toml_value(value)}" for key, value in settings.items()]
    for figure in figures:
        out += ["[[figures]]", f"id = {toml_value(figure.id)}", f"side = {toml_value(figure.side)}",
                f"at = {toml_value(figure.at)}", f"keywords = {toml_value(figure.keywords)}",
                f"tokens = {toml_value(figure.tokens)}"]
    return parse_position("\n".join(out) + "\n", "<case>")


def sorted_names(position: Position, spaces: Iterable[int]) -> list[str]:
    """Space names, sorted."""
    return sorted(position.board.names[int(s)] for s in spaces)


def fig(figure_id: str, at: str, side: str = "hero", **keys: object) -> dict[str, object]:
    """A ``[[figures]]`` table with any position-file keys (``wounded``, ``group``, ...)."""
    return {"id": figure_id, "side": side, "at": at, **keys}


def positioned(grid: str, *figures: Mapping[str, object], walls: Sequence[str] = (),
               layout: str = "hex") -> Position:
    """A position file with an inline map and ``figures`` written key by key, read back."""
    rows = textwrap.dedent(grid).strip("\n")
    out = ["[map]", 'name = "case"', f"layout = {toml_value(layout)}",
           'grid = """', rows, '"""', f"walls = {toml_value(walls)}"]
    for figure in figures:
        out.append("[[figures]]")
        out += [f"{key} = {toml_value(value)}" for key, value in figure.items()]
    return parse_position("\n".join(out) + "\n", "<case>")
