"""Paying with cards by their icons: each card pays one symbol of a cost that it matches
(Ozrik's Element Cards pay elemental abilities, Roxana's Ingredients pay Recipes and the
Smorgasbord). A small search finds whether distinct cards can pay every symbol."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tales.tavern.rdi.model import Card

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
