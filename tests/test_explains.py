"""The solo player's game explains itself (issue 17, items 4, 6 and 7): a Schemer's tie
says who acts, what it is after and why; the last turn is drawn on the map (paths as
arrows, Attacks as lines with the damage, what the spaces did) from what the engine kept;
every roll shows its dice faces; Pooky stands where his Rampage has taken him. The same
words at the terminal and in the window; pictures checked by pixels and text layout."""

from __future__ import annotations

import os

os.environ["TALES_HEADLESS"] = "1"  # before tales.viewer: pyglet must draw off-screen

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tales.engine.content import Context, load_context
from tales.engine.game import Game
from tales.engine.rounds import play_scenario
from tales.engine.state import GameRules, GameState, Setup
from tales.present.log import sides
from tales.present.ties import tie_lines
from tales.present.turns import dice_text, drawing, drawing_lines, recent, with_dice
from tales.rules.damage import DamageRoll, DieResult
from tales.rules.decisions import Decider, Decision, SameOutcome, TieDetail
from tales.rules.dice import DieKind, Face
from tales.rules.happened import Attacked, Moved, TurnBegan
from tales.rules.schemer_movement import Approach
from tales.terminal import TerminalGame, chance_for
from tests.test_viewer import colour_near, disc, draw, viewer  # noqa: F401  (the fixture, used by name)

#: The scenes below were found under the readings before issue 37 (approach=line-of-fire,
#: same_outcome=ask): its ties and Companion questions are the ones explained here; the
#: readings themselves are tested in tests/cases.
POOKY_SETUP = Setup("scenarios/cellar-door.toml", ("gerki",), companion="pooky",
                    rules=GameRules(approach=Approach.LINE_OF_FIRE,
                                    same_outcome=SameOutcome.ASK))
SEED = 5


def play_until(ctx: Context, seed: int, stop: Callable[[Decision[Any]], bool],
               limit: int = 400) -> Game[GameState]:
    """A game played with chance rolled as the window rolls it and every person's choice
    the first option, up to the first Decision ``stop`` accepts."""
    game: Game[GameState] = Game(lambda: play_scenario(ctx))
    for _ in range(limit):
        decision = game.pending
        assert decision is not None, "the game ended first"
        if stop(decision):
            return game
        if decision.decider is Decider.CHANCE:
            game.answer(chance_for(seed, len(game.choices), decision))
        else:
            game.choose(0)
    raise AssertionError("never reached")


def is_tie(decision: Decision[Any]) -> bool:
    return isinstance(decision.detail, TieDetail)


def second_rat_tie() -> Game[GameState]:
    """The second rat's tie of the first Schemer turn (the first rat has moved)."""
    return play_until(load_context(POOKY_SETUP), SEED,
                      lambda d: is_tie(d) and d.figure == "cellar-rats-2")


# --- item 6: a tie explained -------------------------------------------------------------


def test_a_tie_says_who_acts_its_target_and_why() -> None:
    decision = second_rat_tie().pending
    assert decision is not None and decision.kind == "approach-space"
    lines = tie_lines(decision)
    assert lines[0] == "cellar-rats-2 acts: nearest Foe by Line of Fire: pooky, 8 spaces"
    # a Tiny rat may end on a Foe's space (Tiny 1): its target spaces are not "Unoccupied"
    assert lines[1].startswith("so far: Safe target spaces it may end on (Tiny: it may share "
                               "a space): ")
    assert "final target space B2" in lines[1]


def test_no_explanation_for_other_decisions() -> None:
    plain = Decision("tile", "which tile?", ("action", "end"), Decider.PLAYER, "gerki")
    assert tie_lines(plain) == []


def test_a_tie_without_line_of_fire_says_so() -> None:
    tie = Decision("nearest-foe", "tied", ("a", "b"), Decider.TABLE, "rat1",
                   detail=TieDetail("nearest foe", (("a", 1), ("b", None))))
    assert tie_lines(tie) == ["rat1 acts: nearest Foe by Line of Fire: a, 1 space; "
                              "b, no Line of Fire"]


