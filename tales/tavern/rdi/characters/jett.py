"""Jett the Courier (seed 000; the checklist's section C): Momentum, 0 to 3.

Momentum is the token ``momentum`` (limit 3). Everything but its start-of-turn gain is card
data: gaining or losing it a step (``{ gain = 1, resource = "momentum" }``, ``gain = -1`` to
lose: as much as he has), an effect depending on it a condition (``if = { resource =
"momentum", at_least = 2 }``, ``below`` for the lower one), spending it a cost (a boost's or
a card's ``cost = { momentum = 2 }``: paid as it is played, never given back).
"""

from __future__ import annotations

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Tavern
from tales.tavern.rdi.stats import gain_tokens

NAME = "jett"
MOMENTUM = "momentum"
MOST = 3  # "which can range from 0 to 3"


class Jett(Mechanics):
    name = NAME
    resources = (Resource(MOMENTUM, limit=MOST, owner=NAME),)

    def start_of_turn(self, tavern: Tavern, owner: str, active: str) -> Resolution[Tavern]:
        """000: "At the beginning of your turn, before your Discard and Draw Phase, gain 1
        Momentum."""
        player = tavern.player(owner)
        if player.out or player.side != tavern.player(active).side:
            return tavern
        return (yield from gain_tokens(tavern, owner, owner, MOMENTUM, 1))


register(Jett())
