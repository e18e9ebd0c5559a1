"""Space names: column letters and row numbers (``A1``, ``C4``, ``AA12``).

Columns are lettered A..Z, then AA, AB, ... (bijective base 26); rows count from 1.
"""

from __future__ import annotations

import re

_NAME = re.compile(r"^([A-Z]+)([1-9][0-9]*)$")


def column_letters(column: int) -> str:
    """The letters of a 0-based column: 0 -> ``A``, 25 -> ``Z``, 26 -> ``AA``.

    >>> [column_letters(c) for c in (0, 25, 26, 27, 51, 52)]
    ['A', 'Z', 'AA', 'AB', 'AZ', 'BA']
    """
    if column < 0:
        raise ValueError(f"column {column} is negative")
    letters = ""
    n = column + 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def space_name(column: int, row: int) -> str:
    """Name of the space at 0-based ``column`` in 1-based ``row``.

    >>> space_name(2, 4)
    'C4'
    """
    return f"{column_letters(column)}{row}"


def parse_space_name(name: str) -> tuple[int, int] | None:
    """``(column, row)`` of a space name (0-based column, 1-based row), or None.

    Lower case is accepted: ``c4`` is ``C4``.

    >>> parse_space_name("C4"), parse_space_name("aa1"), parse_space_name("4C")
    ((2, 4), (26, 1), None)
    """
    match = _NAME.match(name.strip().upper())
    if match is None:
        return None
    column = 0
    for letter in match.group(1):
        column = column * 26 + (ord(letter) - ord("A") + 1)
    return column - 1, int(match.group(2))
