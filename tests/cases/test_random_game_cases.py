"""Rule cases for what thousands of random games broke (issue 16, items 17 and 18): two
non-Tiny figures never share a space, and a Harm never moves a figure its Attack has
Defeated. Each row was worked out by hand from its passage."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tales.content.companions import load_companion
from tales.rules.attacks import schemer_attack
from tales.rules.companions import companion_turn
from tales.rules.schemer_attacks import AttackKind, AttackPlan, SchemerAttack
from tests.build import fig, positioned

from ._build import Rule, case
from ._combat import hero_, run
from ._heroes import equipped, summary

OTTO = load_companion(Path(__file__).resolve().parents[2] / "companions" / "otto-guard.toml")


def _otto_flips_back_beside_the_schemer() -> None:
    """Otto in Recovery Mode (Tiny, Avoided) shares D1 with a Schemer; his last Repair
    Token flips him back, no longer Tiny: he goes to the Nearest Unoccupied space, C1 or
    E1, his player's choice."""
    position = positioned(". . . . . .", hero_("h", "A1"),
                          fig("otto", "D1", "hero", role="companion", fortitude=6,
                              recovery=["Avoided", "Tiny"], recovering=True,
                              tokens={"repair": 1}),
                          fig("s", "D1", "schemer", fortitude=5))
    table = equipped(position, {})
    result, script = run(companion_turn(table, OTTO, "h"), (), [("recovery-space", 4)])
    got = summary(result, script)
    assert got["where"]["otto"] == "E1" and got["where"]["s"] == "D1"
    assert script.decision("recovery-space").options == (2, 4)


def _otto_flips_back_alone() -> None:
    """Nobody else on his space: he flips back where he is, nobody is asked."""
    position = positioned(". . . . . .", hero_("h", "A1"),
                          fig("otto", "D1", "hero", role="companion", fortitude=6,
                              recovery=["Avoided", "Tiny"], recovering=True,
                              tokens={"repair": 1}))
    result, script = run(companion_turn(equipped(position, {}), OTTO, "h"))
    assert summary(result, script)["where"]["otto"] == "D1" and script.kinds == []


def _no_push_for_the_defeated() -> None:
    """A Schemer's Attack with "Harm: Push 2" Defeats the Wounded Hero: nobody is asked
    for its path, and it is removed where it stood."""
    position = positioned(". . . . .", fig("h", "B1", "hero", fortitude=2, wounded=True),
                          fig("s", "A1", "schemer", fortitude=5))
    plan = AttackPlan(SchemerAttack(AttackKind.MELEE, 3, 1, None, "Push 2"), "s", ("h",),
                      "scripted")
    result, script = run(schemer_attack(equipped(position, {}), plan))
    assert result.defeated == ("h",) and "push-path" not in script.kinds


CHECKS = [
    case("otto-flips-back-to-the-nearest-unoccupied-space", "Otto flipping back on a shared "
         "space goes to the Nearest Unoccupied space (as Summons Zot)",
         "Appendix A Character Mechanics", "If impossible, place Zot on the Nearest "
         "Unoccupied space.", _otto_flips_back_beside_the_schemer),
    case("otto-flips-back-where-he-is", "Otto flipping back alone stays on his space",
         "Appendix B Solo Mode", "He adds Repair Tokens to flip back over to his fighting "
         "form.", _otto_flips_back_alone),
    case("no-harm-push-for-the-defeated", "a Harm Push does not move a target its Attack "
         "Defeated", "Appendix C – Attacks", "Remove Defeated figures from the map.",
         _no_push_for_the_defeated),
]


@pytest.mark.parametrize(("rule", "check"), CHECKS)
def test_random_game_rulings(rule: Rule, check: Callable[[], None]) -> None:
    check()
