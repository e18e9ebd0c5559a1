"""Rule cases for Schemer Movement (Appendix D): target spaces, the final target space, and
how far the Schemer gets toward it.

The moving Schemer is always ``s``; Heroes are ``h``, ``h1``, ``h2`` ..., other Schemers
``x``, ``y``. Each row gives the movement (``"Move 3"`` or ``"Leap 3"``), the selector the
Scheme names (``tales.rules.targets``) and the exact SET of outcomes the table is shown by
:func:`tales.table.move_outcomes`: each outcome is the path walked (its last space is where
the Schemer ends), the final target space, the target figure named, the damage taken and
where Overrun displaced figures to. Several outcomes mean the players choose.

Maps are drawn small. A one-row corridor ``. . . . . . .`` is ``A1 B1 C1 D1 E1 F1 G1``: each
space has only its left and right neighbours, Line of Fire distance is the number of spaces
between, and every path is unique. Two-row hex maps have their second row shifted right
(``A2`` touches ``A1`` and ``B1``); square maps (``layout="square"``) have four neighbours,
so Line of Fire there is the number of row steps plus column steps.

Readings the engine documents (docs/rules-decisions.md, "Schemer movement (Appendix D)")
are tested as documented and say so in the row: the order Safe-by-Move, Dangerous-by-Move,
as-if-Leap, then widen; "already in a valid target space" against the first ring, Safe or
not; Nearest by the movement still needed in step 3, nearer before less damage before more
movement used, and only along Safe spaces while a Safe path to the final target space
exists; Foes tied for Nearest chosen by the players first; Overrun displacing in every space
entered, never one figure twice.
The other readings (flags) have rows in ``test_second_reading_cases.py``.

Every expected value was worked out by hand from the row's passage.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tales.board.position import Position
from tales.rules.decisions import Decider
from tales.rules.schemer_movement import schemer_move
from tales.rules.targets import parse_selector
from tales.table import move_outcomes

from ._build import Rule, build, case, first_decision, hero, schemer

#: One outcome: (path, final target space, target figure, damage, ((figure, space), ...)).
Outcome = tuple[str, str | None, str | None, int, tuple[tuple[str, str], ...]]

APPENDIX_D = "Appendix D Schemer Movement"
RUG = {"r": {"kind": "feature", "name": "Rug"}}
OBELISK = {"o": {"kind": "impassable-feature", "name": "Obelisk"}}


def went(
    path: str, final: str | None, target: str | None = None, damage: int = 0,
    **displaced: str,
) -> Outcome:
    """An expected outcome: the path walked (ending where the Schemer stops) and the rest."""
    return (path, final, target, damage, tuple(sorted(displaced.items())))


def stays(at: str, final: str | None = None, target: str | None = None) -> Outcome:
    """The Schemer does not move from ``at``."""
    return went(at, final, target)


def hurt(
    position: Position, figure_id: str, fortitude: int, damage: int = 0, wounded: bool = False
) -> Position:
    """``position`` with the figure's Fortitude, damage and Wounded side set."""
    figure = replace(position.figure(figure_id), fortitude=fortitude, damage=damage,
                     wounded=wounded)
    return position.with_figure(figure)


def _movement(movement: str) -> tuple[int, bool]:
    verb, points = movement.split()
    assert verb in ("Move", "Leap"), movement
    return int(points), verb == "Leap"


def _outcome(entry: dict[str, Any]) -> Outcome:
    assert entry["to"] == entry["path"][-1], entry
    return (" ".join(entry["path"]), entry["final_target"], entry["target"], entry["damage"],
            tuple(sorted(entry["displaced"].items())))


# --- step 1: the spaces that meet the Schemer's requirements ------------------------------

