"""The acting group's Scheme in view while it acts: its name and its steps in order, as
the window's panel and the terminal show them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tales.engine.content import Context
from tales.rules.decisions import Decision
from tales.rules.happened import TurnBegan
from tales.rules.schemes import Scheme, SchemerGroup

#: A Hero's defences against an Attack: asked during the attacking group's turn.
DEFENCES = frozenset({"epic-defence", "shields", "hitback", "evade", "toughness"})


def scheme_lines(block: SchemerGroup, scheme: Scheme) -> list[str]:
    """``Cellar rats (sample) act: Swarm the weak``, then ``1. Leap 3 toward ...`` for
    each step."""
    return [f"{block.name} act: {scheme.name}",
            *(f"{n}. {step}" for n, step in enumerate(scheme.steps, 1))]


def scenario_blocks(ctx: Context) -> dict[str, SchemerGroup]:
    """The Scheme Block of each of the scenario's groups, by group id."""
    return {gid: group.block for gid, group in ctx.scenario.groups.items()}


def acting_scheme(blocks: Mapping[str, SchemerGroup], decision: Decision[Any] | None
                  ) -> list[str]:
    """On a question asked during a Schemer group's turn (a tie, a Hero's defence against
    its Attack): that group's Scheme this round (:func:`scheme_lines`); nothing on a
    question of any other turn."""
    if decision is None or decision.state is None:
        return []
    battle = decision.battle if decision.battle is not None else decision.state.battle
    began = next((e for e in reversed(battle.events) if isinstance(e, TurnBegan)), None)
    schemes: Mapping[str, str] = decision.state.schemes
    if began is None or began.side != "schemer" or began.who not in blocks or (
            began.who not in schemes):
        return []
    position = decision.position if decision.position is not None else battle.position
    actor = next((f for f in position.figures if f.id == decision.figure), None)
    if decision.kind not in DEFENCES and (actor is None or actor.group != began.who):
        return []  # not this group's question (a Hero's turn the table keeps, say)
    block = blocks[began.who]
    return scheme_lines(block, block.scheme(began.scheme or schemes[began.who]))
