"""Issue 37, item 4: the scenario's goals always in view and said when they change.

- :mod:`tales.present.goals` gives the objectives (met / not yet) and what loses the
  scenario (a Hero Defeated, each defeat condition, the rounds a round limit leaves) as
  lines, and they change as a game goes; the window's panel, the terminal's ``tales play``
  and ``tales table`` show them (as each round begins and on ``g``).
- ``round_limit`` in a scenario file: its mistakes are one line naming the file and line
  (exit status 2 at the command line, no traceback).
- ``simulate`` and ``sweep`` count the games lost with every objective met.
- ``tales scenario show NAME`` and ``tales render NAME`` find a bundled scenario from any
  working directory, as ``tales play`` does.

The rulings themselves are rows of ``tests/cases/test_round_limit_cases.py``.
"""

from __future__ import annotations

import os

os.environ["TALES_HEADLESS"] = "1"  # before tales.viewer: pyglet must draw off-screen

import io
import json
from pathlib import Path

import pytest

from tales.cli import main
from tales.content.scenarios import parse_scenario
from tales.engine.content import load_context
from tales.engine.simulate import Tally, format_report, stream_games
from tales.engine.state import Result, Setup
from tales.engine.sweep import combinations, format_sweep, sweep
from tales.errors import ContentError
from tales.present.goals import LOSE, WIN, goal_lines, goals, scenario_goal_lines
from tests.cases.test_game_loop_cases import (
    FIRST_TURN,
    IDLERS,
    LAST_2,
    OP,
    ROUND,
    C,
    R,
    defeat,
    load,
    objective,
    run,
)

ROOT = Path(__file__).resolve().parents[1]
CELLAR = str(ROOT / "scenarios" / "cellar-door.toml")
HEROES = ("gerki", "deirdre")
HOLD = objective("Hold the first part", FIRST_TURN)
LIMIT_3 = defeat("Dawn breaks", "{ round_limit = 3 }")


# --- the goals' lines as a game goes ------------------------------------------------------

def test_the_goals_lines_change_as_the_game_goes(tmp_path: Path) -> None:
    ctx = load(tmp_path, IDLERS + HOLD + LAST_2 + LIMIT_3)
    before = goal_lines(ctx)
    assert before == [WIN, "  Hold the first part", "  Last two rounds", LOSE,
                      "  a Hero is Defeated",
                      "  Dawn breaks: lost at the end of round 3 unless won (3 rounds)"]
    # round 1, before its first turn: nothing met, three rounds to go with this one
    state, _ = run(ctx, (R,))
    assert goal_lines(ctx, state)[1:] == [
        "  not yet: Hold the first part", "  not yet: Last two rounds", LOSE,
        "  a Hero is Defeated (not yet)",
        "  Dawn breaks: lost at the end of round 3 unless won (3 rounds left)"]
    # after round 1: the first objective is met (and the log said so)
    state, _ = run(ctx, (*ROUND, R))
    lines = goal_lines(ctx, state)
    assert lines[1:3] == ["  met: Hold the first part", "  not yet: Last two rounds"]
    assert lines[-1] == "  Dawn breaks: lost at the end of round 3 unless won (2 rounds left)"
    assert "Objective met: Hold the first part" in state.battle.log
    tones = [g.tone for g in goals(ctx, state)]
    assert tones[:3] == ["heading", "met", "open"]


def test_the_last_round_is_said_and_what_lost_the_game(tmp_path: Path) -> None:
    ctx = load(tmp_path, IDLERS + LIMIT_3)  # never won: the limit loses it
    state, _ = run(ctx, (*ROUND, *ROUND, R))
    last = goals(ctx, state)[-1]
    assert (last.text, last.tone) == (
        "  Dawn breaks: lost at the end of round 3 unless won (last round)", "near")
    assert ("Last round: lost at its end unless the scenario is won by then (Dawn breaks)"
            in state.battle.log)
    state, _ = run(ctx, (*ROUND, *ROUND, R, C, OP))
    assert state.result is Result.DEFEAT
    ended = goals(ctx, state)[-1]
    assert (ended.text, ended.tone) == (
        "  Dawn breaks: lost at the end of round 3 unless won (met)", "lost")