def test_the_terminal_explains_the_tie_before_its_options() -> None:
    out: list[str] = []
    answers = iter(["1"] * 40 + ["q"])
    game = TerminalGame(load_context(POOKY_SETUP), SEED, read=lambda _: next(answers),
                        write=out.append)
    game.run()
    said = next(n for n, line in enumerate(out)
                if line.strip().startswith("cellar-rats-1 acts: nearest Foe by Line of Fire"))
    assert out[said + 1].strip().startswith("so far: ")
    assert out[said + 2].startswith("[cellar-rats-1] cellar-rats-1: players choose")


# --- item 7: the last turn, as data -------------------------------------------------------


def test_the_engine_keeps_paths_and_attacks() -> None:
    game = second_rat_tie()
    battle = game.pending.battle if game.pending is not None else None
    assert battle is not None  # a tie shows the table as it stands, mid-turn
    moved = [e for e in battle.events if isinstance(e, Moved)]
    names = battle.position.board.names
    assert [names[s] for s in moved[-1].path] == ["H4", "G4", "F4", "F3", "E2"]
    assert battle.log[moved[-1].line].startswith("cellar-rats-1: Move 4 toward nearest foe")
    turns = [e for e in battle.events if isinstance(e, TurnBegan)]
    assert turns[-1] == TurnBegan("cellar-rats", "schemer", turns[-1].line, "Scurry and nip")


def test_the_drawing_is_the_current_turn_and_the_schemer_turns_before_it() -> None:
    events = (TurnBegan("gerki", "hero"), Moved("gerki", (0, 1)),
              TurnBegan("rats", "schemer"), Moved("rat1", (5, 4, 3)),
              TurnBegan("bouncers", "schemer"),
              Attacked("brute", ("gerki",), 3, (("gerki", 2),), origin=2, spaces=(1,)),
              TurnBegan("gerki", "hero"))
    assert [t[0].who for t in recent(events) if t[0]] == ["rats", "bouncers", "gerki"]
    names = [f"S{n}" for n in range(6)]
    drawn = drawing(events, {"gerki": "hero"}, names)
    assert drawing_lines(drawn, names) == ["rat1: move S5 > S4 > S3",
                                           "brute > gerki on S1: -2"]
    assert drawn.arrows[0].side == "schemer"  # a figure gone since: its turn's side
    later = (*events, Moved("gerki", (1, 2)), TurnBegan("rats", "schemer"))
    # the Schemers' turns are kept until the Hero's turn after them ends; the Hero's last
    # turn stays drawn while the rats act (issue 38: its last Attack is seen)
    assert [t[0].who for t in recent(later) if t[0]] == ["gerki", "rats"]
    zap = (*later, Moved("rat1", (3, 2)), TurnBegan("otto", "hero"),
           Attacked("otto", ("rat1",), 1, (("rat1", 1),), origin=1, spaces=(2,)),
           TurnBegan("gerki", "hero"))
    # a Companion's Zap stays drawn on its Hero's next turn, with the Schemers' before it;
    # the Hero's own last turn does not
    assert [t[0].who for t in recent(zap) if t[0]] == ["otto", "gerki"]
    again = (*zap, TurnBegan("gerki", "hero"))  # the gold Solo token: gerki again
    assert [t[0].who for t in recent(again) if t[0]] == ["gerki"]


def test_a_hero_attack_is_drawn_with_what_the_target_lost() -> None:
    game = play_until(load_context(POOKY_SETUP), SEED,
                      lambda d: d.kind == "tile" and d.battle is not None and any(
                          isinstance(e, Attacked) for e in d.battle.events[-3:]))
    battle = game.pending.battle if game.pending is not None else None
    assert battle is not None
    names = battle.position.board.names
    drawn = drawing(battle.events, sides(battle.position.figures), names)
    assert drawing_lines(drawn, names) == ["gerki > cellar-rats-1 on C1: -1"]
    assert drawn.strikes[0].side == "hero"


