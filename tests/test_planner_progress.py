"""How near a game is to Victory, as the planner scores the state a rollout reaches
(:mod:`tales.engine.progress`): an objective's condition that holds falls short by nothing,
one that does not by a positive amount, and a Victory outscores every game not ended."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.engine.conditions import holds
from tales.engine.content import Context, load_context
from tales.engine.game import Game, random_policy
from tales.engine.progress import (
    LATE,
    OBJECTIVE,
    SCHEMER,
    VICTORY,
    Clock,
    rounds_short,
    shortfall,
    too_late,
    value,
)
from tales.engine.rounds import play_scenario
from tales.engine.state import GameState, Result, Setup
from tales.evolve import evolve

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


# --- the clock (issue 40): a space to stand on no Hero can walk to in the rounds left -------

BEACONS = load_context(Setup(str(ROOT / "scenarios" / "twin-beacons.toml"),
                             ("gerki", "deirdre")))
EAST = next(c for o in BEACONS.scenario.objectives for c in o.when
            if o.text == "Light the east beacon")


def first_state(ctx: Context) -> GameState:
    """The state at the game's first initiative draw."""
    game = Game(lambda: play_scenario(ctx))
    choose = random_policy(np.random.default_rng(0))
    while game.pending is not None:
        decision = game.pending
        if decision.kind == "initiative" and isinstance(decision.state, GameState):
            return decision.state
        game.answer(choose(decision))
    raise AssertionError("no initiative draw")


def gerki_on(space: str, round_: int, open_doors: tuple[str, ...] = ()) -> GameState:
    """The first state with gerki alone on ``space`` in round ``round_``."""
    state = first_state(BEACONS)
    position = state.position.without_figure("deirdre")
    board = position.board
    gerki = position.figure("gerki")
    position = evolve(position.with_figure(evolve(gerki, at=board.space(space))),
                      closed_doors=position.closed_doors - {board.space(d) for d in open_doors})
    return evolve(state.at(state.battle.at(position)), round=round_)


CLOCK = Clock(5, {"gerki": 2})  # twin-beacons: won by the end of round 5; 2 spaces a round

# (gerki's space, the round, doors open, rounds short; the walk counted by hand on
# maps/twin-beacons.toml: four neighbours a space, the East beacon on O1, the door on K3
# closed costs its step and DOOR_WALK = 3 more, the Wall N1|N2)
ROUNDS_SHORT = [
    ("N1", 5, (), 0.0),   # a step away in the last round: in time
    ("L1", 5, (), 1.0),   # 3 steps, 2 rounds at 2 a round; 1 round left
    ("L1", 4, (), 0.0),   # the same walk with 2 rounds left
    ("J3", 3, (), 2.0),   # through the closed door: 4 + 6 = 10, 5 rounds; 3 left
    ("J3", 3, ("K3",), 1.0),  # the door open: 1 + 6 = 7, 4 rounds; 3 left
    ("O1", 5, (), 0.0),   # on the beacon
]


@pytest.mark.parametrize(("space", "round_", "doors", "short"), ROUNDS_SHORT)
def test_rounds_short_counts_the_walk_against_the_rounds_left(
        space: str, round_: int, doors: tuple[str, ...], short: float) -> None:
    assert rounds_short(BEACONS, gerki_on(space, round_, doors), CLOCK, EAST) == short


def test_the_clock_scores_a_hero_too_late_below_one_in_time() -> None:
    late, in_time = gerki_on("L1", 5), gerki_on("L1", 4)
    assert value(BEACONS, late) == value(BEACONS, in_time)  # no clock: the round is unread
    assert value(BEACONS, late, CLOCK) < value(BEACONS, in_time, CLOCK)
    for state in (late, in_time):  # each space to stand on, LATE a round short
        short = sum(rounds_short(BEACONS, state, CLOCK, c)
                    for o in BEACONS.scenario.objectives for c in o.when)
        assert value(BEACONS, state, CLOCK) == value(BEACONS, state) - LATE * short


def heroes_on(gerki: str, deirdre: str, round_: int) -> GameState:
    """The first state with gerki and deirdre on those spaces in round ``round_``."""
    state = first_state(BEACONS)
    position = state.position
    for hero, space in (("gerki", gerki), ("deirdre", deirdre)):
        figure = position.figure(hero)
        position = position.with_figure(evolve(figure, at=position.board.space(space)))
    return evolve(state.at(state.battle.at(position)), round=round_)


TWO = Clock(5, {"gerki": 2, "deirdre": 2})

# (gerki's space, deirdre's, the round, whether the clock has won: a rollout stops there)
TOO_LATE = [
    ("N1", "B1", 5, False),  # each a step from a beacon (West on A1), in the last round
    ("L1", "B1", 5, True),   # the East beacon 3 steps away with 1 round left
    ("L1", "B1", 4, False),  # the same with 2 rounds left
    ("N1", "D1", 5, True),   # now the West beacon is 3 steps from deirdre
    ("N1", "N2", 4, True),   # both by the East beacon: the West is far beyond 2 rounds
]


@pytest.mark.parametrize(("gerki", "deirdre", "round_", "late"), TOO_LATE)
def test_too_late_when_a_beacon_is_beyond_every_walk_in_the_rounds_left(
        gerki: str, deirdre: str, round_: int, late: bool) -> None:
    assert too_late(BEACONS, heroes_on(gerki, deirdre, round_), TWO) is late
