"""Solo Mode's additional setup (Appendix B, "Additional Setup for Solo Mode" 1-2).

1. "Equip any allowed Support Items and one extra." (:func:`tales.rules.items.solo_allowance`)
2. "For Scenario 5 and later, equip an extra Hero Card (total of 5). For Scenario 17 and
   later, equip two extra Hero Cards (total of 6). Never equip two cards with the same
   title."
"""

from __future__ import annotations

#: Scenario number from which Solo Mode equips extra Hero cards, and how many.
EXTRA_CARDS_FROM = ((17, 2), (5, 1))


def solo_hero_cards(base: int | None, scenario: int) -> int | None:
    """The Hero cards a Solo Mode Hero equips in scenario number ``scenario``, given what
    every Hero equips there (``None``: all it has, which no extra changes)."""
    if base is None:
        return None
    extra = next((n for first, n in EXTRA_CARDS_FROM if scenario >= first), 0)
    return base + extra
