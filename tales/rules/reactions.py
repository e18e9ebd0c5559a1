"""Reactions: abilities a player may use when their Trigger happens, on any turn.

004, Reaction: "You may activate a Reaction whenever the specified Trigger happens, even
if that interrupts some other effect, and even if it is not your turn." The rules that can
set off a Trigger (attacks, movement) call :func:`react`; it offers the Hero's player every
Reaction of theirs with that Trigger that can be paid for, one at a time, until they pass.
A Charge Ability with several Charge Tokens may be used again for the same Trigger.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from tales.board.figures import Token
from tales.rules.abilities import can_activate, side_showing
from tales.rules.decisions import Decider, Decision, Resolution
from tales.rules.health import held

if TYPE_CHECKING:
    from tales.rules.attacks import Battle


class Trigger(StrEnum):
    """Events a Reaction answers (glossary: Reaction, Trigger)."""

    ATTACKED = "attacked"  # a Foe's Attack targets you (before damage)
    DAMAGED = "damaged"  # an Attack damages you
    WOUNDED = "wounded"  # you flip to your Wounded side
    FRIEND_ATTACKED = "friend attacked"  # a Foe's Attack targets a Friend of yours


PASS = "pass"


@dataclass(frozen=True)
class Reaction:
    """A Reaction a figure's player may use: its ability and how to carry it out.

    ``run`` is given the battle, the reacting figure and the figure that set it off (the
    attacker), and returns the battle after paying and carrying out the ability.
    """

    figure: str
    name: str
    trigger: Trigger
    run: Callable[[Battle, str, str], Resolution[Battle]] = field(compare=False)
    side: str | None = None  # a mat side's Reaction works only while that side shows


def unusable(battle: Battle, figure_id: str, name: str, side: str | None) -> str | None:
    """Why ``figure_id`` cannot use its ability ``name`` now, or None when it can: discarded
    this game, on the other side of the mat, Cooldown Tokens on it, or no Charge Token
    (nor Overcharge Token) for a Charge Ability."""
    figure = battle.position.figure(figure_id)
    if (figure_id, name) in battle.discarded:
        return f"{name} was discarded: it is gone for this game"
    if not side_showing(side, figure.wounded):
        return f"{name} is on the {side} side of the mat"
    state = next((s for s in battle.abilities.get(figure_id, ()) if s.name == name), None)
    if state is not None and not can_activate(state, held(battle.position, figure_id,
                                                          Token.OVERCHARGE)):
        return f"{figure_id} cannot use {name} now (Cooldown Tokens on it, or no Charge Token)"
    return None


def react(battle: Battle, trigger: Trigger, figure_id: str, source_id: str
          ) -> Resolution[Battle]:
    """Offer ``figure_id``'s player their Reactions to ``trigger``, until they pass."""
    used: set[str] = set()
    while True:
        if figure_id not in {f.id for f in battle.position.figures}:
            return battle
        ready = []
        for reaction in battle.reactions:
            if reaction.figure != figure_id or reaction.trigger is not trigger:
                continue
            if unusable(battle, figure_id, reaction.name, reaction.side):
                continue
            state = next((s for s in battle.abilities.get(figure_id, ())
                          if s.name == reaction.name), None)
            if reaction.name in used and not (state is not None and state.charge_ability):
                continue  # only a Charge Ability answers the same Trigger again (Reaction 4)
            ready.append(reaction)
        if not ready:
            return battle
        names = tuple([PASS, *(r.name for r in ready)])
        choice = yield Decision("reaction", f"{figure_id}: {trigger.value} — use a Reaction?",
                                names, Decider.PLAYER, figure_id)
        if choice == PASS:
            return battle
        reaction = next(r for r in ready if r.name == choice)
        used.add(reaction.name)
        battle = yield from reaction.run(battle, figure_id, source_id)

