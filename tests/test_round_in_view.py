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


def test_the_part_reads_as_the_scenarios_part() -> None:
    """Issue 38: "part 2" reads as the scenario's part, by its name."""
    from dataclasses import replace

    ctx = load_context(Setup("scenarios/cellar-door.toml", ("gerki", "deirdre")))
    game: Game[GameState] = Game(lambda: play_scenario(ctx))
    while game.seen_state is None or game.seen_state.round == 0:
        game.answer(chance_for(1, len(game.choices), game.pending)) if (
            game.pending.decider is Decider.CHANCE) else game.choose(0)
    state = replace(game.seen_state, part=1)
    names = [p.name for p in ctx.scenario.parts]
    assert state_lines(state, names)[0].endswith(', part 2: "Behind the door"')
    assert state_lines(state)[0].endswith(", part 2")


def test_undo_with_nothing_to_undo_says_so(tmp_path: object) -> None:
    from pathlib import Path

    from tales.viewer.control import CampaignControl

    control = CampaignControl("fresh", Path(str(tmp_path)))
    control.undo()
    assert control.message == "nothing to undo"
    assert "nothing to undo" in control.view().panel.status


def test_a_turn_that_ends_by_itself_says_so() -> None:
    """Issue 38: when a Hero has no tile left (or nothing it can use), its turn ends with
    no question, and the log says why."""
    ctx = load_context(Setup("scenarios/cellar-door.toml", ("gerki", "deirdre")))
    game: Game[GameState] = Game(lambda: play_scenario(ctx))
    for _ in range(400):
        decision = game.pending
        if decision is None:
            break
        if decision.decider is Decider.CHANCE:
            game.answer(chance_for(2, len(game.choices), decision))
        else:
            game.choose(0)  # a tile first, while there is one
    battle = game.seen
    ended = [line for line in battle.log if "'s turn ends: " in line]
    assert any(line.endswith("every tile is used") for line in ended), ended


def test_the_window_lists_its_keys_on_f1() -> None:
    """Issue 38: ? or F1 lists the window's keys in the panel."""
    import os

    import pytest

    if os.environ.get("TALES_HEADLESS") is None:
        os.environ["TALES_HEADLESS"] = "1"
    try:
        from pyglet.window import key

        from tales.viewer.app import ViewerWindow
        from tales.viewer.control import GameControl
    except Exception as missing:  # no EGL here: the viewer's tests say so too
        if os.environ.get("TALES_REQUIRE_GL"):
            raise
        pytest.skip(f"no off-screen OpenGL: {missing}")
    from tests.test_viewer import press_key

    control = GameControl(load_context(Setup("scenarios/cellar-door.toml",
                                             ("gerki", "deirdre"))), 1)
    window = ViewerWindow(control, visible=False)
    try:
        press_key(window, key.F1)
        assert control.message.startswith("keys: 1-9 or a click pick an option")
        assert "U undo your last choice" in control.message
        assert any("Esc close" in line for line in control.view().panel.status)
    finally:
        window.close()


def test_a_die_typed_in_names_what_each_face_does() -> None:
    """Issue 38: the physical Scheme die's (and Pooky's die's) options name the Scheme each
    face picks, in the window's buttons and the terminal's list alike."""
    from tales.present.chance import chance_lines

    ctx = load_context(Setup("scenarios/cellar-door.toml", ("zot", "deirdre")))
    game: Game[GameState] = Game(lambda: play_scenario(ctx))
    said: dict[str, list[str]] = {}
    for _ in range(100):
        decision = game.pending
        if decision is None or len(said) == 2:
            break
        if decision.kind in ("roll-scheme", "roll-pooky"):
            said.setdefault(decision.kind, chance_lines(decision))
        game.choose(0)
    assert said["roll-scheme"][1] == "  1) Scheme 1: Scurry and nip"
    assert said["roll-scheme"][4] == "  4) Scheme 4: Swarm the weak"
    assert said["roll-pooky"][1].startswith("  1) Scheme 1: ")
