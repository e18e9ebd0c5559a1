"""Rule cases for Move X: costs, barriers, figures, Overrun, and what spaces do on the way.

The moving figure is always ``m``. Maps are drawn small: a one-row corridor ``A1 B1 C1 ...``
has only left and right neighbours; ``HEX_2x3`` below is

    A1 B1 C1        A1: B1 A2          B1: A1 C1 A2 B2     C1: B1 B2 C2
     A2 B2 C2       A2: A1 B1 B2       B2: A2 C2 B1 C1     C2: B2 C1

Every expected value was worked out by hand from the glossary passage in its row.
"""

from __future__ import annotations

import pytest

from tales.board.position import Position
from tales.errors import IllegalChoice
from tales.rules.decisions import Decider, Resolution, all_outcomes, first_option, resolve
from tales.rules.movement import MoveResult, MoveRules, OverrunDisplaces, move, reach
from tales.rules.spaces import SpaceEvent

from ._build import Rule, build, case, first_decision, hero, named, names, schemer, where

STD = MoveRules()
CORRIDOR = ". . . . ."
CORRIDOR_6 = ". . . . . ."
HEX_2x3 = """
    . . .
     . . .
"""
ROUTE_MAP = """
    . T .
     . . .
"""
MUD = {"w": {"kind": "difficult", "name": "Mud"}}
BRAZIER = {"^": {"kind": "hazard", "name": "Brazier", "damage": 2}}
SPIKES = {"s": {"kind": "trap", "name": "Spikes"}}

# --- where a Move can end, and for how many points -----------------------------------------

