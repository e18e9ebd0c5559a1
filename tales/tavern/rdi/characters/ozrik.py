"""Ozrik the Adept (seed 000, "Ozrik the Adept"): Element Cards, discarded to power his
elemental abilities.

An Element Card is a card of his deck with element icons (``icons = ["earth"]``: earth,
fire, water). An elemental ability is a boost whose cost names elements,
``boosts = [{ cost = { earth = 1 }, steps = [...] }]``, or the generic symbol,
``{ element = 1 }`` (any Element Card); a cost of several symbols must be paid in full. Each
boost is offered once, as the card is played (before anyone responds), so each ability is
activated at most once, and the card being played is out of his hand by then: it never pays
its own abilities. Paying one symbol discards one Element Card of that element from his hand
(:class:`~tales.tavern.rdi.icons.DiscardsForIcons`: the named elements first, then the
generic ones).
"""

from __future__ import annotations

from tales.tavern.rdi.characters import register
from tales.tavern.rdi.icons import DiscardsForIcons
from tales.tavern.rdi.model import Card

NAME = "ozrik"
ELEMENTS = ("earth", "fire", "water")
GENERIC = "element"  # the generic element symbol: any Element Card
SYMBOLS = frozenset({*ELEMENTS, GENERIC})


class Ozrik(DiscardsForIcons):
    """000: "you must pay **all** of the listed elements for that ability"; "you must
    declare which elemental abilities you are activating and discard the appropriate Element
    Cards immediately"."""

    name = NAME
    symbols = SYMBOLS
    noun = "Element Card"

    def pays(self, card: Card, symbol: str) -> bool:
        """An Element Card of that element, or any Element Card for the generic symbol."""
        elements = [i for i in card.icons if i in ELEMENTS]
        return bool(elements) and (symbol == GENERIC or symbol in elements)

    def order(self, symbol: str) -> int:
        """The named elements before the generic ones."""
        return int(symbol == GENERIC)


register(Ozrik())
