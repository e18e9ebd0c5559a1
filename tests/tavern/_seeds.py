"""Rows of the tavern's rule-case tables: each quotes the seed passage it checks, word for
word (``test_quotes.py`` checks every quote is in its seed)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
FILES = {
    "000": "000_575b6a9fb5ec86dd.txt",  # The Red Dragon Inn Character Compendium
    "001": "001_b7c6e6860d142f67.txt",  # The Red Dragon Inn 10 rulebook
    "002": "002_4625cb6944bd93a1.txt",  # The Red Dragon Inn 6 rulebook
    "003": "003_c02e19fbcf90ee47.txt",  # the encounter card game
}


@dataclass(frozen=True)
class Quote:
    case: str
    seed: str
    text: str


QUOTES: list[Quote] = []


def row(case: str, seed: str, quote: str, *values: Any) -> Any:
    """A table row: its id, the seed (``"001"``) and sentence it checks, then values."""
    if seed not in FILES:
        raise ValueError(f"unknown seed {seed!r}")
    QUOTES.append(Quote(case, seed, quote))
    return pytest.param(quote, *values, id=case)


def flat(text: str) -> str:
    """Whitespace folded and typographic quotes made plain, for comparing quotes."""
    for fancy, plain in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"'),
                         ("**", ""), ("*", "")):
        text = text.replace(fancy, plain)
    return " ".join(text.split())
