"""Issue 38: the log's colours keep their owner's after the figure is removed, and a line
that goes on the one before it (an Attack's damage) takes that line's colour; an Attack
that rolls no dice says so instead of an empty list of dice."""

from __future__ import annotations

import pytest

from tales.present.log import line_sides, sides
from tales.present.turns import dice_text
from tales.rules.damage import DamageRoll

WHO = sides((), groups=("cellar-rats", "bouncers", "Cellar rats (sample)"),
            heroes=("gerki", "pooky"))


@pytest.mark.parametrize(("lines", "expected"), [
    (["cellar-rats-3 loses 3 Fortitude and is Defeated"], ["schemer"]),
    (["bouncers-12: moves to D1 along F2 F1 E1 D1"], ["schemer"]),
    (["gerki attacks cellar-rats-1", "damage 2", "cellar-rats-1 loses 2 Fortitude"],
     ["hero", "hero", "schemer"]),
    (["pooky attacks bouncers-1", "Doom: pooky takes 1 damage", "damage 1"],
     ["hero", "hero", "hero"]),
    (["Round 2: Combat Phase", "damage 1"], ["", ""]),
    (["cellar-ratsy-1 moves"], [""]),  # not a group's figure
    (["Cellar rats (sample)'s turn: Swarm the weak"], ["schemer"]),  # a group by its name
    (["Cellar rats: nothing"], [""]),  # not its name
])
def test_line_sides(lines: list[str], expected: list[str]) -> None:
    assert line_sides(lines, WHO) == expected


def test_an_attack_with_no_dice_says_so() -> None:
    roll = DamageRoll(dice=(), removed=None, doom=False, self_damage=0, inspire=0,
                      inspired=False, fixed=1, boost=0, weaken=0)
    assert dice_text(roll) == "no dice rolled (+1 fixed)"
