"""The log in one readable line per action: a Schemer's movement and attack reasoning
("toward nearest foe: ...; final target space ...; moves to F4 along H5 G4 F4") becomes
its outcome ("cellar-rats-1: moves to F4 along H5 G4 F4"); the whole line is the "why"."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from tales.board.figures import HEROIC_ROLES, Figure

#: A log line about one figure: its id (lower case, no spaces), then what it did.
_FIGURE_LINE = re.compile(r"^([a-z][a-z0-9_-]*): (.+)$")
#: A Companion's ability it could not use this turn, and why: reasoning, not an action.
_NOT_NOW = re.compile(r"^[a-z][a-z0-9_-]*: [^:]+: not now \(")


def short(line: str) -> str:
    """The outcome of a line of reasoning (its last clause), else the line as it is."""
    match = _FIGURE_LINE.match(line)
    if match is None or "; " not in match.group(2):
        return line
    return f"{match.group(1)}: {match.group(2).rsplit('; ', 1)[1]}"


def side_of(line: str, sides: Mapping[str, str]) -> str:
    """Whose line it is: the side (``hero``, ``schemer``) of the figure it starts with."""
    first = re.split(r"[ :,']", line, maxsplit=1)[0]
    return sides.get(first, "")


def sides(figures: Sequence[Figure]) -> dict[str, str]:
    """Each figure's side by id: ``hero`` for the players' figures, else ``schemer``."""
    return {f.id: "hero" if f.kind in HEROIC_ROLES else "schemer" for f in figures}


def why(log: Sequence[str], last: int = 30) -> list[str]:
    """The whole reasoning behind the recent lines that :func:`short` shortened, and the
    abilities a Companion could not use (which :func:`readable` leaves out)."""
    return [line for line in log[-last:] if short(line) != line or _NOT_NOW.match(line)]


def readable(log: Sequence[str]) -> list[str]:
    """The log one short line per action: each line :func:`short`, and a Schemer's planned
    targets ("rat1: attacks gerki") left out where the Attack's own line follows
    ("rat1 attacks gerki for 1"), and a Companion's abilities it could not use ("otto:
    Kick the door open: not now (no closed door in reach)": behind :func:`why`)."""
    shown = []
    for n, line in enumerate(log):
        if _NOT_NOW.match(line):
            continue
        outcome = short(line)
        match = _FIGURE_LINE.match(outcome)
        after = log[n + 1] if n + 1 < len(log) else ""
        if match and match.group(2).startswith("attacks ") and after.startswith(
                f"{match.group(1)} {match.group(2)} for "):
            continue
        shown.append(outcome)
    return shown
