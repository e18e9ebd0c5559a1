"""Shuffles and random picks as chance Decisions, so a card game replays from its answers
(shared by the tavern's games)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from tales.rules.decisions import Decider, Decision, Resolution

T = TypeVar("T")


def shuffle(cards: Sequence[T], what: str) -> Resolution[tuple[T, ...]]:
    """A shuffle as chance Decisions: the cards drawn one by one from the unshuffled pile
    (the result's last card is the top). Each option is an index into what is left."""
    left = list(cards)
    order: list[T] = []
    while left:
        n = len(left)
        index = yield Decision("shuffle", f"shuffle {what}", tuple(range(n)), Decider.CHANCE,
                               None, tuple(1 / n for _ in range(n)))
        order.append(left.pop(index))
    return tuple(order)


def pick(options: Sequence[T], what: str) -> Resolution[T]:
    """One of ``options`` at random (a chance Decision over their indices)."""
    n = len(options)
    index = yield Decision("random", f"pick {what} at random", tuple(range(n)),
                           Decider.CHANCE, None, tuple(1 / n for _ in range(n)))
    return options[index]
