"""Games played on local worker processes, the results in game order.

Each game is ``play(setup, number)``: a plain function of a picklable setup and the game's
number (its random generator is spawned from the number), so the results do not depend
on how many workers played them. Shared by the tavern's simulations.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

A = TypeVar("A")
R = TypeVar("R")


def _batch(args: tuple[Callable[[A, int], R], A, range]) -> list[R]:
    play, setup, numbers = args
    return [play(setup, n) for n in numbers]


def in_order(play: Callable[[A, int], R], setup: A, games: int, workers: int = 1) -> list[R]:
    """``play(setup, n)`` for every game number ``n`` below ``games``, in game order, on
    ``workers`` local processes (1: in this one). ``play`` must be a module-level
    function and ``setup`` picklable."""
    if workers <= 1 or games < 2:
        return [play(setup, n) for n in range(games)]
    size = max(1, games // (4 * workers))
    batches = [range(start, min(start + size, games)) for start in range(0, games, size)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return [r for batch in pool.map(_batch, [(play, setup, b) for b in batches])
                for r in batch]
