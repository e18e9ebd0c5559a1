"""Mutating trees of plain values for the fuzz tests (tests/test_save_fuzz.py,
tests/test_content_fuzz.py): one to three changes at random places of a save's msgpack
values or a content file's TOML, drawn from a seeded generator."""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np


def places(value: Any, where: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a tree of dicts and lists, as the keys and indexes leading to it."""
    yield where
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from places(inner, (*where, key))
    elif isinstance(value, list):
        for n, inner in enumerate(value):
            yield from places(inner, (*where, n))


def mutate(data: dict[str, Any], rng: np.random.Generator, odd: Sequence[Any]) -> dict[str, Any]:
    """``data`` with one to three changes at random places: a value replaced by one of
    ``odd`` or by a value from elsewhere in it, a key removed, misspelled or added, a list
    grown or emptied, a number nudged (past its range, often)."""
    value = copy.deepcopy(data)

    def pick() -> Any:
        return copy.deepcopy(odd[int(rng.integers(len(odd)))])

    for _ in range(int(rng.integers(1, 4))):
        found = list(places(value))[1:]
        if not found:
            break
        where = found[int(rng.integers(len(found)))]
        parent: Any = value
        for step in where[:-1]:
            parent = parent[step]
        key = where[-1]
        how = int(rng.integers(8))
        if how <= 2:
            parent[key] = pick()
        elif how == 3:  # a value from elsewhere
            taken: Any = value
            for step in found[int(rng.integers(len(found)))]:
                taken = taken[step]
            parent[key] = copy.deepcopy(taken)
        elif how == 4 and isinstance(parent, dict):
            del parent[key]
        elif how == 4:
            parent.pop(key)
        elif how == 5 and isinstance(parent, dict):  # misspelled
            parent[f"{key}s" if rng.integers(2) else str(key)[:-1]] = parent.pop(key)
        elif how == 5:
            parent.append(copy.deepcopy(parent[key]))
        elif how == 6 and isinstance(parent, dict):
            parent[str(pick())[:20]] = 1
        elif how == 6:
            parent.clear()
        else:
            old = parent[key]
            if isinstance(old, int) and not isinstance(old, bool):
                parent[key] = old + int(rng.choice([-3, -1, 1, 2, 50, 2**32, 2**62]))
            elif isinstance(old, float):
                parent[key] = old * float(rng.choice([-1.0, 1e18, 0.0]))
            else:
                parent[key] = pick()
    return value