REACH = [
    case("move-counts-spaces", "each space entered costs 1; Move 3 reaches 3 spaces away",
         "Move X", "Moves up to X spaces, taking map features into account.",
         build(CORRIDOR, hero("m", "A1")), 3, STD,
         {"A1": 0, "B1": 1, "C1": 2, "D1": 3}),
    case("difficult-costs-two", "entering a Difficult space costs 2",
         "Difficult", "Move < requires two points of movement to enter.",
         build(". ~ . . .", hero("m", "A1")), 3, STD,
         {"A1": 0, "B1": 2, "C1": 3}),
    case("leaving-difficult-is-free", "only entering Difficult costs extra, not leaving it",
         "Difficult", "Move < requires two points of movement to enter.",
         build("~ . .", hero("m", "A1")), 2, STD,
         {"A1": 0, "B1": 1, "C1": 2}),
    case("immune-to-difficult", "a figure Immune to Difficult pays 1 to enter it",
         "Immune to [Map Feature]", "Unaffected by specified map features.",
         build(". ~ . . .", hero("m", "A1", "Immune to Difficult")), 3, STD,
         {"A1": 0, "B1": 1, "C1": 2, "D1": 3}),
    case("named-difficult-feature-costs-two", "a named Difficult feature costs 2 to enter",
         "Difficult", "Move < requires two points of movement to enter.",
         build(". w . .", hero("m", "A1"), features=MUD), 2, STD,
         {"A1": 0, "B1": 2}),
    case("immune-to-named-difficult", "Immune to Mud makes the Mud space cost 1",
         "Immune to [Map Feature]", "Unaffected by specified map features.",
         build(". w . .", hero("m", "A1", "Immune to Mud"), features=MUD), 2, STD,
         {"A1": 0, "B1": 1, "C1": 2}),
    case("wall-blocks", "a Wall between B1 and C1 stops the Move",
         "Wall", "Separates adjacent spaces, blocking movement and Line of Fire.",
         build(". . . .", hero("m", "A1"), walls=["B1|C1"]), 3, STD,
         {"A1": 0, "B1": 1}),
    case("wall-forces-detour", "with a Wall A1|B1 the Move goes round by A2: B1 costs 2",
         "Wall", "Separates adjacent spaces, blocking movement and Line of Fire.",
         build(HEX_2x3, hero("m", "A1"), walls=["A1|B1"]), 3, STD,
         {"A1": 0, "A2": 1, "B1": 2, "B2": 2, "C1": 3, "C2": 3}),
    case("impassable-blocks", "an Impassable space cannot be entered or passed",
         "Impassable", "Cannot be entered, placed with tokens, or have Line of Fire drawn "
         "through.",
         build(". # . .", hero("m", "A1")), 3, STD,
         {"A1": 0}),
    case("closed-door-blocks", "a closed door cannot be entered or passed",
         "Door", "Blocks access to parts of the map.",
         build(". D . .", hero("m", "A1")), 3, STD,
         {"A1": 0}),
    case("open-door-passes", "an opened door space is entered like any other",
         "Door", "Scenario description indicates placement and opening rules.",
         build(". D . .", hero("m", "A1"), open_doors=["B1"]), 3, STD,
         {"A1": 0, "B1": 1, "C1": 2, "D1": 3}),
    case("map-edge-blocks", "no Move across a gap in the map (C1 is not a space)",
         "Map Edge", "Edges of map spaces without adjoining spaces.",
         build(". . _ . .", hero("m", "A1")), 4, STD,
         {"A1": 0, "B1": 1}),
    case("foe-blocks", "a non-Tiny Foe can be neither passed nor ended on",
         "Tiny", "Other figures can pass through or occupy a Tiny figure’s space freely.",
         build(CORRIDOR, hero("m", "A1"), schemer("foe", "C1")), 4, STD,
         {"A1": 0, "B1": 1}),
    case("friend-blocks", "a non-Tiny Friend blocks a Move too (default reading)",
         "Tiny", "Other figures can pass through or occupy a Tiny figure’s space freely.",
         build(CORRIDOR, hero("m", "A1"), hero("friend", "C1")), 4, STD,
         {"A1": 0, "B1": 1}),
    case("friend-pass-option-never-ends-there", "reading pass_through_friends: a Friend may "
         "be passed, but its space is not Unoccupied", "Move X",
         "Must end on an Unoccupied space.",
         build(CORRIDOR, hero("m", "A1"), hero("friend", "C1")), 4,
         MoveRules(pass_through_friends=True),
         {"A1": 0, "B1": 1, "D1": 3, "E1": 4}),
    case("foe-walked-around", "a Foe on B1 is walked round through A2 and B2",
         "Move X", "Must end on an Unoccupied space.",
         build(HEX_2x3, hero("m", "A1"), schemer("foe", "B1")), 3, STD,
         {"A1": 0, "A2": 1, "B2": 2, "C1": 3, "C2": 3}),
    case("tiny-figure-passed-and-shared", "a space holding only a Tiny figure is Unoccupied",
         "Tiny", "A space with only Tiny figures in it counts as Unoccupied.",
         build(CORRIDOR, hero("m", "A1"), schemer("rat", "B1", "Tiny")), 3, STD,
         {"A1": 0, "B1": 1, "C1": 2, "D1": 3}),
    case("tiny-mover-passes-and-shares", "a Tiny mover passes and may end on a Foe's space",
         "Tiny", "Similarly, a Tiny figure can pass through any other figure’s space and end "
         "its turn sharing the space with another figure.",
         build(CORRIDOR, hero("m", "A1", "Tiny"), schemer("foe", "C1")), 3, STD,
         {"A1": 0, "B1": 1, "C1": 2, "D1": 3}),
    case("immobile-never-moves", "an Immobile figure's Move reaches only its own space",
         "Immobile", "Figure never moves.",
         build(CORRIDOR, hero("m", "A1", "Immobile")), 3, STD,
         {"A1": 0}),
    case("overrun-enters-occupied", "an Overrun mover may enter and end on a Hero's space",
         "Overrun", "May enter spaces containing other figures.",
         build(CORRIDOR, schemer("m", "A1", "Overrun"), hero("h", "B1")), 3, STD,
         {"A1": 0, "B1": 1, "C1": 2, "D1": 3}),
    case("overrun-cannot-move-juggernaut", "Overrun cannot displace a Juggernaut, so it "
         "blocks", "Juggernaut", "Cannot be moved except by its own Scheme.",
         build(CORRIDOR, schemer("m", "A1", "Overrun"), schemer("big", "B1", "Juggernaut")),
         3, STD,
         {"A1": 0}),
]


@pytest.mark.parametrize(("rule", "position", "points", "rules", "expected"), REACH)
def test_move_reach(
    rule: Rule, position: Position, points: int, rules: MoveRules, expected: dict[str, int]
) -> None:
    assert named(position, reach(position, "m", points, rules=rules).costs) == expected, rule


# --- what a Move does on the way ---------------------------------------------------------