TARGET_SPACES = [
    case("sm-next-to-foe", "targeting a figure: the space next to it; Move 6 stops there after "
         "4 points", APPENDIX_D,
         "If targeting a figure, the Schemer will attempt to move adjacent to it.",
         build(". . . . . .", schemer("s", "A1"), hero("h", "F1")), "Move 6", "foe",
         {went("A1 B1 C1 D1 E1", "E1", "h")}),
    case("sm-tiny-foe-next-to-nearer", "a Tiny Foe on D1: C1, D1 and E1 are target spaces; "
         "C1 needs least movement", "Tiny",
         "it will consider spaces on and adjacent to the Foe and move to the one requiring the "
         "least movement.",
         build(". . . . . .", schemer("s", "A1"), hero("t", "D1", "Tiny")), "Move 5", "foe",
         {went("A1 B1 C1", "C1", "t")}),
    case("sm-tiny-foe-own-space", "a Tiny Foe between two Schemers: its own space is the only "
         "Unoccupied target space; the Leap ends on it", "Tiny",
         "it will consider spaces on and adjacent to the Foe and move to the one requiring the "
         "least movement.",
         build(". . . . .", schemer("s", "A1"), schemer("x", "C1"), hero("t", "D1", "Tiny"),
               schemer("y", "E1")), "Leap 3", "foe",
         {went("A1 B1 C1 D1", "D1", "t")}),
    case("sm-tiny-foe-sharing-stays", "a Tiny Foe sharing the Schemer's space: it is already "
         "in a target space and does not move", "Tiny",
         "If a Tiny figure shares a space with another figure, those figures are considered "
         "adjacent.",
         build(". . . .", schemer("s", "B1"), hero("t", "B1", "Tiny")), "Move 3", "foe",
         {stays("B1", "B1", "t")}),
    case("sm-enterable-feature-entered", "an enterable feature (Rug on D1 E1): the Schemer "
         "ends on one of its spaces, the nearer", APPENDIX_D,
         "For enterable map features, it will occupy one of the spaces.",
         build(". . . r r .", schemer("s", "A1"), features=RUG), "Move 5", "feature Rug",
         {went("A1 B1 C1 D1", "D1")}),
    case("sm-already-on-feature", "standing on a Rug space with 'feature Rug': it does not "
         "move to the other Rug space", APPENDIX_D,
         "If the Schemer is already in a valid target space, it does not move.",
         build(". r r .", schemer("s", "B1"), features=RUG), "Move 3", "feature Rug",
         {stays("B1", "B1")}),
    case("sm-impassable-feature-next-to", "an Impassable feature (Obelisk on D1): the spaces "
         "next to it, C1 and E1; E1 lies beyond it", APPENDIX_D,
         "For Impassable map features, it will move adjacent.",
         build(". . . o . .", schemer("s", "A1"), features=OBELISK), "Move 5",
         "feature Obelisk",
         {went("A1 B1 C1", "C1")}),
    case("sm-space-target", "'space D1': D1 itself is the target space", APPENDIX_D,
         "Identify target spaces: The movement effect will specify the targets.",
         build(". . . . . .", schemer("s", "A1")), "Move 5", "space D1",
         {went("A1 B1 C1 D1", "D1")}),
    case("sm-or-both-foe-nearer", "'feature Rug or foe' takes both: G1 (next to the Hero, 2) "
         "beats the Rug on A1 (4)", APPENDIX_D, "General “or”: Considers both parts together.",
         build("r . . . . . . .", schemer("s", "E1"), hero("h", "H1"), features=RUG),
         "Move 3", "feature Rug or foe",
         {went("E1 F1 G1", "G1", "h")}),
    case("sm-or-both-feature-nearer", "'foe or feature Rug' takes both: the Rug on C1 (1) "
         "beats G1 (3); the Rug space names no target figure (documented: null for a feature)",
         APPENDIX_D,
         "Example: “Shop or Foe” includes spaces in a shop or adjacent to a Foe.",
         build(". . r . . . . .", schemer("s", "D1"), hero("h", "H1"), features=RUG),
         "Move 3", "foe or feature Rug",
         {went("D1 C1", "C1")}),
    case("sm-or-if-none-first-found", "'wounded foe, or if none, ...': a Wounded Foe exists, "
         "so the nearer Foe with less Fortitude left is not considered", APPENDIX_D,
         "only considers the latter if no Wounded Foes exist.",
         hurt(hurt(build(". . . . . . .", schemer("s", "D1"), hero("h1", "A1"),
                         hero("h2", "F1")), "h1", 10, wounded=True), "h2", 10, damage=8),
         "Move 2", "wounded foe, or if none, foe with least remaining fortitude",
         {went("D1 C1 B1", "B1", "h1")}),
    case("sm-or-if-none-falls-back", "no Foe is Wounded: the Foe with least remaining "
         "Fortitude (3 of 6, not 8 of 10) is the target", APPENDIX_D,
         "“or… if”: Only considers one requirement or the other.",
         hurt(hurt(build(". . . . . . .", schemer("s", "D1"), hero("h1", "F1"),
                         hero("h2", "A1")), "h1", 10, damage=2), "h2", 6, damage=3),
         "Move 2", "wounded foe, or if none, foe with least remaining fortitude",
         {went("D1 C1 B1", "B1", "h2")}),
    case("sm-least-fortitude-tie-step-2", "two Foes tie on 3 Fortitude left: the spaces next "
         "to both are target spaces and least movement picks B1 (documented reading)",
         APPENDIX_D,
         "Safe paths: Determine the minimum number of steps needed to reach each target space "
         "along a Safe path.",
         hurt(hurt(build(". . . . . . .", schemer("s", "C1"), hero("h1", "A1"),
                         hero("h2", "G1")), "h1", 5, damage=2), "h2", 4, damage=1),
         "Move 1", "foe with least remaining fortitude",
         {went("C1 B1", "B1", "h1")}),
    case("sm-next-to-unselected-foe-moves", "next to a Foe the selector does not pick: not in "
         "a target space, so it moves toward the one picked", APPENDIX_D,
         "If the Schemer is already in a valid target space, it does not move.",
         hurt(hurt(build(". . . . . .", schemer("s", "C1"), hero("h1", "A1"),
                         hero("h3", "D1")), "h1", 5, damage=2), "h3", 9),
         "Move 3", "foe with least remaining fortitude",
         {went("C1 B1", "B1", "h1")}),
    case("sm-already-next-to-foe", "already next to the Foe: it does not move", APPENDIX_D,
         "If the Schemer is already in a valid target space, it does not move.",
         build(". . . . .", schemer("s", "C1"), hero("h", "D1")), "Move 3", "foe",
         {stays("C1", "C1", "h")}),
    case("sm-already-on-dangerous-target", "standing on a Hazard next to the Foe: still a valid "
         "target space, it does not move to Safe E1 (documented: first ring, Safe or not)",
         APPENDIX_D, "Already in a valid space: If the Schemer is already in a valid target "
         "space, it does not move.",
         build(". . ^ . .", schemer("s", "C1"), hero("h", "D1")), "Move 3", "foe",
         {stays("C1", "C1", "h")}),
    case("sm-occupied-target-skipped", "C1 holds a Schemer: only Unoccupied G1 is a "
         "candidate, though C1 is nearer", APPENDIX_D,
         "Consider all Unoccupied Safe spaces that meet the requirements and can be reached "
         "with infinite steps.",
         build(". . . . . . .", schemer("s", "D1"), schemer("x", "C1")), "Move 3",
         "space C1 or space G1",
         {went("D1 E1 F1 G1", "G1")}),
    case("sm-tiny-only-space-is-unoccupied", "the only space next to the Hero holds a Tiny "
         "Schemer: it is Unoccupied and the Schemer ends there", "Unoccupied",
         "Space without a figure (unless the figure has Tiny keyword).",
         build(". . . . .", schemer("s", "A1"), schemer("rat", "D1", "Tiny"), hero("h", "E1")),
         "Move 3", "foe",
         {went("A1 B1 C1 D1", "D1", "h")}),
    case("sm-safe-target-through-trap", "Safe G1 (reached only over a Trap) is kept over "
         "Dangerous B1, though B1 is as cheap in damage and nearer", APPENDIX_D,
         "Unoccupied Safe spaces: Consider all Unoccupied Safe spaces that meet the "
         "requirements",
         build(". ^ . . . T .", schemer("s", "D1")), "Move 3", "space B1 or space G1",
         {went("D1 E1 F1 G1", "G1", None, 1)}),
    case("sm-trap-target-avoided", "B1 holds a Trap: the Safe target space G1 is chosen "
         "though B1 is nearer", "Safe", "Space not Dangerous to a figure.",
         build(". T . . . . .", schemer("s", "D1")), "Move 3", "space B1 or space G1",
         {went("D1 E1 F1 G1", "G1")}),
    case("sm-wizard-fire-avoided", "Wizard Fire on B1 is Dangerous to a Schemer: Safe G1 is "
         "chosen", "Wizard Fire",
         "These tokens represent Dangerous areas specifically for Zot’s Foes.",
         build(". . . . . . .", schemer("s", "D1"), wizard_fire={"B1": 1}), "Move 3",
         "space B1 or space G1",
         {went("D1 E1 F1 G1", "G1")}),
    case("sm-immune-to-traps-target-safe", "Immune to Traps: the Trap on B1 is Safe for it, "
         "so B1 (2) beats G1 (3) and nothing triggers", "Immune to [Map Feature]",
         "Moves through or occupies those spaces as if they were Safe.",
         build(". T . . . . .", schemer("s", "D1", "Immune to Traps")), "Move 3",
         "space B1 or space G1",
         {went("D1 C1 B1", "B1")}),
    case("sm-resistant-trap-safe", "Resistant with a Shield Token does not trigger Traps: "
         "the Trap on B1 is Safe for it, so B1 (2) beats G1 (3)", "Resistant",
         "With Shield/Toughness Tokens, does not trigger Traps.",
         build(". T . . . . .", schemer("s", "D1", "Resistant", shield=1)), "Move 3",
         "space B1 or space G1",
         {went("D1 C1 B1", "B1")}),
    case("sm-heroic-schemer-wizard-fire-safe", "Wizard Fire does not harm Zot's Friends: for "
         "a Heroic Schemer B1 is Safe and nearer than G1", "Wizard Fire",
         "They do not impact Zot’s Friends, who can move through these spaces without "
         "consequence.",
         build(". . . . . . .", schemer("s", "D1", "Heroic"), wizard_fire={"B1": 1}), "Move 3",
         "space B1 or space G1",
         {went("D1 C1 B1", "B1")}),
    case("sm-dangerous-target-when-no-safe", "the only space next to the Hero is a Hazard: "
         "the Dangerous target space is used", APPENDIX_D,
         "If no target spaces are found, consider Dangerous spaces",
         build(". . . . ^ .", schemer("s", "A1"), hero("h", "F1")), "Move 5", "foe",
         {went("A1 B1 C1 D1 E1", "E1", "h", 1)}),
    case("sm-dangerous-before-widening", "the target space holds a Trap: it is used before "
         "the search widens to Safe C1", APPENDIX_D,
         "consider Dangerous spaces, then expand the search to spaces adjacent to the original "
         "target spaces",
         build(". . . T .", schemer("s", "A1")), "Move 3", "space D1",
         {went("A1 B1 C1 D1", "D1", None, 1)}),
    case("sm-widen-when-occupied", "D1 is Occupied: the search widens to C1 and E1; E1 is "
         "behind the Schemer on D1", APPENDIX_D,
         "then expand the search to spaces adjacent to the original target spaces, repeating "
         "if necessary.",
         build(". . . . . .", schemer("s", "A1"), schemer("x", "D1")), "Move 5", "space D1",
         {went("A1 B1 C1", "C1")}),
    case("sm-widen-repeats", "D1 and both its neighbours are Occupied: widened twice, to B1 "
         "(F1 is behind the Schemers)", APPENDIX_D,
         "then expand the search to spaces adjacent to the original target spaces, repeating "
         "if necessary.",
         build(". . . . . . .", schemer("s", "A1"), schemer("x", "C1"), schemer("y", "D1"),
               schemer("z", "E1")), "Move 3", "space D1",
         {went("A1 B1", "B1")}),
    case("sm-widen-around-foe", "the only space next to the Hero holds a Schemer: widened to "
         "C1, still moving toward the Hero", APPENDIX_D,
         "then expand the search to spaces adjacent to the original target spaces, repeating "
         "if necessary.",
         build(". . . . . .", hero("h", "A1"), schemer("x", "B1"), schemer("s", "E1")),
         "Move 3", "foe",
         {went("E1 D1 C1", "C1", "h")}),
    case("sm-widen-to-closed-door", "E1 is behind a closed door on C1: widened (D1, then the "
         "door, then B1) to B1, in front of the door", "Door",
         "Blocks access to parts of the map.",
         build(". . D . .", schemer("s", "A1")), "Move 4", "space E1",
         {went("A1 B1", "B1")}),
    case("sm-open-door-passes", "an open door on C1 is passed on the way to E1", "Door",
         "Scenario description indicates placement and opening rules.",
         build(". . D . .", schemer("s", "A1"), open_doors=["C1"]), "Move 4", "space E1",
         {went("A1 B1 C1 D1 E1", "E1")}),
    case("sm-no-legal-target", "D1 is cut off by an Impassable space and widening finds "
         "nothing reachable: it does not move", APPENDIX_D,
         "No legal target spaces: If no target spaces are found, the Schemer does not move.",
         build(". # . .", schemer("s", "A1")), "Move 3", "space D1",
         {stays("A1")}),
]

