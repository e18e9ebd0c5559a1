"""Shared pieces of the rule-case tables: rows, figures, and positions from inline maps.

A row is a :func:`case`: a readable id, the rule it checks in one line, the glossary entry
and a verbatim quote from it (``../shared/seeds/004_f25fc7869778e470.txt``), then the
values of the test. :func:`build` turns a hand-drawn grid and a few figures into a
:class:`~tales.board.position.Position` by writing a position file and reading it back, so
the tables exercise the documented file format too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tales.board.position import Position
from tales.rules.decisions import Decision, Resolution
from tests.build import Fig, build, hero, schemer

__all__ = ["Fig", "build", "hero", "schemer"]

#: The reference manual summary the rows quote (DESIGN.md: the rules are in ../shared/seeds).
GLOSSARY = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "004_f25fc7869778e470.txt"


@dataclass(frozen=True, slots=True, repr=False)
class Rule:
    """What a row checks: the ruling, and the glossary passage it rests on."""

    id: str
    rule: str
    entry: str
    quote: str

    def __repr__(self) -> str:
        return f"[{self.id}] {self.rule} (glossary, {self.entry}: {self.quote!r})"


#: Every row made by :func:`case`, for the check that each quote is in the glossary.
RULES: list[Rule] = []


def case(
    case_id: str, rule: str, entry: str, quote: str, *values: object, bug: str | None = None
) -> Any:
    """One table row: ``pytest.param(Rule, *values)`` with a readable id.

    ``bug`` marks a row the engine gets wrong: a strict xfail, so fixing the engine makes
    the row fail until the mark is removed.
    """
    rule_ = Rule(case_id, rule, entry, quote)
    RULES.append(rule_)
    marks = [pytest.mark.xfail(strict=True, reason=f"ENGINE BUG: {bug}")] if bug else []
    return pytest.param(rule_, *values, id=case_id, marks=marks)


def names(position: Position, spaces: Iterable[int]) -> str:
    """Space names joined by spaces: a path ``"A1 B1 C1"`` or a set in the given order."""
    return " ".join(position.board.names[s] for s in spaces)


def named(position: Position, table: Mapping[int, int]) -> dict[str, int]:
    """A ``{space index: n}`` table (costs, Trap tokens) keyed by space name."""
    return {position.board.names[s]: n for s, n in table.items()}


def where(position: Position) -> dict[str, str]:
    """Where every figure stands: ``{figure id: space name}``."""
    return {f.id: position.board.names[f.at] for f in position.figures}


def first_decision(resolution: Resolution[Any]) -> Decision[Any] | None:
    """The first Decision a resolution asks, or None when it asks nothing."""
    try:
        return next(resolution)
    except StopIteration:
        return None
