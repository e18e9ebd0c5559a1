"""Issue 38: what the panel and the terminal show beside the map. The acting group's
Scheme in view while it acts (window and terminal); the map's legend and a glossary one
key away (L in the window, k at the terminal), covering every keyword and token the engine
has; initiative tokens of a kind counted; the panel's text scaled with the window."""

from __future__ import annotations

import os

os.environ["TALES_HEADLESS"] = "1"  # before tales.viewer: pyglet must draw off-screen

from typing import Any

import pytest

from tales.board.figures import Keyword, Token
from tales.board.position import load_position
from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.state import GameState, Setup
from tales.present.glossary import GLOSSARY, TOKEN_TERMS, glossary_lines, terms_on
from tales.present.schemes import acting_scheme, scenario_blocks
from tales.rules.decisions import Decider, Decision
from tales.terminal import TerminalGame, chance_for
from tests.test_viewer import CELLAR_BRAWL, viewer  # noqa: F401 (the fixture)

SETUP = Setup("scenarios/cellar-door.toml", ("gerki",), companion="pooky")


def _first(ctx: Any, wanted: Any, seed: int = 7, steps: int = 400) -> Decision[Any]:
    game: Game[GameState] = Game(lambda: play_scenario(ctx))
    for _ in range(steps):
        decision = game.pending
        assert decision is not None, "the game ended first"
        if wanted(decision):
            return decision
        if decision.decider is Decider.CHANCE:
            game.answer(chance_for(seed, len(game.choices), decision))
        else:
            game.choose(0)
    raise AssertionError("never asked")


def test_every_keyword_and_token_has_a_glossary_line() -> None:
    missing = [str(k) for k in Keyword if str(k) not in GLOSSARY]
    missing += [t.value for t in Token if TOKEN_TERMS.get(t) not in GLOSSARY]
    assert not missing, missing
    assert all(len(text) < 200 and not text.endswith(".") for text in GLOSSARY.values())


def test_the_glossary_lists_what_is_on_the_map() -> None:
    position = load_position(CELLAR_BRAWL)
    terms = terms_on(position)
    kinds = {f.keywords for f in position.figures}
    assert ("Tiny" in terms) == any(Keyword.TINY in k for k in kinds)
    assert {"Foe", "Line of Fire", "Nearest"} <= set(terms)
    assert "Juggernaut" not in terms or any(Keyword.JUGGERNAUT in k for k in kinds)
    lines = glossary_lines(terms)
    assert len(lines) == len(terms) and all(": " in line for line in lines)


def test_a_tie_shows_the_acting_groups_scheme_and_a_hero_question_none() -> None:
    ctx = load_context(SETUP)
    blocks = scenario_blocks(ctx)
    tie = _first(ctx, lambda d: d.decider is Decider.TABLE)
    shown = acting_scheme(blocks, tie)
    assert tie.state is not None
    group = next(g for g in blocks if tie.figure and tie.figure.startswith(g))
    scheme = blocks[group].scheme(tie.state.schemes[group])
    assert shown[0] == f"{blocks[group].name} act: {scheme.name}"
    assert shown[1:] == [f"{n}. {step}" for n, step in enumerate(scheme.steps, 1)]
    tile = _first(load_context(SETUP), lambda d: d.kind == "tile")
    assert acting_scheme(blocks, tile) == []


def test_the_terminal_shows_the_scheme_at_a_tie_and_the_glossary_on_k() -> None:
    out: list[str] = []
    answers = iter(["k"] + ["1"] * 60 + ["q"] * 3)
    TerminalGame(load_context(SETUP), 7, read=lambda _: next(answers, "q"),
                 write=out.append).run()
    assert any(line.startswith("  Foe: a figure of the other side") for line in out)
    acts = [n for n, line in enumerate(out) if " act: " in line]
    assert acts, "no tie was met in 60 answers"
    assert out[acts[0] + 1].startswith("  1. ")


def test_tokens_of_a_kind_are_counted() -> None:
    from tales.viewer.control import tokens_text

    assert tokens_text(("companion pooky", "hero gerki", "companion pooky")) == (
        "pooky (companion) x2, gerki")


@pytest.mark.parametrize(("size", "scale"), [((1280, 800), 1.0), ((1000, 700), 1.0),
                                             ((1920, 1200), 1.5), ((2560, 1600), 2.0),
                                             ((4000, 3000), 2.0)])
def test_text_scales_with_the_window(viewer: Any, size: tuple[int, int],  # noqa: F811
                                     scale: float
                                     ) -> None:
    import pyglet

    from tales.viewer.picture import _window
    from tales.viewer.scene import PANEL_WIDTH, text_scale

    assert text_scale(*size) == scale
    width, height = size
    panel = viewer.Panel("A title", ["Round 1"], "Pick one", ["an option"], ["a log line"])
    window = _window(width, height)
    try:
        window.switch_to()
        scene = viewer.Scene(viewer.View(load_position(CELLAR_BRAWL), panel=panel),
                             width, height)
        labels = [k for k in scene.keep if isinstance(k, pyglet.text.Label)]
    finally:
        window.close()
    title = next(label for label in labels if label.text == "A title")
    assert title.font_size == pytest.approx(13 * scale)
    assert scene.panel_width == round(PANEL_WIDTH * scale)
    assert scene.buttons[0].height == pytest.approx(26 * scale)
    for label in labels:
        if label.anchor_x == "left":
            assert label.x + label.content_width <= width, label.text


def test_the_campaign_view_on_c(viewer: Any, tmp_path: Any) -> None:  # noqa: F811
    """C in a solo campaign: every scenario with how it stands, the attempt after a
    defeat, what is unlocked and what waits in the Vault; buttons and spaces do nothing
    there; C again goes back to the game as it was."""
    from dataclasses import replace

    from tests.test_viewer import press_key

    key = viewer.key
    window = viewer.ViewerWindow(viewer.CampaignControl("t", tmp_path), visible=False)
    try:
        window.control.choose(0)
        window.control.choose(0)
        # as after one defeat (in memory only: a save says how it came to be)
        window.control.campaign = replace(window.control.campaign, attempt=1)
        window.refresh()
        before = window.scene.view.panel
        press_key(window, key.C)
        shown = window.scene.view.panel
        assert shown.prompt == "C: back to the game" and shown.options == []
        assert any(line.startswith("   1. The cellar door (sample)")
                   and line.endswith("next (attempt 2)") for line in shown.status)
        assert any(line.startswith("  still in the Vault: Caltrops") for line in shown.status)
        choices = len(window.control.control.game.choices)
        press_key(window, key._1)  # no button here: nothing is chosen
        assert len(window.control.control.game.choices) == choices
        press_key(window, key.C)
        assert window.scene.view.panel.prompt == before.prompt
    finally:
        window.close()
