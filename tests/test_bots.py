"""The greedy bot with options the rules added: a Reset Token is spent only when it frees an
Action worth more than the ones already usable, with an Action tile left."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tales.engine.bots import Greedy
from tales.engine.content import load_context
from tales.engine.state import Setup
from tales.rules.decisions import Decision
from tales.rules.hero_turn import hero_turn
from tests.cases._combat import foe, hero_
from tests.cases._heroes import ability, equipped, with_state
from tests.cases.test_effect_cases import lane

BIG = ability("action", '{ attack = "melee", dice = 3 }', name="big", cost="{ cooldown = 2 }")
SMALL = ability("action", '{ attack = "melee", dice = 1 }', name="small")
RESET_BIG = "spend a Reset Token on big"


def first_tile(cooldown: int, foe_at: str) -> tuple[Decision[Any], Any]:
    """The first tile Decision of h's full turn, and the greedy bot's answer to it."""
    position = lane(hero_(tokens={"reset": 1}), foe("s", foe_at))
    table = with_state(equipped(position, {"h": [BIG, SMALL]}), "h", "big", cooldown)
    decision = next(hero_turn(table, "h", (BIG, SMALL)))
    bot = Greedy(load_context(Setup("scenarios/cellar-door.toml", ("gerki", "deirdre"))),
                  np.random.default_rng(0))
    bot.abilities = {"h": {"big": BIG, "small": SMALL}}
    return decision, bot.choose(decision)


@pytest.mark.parametrize(("cooldown", "foe_at", "answer"), [
    pytest.param(2, "B1", RESET_BIG, id="frees-a-better-attack"),
    pytest.param(4, "B1", "action", id="four-tokens-not-freed"),
    # no Foe in reach: no Action has a legal use, so no Action tile is offered (issue 17)
    pytest.param(2, "E1", "end turn", id="nothing-to-hit"),
])
def test_greedy_spends_a_reset_token_only_when_worth_it(cooldown: int, foe_at: str,
                                                        answer: str) -> None:
    decision, chosen = first_tile(cooldown, foe_at)
    assert RESET_BIG in decision.options
    assert chosen == answer


# --- greedy stops doing the obviously bad (issue 20, item 2) ---------------------------

KICK = ability("action", '{ open_door = true, target = "adjacent door" }', name="kick")
RUN = ability("shenanigan", "{ move = 2 }", name="run")
MEND = ability("action", '{ heal = 3, target = "friend within 2" }', name="mend")
MEND_INSPIRE = ability("action", '{ heal = 3, target = "friend within 2" }',
                       "{ inspire = true, may = true }", name="mend")
WARD = ability("action", "{ gain = true, tokens = { shield = 1 } }", name="ward")
FRIEND_HURT = {"damage": 2}


def greedy_answers(grid: str, figures: list[dict[str, object]],
                   kit: list[Any], answers: list[Any], focus: bool = False) -> list[Any]:
    """The greedy bot's answers to h's full turn, the Decisions before given ``answers``
    (``focus``: on the Schemers the cellar-door objectives need Defeated, the rats)."""
    position = lane(*figures, grid=grid)
    turn = hero_turn(equipped(position, {"h": kit}), "h", tuple(kit))
    bot = Greedy(load_context(Setup("scenarios/cellar-door.toml", ("gerki", "deirdre"))),
                 np.random.default_rng(0), focus=focus)
    bot.abilities = {"h": {a.name: a for a in kit}}
    decision = next(turn)
    chosen = [bot.choose(decision)]
    for answer in answers:
        decision = turn.send(answer)
        chosen.append(bot.choose(decision))
    return chosen


@pytest.mark.parametrize(("grid", "figures", "kit", "answers", "expected"), [
    # next to a closed door it can kick open: the Action first, not a Shenanigan that
    # walks away from it (it used to move first when it had no Foe to attack)
    pytest.param(". D . .", [hero_()], [KICK, RUN], [], ["action"], id="kick-the-door"),
    # a heal with nobody hurt in reach is worth nothing (it used to heal for 0)
    pytest.param(". . . .", [hero_()], [MEND, WARD], ["action"], ["action", "ward"],
                 id="no-heal-for-nothing"),
    pytest.param(". . . .", [hero_()], [MEND_INSPIRE, WARD], ["action"], ["action", "ward"],
                 id="no-heal-for-nothing-beside-an-inspire"),
    pytest.param(". . . .", [hero_(), hero_("f", "B1", **FRIEND_HURT)], [MEND, WARD],
                 ["action"], ["action", "mend"], id="heal-a-hurt-friend"),
    pytest.param(". . . .", [hero_(), hero_("f", "D1", **FRIEND_HURT)], [MEND, WARD],
                 ["action"], ["action", "ward"], id="hurt-friend-out-of-reach"),
])
def test_greedy_does_not_do_the_obviously_bad(grid: str, figures: list[dict[str, object]],
                                              kit: list[Any], answers: list[Any],
                                              expected: list[Any]) -> None:
    assert greedy_answers(grid, figures, kit, answers) == expected


# --- the planner's rollouts: greedy with its focus on the objectives' Schemers ----------

BOUNCER = foe("bouncers-1", "A1", group="bouncers", fortitude=2)
RAT_FAR = foe("cellar-rats-1", "E1", group="cellar-rats")
RAT_NEAR = foe("cellar-rats-1", "C1", group="cellar-rats")


@pytest.mark.parametrize(("figures", "focus", "expected"), [
    # plain greedy hits the weaker Schemer next to it, though no objective needs it
    pytest.param([hero_("h", "B1"), BOUNCER, RAT_FAR], False,
                 ["action", "small", ("bouncers-1",)], id="greedy-hits-what-is-near"),
    # with its focus, it walks toward the rat the objective needs before any Action
    pytest.param([hero_("h", "B1"), BOUNCER, RAT_FAR], True, ["shenanigan", "run", 3],
                 id="focus-walks-to-the-rat"),
    # with its focus, a rat in reach is attacked before a weaker Schemer
    pytest.param([hero_("h", "B1"), BOUNCER, RAT_NEAR], True,
                 ["action", "small", ("cellar-rats-1",)], id="focus-hits-the-rat-first"),
])
def test_the_rollouts_greedy_goes_for_what_the_objectives_need(
        figures: list[dict[str, object]], focus: bool, expected: list[Any]) -> None:
    assert greedy_answers(". . . . .", figures, [SMALL, RUN], expected[:-1], focus) == expected
