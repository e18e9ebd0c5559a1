"""Readings for figures that take more than one space (docs/rules-decisions.md, "Large
figures"): the reference manual places every figure on one space, so how a large figure
turns, pays for Difficult spaces and is pushed are flags."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class LargeTurns(StrEnum):
    """Whether a large figure may turn while it moves (flag ``large_turns``)."""

    FIXED = "fixed"  # it keeps its facing: every step slides the whole shape
    PIVOT = "pivot"  # a step may also turn it one facing about its anchor


class LargeDifficult(StrEnum):
    """What a large figure's step costs onto Difficult spaces (flag ``large_difficult``)."""

    ONCE = "once"  # 2 when any space it enters is Difficult, else 1
    PER_PART = "per-part"  # 1, plus 1 for every Difficult space it enters


class LargeForced(StrEnum):
    """How Push, Pull, Grab and Place treat a large figure (flag ``large_forced``)."""

    WHOLE = "whole"  # the whole figure moves, keeping its facing
    MASSIVE = "massive"  # as if Massive: Push/Pull at most 1, no Grab or Place


@dataclass(frozen=True, slots=True)
class LargeRules:
    """The readings for large figures; defaults first."""

    turns: LargeTurns = LargeTurns.FIXED
    difficult: LargeDifficult = LargeDifficult.ONCE
    forced: LargeForced = LargeForced.WHOLE


DEFAULT_LARGE = LargeRules()