MOVES = [
    case("trap-on-path", "a Trap passed is removed and its damage goes to the mover; the "
         "Move goes on", "Trap", "When a figure Moves < or is forced onto or through a Trap "
         "space, remove the Trap and all damage tokens on it from the map, and assign those "
         "damage tokens to that figure.",
         build(". T . .", hero("m", "A1")), "D1", 3, None,
         "A1 B1 C1 D1", 1, [("trap", "B1", 1)], {}, {}),
    case("trap-tokens-from-position", "traps = {C1 = 2} replaces the map's T: only C1 has a "
         "Trap, of 2 damage", "Trap", "When a Trap is placed on the map, the effect placing "
         "it will specify how many damage tokens to place on it.",
         build(". T . .", hero("m", "A1"), traps={"C1": 2}), "D1", 3, None,
         "A1 B1 C1 D1", 2, [("trap", "C1", 2)], {}, {}),
    case("hazard-on-path", "a Hazard passed deals its damage and stays",
         "Dangerous", "Spaces that can cause damage or penalties.",
         build(". ^ . .", hero("m", "A1"), features=BRAZIER), "D1", 3, None,
         "A1 B1 C1 D1", 2, [("hazard", "B1", 2)], {}, {}),
    case("resistant-shield-no-trap", "Resistant with a Shield Token does not trigger a Trap",
         "Resistant", "With Shield/Toughness Tokens, does not trigger Traps.",
         build(". T . .", hero("m", "A1", "Resistant", shield=1)), "D1", 3, None,
         "A1 B1 C1 D1", 0, [], {"B1": 1}, {}),
    case("resistant-toughness-no-trap", "Resistant with a Toughness Token does not trigger "
         "a Trap", "Resistant", "With Shield/Toughness Tokens, does not trigger Traps.",
         build(". T . .", schemer("m", "A1", "Resistant", toughness=2)), "D1", 3, None,
         "A1 B1 C1 D1", 0, [], {"B1": 1}, {}),
    case("resistant-without-tokens-triggers", "Resistant without tokens triggers Traps",
         "Resistant", "With Shield/Toughness Tokens, does not trigger Traps.",
         build(". T . .", hero("m", "A1", "Resistant")), "D1", 3, None,
         "A1 B1 C1 D1", 1, [("trap", "B1", 1)], {}, {}),
    case("resistant-still-hurt-by-hazard", "Resistant is about Traps: a Hazard still hurts",
         "Resistant", "With Shield/Toughness Tokens, does not trigger Traps.",
         build(". ^ . .", hero("m", "A1", "Resistant", shield=1), features=BRAZIER),
         "D1", 3, None,
         "A1 B1 C1 D1", 2, [("hazard", "B1", 2)], {}, {}),
    case("immune-to-traps", "Immune to Traps passes a Trap as if Safe; the Trap stays",
         "Immune to [Map Feature]", "Moves through or occupies those spaces as if they were "
         "Safe.",
         build(". T . .", hero("m", "A1", "Immune to Traps")), "D1", 3, None,
         "A1 B1 C1 D1", 0, [], {"B1": 1}, {}),
    case("immune-to-hazards", "Immune to Hazards passes a Hazard unharmed",
         "Immune to [Map Feature]", "Moves through or occupies those spaces as if they were "
         "Safe.",
         build(". ^ . .", hero("m", "A1", "Immune to Hazards"), features=BRAZIER),
         "D1", 3, None,
         "A1 B1 C1 D1", 0, [], {}, {}),
    case("immune-to-named-hazard", "Immune to Brazier passes the Brazier unharmed",
         "Immune to [Map Feature]", "Unaffected by specified map features.",
         build(". ^ . .", hero("m", "A1", "Immune to Brazier"), features=BRAZIER),
         "D1", 3, None,
         "A1 B1 C1 D1", 0, [], {}, {}),
    case("immune-to-other-feature", "Immune to Mud does not protect from the Brazier",
         "Immune to [Map Feature]", "Unaffected by specified map features.",
         build(". ^ . .", hero("m", "A1", "Immune to Mud"), features=BRAZIER),
         "D1", 3, None,
         "A1 B1 C1 D1", 2, [("hazard", "B1", 2)], {}, {}),
    case("immune-to-named-trap", "Immune to Spikes passes the Spikes Trap as if Safe",
         "Immune to [Map Feature]", "Moves through or occupies those spaces as if they were "
         "Safe.",
         build(". s . .", hero("m", "A1", "Immune to Spikes"), features=SPIKES),
         "D1", 3, None,
         "A1 B1 C1 D1", 0, [], {"B1": 1}, {}),
    case("wizard-fire-burns-schemer", "a Schemer entering Wizard Fire takes its damage and "
         "the token is removed", "Wizard Fire", "If one of Zot’s Foes shares a space with a "
         "Wizard Fire token and isn’t in the midst of a Leap ;, it takes damage, and the "
         "Wizard Fire token is then removed from the map.",
         build(". . . .", schemer("m", "A1"), wizard_fire={"B1": 1}), "D1", 3, None,
         "A1 B1 C1 D1", 1, [("wizard-fire", "B1", 1)], {}, {}),
    case("wizard-fire-spares-heroes", "a Hero walks through Wizard Fire; the token stays",
         "Wizard Fire", "They do not impact Zot’s Friends, who can move through these spaces "
         "without consequence.",
         build(". . . .", hero("m", "A1"), wizard_fire={"B1": 1}), "D1", 3, None,
         "A1 B1 C1 D1", 0, [], {}, {"B1": 1}),
    case("wizard-fire-ignores-immunities", "Immune to Traps and Hazards still burns",
         "Wizard Fire", "This distinction means they affect Foes that are Immune to Traps or "
         "Hazards.",
         build(". . . .", schemer("m", "A1", "Immune to Traps", "Immune to Hazards"),
               wizard_fire={"B1": 2}), "D1", 3, None,
         "A1 B1 C1 D1", 2, [("wizard-fire", "B1", 2)], {}, {}),
    case("default-path-is-safest", "with no path given the Safe detour is taken",
         "Dangerous", "Schemers avoid moving through Dangerous spaces.",
         build(ROUTE_MAP, schemer("m", "A1")), "C1", 3, None,
         "A1 A2 B2 C1", 0, [], {"B1": 1}, {}),
    case("chosen-path-through-trap", "a path the player gives is followed, Trap and all",
         "Trap", "Figures that Move < onto or through a Trap space will trigger the Trap and "
         "take damage.",
         build(ROUTE_MAP, hero("m", "A1")), "C1", 3, "A1 B1 C1",
         "A1 B1 C1", 1, [("trap", "B1", 1)], {}, {}),
]


