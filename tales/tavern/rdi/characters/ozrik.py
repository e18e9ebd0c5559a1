"""Ozrik the Adept (seed 000, "Ozrik the Adept"): Element Cards, discarded to power his
elemental abilities.

An Element Card is a card of his deck with element icons (``icons = ["earth"]``: earth,
fire, water). An elemental ability is a boost whose cost names elements,
``boosts = [{ cost = { earth = 1 }, steps = [...] }]``, or the generic symbol,
``{ element = 1 }`` (any Element Card); a cost of several symbols must be paid in full. Each
boost is offered once, as the card is played (before anyone responds), so each ability is
activated at most once, and the card being played is out of his hand by then: it never pays
its own abilities. Paying one symbol discards one Element Card of that element from his hand
(:meth:`Ozrik.pay_whole`: the named elements first, then the generic ones).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics, register
from tales.tavern.rdi.icons import covered, fitting
from tales.tavern.rdi.model import Card, Tavern
from tales.tavern.rdi.zones import discard_card

NAME = "ozrik"
ELEMENTS = ("earth", "fire", "water")
GENERIC = "element"  # the generic element symbol: any Element Card
SYMBOLS = frozenset({*ELEMENTS, GENERIC})


def pays(card: Card, symbol: str) -> bool:
    """Whether ``card`` (in Ozrik's hand) may be discarded for ``symbol``: an Element Card
    of that element, or any Element Card for the generic symbol."""
    elements = [i for i in card.icons if i in ELEMENTS]
    return bool(elements) and (symbol == GENERIC or symbol in elements)


def _symbols(cost: Sequence[tuple[str, int]]) -> list[str]:
    """The cost's symbols one by one, the named elements before the generic ones."""
    units = [r for r, n in cost for _ in range(n)]
    return sorted(units, key=lambda r: r == GENERIC)


class Ozrik(Mechanics):
    name = NAME

    def can_pay(self, tavern: Tavern, name: str, cost: tuple[tuple[str, int], ...]
                ) -> bool | None:
        """000: "you must pay **all** of the listed elements for that ability"."""
        if not any(r in SYMBOLS for r, _ in cost):
            return None
        return covered(tavern.player(name).hand, _symbols(cost), pays)

    def pay_whole(self, tavern: Tavern, name: str, cost: tuple[tuple[str, int], ...]
                  ) -> Resolution[tuple[Tavern, bool]]:
        """000: "you must declare which elemental abilities you are activating and discard
        the appropriate Element Cards immediately"."""
        if not any(r in SYMBOLS for r, _ in cost):
            return tavern, False
        symbols = _symbols(cost)
        while symbols:
            symbol, symbols = symbols[0], symbols[1:]
            hand = tavern.player(name).hand
            fits = fitting(hand, symbol, symbols, pays)
            if not fits:
                return tavern, True  # cannot happen: affordability was checked
            titles = tuple(sorted({hand[i].name for i in fits}))
            title = titles[0]
            if len(titles) > 1:
                title = yield Decision("element", f"{name}: discard which Element Card for "
                                       f"{symbol}?", titles, Decider.PLAYER, name,
                                       state=tavern)
            index = next(i for i in fits if hand[i].name == title)
            tavern = tavern.with_player(replace(tavern.player(name),
                                                hand=hand[:index] + hand[index + 1:]))
            tavern = discard_card(tavern, hand[index], name).note(
                f"{name} discards {title} for {symbol}")
        return tavern, True


register(Ozrik())
