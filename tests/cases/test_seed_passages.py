"""Every row of the rule-case tables quotes its glossary entry word for word."""

from __future__ import annotations

import pytest

from . import (
    test_ability_cases,
    test_attack_cases,
    test_effect_cases,
    test_forced_cases,
    test_health_cases,
    test_item_cases,
    test_leap_cases,
    test_move_cases,
    test_power_tree_cases,
    test_schemer_move_cases,
    test_schemer_target_cases,
)
from ._build import GLOSSARY, RULES

TABLES = (
    test_move_cases,
    test_leap_cases,
    test_forced_cases,
    test_schemer_move_cases,
    test_schemer_target_cases,
    test_attack_cases,
    test_health_cases,
    test_ability_cases,
    test_item_cases,
    test_power_tree_cases,
    test_effect_cases,
)


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