@pytest.mark.parametrize(
    ("rule", "position", "to", "points", "path", "want_path", "damage", "events", "traps",
     "fire"),
    MOVES,
)
def test_move_on_the_way(
    rule: Rule, position: Position, to: str, points: int, path: str | None, want_path: str,
    damage: int, events: list[tuple[str, str, int]], traps: dict[str, int],
    fire: dict[str, int],
) -> None:
    board = position.board
    given = None if path is None else tuple(board.space(s) for s in path.split())
    result = resolve(move(position, "m", board.space(to), points, path=given), first_option)
    after = result.position
    happened = [(e.what, board.names[e.space], e.damage)
                for e in result.events if isinstance(e, SpaceEvent)]
    assert names(after, result.path) == want_path, rule
    assert after.figure("m").damage == damage, rule
    assert happened == events, rule
    assert named(after, after.traps) == traps, rule
    assert named(after, after.wizard_fire) == fire, rule


# --- cheapest and safest routes --------------------------------------------------------------

ROUTES = [
    case("cheapest-crosses-trap", "the cheapest route to C1 is 2 points through the Trap",
         "Move X", "Moves up to X spaces, taking map features into account.",
         build(ROUTE_MAP, schemer("m", "A1")), 3, "C1", False,
         "A1 B1 C1", 2, 1, True),
    case("safest-detours", "the safest route goes round the Trap for 3 points",
         "Safe", "Path is Safe if all spaces are Safe.",
         build(ROUTE_MAP, schemer("m", "A1")), 3, "C1", True,
         "A1 A2 B2 C1", 3, 0, False),
    case("dangerous-when-no-safe-route", "with Move 2 the only route is Dangerous",
         "Dangerous", "Schemers avoid moving through Dangerous spaces.",
         build(ROUTE_MAP, schemer("m", "A1")), 2, "C1", True,
         "A1 B1 C1", 2, 1, True),
    case("cheapest-prefers-safe-among-equals", "of two 2-point routes to B2 the Safe one",
         "Safe", "Path is Safe if all spaces are Safe.",
         build(ROUTE_MAP, schemer("m", "A1")), 3, "B2", False,
         "A1 A2 B2", 2, 0, False),
]


