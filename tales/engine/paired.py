"""A paired difference: two settings played on the same seeds, game ``n`` of one against
game ``n`` of the other, so the luck of the draw mostly cancels out and the interval is
narrower than two separate win rates' (a sweep's rows against its first)."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959964


def paired_difference(these: Sequence[float], first: Sequence[float]
                      ) -> tuple[float, float, float]:
    """The mean of ``these[n] - first[n]`` over the games both played, with its 95%
    interval (normal, from the differences' own spread); (0, 0, 0) for no games."""
    diffs = [a - b for a, b in zip(these, first, strict=False)]
    n = len(diffs)
    if not n:
        return (0.0, 0.0, 0.0)
    mean = sum(diffs) / n
    if n < 2:
        return (mean, mean, mean)
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = Z95 * spread / math.sqrt(n)
    return (mean, mean - half, mean + half)
