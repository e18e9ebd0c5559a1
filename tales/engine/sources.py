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


def _landed(before: Position, after: Position | None, figure: str,
            events: Iterable[object]) -> list[tuple[str, int]]:
    """A figure put on a Dangerous space with no record of what the space did (Placed by
    Pooky's summons, moved by an Attack's Evade): the space's own damage, by its kind."""
    if after is None or not after.has_figure(figure) or not before.has_figure(figure):
        return []
    spaces = {before.figure(figure).at}
    for event in events:
        if isinstance(event, Moved) and event.figure == figure and not event.sprung:
            spaces.update(event.path)
    spaces.add(after.figure(figure).at)
    spaces.discard(before.figure(figure).at)
    board = before.board
    found: list[tuple[str, int]] = []
    for space in sorted(spaces):
        if space in before.traps:
            found.append((SPACE_SOURCES["trap"], before.traps[space]))
        if space in before.wizard_fire:
            found.append((SPACE_SOURCES["wizard-fire"], before.wizard_fire[space]))
        if board.hazard[space]:
            found.append((SPACE_SOURCES["hazard"], int(board.hazard_damage[space])))
    return found


def turn_sources(before: Position, lost: Mapping[str, int], events: Iterable[object],
                 after: Position | None = None) -> dict[str, int]:
    """What each source cost the Heroes' side in one turn: ``lost`` is each figure's
    Fortitude lost over the turn, ``events`` what the turn recorded, ``before`` and
    ``after`` the board as it began and ended. Each figure's loss is put on its events'
    sources in order, up to what it lost; then on a Dangerous space it was put on with no
    record of what the space did (:func:`_landed`); the rest on :data:`UNATTRIBUTED`."""
    events = tuple(events)
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
            for source, damage in _landed(before, after, figure, events):
                take = min(damage, left)
                if take > 0:
                    out[source] = out.get(source, 0) + take
                    left -= take
        if left > 0:
            out[UNATTRIBUTED] = out.get(UNATTRIBUTED, 0) + left
    return out
