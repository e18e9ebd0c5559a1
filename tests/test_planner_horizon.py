"""Where the planner's rollouts stop (issue 40): not in the round a new Part came on (a
door opened on a golem is seen fight before the objective is scored), as a chess engine
does not stop in the middle of an exchange."""

from __future__ import annotations

from pathlib import Path

import pytest

from tales.engine import planner
from tales.engine.simulate import play_game
from tales.engine.state import Setup

ROOT = Path(__file__).resolve().parents[1]
CELLAR = Setup(str(ROOT / "scenarios" / "cellar-door.toml"), ("gerki", "deirdre")).to_dict()


@pytest.mark.parametrize(("settle", "result"), [
    (True, "victory"),   # it sees the golem fight: the door waits for round 2, won in 3
    (False, "defeat"),   # scored at the round's end, the door opened in round 1 looked good
])
def test_a_rollout_plays_on_a_round_after_a_new_part_comes_on(
        settle: bool, result: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # seed 1, game 15 of tools/bench_planner.py's cellar-door row: the game greedy won and
    # the planner lost before its rollouts settled (the one game between them in 60)
    monkeypatch.setattr(planner._Planner, "settle", settle)
    assert play_game(CELLAR, "planner", 1, 15).result == result
