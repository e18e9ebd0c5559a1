"""Rule cases for the Scheme steps beyond moving and attacking (tales.rules.schemes): tokens
to the figures a phrase finds, Heal X, a Schemer's Splash that is not Harm, Reinforce and
opening doors (docs/formats.md, "Scheme Blocks"; docs/rules-decisions.md, "Group turns").

Glossary entries: Shield Token, Weaken Token, Avoided, Heal X, Splash, Reinforce, Door,
Scheme Block. Every row is a group turn of the imps below, carried out with its Attacks
dealt (:func:`play_group_turn`) on the square map :data:`ROOM` (no diagonals)::

    row 1:  A1  B1  C1  D1  E1
    row 2:  A2  B2  C2  D2  E2
    row 3:  A3  B3  C3  D3  E3=D   (D: a closed door)

Line of Fire distances on it are the steps between spaces. Expected values were worked out
by hand from the row's passage and the map.
"""

from __future__ import annotations

from typing import Any

import pytest

from tales.board.position import Position
from tales.content.scheme_blocks import parse_scheme_blocks
from tales.rules.attacks import Battle
from tales.rules.decisions import Decider, Decision, resolve
from tales.rules.dice import load_dice
from tales.rules.epic_pool import EpicPool
from tales.rules.schemes import GroupTurn, Roster, play_group_turn
from tests.build import fig, positioned

from ._build import Rule, case

ROOM = """
. . . . .
. . . . .
. . . . D
"""

BLOCKS = """
sample = true

[groups.imps]
standees = [1, 2, 3]
fortitude = 6
limit = 3

[[groups.imps.schemes]]
name = "Squeak"
faces = [1]
steps = [{ name = "Squeak", tokens = { shield = 1 }, to = "self", if = "adjacent to a foe" }]

[[groups.imps.schemes]]
name = "Howl"
faces = [2]
steps = [{ tokens = { weaken = 1 }, to = "foes within 2" }]

[[groups.imps.schemes]]
name = "Mend"
faces = [3]
steps = [{ heal = 2, to = "friends within 2", if = "damaged" }]

[[groups.imps.schemes]]
name = "Spit"
faces = [4]
steps = [{ attack = "melee", damage = 2, splash = 1 }]

[[groups.imps.schemes]]
name = "Call"
faces = [5]
steps = [{ reinforce = 1 }, { tokens = { shield = 1 }, to = "self" }]

[[groups.imps.schemes]]
name = "Shove"
faces = [6]
steps = [{ open_door = "adjacent" }]
"""

IMPS = parse_scheme_blocks(BLOCKS, "<imps>")

SHIELD = "A Shield Token is a type of Power Token used to reduce damage."
AVOIDED = "Schemers cannot target or interact with Avoided figures."
HEAL = "Removes up to X damage from the target."
HEAL_CAP = "Cannot exceed printed Fortitude or revert Wounded figures to Fresh."
SPLASH = ("Effect: Deal = damage to each Foe that is adjacent to the target(s) of the Attack "
          "and was not itself a target of the Attack.")
FRIENDLY = ("Friendly Fire: Splash does not affect Friends of the attacker, even if they are "
            "adjacent to one of the Attack’s targets.")
REINFORCE = "Adds new figures to the board in response to events."
NEXT_ROUND = "Newly-added Schemers may act in the current round or next."
DOOR = "Scenario description indicates placement and opening rules."


def imp(figure_id: str, at: str, number: int, **keys: object) -> dict[str, object]:
    return fig(figure_id, at, "schemer", group="imps", number=number, fortitude=6, **keys)


def rat(figure_id: str, at: str, **keys: object) -> dict[str, object]:
    """A Schemer of another group: a Friend of the imps that takes no turn here."""
    return fig(figure_id, at, "schemer", group="rats", fortitude=6, **keys)


def hero_at(figure_id: str, at: str, **keys: object) -> dict[str, object]:
    return fig(figure_id, at, "hero", fortitude=8, **keys)


def room(*figures: dict[str, object]) -> Position:
    return positioned(ROOM, *figures, layout="square")


def tokens(figure_id: str) -> Any:
    """A figure's tokens after the turn: ``{"shield": 1}`` (None: off the map)."""
    def look(position: Position) -> Any:
        found = [f for f in position.figures if f.id == figure_id]
        return {t.value: n for t, n in found[0].tokens} if found else None
    return look


def damage(*figure_ids: str) -> Any:
    return lambda position: [position.figure(f).damage for f in figure_ids]


def schemers(position: Position) -> dict[str, str]:
    return {f.id: position.board.names[f.at] for f in position.figures if f.group}


def doors(position: Position) -> list[str]:
    return sorted(position.board.names[d] for d in position.closed_doors)


def looks(*parts: Any) -> Any:
    return lambda position: tuple(part(position) for part in parts)


