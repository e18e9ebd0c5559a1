"""Beastsergeant Ygella (seed 000, "Beastsergeant Ygella"): her Pet Cards.

A Pet is a card of her deck with ``icons = ["pet"]`` (the subtype "Pet" and the paw). The
cards that "refer to Pet Cards" say so in the card language: a boost or a cost of
``{ pet = 1 }`` discards a Pet Card from her hand (:class:`~tales.tavern.rdi.icons.
DiscardsForIcons`, as Ozrik's Element Cards), and ``{ handler = "fetch a pet" }`` takes the
last Pet Card of her discard pile back into her hand.
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import register
from tales.tavern.rdi.icons import DiscardsForIcons
from tales.tavern.rdi.model import Step, Tavern

NAME = "ygella"
PET = "pet"
FETCH = "fetch a pet"


class Ygella(DiscardsForIcons):
    name = NAME
    symbols = frozenset({PET})
    noun = "Pet Card"
    handlers = frozenset({FETCH})

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        if step.handler != FETCH:
            return tavern
        player = tavern.player(name)
        index = next((i for i in range(len(player.discard) - 1, -1, -1)
                      if PET in player.discard[i].icons), None)
        if index is None:
            return tavern.note(f"{name} has no Pet Card to fetch")
        pet = player.discard[index]
        player = replace(player, discard=player.discard[:index] + player.discard[index + 1:],
                         hand=(*player.hand, pet))
        return tavern.with_player(player).note(f"{name} takes {pet.name} back")
        yield  # pragma: no cover


register(Ygella())
