"""Issue 38, item 1: the menus name only what the Hero was equipped with. In a campaign
game Gerki has unlocked only Cheap shot of his cards and no Item: Caltrops (a card still in
the Vault) and Throwing knives (an Item) are named on no surface, in no tile button, "not
now" line, hover or terminal line."""

from __future__ import annotations

from typing import Any

from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.state import GameState, Loadout, Setup
from tales.present.options import Presenter
from tales.rules.decisions import Decider
from tales.terminal import TerminalGame, chance_for

LOCKED = ("Caltrops", "Throwing knives")
SETUP = Setup("scenarios/cellar-door.toml", ("gerki",), companion="otto-guard",
              loadout=Loadout({"gerki": ("Cheap shot",)}, {"gerki": ()}))


def test_no_menu_names_a_locked_card() -> None:
    ctx = load_context(SETUP)
    present = Presenter(ctx.figure_abilities())
    game: Game[GameState] = Game(lambda: play_scenario(ctx))
    tiles = 0
    for _ in range(600):
        decision = game.pending
        if decision is None:
            break
        if decision.kind == "tile" and decision.figure == "gerki":
            tiles += 1
            shown = [present.option(decision, o) for o in decision.options]
            shown += present.not_ready(decision)
            shown += [line for o in decision.options for line in present.detail(decision, o)]
            assert not [s for s in shown for card in LOCKED if card in s], shown
        if decision.decider is Decider.CHANCE:
            game.answer(chance_for(3, len(game.choices), decision))
        else:
            game.choose(len(decision.options) - 1 if decision.kind == "tile" else 0)
    assert tiles >= 3  # Gerki was offered his tiles several times


def test_the_terminal_never_names_a_locked_card() -> None:
    out: list[str] = []
    answers = iter(["1"] * 120 + ["q"] * 5)

    def read(_: Any) -> str:
        return next(answers, "q")

    TerminalGame(load_context(SETUP), 3, read=read, write=out.append).run()
    assert any("an Action tile" in line for line in out)
    named = [line for line in out for card in LOCKED if card in line]
    assert not named, named
