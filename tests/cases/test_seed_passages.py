"""Every row of the rule-case tables quotes its glossary entry word for word."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest

from ._build import GLOSSARY, RULES

#: Every case table of this folder (``test_*_cases.py``), imported so its rows are collected.
TABLES = tuple(
    importlib.import_module(f"{__package__}.{module.name}")
    for module in pkgutil.iter_modules([str(Path(__file__).parent)])
    if module.name.startswith("test_") and module.name.endswith("_cases"))


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_every_quote_is_in_the_glossary() -> None:
    if not GLOSSARY.exists():
        pytest.skip(f"the seed {GLOSSARY} is not beside this checkout")
    glossary = _flat(GLOSSARY.read_text(encoding="utf-8"))
    missing = [str(rule) for rule in RULES if _flat(rule.quote) not in glossary]
    assert len(RULES) >= len(TABLES), "no rows were collected"
    assert not missing, "\n".join(missing)


def test_row_ids_are_unique() -> None:
    ids = [rule.id for rule in RULES]
    assert sorted({i for i in ids if ids.count(i) > 1}) == []


def test_every_entry_is_named_in_the_glossary() -> None:
    if not GLOSSARY.exists():
        pytest.skip(f"the seed {GLOSSARY} is not beside this checkout")
    lines = {line.strip() for line in GLOSSARY.read_text(encoding="utf-8").splitlines()}
    assert not sorted({rule.entry for rule in RULES} - lines)
