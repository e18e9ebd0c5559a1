"""Rule cases for Leap X: what it ignores, what stops it, and which spaces do anything.

The leaping figure is always ``m``. ``HEX_2x3`` is drawn and its neighbours listed in
``test_move_cases``. Every expected value was worked out by hand from the row's passage.
"""

from __future__ import annotations

from typing import Any

import pytest

from tales.board.position import Position
from tales.rules.decisions import Decider, Resolution, all_outcomes
from tales.rules.movement import MoveResult, move, reach

from ._build import Rule, build, case, first_decision, hero, named, schemer

CORRIDOR = ". . . . ."
HEX_2x3 = """
    . . .
     . . .
"""
BRAZIER = {"^": {"kind": "hazard", "name": "Brazier", "damage": 2}}
ASKED = ("leap-trigger", Decider.PLAYER, (False, True))

# --- where a Leap can end ----------------------------------------------------------------

REACH = [
    case("leap-ignores-difficult", "every space costs 1 in a Leap, Difficult or not",
         "Difficult", "Does not affect Leap or Forced Movement effects.",
         build(". ~ ~ . .", hero("m", "A1")), 3,
         {"A1": 0, "B1": 1, "C1": 2, "D1": 3}),
    case("leap-over-figures", "a Leap passes a Foe's space but cannot end on it",
         "Leap X", "Other Figures: The figure ignores other figures during the Leap ; "
         "movement.",
         build(CORRIDOR, hero("m", "A1"), schemer("foe", "B1")), 3,
         {"A1": 0, "C1": 2, "D1": 3}),
    case("leap-ends-unoccupied", "a Leap may end with a Tiny figure, never with a non-Tiny "
         "one", "Leap X", "Ending Movement: The leaping figure must end its movement on an "
         "Unoccupied space as normal.",
         build(CORRIDOR, hero("m", "A1"), schemer("rat", "B1", "Tiny"), schemer("foe", "C1")),
         3,
         {"A1": 0, "B1": 1, "D1": 3}),
    case("leap-goes-round-wall", "with a Wall A1|B1 a Leap reaches B1 in 2 steps by A2",
         "Leap X", "Walls: The figure may not Leap ; through Walls.",
         build(HEX_2x3, hero("m", "A1"), walls=["A1|B1"]), 2,
         {"A1": 0, "A2": 1, "B1": 2, "B2": 2}),
    case("leap-stopped-by-impassable", "no Leap over an Impassable space",
         "Leap X", "Impassable Spaces: The figure may not Leap ; through Impassable spaces.",
         build(". # . .", hero("m", "A1")), 3,
         {"A1": 0}),
    case("leap-stopped-by-closed-door", "no Leap through a closed door",
         "Leap X", "Closed Doors: The figure may not Leap ; through closed doors.",
         build(". D . .", hero("m", "A1")), 3,
         {"A1": 0}),
    case("leap-stopped-by-map-edge", "no Leap across a gap in the map",
         "Leap X", "Map Edges: The figure may not Leap ; through the Map Edges.",
         build(". . _ . .", hero("m", "A1")), 4,
         {"A1": 0, "B1": 1}),
    case("leap-immobile", "an Immobile figure does not Leap either",
         "Immobile", "Remains in place despite movement effects.",
         build(CORRIDOR, hero("m", "A1", "Immobile")), 3,
         {"A1": 0}),
    case("overrun-leap-ends-unoccupied", "Overrun does not let a Leap end on a Hero's space",
         "Leap X", "Ending Movement: The leaping figure must end its movement on an "
         "Unoccupied space as normal.",
         build(CORRIDOR, schemer("m", "A1", "Overrun"), hero("h", "B1")), 3,
         {"A1": 0, "C1": 2, "D1": 3}),
]


@pytest.mark.parametrize(("rule", "position", "points", "expected"), REACH)
def test_leap_reach(
    rule: Rule, position: Position, points: int, expected: dict[str, int]
) -> None:
    assert named(position, reach(position, "m", points, leap=True).costs) == expected, rule


# --- which spaces do something ---------------------------------------------------------

Outcome = tuple[tuple[bool, ...], int, dict[str, int], dict[str, int]]

