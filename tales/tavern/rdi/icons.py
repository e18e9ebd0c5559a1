"""Paying with cards by their icons: each card pays one symbol of a cost that it matches
(Ozrik's Element Cards pay elemental abilities, Roxana's Ingredients pay Recipes and the
Smorgasbord). A small search finds whether distinct cards can pay every symbol."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tales.evolve import evolve
from tales.rules.decisions import Decider, Decision, Resolution
from tales.tavern.rdi.characters import Mechanics
from tales.tavern.rdi.model import Card, Tavern
from tales.tavern.rdi.zones import discard_card

#: Whether a card pays a symbol.
Pays = Callable[[Card, str], bool]


def covered(cards: Sequence[Card], symbols: Sequence[str], pays: Pays) -> bool:
    """Whether distinct ``cards`` pay every one of ``symbols``."""
    if not symbols:
        return True
    first, rest = symbols[0], symbols[1:]
    return any(pays(card, first) and covered([*cards[:i], *cards[i + 1:]], rest, pays)
               for i, card in enumerate(cards))


def fitting(cards: Sequence[Card], symbol: str, rest: Sequence[str], pays: Pays) -> list[int]:
    """The places of ``cards`` that may pay ``symbol`` and leave the others able to pay
    ``rest``."""
    return [i for i, card in enumerate(cards)
            if pays(card, symbol) and covered([*cards[:i], *cards[i + 1:]], rest, pays)]


class DiscardsForIcons(Mechanics):
    """A character whose costs name icons, each paid by discarding a card of their hand
    that bears it (Ozrik's elements, Ygella's Pets): ``symbols`` the cost names it pays this
    way, :meth:`pays` which card pays which symbol, :meth:`order` which symbols are paid
    first (the most particular ones)."""

    symbols: frozenset[str] = frozenset()
    noun = "card"

    def pays(self, card: Card, symbol: str) -> bool:
        return symbol in card.icons

    def order(self, symbol: str) -> int:
        return 0

    def units(self, cost: Sequence[tuple[str, int]]) -> list[str]:
        return sorted((r for r, n in cost for _ in range(n)), key=self.order)

    def can_pay(self, tavern: Tavern, name: str, cost: tuple[tuple[str, int], ...]
                ) -> bool | None:
        """All of the cost, with distinct cards of the hand."""
        if not any(r in self.symbols for r, _ in cost):
            return None
        return covered(tavern.player(name).hand, self.units(cost), self.pays)

    def pay_whole(self, tavern: Tavern, name: str, cost: tuple[tuple[str, int], ...]
                  ) -> Resolution[tuple[Tavern, bool]]:
        """Discard a fitting card for each symbol, the player choosing among titles."""
        if not any(r in self.symbols for r, _ in cost):
            return tavern, False
        symbols = self.units(cost)
        while symbols:
            symbol, symbols = symbols[0], symbols[1:]
            hand = tavern.player(name).hand
            fits = fitting(hand, symbol, symbols, self.pays)
            if not fits:
                return tavern, True  # cannot happen: affordability was checked
            titles = tuple(sorted({hand[i].name for i in fits}))
            title = titles[0]
            if len(titles) > 1:
                title = yield Decision("icon-cost", f"{name}: discard which {self.noun} for "
                                       f"{symbol}?", titles, Decider.PLAYER, name,
                                       state=tavern)
            index = next(i for i in fits if hand[i].name == title)
            tavern = tavern.with_player(evolve(tavern.player(name),
                                                hand=hand[:index] + hand[index + 1:]))
            tavern = discard_card(tavern, hand[index], name).note(
                f"{name} discards {title} for {symbol}")
        return tavern, True
