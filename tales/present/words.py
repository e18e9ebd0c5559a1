"""Small word helpers for what a player reads. No printing."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``1 part``, ``2 parts``, ``0 abilities`` (``plural`` when it is not NOUN + s)."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