# --- step 2: the final target space --------------------------------------------------------

FINAL_TARGET = [
    case("sm-least-movement", "two Foes: B1 (2) needs less movement than G1 (3)", APPENDIX_D,
         "Safe paths: Determine the minimum number of steps needed to reach each target space "
         "along a Safe path.",
         build(". . . . . . . .", schemer("s", "D1"), hero("h1", "A1"), hero("h2", "H1")),
         "Move 2", "foe",
         {went("D1 C1 B1", "B1", "h1")}),
    case("sm-safe-path-beats-shorter-dangerous", "A1 is 3 away over a Trap, H1 4 away along "
         "a Safe path: H1", APPENDIX_D,
         "Determine which of the target spaces requires the least amount of movement along a "
         "Safe path, or along a Dangerous path if no Safe path exists",
         build(". . T . . . . .", schemer("s", "D1")), "Move 4", "space A1 or space H1",
         {went("D1 E1 F1 G1 H1", "H1")}),
    case("sm-dangerous-least-damage", "both spaces next to the Foes hold Traps, of 2 and 1: "
         "the least damage, F1", APPENDIX_D,
         "Dangerous paths: If no Safe paths exist, consider paths that result in the least "
         "damage from Traps and Hazards.",
         build(". . . . . . .", schemer("s", "D1"), hero("h1", "A1"), hero("h2", "G1"),
               traps={"B1": 2, "F1": 1}), "Move 2", "foe",
         {went("D1 E1 F1", "F1", "h2", 1)}),
    case("sm-dangerous-damage-tie-steps", "Traps of 1 on B1 and G1: equal damage, B1 needs "
         "fewer steps", APPENDIX_D,
         "Final target space: Choose the target space that minimizes damage and steps.",
         build(". . . . . . . .", schemer("s", "D1"), hero("h1", "A1"), hero("h2", "H1"),
               traps={"B1": 1, "G1": 1}), "Move 2", "foe",
         {went("D1 C1 B1", "B1", "h1", 1)}),
    case("sm-dangerous-by-move-before-leap", "G1 is cut off by a Schemer, B1 holds a Trap: "
         "the Dangerous space a Move reaches beats targeting as if Leap (documented order)",
         APPENDIX_D, "If no target spaces are found, consider Dangerous spaces",
         build(". T . . . . .", schemer("s", "D1"), schemer("x", "E1")), "Move 2",
         "space B1 or space G1",
         {went("D1 C1 B1", "B1", None, 1)}),
    case("sm-difficult-costs-two", "C1 is Difficult: B1 costs 3, F1 costs 2", "Difficult",
         "Move < requires two points of movement to enter.",
         build(". . ~ . . . .", schemer("s", "D1")), "Move 3", "space B1 or space F1",
         {went("D1 E1 F1", "F1")}),
    case("sm-final-tie", "B1 and F1 both 2 away: players choose the final target space",
         APPENDIX_D, "If multiple spaces are tied, players choose the final target space.",
         build(". . . . . . .", schemer("s", "D1")), "Move 3", "space B1 or space F1",
         {went("D1 C1 B1", "B1"), went("D1 E1 F1", "F1")}),
    case("sm-blocked-leap-targeting", "a Schemer on D1 blocks every path: targeting as if "
         "Leap picks E1; the Move gets as near as C1", APPENDIX_D,
         "Blocked paths: If all paths are blocked (e.g., by Foes), treat the movement as a Leap "
         "effect for targeting, but the actual movement remains Move.",
         build(". . . . . . .", schemer("s", "A1"), schemer("x", "D1"), hero("h", "F1")),
         "Move 3", "foe",
         {went("A1 B1 C1", "E1", "h")}),
    case("sm-blocked-cannot-move", "a Schemer on B1 blocks every path: the final target "
         "space is E1, but the Move cannot leave A1", APPENDIX_D,
         "but the actual movement remains Move.",
         build(". . . . . .", schemer("s", "A1"), schemer("x", "B1"), hero("h", "F1")),
         "Move 3", "foe",
         {stays("A1", "E1", "h")}),
    case("sm-blocked-by-foe", "a Hero on C1 blocks the way to space E1: Leap targeting, "
         "then the Move ends on B1", APPENDIX_D,
         "If all paths are blocked (e.g., by Foes)",
         build(". . . . .", schemer("s", "A1"), hero("h", "C1")), "Move 4", "space E1",
         {went("A1 B1", "E1")}),
    case("sm-not-all-paths-blocked", "the nearer target (G1) is cut off but B1 can be reached: "
         "not all paths are blocked, so B1", APPENDIX_D,
         "Blocked paths: If all paths are blocked (e.g., by Foes)",
         build(". . . . . . . . .", schemer("s", "E1"), schemer("x", "F1"), hero("h1", "H1"),
               hero("h2", "A1")), "Move 3", "foe",
         {went("E1 D1 C1 B1", "B1", "h2")}),
    case("sm-wall-not-next-to", "a Wall between A1 and B1: the Hero on B1 is not next to the "
         "Schemer; A2 is", "Wall",
         "Separates adjacent spaces, blocking movement and Line of Fire.",
         build("""
             . . .
              . . .
         """, schemer("s", "A1"), hero("h", "B1"), walls=["A1|B1"]), "Move 3", "foe",
         {went("A1 A2", "A2", "h")}),
]

