"""Shuffles and random picks as chance Decisions, so a card game replays from its answers
(shared by the tavern's games)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TypeVar

from tales.rules.decisions import Decider, Decision, Resolution

T = TypeVar("T")


#: The most options a shuffle Decision offers. A bigger pile's card is picked in steps
#: (which block of cards, then which card in it), and taken out by moving the last card into
#: its place, so shuffling n cards costs time linear in n (a Decision over every card left
#: made a 30,000-card Drink Deck take most of a minute to shuffle).
SPAN = 256


def shuffle(cards: Sequence[T], what: str) -> Resolution[tuple[T, ...]]:
    """A shuffle as chance Decisions: the cards drawn one by one from the unshuffled pile
    (the result's last card is the top). Each option is an index into what is left (in
    steps, for more than :data:`SPAN` cards); from :data:`SPAN` cards or fewer, answering
    the first option every time keeps the order."""
    left = list(cards)
    order: list[T] = []
    while left:
        index = yield from _index(len(left), f"shuffle {what}")
        if len(left) > SPAN:  # the last card takes the drawn card's place
            left[index], left[-1] = left[-1], left[index]
            index = len(left) - 1
        order.append(left.pop(index))
    return tuple(order)


def _index(n: int, prompt: str) -> Resolution[int]:
    """An index below ``n``, each as likely: one Decision of at most :data:`SPAN` options
    for the block it lies in (blocks weighted by their size), then the index in it."""
    if n <= SPAN:
        options, chances = _even(n)
        index: int = yield Decision("shuffle", prompt, options, Decider.CHANCE, None, chances)
        return index
    size = SPAN
    while size * SPAN < n:
        size *= SPAN
    blocks = -(-n // size)
    block: int = yield Decision("shuffle", f"{prompt} (which {size} cards)", tuple(range(blocks)),
                           Decider.CHANCE, None,
                           tuple(min(size, n - b * size) / n for b in range(blocks)))
    inside = yield from _index(min(size, n - block * size), prompt)
    return block * size + inside


def pick(options: Sequence[T], what: str) -> Resolution[T]:
    """One of ``options`` at random (a chance Decision over their indices)."""
    indices, chances = _even(len(options))
    index = yield Decision("random", f"pick {what} at random", indices, Decider.CHANCE, None,
                           chances)
    return options[index]


@lru_cache(maxsize=SPAN + 1)
def _even(n: int) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The indices below ``n`` and their chances, each as likely (made once per ``n``: a
    shuffle asks for them once a card)."""
    return tuple(range(n)), tuple(1 / n for _ in range(n))
