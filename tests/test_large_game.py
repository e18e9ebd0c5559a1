"""A whole game with a large Schemer group (issue 25): the sample scenario
scenarios/crawler-cellar.toml plays to its end with every figure on legal spaces, replays
exactly from its answers, and its save (setup, seed, answers) round-trips with the
large-figure rule flags."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from tales.board.figures import Keyword
from tales.board.position import Position
from tales.engine.bots import policy
from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.saves import SavedGame, read_save, write_save
from tales.engine.state import GameRules, GameState, Result, Setup
from tales.rules.decisions import Chooser
from tales.rules.large import LargeDifficult, LargeForced, LargeTurns

SCENARIO = "scenarios/crawler-cellar.toml"


def _no_overlap(position: Position) -> None:
    taken = Counter(s for f in position.figures if Keyword.TINY not in f.keywords
                    for s in position.spaces_of(f))
    assert not [position.board.names[s] for s, n in taken.items() if n > 1]
    blocked = position.blocked()
    assert not any(blocked[s] for f in position.figures for s in position.spaces_of(f))


def _checking(choose: Chooser) -> Chooser:
    def check(decision):  # type: ignore[no-untyped-def]
        if decision.position is not None:
            _no_overlap(decision.position)
        return choose(decision)
    return check


@pytest.mark.parametrize(("bot", "seed", "rules"), [
    ("greedy", 1, GameRules()),
    ("random", 2, GameRules()),
    ("random", 3, GameRules(large_turns=LargeTurns.PIVOT,
                            large_difficult=LargeDifficult.PER_PART)),
])
def test_a_large_group_plays_replays_and_saves(tmp_path: Path, bot: str, seed: int,
                                               rules: GameRules) -> None:
    setup = Setup(SCENARIO, ("gerki", "deirdre"), rules=rules)
    ctx = load_context(setup)
    game: Game[GameState] = Game(lambda: play_scenario(ctx))
    final = game.play(_checking(policy(bot, ctx, np.random.default_rng(seed))))
    assert final.result in (Result.VICTORY, Result.DEFEAT)
    crawlers = [line for line in final.battle.log if line.startswith("cellar-crawlers-")]
    assert any("(on " in line for line in crawlers), "no large move was logged"
    _no_overlap(final.position)
    path = tmp_path / "slot.sav"
    write_save(path, SavedGame(setup, seed, tuple(game.choices)))
    saved = read_save(path)
    assert saved.setup == setup
    again = Game(lambda: play_scenario(load_context(saved.setup)), choices=saved.choices)
    assert again.result is not None
    assert again.result.position == final.position
    assert again.result.battle.log == final.battle.log


def test_the_games_large_forced_reading_reaches_its_attacks_and_abilities() -> None:
    """--rule large_forced=massive is the Battle's: every Push, Pull, Grab and Place of a
    Hero's Attack, a Schemer's Attack or an ability reads it there (tests/cases/
    test_large_cases.py, the lg-play rows)."""
    rules = GameRules(large_forced=LargeForced.MASSIVE)
    ctx = load_context(Setup(SCENARIO, ("gerki", "deirdre"), rules=rules))
    game: Game[GameState] = Game(lambda: play_scenario(ctx))
    final = game.play(policy("greedy", ctx, np.random.default_rng(1)))
    assert final.battle.rules.large == rules.large_rules()
    assert final.battle.rules.large.forced is LargeForced.MASSIVE


def test_tales_play_and_simulate_take_the_large_sample(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands a person uses: `tales play` at the terminal (answering 1 to everything)
    plays the scenario to its end and says every space a crawler stands on; `tales simulate`
    plays it with every large-figure flag."""
    import io
    import json

    from tales.cli import main

    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 600))
    assert main(["play", SCENARIO, "--heroes", "gerki,deirdre", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "cellar-crawlers-1 is deployed on G5 (on G5 H5)" in out
    assert out.rstrip().splitlines()[-1].startswith(("VICTORY", "DEFEAT"))
    assert main(["simulate", SCENARIO, "--heroes", "gerki,deirdre", "--games", "3",
                 "--seed", "2", "--json", "--rule", "large_turns=pivot", "--rule",
                 "large_difficult=per-part", "--rule", "large_forced=massive"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3