def test_a_rounds_defeat_says_the_objectives_do_not_save_it(tmp_path: Path) -> None:
    ctx = load(tmp_path, IDLERS + defeat("Dawn breaks", "{ rounds = 2 }")
               + defeat("Both", "{ hero_defeated = true, rounds = 1 }"))
    state, _ = run(ctx, (R,))
    assert goal_lines(ctx, state)[-2:] == [
        "  Dawn breaks: lost at the end of round 2, objectives met or not (2 rounds left)",
        "  Both (not yet)"]


def test_a_scenario_files_goals_name_every_condition() -> None:
    from tales.content.scenarios import load_scenario

    lines = scenario_goal_lines(load_scenario(ROOT / "scenarios" / "market-riot.toml"))
    assert lines == [WIN, "  Hold the stalls", "  Drive off the golem",
                     "  Regroup by the fire pits", LOSE,
                     "  A Hero is Defeated and the golem still stands"]


# --- round_limit's mistakes ---------------------------------------------------------------

@pytest.mark.parametrize(("when", "where", "message"), [
    ('{ round_limit = "four" }', "defeat",
     "defeat 1: 'round_limit' is a whole number, 1 or more (the last round played), not "
     "'four'"),
    ("{ round_limit = 0 }", "defeat",
     "defeat 1: 'round_limit' is a whole number, 1 or more (the last round played), not 0"),
    ('{ round_limit = 3, part = "P1" }', "defeat",
     "defeat 1: 'round_limit' stands alone in its 'when' table (it loses at the end of that "
     "round unless the scenario is won)"),
    ("{ round_limit = 3 }", "objectives",
     "objectives 2: 'round_limit' is for [[defeat]] tables only (lost at the end of round N "
     "unless won); here use 'rounds'"),
])
def test_a_bad_round_limit_is_one_line_naming_the_file_and_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], when: str, where: str,
        message: str) -> None:
    load(tmp_path, IDLERS)  # the map and the Scheme Blocks beside the scenario
    text = (tmp_path / "scenario.toml").read_text(encoding="utf-8")
    path = tmp_path / "bad.toml"  # a file of its own (a loaded scenario is kept by path)
    text += f'\n[[{where}]]\ntext = "Too late"\nwhen = {when}\n'
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index(f"when = {when}") + 1
    with pytest.raises(ContentError) as raised:
        parse_scenario(text, str(path), tmp_path)
    assert str(raised.value) == f"{path}:{line}: {message}"
    assert main(["scenario", "check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"tales: {path}:{line}: {message}\n")
    assert main(["play", str(path), "--heroes", "gerki,deirdre"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"tales: {path}:{line}: ")


# --- simulate and sweep: lost with every objective met ------------------------------------

def test_simulate_counts_the_games_lost_with_every_objective_met(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # every objective is met in round 2, and a rounds = 2 defeat is checked first: lost
    ctx = load(tmp_path, IDLERS + LAST_2 + defeat("Dawn breaks", "{ rounds = 2 }"))
    setup = ctx.setup
    tally = Tally()
    for report in stream_games(setup, "greedy", 3, 5):
        assert report.every_objective and report.result == "defeat"
        tally.add(report)
    summary = tally.summary(setup, "greedy", 5)
    assert (summary["wins"], summary["lost_with_every_objective_met"]) == (0, 3)
    assert "  lost with every objective met: 3 of 3 games (100%)" in list(
        format_report(summary))
    # the same met as a round limit: won, none lost so
    (tmp_path / "limit").mkdir()
    limited = load(tmp_path / "limit",
                   IDLERS + LAST_2 + defeat("Dawn breaks", "{ round_limit = 2 }"))
    tally = Tally()
    for report in stream_games(limited.setup, "greedy", 3, 5):
        tally.add(report)
    summary = tally.summary(limited.setup, "greedy", 5)
    assert (summary["wins"], summary["lost_with_every_objective_met"]) == (3, 0)
    assert summary["defeat_conditions_met"] == {"Dawn breaks": 0.0}  # won in time
    assert main(["simulate", limited.setup.scenario, "--heroes", "gerki,deirdre",
                 "--games", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["lost_with_every_objective_met"] == 0


def test_sweep_counts_them_per_row(tmp_path: Path) -> None:
    ctx = load(tmp_path, IDLERS + LAST_2 + defeat("Dawn breaks", "{ rounds = 2 }"))
    table = sweep(ctx.setup, combinations([None], [False, True], ["greedy"], [None]),
                  2, 1)
    assert [r["lost_with_every_objective_met"] for r in table["rows"]] == [2, 2]
    lines = list(format_sweep(table))
    assert lines[-2] == "  lost with every objective met: 4 of 4 games (100%), over every row"


# --- the terminal: tales play and tales table ---------------------------------------------

def test_tales_play_shows_the_goals_as_each_round_begins_and_on_g(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 8 + "g\nq\n"))
    assert main(["play", "cellar-door", "--heroes", "gerki,deirdre"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    limit = "The innkeeper locks the cellar: lost at the end of round 4 unless won"
    assert f"    {limit} (4 rounds)" in lines  # before play: after the prologue
    assert f"    {limit} (4 rounds left)" in lines  # as round 1 begins
    assert out.count("  To win, meet every objective:") == 3  # start, round 1, g


def test_tales_table_shows_the_goals(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("g\nq\n"))
    assert main(["table", "cellar-door", "--heroes", "gerki,deirdre", "--save",
                 str(tmp_path / "t.table")]) == 0
    out = capsys.readouterr().out
    assert out.count("  To win, meet every objective:") == 2  # after the prologue, and g
    assert ("    The innkeeper locks the cellar: lost at the end of round 4 unless won "
            "(4 rounds)") in out.splitlines()


# --- finding a bundled scenario by name from any folder -----------------------------------

def test_scenario_show_finds_a_bundled_scenario_from_another_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["scenario", "show", "cellar-door"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The cellar door (sample)")
    assert "  To win, meet every objective:" in out.splitlines()
    assert main(["scenario", "show", "no-such-scenario"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("tales: no scenario 'no-such-scenario' (bundled: ")
    assert err.count("\n") == 1


def test_render_finds_a_bundled_scenario_from_another_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from tests.test_tester import _gl_or_skip

    _gl_or_skip()
    monkeypatch.chdir(tmp_path)
    assert main(["render", "cellar-door", "picture.png", "--size", "600x400"]) == 0
    assert capsys.readouterr().out == "wrote picture.png (600x400)\n"
    assert (tmp_path / "picture.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["render", "no-such-scenario", "picture.png"]) == 2
    assert capsys.readouterr().err.startswith("tales: no scenario 'no-such-scenario'")


def test_the_play_lookup_is_the_one_shared(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    ctx = load_context(Setup("cellar-door", HEROES))
    assert ctx.scenario.title == "The cellar door (sample)"


# --- the windows' panels ------------------------------------------------------------------

def test_the_solo_windows_panel_shows_the_goals(tmp_path: Path) -> None:
    from tales.viewer.control import GameControl

    control = GameControl(load_context(Setup(CELLAR, HEROES)), seed=3)
    panel = control.view().panel
    assert panel is not None  # at setup: the goals as play begins
    assert panel.goals[:2] == [WIN, "  Open the old door"]
    while control.game.seen_state is None:  # the Heroes placed, their steps taken
        control.choose(0)
    panel = control.view().panel
    assert panel is not None
    assert panel.goals[:3] == [WIN, "  not yet: Open the old door", "  not yet: Defeat every rat"]
    assert panel.goals[-1] == ("  The innkeeper locks the cellar: lost at the end of round "
                               "4 unless won (4 rounds left)")
    assert len(panel.goal_tones) == len(panel.goals)


def test_the_table_windows_panel_shows_the_goals() -> None:
    from tales.table.session import TableSession
    from tales.viewer.session_control import SessionControl

    session = TableSession(load_context(Setup(CELLAR, HEROES)), seed=1)
    panel = SessionControl(session, draw=True).view().panel
    assert panel is not None
    assert panel.goals[0] == WIN
    assert any("lost at the end of round 4 unless won" in line for line in panel.goals)
