"""Issue 38, settings: "confirm before a single option is taken". With it, a player's
Decision with one option waits for an answer (so one key press never runs a chain of
automatic choices unseen); the choices a save keeps are the very same as without it, and
replaying them gives the same game."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.state import GameState, Setup
from tales.rules.decisions import Decider
from tales.terminal import chance_for

SETUP = Setup("scenarios/cellar-door.toml", ("gerki",), companion="otto-guard")
CTX = load_context(SETUP)


def _play(confirm: bool, seed: int, picks: list[int], steps: int = 150
          ) -> tuple[Game[GameState], int]:
    game: Game[GameState] = Game(lambda: play_scenario(CTX), confirm=confirm)
    singles = asked = 0
    for _ in range(steps):
        decision = game.pending
        if decision is None:
            break
        if decision.decider is Decider.CHANCE:
            game.answer(chance_for(seed, len(game.choices), decision))
        elif len(decision.options) == 1:
            singles += 1
            game.choose(0)
        else:
            game.choose(picks[asked % len(picks)] % len(decision.options))
            asked += 1
    return game, singles


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 50), st.lists(st.integers(0, 9), min_size=1, max_size=6))
def test_confirming_changes_nothing_but_the_stops(seed: int, picks: list[int]) -> None:
    plain, none = _play(False, seed, picks)
    confirmed, _ = _play(True, seed, picks)
    assert none == 0  # without the setting a one-option question is never pending
    # the same game: the same log, the same choices saved (the confirmed ones not among them)
    n = min(len(plain.log), len(confirmed.log))
    assert plain.log[:n] == confirmed.log[:n]
    replayed: Game[GameState] = Game(lambda: play_scenario(CTX), choices=confirmed.choices)
    # the replay takes the one-option questions the confirmed game still waits on (one
    # 'end turn', say): the same log as far as both go
    both = min(len(replayed.log), len(confirmed.log))
    assert replayed.log[:both] == confirmed.log[:both]
    assert len(replayed.log) >= len(confirmed.log) - 1 or confirmed.pending is not None
    waiting = confirmed.pending
    assert len(replayed.log) == both or (waiting is not None and len(waiting.options) == 1)


def test_a_single_option_waits_for_its_answer() -> None:
    _, singles = _play(True, 3, [0], steps=300)
    assert singles > 0  # some player's question had one option, and it was shown
    game: Game[GameState] = Game(lambda: play_scenario(CTX), confirm=True)
    while game.pending is not None and not (len(game.pending.options) == 1 and
                                            game.pending.decider is not Decider.CHANCE):
        if game.pending.decider is Decider.CHANCE:
            game.answer(chance_for(3, len(game.choices), game.pending))
        else:
            game.choose(0)
    assert game.pending is not None
    before = game.choices
    game.choose(0)
    assert game.choices == before and game.asked[-1] is False  # logged as automatic
    game.undo()  # back past it to the last real choice
    assert game.choices == before[:-1]
