"""Rule cases for figures that take more than one space (issue 25; docs/rules-decisions.md,
"Large figures").

The reference manual places every figure on one space: each row below checks one of the
engine's readings for a large figure and quotes the glossary passage the reading rests on.
A large figure is written as in a position file, ``at = ["B1", "C1"]``: its anchor first.
One-row corridors ``. . . . . .`` are ``A1 B1 C1 ...``; square maps (``layout="square"``)
have four neighbours, ``A2`` below ``A1``.

Every expected value was worked out by hand from the row's passage and reading.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tales.board.burst import Placement, covered_foes
from tales.board.position import Position
from tales.board.ranges import farthest, figure_distances, nearest
from tales.content.scheme_blocks import load_scheme_blocks
from tales.rules.attacks import (
    Battle,
    CombatRules,
    HeroAttack,
    _splash_victims,
    parse_harm,
    player_attack,
    schemer_attack,
)
from tales.rules.decisions import all_outcomes, resolve
from tales.rules.dice import load_dice
from tales.rules.effects import activate
from tales.rules.epic_pool import EpicPool
from tales.rules.forced import grab, place, pull, push
from tales.rules.large import DEFAULT_LARGE, LargeDifficult, LargeForced, LargeRules, LargeTurns
from tales.rules.large_movement import LargeGraph, routes, state_names
from tales.rules.movement import MoveRules, move, reach
from tales.rules.schemer_attacks import AttackKind, AttackPlan, SchemerAttack, attack_targets
from tales.rules.schemer_movement import Approach, SchemerRules
from tales.rules.schemes import reinforce
from tales.rules.targets import parse_selector
from tales.table import move_outcomes
from tests.build import positioned

from ._build import Rule, case
from ._combat import run
from ._heroes import ability, equipped, options, outcome

APPENDIX_D = "Appendix D Schemer Movement"
APPENDIX_C = "Appendix C – Attacks"


def fig(figure_id: str, at: str | list[str], side: str = "hero", **keys: Any
        ) -> dict[str, Any]:
    """A ``[[figures]]`` table: one space ``"C1"`` or a footprint ``["C1", "D1"]``."""
    return {"id": figure_id, "side": side, "at": at, **keys}


def sch(figure_id: str, at: str | list[str], **keys: Any) -> dict[str, Any]:
    return fig(figure_id, at, "schemer", **keys)


def where(grid: str, *figures: dict[str, Any], **keys: Any) -> Position:
    return positioned(grid, *figures, **keys)


def names(position: Position, spaces: Any) -> list[str]:
    return sorted(position.board.names[s] for s in spaces)


def space(position: Position, name: str) -> int:
    return position.board.space(name)


def ids(figures: Any) -> list[str]:
    return sorted(f.id for f in figures)


# --- geometry: every space of the footprint counts ----------------------------------------

Check = Callable[[Position], Any]

GEOMETRY = [
    case("lg-occupied-every-space", "each space of a large figure is Occupied", "Occupied",
         "Space containing a figure without the Tiny keyword.",
         where(". . . . .", sch("s", ["A1", "B1"])),
         lambda p: names(p, [s for s in range(p.board.n) if p.is_occupied(s)]),
         ["A1", "B1"]),
    case("lg-move-never-ends-on-its-tail", "a Hero's Move cannot end on (or pass) the large "
         "figure's second space", "Move X", "Must end on an Unoccupied space.",
         where(". . . . .", sch("s", ["A1", "B1"]), fig("h", "D1")),
         lambda p: names(p, reach(p, "h", 3).costs), ["C1", "D1", "E1"]),
    case("lg-overrun-stops-before-large", "an Overrun Hero cannot displace a large Schemer "
         "on C1 D1: it stops on B1", "Overrun",
         "Displaces figures to Nearest Unoccupied space.",
         where(". . . . . .", fig("h", "A1", keywords=["Overrun"]), sch("s", ["C1", "D1"])),
         lambda p: names(p, reach(p, "h", 4).costs), ["A1", "B1"]),
    case("lg-melee-next-to-tail", "a Hero next to the large Schemer's second space is "
         "adjacent: its Melee Attack targets him", "Melee Attack", "Affects adjacent Foes.",
         where(". . . . .", sch("s", ["A1", "B1"]), fig("h", "C1")),
         lambda p: resolve(attack_targets(p, "s", SchemerAttack(AttackKind.MELEE, 2)),
                           lambda d: d.options[0]).targets, ("h",)),
    case("lg-wall-cuts-adjacency", "a Wall between the tail and the Hero: not adjacent",
         "Wall", "Separates adjacent spaces, blocking movement and Line of Fire.",
         where(". . . . .", sch("s", ["A1", "B1"]), fig("h", "C1"), walls=["B1|C1"]),
         lambda p: p.adjacent(p.figure("s"), p.figure("h")), False),
    case("lg-nearest-from-nearest-space", "Nearest Foe of a large Schemer on D1 E1: A1 (3 "
         "from D1) and H1 (3 from E1) tie, though H1 is 4 from the anchor", "Nearest",
         "Figure or space with the shortest Line of Fire.",
         where(". . . . . . . .", sch("s", ["D1", "E1"]), fig("h1", "A1"), fig("h2", "H1")),
         lambda p: ids(nearest(p, p.figure("s"), p.foes_of(p.figure("s")))), ["h1", "h2"]),
    case("lg-farthest-minimal", "Farthest measures a large Hero by its nearest space: G1 F1 "
         "is 5 from A1 (its anchor G1 is 6)", "Farthest",
         "Figure with the longest minimal Line of Fire to a Schemer.",
         where(". . . . . . . .", sch("s", "A1"), fig("h1", ["G1", "F1"]), fig("h2", "C1")),
         lambda p: [(f.id, d) for f, d in figure_distances(
             p, p.figure("s"), farthest(p, p.figure("s"), p.foes_of(p.figure("s"))))],
         [("h1", 5)]),
    case("lg-range-any-space", "Ranged 2 from A1 reaches a large Hero on D1 C1 through C1",
         "Range X", "Space within X steps of another space.",
         where(". . . . . .", sch("s", "A1"), fig("h", ["D1", "C1"])),
         lambda p: resolve(attack_targets(p, "s", SchemerAttack(AttackKind.RANGED, 1,
                                                                 range=2)),
                           lambda d: d.options[0]).targets, ("h",)),
    case("lg-burst-covers-any-space", "a burst template covering only a large Schemer's "
         "second space hits it", APPENDIX_C,
         "Target any number of Foes within the Attack’s burst template",
         where(". . . . .", fig("h", "A1"), sch("s", ["C1", "D1"])),
         lambda p: ids(covered_foes(p, p.figure("h"), Placement(space(p, "D1"), 0,
                                                                (space(p, "D1"),)))),
         ["s"]),
    case("lg-splash-next-to-any-space", "Splash hits a large Foe whose tail (not anchor) is "
         "next to the target", "Splash",
         "Deal = damage to each Foe that is adjacent to the target(s) of the Attack",
         where(". . . . . .", fig("h", "A1"), sch("x", "C1"), sch("y", ["E1", "D1"])),
         lambda p: _splash_victims(p, "h", ["x"], {"x": space(p, "C1")}, ["x"]), ["y"]),
]


@pytest.mark.parametrize(("rule", "position", "check", "expected"), GEOMETRY)
def test_large_geometry(rule: Rule, position: Position, check: Check, expected: Any) -> None:
    assert check(position) == expected, rule


# --- movement: space by space, keeping its shape ------------------------------------------

SQUARE_2x4 = """
. . . .
. . . .
"""
PIVOT = SchemerRules(move=MoveRules(large=LargeRules(turns=LargeTurns.PIVOT)))
PER_PART = SchemerRules(move=MoveRules(large=LargeRules(difficult=LargeDifficult.PER_PART)))
DEFAULT = SchemerRules()


def ends(position: Position, points: int, rules: LargeRules = DEFAULT_LARGE) -> list[str]:
    """Every placement the large figure ``s`` can end a Move of ``points`` on."""
    graph = LargeGraph(position, position.figure("s"), rules=rules)
    return sorted(state_names(graph, s) for s in routes(graph, points))


MOVES = [
    case("lg-impassable-blocks-a-part", "a vertical pair on A1 A2 cannot slide right: B2 is "
         "Impassable", "Impassable", "Cannot be entered, placed with tokens, or have Line of "
         "Fire drawn through.",
         where(". . . .\n. # . .", sch("s", ["A1", "A2"]), layout="square"),
         lambda p: ends(p, 3), ["A1 A2"]),
    case("lg-wall-blocks-a-part", "a Wall between A2 and B2 stops the whole pair", "Wall",
         "Separates adjacent spaces, blocking movement and Line of Fire.",
         where(SQUARE_2x4, sch("s", ["A1", "A2"]), layout="square", walls=["A2|B2"]),
         lambda p: ends(p, 3), ["A1 A2"]),
    case("lg-slides-keeping-shape", "Move 2: the pair slides one or two spaces, never "
         "turning (large_turns=fixed)", "Move X", "Moves up to X spaces, taking map features "
         "into account.",
         where(SQUARE_2x4, sch("s", ["A1", "A2"]), layout="square"),
         lambda p: ends(p, 2), ["A1 A2", "B1 B2", "C1 C2"]),
    case("lg-pivot-turns", "large_turns=pivot: a step may also turn it about its anchor",
         "Move X", "Moves up to X spaces, taking map features into account.",
         where(SQUARE_2x4, sch("s", ["A1", "A2"]), layout="square"),
         lambda p: ends(p, 1, LargeRules(turns=LargeTurns.PIVOT)),
         ["A1 A2", "A1 B1", "B1 B2"]),
    case("lg-move-to-keeps-facing", "Move 3 with its anchor to D1: the pair on A1 B1 slides "
         "to D1 E1, facing kept", "Move X", "Moves up to X spaces, taking map features into "
         "account.",
         where(". . . . . .", sch("s", ["A1", "B1"])),
         lambda p: names(p, (lambda q: q.spaces_of(q.figure("s")))(resolve(
             move(p, "s", space(p, "D1"), 3), lambda d: d.options[0]).position)),
         ["D1", "E1"]),
    case("lg-never-through-a-figure", "a Hero on C2 stops the vertical pair at B1 B2",
         "Occupied", "Space containing a figure without the Tiny keyword.",
         where(SQUARE_2x4, sch("s", ["A1", "A2"]), fig("h", "C2"), layout="square"),
         lambda p: ends(p, 3), ["A1 A2", "B1 B2"]),
]


@pytest.mark.parametrize(("rule", "position", "check", "expected"), MOVES)
def test_large_moves(rule: Rule, position: Position, check: Check, expected: Any) -> None:
    assert check(position) == expected, rule


# --- Appendix D for a large Schemer: the outcomes the table is shown ----------------------

#: (anchor's path, every space it ends on, final target anchor, target figure, damage)
Outcome = tuple[str, str, str | None, str | None, int]


def outcomes(position: Position, movement: str, selector: str, rules: SchemerRules
             ) -> set[Outcome]:
    verb, points = movement.split()
    found = move_outcomes(position, "s", int(points), parse_selector(selector),
                          verb == "Leap", rules)
    return {(" ".join(o["path"]), " ".join(o["spaces"]), o["final_target"], o["target"],
             o["damage"]) for o in found}


SCHEMER = [
    case("lg-d-already-next-by-tail", "its tail C1 is next to the Hero: already on a target "
         "placement, it does not move", APPENDIX_D,
         "If the Schemer is already in a valid target space, it does not move.",
         where(". . . . .", sch("s", ["B1", "C1"]), fig("h", "D1")), "Move 3", "foe", DEFAULT,
         {("B1", "B1 C1", "B1", "h", 0)}),
    case("lg-d-ties-are-the-players", "'space A1 or space F1': A1 B1 and E1 F1 both cost 2: "
         "two outcomes, every space listed", APPENDIX_D,
         "If multiple spaces are tied, players choose the final target space.",
         where(". . . . . .", sch("s", ["C1", "D1"])), "Move 2", "space A1 or space F1",
         DEFAULT, {("C1 B1 A1", "A1 B1", "A1", None, 0), ("C1 D1 E1", "E1 F1", "E1", None, 0)}),
    case("lg-d-next-to-foe-by-any-part", "toward a Hero on F1: the only target placement is "
         "D1 E1, its tail E1 next to F1; Move 3 reaches it with 2", APPENDIX_D,
         "If targeting a figure, the Schemer will attempt to move adjacent to it.",
         where(". . . . . .", sch("s", ["B1", "C1"]), fig("h", "F1")), "Move 3", "foe",
         DEFAULT, {("B1 C1 D1", "D1 E1", "D1", "h", 0)}),
    case("lg-d-trap-under-any-part", "the vertical pair must cross column B: the Trap on B2 "
         "(under its tail) triggers", "Trap",
         "Figures that Move < onto or through a Trap space will trigger the Trap and take "
         "damage.",
         where(". . . .\n. T . .", sch("s", ["A1", "A2"], fortitude=5), layout="square"),
         "Move 3",
         "space D1", DEFAULT, {("A1 B1 C1 D1", "D1 D2", "D1", None, 1)}),
    case("lg-d-hazard-entered-once", "sliding over a Hazard, head then tail: only the head "
         "enters it, 1 damage", "Hazard", "Dangerous space on the map, typically with a red "
         "border.",
         where(". . ^ . . .", sch("s", ["B1", "A1"], fortitude=5)), "Move 4", "space F1",
         DEFAULT, {("B1 C1 D1 E1 F1", "F1 E1", "F1", None, 1)}),
    case("lg-d-leap-lands-only", "Leap 4 over the Trap on C1: only the landing E1 F1 counts, "
         "no damage", "Leap X", "If a space that a figure moves through during a Leap ; would "
         "cause something to happen, it does not happen.",
         where(". . T . . .", sch("s", ["A1", "B1"], fortitude=5)), "Leap 4", "space F1",
         DEFAULT, {("A1 B1 C1 D1 E1", "E1 F1", "E1", None, 0)}),
    case("lg-d-wizard-fire-under-a-part", "Wizard Fire on B2, under the tail's way: the "
         "Schemer is burned for 1", "Wizard Fire",
         "This means Foes that move onto or through the space occupied by a Wizard Fire token "
         "will take damage.",
         replace(where(SQUARE_2x4, sch("s", ["A1", "A2"], fortitude=5), layout="square"),
                 wizard_fire={5: 1}), "Move 3", "space D1", DEFAULT,
         {("A1 B1 C1 D1", "D1 D2", "D1", None, 1)}),
    case("lg-d-approach-by-path", "approach=path: short of C1 C2 (per-part Difficult), the "
         "placement needing least movement still, B1 B2", APPENDIX_D,
         "Cannot reach the final target space: The Schemer moves to the Nearest ~ space it can "
         "reach",
         where(". ~ . .\n. ~ . .", sch("s", ["A1", "A2"]), layout="square"), "Move 3",
         "space C1", SchemerRules(move=PER_PART.move, approach=Approach.PATH),
         {("A1 B1", "B1 B2", "C1", None, 0)}),
    case("lg-d-difficult-once", "large_difficult=once: entering B1 B2 (both Difficult) costs "
         "2, so Move 3 reaches C1 C2", "Difficult",
         "Move < requires two points of movement to enter.",
         where(". ~ . .\n. ~ . .", sch("s", ["A1", "A2"]), layout="square"), "Move 3",
         "space C1", DEFAULT, {("A1 B1 C1", "C1 C2", "C1", None, 0)}),
    case("lg-d-difficult-per-part", "large_difficult=per-part: B1 B2 costs 3, Move 3 stops "
         "there, the Nearest placement it can reach", "Difficult",
         "Move < requires two points of movement to enter.",
         where(". ~ . .\n. ~ . .", sch("s", ["A1", "A2"]), layout="square"), "Move 3",
         "space C1", PER_PART, {("A1 B1", "B1 B2", "C1", None, 0)}),
    case("lg-d-fixed-cannot-turn-the-corner", "large_turns=fixed: a pair on B1 C1 cannot "
         "turn down the corridor to A3; widening, it ends on A1 B1", APPENDIX_D,
         "then expand the search to spaces adjacent to the original target spaces, repeating "
         "if necessary.",
         where(". . .\n.\n.", sch("s", ["B1", "C1"]), layout="square"), "Move 5", "space A3",
         DEFAULT, {("B1 A1", "A1 B1", "A1", None, 0)}),
    case("lg-d-pivot-turns-the-corner", "large_turns=pivot: it slides to A1 B1, turns about "
         "A1 onto A1 A2 and slides to A2 A3", APPENDIX_D,
         "Can reach the final target space: The Schemer moves to the final target space",
         where(". . .\n.\n.", sch("s", ["B1", "C1"]), layout="square"), "Move 5", "space A3",
         PIVOT, {("B1 A1 A1 A2", "A2 A3", "A2", None, 0)}),
]


@pytest.mark.parametrize(("rule", "position", "movement", "selector", "rules", "expected"),
                         SCHEMER)
def test_large_schemer_move(rule: Rule, position: Position, movement: str, selector: str,
                            rules: SchemerRules, expected: set[Outcome]) -> None:
    assert outcomes(position, movement, selector, rules) == expected, rule


# --- Push, Pull, Grab and Place ---------------------------------------------------------

MASSIVE_LIKE = LargeRules(forced=LargeForced.MASSIVE)
CORRIDOR = ". . . . . . ."


def _ends(position: Position, resolution: Any) -> list[str]:
    result = resolve(resolution, lambda d: d.options[0])
    return [" ".join(names(result.position, result.position.spaces_of(
        result.position.figure("s"))))] + ([result.resisted] if result.resisted else [])


def _grab_options(position: Position) -> list[str]:
    found = all_outcomes(lambda: grab(position, "h", "s"))
    return sorted(" ".join(names(r.position, r.position.spaces_of(r.position.figure("s"))))
                  for _, r in found)


FORCED = [
    case("lg-push-whole", "Push 2 from A1: the pair on B1 C1 slides to D1 E1", "Push X",
         "Each space moved to must be one space farther away from the pushing figure",
         where(CORRIDOR, fig("h", "A1"), sch("s", ["B1", "C1"])),
         lambda p: _ends(p, push(p, "h", "s", 2)), ["D1 E1"]),
    case("lg-push-massive-like", "large_forced=massive: Push 2 is reduced to 1", "Massive",
         "Push/Pull effects are reduced to 1.",
         where(CORRIDOR, fig("h", "A1"), sch("s", ["B1", "C1"])),
         lambda p: _ends(p, push(p, "h", "s", 2, large=MASSIVE_LIKE)), ["C1 D1"]),
    case("lg-pull-stops-adjacent", "Pull 5 toward A1: the pair on E1 F1 stops on B1 C1, "
         "adjacent", "Pull X", "The target is adjacent to the pulling figure.",
         where(CORRIDOR, fig("h", "A1"), sch("s", ["E1", "F1"])),
         lambda p: _ends(p, pull(p, "h", "s", 5)), ["B1 C1"]),
    case("lg-grab-adjacent-placement", "Grab by a Hero on D1: B1 C1 or E1 F1, same facing "
         "(a Decision)", "Grab", "Moves a figure to an adjacent Unoccupied space.",
         where(CORRIDOR, fig("h", "D1"), sch("s", ["A1", "B1"])),
         _grab_options, ["B1 C1", "E1 F1"]),
    case("lg-place-anchor", "Place with its anchor on E1: the pair stands on E1 F1", "Place",
         "Moves a figure to the specified space.",
         where(CORRIDOR, sch("s", ["A1", "B1"])),
         lambda p: _ends(p, place(p, "s", space(p, "E1"))), ["E1 F1"]),
    case("lg-place-massive-like", "large_forced=massive: Place has no effect", "Massive",
         "Unaffected by Grab or Place effects.",
         where(CORRIDOR, sch("s", ["A1", "B1"])),
         lambda p: _ends(p, place(p, "s", space(p, "E1"), large=MASSIVE_LIKE)),
         ["A1 B1", "Massive"]),
]


@pytest.mark.parametrize(("rule", "position", "check", "expected"), FORCED)
def test_large_forced(rule: Rule, position: Position, check: Check, expected: Any) -> None:
    assert check(position) == expected, rule


# --- a large newcomer: Reinforce ------------------------------------------------------------

BLOCKS = Path(__file__).resolve().parents[2] / "scenarios" / "sample-large-schemers.toml"


def test_a_large_reinforcement_stands_next_to_its_actor() -> None:
    """docs/rules-decisions.md, "Deploying a large figure": a Reinforce step brings a large
    newcomer onto any free facing with a space next to the actor; the table chooses."""
    position = where(". . . . .", sch("x", "C1"))
    block = load_scheme_blocks(BLOCKS)["cellar-crawlers"]
    battle = Battle(position, EpicPool(), load_dice())
    found = all_outcomes(lambda: reinforce(battle, position.figure("x"), block, 1, 2))
    placed = sorted(" ".join(names(b.position, b.position.spaces_of(b.position.figure(
        "cellar-crawlers-1")))) for _, (b, _) in found)
    assert placed == ["A1 B1", "D1 E1"]


# --- forced movement in play: Harm, abilities, Schemer Attacks (the game's large_forced) ----


PUSH_HARM = HeroAttack(AttackKind.MELEE, fixed=1, harm=parse_harm("Push target 2."))
PULL3 = ability("action", '{ pull = 3, target = "foe within 6" }')
GRAB = ability("action", '{ grab = true, target = "foe within 6" }')
PLACE3 = ability("action", '{ place = 3, target = "foe within 6" }')
WHOLE = DEFAULT_LARGE


def _table(position: Position, large: LargeRules, **abilities: Any) -> Battle:
    """A Battle whose rules carry the game's ``large_forced`` reading (as a game's do)."""
    table = equipped(position, abilities)
    return replace(table, rules=CombatRules(large=large))


def _hero_push(large: LargeRules) -> Callable[[Battle], Any]:
    return lambda table: player_attack(table, "h", PUSH_HARM, ["s"])


def _schemer_push(large: LargeRules) -> Callable[[Battle], Any]:
    plan = AttackPlan(SchemerAttack(AttackKind.MELEE, 1, 1, None, "Push target 2."), "s",
                      ("h",), "scripted")
    return lambda table: schemer_attack(table, plan)


def _use(step: Any) -> Callable[[LargeRules], Callable[[Battle], Any]]:
    return lambda large: lambda table: activate(table, "h", step)


def _standing(table: Battle, figure_id: str) -> str:
    position = table.position
    return " ".join(position.board.names[s] for s in position.spaces_of(
        position.figure(figure_id)))


PLAY_LANE = ". . . . . . . ."

IN_PLAY = [
    case("lg-play-harm-push-whole", "a Hero's Melee Attack with Harm Push 2: the pair on B1 C1 "
         "slides to D1 E1 (large_forced=whole, the game's default)", "Push X",
         "Each space moved to must be one space farther away from the pushing figure",
         where(PLAY_LANE, fig("h", "A1"), sch("s", ["B1", "C1"], fortitude=9)),
         _hero_push, WHOLE, (), {"s": "D1 E1"}, None),
    case("lg-play-harm-push-massive", "the same Attack in a game played with "
         "large_forced=massive: the Push is reduced to 1", "Massive",
         "Push/Pull effects are reduced to 1.",
         where(PLAY_LANE, fig("h", "A1"), sch("s", ["B1", "C1"], fortitude=9)),
         _hero_push, MASSIVE_LIKE, (), {"s": "C1 D1"}, None),
    case("lg-play-schemer-push-large-hero", "a Schemer's Attack with Harm Push 2 on a large "
         "Hero, large_forced=massive: it goes 1", "Massive",
         "Push/Pull effects are reduced to 1.",
         where(PLAY_LANE, sch("s", "A1"), fig("h", ["B1", "C1"], fortitude=9)),
         _schemer_push, MASSIVE_LIKE, (), {"h": "C1 D1"}, None),
    case("lg-play-ability-pull-whole", "a Hero's Pull 3 ability: the pair on E1 F1 comes to "
         "B1 C1 and stops, adjacent", "Pull X",
         "The target is adjacent to the pulling figure.",
         where(PLAY_LANE, fig("h", "A1"), sch("s", ["E1", "F1"])),
         _use(PULL3), WHOLE, (), {"s": "B1 C1"}, None),
    case("lg-play-ability-pull-massive", "the same Pull 3 with large_forced=massive: 1 space",
         "Massive", "Push/Pull effects are reduced to 1.",
         where(PLAY_LANE, fig("h", "A1"), sch("s", ["E1", "F1"])),
         _use(PULL3), MASSIVE_LIKE, (), {"s": "D1 E1"}, None),
    case("lg-play-ability-grab-massive", "a Hero's Grab with large_forced=massive: no effect",
         "Massive", "Unaffected by Grab or Place effects.",
         where(PLAY_LANE, fig("h", "A1"), sch("s", ["D1", "E1"])),
         _use(GRAB), MASSIVE_LIKE, (), {"s": "D1 E1"}, None),
    case("lg-play-ability-place-fits", "a Hero's Place 3: only anchors where the whole pair "
         "fits, facing kept, are offered: B1 and C1, not D1 (its tail would be on g's E1)",
         "Place", "Moves a figure to the specified space.",
         where(PLAY_LANE, fig("h", "A1"), fig("g", "E1"), sch("s", ["G1", "H1"])),
         _use(PLACE3), WHOLE, (("place-space", 2),), {"s": "C1 D1"}, [1, 2]),
]


@pytest.mark.parametrize(("rule", "position", "act", "large", "choices", "standing",
                          "offered"), IN_PLAY)
def test_large_forced_in_play(rule: Rule, position: Position, act: Any, large: LargeRules,
                              choices: tuple[Any, ...], standing: dict[str, str],
                              offered: list[int] | None) -> None:
    table = _table(position, large, h=[PULL3, GRAB, PLACE3])
    result, script = run(act(large)(table), [], choices)
    final = outcome(result)
    assert {f: _standing(final, f) for f in standing} == standing, rule
    if offered is not None:
        assert options(script, "place-space", position) == offered, rule
