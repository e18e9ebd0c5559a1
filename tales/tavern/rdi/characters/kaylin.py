"""Kaylin the Renegade, with Wulfric (seed 000; the checklist's section C): Wulfric's mood.

The Wulfric Deck is the sub-deck ``pile = "wulfric"`` of her file; his mood is the top card
of its discard pile (``wulfric discard``), changed at the end of her turn. A mood's standing
effect is data of its card: ``icons = ["fortitude lost"]`` with ``values = [N]`` (each card's
Fortitude loss to her N less, the card as a whole), ``icons = ["drink alcohol"]`` with
``values = [N]`` (each Drink, with its Chasers, gives her N less Alcohol Content), and
``icons = ["stalwart"]`` (no card may Negate or Ignore a card she plays from her hand),
``icons = ["bitey"]`` with ``values = [N]`` (a card of hers makes whom it hurts lose N more
Fortitude, the card as a whole: 000's Bitey example) and ``icons = ["playful"]`` with
``values = [N]`` (a player's card, or a Minion's, that makes her lose Fortitude makes her
lose N more, and that player, a Minion's controller, loses N from Wulfric: 002's Playful
note).
"""

from __future__ import annotations

from dataclasses import replace

from tales.rules.decisions import Resolution
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.model import Card, Stat, Step, Tavern, Verb, Who
from tales.tavern.rdi.stats import change
from tales.tavern.rdi.zones import restock_pile, take_top

NAME = "kaylin"
WULFRIC = "wulfric"
DISCARDS = f"{WULFRIC} discard"
LOYAL, CLUMSY, STALWART = "fortitude lost", "drink alcohol", "stalwart"
BITEY, PLAYFUL = "bitey", "playful"


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

    def amounts(self, tavern: Tavern, name: str, card: Card, steps: tuple[Step, ...]
                ) -> tuple[Step, ...]:
        """000: "Wulfric's mood is Bitey. Kaylin plays "Don't call me cute!", targeting
        Wrench's "Lightning Generator". The Lightning Generator loses 3 Fortitude instead of
        the usual 2." (the card as a whole: its first loss dealt to another is N more)"""
        more = _value(tavern, BITEY)
        hurts = next((n for n, s in enumerate(steps) if s.verb is Verb.FORTITUDE
                      and s.amount < 0 and s.who is not Who.YOU), None)
        if not more or hurts is None:
            return steps
        bitten = replace(steps[hurts], amount=steps[hurts].amount - more)
        return (*steps[:hurts], bitten, *steps[hurts + 1:])

    def after_loss(self, tavern: Tavern, owner: str, victim: str, source: str, amount: int
                   ) -> Tavern:
        """002: "If Wulfric (Kaylin's companion from RDI 3) is Playful and a Minion causes
        Fortitude loss to Kaylin, she loses an extra Fortitude, but Torglesnarf (not the
        Minion) also loses 1 Fortitude from Wulfric." (read as what Playful does to any
        player's card: a Minion's loss is its controller's card's)"""
        more = _value(tavern, PLAYFUL)
        if not more or tavern.mat(victim).name != tavern.mat(owner).name or not source \
                or source not in {p.name for p in tavern.players} \
                or tavern.player(source).side == tavern.player(owner).side \
                or tavern.player(source).out:
            return tavern
        tavern = change(tavern, victim, fortitude=-more, lines=(
            f"{victim} loses {more} more Fortitude: Wulfric is Playful",))
        return change(tavern, source, fortitude=-more, lines=(
            f"{source} loses {more} Fortitude to Wulfric",))

    def steadfast(self, tavern: Tavern, name: str, card: Card) -> bool:
        """000: "When Wulfric is feeling Stalwart and Kaylin plays a card from her hand,
        players may not play any card that would Negate or Ignore that card."""
        return _value(tavern, STALWART) > 0 and not card.virtual and not card.pile


register(Kaylin())
