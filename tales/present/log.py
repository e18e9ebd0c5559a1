"""The log in one readable line per action: a Schemer's movement and attack reasoning
("toward nearest foe: ...; final target space ...; moves to F4 along H5 G4 F4") becomes
its outcome ("cellar-rats-1: moves to F4 along H5 G4 F4"); the whole line is the "why"."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from tales.board.figures import HEROIC_ROLES, Figure
from tales.board.position import Position
from tales.engine.content import Context

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
    """Whose line it is: the side (``hero``, ``schemer``) of the figure it starts with; a
    Schemer no longer on the map by its group's name (``cellar-rats-3`` by
    ``cellar-rats``, when :func:`sides` was given the groups)."""
    first = re.split(r"[ :,']", line, maxsplit=1)[0]
    if first in sides:
        return sides[first]
    for name, side in sides.items():  # a group by its name: "Cellar rats (sample)'s turn"
        if " " in name and line.startswith(name):
            return side
    group = re.sub(r"-\d+$", "", first)
    return sides.get(group, "") if group != first else ""


#: Lines that go on the line before them (an Attack's damage, its Doom Die, its Inspire).
_GOES_ON = re.compile(r"^(damage \d|Doom: |Inspire: )")


def line_sides(lines: Sequence[str], sides: Mapping[str, str]) -> list[str]:
    """Each line's side, for its colour (:func:`side_of`); a line that goes on the one
    before it (``damage 2`` after ``gerki attacks ...``) takes that line's."""
    shown: list[str] = []
    for line in lines:
        side = side_of(line, sides)
        if not side and shown and _GOES_ON.match(line):
            side = shown[-1]
        shown.append(side)
    return shown


def sides(figures: Sequence[Figure], groups: Sequence[str] = (),
          heroes: Sequence[str] = ()) -> dict[str, str]:
    """Each figure's side by id: ``hero`` for the players' figures, else ``schemer``; and
    each Schemer group's name and Hero's id (``heroes``), so that lines of a figure gone
    from the map keep their side's colour."""
    known = {name: "schemer" for name in groups}
    known.update({hero: "hero" for hero in heroes})
    known.update({f.id: "hero" if f.kind in HEROIC_ROLES else "schemer" for f in figures})
    return known


def game_sides(ctx: Context, position: Position) -> dict[str, str]:
    """:func:`sides` of a game: the figures on the map, the scenario's groups, its Heroes
    and Companion."""
    players = [kit.id for kit in ctx.kits] + ([ctx.companion.id] if ctx.companion else [])
    groups = (*ctx.scenario.groups, *(g.block.name for g in ctx.scenario.groups.values()))
    return sides(position.figures, groups, players)


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