# --- step 3: as close to the final target space as possible ----------------------------------

APPROACH = [
    case("sm-cannot-reach-nearest", "E1 is 4 away with Move 3: it ends on D1, the Nearest "
         "space it can reach", APPENDIX_D,
         "Cannot reach the final target space: The Schemer moves to the Nearest ~ space it can "
         "reach",
         build(". . . . . .", schemer("s", "A1"), hero("h", "F1")), "Move 3", "foe",
         {went("A1 B1 C1 D1", "E1", "h")}),
    case("sm-reach-least-damage", "both lanes to D2 hold a Trap (2 above, 1 below): it "
         "reaches D2 by the lower lane", APPENDIX_D,
         "Can reach the final target space: The Schemer moves to the final target space, "
         "minimizing damage if only Dangerous paths exist.",
         build("""
             . . . .
             . # # .
             . . . .
         """, schemer("s", "A2"), layout="square", traps={"B1": 2, "B3": 1}), "Move 5",
         "space D2",
         {went("A2 A3 B3 C3 D3 D2", "D2", None, 1)}),
    case("sm-reach-by-safe-detour", "C1 is 2 away over a Trap or 4 round it: with Move 4 "
         "the Safe way round", "Dangerous", "Schemers avoid moving through Dangerous spaces.",
         build("""
             . T .
             . . .
         """, schemer("s", "A1"), layout="square"), "Move 4", "space C1",
         {went("A1 A2 B2 C2 C1", "C1")}),
    case("sm-safe-path-only-when-detour-too-long", "a Safe path to C1 exists (4 round "
         "the Trap): with Move 3 it keeps to Safe spaces and stops on C2, not over the Trap "
         "(flag dangerous_paths=avoid)", "Dangerous",
         "Schemers avoid moving through Dangerous spaces.",
         build("""
             . T .
             . . .
         """, schemer("s", "A1"), layout="square"), "Move 3", "space C1",
         {went("A1 A2 B2 C2", "C1")}),
    case("sm-nearest-by-path", "Move 2 toward E1 over Difficult C1 D1: B2 needs 4 more "
         "movement, B1 5: Nearest by path (documented reading)",
         APPENDIX_D, "The Schemer moves to the Nearest ~ space it can reach",
         build("""
             . . ~ ~ .
             . . . . .
         """, schemer("s", "A1"), layout="square"), "Move 2", "space E1",
         {went("A1 B1 B2", "E1")}),
    case("sm-trap-walks-the-way-round", "a Trap on A2, the Safe way round to A3 8 long: Move 5 "
         "walks 5 of it to D3 (by Line of Fire A1 would be Nearest: it would never move)",
         APPENDIX_D, "Cannot reach the final target space: The Schemer moves to the Nearest ~ "
         "space it can reach, minimizing damage but prioritizing using its entire movement "
         "effect.",
         build("""
             . . . .
             T # # .
             . . . .
         """, schemer("s", "A1"), layout="square"), "Move 5", "space A3",
         {went("A1 B1 C1 D1 D2 D3", "A3")}),
    case("sm-friend-blocks-walks-the-way-round", "a Friend on A2 blocks the direct way to A3: "
         "Move 5 walks 5 of the way round to D3", APPENDIX_D,
         "Cannot reach the final target space: The Schemer moves to the Nearest ~ space it can "
         "reach, minimizing damage but prioritizing using its entire movement effect.",
         build("""
             . . . .
             . # # .
             . . . .
         """, schemer("s", "A1"), schemer("x", "A2"), layout="square"), "Move 5", "space A3",
         {went("A1 B1 C1 D1 D2 D3", "A3")}),
    case("sm-equally-near-most-movement", "Move 2 toward D1 past Difficult C1: B1 (1 used) and "
         "B2 (2 used) both need 3 more; B2 uses the entire movement: no question", APPENDIX_D,
         "Cannot reach the final target space: The Schemer moves to the Nearest ~ space it can "
         "reach, minimizing damage but prioritizing using its entire movement effect.",
         build("""
             . . ~ .
             . . . .
         """, schemer("s", "A1"), layout="square"), "Move 2", "space D1",
         {went("A1 B1 B2", "D1")}),
    case("sm-nearest-tie", "Move 1 toward C3: B1 and A2 are both 3 from it: players choose",
         "Nearest", "Multiple targets: players choose.",
         build("""
             . . .
             . . .
             . . .
         """, schemer("s", "A1"), layout="square"), "Move 1", "space C3",
         {went("A1 B1", "C3"), went("A1 A2", "C3")}),
    case("sm-nearest-tie-least-damage", "the same tie with a Trap on B1: the Safe A2",
         APPENDIX_D, "minimizing damage but prioritizing using its entire movement effect.",
         build("""
             . . .
             . . .
             . . .
         """, schemer("s", "A1"), layout="square", traps={"B1": 1}), "Move 1", "space C3",
         {went("A1 A2", "C3")}),
    case("sm-nearer-before-damage", "Move 3 toward F1 with a Trap on D1: it goes on to D1, "
         "nearer, taking the damage (documented reading)", APPENDIX_D,
         "minimizing damage but prioritizing using its entire movement effect.",
         build(". . . T . .", schemer("s", "A1")), "Move 3", "space F1",
         {went("A1 B1 C1 D1", "F1", None, 1)}),
    case("sm-difficult-slows-approach", "Difficult C1 costs 2: Move 3 toward F1 ends on C1",
         "Difficult", "Move < requires two points of movement to enter.",
         build(". . ~ . . .", schemer("s", "A1")), "Move 3", "space F1",
         {went("A1 B1 C1", "F1")}),
    case("sm-wall-detour", "a Wall between A1 and B1: the way to B1 goes round by A2",
         "Wall", "Separates adjacent spaces, blocking movement and Line of Fire.",
         build("""
             . . .
              . . .
         """, schemer("s", "A1"), walls=["A1|B1"]), "Move 2", "space B1",
         {went("A1 A2 B1", "B1")}),
]

