"""What happened on the map, as data beside the log: a turn beginning, a figure moving
along a path (and what the spaces on the way did), an Attack with the damage each target
lost and the dice it rolled. A drawing of the last turn (the window's arrows and attack
lines, the table assistant's group turn) reads these instead of parsing log lines.

Each record keeps ``line``: how many log lines there were when it happened, so a reader
can put it beside the log line it belongs to. Pure data: nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from tales.rules.damage import DamageRoll
from tales.rules.movement import Displacement
from tales.rules.spaces import SpaceEvent


@dataclass(frozen=True, slots=True)
class TurnBegan:
    """A turn begins: a Hero's, a Companion's or a Schemer Group's (``side``: ``hero`` for
    the players' side, ``schemer`` for a group)."""

    who: str
    side: str
    line: int = 0
    scheme: str = ""  # a Schemer Group's: the Scheme it acts on (rolled just now if Unpredictable)


@dataclass(frozen=True, slots=True)
class Sprung:
    """A space did something to a figure entering it: ``what`` is ``trap``, ``hazard`` or
    ``wizard-fire``."""

    what: str
    figure: str
    space: int
    damage: int


@dataclass(frozen=True, slots=True)
class Moved:
    """A figure went along ``path`` (its start first): a Move, a Leap, a Rampage, a Push or
    a Pull (``how``), with what the spaces on the way did."""

    figure: str
    path: tuple[int, ...]
    how: str = "move"
    sprung: tuple[Sprung, ...] = ()
    line: int = 0


@dataclass(frozen=True, slots=True)
class Attacked:
    """An Attack: who made it, on whom, from where to where, the damage it dealt, what
    each target lost, and the dice rolled (None for a Schemer's fixed damage)."""

    attacker: str
    targets: tuple[str, ...]
    damage: int
    lost: tuple[tuple[str, int], ...] = ()
    roll: DamageRoll | None = None
    origin: int | None = None  # the attacker's space
    spaces: tuple[int, ...] = ()  # each target's space when attacked
    line: int = 0


Happened = TurnBegan | Moved | Attacked


class _WithEvents(Protocol):
    @property
    def events(self) -> Iterable[object]: ...


def sprung(result: _WithEvents | None) -> tuple[Sprung, ...]:
    """What the spaces did along a Move, Leap or Forced Movement (a Trap, a Hazard,
    Wizard Fire), from its result's events."""
    if result is None:
        return ()
    return tuple(Sprung(e.what, e.figure, e.space, e.damage) for e in result.events
                 if isinstance(e, SpaceEvent))


SPRUNG_WORDS = {"trap": "a Trap", "hazard": "a Hazard", "wizard-fire": "Wizard Fire"}


def hurt_on_the_way(names: Sequence[str], damage: int, result: _WithEvents | None) -> str:
    """`` (takes 2 damage: a Trap on C4)``: what hurt a moving figure (a Schemer, a Hero on
    its own Move or Leap) and where, or ""."""
    if not damage:
        return ""
    where = [f"{SPRUNG_WORDS.get(s.what, s.what)} on {names[s.space]}"
             for s in sprung(result) if s.damage]
    return f" (takes {damage} damage" + (f": {', '.join(where)})" if where else ")")


def shoved(mover: str, result: _WithEvents | None) -> tuple[Moved, ...]:
    """The figures an Overrun mover put out of its way, as short paths (``how``: "shoved
    by" the mover), from a Move's result events."""
    if result is None:
        return ()
    return tuple(Moved(e.figure, (e.start, e.to), f"shoved by {mover}")
                 for e in result.events if isinstance(e, Displacement) and e.start != e.to)
