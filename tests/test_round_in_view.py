"""Issue 38, item 4: what the window and the terminal say of the round ("drawn", "in the
bag") counts the token being played as drawn, all through its turn, not one token behind."""

from __future__ import annotations

from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.state import GameState, Setup
from tales.rules.decisions import Decider
from tales.terminal import chance_for
from tales.viewer.control import state_lines


def test_the_token_being_played_is_drawn_not_in_the_bag() -> None:
    ctx = load_context(Setup("scenarios/cellar-door.toml", ("gerki", "deirdre")))
    game: Game[GameState] = Game(lambda: play_scenario(ctx))
    turns = 0
    for _ in range(300):
        decision = game.pending
        if decision is None:
            break
        if decision.kind == "tile" and decision.figure is not None:
            state = game.seen_state
            assert state is not None and state.drawn
            kind, who = state.drawn[-1].split(" ", 1)
            assert who == decision.figure  # its own token, just drawn
            lines = state_lines(state)
            bag = next(line for line in lines if line.startswith("in the bag: "))
            drawn = next(line for line in lines if line.startswith("drawn: "))
            playing = who if kind == "hero" else f"{who} ({kind})"
            assert drawn.endswith(playing), (drawn, playing)
            assert len(state.bag) == bag.count(",") + 1 or bag == "in the bag: nothing"
            turns += 1
        if decision.decider is Decider.CHANCE:
            game.answer(chance_for(1, len(game.choices), decision))
        else:
            game.choose(0)
    assert turns >= 4