# --- Leap Schemers ------------------------------------------------------------------------

LEAPS = [
    case("sm-leap-over-figures", "a Leap passes the Schemer on B1 and lands next to the "
         "Hero", "Leap X",
         "Other Figures: The figure ignores other figures during the Leap ; movement.",
         build(". . . . . .", schemer("s", "A1"), schemer("x", "B1"), hero("h", "F1")),
         "Leap 4", "foe",
         {went("A1 B1 C1 D1 E1", "E1", "h")}),
    case("sm-leap-ignores-difficult", "Difficult B1 C1 cost 1 each in a Leap", "Difficult",
         "Does not affect Leap or Forced Movement effects.",
         build(". ~ ~ . .", schemer("s", "A1")), "Leap 3", "space D1",
         {went("A1 B1 C1 D1", "D1")}),
    case("sm-leap-over-trap", "a Leap over the Trap on B1 lands Safe on C1, unharmed",
         "Leap X", "Normal Leap ;: If a space that a figure moves through during a Leap ; "
         "would cause something to happen, it does not happen.",
         build(". T . .", schemer("s", "A1")), "Leap 2", "space C1",
         {went("A1 B1 C1", "C1")}),
    case("sm-leap-safe-landing", "landing on the Trap on B1 would hurt: Safe G1 is the "
         "final target space", "Leap X",
         "Landing Effects: If the space where a figure ends its Leap ; causes something to "
         "happen (e.g., taking damage from a Trap), that effect resolves as normal.",
         build(". T . . . . .", schemer("s", "D1")), "Leap 3", "space B1 or space G1",
         {went("D1 E1 F1 G1", "G1")}),
    case("sm-leap-lands-on-trap", "the only space next to the Hero holds a Trap: the Leap "
         "lands there and triggers it", "Trap",
         "Leaping ; figures only trigger a Trap if they end their movement on it",
         build(". . . . T .", schemer("s", "A1"), hero("h", "F1")), "Leap 4", "foe",
         {went("A1 B1 C1 D1 E1", "E1", "h", 1)}),
]

