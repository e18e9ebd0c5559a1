"""Rule cases for the table assistant's group turn (``tales schemer turn``, ``tales view``):
each Attack is dealt before the next step, so every Schemer decides on the board as the
ones before it left it (issue 37, item 5).

The maps are one-row corridors ``A1 B1 C1 ...``: each space's neighbours are the ones left
and right of it, so Line of Fire distances are column differences. ``rats`` take their
turns in standee order (``r1`` then ``r2``). Every expected value was worked out by hand
from the passage in its row.
"""

from __future__ import annotations

from typing import Any

import pytest

from tales.board.position import Position
from tales.content.scheme_blocks import parse_scheme_blocks
from tales.rules.decisions import Decider
from tales.rules.schemes import GroupTurn, group_turn
from tests.build import fig, positioned

from ._build import Rule, case, where

BLOCKS = """
sample = true

[groups.rats]
standees = [1, 2, 3]
fortitude = 3

[[groups.rats.schemes]]
name = "Spit and close in"
faces = [1]
steps = [
  { attack = "ranged", range = 3, damage = 2, harm = "Weaken target 1." },
  { move = 2, toward = "foe with least remaining fortitude" },
]

[[groups.rats.schemes]]
name = "Bite"
faces = [2]
steps = [{ attack = "melee", damage = 2 }]

[[groups.rats.schemes]]
name = "Howl and bite"
faces = [3]
steps = [
  { name = "Howl", tokens = { weaken = 1 }, to = "foes within 3" },
  { attack = "melee", damage = 2 },
]
"""
RATS = parse_scheme_blocks(BLOCKS, "<rats>")["rats"]
SPIT = RATS.scheme("1")
BITE = RATS.scheme("2")
HOWL = RATS.scheme("3")
CORRIDOR_13 = ". . . . . . . . . . . . ."
CORRIDOR_5 = ". . . . ."

SCHEMER_ATTACKS = "Schemer Attacks"
DEAL = "Schemer deals calculated damage to each target."
ONE_AT_A_TIME = ("When a Schemer Group’s initiative token is drawn from the bag during the "
                 "Combat Phase, each Schemer in that group will carry out their rolled Scheme "
                 "one at a time.")
LEAST = ("“or… if”: Only considers one requirement or the other. Example: “Wounded Foe, or "
         "if no Foe is Wounded, then the Foe with the least remaining Fortitude” only "
         "considers the latter if no Wounded Foes exist.")
HARM = "If any target took damage, resolve Harm effects as described for player-controlled Attacks."
PREVENT = "Player-controlled targets may use Toughness or Shield Tokens to prevent damage."
WEAKEN = "Subtract 1 damage per discarded Weaken Token (minimum 0)."
REMOVE = "Remove Defeated figures from the map."


def rat(figure_id: str, at: str, number: int, **keys: Any) -> dict[str, object]:
    return fig(figure_id, at, "schemer", group="rats", number=number, fortitude=3, **keys)


def hero(figure_id: str, at: str, left: int, **keys: Any) -> dict[str, object]:
    """A Hero of Fortitude 8 with ``left`` of it remaining."""
    return fig(figure_id, at, "hero", fortitude=8, damage=8 - left, **keys)


def play(position: Position, scheme: Any, answers: list[Any]
         ) -> tuple[GroupTurn, list[tuple[str, Decider, str | None]]]:
    """The group turn with each asked Decision answered by the next of ``answers`` (an
    option's value); every Decision asked, as (kind, decider, figure)."""
    asked = []
    queue = list(answers)
    turn = group_turn(position, "rats", scheme)
    try:
        decision = next(turn)
        while True:
            if len(decision.options) > 1:
                asked.append((decision.kind, decision.decider, decision.figure))
                answer = queue.pop(0)
                assert answer in decision.options, (decision.kind, decision.options)
            else:
                answer = decision.options[0]
            decision = turn.send(answer)
    except StopIteration as done:
        assert not queue, f"answers left over: {queue}"
        return done.value, asked


def left(position: Position) -> dict[str, int | None]:
    """Each Hero's remaining Fortitude."""
    return {f.id: f.remaining_fortitude for f in position.figures if f.side.value == "hero"}


def tokens(position: Position) -> dict[str, dict[str, int]]:
    """The tokens each Hero holds (those holding any)."""
    return {f.id: {t.value: n for t, n in f.tokens if n} for f in position.figures
            if f.side.value == "hero" and any(n for _, n in f.tokens)}