# --- item 7: every roll's dice faces -------------------------------------------------------


def test_dice_faces_in_words() -> None:
    roll = DamageRoll((DieResult(DieKind.DAMAGE, (Face(crit=True), Face(damage=1))),
                       DieResult(DieKind.EPIC, (Face(),))),
                      DieResult(DieKind.DAMAGE, (Face(damage=2),)), True, 0, 0, False, 1, 1, 0)
    assert dice_text(roll) == ("Damage Die Critical Hit, then 1 damage; Epic Die blank; "
                               "Damage Die 2 damage (removed by the Doom Die); Doom Die Doom "
                               "(+1 fixed, +1 Damage Boost)")
    blank = DamageRoll((DieResult(DieKind.DAMAGE, (Face(damage=2),)),), None, False, 0, 0,
                       False, 0, 0, 0, Face())
    assert dice_text(blank) == "Damage Die 2 damage; Doom Die blank"  # rolled, and blank


def test_the_log_shows_each_attack_roll() -> None:
    game = play_until(load_context(POOKY_SETUP), SEED,
                      lambda d: d.kind == "tile" and d.battle is not None and any(
                          isinstance(e, Attacked) for e in d.battle.events[-3:]))
    battle = game.pending.battle if game.pending is not None else None
    assert battle is not None
    lines = with_dice(battle.log, battle.events)
    assert "gerki attacks cellar-rats-1 [dice: Damage Die 1 damage]" in lines
    assert lines[lines.index("gerki attacks cellar-rats-1 [dice: Damage Die 1 damage]") + 1] \
        == "damage 1"


def test_the_terminal_log_shows_the_dice() -> None:
    out: list[str] = []
    answers = iter(["1"] * 60 + ["q"])
    TerminalGame(load_context(POOKY_SETUP), SEED, read=lambda _: next(answers),
                 write=out.append).run()
    assert any("attacks" in line and "[dice: Damage Die" in line for line in out)


# --- item 4: Pooky's Rampage on the map -----------------------------------------------------


def rampage() -> Game[GameState]:
    return play_until(load_context(POOKY_SETUP), 3, lambda d: d.kind == "rampage-step")


def test_pooky_stands_where_his_rampage_has_taken_him() -> None:
    game = rampage()
    first = game.pending
    assert first is not None and first.position is not None
    start = first.position.figure("pooky").at
    step = next(o for o in first.options if o != "stop")
    game.choose(first.options.index(step))
    then = game.pending
    assert then is not None and then.kind == "rampage-step"
    board = then.position.board
    assert then.position.figure("pooky").at == board.space(step) != start
    assert all(board.space(o) in board.linked(board.space(step))
               for o in then.options if o != "stop")
    game.choose(then.options.index("stop"))
    for _ in range(40):  # on to the next Decision that shows the table
        if game.pending is None or game.pending.battle is not None:
            break
        game.choose(0)
    assert game.pending is not None and game.pending.battle is not None
    kept = [e for e in game.pending.battle.events if isinstance(e, Moved)]
    last = kept[-1]
    assert (last.figure, last.path, last.how) == ("pooky", (start, board.space(step)), "rampage")
    assert [(s.what, s.space) for s in last.sprung] == [("trap", board.space(step))]  # Caltrops


# --- pictures -------------------------------------------------------------------------------