# --- keywords of the mover ----------------------------------------------------------------

MOVERS = [
    case("sm-juggernaut-own-scheme", "a Juggernaut Schemer is moved by its own Scheme",
         "Juggernaut", "Cannot be moved except by its own Scheme.",
         build(". . . . .", schemer("s", "A1", "Juggernaut"), hero("h", "E1")), "Move 3",
         "foe",
         {went("A1 B1 C1 D1", "D1", "h")}),
    case("sm-immobile", "an Immobile Schemer never moves (and picks no target)", "Immobile",
         "Remains in place despite movement effects.",
         build(". . . . .", schemer("s", "A1", "Immobile"), hero("h", "E1")), "Move 3", "foe",
         {stays("A1")}),
    case("sm-overrun-passes-figures", "Overrun to F1 through a Hero and a Schemer: the Hero "
         "goes to B1; the Schemer to C1, not on ahead to E1 where it would be displaced "
         "again (documented: displaced in every space entered, never twice in one move)",
         "Overrun", "May enter spaces containing other figures.",
         build(". . . . . .", schemer("s", "A1", "Overrun"), hero("h", "C1"),
               schemer("x", "D1")), "Move 5", "space F1",
         {went("A1 B1 C1 D1 E1 F1", "F1", h="B1", x="C1")}),
    case("sm-overrun-ends-on-figure", "Overrun with Move 2 toward F1 ends on the Hero's C1; "
         "the Hero goes to B1, the Nearest Unoccupied space (D1 is Occupied)", "Overrun",
         "Displaces figures to Nearest Unoccupied space.",
         build(". . . . . .", schemer("s", "A1", "Overrun"), hero("h", "C1"),
               schemer("x", "D1")), "Move 2", "space F1",
         {went("A1 B1 C1", "F1", h="B1")}),
    case("sm-overrun-blocked-by-juggernaut", "Overrun cannot move a Juggernaut: the path is "
         "blocked, targeting as if Leap, the Move stops on B1", "Juggernaut",
         "Cannot be moved except by its own Scheme.",
         build(". . . . .", schemer("s", "A1", "Overrun"), schemer("j", "C1", "Juggernaut")),
         "Move 4", "space E1",
         {went("A1 B1", "E1")}),
    case("sm-tiny-schemer-passes", "a Tiny Schemer passes the Schemer on B1", "Tiny",
         "Similarly, a Tiny figure can pass through any other figure’s space and end its turn "
         "sharing the space with another figure.",
         build(". . . . . .", schemer("s", "A1", "Tiny"), schemer("x", "B1"), hero("h", "D1")),
         "Move 2", "foe",
         {went("A1 B1 C1", "C1", "h")}),
    case("sm-tiny-schemer-sharing-foe-stays", "a Tiny Schemer sharing the Hero's space is "
         "adjacent to it, so already in a valid target space: it does not move", "Tiny",
         "If a Tiny figure shares a space with another figure, those figures are considered "
         "adjacent.",
         build(". . . . .", schemer("s", "C1", "Tiny"), hero("h", "C1")), "Move 3", "foe",
         {stays("C1", "C1", "h")}),
    case("sm-tiny-schemer-shares", "a Tiny Schemer ends sharing C1 with a Schemer, next to "
         "the Hero", "Tiny",
         "Similarly, a Tiny figure can pass through any other figure’s space and end its turn "
         "sharing the space with another figure.",
         build(". . . .", schemer("s", "A1", "Tiny"), schemer("x", "C1"), hero("h", "D1")),
         "Move 3", "foe",
         {went("A1 B1 C1", "C1", "h")}),
]

# --- who is a target: Nearest, Farthest, Avoided, Berserk, Heroic -------------------------

