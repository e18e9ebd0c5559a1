"""The Game driver: log, replay, undo, refusal of illegal choices (DESIGN.md)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tales.board.position import load_position
from tales.content.heroes import load_hero_kit, prepare_hero
from tales.content.scheme_blocks import load_scheme_blocks
from tales.engine.game import Game, random_policy
from tales.errors import IllegalChoice
from tales.rules.attacks import Battle
from tales.rules.decisions import Decider, Decision, Resolution
from tales.rules.dice import load_dice
from tales.rules.epic_pool import EpicPool
from tales.rules.hero_turn import hero_turn
from tales.rules.schemes import group_turn


def two_picks() -> Resolution[tuple[int, str, int]]:
    a = yield Decision("a", "first", (1, 2, 3), Decider.TABLE)
    b = yield Decision("b", "forced", ("x",), Decider.TABLE)
    c = yield Decision("c", "second", (10, 20), Decider.PLAYER, "zot")
    return (a, b, c)


def test_single_option_decisions_are_logged_not_asked() -> None:
    game = Game(two_picks)
    assert game.pending is not None and game.pending.kind == "a"
    game.answer(3)
    assert game.pending is not None and game.pending.kind == "c"
    assert game.log == [3, "x"] and game.answers == [3]
    game.answer(20)
    assert (game.done, game.result, game.log, game.answers) == (
        True, (3, "x", 20), [3, "x", 20], [3, 20])


def test_an_illegal_choice_is_refused_and_changes_nothing() -> None:
    game = Game(two_picks)
    game.answer(1)
    with pytest.raises(IllegalChoice):
        game.answer(99)
    assert game.pending is not None and game.pending.kind == "c" and game.log == [1, "x"]


def test_undo_takes_back_the_last_answer_and_what_followed_it() -> None:
    game = Game(two_picks)
    game.answer(2)
    game.answer(10)
    game.undo()
    assert game.pending is not None and game.pending.kind == "c" and game.log == [2, "x"]
    game.undo()
    assert game.pending is not None and game.pending.kind == "a" and game.log == []
    with pytest.raises(IllegalChoice):
        game.undo()


def test_answering_after_the_end_is_refused() -> None:
    game = Game(two_picks, [1, 10])
    assert game.done
    with pytest.raises(IllegalChoice):
        game.answer(1)
    with pytest.raises(IllegalChoice):
        Game(two_picks, [1, 10, 10])


def _cellar_battle() -> Battle:
    position = load_position("positions/cellar-brawl.toml")
    battle = Battle(position, EpicPool(1, 3), load_dice())
    return prepare_hero(battle, load_hero_kit("heroes/zot.toml"), ["b", "c"])


def _round() -> Resolution[Battle]:
    """A Hero turn then a Schemer group turn: enough rules to replay a real log."""
    kit = load_hero_kit("heroes/zot.toml")
    battle = yield from hero_turn(_cellar_battle(), "zot", kit.for_game(),
                                  pooky=kit.pooky_scheme(2))
    groups = load_scheme_blocks("scenarios/sample-schemers.toml")
    turn = yield from group_turn(battle.position, "cellar-rats",
                                 groups["cellar-rats"].scheme("1"))
    return battle.at(turn.position)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_replaying_the_answers_reproduces_the_state(seed: int) -> None:
    game = Game(_round)
    final = game.play(random_policy(np.random.default_rng(seed)))
    again = Game(_round, game.answers)
    assert again.done
    assert again.result is not None
    assert again.result.position == final.position
    assert again.result.log == final.log
    assert again.result.abilities == final.abilities


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_games_keep_the_invariants(seed: int) -> None:
    final = Game(_round).play(random_policy(np.random.default_rng(seed)))
    position = final.position
    spaces = [f.at for f in position.figures if "Tiny" not in {k.value for k in f.keywords}]
    assert len(spaces) == len(set(spaces)), "two non-Tiny figures share a space"
    assert all(f.damage >= 0 for f in position.figures)
    assert 0 <= final.pool.dice <= final.pool.size
