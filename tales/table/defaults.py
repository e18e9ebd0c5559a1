"""The table's standing answers: recurring questions a table answers the same way every time,
set once and shown (``tales table``: ``set epic never``, ``set reactions pass``).

A default answers a Decision only where the table said so; ``ask`` makes the next Schemer
group turn ask every question all the same (the group's turn ends at the next initiative
token or Hero's turn). The rules' questions are unchanged: a default is an answer given for
the table, kept in the save like any other, so a save replays the same whatever the
defaults are now. Pure: no printing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    answer: str  # the value that answers it
    gives: object  # the option it answers with
    says: str  # that answer in words

    def option(self, decision: Decision[Any]) -> int:
        """The option the default gives: no Epic Dice; pass (no Reaction)."""
        return list(decision.options).index(self.gives)


DEFAULTS = (
    Default("epic", "epic-defence", "Epic Dice on defence", ("ask", "never"), "never", 0,
            "no Epic Dice"),
    Default("reactions", "reaction", "Reactions to a Schemer's Attack", ("ask", "pass"),
            "pass", PASS, "no Reaction"),
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
        if value == "ask":
            parts.append(f"{default.words}: asked (set {default.name} {default.answer}: "
                         "never asked)")
        else:
            parts.append(f"{default.words}: {value} (ask {default.name}: asked in the next "
                         f"group's turn; set {default.name} ask)")
    return "table defaults: " + "; ".join(parts)


def settings_buttons(settings: Mapping[str, str]) -> list[str]:
    """The window's F2 buttons: each default with its value (a click: the next value), and
    ``ask`` for the next group's turn."""
    buttons = [f"{d.words}: {settings.get(d.name, 'ask')}" for d in DEFAULTS]
    return [*buttons, "the next group's turn asks every question (once)"]


def defaults_status(settings: Mapping[str, str]) -> str:
    """One short status line: the defaults that answer for the table."""
    said = [f"{d.words} {settings[d.name]}" for d in DEFAULTS
            if settings.get(d.name, "ask") != "ask"]
    return "defaults: " + "; ".join(said) + " (F2)"


def said(decision: Decision[Any]) -> str:
    """Who a default answered for: the attacker (Epic Dice), the Hero (a Reaction)."""
    if decision.kind == "epic-defence":
        return decision.prompt.split(" attacks", 1)[0]
    return decision.figure or ""


def said_line(kinds: Sequence[tuple[str, str]]) -> str:
    """What the defaults answered since the last line, in one: ``the table's defaults: no
    Epic Dice (2 Attacks); no Reaction (deirdre, fiona)``."""
    epic = [who for kind, who in kinds if kind == "epic-defence"]
    reactions = list(dict.fromkeys(who for kind, who in kinds if kind == "reaction"))
    parts = []
    if epic:
        parts.append(BY_KIND["epic-defence"].says
                     + (f" ({len(epic)} Attacks)" if len(epic) > 1 else ""))
    if reactions:
        parts.append(f"{BY_KIND['reaction'].says} ({', '.join(reactions)})")
    return "the table's defaults: " + "; ".join(parts)
