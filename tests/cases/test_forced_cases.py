"""Rule cases for Forced Movement: Push X, Pull X, Grab and Place.

The figure doing it is always ``a`` and the figure moved is ``t``. Push and Pull distances are
Line of Fire distances from ``a``. On ``HEX_3x4`` below, measured from A2:

    A1 B1 C1 D1        1: A1 B1 B2 A3 B3
     A2 B2 C2 D2       2: C1 C2 C3
    A3 B3 C3 D3        3: D1 D2 D3

and the links used between those rings are B2-C1 B2-C2 B2-C3, C1-D1, C2-D1 C2-D2 C2-D3,
C3-D3, C1-B1. Every expected value was worked out by hand from the row's passage.
"""

from __future__ import annotations

import pytest

from tales.board.position import Position
from tales.errors import IllegalChoice
from tales.rules.decisions import Decider, Resolution, all_outcomes, first_option, resolve
from tales.rules.forced import ForcedResult, grab, place, pull, push

from ._build import Rule, build, case, first_decision, hero, named, names, schemer, where

CORRIDOR = ". . . . ."
CORRIDOR_6 = ". . . . . ."
HEX_2x3 = """
    . . .
     . . .
"""
HEX_3x4 = """
    . . . .
     . . . .
    . . . .
"""
SQUARE_2x3 = """
    . . .
    . . .
"""
BRAZIER = {"^": {"kind": "hazard", "name": "Brazier", "damage": 2}}


def _forced(position: Position, verb: str, x: int) -> Resolution[ForcedResult]:
    mover = push if verb == "push" else pull
    return mover(position, "a", "t", x)


# --- the legal Push and Pull paths --------------------------------------------------------

