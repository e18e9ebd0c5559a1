"""Oozwald, "Normal" Adventurer (seed 001, "Character Rules"; the checklist's C-5): Clones.

Four Clone meeples start beside his mat (none on it). Creating a Clone is a gain step
(``{ gain = 1, resource = "clone" }``), never more than four on his mat; Absorbing one is a
boost cost (``cost = { clone = 1 }``) that puts it back in the supply, chosen as the card is
played and never refunded. At the start of his Action Phase he may Absorb a Clone for 1
Fortitude and/or one for an additional Action this phase, each at most once
(:meth:`Oozwald.action_phase`).

"I guess the clone thought that was her tip..." is a Cheating card whose handler takes a
Gold from the pot.
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Step, Tavern
from tales.tavern.rdi.stats import change, spend_tokens

NAME = "oozwald"
CLONE = "clone"
CLONE_TIP = "clone tip"
HANDLERS = frozenset({CLONE_TIP})


def absorb(tavern: Tavern, name: str, what: str) -> Resolution[bool]:
    """Offer to Absorb a Clone for ``what``; True if he did."""
    if not tavern.player(name).count(CLONE):
        return False
    choice = yield Decision("boost", f"{name}: Absorb a Clone {what}?", ("no", "yes"),
                            Decider.PLAYER, name, state=tavern)
    return bool(choice == "yes")


class Oozwald(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = (Resource(CLONE, limit=4, supply=4, owner=NAME),)

    def action_phase(self, tavern: Tavern, name: str) -> Resolution[tuple[Tavern, int]]:
        """001: "At the beginning of your Action Phase, before playing an Action, you may
        Absorb a Clone to gain 1 Fortitude, and/or you may Absorb a Clone to gain the effect
        'you may play an additional Action this phase.'\""""
        extra = 0
        if (yield from absorb(tavern, name, "to gain 1 Fortitude")):
            tavern = spend_tokens(tavern, name, CLONE, 1)
            tavern = change(tavern, name, fortitude=1).note(
                f"{name} Absorbs a Clone: +1 Fortitude")
        if (yield from absorb(tavern, name, "to play an additional Action this phase")):
            tavern = spend_tokens(tavern, name, CLONE, 1)
            tavern = tavern.note(f"{name} Absorbs a Clone: an additional Action")
            extra = 1
        return tavern, extra

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler != CLONE_TIP or tavern.pot <= 0:
            return tavern
        mat = tavern.mat(name)
        tavern = replace(tavern.with_player(replace(mat, gold=mat.gold + 1)),
                         pot=tavern.pot - 1)
        return tavern.note(f"{name} takes 1 Gold from the pot")
        yield  # pragma: no cover


register(Oozwald())
