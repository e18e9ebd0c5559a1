"""Games played on local worker processes, the results in game order.

Each game is ``play(setup, number)``: a plain function of a picklable setup and the game's
number (its random generator is spawned from the number), so the results do not depend
on how many workers played them. Shared by the tavern's simulations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

A = TypeVar("A")
R = TypeVar("R")


def _batch(args: tuple[Callable[[A, int], R], A, range]) -> list[R]:
    play, setup, numbers = args
    return [play(setup, n) for n in numbers]


Progress = Callable[[int, int], None]
_PROGRESS: ContextVar[Progress | None] = ContextVar("progress", default=None)


@contextmanager
def reporting(progress: Progress | None) -> Iterator[None]:
    """Within this block, :func:`in_order` calls ``progress(done, total)`` as games finish
    (the CLI's progress line), whichever simulation called it."""
    token = _PROGRESS.set(progress)
    try:
        yield
    finally:
        _PROGRESS.reset(token)


def in_order(play: Callable[[A, int], R], setup: A, games: int, workers: int = 1) -> list[R]:
    """``play(setup, n)`` for every game number ``n`` below ``games``, in game order, on
    ``workers`` local processes (1: in this one). ``play`` must be a module-level
    function and ``setup`` picklable."""
    progress = _PROGRESS.get()
    results: list[R] = []
    if workers <= 1 or games < 2:
        for n in range(games):
            results.append(play(setup, n))
            if progress:
                progress(n + 1, games)
        return results
    size = max(1, games // (4 * workers))
    batches = [range(start, min(start + size, games)) for start in range(0, games, size)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for batch in pool.map(_batch, [(play, setup, b) for b in batches]):
            results.extend(batch)
            if progress:
                progress(len(results), games)
    return results