PATHS = [
    case("push-moves-away", "each step of a Push is one space farther from the pusher",
         "Push X", "Each space moved to must be one space farther away from the pushing "
         "figure, as determined by ~ range (see Nearest ~).",
         build(CORRIDOR_6, hero("a", "A1"), schemer("t", "B1")), "push", 2,
         None, ["B1 C1 D1"]),
    case("push-stops-at-map-edge", "a Push stops when no space is farther",
         "Push X", "There is no available Unoccupied space that is one space farther away "
         "from the pushing figure.",
         build(". . . .", hero("a", "A1"), schemer("t", "C1")), "push", 3,
         None, ["C1 D1"]),
    case("push-not-through-figures", "a Push stops before another figure",
         "Push X", "A figure may never be pushed through other figures (Friends or Foes).",
         build(CORRIDOR, hero("a", "A1"), schemer("t", "B1"), schemer("o", "D1")), "push", 3,
         None, ["B1 C1"]),
    case("push-not-through-impassable", "a Push stops before an Impassable space",
         "Push X", "A figure may never be pushed through Impassable spaces, Walls, closed "
         "doors, or Map Edges.",
         build(". . . # .", hero("a", "A1"), schemer("t", "B1")), "push", 3,
         None, ["B1 C1"]),
    case("push-not-through-wall", "a Push stops at the Wall C1|D1",
         "Push X", "A figure may never be pushed through Impassable spaces, Walls, closed "
         "doors, or Map Edges.",
         build(CORRIDOR, hero("a", "A1"), schemer("t", "B1"), walls=["C1|D1"]), "push", 3,
         None, ["B1 C1"]),
    case("push-not-through-closed-door", "a Push stops before a closed door",
         "Push X", "A figure may never be pushed through Impassable spaces, Walls, closed "
         "doors, or Map Edges.",
         build(". . . D .", hero("a", "A1"), schemer("t", "B1")), "push", 3,
         None, ["B1 C1"]),
    case("push-ignores-difficult", "Difficult spaces are pushed through at 1 a step",
         "Push X", "Push is not affected by Difficult Terrain. A figure may be pushed through "
         "Difficult Terrain just like normal spaces.",
         build(". . ~ ~ .", hero("a", "A1"), schemer("t", "B1")), "push", 3,
         None, ["B1 C1 D1 E1"]),
    case("push-through-tiny-figure", "a space with only a Tiny figure is Unoccupied: pushed "
         "through", "Tiny", "A space with only Tiny figures in it counts as Unoccupied.",
         build(CORRIDOR, hero("a", "A1"), schemer("t", "B1"), schemer("rat", "C1", "Tiny")),
         "push", 2,
         None, ["B1 C1 D1"]),
    case("push-measured-by-line-of-fire", "with a Wall A1|B1, B1 is 3 away by Line of Fire, "
         "so from B2 (2 away) both B1 and C2 are farther", "Push X",
         "Each space moved to must be one space farther away from the pushing figure, as "
         "determined by ~ range (see Nearest ~).",
         build(SQUARE_2x3, hero("a", "A1"), schemer("t", "B2"), layout="square",
               walls=["A1|B1"]), "push", 1,
         ("push-path", Decider.PLAYER), ["B2 B1", "B2 C2"]),
    case("schemer-push-players-choose", "a Schemer pushes a Hero: the players choose among "
         "every legal path", "Push X", "If a Schemer pushes a Foe, the players decide the "
         "path it takes, as long as that path adheres to the rules described above.",
         build(HEX_3x4, schemer("a", "A2"), hero("t", "B2")), "push", 2,
         ("push-path", Decider.TABLE),
         ["B2 C1 D1", "B2 C2 D1", "B2 C2 D2", "B2 C2 D3", "B2 C3 D3"]),
    case("schemer-push-path-may-stop-early", "a path that dead-ends at C1 (D1 Occupied) is "
         "among the choices", "Push X", "If a Schemer is pushing a figure and there are "
         "multiple legal paths along which the target could be pushed, the players may "
         "choose any of them, even if their choice could cause the Push to stop before X "
         "steps have occurred.",
         build(HEX_3x4, schemer("a", "A2"), hero("t", "B2"), schemer("o", "D1")), "push", 2,
         ("push-path", Decider.TABLE),
         ["B2 C1", "B2 C2 D2", "B2 C2 D3", "B2 C3 D3"]),
    case("hero-push-player-chooses", "a Hero's Push of a Schemer: that Hero's player "
         "chooses", "Forced Movement", "Movement controlled by a figure’s Foe.",
         build(HEX_3x4, hero("a", "A2"), schemer("t", "B2")), "push", 2,
         ("push-path", Decider.PLAYER),
         ["B2 C1 D1", "B2 C2 D1", "B2 C2 D2", "B2 C2 D3", "B2 C3 D3"]),
    case("tiny-pusher-pushes-sharer", "a Tiny pusher may Push the figure in its own space",
         "Tiny", "If a figure with Tiny uses a Push or Grab ability, the figure occupying its "
         "space is a legal target for that ability.",
         build(CORRIDOR, schemer("a", "C1", "Tiny"), hero("t", "C1")), "push", 1,
         ("push-path", Decider.TABLE), ["C1 B1", "C1 D1"]),
    case("pull-stops-adjacent", "a Pull stops once the target is adjacent to the puller",
         "Pull X", "The target is adjacent to the pulling figure.",
         build(CORRIDOR_6, hero("a", "A1"), schemer("t", "E1")), "pull", 5,
         None, ["E1 D1 C1 B1"]),
    case("pull-uses-x-points", "a Pull 2 moves the target 2 spaces closer",
         "Pull X", "All X points of Pull have been used.",
         build(CORRIDOR_6, hero("a", "A1"), schemer("t", "E1")), "pull", 2,
         None, ["E1 D1 C1"]),
    case("pull-stops-before-figure", "a Pull stops when the closer space is Occupied",
         "Pull X", "There is no available Unoccupied space that is one space closer to the "
         "pulling figure.",
         build(CORRIDOR_6, hero("a", "A1"), schemer("t", "E1"), schemer("o", "C1")), "pull",
         3,
         None, ["E1 D1"]),
    case("schemer-pull-players-choose", "a Schemer pulls a Hero 2: three legal paths",
         "Pull X", "If a Schemer pulls a Foe, the players decide the path it takes, as long "
         "as that path adheres to the rules described above.",
         build(HEX_3x4, schemer("a", "A2"), hero("t", "D1")), "pull", 2,
         ("pull-path", Decider.TABLE), ["D1 C1 B1", "D1 C1 B2", "D1 C2 B2"]),
    case("tiny-puller-own-space", "a Tiny puller may stop the target adjacent or pull it "
         "onto its own space", "Tiny", "If a figure with Tiny uses a Pull ability, it may "
         "Pull the target figure either to its own space or to an adjacent one.",
         build(CORRIDOR, hero("a", "A1", "Tiny"), schemer("t", "D1")), "pull", 3,
         ("pull-path", Decider.PLAYER), ["D1 C1 B1", "D1 C1 B1 A1"]),
    case("massive-push-reduced", "a Massive figure is pushed at most 1",
         "Massive", "Push/Pull effects are reduced to 1.",
         build(CORRIDOR, hero("a", "A1"), schemer("t", "B1", "Massive")), "push", 3,
         None, ["B1 C1"]),
]


