"""Issue 38: Zot's "Pooky's tile" names the Scheme Pooky's die rolled this round and what
it does, on the button and in the detail, the same Scheme the round rolled."""

from __future__ import annotations

from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.state import GameState, Setup
from tales.present.options import Presenter
from tales.rules.decisions import Decider
from tales.terminal import chance_for


def test_pooky_tile_names_this_rounds_scheme() -> None:
    ctx = load_context(Setup("scenarios/cellar-door.toml", ("zot", "gerki")))
    present = Presenter(ctx.figure_abilities())
    game: Game[GameState] = Game(lambda: play_scenario(ctx))
    rolled = None
    seen = set()
    for _ in range(800):
        decision = game.pending
        if decision is None:
            break
        if decision.kind == "tile" and "pooky" in decision.options:
            label = present.option(decision, "pooky")
            assert label.startswith(f"Pooky's tile: {rolled}"), (label, rolled)
            detail = present.detail(decision, "pooky")
            assert any(label.split(": ", 1)[1].split(" (")[0] in line for line in detail)
            seen.add(label.split(": ", 1)[1].split(" (")[0])
        if decision.decider is Decider.CHANCE:
            answer = chance_for(5, len(game.choices), decision)
            if "Pooky's Scheme" in decision.prompt:  # the round's roll, as the table saw it
                rolled = decision.detail[answer]
            game.answer(answer)
        else:
            game.choose(0)
    assert seen  # Pooky's tile was offered and named