def test_window_tie_highlights_the_schemer_and_draws_the_first_rats_path(
        viewer: SimpleNamespace) -> None:  # noqa: F811
    from tales.viewer import style

    control = viewer.GameControl(load_context(POOKY_SETUP), SEED)
    while not (is_tie(control.game.pending) and control.game.pending.figure == "cellar-rats-2"):
        control.choose(0)
    view = control.view()
    assert view.selected == "cellar-rats-2" and view.targets == frozenset({"pooky"})
    assert view.panel.explain[0] == ("cellar-rats-2 acts: nearest Foe by Line of Fire: "
                                     "pooky, 8 spaces")
    picture = draw(viewer, view, 1280, 800)
    layout = picture.layout
    # the first rat's arrow: red along G4 -> F4, between the two centres
    (x1, y1), (x2, y2) = picture.centre("G4"), picture.centre("F4")
    r, g, b = picture.at(((x1 * 3 + x2) / 4, (y1 * 3 + y2) / 4))
    assert r > g + 80 and r > b + 80, (r, g, b)
    # the acting rat's yellow halo
    rat = view.position.figure("cellar-rats-2")
    cx, cy = layout.centre(rat.at)
    halo = [picture.at((cx + dx, cy + layout.size * 0.05)) for dx in range(-40, 41)]
    assert any(abs(p[0] - style.SELECTED[0]) < 20 and abs(p[1] - style.SELECTED[1]) < 20
               and p[2] < 120 for p in halo)
    # the Foe it is after: a red ring round pooky
    (px, py), radius = disc(picture, "pooky")
    assert colour_near(picture, (px - radius - 6, py), 3, style.STRIKE)


def test_window_panel_prints_the_explanation_above_the_options(
        viewer: SimpleNamespace) -> None:  # noqa: F811
    import pyglet

    from tales.viewer.picture import _window

    control = viewer.GameControl(load_context(POOKY_SETUP), SEED)
    while not is_tie(control.game.pending):
        control.choose(0)
    window = _window(1280, 800)
    try:
        window.switch_to()
        scene = viewer.Scene(control.view(), 1280, 800)
        labels = [k for k in scene.keep if isinstance(k, pyglet.text.Label)]
    finally:
        window.close()
    assert any(label.text.startswith("rings: yellow the Schemer acting, red what it is")
               for label in labels)
    acts = next(label for label in labels if "acts: nearest Foe" in label.text)
    prompt = next(label for label in labels if label.text.startswith("[cellar-rats-1]"))
    assert acts.y > prompt.y > scene.buttons[0].y
    assert all(label.x + label.content_width <= 1280 for label in labels
               if label.anchor_x == "left")


def test_window_draws_an_attack_line_and_its_damage(viewer: SimpleNamespace) -> None:  # noqa: F811
    import pyglet

    from tales.viewer.picture import _window

    control = viewer.GameControl(load_context(POOKY_SETUP), SEED)
    while not (control.game.pending.kind == "tile" and any(
            isinstance(e, Attacked) for e in control.game.seen.events[-3:])):
        control.choose(0)
    view = control.view()
    assert view.drawing is not None and view.drawing.strikes
    window = _window(1280, 800)
    try:
        window.switch_to()
        scene = viewer.Scene(view, 1280, 800)
        texts = [k.text for k in scene.keep if isinstance(k, pyglet.text.Label)]
    finally:
        window.close()
    assert "-1" in texts
    assert any("[dice: Damage Die 1" in t for t in texts)  # the log, wrapped or not
    picture = draw(viewer, view, 1280, 800)
    (x1, y1), (x2, _) = picture.centre("A1"), picture.centre("C1")
    reds = [picture.at((x1 + (x2 - x1) * t / 40, y1)) for t in range(8, 32)]
    assert sum(1 for r, g, b in reds if r > 200 and g < 90) >= 4  # the dashed red line


# --- item 11: the scenario's end -------------------------------------------------------------


def finished_state(result: str, reason: str = "because", rounds: int = 3) -> Any:
    """What :func:`record` reads of a finished game."""
    from tales.engine.state import Result

    return SimpleNamespace(result=Result(result), reason=reason, round=rounds)