WHO = [
    case("sm-nearest-foe", "Nearest Foe by Line of Fire is on B1 (3, Hero on I1: 4), though "
         "C1 next to it costs 4 over Difficult D1 C1", "Nearest",
         "Figure or space with the shortest Line of Fire.",
         build(". . ~ ~ . . . . .", schemer("s", "E1"), hero("h1", "B1"), hero("h2", "I1")),
         "Move 4", "nearest foe",
         {went("E1 D1 C1", "C1", "h1")}),
    case("sm-foe-least-movement", "the same map with 'foe': H1 (3) needs less movement than "
         "C1 (4)", APPENDIX_D,
         "Safe paths: Determine the minimum number of steps needed to reach each target space "
         "along a Safe path.",
         build(". . ~ ~ . . . . .", schemer("s", "E1"), hero("h1", "B1"), hero("h2", "I1")),
         "Move 3", "foe",
         {went("E1 F1 G1 H1", "H1", "h2")}),
    case("sm-farthest-foe", "Farthest Foe is on I1 (5, not A1 at 3): toward H1", "Farthest",
         "Figure with the longest minimal Line of Fire to a Schemer.",
         build(". . . . . . . . .", schemer("s", "D1"), hero("h1", "A1"), hero("h2", "I1")),
         "Move 4", "farthest foe",
         {went("D1 E1 F1 G1 H1", "H1", "h2")}),
    case("sm-nearest-foe-tie", "two Foes 3 away: their spaces B1 and F1 tie at 2, players "
         "choose", "Nearest", "Multiple targets: players choose.",
         build(". . . . . . .", schemer("s", "D1"), hero("h1", "A1"), hero("h2", "G1")),
         "Move 2", "nearest foe",
         {went("D1 C1 B1", "B1", "h1"), went("D1 E1 F1", "F1", "h2")}),
    case("sm-nearest-foe-tie-choose-first", "the same tie with Difficult C1: the players "
         "still choose the Foe first, so h1 (B1 costs 3: it gets to C1) or h2 (documented: "
         "flag nearest_ties=choose)", "Nearest", "Multiple targets: players choose.",
         build(". . ~ . . . .", schemer("s", "D1"), hero("h1", "A1"), hero("h2", "G1")),
         "Move 2", "nearest foe",
         {went("D1 C1", "B1", "h1"), went("D1 E1 F1", "F1", "h2")}),
    case("sm-farthest-foe-tie", "two Foes 3 away tie for Farthest (the one on C2 is 1): "
         "players choose; next to C2's Foe is no target space", "Farthest",
         "Moves toward the Farthest Foe with fewest steps.",
         build("""
             . . . . . . .
              # # . # # #
         """, schemer("s", "D1"), hero("h1", "A1"), hero("h2", "G1"), hero("h3", "C2")),
         "Move 2", "farthest foe",
         {went("D1 C1 B1", "B1", "h1"), went("D1 E1 F1", "F1", "h2")}),
    case("sm-avoided-skipped", "the Avoided Hero on B1 is nearer but never a target",
         "Avoided", "Figures with this keyword are ignored by Schemers.",
         build(". . . . . . .", schemer("s", "D1"), hero("av", "B1", "Avoided"),
               hero("h", "G1")), "Move 2", "nearest foe",
         {went("D1 E1 F1", "F1", "h")}),
    case("sm-avoided-only", "the only Foe is Avoided: no target, it does not move", "Avoided",
         "Schemers cannot target or interact with Avoided figures.",
         build(". . . .", schemer("s", "A1"), hero("av", "D1", "Avoided")), "Move 3", "foe",
         {stays("A1")}),
    case("sm-berserk-targets-schemers", "a Berserk Schemer's Nearest Foe is the Schemer on B1",
         "Berserk", "Figure treats all other figures as Foes.",
         build(". . . . . . .", schemer("s", "D1", "Berserk"), schemer("x", "B1"),
               hero("h", "G1")), "Move 2", "nearest foe",
         {went("D1 C1", "C1", "x")}),
    case("sm-schemers-are-friends", "without Berserk the Schemer on B1 is a Friend: toward "
         "the Hero", "Berserk", "Schemers without Berserk treat other Schemers as Friends.",
         build(". . . . . . .", schemer("s", "D1"), schemer("x", "B1"), hero("h", "G1")),
         "Move 2", "nearest foe",
         {went("D1 E1 F1", "F1", "h")}),
    case("sm-berserk-schemer-is-friend", "a Berserk Schemer is still a Friend of a Schemer "
         "without Berserk", "Berserk",
         "Schemers without Berserk treat other Schemers as Friends.",
         build(". . . . . . .", schemer("s", "D1"), schemer("x", "B1", "Berserk"),
               hero("h", "G1")), "Move 2", "nearest foe",
         {went("D1 E1 F1", "F1", "h")}),
    case("sm-heroic-schemer-is-foe", "a Heroic Schemer is a Foe of a Schemer without Heroic",
         "Heroic", "Foes to Schemers without Heroic keyword.",
         build(". . . . . . .", schemer("s", "D1"), schemer("x", "B1", "Heroic"),
               hero("h", "G1")), "Move 2", "nearest foe",
         {went("D1 C1", "C1", "x")}),
    case("sm-heroic-mover-targets-schemers", "a Heroic Schemer treats the Hero as a Friend "
         "and the other Schemer as its Foe", "Heroic",
         "Friendly to Heroes and other Heroic figures.",
         build(". . . . . . .", schemer("s", "D1", "Heroic"), hero("h", "B1"),
               schemer("x", "G1")), "Move 2", "nearest foe",
         {went("D1 E1 F1", "F1", "x")}),
]

ROWS = [*TARGET_SPACES, *FINAL_TARGET, *APPROACH, *LEAPS, *MOVERS, *WHO]


