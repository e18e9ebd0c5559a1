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
    prompt = f"shuffle {what}"
    while left:
        n = len(left)
        if n <= SPAN:  # one Decision, the same (immutable) one for the same pile and size
            index = yield _asked(prompt, n)
        else:  # the last card takes the drawn card's place
            index = yield from _index(n, prompt)
            left[index], left[-1] = left[-1], left[index]
            index = n - 1
        order.append(left.pop(index))
    return tuple(order)


@lru_cache(maxsize=4096)
def _asked(prompt: str, n: int) -> Decision[int]:
    """The shuffle Decision of ``n`` cards left, each as likely: made once per prompt and
    size (a Decision is immutable, so a shuffle of a pile of the same name and size asks the
    very same one again, instead of building one a card)."""
    options, chances = _even(n)
    return Decision("shuffle", prompt, options, Decider.CHANCE, None, chances)


def _index(n: int, prompt: str) -> Resolution[int]:
    """An index below ``n``, each as likely: one Decision of at most :data:`SPAN` options
    for the block it lies in (blocks weighted by their size), then the index in it."""
    if n <= SPAN:
        index: int = yield _asked(prompt, n)
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