def campaign_at_end(tmp_path: Path, result: str, won_before: int = 0
                    ) -> tuple[Any, Any, Any]:
    """A new solo campaign (in ``tmp_path``) with ``won_before`` scenarios won, then one
    more ``result``: (campaign before, campaign after, campaign file)."""
    from tales.campaign.progress import campaign_file, new_campaign, record, start_game
    from tales.campaign.saves import save

    campaign = new_campaign("end", "sample-campaign", ("gerki",), "otto-guard")
    file = campaign_file(campaign)
    for _ in range(won_before):
        campaign = record(start_game(campaign, file), file, finished_state("victory"))
    before = start_game(campaign, file)
    save(before, tmp_path)
    return before, record(before, file, finished_state(result, "every rat is Defeated", 5)), file


def test_a_victory_tells_the_story_the_gains_and_what_comes_next(tmp_path: Path) -> None:
    from tales.present.ending import ending

    end = ending(*campaign_at_end(tmp_path, "victory"))
    assert end.lines() == [
        "VICTORY in round 5: every rat is Defeated",
        "The cellar is quiet. The innkeeper pours a round on the house.",
        "Word of your cellar work gets around: new tricks for every Hero (sample cards).",
        "Unlocked from the Vault: Caltrops, Sanctuary, Fire storm, Spray, Dazzle, Rip weapon",
        "Won at normal difficulty (not Legend)",
        "Next: scenario 2, The drowned chapel (sample) (Chapter 1: Trouble downstairs "
        "(sample))"]
    assert end.go == "Play scenario 2: The drowned chapel (sample)"


def test_a_defeat_never_offers_the_next_scenario(tmp_path: Path) -> None:
    from tales.present.ending import ending

    end = ending(*campaign_at_end(tmp_path, "defeat"))
    assert end.lines()[:3] == ["DEFEAT in round 5: every rat is Defeated",
                               "You limp up the stairs. The rats keep the cellar.",
                               "Nothing is gained: a lost scenario is played again"]
    assert end.next == ("Next: The cellar door (sample) again (attempt 2), with the same "
                        "Heroes and cards")
    assert end.go == "Try scenario 1 again: The cellar door (sample)"
    assert "next scenario" not in " ".join(end.lines()) + end.go


def test_the_last_victory_completes_the_campaign(tmp_path: Path) -> None:
    from tales.present.ending import ending

    end = ending(*campaign_at_end(tmp_path, "victory", won_before=2))
    assert end.next == "Campaign complete: Trouble at the Red Dragon (sample campaign)"
    assert end.go == ""


def end_screen(viewer: SimpleNamespace, tmp_path: Path, result: str) -> Any:  # noqa: F811
    """The window's CampaignControl at the end of scenario 1 (``result``)."""
    from tales.present.ending import ending

    before, after, file = campaign_at_end(tmp_path, result)
    control = viewer.CampaignControl("end", tmp_path)
    assert control.control is not None
    control.last = control.control.view()
    control.control, control.campaign = None, after
    control.ended = ending(before, after, file)
    return control


@pytest.mark.parametrize("result", ["victory", "defeat"])
def test_window_end_screen(viewer: SimpleNamespace, tmp_path: Path,  # noqa: F811
                           result: str) -> None:
    from tales.viewer import style

    control = end_screen(viewer, tmp_path, result)
    view = control.view()
    panel = view.panel
    assert panel.status[0].startswith(f"{result.upper()} in round 5")
    if result == "defeat":
        assert panel.options == ["Try scenario 1 again: The cellar door (sample)"]
    else:
        assert panel.options == ["Play scenario 2: The drowned chapel (sample)"]
    picture = draw(viewer, view, 1280, 800)
    band = picture.at(((1280 - viewer.PANEL_WIDTH) / 4, 800 - 20))
    expected = style.ARROWS["hero" if result == "victory" else "schemer"]
    assert all(abs(a - b) < 40 for a, b in zip(band, expected, strict=True)), band
    # a Schemer keeps its base's colour (the bouncer's grey), never Hero blue
    bouncer = next(f for f in view.position.figures if f.group == "bouncers")
    x, y = picture.layout.centre(bouncer.at)
    colour = picture.at((x + picture.size * 0.2, y - picture.size * 0.15))
    assert all(abs(a - b) < 24 for a, b in zip(colour, style.NAMED["grey"], strict=True)), \
        colour
    control.choose(0)  # the button does what it says: scenario 1 again, or scenario 2
    assert control.control is not None
    assert control.campaign.next == (1 if result == "victory" else 0)


