"""Serena the Pious (seed 000, "Serena the Pious"): her Piety.

Piety is the ``piety`` token, 1 to 8, starting at 8 (:meth:`Serena.set_up`). A card moves it
with ``{ gain = 1, resource = "piety" }`` (or ``gain = -1``) as its last steps, so after all
its other effects; an effect that depends on her Piety has ``if = { resource = "piety",
at_least = 6 }`` or ``below = 3``, read as the card resolves. Piety never goes above 8; below
1 it stays at 1 and she atones, once for the whole loss, by tithing 1 Gold to the Inn or
losing 1 Fortitude that nothing may avoid (:meth:`Serena.under_floor`).
"""

from __future__ import annotations

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Tavern
from tales.tavern.rdi.stats import change, pay

NAME = "serena"
PIETY = "piety"
HIGHEST, LOWEST = 8, 1
TITHE, PENANCE = "tithe 1 Gold to the Inn", "lose 1 Fortitude"


class Serena(Mechanics):
    name = NAME
    resources = (Resource(PIETY, limit=HIGHEST, owner=NAME, floor=LOWEST),)

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        """000: "Take the Piety Marker and place it on 8 on the Piety Chart"."""
        return tavern.with_player(tavern.player(name).with_count(PIETY, HIGHEST))

    def may_gain(self, tavern: Tavern, name: str, resource: str) -> bool:
        return tavern.player(name).mechanics == NAME

    def under_floor(self, tavern: Tavern, name: str, resource: str) -> Resolution[Tavern]:
        """000: "it stays at 1, but you must atone for your sins by either tithing 1 Gold to
        the Inn or losing 1 Fortitude. If you choose to lose 1 Fortitude, you may not avoid
        that Fortitude loss in any way."""
        if resource != PIETY:
            return tavern
        options = (TITHE, PENANCE) if tavern.mat(name).gold else (PENANCE,)
        choice = yield Decision("atone", f"{name}: atone for your sins", options,
                                Decider.PLAYER, name, state=tavern)
        if choice == TITHE:
            return pay(tavern, name, 1, None).note(f"{name} tithes 1 Gold to the Inn")
        return change(tavern, name, fortitude=-1).note(f"{name} loses 1 Fortitude in penance")


register(Serena())