@pytest.mark.parametrize(("rule", "position", "verb", "x", "asked", "paths"), PATHS)
def test_forced_paths(
    rule: Rule, position: Position, verb: str, x: int, asked: tuple[str, Decider] | None,
    paths: list[str],
) -> None:
    decision = first_decision(_forced(position, verb, x))
    if asked is None:
        assert decision is None, rule
    else:
        assert decision is not None, rule
        assert (decision.kind, decision.decider) == asked, rule
        assert sorted(names(position, p) for p in decision.options) == paths, rule
    got = []
    for _, result in all_outcomes(lambda: _forced(position, verb, x)):
        assert result.resisted is None, rule
        assert result.position.figure("t").at == result.path[-1], rule
        got.append(names(position, result.path))
    assert sorted(got) == paths, rule


# --- what the spaces on the way do -------------------------------------------------------

DAMAGE = [
    case("hero-push-through-trap", "a Trap pushed through triggers, and the Push goes on",
         "Push X", "If a Hero pushes a figure through or onto spaces that cause something to "
         "happen (like taking damage from a Trap), resolve the appropriate effect for each "
         "space as the target moves through it.",
         build(". . T . .", hero("a", "A1"), schemer("t", "B1")), "push", 3,
         "B1 C1 D1 E1", 1, {}),
    case("schemer-pull-through-trap-and-hazard", "pulled through Hazard D1 (2) and Trap "
         "C1 (1)", "Pull X", "Any Traps or Hazards moved through will take effect.",
         build(". . T ^ .", schemer("a", "A1"), hero("t", "E1"), features=BRAZIER), "pull",
         3,
         "E1 D1 C1 B1", 3, {}),
    case("resistant-pushed-over-trap", "Resistant with a Shield Token is pushed over a Trap "
         "without triggering it", "Resistant",
         "With Shield/Toughness Tokens, does not trigger Traps.",
         build(". . T . .", hero("a", "A1"), schemer("t", "B1", "Resistant", shield=1)),
         "push", 3,
         "B1 C1 D1 E1", 0, {"C1": 1}),
]


@pytest.mark.parametrize(("rule", "position", "verb", "x", "path", "damage", "traps"), DAMAGE)
def test_forced_damage(
    rule: Rule, position: Position, verb: str, x: int, path: str, damage: int,
    traps: dict[str, int],
) -> None:
    result = resolve(_forced(position, verb, x), first_option)
    after = result.position
    assert names(after, result.path) == path, rule
    assert after.figure("t").damage == damage, rule
    assert named(after, after.traps) == traps, rule


# --- figures that Forced Movement cannot move -------------------------------------------

def _act(position: Position, action: str) -> ForcedResult:
    verb, *rest = action.split()
    if verb == "grab":
        return resolve(grab(position, "a", "t"), first_option)
    if verb == "place":
        return resolve(place(position, "t", position.board.space(rest[0])), first_option)
    return resolve(_forced(position, verb, int(rest[0])), first_option)


RESISTED = [
    case("juggernaut-ignores-push", "a Juggernaut is not pushed",
         "Juggernaut", "Ignores Forced Movement effects.",
         build(CORRIDOR, hero("a", "A1"), schemer("t", "B1", "Juggernaut")), "push 3",
         "Juggernaut"),
    case("juggernaut-ignores-grab", "a Juggernaut is not grabbed",
         "Juggernaut", "Ignores Forced Movement effects.",
         build(CORRIDOR, hero("a", "A1"), schemer("t", "D1", "Juggernaut")), "grab",
         "Juggernaut"),
    case("immobile-ignores-pull", "an Immobile figure is not pulled",
         "Immobile", "Remains in place despite movement effects.",
         build(CORRIDOR, hero("a", "A1"), schemer("t", "D1", "Immobile")), "pull 3",
         "Immobile"),
    case("immobile-ignores-place", "an Immobile figure is not placed",
         "Immobile", "Remains in place despite movement effects.",
         build(CORRIDOR, hero("a", "A1"), schemer("t", "D1", "Immobile")), "place E1",
         "Immobile"),
    case("massive-ignores-grab", "a Massive figure is not grabbed",
         "Massive", "Unaffected by Grab or Place effects.",
         build(CORRIDOR, hero("a", "A1"), schemer("t", "D1", "Massive")), "grab",
         "Massive"),
    case("massive-ignores-place", "a Massive figure is not placed",
         "Massive", "Unaffected by Grab or Place effects.",
         build(CORRIDOR, hero("a", "A1"), schemer("t", "D1", "Massive")), "place E1",
         "Massive"),
]


