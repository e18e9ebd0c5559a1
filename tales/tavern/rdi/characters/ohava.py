"""Ohava the Grand Cleric (seed 000; the checklist's section C): four Deity Cards, Korash,
Elaana, Farnir and Shalni, each a token she holds (0: in discord, as they start; 1:
harmonious).

A card with a Deity's icon ends with the step ``{ handler = "flip korash" }`` (``elaana``...):
its other steps resolve first; it is Ohava's own step, so it happens whoever Ignores the card
(a Negated card never resolves, so nothing flips). With three or more in harmony her hand
size is one more (:meth:`Ohava.hand_size`); with all four, every number on her Character
Cards is one more as they resolve (:meth:`Ohava.amounts`).
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import Mechanics, Resource, register
from tales.tavern.rdi.model import Card, Step, Tavern

NAME = "ohava"
DEITIES = ("korash", "elaana", "farnir", "shalni")
FLIP = {f"flip {deity}": deity for deity in DEITIES}
HANDLERS = frozenset(FLIP)


def harmonious(tavern: Tavern, name: str) -> int:
    """How many of ``name``'s Deities are in harmony."""
    return sum(tavern.player(name).count(d) for d in DEITIES)


class Ohava(Mechanics):
    name = NAME
    handlers = HANDLERS
    resources = tuple(Resource(deity, limit=1, owner=NAME) for deity in DEITIES)

    def handle(self, tavern: Tavern, name: str, step: Step, target: str | None
               ) -> Resolution[Tavern]:
        """000: "if the Deity Card is in discord, it will become harmonious, and if it is
        harmonious, it will go to discord. Flipping a Deity Card in this way is mandatory."""
        deity = FLIP.get(step.handler)
        if deity is None:
            return tavern
        player = tavern.player(name)
        now = 1 - player.count(deity)
        tavern = tavern.with_player(player.with_count(deity, now))
        return tavern.note(f"{name} flips {deity.title()}: "
                           f"{'harmonious' if now else 'in discord'}")
        yield  # pragma: no cover

    def hand_size(self, tavern: Tavern, name: str, size: int) -> int:
        """000: "Whenever three or more Deities are in harmony, Ohava's hand size is
        increased by one."""
        return size + 1 if harmonious(tavern, name) >= 3 else size

    def amounts(self, tavern: Tavern, name: str, card: Card, steps: tuple[Step, ...]
                ) -> tuple[Step, ...]:
        """000: "Whenever all four Deities are in harmony, all numeric effects on Ohava's
        Character Cards are increased by one": each number, away from zero."""
        if harmonious(tavern, name) < len(DEITIES) or card.pile or card.virtual or \
                card.owner not in ("", name):
            return steps
        return tuple(replace(s, amount=s.amount + (1 if s.amount > 0 else -1))
                     if s.amount else s for s in steps)


register(Ohava())
