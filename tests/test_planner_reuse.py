"""The planner's reuse between Decisions (issue 40): the rollout of the option it took, when
it answered the next Decision as greedy does without drawing on its dice, is the rollout of
greedy's choice there; reusing it plays the very same game with fewer rollouts."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tales.engine import planner
from tales.engine.bots import policy
from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.state import Setup

ROOT = Path(__file__).resolve().parents[1]


def played(scenario: str, heroes: tuple[str, ...], game: int, reuse: bool,
           monkeypatch: pytest.MonkeyPatch) -> tuple[tuple[int, ...], int]:
    """A planner game's answers, and the rollouts it played."""
    monkeypatch.setattr(planner._Planner, "reuse", reuse)
    rollouts = 0
    rollout = planner._Planner.rollout

    def counted(self: planner._Planner, index: int, seed: np.random.SeedSequence) -> float:
        nonlocal rollouts
        rollouts += 1
        return rollout(self, index, seed)

    monkeypatch.setattr(planner._Planner, "rollout", counted)
    ctx = load_context(Setup(str(ROOT / "scenarios" / f"{scenario}.toml"), heroes))
    rng = np.random.default_rng(np.random.SeedSequence(0, spawn_key=(game,)))
    run = Game(lambda: play_scenario(ctx))
    run.play(policy("planner", ctx, rng))
    return tuple(run.choices), rollouts


@pytest.mark.parametrize(("scenario", "heroes", "game"), [
    ("twin-beacons", ("gerki", "deirdre"), 0),  # a round limit: tiles planned at the end
    ("crawler-cellar", ("gerki", "deirdre"), 1),
])
def test_reuse_plays_the_same_game_with_fewer_rollouts(
        scenario: str, heroes: tuple[str, ...], game: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    reused, fewer = played(scenario, heroes, game, True, monkeypatch)
    fresh, more = played(scenario, heroes, game, False, monkeypatch)
    assert reused == fresh
    assert fewer < more