CASES = [
    case("table-turn-second-sees-first-hit", "r1 spits on fiona (6 left, 2 damage: 4), so "
         "r2 moves toward fiona (now least) to I1, not toward zot (5) to E1 as the printed "
         "board would send it", SCHEMER_ATTACKS, DEAL,
         positioned(CORRIDOR_13, hero("zot", "A1", 5), rat("r2", "G1", 2),
                    rat("r1", "J1", 1), hero("fiona", "M1", 6)),
         SPIT, [],
         {"at": {"zot": "A1", "r2": "I1", "r1": "L1", "fiona": "M1"},
          "left": {"zot": 5, "fiona": 4}, "tokens": {"fiona": {"weaken": 1}}, "asked": []}),
    case("table-turn-least-after-the-hit", "the selector counts Fortitude remaining after "
         "r1's hit: fiona 4 against zot 5", "Appendix D Schemer Movement", LEAST,
         positioned(CORRIDOR_13, hero("zot", "A1", 5), rat("r2", "G1", 2),
                    rat("r1", "J1", 1), hero("fiona", "M1", 6)),
         SPIT, [],
         {"lines": ("r1 attacks fiona for 2", "fiona loses 2 Fortitude",
                    "Harm: fiona gains 1 Weaken Token"), "asked": []}),
    case("table-turn-one-at-a-time", "without r1's hit (fiona out of its Range) both go for "
         "zot, the least: r1 first, stopped on H1 by r2 still on G1, then r2 to E1", "Scheme",
         ONE_AT_A_TIME,
         positioned(CORRIDOR_13, hero("zot", "A1", 5), rat("r2", "G1", 2),
                    rat("r1", "I1", 1), hero("fiona", "M1", 6)),
         SPIT, [],
         {"at": {"zot": "A1", "r2": "E1", "r1": "H1", "fiona": "M1"},
          "left": {"zot": 5, "fiona": 6}, "asked": []}),
    case("table-turn-harm-gives-tokens", "fiona lost Fortitude: the Weaken Harm gives her "
         "1 Weaken Token", SCHEMER_ATTACKS, HARM,
         positioned(CORRIDOR_5, rat("r1", "B1", 1), hero("fiona", "D1", 6)),
         SPIT, [],
         {"left": {"fiona": 4}, "tokens": {"fiona": {"weaken": 1}}}),
    case("table-turn-shield-asked", "fiona's player is asked about her Shield Token; one "
         "stops both damage, so no Harm", SCHEMER_ATTACKS, PREVENT,
         positioned(CORRIDOR_5, rat("r1", "B1", 1), hero("fiona", "D1", 6,
                                                         tokens={"shield": 1})),
         SPIT, [1],
         {"left": {"fiona": 6}, "tokens": {}, "asked": [("shields", Decider.PLAYER, "fiona")]}),
    case("table-turn-shield-kept", "kept, the Shield Token stays and fiona takes 2 and the "
         "Weaken Token", SCHEMER_ATTACKS, PREVENT,
         positioned(CORRIDOR_5, rat("r1", "B1", 1), hero("fiona", "D1", 6,
                                                         tokens={"shield": 1})),
         SPIT, [0],
         {"left": {"fiona": 4}, "tokens": {"fiona": {"shield": 1, "weaken": 1}}}),
    case("table-turn-token-step-then-attack", "each rat Howls (zot within 3 gains 1 Weaken "
         "Token from each); r1, holding a Weaken Token of its own, bites for 2 - 1 = 1; r2 "
         "on D1 is not adjacent to zot", "Scheme", ONE_AT_A_TIME,
         positioned(CORRIDOR_5, hero("zot", "A1", 6), rat("r1", "B1", 1, tokens={"weaken": 1}),
                    rat("r2", "D1", 2)),
         HOWL, [],
         {"left": {"zot": 5}, "tokens": {"zot": {"weaken": 2}},
          "lines": ("r1 attacks zot for 1", "zot loses 1 Fortitude")}),
    case("table-turn-weaken-subtracts", "r1 holds a Weaken Token: 2 - 1 = 1 damage, and the "
         "token is discarded", SCHEMER_ATTACKS, WEAKEN,
         positioned(CORRIDOR_5, hero("zot", "A1", 6), rat("r1", "B1", 1, tokens={"weaken": 1})),
         BITE, [],
         {"left": {"zot": 5}, "tokens": {}}),
    case("table-turn-defeated-removed", "r1's bite Defeats zot (2 left): removed, so r2 "
         "(adjacent to nobody now) has no target", SCHEMER_ATTACKS, REMOVE,
         positioned(CORRIDOR_5, hero("zot", "B1", 2, wounded=True), rat("r1", "C1", 1),
                    rat("r2", "A1", 2)),
         BITE, [],
         {"at": {"r1": "C1", "r2": "A1"}, "removed": ["zot"]}),
]


@pytest.mark.parametrize(("rule", "position", "scheme", "answers", "expect"), CASES)
def test_table_group_turn(rule: Rule, position: Position, scheme: Any, answers: list[Any],
                          expect: dict[str, Any]) -> None:
    turn, asked = play(position, scheme, answers)
    after = turn.position
    if "at" in expect:
        assert where(after) == expect["at"], rule
    if "left" in expect:
        assert left(after) == expect["left"], rule
    if "tokens" in expect:
        assert tokens(after) == expect["tokens"], rule
    if "asked" in expect:
        assert asked == expect["asked"], rule
    if "lines" in expect:
        done = turn.turns[0].dealt
        assert done and done[0] is not None, rule
        assert (f"{turn.turns[0].figure} attacks {', '.join(turn.turns[0].attacks[0].targets)} "
                f"for {done[0].damage}", *done[0].lines) == expect["lines"], rule
    if "removed" in expect:
        here = {f.id for f in after.figures}
        assert [f.id for f in position.figures if f.id not in here] == expect["removed"], rule
