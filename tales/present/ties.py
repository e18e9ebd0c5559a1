"""A Schemer's tie, explained before it is asked: which Schemer acts, what it is after
and why ("cellar-rats-1 acts: nearest Foe by Line of Fire: gerki, 8 spaces"), then the
reasoning so far. The window highlights the Schemer; both the window and the terminal
show these lines above the options."""

from __future__ import annotations

import re
from typing import Any

from tales.rules.decisions import Decision, TieDetail

_FOE = re.compile(r"\b(foe|friend|hero|fortitude|wounded)(s?)\b")


def rule_words(text: str) -> str:
    """Glossary words capitalised as the rulebook prints them (Foe, Friend, Hero,
    Fortitude, Wounded)."""
    return _FOE.sub(lambda m: m.group(1).capitalize() + m.group(2), text)


def target_text(detail: TieDetail) -> str:
    """``nearest Foe by Line of Fire: gerki, 8 spaces`` (every figure it could mean)."""
    found = [f"{who}, {d} space{'s' if d != 1 else ''}" if d is not None
             else f"{who}, no Line of Fire" for who, d in detail.toward]
    head = rule_words(detail.selector)
    if not found:
        return head
    return f"{head} by Line of Fire: {'; '.join(found)}"


def tie_reasons(detail: Any) -> list[str]:
    """The reasons behind a Schemer's tie in rule words: what it is after, then the
    reasoning so far; [] for any other question's detail."""
    if not isinstance(detail, TieDetail):
        return []
    said = f"{detail.selector}: "
    return [target_text(detail),
            *(rule_words(r) for r in detail.reasons if not r.startswith(said))]


def tie_lines(decision: Decision[Any]) -> list[str]:
    """What to show before a Schemer's tie: who acts, its target and why; [] for any
    other Decision."""
    reasons = tie_reasons(decision.detail)
    if not reasons:
        return []
    who = decision.figure or "the Schemer"
    lines = [f"{who} acts: {reasons[0]}"]
    if reasons[1:]:
        lines.append("so far: " + "; ".join(reasons[1:]))
    return lines


def tie_targets(decision: Decision[Any] | None) -> frozenset[str]:
    """The figures a Schemer's tie says it is after (the window rings them)."""
    detail = decision.detail if decision is not None else None
    if not isinstance(detail, TieDetail):
        return frozenset()
    return frozenset(who for who, _ in detail.toward)