@pytest.mark.parametrize(("rule", "position", "action", "keyword"), RESISTED)
def test_forced_resisted(rule: Rule, position: Position, action: str, keyword: str) -> None:
    result = _act(position, action)
    assert result.resisted == keyword, rule
    assert where(result.position) == where(position), rule
    assert not result.moved, rule


# --- Grab ------------------------------------------------------------------------------

GRABS = [
    case("grab-to-adjacent-unoccupied", "the grabbed Hero goes to a space adjacent to the "
         "grabber, not Occupied A1; the players choose", "Grab",
         "Moves a figure to an adjacent Unoccupied space.",
         build(HEX_2x3, schemer("a", "B1"), hero("t", "C2"), hero("o", "A1")),
         ("grab-space", Decider.TABLE), [("A2", 0), ("B2", 0), ("C1", 0)]),
    case("grab-not-onto-impassable", "the only space by the grabber that can be entered is "
         "A1", "Impassable", "Cannot be entered, placed with tokens, or have Line of Fire "
         "drawn through.",
         build(". . # .", hero("a", "B1"), schemer("t", "D1")),
         None, [("A1", 0)]),
    case("grab-onto-trap", "a figure grabbed onto a Trap triggers it",
         "Trap", "Figures that are Grabbed or Placed onto a Trap space will trigger the Trap.",
         build(". T . .", hero("a", "A1"), schemer("t", "D1")),
         None, [("B1", 1)]),
    case("tiny-grabber-own-space", "a Tiny grabber's own space is adjacent to it",
         "Tiny", "If a Tiny figure shares a space with another figure, those figures are "
         "considered adjacent.",
         build(". . . .", hero("a", "B1", "Tiny"), schemer("t", "D1")),
         ("grab-space", Decider.PLAYER), [("A1", 0), ("B1", 0), ("C1", 0)]),
]


@pytest.mark.parametrize(("rule", "position", "asked", "ends"), GRABS)
def test_grab(
    rule: Rule, position: Position, asked: tuple[str, Decider] | None,
    ends: list[tuple[str, int]],
) -> None:
    decision = first_decision(grab(position, "a", "t"))
    if asked is None:
        assert decision is None, rule
    else:
        assert decision is not None, rule
        assert (decision.kind, decision.decider) == asked, rule
        options = sorted(position.board.names[s] for s in decision.options)
        assert options == [s for s, _ in ends], rule
    got = []
    for _, result in all_outcomes(lambda: grab(position, "a", "t")):
        t = result.position.figure("t")
        got.append((position.board.names[t.at], t.damage))
    assert sorted(got) == ends, rule


# --- Place -----------------------------------------------------------------------------

PLACES = [
    case("place-ignores-spaces-between", "Place jumps over two Traps without triggering them",
         "Place", "Does not interact with spaces in between.",
         build(". T T .", hero("t", "A1")), "D1",
         ("D1", 0, {"B1": 1, "C1": 1})),
    case("place-onto-trap", "a figure placed onto a Trap triggers it",
         "Trap", "Figures that are Grabbed or Placed onto a Trap space will trigger the Trap.",
         build(". . T", hero("t", "A1")), "C1",
         ("C1", 1, {})),
    case("place-onto-occupied-refused", "a figure cannot be placed onto an Occupied space",
         "Occupied", "Space containing a figure without the Tiny keyword.",
         build(CORRIDOR, hero("t", "A1"), schemer("o", "C1")), "C1",
         None),
    case("place-onto-impassable-refused", "a figure cannot be placed onto an Impassable "
         "space", "Impassable", "Cannot be entered, placed with tokens, or have Line of Fire "
         "drawn through.",
         build(". . #", hero("t", "A1")), "C1",
         None),
    case("tiny-placed-with-figure", "a Tiny figure may be placed to share a space",
         "Tiny", "A Tiny figure may share a space on the map with another figure.",
         build(CORRIDOR, hero("t", "A1", "Tiny"), schemer("o", "C1")), "C1",
         ("C1", 0, {})),
]


@pytest.mark.parametrize(("rule", "position", "to", "expected"), PLACES)
def test_place(
    rule: Rule, position: Position, to: str,
    expected: tuple[str, int, dict[str, int]] | None,
) -> None:
    space = position.board.space(to)
    if expected is None:
        with pytest.raises(IllegalChoice):
            resolve(place(position, "t", space), first_option)
        return
    result = resolve(place(position, "t", space), first_option)
    after = result.position
    t = after.figure("t")
    assert (after.board.names[t.at], t.damage, named(after, after.traps)) == expected, rule
    assert names(after, result.path) == f"A1 {to}", rule
