"""Testing a scenario's conditions (objectives, defeat conditions, parts, events)."""

from __future__ import annotations

from tales.content.scenarios import Condition, When
from tales.engine.content import Context
from tales.engine.state import GameState

# The kinds of condition holds tells apart, read once: in Python 3.11 a member read on its
# enum goes through the enum class's attribute hook (~70 ns a read; every condition after
# every step, issue 19)
_DEFEATED, _HERO_DEFEATED, _ROUNDS = When.DEFEATED, When.HERO_DEFEATED, When.ROUNDS
_HERO_ON, _ALL_HEROES_ON = When.HERO_ON, When.ALL_HEROES_ON
_DOOR_OPEN, _FIRED, _PART = When.DOOR_OPEN, When.FIRED, When.PART
_ROUND_LIMIT = When.ROUND_LIMIT


def holds(ctx: Context, state: GameState, condition: Condition) -> bool:
    """True when ``condition`` holds in ``state``."""
    position = state.position
    kind = condition.kind
    if kind is _DEFEATED:
        on_map = {f.id for f in position.figures} | {f.group for f in position.figures
                                                       if f.group}
        destructibles = {d.id for d in ctx.scenario.destructibles}
        return all(name not in on_map and (name in state.deployed or name in destructibles)
                   for name in condition.names)
    if kind is _ROUNDS or kind is _ROUND_LIMIT:  # a limit: when it is checked is rounds'
        return state.rounds_ended >= condition.number
    if kind is _DOOR_OPEN:
        return not condition.spaces & position.closed_doors
    if kind in (_HERO_ON, _ALL_HEROES_ON):
        heroes = state.heroes_for_rules()
        on = [f.at in condition.spaces for f in heroes]
        return any(on) if kind is _HERO_ON else bool(on) and all(on)
    if kind is _HERO_DEFEATED:
        return bool(state.fallen)
    if kind is _FIRED:
        return all(name in state.fired for name in condition.names)
    if kind is _PART:
        return ctx.scenario.parts[state.part].name in condition.names
    return state.schemers_defeated >= condition.number


def all_hold(ctx: Context, state: GameState, conditions: tuple[Condition, ...]) -> bool:
    """Every condition of a ``when`` table holds."""
    return all(holds(ctx, state, c) for c in conditions)