@pytest.mark.parametrize(("rule", "position", "movement", "selector", "expected"), ROWS)
def test_schemer_move(
    rule: Rule, position: Position, movement: str, selector: str, expected: set[Outcome]
) -> None:
    points, leap = _movement(movement)
    found = move_outcomes(position, "s", points, parse_selector(selector), leap)
    got = [_outcome(entry) for entry in found]
    assert len(got) == len(set(got)), rule
    assert set(got) == expected, rule


# --- which Decision the table is asked first ------------------------------------------------

ASKED = [
    case("sm-asks-final-target-space", "tied final target spaces are the table's Decision",
         APPENDIX_D, "If multiple spaces are tied, players choose the final target space.",
         build(". . . . . . .", schemer("s", "D1")), "Move 3", "space B1 or space F1",
         ("final-target-space", ["B1", "F1"])),
    case("sm-asks-approach-space", "tied Nearest reachable spaces are the table's Decision",
         "Nearest", "Multiple targets: players choose.",
         build("""
             . . .
             . . .
             . . .
         """, schemer("s", "A1"), layout="square"), "Move 1", "space C3",
         ("approach-space", ["A2", "B1"])),
    case("sm-asks-overrun-displace", "where an overrun Hero goes is the table's Decision",
         "Overrun", "Displaces figures to Nearest Unoccupied space.",
         build(". . . . . .", schemer("s", "A1", "Overrun"), hero("h", "C1"),
               schemer("x", "D1")), "Move 2", "space F1",
         ("overrun-displace", ["B1"])),
    case("sm-no-question-already-next-to-both", "already next to h1 and h2, tied for "
         "Nearest: whichever the players chose, it does not move: not asked", APPENDIX_D,
         "If the Schemer is already in a valid target space, it does not move.",
         build(". . . . .", hero("h1", "B1"), schemer("s", "C1"), hero("h2", "D1")),
         "Move 2", "nearest foe", None),
    case("sm-no-question-same-path", "C2 and D1 tie for the final target space, but Move 2 "
         "walks A1 B1 C1 toward either: not asked", APPENDIX_D,
         "If multiple spaces are tied, players choose the final target space.",
         build("""
             . . . .
             # # . .
         """, schemer("s", "A1"), layout="square"), "Move 2", "space C2 or space D1", None),
    case("sm-asks-only-what-differs", "h1, h2 and h3 tie for Nearest (2); toward h2 or h3 "
         "it steps to E1 alike, toward h1 to C1: only h1 and h2 are asked", "Nearest",
         "Multiple targets: players choose.",
         build("""
             . . . . . .
             _ _ _ _ . _
         """, hero("h1", "B1"), schemer("s", "D1"), hero("h2", "F1"), hero("h3", "E2"),
               layout="square"),
         "Move 1", "nearest foe", ("nearest-foe", ["h1", "h2"])),
    case("sm-asks-nothing", "one final target space within reach: no Decision", APPENDIX_D,
         "Can reach the final target space: The Schemer moves to the final target space",
         build(". . . . . .", schemer("s", "A1"), hero("h", "F1")), "Move 6", "foe",
         None),
]


@pytest.mark.parametrize(("rule", "position", "movement", "selector", "asked"), ASKED)
def test_schemer_move_asks(
    rule: Rule, position: Position, movement: str, selector: str,
    asked: tuple[str, list[str]] | None,
) -> None:
    points, leap = _movement(movement)
    decision = first_decision(schemer_move(position, "s", points, parse_selector(selector), leap))
    if asked is None:
        assert decision is None, rule
        return
    assert decision is not None, rule
    names = sorted(position.board.names[s] if isinstance(s, int) else s
                   for s in decision.options)  # spaces by name; figures by id
    assert (decision.kind, decision.decider, names) == (asked[0], Decider.TABLE, asked[1]), rule


# --- what the reasons say ---------------------------------------------------------------------

#: (rule, position, movement, selector, words the reasons hold, words they must not hold)
REASONS = [
    case("sm-reasons-tiny-shares-a-space", "a Tiny Schemer may end on D1 beside h2 though h "
         "stands there: its target spaces are not called Unoccupied", "Tiny",
         "Similarly, a Tiny figure can pass through any other figure’s space and end its "
         "turn sharing the space with another figure.",
         build(". . . . . . .", schemer("s", "A1", "Tiny"), hero("h2", "C1"), hero("h", "D1")),
         "Move 4", "nearest foe",
         "Safe target spaces it may end on (Tiny: it may share a space): B1 C1 D1",
         "Unoccupied"),
    case("sm-reasons-own-hazard-not-kept-off", "a Schemer standing on a Hazard walks off it "
         "along Safe spaces: it is not told it keeps off its own space", "Dangerous",
         "Schemers avoid moving through Dangerous spaces.",
         build("^ . . . . . .", schemer("s", "A1"), hero("h", "G1")), "Move 2", "nearest foe",
         "moves 2 to C1", "keeps off"),
    case("sm-reasons-path-used-the-movement", "equally Near spaces told apart by the movement "
         "used: the reasons say so", APPENDIX_D,
         "Cannot reach the final target space: The Schemer moves to the Nearest ~ space it can "
         "reach, minimizing damage but prioritizing using its entire movement effect.",
         build("""
             . . ~ .
             . . . .
         """, schemer("s", "A1"), layout="square"), "Move 2", "space D1",
         "the one of those using the most movement", "players choose"),
]


@pytest.mark.parametrize(("rule", "position", "movement", "selector", "said", "unsaid"),
                         REASONS)
def test_schemer_move_reasons(rule: Rule, position: Position, movement: str, selector: str,
                              said: str, unsaid: str) -> None:
    points, leap = _movement(movement)
    found = move_outcomes(position, "s", points, parse_selector(selector), leap)
    assert len(found) == 1, rule
    reasons = " ; ".join(found[0]["reasons"])
    assert said in reasons, (rule, reasons)
    assert unsaid not in reasons, (rule, reasons)