@pytest.mark.parametrize(
    ("rule", "position", "points", "to", "safest", "path", "cost", "damage", "dangerous"),
    ROUTES,
)
def test_move_route(
    rule: Rule, position: Position, points: int, to: str, safest: bool, path: str, cost: int,
    damage: int, dangerous: bool,
) -> None:
    route = reach(position, "m", points).route(position.board.space(to), safest=safest)
    got = (names(position, route.path), route.cost, route.damage, route.dangerous)
    assert got == (path, cost, damage, dangerous), rule


# --- Overrun ---------------------------------------------------------------------------

_LINE_OF_HEROES = build(CORRIDOR_6, schemer("m", "A1", "Overrun"), hero("b", "B1"),
                        hero("c", "C1"), hero("d", "D1"))

OVERRUN = [
    case("overrun-tie-is-table-decision", "the Hero overrun on B1 goes to a Nearest "
         "Unoccupied space; four tie, so the players choose", "Nearest",
         "Multiple targets: players choose.",
         build(HEX_2x3, schemer("m", "A1", "Overrun"), hero("h", "B1")), "B1", 1, STD,
         ("A1", "A2", "B2", "C1"),
         [{"m": "B1", "h": "A1"}, {"m": "B1", "h": "A2"}, {"m": "B1", "h": "B2"},
          {"m": "B1", "h": "C1"}]),
    case("overrun-displaces-each-entered", "each figure in a space entered is displaced to "
         "the Nearest Unoccupied space", "Overrun",
         "Displaces figures to Nearest Unoccupied space.",
         _LINE_OF_HEROES, "C1", 2, STD,
         ("A1",),
         [{"m": "C1", "b": "A1", "c": "B1", "d": "D1"}]),
    case("overrun-end-reading-nearest-two-away", "reading 'end': only C1's Hero moves; its "
         "neighbours are Occupied, so A1 and E1 (2 away) tie", "Overrun",
         "Displaces figures to Nearest Unoccupied space.",
         _LINE_OF_HEROES, "C1", 2, MoveRules(overrun_displaces=OverrunDisplaces.END),
         ("A1", "E1"),
         [{"m": "C1", "b": "B1", "c": "A1", "d": "D1"},
          {"m": "C1", "b": "B1", "c": "E1", "d": "D1"}]),
]


@pytest.mark.parametrize(
    ("rule", "position", "to", "points", "rules", "options", "ends"), OVERRUN)
def test_overrun(
    rule: Rule, position: Position, to: str, points: int, rules: MoveRules,
    options: tuple[str, ...], ends: list[dict[str, str]],
) -> None:
    target = position.board.space(to)

    def start() -> Resolution[MoveResult]:
        return move(position, "m", target, points, rules=rules)

    decision = first_decision(start())
    assert decision is not None, rule
    assert (decision.kind, decision.decider) == ("overrun-displace", Decider.TABLE), rule
    assert sorted(position.board.names[s] for s in decision.options) == list(options), rule
    got = [where(result.position) for _, result in all_outcomes(start)]
    assert sorted(got, key=_by_items) == sorted(ends, key=_by_items), rule


def _by_items(placed: dict[str, str]) -> list[tuple[str, str]]:
    return sorted(placed.items())


# --- refused Moves -----------------------------------------------------------------------

ILLEGAL = [
    case("cannot-end-on-foe", "a Move may not end on an Occupied space",
         "Move X", "Must end on an Unoccupied space.",
         build(CORRIDOR, hero("m", "A1"), schemer("foe", "C1")), "C1", 3, None),
    case("path-through-foe-refused", "a given path through a Foe is refused (C1 itself is "
         "reachable round by A2 B2)", "Tiny",
         "Other figures can pass through or occupy a Tiny figure’s space freely.",
         build(HEX_2x3, hero("m", "A1"), schemer("foe", "B1")), "C1", 3, "A1 B1 C1"),
    case("path-across-wall-refused", "a given path across a Wall is refused (B1 is "
         "reachable round by A2)", "Wall",
         "Separates adjacent spaces, blocking movement and Line of Fire.",
         build(HEX_2x3, hero("m", "A1"), walls=["A1|B1"]), "B1", 3, "A1 B1"),
]


@pytest.mark.parametrize(("rule", "position", "to", "points", "path"), ILLEGAL)
def test_move_refused(
    rule: Rule, position: Position, to: str, points: int, path: str | None
) -> None:
    board = position.board
    given = None if path is None else tuple(board.space(s) for s in path.split())
    with pytest.raises(IllegalChoice):
        resolve(move(position, "m", board.space(to), points, path=given), first_option)