LEAPS = [
    case("schemer-passes-trap", "a Trap leapt over does nothing and stays",
         "Trap", "Leaping ; figures only trigger a Trap if they end their movement on it or "
         "choose to trigger it as they Leap ; over it.",
         build(". T . .", schemer("m", "A1")), "D1", 3, None,
         [((), 0, {"B1": 1}, {})]),
    case("schemer-lands-on-trap", "the space a Leap ends on triggers its Trap",
         "Leap X", "Landing Effects: If the space where a figure ends its Leap ; causes "
         "something to happen (e.g., taking damage from a Trap), that effect resolves as "
         "normal.",
         build(". T . .", schemer("m", "A1")), "B1", 3, None,
         [((), 1, {}, {})]),
    case("schemer-passes-hazard", "a Hazard leapt over does nothing",
         "Leap X", "Normal Leap ;: If a space that a figure moves through during a Leap ; "
         "would cause something to happen, it does not happen.",
         build(". ^ . .", schemer("m", "A1"), features=BRAZIER), "D1", 3, None,
         [((), 0, {}, {})]),
    case("schemer-passes-wizard-fire", "Wizard Fire leapt over does not burn and stays",
         "Wizard Fire", "If one of Zot’s Foes shares a space with a Wizard Fire token and "
         "isn’t in the midst of a Leap ;, it takes damage, and the Wizard Fire token is then "
         "removed from the map.",
         build(". . . .", schemer("m", "A1"), wizard_fire={"B1": 1}), "D1", 3, None,
         [((), 0, {}, {"B1": 1})]),
    case("schemer-lands-on-wizard-fire", "ending a Leap on Wizard Fire burns and removes it",
         "Wizard Fire", "If one of Zot’s Foes shares a space with a Wizard Fire token and "
         "isn’t in the midst of a Leap ;, it takes damage, and the Wizard Fire token is then "
         "removed from the map.",
         build(". . . .", schemer("m", "A1"), wizard_fire={"B1": 2}), "B1", 3, None,
         [((), 2, {}, {})]),
    case("hero-asked-for-passed-trap", "a Hero leaping over a Trap chooses whether it "
         "triggers", "Leap X", "Hero Movement Exception: If a Hero moves through a space "
         "during a Leap ; that would cause something to happen, the player may choose whether "
         "or not that effect happens (usually, they will choose to avoid the effect).",
         build(". T . .", hero("m", "A1")), "D1", 3, ASKED,
         [((False,), 0, {"B1": 1}, {}), ((True,), 1, {}, {})]),
    case("hero-asked-for-each-space", "one question per Dangerous space passed: Trap B1 (1) "
         "and Hazard C1 (2)", "Leap X", "Hero Movement Exception: If a Hero moves through a "
         "space during a Leap ; that would cause something to happen, the player may choose "
         "whether or not that effect happens (usually, they will choose to avoid the effect).",
         build(". T ^ .", hero("m", "A1"), features=BRAZIER), "D1", 3, ASKED,
         [((False, False), 0, {"B1": 1}, {}), ((False, True), 2, {"B1": 1}, {}),
          ((True, False), 1, {}, {}), ((True, True), 3, {}, {})]),
    case("hero-lands-on-trap-not-asked", "the landing space triggers without a question",
         "Leap X", "Landing Effects: If the space where a figure ends its Leap ; causes "
         "something to happen (e.g., taking damage from a Trap), that effect resolves as "
         "normal.",
         build(". T . .", hero("m", "A1")), "B1", 3, None,
         [((), 1, {}, {})]),
    case("hero-not-asked-for-wizard-fire", "Wizard Fire does nothing to a Hero: no question",
         "Wizard Fire", "They do not impact Zot’s Friends, who can move through these spaces "
         "without consequence.",
         build(". . . .", hero("m", "A1"), wizard_fire={"B1": 1}), "D1", 3, None,
         [((), 0, {}, {"B1": 1})]),
    case("immune-hero-not-asked", "a Trap is Safe for a Hero Immune to Traps: no question",
         "Immune to [Map Feature]", "Moves through or occupies those spaces as if they were "
         "Safe.",
         build(". T . .", hero("m", "A1", "Immune to Traps")), "D1", 3, None,
         [((), 0, {"B1": 1}, {})]),
]


@pytest.mark.parametrize(("rule", "position", "to", "points", "asked", "expected"), LEAPS)
def test_leap_spaces(
    rule: Rule, position: Position, to: str, points: int,
    asked: tuple[str, Decider, tuple[Any, ...]] | None, expected: list[Outcome],
) -> None:
    target = position.board.space(to)

    def start() -> Resolution[MoveResult]:
        return move(position, "m", target, points, leap=True)

    decision = first_decision(start())
    got_asked = None if decision is None else (decision.kind, decision.decider,
                                               decision.options)
    assert got_asked == asked, rule
    got = []
    for answers, result in all_outcomes(start):
        after = result.position
        assert after.figure("m").at == target, rule
        got.append((answers, after.figure("m").damage, named(after, after.traps),
                    named(after, after.wizard_fire)))
    assert got == expected, rule
