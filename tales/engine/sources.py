"""Where the Heroes' lost Fortitude came from: each turn's loss put on its sources, read
from what the turn recorded (:mod:`tales.rules.happened`), never guessed from whose turn
it was.

A source is a Schemer Group (its Attacks), ``Traps``, ``Hazards``, ``Wizard Fire`` (a
space entered), ``the Doom Die`` (an attacker's own damage from a Doom icon) or ``Heroes'
Attacks`` (a Burst or Splash on the Heroes' own side). What a turn cost a figure beyond
what its events account for (a heal in the same turn hides damage, so it can be less,
never more) is :data:`UNATTRIBUTED`, so the sources always add up to the Fortitude lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tales.board.figures import Side
from tales.board.position import Position
from tales.rules.happened import Attacked, Moved

#: The words of each space effect as a source.
SPACE_SOURCES = {"trap": "Traps", "hazard": "Hazards", "wizard-fire": "Wizard Fire"}
DOOM = "the Doom Die"
OWN_ATTACKS = "Heroes' Attacks"
UNATTRIBUTED = "not attributed"


def _claims(before: Position, events: Iterable[object]) -> dict[str, list[tuple[str, int]]]:
    """Per figure, in order, what its turn's events say hurt it and by how much."""
    group = {f.id: f.group for f in before.figures}
    side = {f.id: f.side for f in before.figures}
    claims: dict[str, list[tuple[str, int]]] = {}
    for event in events:
        if isinstance(event, Attacked):
            attacker = group.get(event.attacker) or None
            if event.roll is not None and event.roll.self_damage:
                claims.setdefault(event.attacker, []).append((DOOM, event.roll.self_damage))
            for figure, lost in event.lost:
                if lost > 0:
                    source = (attacker if attacker and side.get(event.attacker) is Side.SCHEMER
                              else OWN_ATTACKS)
                    claims.setdefault(figure, []).append((source, lost))
        elif isinstance(event, Moved):
            for spring in event.sprung:
                if spring.damage > 0:
                    claims.setdefault(spring.figure, []).append(
                        (SPACE_SOURCES.get(spring.what, spring.what), spring.damage))
    return claims


def turn_sources(before: Position, lost: Mapping[str, int], events: Iterable[object]
                 ) -> dict[str, int]:
    """What each source cost the Heroes' side in one turn: ``lost`` is each figure's
    Fortitude lost over the turn, ``events`` what the turn recorded, ``before`` the board
    as it began. Each figure's loss is put on its events' sources in order, up to what it
    lost; the rest on :data:`UNATTRIBUTED`."""
    claims = _claims(before, events) if any(lost.values()) else {}
    out: dict[str, int] = {}
    for figure, amount in lost.items():
        left = amount
        for source, damage in claims.get(figure, ()):
            if left <= 0:
                break
            take = min(damage, left)
            out[source] = out.get(source, 0) + take
            left -= take
        if left > 0:
            out[UNATTRIBUTED] = out.get(UNATTRIBUTED, 0) + left
    return out
