"""Kaylin the Renegade, with Wulfric (seed 000; the checklist's section C): Wulfric's mood.

The Wulfric Deck is the sub-deck ``pile = "wulfric"`` of her file; his mood is the top card
of its discard pile (``wulfric discard``), changed at the end of her turn. A mood's standing
effect is data of its card: ``icons = ["fortitude lost"]`` with ``values = [N]`` (each card's
Fortitude loss to her N less, the card as a whole), ``icons = ["drink alcohol"]`` with
``values = [N]`` (each Drink, with its Chasers, gives her N less Alcohol Content), and
``icons = ["stalwart"]`` (no card may Negate or Ignore a card she plays from her hand).
"""

from __future__ import annotations

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.model import Card, Stat, Tavern
from tales.tavern.rdi.zones import restock_pile, take_top

NAME = "kaylin"
WULFRIC = "wulfric"
DISCARDS = f"{WULFRIC} discard"
LOYAL, CLUMSY, STALWART = "fortitude lost", "drink alcohol", "stalwart"


def mood(tavern: Tavern) -> Card | None:
    """Wulfric's mood: the top card of his discard pile."""
    shown = tavern.pile(DISCARDS)
    return shown[-1] if shown else None


def _value(tavern: Tavern, icon: str) -> int:
    now = mood(tavern)
    if now is None or icon not in now.icons:
        return 0
    return now.values[0] if now.values else 1


def change_mood(tavern: Tavern) -> Resolution[Tavern]:
    """000: "Reveal and discard the top card of the Wulfric Deck." and "If the Wulfric Deck
    runs out of cards, leave Wulfric's current mood in place, then reshuffle the rest of the
    Wulfric discard pile and use that as the new Wulfric Deck."""
    if not tavern.pile(WULFRIC):
        tavern = yield from restock_pile(tavern, WULFRIC, "the Wulfric discards", keep=1)
    tavern, top = take_top(tavern, WULFRIC)
    if top is None:
        return tavern
    tavern = tavern.with_pile(DISCARDS, (*tavern.pile(DISCARDS), top))
    return tavern.note(f"Wulfric's mood: {top.name}")


class Kaylin(Mechanics):
    name = NAME

    def set_up(self, tavern: Tavern, name: str) -> Tavern:
        """000: "Reveal the top card of the Wulfric Deck and place it on the Wulfric Deck
        discard pile. This is Wulfric's mood."""
        if mood(tavern) is not None:
            return tavern
        tavern, top = take_top(tavern, WULFRIC)
        return tavern if top is None else tavern.with_pile(DISCARDS, (top,))

    def end_of_turn(self, tavern: Tavern, owner: str, ended: str) -> Resolution[Tavern]:
        """000: "At the end of Kaylin's turn, after her Drink Phase, Wulfric's mood
        changes."""
        player = tavern.player(owner)
        if player.out or player.side != tavern.player(ended).side:
            return tavern
        return (yield from change_mood(tavern))

    def reductions(self, tavern: Tavern, name: str) -> tuple[tuple[Stat, int], ...]:
        """A Fortitude-loss mood (Loyal): "it adjusts the card as a whole rather than the
        individual effects on the card."""
        less = _value(tavern, LOYAL)
        return ((Stat.FORTITUDE, less),) if less else ()

    def drink_alcohol(self, tavern: Tavern, name: str, alcohol: int) -> int:
        """A Drink mood (Clumsy): "applies to the Drink as a whole, since a Drink with
        Chasers counts as one Drink"."""
        return alcohol - _value(tavern, CLUMSY)

    def steadfast(self, tavern: Tavern, name: str, card: Card) -> bool:
        """000: "When Wulfric is feeling Stalwart and Kaylin plays a card from her hand,
        players may not play any card that would Negate or Ignore that card."""
        return _value(tavern, STALWART) > 0 and not card.virtual and not card.pile


register(Kaylin())
