"""Issue 38, "know every figure at a glance": hovering a figure in the window, or `b` at the
terminal, shows its card: who it is (a Schemer by its group's name, a Destructible feature
as such), its side and Fortitude left, its tokens, keywords and its group's Scheme."""

from __future__ import annotations

from dataclasses import replace

from tales.board.figures import Figure, Keyword, Role, Side, Token
from tales.present.figures import figure_card

GROUPS = {"cellar-rats": "Cellar rats (sample)"}


def test_a_schemers_card() -> None:
    rat = Figure("cellar-rats-1", Side.SCHEMER, 0, group="cellar-rats", number=1,
                 fortitude=3, damage=1, keywords=frozenset({Keyword.TINY}),
                 tokens=((Token.SHIELD, 1),))
    assert figure_card(rat, GROUPS, {"cellar-rats": "Scurry and nip"}) == [
        "cellar-rats-1: Cellar rats (sample)", "Fortitude 2 of 3 left",
        "tokens: 1 Shield Token", "Tiny", "its Scheme this round: Scurry and nip"]


def test_a_heros_sides_and_a_companions_recovery() -> None:
    gerki = Figure("gerki", Side.HERO, 0, fortitude=7, damage=2, wounded_fortitude=8,
                   tokens=((Token.EVADE, 2),))
    assert figure_card(gerki)[:3] == ["gerki (Hero)", "Fresh side, Fortitude 5 of 7 left",
                                      "tokens: 2 Evade Tokens"]
    assert figure_card(replace(gerki, wounded=True, fortitude=8, damage=0))[1] == (
        "Wounded side, Fortitude 8 of 8 left")
    otto = Figure("otto", Side.HERO, 0, fortitude=8, role=Role.COMPANION, recovering=True,
                  keywords=frozenset({Keyword.TINY, Keyword.AVOIDED}))
    assert figure_card(otto) == ["otto (Companion)", "Recovery side, Fortitude 8 of 8 left",
                                 "Avoided, Tiny"]


def test_a_destructible_is_a_feature_not_a_figure() -> None:
    stone = Figure("warding-stone", Side.SCHEMER, 0, fortitude=5,
                   keywords=frozenset({Keyword.IMMOBILE}))
    card = figure_card(stone, destructibles={"warding-stone": "Warding stone"})
    assert card[0] == "Warding stone (Destructible feature)"


def test_the_window_shows_the_card_of_the_figure_hovered() -> None:
    import os

    os.environ.setdefault("TALES_HEADLESS", "1")
    from tales.engine.content import load_context
    from tales.engine.state import Setup
    from tales.viewer.control import GameControl

    control = GameControl(load_context(Setup("scenarios/cellar-door.toml",
                                             ("gerki", "deirdre"))), 1)
    position = control.view().position
    rat = next(f for f in position.figures if f.group == "cellar-rats")
    control.hovered = rat.at
    detail = control.view().panel.detail
    assert detail[0] == f"{rat.id}: Cellar rats (sample)", detail
    assert "Fortitude 3 of 3 left" in detail
