"""Every row of the tavern's case tables quotes its seed word for word."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest

from ._seeds import FILES, QUOTES, SEEDS, flat

#: Every case table of this folder (``test_*_cases.py``), imported so its rows are collected.
TABLES = tuple(
    importlib.import_module(f"{__package__}.{module.name}")
    for module in pkgutil.iter_modules([str(Path(__file__).parent)])
    if module.name.startswith("test_") and module.name.endswith("_cases"))


def test_every_quote_is_in_its_seed() -> None:
    if not SEEDS.exists():
        pytest.skip(f"the seeds {SEEDS} are not beside this checkout")
    texts = {seed: flat((SEEDS / name).read_text(encoding="utf-8"))
             for seed, name in FILES.items()}
    missing = [f"{q.case} ({q.seed}): {q.text}" for q in QUOTES
               if flat(q.text) not in texts[q.seed]]
    assert not missing, "\n".join(missing)


def test_case_ids_are_unique() -> None:
    ids = [q.case for q in QUOTES]
    assert sorted({i for i in ids if ids.count(i) > 1}) == []
