"""The table's standing answers: recurring questions a table answers the same way every time,
set once and shown (``tales table``: ``set epic never``, ``set reactions pass``).

A default answers a Decision only where the table said so; ``ask`` makes the next Schemer
group turn ask every question all the same (the group's turn ends at the next initiative
token or Hero's turn). The rules' questions are unchanged: a default is an answer given for
the table, kept in the save like any other, so a save replays the same whatever the
defaults are now. Pure: no printing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tales.rules.decisions import Decision

PASS = "pass"


@dataclass(frozen=True, slots=True)
class Default:
    """One recurring question: the Decision kind it answers, its words and its settings."""

    name: str  # what the table types: set NAME VALUE
    kind: str  # the Decision it answers
    words: str  # what the question is, in the game's words
    values: tuple[str, ...]  # "ask" first: the question is asked
    answer: str  # the value that answers it, and with what

    def option(self, decision: Decision[Any]) -> int:
        """The option the default gives: no Epic Dice; pass (no Reaction)."""
        wanted = 0 if self.kind == "epic-defence" else PASS
        return list(decision.options).index(wanted)


DEFAULTS = (
    Default("epic", "epic-defence", "Epic Dice on defence", ("ask", "never"), "never"),
    Default("reactions", "reaction", "Reactions to a Schemer's Attack", ("ask", "pass"), "pass"),
)
BY_NAME = {d.name: d for d in DEFAULTS}
BY_KIND = {d.kind: d for d in DEFAULTS}


def read_setting(text: str) -> tuple[str, str] | str:
    """``set epic never`` (after ``set``: ``epic never``): the default and its value, or why
    not (one line)."""
    words = text.lower().split()
    usage = "set " + " | ".join(f"{d.name} {'/'.join(d.values)}" for d in DEFAULTS)
    if len(words) != 2:
        return usage
    found = [d for d in DEFAULTS if d.name.startswith(words[0])]
    if len(found) != 1:
        return f"{words[0]!r} is not a default: {usage}"
    default = found[0]
    values = [v for v in default.values if v.startswith(words[1])]
    if len(values) != 1:
        return f"{words[1]!r}: {default.name} is one of {', '.join(default.values)}"
    return default.name, values[0]


def standing_option(settings: Mapping[str, str], decision: Decision[Any]) -> int | None:
    """The option ``settings`` answer ``decision`` with, or None: it is asked."""
    default = BY_KIND.get(decision.kind)
    if default is None or settings.get(default.name, "ask") != default.answer:
        return None
    return default.option(decision)


def settings_line(settings: Mapping[str, str]) -> str:
    """The defaults as the table set them, in one line."""
    parts = []
    for default in DEFAULTS:
        value = settings.get(default.name, "ask")
        said = "asked" if value == "ask" else f"{value} unless asked"
        parts.append(f"{default.words}: {said} (set {default.name} "
                     f"{default.answer if value == 'ask' else 'ask'})")
    return "table defaults: " + "; ".join(parts) + "; ask: the next group's turn asks all"


def said(decision: Decision[Any]) -> str:
    """What a default answered, for the table to see: ``bouncers-1 attacks for 2: no Epic
    Dice (the table's default)``."""
    default = BY_KIND[decision.kind]
    what = "no Epic Dice" if default.kind == "epic-defence" else "no Reaction"
    about = decision.prompt.split(":")[0]
    return f"{about}: {what} (the table's default; ask: asked next time)"
