"""Issue 38, "know what each choice does": choosing Hero cards and Items at setup shows
each card's abilities on its button and the whole card on hover (the window's detail, the
terminal's ``i N``), from the same presenter."""

from __future__ import annotations

from typing import Any

from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.state import GameState, Loadout, Setup
from tales.present.abilities import ability_card
from tales.present.options import Presenter
from tales.rules.decisions import Decision
from tales.terminal import TerminalGame

SETUP = Setup("scenarios/cellar-door.toml", ("gerki",), companion="otto-guard",
              loadout=Loadout({"gerki": ("Cheap shot", "Caltrops", "Duck")},
                              {"gerki": ("Throwing knives",)}, hero_cards=2))


def _asked(kind: str) -> tuple[Presenter, Decision[Any]]:
    ctx = load_context(SETUP)
    game: Game[GameState] = Game(lambda: play_scenario(ctx))
    while game.pending is not None and game.pending.kind != kind:
        game.choose(0)
    assert game.pending is not None
    return Presenter(ctx.figure_abilities()), game.pending


def test_each_hero_card_shows_its_whole_card() -> None:
    present, asked = _asked("hero-card")
    assert set(asked.options) == {"Cheap shot", "Caltrops", "Duck"}
    kit = {a.name: a for a in present.abilities["gerki"]}
    for option in asked.options:
        label = present.option(asked, option)
        assert label.startswith(option), label
        detail = present.detail(asked, option)
        assert detail[0] == f"{option} (a Hero card)"
        assert detail[1:] == ability_card(kit[option]), detail


def test_each_item_shows_its_whole_card_and_none_says_so() -> None:
    present, asked = _asked("equip-item")
    assert "Throwing knives" in asked.options
    kit = {a.name: a for a in present.abilities["gerki"]}
    assert present.detail(asked, "Throwing knives")[1:] == ability_card(kit["Throwing knives"])
    assert present.option(asked, None) == "None"


def test_the_terminal_shows_the_card_on_i() -> None:
    out: list[str] = []
    answers = iter(["1", "1", "i 1", "q"])  # the start spaces, then the first card
    TerminalGame(load_context(SETUP), 3, read=lambda _: next(answers, "q"),
                 write=out.append).run()
    at = out.index("     Cheap shot (a Hero card)")
    assert len(out) > at + 1 and out[at + 1].startswith("     ")
