"""How near a game is to Victory, as the planner scores the state a rollout reaches
(:mod:`tales.engine.progress`): an objective's condition that holds falls short by nothing,
one that does not by a positive amount, and a Victory outscores every game not ended."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.engine.conditions import holds
from tales.engine.content import Context, load_context
from tales.engine.game import Game, random_policy
from tales.engine.progress import OBJECTIVE, SCHEMER, VICTORY, shortfall, value
from tales.engine.rounds import play_scenario
from tales.engine.state import GameState, Result, Setup

ROOT = Path(__file__).resolve().parents[1]
CTX = load_context(Setup(str(ROOT / "scenarios" / "cellar-door.toml"), ("gerki", "deirdre")))


def states_between_turns(ctx: Context, seed: int) -> list[GameState]:
    """The states a random game shows at its initiative draws, and its end."""
    rng = np.random.default_rng(seed)
    choose = random_policy(rng)
    seen: list[GameState] = []

    def watch(decision: Any) -> Any:
        if decision.kind == "initiative" and decision.state is not None:
            seen.append(decision.state)
        return choose(decision)

    seen.append(Game(lambda: play_scenario(ctx)).play(watch))
    return seen


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_condition_falls_short_by_nothing_exactly_when_it_holds(seed: int) -> None:
    for state in states_between_turns(CTX, seed):
        if not state.hero_figures():
            continue
        for objective in CTX.scenario.objectives:
            for condition in objective.when:
                short = shortfall(CTX, state, condition)
                assert short >= 0
                if holds(CTX, state, condition):
                    assert short == 0


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_victory_outscores_every_game_not_ended(seed: int) -> None:
    states = states_between_turns(CTX, seed)
    objectives = len(CTX.scenario.objectives)
    # the best a game not ended can score: every objective, every Schemer Defeated
    best = OBJECTIVE * objectives + SCHEMER * max(s.schemers_defeated for s in states)
    assert all(value(CTX, s) <= best for s in states if s.result is None)
    won = [s for s in states if s.result is Result.VICTORY]
    for state in won:
        assert value(CTX, state) > best
    assert best < VICTORY - 2 * 10  # a Victory in round 10 still outscores it
