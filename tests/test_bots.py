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
