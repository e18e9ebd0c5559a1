"""Reactions: abilities a player may use when their Trigger happens, on any turn.

004, Reaction: "You may activate a Reaction whenever the specified Trigger happens, even
if that interrupts some other effect, and even if it is not your turn." The rules that can
set off a Trigger (attacks, movement) call :func:`react`; it offers the Hero's player every
Reaction of theirs with that Trigger that can be paid for, one at a time, until they pass.
A Charge Ability with several Charge Tokens may be used again for the same Trigger.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from tales.board.figures import Token
from tales.evolve import evolve
from tales.rules.abilities import RESET_TOKENS, can_activate, reset_cooldown, side_showing
from tales.rules.decisions import Decider, Decision, Resolution
from tales.rules.health import held, spend_tokens, token_holders

if TYPE_CHECKING:
    from tales.rules.attacks import Battle


class Trigger(StrEnum):
    """Events a Reaction answers (glossary: Reaction, Trigger)."""

    ATTACKED = "attacked"  # a Foe's Attack targets you (before damage)
    DAMAGED = "damaged"  # an Attack damages you
    WOUNDED = "wounded"  # you flip to your Wounded side
    FRIEND_ATTACKED = "friend attacked"  # a Foe's Attack targets a Friend of yours


PASS = "pass"


class ResetReading(StrEnum):
    """When a Hero may spend a Reset Token (flag ``reset_tokens``)."""

    TURN = "turn"  # on its own turn, between tiles
    ANY_TIME = "any-time"  # also when a Trigger happens, to free a Reaction


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
    state = None
    for kept in battle.abilities.get(figure_id, ()):  # a loop, not a generator: asked
        if kept.name == name:  # for every ability at every tile (issue 19)
            state = kept
            break
    if state is not None and not can_activate(state) and not can_activate(
            state, held(battle.position, figure_id, Token.OVERCHARGE)):  # counted if needed
        if state.cooldown > 0:
            tokens = ("a Cooldown Token" if state.cooldown == 1
                      else f"{state.cooldown} Cooldown Tokens")
            return f"{name} has {tokens} on it"
        return f"{name} has no Charge Token left"
    return None


#: An option spending a Reset Token: this, then the ability's name.
RESET = "spend a Reset Token on "


def reset_options(battle: Battle, figure_id: str, names: Iterable[str] | None = None
                  ) -> tuple[str, ...]:
    """Options spending a Reset Token (its own or its controller's) on one of the
    figure's abilities with Cooldown Tokens (glossary, Reset Token: "Power Token removing up
    to three Cooldown Tokens from an ability"); only ``names`` when given."""
    if held(battle.position, figure_id, Token.RESET) == 0:
        return ()
    wanted = None if names is None else set(names)
    return tuple(RESET + s.name for s in battle.abilities.get(figure_id, ())
                 if s.cooldown > 0 and (wanted is None or s.name in wanted))


def spend_reset(battle: Battle, figure_id: str, option: str) -> Battle:
    """Carry out a :func:`reset_options` option: the token discarded, the tokens off."""
    name = option.removeprefix(RESET)
    position = battle.position
    position = spend_tokens(position, token_holders(position, position.figure(figure_id)),
                            Token.RESET, 1)
    states = tuple(reset_cooldown(s) if s.name == name else s
                   for s in battle.abilities.get(figure_id, ()))
    return evolve(battle, position=position,
                   abilities={**battle.abilities, figure_id: states},
                   log=(*battle.log, f"{figure_id} discards a Reset Token: {name} loses up "
                        f"to {RESET_TOKENS} Cooldown Tokens"))


def _freed(battle: Battle, figure_id: str, reaction: Reaction) -> bool:
    """A Reset Token would make the Reaction usable now (flag ``reset_tokens=any-time``)."""
    states = battle.abilities.get(figure_id, ())
    state = next((s for s in states if s.name == reaction.name), None)
    if state is None or not 0 < state.cooldown <= RESET_TOKENS:
        return False
    after = tuple(reset_cooldown(s) if s is state else s for s in states)
    return unusable(evolve(battle, abilities={**battle.abilities, figure_id: after}),
                    figure_id, reaction.name, reaction.side) is None


def react(battle: Battle, trigger: Trigger, figure_id: str, source_id: str
          ) -> Resolution[Battle]:
    """Offer ``figure_id``'s player their Reactions to ``trigger``, until they pass. With
    ``reset_tokens=any-time`` a Reaction that a Reset Token would free is offered too, as
    spending one on it."""
    used: set[str] = set()
    while True:
        if figure_id not in {f.id for f in battle.position.figures}:
            return battle
        ready = []
        cooled = []
        for reaction in battle.reactions:
            if reaction.figure != figure_id or reaction.trigger is not trigger:
                continue
            if unusable(battle, figure_id, reaction.name, reaction.side):
                if _freed(battle, figure_id, reaction):
                    cooled.append(reaction.name)
                continue
            state = next((s for s in battle.abilities.get(figure_id, ())
                          if s.name == reaction.name), None)
            if reaction.name in used and not (state is not None and state.charge_ability):
                continue  # only a Charge Ability answers the same Trigger again (Reaction 4)
            ready.append(reaction)
        resets: tuple[str, ...] = ()
        if cooled and battle.rules.reset_tokens is ResetReading.ANY_TIME:
            resets = reset_options(battle, figure_id, cooled)
        if not ready and not resets:
            return battle
        names = tuple([PASS, *(r.name for r in ready), *resets])
        choice = yield Decision("reaction", f"{figure_id}: {trigger.value} — use a Reaction?",
                                names, Decider.PLAYER, figure_id)
        if choice == PASS:
            return battle
        if choice in resets:
            battle = spend_reset(battle, figure_id, choice)
            continue
        reaction = next(r for r in ready if r.name == choice)
        used.add(reaction.name)
        battle = yield from reaction.run(battle, figure_id, source_id)

