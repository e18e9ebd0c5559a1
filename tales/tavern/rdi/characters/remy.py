"""First Mate Remy (seed 000, "First Mate Remy"): his marks.

A mark is the ``mark`` token: ``{ gain = 1, resource = "mark", who = "target" }`` marks a
player ("unless they already have one": at most one each), ``gain = -1`` unmarks them (the
mark goes back to Remy); a stronger effect against a marked player is a step with
``if = { resource = "mark", at_least = 1, whose = "target" }``. Remy holds players-minus-one
marks (:meth:`Remy.set_up`) and is never marked himself (:meth:`Remy.may_gain`). A Minion
that would be marked has its controller marked instead (the engine gives a Minion's tokens
to its controller).
"""

from __future__ import annotations

from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Tavern

NAME = "remy"
MARK = "mark"


class Remy(Mechanics):
    name = NAME
    resources = (Resource(MARK, limit=1, supply=0, owner=NAME, returns_on_leaving=True),)

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        """000: "take a number of his marks equal to the number of players in the game minus
        one" (with several Remys at the table, one such set)."""
        return tavern.with_supply(MARK, len(tavern.players) - 1)

    def may_gain(self, tavern: Tavern, name: str, resource: str) -> bool:
        """000: "Remy himself may never be marked."""
        return tavern.player(name).mechanics != NAME


register(Remy())
