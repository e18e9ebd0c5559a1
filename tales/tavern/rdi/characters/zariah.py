"""Zariah the Summoner (seed 000, "Zariah the Summoner"): her summons and the Chimera.

The Chimera card is the ``chimera`` token (1: face up, 0: face down, as it starts); the
summon tokens on it are ``scrappy``, ``bandit`` and ``amber``. A card's summon icon is its
last step, ``{ handler = "summon scrappy" }`` (``summon bandit``, ``summon amber``;
``summon any`` for all three icons: one of her choice): nothing when that summon is already
placed or the Chimera is face up; with all three placed they are removed and the Chimera
turns face up (:func:`summon`).

Dispelling the Chimera turns it face down. A card's "**Chimera:**" power-up is a boost that
costs it, ``boosts = [{ cost = { chimera = 1 }, steps = [...] }]``, chosen as the card is
played (its steps are what the powered-up effect adds to the normal one). The Fortitude attack
is offered at the start of her Action Phase (:meth:`Zariah.activations`): a player loses 3
Fortitude as though from an Action card of hers, and it is her Action for the turn.
"""

from __future__ import annotations

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register, took_action
from tales.tavern.rdi.model import Card, CardKind, Step, Tavern, Verb, Who
from tales.tavern.rdi.timing import PASS

NAME = "zariah"
CHIMERA = "chimera"
SUMMONS = ("scrappy", "bandit", "amber")
SUMMON = {f"summon {s}": s for s in SUMMONS}
ANY = "summon any"
HANDLERS = frozenset({*SUMMON, ANY})
ATTACK = Card("Chimera attack", CardKind.ACTION, (Step(Verb.FORTITUDE, -3, Who.TARGET),),
              "Dispel the Chimera: a player loses 3 Fortitude.", virtual=True)


def summon(tavern: Tavern, name: str, which: str) -> Tavern:
    """000: "put the token for the indicated summon onto the corresponding spot on your
    face-down Chimera card" (nothing if it is there already or the Chimera is face up); "If
    your Chimera card holds all three summon tokens, immediately remove those tokens and
    flip the Chimera card over"."""
    player = tavern.player(name)
    if player.count(CHIMERA) or player.count(which):
        return tavern
    player = player.with_count(which, 1)
    tavern = tavern.with_player(player).note(f"{name} summons {which.title()}")
    if all(player.count(s) for s in SUMMONS):
        for each in SUMMONS:
            player = player.with_count(each, 0)
        tavern = tavern.with_player(player.with_count(CHIMERA, 1)).note(
            f"{name}'s Chimera is ready")
    return tavern


class Zariah(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = (Resource(CHIMERA, limit=1, owner=NAME),
                 *(Resource(s, limit=1, owner=NAME) for s in SUMMONS))

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler in SUMMON:
            return summon(tavern, name, SUMMON[step.handler])
        if step.handler == ANY:
            player = tavern.player(name)
            missing = tuple(s for s in SUMMONS if not player.count(s))
            if player.count(CHIMERA) or not missing:
                return tavern
            which = missing[0]
            if len(missing) > 1:
                which = yield Decision("summon", f"{name}: place which summon?", missing,
                                       Decider.PLAYER, name, state=tavern)
            return summon(tavern, name, which)
        return tavern

    def activations(self, tavern: Tavern, name: str, done: frozenset[str]
                    ) -> Resolution[tuple[Tavern, frozenset[str]]]:
        """000: "During your Action Phase, you may dispel Chimera to make a player lose 3
        Fortitude. This counts as your Action for the turn"."""
        from tales.tavern.rdi.effects import play_card

        if done or not tavern.player(name).count(CHIMERA) or not tavern.others(name):
            return tavern, done
        choice = yield Decision(CHIMERA, f"{name}: dispel the Chimera to attack?",
                                (PASS, ATTACK.name), Decider.PLAYER, name, state=tavern)
        if choice == PASS:
            return tavern, done
        tavern = took_action(tavern, name)
        tavern = tavern.with_player(tavern.player(name).with_count(CHIMERA, 0)).note(
            f"{name} dispels the Chimera")
        tavern, _ = yield from play_card(tavern, name, ATTACK)
        return tavern, done


register(Zariah())
