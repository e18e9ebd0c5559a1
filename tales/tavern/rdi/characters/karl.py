"""Karl Bookhammer (seed 001, "Character Rules"; the checklist's C-2): Buff Tokens.

Four Buff Tokens: one starts on Karl's mat, three beside it. Cards give them
(``{ gain = 1, resource = "buff", who = ... }``); a player holds at most one; with none left
in the supply, Karl moves one from another player (:func:`~tales.tavern.rdi.stats.
gain_tokens` asks Karl, the owner, from whom). Any holder may discard theirs as they play
an Action or Sometimes card for +1 Fortitude loss to each target
(:func:`~tales.tavern.rdi.effects.declare_costs`, ``FORTITUDE_BOOST``).

"Anyone interested in some special editions?" is a handler: each other team's Champion
(``who = "each"``) may draw a card and pay Karl 1 Gold; for each who does not, Karl draws a
card.
"""

from __future__ import annotations

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Step, Tavern
from tales.tavern.rdi.stats import gold, move_tokens, pay
from tales.tavern.rdi.zones import draw

NAME = "karl"
BUFF = "buff"
SPECIAL_EDITIONS = "special editions"
HANDLERS = frozenset({SPECIAL_EDITIONS})


class Karl(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = (Resource(BUFF, limit=1, supply=4, owner=NAME),)

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        """001: "Place 1 Buff Token onto your player mat, and leave the other 3 nearby."""
        player = tavern.player(name)
        if player.count(BUFF) or tavern.left(BUFF) <= 0:
            return tavern
        return move_tokens(tavern, player, BUFF, 1)

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler != SPECIAL_EDITIONS or target is None or target == name:
            return tavern
        options = ("no", "yes") if gold(tavern, target) > 0 else ("no",)
        choice = yield Decision("special-editions", f"{target}: draw a card and pay {name} "
                                "1 Gold for it?", options, Decider.PLAYER, target,
                                state=tavern)
        if choice == "yes":
            tavern = yield from draw(tavern, target, 1)
            return pay(tavern, target, 1, name).note(
                f"{target} buys a special edition: pays {name} 1 Gold")
        tavern = yield from draw(tavern, name, 1)
        return tavern.note(f"{target} declines: {name} draws a card")

    def ignored(self, tavern: Tavern, name: str, step: Step, target: str) -> Resolution[Tavern]:
        """001: "If a player Ignores this card, Karl still gets to draw a card for that
        player not paying."""
        if step.handler != SPECIAL_EDITIONS:
            return tavern
        tavern = yield from draw(tavern, name, 1)
        return tavern.note(f"{target} Ignores it: {name} draws a card")


register(Karl())