def test_the_terminal_says_the_end_once_and_waits_before_the_next_scenario(
        tmp_path: Path) -> None:
    from tales.campaign.play import continue_campaign
    from tales.campaign.progress import new_campaign
    from tales.campaign.saves import save

    save(new_campaign("wait", "sample-campaign", ("gerki",), "otto-guard", seed=3), tmp_path)
    out: list[str] = []
    typed: list[str] = []

    def read(prompt: str) -> str:
        typed.append(prompt)
        if prompt == "next> ":
            return "1" if typed.count("next> ") == 1 else "q"  # a stray key, then q
        return "1"

    done = continue_campaign("wait", tmp_path, write=out.append, read=read)
    assert len(done.results) == 1 and done.game is None  # stopped between scenarios
    result = done.results[0]
    headline = f"{result.result.upper()} in round {result.rounds}: {result.reason}"
    # said once (the goals' lines, indented under their headings, and the log's warning
    # as a round limit's last round begins name it as what would lose)
    assert sum(1 for line in out if result.reason in line
               and not line.startswith(("    ", "  Last round: "))) == 1
    end = out.index(headline)
    assert out[end + 1] in ("The cellar is quiet. The innkeeper pours a round on the house.",
                            "You limp up the stairs. The rats keep the cellar.")
    asked = next(n for n in range(end, len(out)) if out[n].startswith("Enter: "))
    assert out[asked - 1].startswith("Next: ")
    go = out[asked][len("Enter: "):out[asked].index("   q: ")]
    assert go in ("play scenario 2: The drowned chapel (sample)",
                  "try scenario 1 again: The cellar door (sample)")
    assert out[asked + 1] == f"'1': press Enter to {go}, or q to stop"
    assert out[-1] == "the campaign is saved: tales campaign continue goes on from here"
    assert typed.count("next> ") == 2 and typed[-1] == "next> "


def test_the_log_says_a_schemer_attack_once() -> None:
    from tales.present.log import readable

    log = ["rat2: Move 3 toward nearest foe: nearest foe: gerki (Line of Fire 3); moves to B1 "
           "along C1 B2 B1", "rat2: Melee: Attack 1: adjacent Foes: gerki; attacks gerki",
           "rat2 attacks gerki for 1", "gerki loses 1 Fortitude",
           "rat3: Melee: Attack 1: adjacent Foes: zot; attacks zot"]
    assert readable(log) == ["rat2: moves to B1 along C1 B2 B1", "rat2 attacks gerki for 1",
                             "gerki loses 1 Fortitude", "rat3: attacks zot"]