CASES = [
    case("tokens-self-if-adjacent-to-a-foe", "i1 next to h gains a Shield Token; i2, two "
         "spaces from h, gains none",
         "Shield Token", SHIELD,
         room(imp("i1", "B1", 1), imp("i2", "D1", 2), hero_at("h", "A1")), "Squeak", {},
         looks(tokens("i1"), tokens("i2")), ({"shield": 1}, {})),
    case("tokens-to-foes-within-range", "Howl from C1: a (A1) and c (C3), 2 away, gain a "
         "Weaken Token; e (E2), 3 away, does not",
         "Weaken Token", "A Weaken Token is a type of Debuff Token that reduces the damage a "
         "figure deals in an Attack.",
         room(imp("i1", "C1", 1), hero_at("a", "A1"), hero_at("c", "C3"),
              hero_at("e", "E2")), "Howl", {},
         looks(tokens("a"), tokens("c"), tokens("e")),
         ({"weaken": 1}, {"weaken": 1}, {})),
    case("tokens-never-to-an-avoided-figure", "an Avoided Hero next to the imp gains no "
         "Weaken Token",
         "Avoided", AVOIDED,
         room(imp("i1", "C1", 1), hero_at("ghost", "B1", keywords=["Avoided"])), "Howl", {},
         tokens("ghost"), {}),
    case("heal-damaged-friends-within-range", "the rat r2 (2 away, 3 damage) heals 2; the "
         "healer itself and r3 (4 away) do not",
         "Heal X", HEAL,
         room(imp("i1", "A1", 1, damage=3), rat("r2", "C1", damage=3),
              rat("r3", "E1", damage=3), hero_at("h", "A3")), "Mend", {},
         damage("i1", "r2", "r3"), [3, 1, 3]),
    case("heal-never-more-than-the-damage", "i2 with 1 damage heals only 1 (each imp heals "
         "the other)",
         "Heal X", HEAL_CAP,
         room(imp("i1", "A1", 1, damage=4), imp("i2", "B1", 2, damage=1),
              hero_at("h", "A3")), "Mend", {},
         damage("i1", "i2"), [2, 0]),
    case("splash-hits-foes-next-to-the-target", "a 2-damage bite on h with Splash 1: h "
         "takes 2, b next to h takes 1",
         "Splash", SPLASH,
         room(imp("i1", "B1", 1), hero_at("h", "B2"), hero_at("b", "B3")), "Spit", {},
         damage("h", "b"), [2, 1]),
    case("splash-spares-the-attackers-friends", "i2 next to the bitten h takes no Splash",
         "Splash", FRIENDLY,
         room(imp("i1", "B1", 1), hero_at("h", "B2"), rat("r2", "C2")), "Spit", {},
         damage("h", "r2"), [2, 0]),
    case("reinforce-next-to-the-schemer", "i1 in the corner A1 with B1 taken: the new imp, "
         "standee 2, comes in on A2",
         "Reinforce", REINFORCE,
         room(imp("i1", "A1", 1), hero_at("h", "B1")), "Call", {},
         schemers, {"i1": "A1", "imps-2": "A2"}),
    case("reinforce-the-table-chooses-the-space", "i1 on C2 has four free neighbours: the "
         "players choose (here D2)",
         "Reinforce", REINFORCE,
         room(imp("i1", "C2", 1)), "Call", {"reinforce-space": "D2"},
         schemers, {"i1": "C2", "imps-2": "D2"}),
    case("reinforce-never-past-the-limit", "three imps on the map (Limit 3): none comes in",
         "Scheme Block", "Defines details of a Schemer Group on the map.",
         room(imp("i1", "A1", 1), imp("i2", "E1", 2), imp("i3", "E2", 3)), "Call", {},
         looks(schemers, tokens("i1")),
         ({"i1": "A1", "i2": "E1", "i3": "E2"}, {"shield": 1})),
    case("reinforced-schemer-does-not-act-this-turn", "the new imp gains no Shield Token: it "
         "did not take this turn",
         "Reinforce", NEXT_ROUND,
         room(imp("i1", "A1", 1), hero_at("h", "B1")), "Call", {},
         looks(tokens("i1"), tokens("imps-2")), ({"shield": 1}, {})),
    case("door-next-to-the-schemer-opens", "i1 on E2 is next to the door E3: it opens",
         "Door", DOOR,
         room(imp("i1", "E2", 1)), "Shove", {}, doors, []),
    case("door-out-of-reach-stays-closed", "i1 on C3 is two spaces from E3: it stays closed",
         "Door", DOOR,
         room(imp("i1", "C3", 1)), "Shove", {}, doors, ["E3"]),
]


def _play(position: Position, scheme: str, answers: dict[str, str]
          ) -> tuple[GroupTurn, list[Decision[Any]]]:
    """The group turn, answering a ``reinforce-space`` Decision with the row's space (and
    anything else with its first option); every Decision asked."""
    battle = Battle(position, EpicPool(), load_dice())
    asked: list[Decision[Any]] = []

    def choose(decision: Decision[Any]) -> Any:
        asked.append(decision)
        if decision.kind in answers:
            return position.board.space(answers[decision.kind])
        return decision.options[0]

    turn = resolve(play_group_turn(battle, "imps", IMPS["imps"].scheme(scheme),
                                   roster=Roster(IMPS)), choose)
    return turn, asked


@pytest.mark.parametrize(("rule", "position", "scheme", "answers", "look", "expected"), CASES)
def test_scheme_step(rule: Rule, position: Position, scheme: str, answers: dict[str, str],
                     look: Any, expected: Any) -> None:
    turn, asked = _play(position, scheme, answers)
    assert look(turn.position) == expected, rule
    assert turn.battle is not None
    assert not any("for the table" in line or "the table carries" in line
                   for line in turn.battle.log), rule
    for decision in asked:  # only the row's own choices: by the players, for the table
        assert decision.kind in answers and decision.decider is Decider.TABLE, rule
    assert sorted(d.kind for d in asked) == sorted(answers), rule
