"""Rule cases from the second reading of the reference manual (issue 15): rules that held in
one path of the code but not in another.

- Schemers keep to Safe spaces while a Safe path to the final target space exists.
- A figure Defeated on its way is removed at once: it goes no farther and does nothing more.
- A figure Wounded on its way pauses the resolution for its Wounded Reactions, there.
- Overrun never displaces a Massive or an Avoided figure, nor one figure twice.
- Companion Pooky springs the Trap his Rampage lands on and may use door spaces.
- Only Heroes (and Companions, which count as Heroes) choose Leap-over effects.
- Log lines say what happened: a resisted Push, a widened search's target.
- The readings with flags (``dangerous_paths``, ``nearest_ties``, ``least_fortitude``): the
  default and the other reading, each in its own row.

Maps are the one-row corridors of the other tables (``A1 B1 C1 ...``, each space linked to
its left and right neighbour only), unless a row draws another. Every expected value was
worked out by hand from the row's passage.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from tales.board.position import Position
from tales.rules.decisions import Decider, SameOutcome
from tales.rules.dice import Face
from tales.rules.effects import activate
from tales.rules.health import LeastFortitude
from tales.rules.movement import move
from tales.rules.schemer_attacks import AttackKind, SchemerAttack
from tales.rules.schemer_movement import (
    DEFAULT_SCHEMER_RULES,
    Approach,
    DangerousPaths,
    NearestTies,
    SchemerRules,
    schemer_move,
)
from tales.rules.schemes import AttackStep, MoveStep, Scheme, play_group_turn
from tales.rules.targets import parse_selector
from tales.table import move_outcomes
from tests.build import fig, positioned

from ._build import Rule, build, case, first_decision, hero, schemer
from ._combat import DOOM, ONE, foe, hero_, run, space
from ._heroes import ability, equipped, outcome, summary

APPENDIX_D = "Appendix D Schemer Movement"
LANE = ". . . . . . ."

Outcome = tuple[str, str | None, str | None, int]


def went(path: str, final: str | None, target: str | None = None, damage: int = 0
         ) -> Outcome:
    return (path, final, target, damage)


def outcomes(position: Position, movement: int, selector: str,
             rules: SchemerRules = DEFAULT_SCHEMER_RULES) -> set[Outcome]:
    found = move_outcomes(position, "s", movement, parse_selector(selector), False, rules)
    return {(" ".join(o["path"]), o["final_target"], o["target"], o["damage"]) for o in found}


AVOID = DEFAULT_SCHEMER_RULES
NEAREST_FIRST = SchemerRules(dangerous_paths=DangerousPaths.NEAREST_FIRST)
MERGE = SchemerRules(nearest_ties=NearestTies.MERGE)
BOTH_SIDES = SchemerRules(least_fortitude=LeastFortitude.BOTH_SIDES)
BY_LINE_OF_FIRE = SchemerRules(approach=Approach.LINE_OF_FIRE)

#: A Trap between the Schemer and C1, a Safe way round of 4 (square layout).
SHORTCUT = """
. T .
. . .
"""
#: The same with a longer Safe way round (6).
LONG_WAY = """
. T . .
. # # .
. . . .
"""

MOVES = [
    case("dangerous-safe-path-only", "a Safe path to C1 exists: Move 3 keeps to Safe "
         "spaces (C2), never over the Trap", "Dangerous",
         "Schemers avoid moving through Dangerous spaces.",
         build(SHORTCUT, schemer("s", "A1"), layout="square"), 3, "space C1", AVOID,
         {went("A1 A2 B2 C2", "C1")}),
    case("dangerous-safe-path-walks-the-way-round", "the Safe way round is 8 long: Move 2 "
         "goes along it to A3 (6 left, A1 has 8): it uses its movement, off the Trap "
         "(default approach=path)", APPENDIX_D,
         "Cannot reach the final target space: The Schemer moves to the Nearest ~ space it can "
         "reach, minimizing damage but prioritizing using its entire movement effect.",
         build(LONG_WAY, schemer("s", "A1"), layout="square"), 2, "space C1", AVOID,
         {went("A1 A2 A3", "C1")}),
    case("approach-line-of-fire-holds-its-ground", "flag approach=line-of-fire: every Safe "
         "space it reaches (A2 3, A3 4 by Line of Fire) is farther from C1 than A1 (2): it "
         "stays, off the Trap", "Dangerous",
         "Schemers avoid moving through Dangerous spaces.",
         build(LONG_WAY, schemer("s", "A1"), layout="square"), 2, "space C1", BY_LINE_OF_FIRE,
         {went("A1", "C1")}),
    case("approach-line-of-fire-friend-in-the-way", "flag approach=line-of-fire: a Friend on "
         "A2 blocks the way to A3; A1 is Nearest by Line of Fire (2): it stays", APPENDIX_D,
         "Cannot reach the final target space: The Schemer moves to the Nearest ~ space it can "
         "reach, minimizing damage but prioritizing using its entire movement effect.",
         build("""
             . . . .
             . # # .
             . . . .
         """, schemer("s", "A1"), schemer("x", "A2"), layout="square"), 5, "space A3",
         BY_LINE_OF_FIRE, {went("A1", "A3")}),
    case("approach-line-of-fire-difficult", "flag approach=line-of-fire: Move 2 toward E1 over "
         "Difficult C1 D1 ends on B1, Nearest by Line of Fire (3), though B2 needs less "
         "movement to go on", APPENDIX_D,
         "Cannot reach the final target space: The Schemer moves to the Nearest ~ space it can "
         "reach, minimizing damage but prioritizing using its entire movement effect.",
         build("""
             . . ~ ~ .
             . . . . .
         """, schemer("s", "A1"), layout="square"), 2, "space E1", BY_LINE_OF_FIRE,
         {went("A1 B1", "E1")}),
    case("dangerous-flag-nearest-first", "flag dangerous_paths=nearest-first: Move 3 "
         "reaches C1 over the Trap and takes its damage", APPENDIX_D,
         "Can reach the final target space: The Schemer moves to the final target space, "
         "minimizing damage if only Dangerous paths exist.",
         build(SHORTCUT, schemer("s", "A1"), layout="square"), 3, "space C1", NEAREST_FIRST,
         {went("A1 B1 C1", "C1", None, 1)}),
    case("dangerous-no-safe-path", "no Safe path at all: the Dangerous one is taken "
         "whatever the flag", APPENDIX_D,
         "Dangerous paths: If no Safe paths exist, consider paths that result in the least "
         "damage from Traps and Hazards.",
         build(". T . .", schemer("s", "A1")), 3, "space D1", AVOID,
         {went("A1 B1 C1 D1", "D1", None, 1)}),
    case("overrun-not-massive", "an Overrun Schemer cannot displace a Massive Hero: it "
         "stops before it", "Massive", "Unaffected by Grab or Place effects.",
         build(LANE, schemer("s", "A1", "Overrun"), hero("h", "C1", "Massive")), 5,
         "space F1", AVOID, {went("A1 B1", "F1")}),
    case("overrun-not-avoided", "an Overrun Schemer cannot displace an Avoided Hero: it "
         "stops before it", "Avoided", "Schemers cannot target or interact with Avoided figures.",
         build(LANE, schemer("s", "A1", "Overrun"), hero("h", "C1", "Avoided")), 5,
         "space F1", AVOID, {went("A1 B1", "F1")}),
    case("nearest-ties-merge-flag", "flag nearest_ties=merge: the tied Foes' spaces go to "
         "step 2 together; F1 costs 2, B1 3 over Difficult C1: F1", APPENDIX_D,
         "Safe paths: Determine the minimum number of steps needed to reach each target space "
         "along a Safe path.",
         build(". . ~ . . . .", schemer("s", "D1"), hero("h1", "A1"), hero("h2", "G1")), 2,
         "nearest foe", MERGE, {went("D1 E1 F1", "F1", "h2")}),
    case("least-fortitude-side-showing", "a Fresh Hero with 2 left on its Fresh side (8 on "
         "its Wounded side) against a Wounded one with 3 left: the side showing counts, so "
         "the Fresh one", APPENDIX_D,
         "then the Foe with the least remaining Fortitude",
         positioned(LANE, fig("s", "D1", "schemer", fortitude=5),
                    fig("a", "A1", fortitude=6, damage=4, wounded_fortitude=8),
                    fig("b", "G1", fortitude=8, damage=5, wounded=True)),
         2, "foe with least remaining fortitude", AVOID, {went("D1 C1 B1", "B1", "a")}),
    case("least-fortitude-both-sides-flag", "flag least_fortitude=both-sides: the Fresh "
         "Hero has 2 + 8 = 10 left, the Wounded one 3: the Wounded one", "Wounded",
         "Heroes and some other figures in the game have two “health bars”",
         positioned(LANE, fig("s", "D1", "schemer", fortitude=5),
                    fig("a", "A1", fortitude=6, damage=4, wounded_fortitude=8),
                    fig("b", "G1", fortitude=8, damage=5, wounded=True)),
         2, "foe with least remaining fortitude", BOTH_SIDES, {went("D1 E1 F1", "F1", "b")}),
]


@pytest.mark.parametrize(("rule", "position", "movement", "selector", "rules", "expected"),
                         MOVES)
def test_schemer_moves(rule: Rule, position: Position, movement: int, selector: str,
                       rules: SchemerRules, expected: set[Outcome]) -> None:
    assert outcomes(position, movement, selector, rules) == expected, rule


def _nearest_tie_asks_for_the_foe_first() -> None:
    """Nearest, "Multiple targets: players choose": the table picks the Foe (flag
    nearest_ties=choose, the default), before any target space is worked out."""
    position = build(". . ~ . . . .", schemer("s", "D1"), hero("h1", "A1"), hero("h2", "G1"))
    decision = first_decision(schemer_move(position, "s", 2, parse_selector("nearest foe")))
    assert decision is not None
    assert (decision.kind, decision.decider, decision.options) == (
        "nearest-foe", Decider.TABLE, ("h1", "h2"))


def _widened_search_says_toward_not_next_to() -> None:
    """A space found by widening the search is not next to the target: the reasons say
    "toward" (Appendix D, "expand the search to spaces adjacent to the original target
    spaces")."""
    position = build(LANE, schemer("s", "G1"), schemer("x", "B1"), hero("h", "C1"),
                     schemer("y", "D1"))
    found = move_outcomes(position, "s", 2, parse_selector("nearest foe"), False)
    assert [o["to"] for o in found] == ["E1"]
    said = " ".join(found[0]["reasons"])
    assert "toward h" in said and "next to h" not in said


# --- Defeated on the way ---------------------------------------------------------------

def march(*steps: Any) -> Scheme:
    return Scheme("March", (1,), tuple(steps))


TOWARD_FOE = MoveStep(6, parse_selector("nearest foe"))
BITE = AttackStep(SchemerAttack(AttackKind.MELEE, 1, 1, None, None))


def rats(*figures: dict[str, object], grid: str) -> Position:
    return positioned(grid, *figures)


def rat(figure_id: str, at: str, number: int, fortitude: int) -> dict[str, object]:
    return fig(figure_id, at, "schemer", group="rats", number=number, fortitude=fortitude)


DEFEATED = [
    case("defeated-stops-at-the-trap", "rat 1 (Fortitude 1) is Defeated by the Trap on B1: "
         "removed there, it does not spring the Trap on D1 nor bite; rat 2 goes on and "
         "bites", "Defeated", "Figure is removed from the map if damage equals or exceeds "
         "Fortitude.",
         rats(rat("r1", "A1", 1, 1), rat("r2", "G1", 2, 5), hero_("h", "F1"),
              grid=". T . T . . ."),
         march(TOWARD_FOE, BITE),
         {"figures": ["h", "r2"], "traps": {"D1": 1}, "state": {"h": (1, {})},
          "where": {"r2": "G1"}}),
]


@pytest.mark.parametrize(("rule", "position", "scheme", "expect"), DEFEATED)
def test_defeated_on_the_way(rule: Rule, position: Position, scheme: Scheme,
                             expect: dict[str, Any]) -> None:
    table = equipped(position, {})
    turn, script = run(play_group_turn(table, "rats", scheme))
    assert turn.battle is not None
    got = summary(turn.battle, script)
    for key in ("state", "where"):
        got[key] = {f: got[key].get(f) for f in expect.get(key, {})}
    assert {k: got[k] for k in expect} == expect, rule


def _defeated_mover_result_stops_where_it_fell() -> None:
    """A Move's result ends on the space where the mover was Defeated (glossary: Defeated)."""
    position = positioned(". T . T .", fig("s", "A1", "schemer", fortitude=1))
    result, _ = run(move(position, "s", space(position, "E1"), 4))
    assert result.defeated and [position.board.names[s] for s in result.path] == ["A1", "B1"]
    assert not result.position.has_figure("s")
    assert space(position, "D1") in result.position.traps


# --- Wounded on the way: the resolution pauses -----------------------------------------

SHIELD_UP = '{ gain = true, tokens = { shield = 1 } }'
SECOND_WIND = ability("reaction", SHIELD_UP, name="Second wind", trigger='"wounded"',
                      cost="{ cooldown = 1 }")
MOVE3 = ability("action", "{ move = 3 }", name="move")
SWING = ability("action", '{ attack = "melee", dice = 1 }', name="swing")


def _wounded_by_the_first_trap_reacts_before_the_second() -> None:
    """Wounded 3: "pause the resolution process ... Resolve any Reactions that trigger upon
    becoming Wounded": the Shield the Reaction gives is there for the second Trap."""
    position = positioned(". T T . .", hero_("h", "A1", damage=5))
    table = equipped(position, {"h": [MOVE3, SECOND_WIND]})
    result, script = run(activate(table, "h", MOVE3), (), [
        ("move-to", space(position, "D1")), ("reaction", "Second wind"), ("shields", 1)])
    got = summary(outcome(result), script)
    assert got["asked"] == ["move-to", "reaction", "shields"]
    assert got["wounded"] == ["h"] and got["state"]["h"] == (0, {})
    assert got["used"] == ["h uses move", "h uses Second wind"]


def _doom_wound_reacts_before_the_damage_is_dealt() -> None:
    """A Doom Die's 1 damage Wounds the attacker: its Wounded Reaction (a Shield Token)
    resolves then, before the Attack deals its damage (Wounded 3), so the Shield is there
    when the Schemer hits back."""
    position = positioned(". . .", hero_("h", "A1", damage=5),
                          foe("s", "B1", keywords=["Doom"], tokens={"hitback": 1}))
    table = equipped(position, {"h": [SWING, SECOND_WIND]})
    rolls: list[Face] = [ONE, DOOM]
    result, script = run(activate(table, "h", SWING), rolls, [
        ("doom", "take damage"), ("reaction", "Second wind"), ("shields", 1)])
    got = summary(outcome(result), script)
    assert got["wounded"] == ["h"] and got["state"]["h"] == (0, {}), got["log"]


# --- Leap over a Trap: who chooses --------------------------------------------------------

LEAPERS = [
    case("leap-over-hero-asked", "a Hero Leaping over a Trap is asked whether it triggers",
         "Leap X", "If a Hero moves through a space during a Leap ; that would cause "
         "something to happen, the player may choose whether or not that effect happens",
         fig("h", "A1", fortitude=6), True),
    case("leap-over-companion-asked", "a Solo Mode Companion counts as a Hero: asked",
         "Appendix B Solo Mode", "Rules and scenarios referring to a Hero include both your "
         "Hero and your Companion unless stated otherwise.",
         fig("h", "A1", fortitude=6, role="companion"), True),
    case("leap-over-ally-not-asked", "an Ally is not a Hero: the space it Leaps over does "
         "nothing, nobody is asked", "Leap X", "If a space that a figure moves through during "
         "a Leap ; would cause something to happen, it does not happen.",
         fig("h", "A1", fortitude=3, role="ally", owner="z"), False),
]


@pytest.mark.parametrize(("rule", "leaper", "asked"), LEAPERS)
def test_leap_over_a_trap(rule: Rule, leaper: dict[str, object], asked: bool) -> None:
    position = positioned(". T .", leaper)
    decision = first_decision(move(position, "h", space(position, "C1"), 2, leap=True))
    assert (decision is not None and decision.kind == "leap-trigger") is asked, rule


# --- Companion Pooky --------------------------------------------------------------------

RAMPAGE = ability("action", "{ rampage = 2, damage = 1 }", name="rampage")


def companion_pooky(at: str = "A1") -> dict[str, object]:
    return fig("pk", at, "hero", role="companion", keywords=["Tiny"], fortitude=4)


def _companion_pooky_rampage_springs_the_trap_it_lands_on() -> None:
    """Appendix B: "Companion Pooky triggers Traps and Hazards, and can open doors"."""
    position = positioned(". . T .", companion_pooky())
    table = equipped(position, {"pk": [RAMPAGE]})
    result, script = run(activate(table, "pk", RAMPAGE), (), [
        ("rampage-step", "B1"), ("rampage-step", "C1")])
    got = summary(outcome(result), script)
    assert got["traps"] == {} and got["state"]["pk"] == (1, {}) and got["where"]["pk"] == "C1"


def _zot_pooky_rampage_springs_nothing() -> None:
    """Appendix A: Zot's Pooky "cannot take damage, trigger Traps, open doors"."""
    position = positioned(". . T .", fig("z", "D1", fortitude=8),
                          fig("pk", "A1", keywords=["Tiny", "Avoided"], role="pooky",
                              owner="z"))
    table = equipped(position, {"pk": [RAMPAGE]})
    result, script = run(activate(table, "pk", RAMPAGE), (), [
        ("rampage-step", "B1"), ("rampage-step", "C1")])
    got = summary(outcome(result), script)
    assert got["traps"] == {"C1": 1} and got["state"]["pk"] == (0, {})


def _companion_pooky_may_rampage_onto_a_door_space() -> None:
    """Appendix B: Companion Pooky "can open doors": a door space (its door open) is one of
    his steps; Zot's Pooky may not "enter spaces with door tokens" (Appendix A)."""
    position = replace(positioned(". D . .", companion_pooky(), fig("z", "D1", fortitude=8)),
                       closed_doors=frozenset())
    table = equipped(position, {"pk": [RAMPAGE]})
    decision = first_decision(activate(table, "pk", RAMPAGE))
    assert decision is not None and "B1" in decision.options


# --- log lines ------------------------------------------------------------------------------

def _resisted_push_is_said() -> None:
    """Juggernaut, "Cannot be moved except by its own Scheme": the log says it resists."""
    position = positioned(". . . .", hero_("h", "A1"),
                          foe("s", "B1", keywords=["Juggernaut"]))
    shove = ability("action", '{ push = 2, target = "foe within 1" }', name="shove")
    table = equipped(position, {"h": [shove]})
    result, script = run(activate(table, "h", shove), (), [])
    log = summary(outcome(result), script)["log"]
    assert "h: s resists the Push (Juggernaut)" in log, log
    assert not any("pushed to" in line for line in log), log


CHECKS = [
    case("nearest-tie-asks-for-the-foe", "Foes tied for Nearest: the table picks the Foe "
         "first (flag nearest_ties=choose)", "Nearest", "Multiple targets: players choose.",
         _nearest_tie_asks_for_the_foe_first),
    case("widened-search-says-toward", "a space found by widening is not next to the target: "
         "the reasons say toward", APPENDIX_D, "then expand the search to spaces adjacent to "
         "the original target spaces, repeating if necessary.",
         _widened_search_says_toward_not_next_to),
    case("defeated-move-ends-where-it-fell", "a Move's result ends where the mover was "
         "Defeated; the next Trap stays", "Defeated",
         "Figure is removed from the map if damage equals or exceeds Fortitude.",
         _defeated_mover_result_stops_where_it_fell),
    case("wounded-first-trap-reacts-before-the-second", "Wounded by the first Trap of a "
         "Move: the Reaction's Shield is there for the second", "Wounded",
         "If a figure becomes Wounded while resolving an ability or Scheme, pause the "
         "resolution process.", _wounded_by_the_first_trap_reacts_before_the_second),
    case("wounded-by-doom-reacts-before-the-damage", "Wounded by the Doom Die: the "
         "Reaction's Shield is there against the Hitback", "Wounded",
         "Resolve any Reactions that trigger upon becoming Wounded.",
         _doom_wound_reacts_before_the_damage_is_dealt),
    case("companion-pooky-springs-the-trap", "Companion Pooky's Rampage ends on a Trap: it "
         "springs", "Appendix B Solo Mode",
         "Companion Pooky triggers Traps and Hazards, and can open doors.",
         _companion_pooky_rampage_springs_the_trap_it_lands_on),
    case("zot-pooky-springs-nothing", "Zot's Pooky's Rampage ends on a Trap: nothing happens",
         "Appendix A Character Mechanics", "Pooky cannot take damage, trigger Traps, open "
         "doors, or enter spaces with door tokens.", _zot_pooky_rampage_springs_nothing),
    case("companion-pooky-door-space", "Companion Pooky may step on a door space",
         "Appendix B Solo Mode", "Companion Pooky triggers Traps and Hazards, and can open "
         "doors.", _companion_pooky_may_rampage_onto_a_door_space),
    case("juggernaut-resists-the-push", "a Juggernaut resisting a Push is logged as "
         "resisting, not as pushed", "Juggernaut", "Ignores Forced Movement effects.",
         _resisted_push_is_said),
]


@pytest.mark.parametrize(("rule", "check"), CHECKS)
def test_checks(rule: Rule, check: Callable[[], None]) -> None:
    check()


# --- same_outcome: a question whose every answer leads to the same move -----------------------

#: (rule, position, movement, selector, rules, the first Decision asked: (kind, options) or None)
SAME_OUTCOME = [
    case("same-outcome-skip-not-asked", "already next to h1 and h2, tied for Nearest: it does "
         "not move whichever is chosen, so nothing is asked (default same_outcome=skip)",
         APPENDIX_D, "If the Schemer is already in a valid target space, it does not move.",
         build(". . . . .", hero("h1", "B1"), schemer("s", "C1"), hero("h2", "D1")),
         2, "nearest foe", AVOID, None),
    case("same-outcome-ask-asks-all-the-same", "flag same_outcome=ask: the tie is asked though "
         "the answer changes nothing", "Nearest", "Multiple targets: players choose.",
         build(". . . . .", hero("h1", "B1"), schemer("s", "C1"), hero("h2", "D1")),
         2, "nearest foe", SchemerRules(same_outcome=SameOutcome.ASK),
         ("nearest-foe", ("h1", "h2"))),
]


@pytest.mark.parametrize(("rule", "position", "movement", "selector", "rules", "asked"),
                         SAME_OUTCOME)
def test_same_outcome(rule: Rule, position: Position, movement: int, selector: str,
                      rules: SchemerRules, asked: tuple[str, tuple[str, ...]] | None) -> None:
    decision = first_decision(schemer_move(position, "s", movement,
                                           parse_selector(selector), rules=rules))
    found = None if decision is None else (decision.kind, decision.options)
    assert found == asked, rule
