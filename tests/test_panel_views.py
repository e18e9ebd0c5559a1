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
from tales.engine.state import Setup
from tales.present.glossary import GLOSSARY, TOKEN_TERMS, glossary_lines, terms_on
from tales.present.schemes import acting_scheme, scenario_blocks
from tales.rules.decisions import Decider, Decision
from tales.terminal import TerminalGame
from tests.test_explains import play_until
from tests.test_viewer import CELLAR_BRAWL, viewer  # noqa: F401 (the fixture)

SETUP = Setup("scenarios/cellar-door.toml", ("gerki",), companion="pooky")


def _first(ctx: Any, wanted: Any, seed: int = 7) -> Decision[Any]:
    decision = play_until(ctx, seed, wanted).pending
    assert decision is not None
    return decision


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
    from tales.viewer.control import bag_text

    assert bag_text(("companion pooky", "hero gerki", "companion pooky")) == (
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


def test_settings_are_kept_beside_the_campaign(viewer: Any, tmp_path: Any) -> None:  # noqa: F811
    """F2: text size, confirming a question with one option, how fast moves are drawn;
    each button changes one, kept beside the save at once, read back by the next window;
    a settings file that is not one gives the defaults and says so."""
    from tales.campaign.settings import Settings, load_settings, settings_path
    from tests.test_viewer import press_key

    key = viewer.key
    window = viewer.ViewerWindow(viewer.CampaignControl("t", tmp_path), visible=False)
    try:
        window.control.choose(0)
        window.control.choose(0)
        press_key(window, key.F2)
        panel = window.scene.view.panel
        assert panel.options == Settings().lines()
        press_key(window, key._1)  # text size: large
        press_key(window, key._2)  # confirm a question with one option
        press_key(window, key._3)  # moves drawn: fast
        assert window.control.control.game.confirm is True
        assert window.scene.k == 1.25 and window.scene.panel_width == 450
        press_key(window, key.F2)
        assert window.scene.view.panel.prompt != panel.prompt  # back to the game
    finally:
        window.close()
    assert load_settings("t", tmp_path) == (Settings("large", True, "fast"), "")
    again = viewer.CampaignControl("t", tmp_path)
    assert again.settings == Settings("large", True, "fast")
    assert again.control is not None and again.control.game.confirm is True
    settings_path("t", tmp_path).write_text('{"text_size": "huge"}')
    settings, why = load_settings("t", tmp_path)
    assert settings == Settings() and why.endswith("defaults used") and "t.settings.json" in why
    settings_path("t", tmp_path).write_text("[1, 2")
    assert load_settings("t", tmp_path)[0] == Settings()


def test_a_turn_is_animated_along_its_paths(viewer: Any, tmp_path: Any) -> None:  # noqa: F811
    """The paths of a turn drawn anew grow one after another over the setting's seconds
    (with a ghost of the figure at the head); a key shows it whole; the Attacks come once
    the paths are whole."""
    import pyglet

    from tales.present.turns import Arrow, Strike, TurnDrawing
    from tales.viewer.picture import _window

    position = load_position(CELLAR_BRAWL)
    drawing = TurnDrawing((Arrow("a", (0, 1, 2, 3), "move", "schemer"),
                           Arrow("b", (10, 11), "move", "schemer")),
                          (Strike("a", "b", 3, 11, "-1", "schemer"),))
    view = viewer.View(position, drawing=drawing)
    window = _window(800, 600)
    try:
        window.switch_to()
        lines = {}
        for reveal in (0.0, 0.5, 1.0):
            scene = viewer.Scene(view, 800, 600, reveal)
            lines[reveal] = sum(isinstance(k, pyglet.shapes.Line) for k in scene.keep)
            tags = [k.text for k in scene.keep if isinstance(k, pyglet.text.Label)]
            assert ("-1" in tags) == (reveal == 1.0)
    finally:
        window.close()
    assert lines[0.0] < lines[0.5] < lines[1.0]


def test_the_window_animates_a_new_turn_and_a_key_skips_it(
        viewer: Any, tmp_path: Any) -> None:  # noqa: F811
    from tests.test_viewer import press_key

    key = viewer.key
    window = viewer.ViewerWindow(viewer.CampaignControl("t", tmp_path), visible=False)
    try:
        window.control.choose(0)
        window.control.choose(0)
        window.refresh()
        for _ in range(200):
            if window.reveal < 1.0:
                break
            press_key(window, key._1)
        assert window.reveal == 0.0, "no turn was drawn anew in 200 answers"
        window.tick(0.3)  # the setting's default: 1.2 s for the turn
        assert 0.2 < window.reveal < 0.3 and window.scene.reveal == window.reveal
        window.skip_animation()
        assert window.reveal == 1.0
    finally:
        window.close()


def test_start_marks_only_on_empty_start_spaces(viewer: Any) -> None:  # noqa: F811
    """The "S" of a Hero start space never sits against a figure standing there."""
    from dataclasses import replace

    import pyglet

    from tales.viewer.picture import _window

    position = load_position(CELLAR_BRAWL)
    board = position.board
    first = next(s for s in range(board.n) if board.start[s])
    moved = replace(position.figures[0], at=first)  # a figure on a start space
    position = replace(position, figures=(moved, *position.figures[1:]))
    standing = {s for f in position.figures for s in position.spaces_of(f)}
    empty = [s for s in range(board.n) if board.start[s] and s not in standing]
    window = _window(800, 600)
    try:
        window.switch_to()
        scene = viewer.Scene(viewer.View(position), 800, 600)
        marks = [k for k in scene.keep if isinstance(k, pyglet.text.Label) and k.text == "S"]
    finally:
        window.close()
    assert len(marks) == len(empty) < int(board.start.sum())


def test_no_scheme_shown_on_a_heros_question_after_a_group_turn() -> None:
    """A question of the Hero's (its tiles, a move) after a group's turn, where no turn
    start was kept since (a Hero's turn at the table), shows no Scheme."""
    from dataclasses import replace

    ctx = load_context(SETUP)
    tie = _first(ctx, lambda d: d.decider is Decider.TABLE)
    assert acting_scheme(scenario_blocks(ctx), tie)
    hero = replace(tie, kind="move-to", figure="gerki")  # the same battle, a Hero's question
    assert acting_scheme(scenario_blocks(ctx), hero) == []