def test_window_rampage_shows_pooky_where_he_is_and_the_way_he_came(
        viewer: SimpleNamespace) -> None:  # noqa: F811
    from tales.viewer import style

    control = viewer.GameControl(load_context(POOKY_SETUP), 3)
    while control.game.pending.kind != "rampage-step":
        control.choose(0)
    control.choose(control.game.pending.options.index("A2"))  # from B1
    view = control.view()
    names = view.position.board.names
    assert names[view.position.figure("pooky").at] == "A2"
    assert {names[s] for s in view.legal} == {"A1", "A3", "B1", "B2", "B3"}
    assert view.drawing is not None
    assert [(a.figure, [names[s] for s in a.path]) for a in view.drawing.arrows] == [
        ("pooky", ["B1", "A2"])]
    picture = draw(viewer, view, 1280, 800)
    (x1, y1), (x2, y2) = picture.centre("B1"), picture.centre("A2")
    r, g, b = picture.at(((x1 * 2 + x2) / 3, (y1 * 2 + y2) / 3))
    assert b > r + 80 and b > g + 40, (r, g, b)  # the players' blue arrow
    (cx, cy), radius = disc(picture, "pooky")
    assert (cx, cy) == (x2, y2 + picture.size * 0.05)  # his disc on A2, not on B1
    inside = picture.at((cx, cy - radius * 0.7))  # below his name, inside the disc
    assert all(abs(a - c) < 24 for a, c in zip(inside, style.COMPANION, strict=True)), inside


def test_a_leap_over_a_trap_names_the_space_it_asks_about(viewer: SimpleNamespace  # noqa: F811
                                                          ) -> None:
    """Item 4: "trigger its effect?" of a Leap outlines the space it is about, labelled."""
    from tales.rules.movement import move
    from tales.viewer.control import asked_space
    from tests.build import positioned

    position = positioned(". T .", {"id": "h", "at": "A1", "side": "hero", "fortitude": 6})
    decision = next(move(position, "h", position.board.space("C1"), 2, leap=True))
    assert decision.kind == "leap-trigger" and decision.position is not None
    assert asked_space(decision) == {position.board.space("B1"): "trigger?"}
    assert asked_space(Decision("tile", "?", ("a", "b"), Decider.PLAYER)) == {}


def test_figures_an_overrun_shoves_aside_are_drawn_too() -> None:
    """Item 7: "the map shows it": an Overrun mover's path, and where it put the figures
    in its way (glossary: Overrun), each as its own short path."""
    from tales.rules.schemes import MoveStep, Scheme, play_group_turn
    from tales.rules.targets import parse_selector
    from tests.build import fig, positioned
    from tests.cases._combat import run
    from tests.cases._heroes import equipped

    position = positioned(". . . . . . .",
                          fig("r1", "A1", "schemer", group="rats", number=1, fortitude=3,
                              keywords=["Overrun"]),
                          fig("h", "C1", "hero", fortitude=5))
    march = Scheme("March", (1,), (MoveStep(6, parse_selector("space G1")),))
    turn, _ = run(play_group_turn(equipped(position, {}), "rats", march))
    assert turn.battle is not None
    names = position.board.names
    assert [(e.figure, " ".join(names[s] for s in e.path), e.how)
            for e in turn.battle.events if isinstance(e, Moved)] == [
        ("r1", "A1 B1 C1 D1 E1 F1 G1", "move"), ("h", "C1 B1", "shoved by r1")]


def test_a_figure_an_attack_moves_is_drawn() -> None:
    """Item 7: a Harm Push moves its target: the map shows where it went, beside the Attack
    line (the window's arrows read these records)."""
    from tales.rules.schemer_attacks import AttackKind, SchemerAttack
    from tales.rules.schemes import AttackStep, Scheme, play_group_turn
    from tests.build import fig, positioned
    from tests.cases._combat import run
    from tests.cases._heroes import equipped

    position = positioned(". . . . . . .",
                          fig("r1", "A1", "schemer", group="rats", number=1, fortitude=3),
                          fig("h", "B1", "hero", fortitude=9))
    shove = Scheme("Shove", (1,), (AttackStep(SchemerAttack(AttackKind.MELEE, 1, 1, None,
                                                            "Push target 2.")),))
    turn, _ = run(play_group_turn(equipped(position, {}), "rats", shove))
    assert turn.battle is not None
    names = position.board.names
    assert [(e.figure, " ".join(names[s] for s in e.path), e.how)
            for e in turn.battle.events if isinstance(e, Moved)] == [
        ("h", "B1 D1", "moved by the Attack")]
