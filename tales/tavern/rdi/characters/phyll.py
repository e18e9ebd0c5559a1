"""Phyll Startusk (seed 000, "Phyll Startusk"): Mix-ins and the Mix-in Shelf.

A Mix-in is a card of his deck with ``icons = ["mix-in"]``: a Sometimes card played on any
Drink about to be drunk, its own or another's, as a change of that Drink (``{ spike = N }``,
which may be 0; ``{ gain = N, resource = ..., who = "target" }`` and ``{ pay = N, who =
"target" }`` happen to its drinker as they drink it: the drinker pays Phyll). A Drink takes
at most one Mix-in: it counts as having one as soon as one is played on it, Negated or not,
and both halves of a split Drink keep it (:data:`~tales.tavern.rdi.timing.MIX_IN`).

As soon as he draws a Mix-in it goes onto his Mix-in Shelf (:meth:`Phyll.after_draw`): the
cards he keeps, played as though in his hand but not part of it (not counted toward his hand
size, never discarded from his hand).
"""

from __future__ import annotations

from dataclasses import replace

from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.model import Tavern
from tales.tavern.rdi.timing import MIX_IN

NAME = "phyll"


class Phyll(Mechanics):
    name = NAME

    def after_draw(self, tavern: Tavern, name: str) -> Tavern:
        """000: "As soon as you draw a Mix-in Card, you must immediately put it on the Mix-in
        Shelf. You do not draw a replacement when you do this"."""
        player = tavern.player(name)
        shelved = tuple(c for c in player.hand if MIX_IN in c.icons and not c.pile)
        if not shelved:
            return tavern
        player = replace(player, hand=tuple(c for c in player.hand if c not in shelved),
                         kept=(*player.kept, *shelved))
        return tavern.with_player(player).note(
            f"{name} puts {len(shelved)} Mix-in{'s' if len(shelved) > 1 else ''} on his Shelf")


register(Phyll())
