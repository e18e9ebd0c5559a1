"""The scenario tester (issue 20): the planner bot, sweeps, the report's defeat conditions
and damage by space, ``tales scenario check`` listing every mistake, and pictures of map
files, scenario files and a simulation's heatmap.

The planner's strength is measured in ``tools/bench_planner.py`` (no timed or statistical
assertions here): these tests check that it plays legal, reproducible games.
"""

from __future__ import annotations

import os

os.environ["TALES_HEADLESS"] = "1"  # before tales.viewer: pyglet must draw off-screen

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from tales.cli import main
from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.planner import DEFAULT_BUDGET, _Planner, planner_policy
from tales.engine.rounds import play_scenario
from tales.engine.simulate import run_games, summarise
from tales.engine.state import Result, Setup
from tales.engine.sweep import Combination, combinations, format_sweep, sweep

ROOT = Path(__file__).resolve().parents[1]
CELLAR = str(ROOT / "scenarios" / "cellar-door.toml")
HEROES = ("gerki", "deirdre")


# --- the planner --------------------------------------------------------------------------

def test_the_planner_plays_a_whole_game() -> None:
    ctx = load_context(Setup(CELLAR, HEROES))
    rng = np.random.default_rng(np.random.SeedSequence(5, spawn_key=(0,)))
    state = Game(lambda: play_scenario(ctx)).play(planner_policy(ctx, rng, 1))
    assert state.result in (Result.VICTORY, Result.DEFEAT)


def test_the_planner_plays_the_same_games_whatever_the_workers() -> None:
    setup = Setup(CELLAR, HEROES)
    alone = run_games(setup, "planner", 2, seed=11, workers=1, budget=1)
    shared = run_games(setup, "planner", 2, seed=11, workers=2, budget=1)
    assert alone == shared
    assert summarise(setup, "planner", 11, alone, 1)["settings"]["budget"] == 1


def test_a_resumed_planner_starts_its_rollouts_where_a_playing_one_does() -> None:
    """A planner made for a game under way (a campaign's, one per Decision) finds the last
    state between turns and the answers since, as one that played from the start."""
    ctx = load_context(Setup(CELLAR, HEROES))
    rng = np.random.default_rng(1)
    playing = _Planner(ctx, np.random.default_rng(2), 1, ())
    game = Game(lambda: play_scenario(ctx))
    for _ in range(40):  # into the first round's turns
        assert game.pending is not None
        playing.observe(game.pending)
        index = int(rng.integers(len(game.pending.options)))
        playing.since.append(index)
        game.choose(index)
    resumed = _Planner(ctx, np.random.default_rng(3), 1, game.choices)
    assert resumed.since == playing.since
    assert resumed.round == playing.round >= 1
    replayed = Game(resumed.base, choices=resumed.since)
    assert replayed.pending == game.pending


def test_budget_is_the_planners(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", CELLAR, "--heroes", "gerki,deirdre", "--games", "1",
                 "--budget", "2"]) == 2
    _, err = capsys.readouterr()
    assert err == ("tales: --budget is the planner's (rollouts of its closer look): add --bot "
                   "planner\n")


@pytest.mark.parametrize("command", ["simulate", "sweep"])
def test_the_help_gives_the_planners_default_budget(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    main([command, "--help"])
    assert f"(default {DEFAULT_BUDGET})" in " ".join(capsys.readouterr().out.split())


def test_simulate_with_the_planner_says_its_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", CELLAR, "--heroes", "gerki,deirdre", "--games", "1", "--bot",
                 "planner", "--budget", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["bot"], report["settings"]["budget"]) == ("planner", 1)


# --- the report ---------------------------------------------------------------------------

def test_the_report_counts_defeat_conditions_and_where_heroes_lost_fortitude(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", CELLAR, "--heroes", "gerki,deirdre", "--games", "12",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    lost = report["games"] - report["wins"]
    condition = "The innkeeper locks the cellar"
    assert report["defeat_conditions_met"] == {condition: round(lost / 12, 4)}
    assert set(report["objectives_met"]) == {"Open the old door", "Defeat every rat"}
    board = load_context(Setup(CELLAR, HEROES)).scenario.board
    assert set(report["damage_by_space"]) <= set(board.names)
    assert sum(report["damage_by_space"].values()) > 0
    assert report["settings"]["budget"] is None  # greedy does not look ahead
    assert all(s in board.names for s in report["defeated_by_space"])


# --- sweeps -------------------------------------------------------------------------------

def test_combinations_vary_steps_slowest() -> None:
    rows = combinations([0, 2], [False, True], ["greedy"], [None])
    assert rows == [Combination(0, False, "greedy", None), Combination(0, True, "greedy", None),
                    Combination(2, False, "greedy", None), Combination(2, True, "greedy", None)]


def test_a_sweep_is_the_same_whatever_the_workers() -> None:
    rows = combinations([0, 3], [False], ["greedy", "random"], [None])
    base = Setup(CELLAR, HEROES)
    alone = sweep(base, rows, 6, 4, workers=1)
    shared = sweep(base, rows, 6, 4, workers=2)
    assert alone == shared
    assert [(r["power_tree_steps"], r["bot"]) for r in alone["rows"]] == [
        (0, "greedy"), (0, "random"), (3, "greedy"), (3, "random")]
    lines = list(format_sweep(alone))
    assert lines[2].split() == ["#", "heroes", "steps", "legend", "bot", "budget",
                                "companion", "win", "rate", "95%", "interval", "vs", "row",
                                "1", "(95%)", "mean", "rounds", "vs", "row", "1", "obj", "1",
                                "obj", "2", "lost/game", "lost,", "all", "met", "stuck"]
    assert lines[3 + len(rows):5 + len(rows)] == ["  obj 1: Defeat every rat",
                                                  "  obj 2: Open the old door"]
    assert lines[5 + len(rows)].startswith("  row 1, Fortitude lost per game by source: ")
    assert lines[-2].startswith("  lost with every objective met: ")
    assert lines[-1].startswith("  stuck: ")


def test_sweep_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sweep", CELLAR, "--heroes", "gerki,deirdre", "--steps", "0,2", "--legend",
            "both", "--games", "3", "--seed", "9", "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == first  # the same seed, the same table
    assert [(r["power_tree_steps"], r["legend"]) for r in first["rows"]] == [
        (0, False), (0, True), (2, False), (2, True)]
    assert all(r["games"] == 3 and len(r["win_rate_95"]) == 2 for r in first["rows"])


@pytest.mark.parametrize(("extra", "message"), [
    (["--bot", "clever"], "tales: --bot 'clever': bots are greedy, planner, random\n"),
    (["--steps", "0,two"], "tales: --steps 'two': give a whole number, from 0 to 99\n"),
    (["--budget", "3"], "tales: --budget is the planner's (rollouts of its closer look): add "
                        "--bot planner\n"),
])
def test_sweep_mistakes_are_one_line(capsys: pytest.CaptureFixture[str], extra: list[str],
                                     message: str) -> None:
    assert main(["sweep", CELLAR, "--heroes", "gerki,deirdre", "--games", "1", *extra]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", message)


# --- scenario check -----------------------------------------------------------------------

BROKEN = """\
title = "Three mistakes"
map = "cellar-stairs.toml"
scheme_blocks = "sample-schemers.toml"

[[groups]]
id = "cellar-rats"
limit = 0

[[parts]]
name = "Start"
deploy = [ { group = "cellar-rats", tracker = 2 } ]

[[objectives]]
text = "Win"
when = { defeated = "cellar-rats", fired = "no such event" }

[[defeat]]
text = "Too slow"
when = { rounds = 0 }
"""


def test_scenario_check_lists_every_mistake(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(ROOT / "maps" / "cellar-stairs.toml", tmp_path)
    shutil.copy(ROOT / "scenarios" / "sample-schemers.toml", tmp_path)
    path = tmp_path / "broken.toml"
    path.write_text(BROKEN, encoding="utf-8")
    assert main(["scenario", "check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        f"tales: {path}:5: group 'cellar-rats': 'limit' must be a whole number, 1 or more",
        f"tales: {path}:15: 'fired' names 'no such event', which is not one of the "
        "scenario's events",
        f"tales: {path}:17: defeat 1: 'rounds' is a whole number, 1 or more",
    ]
    # loading still stops at the first, and says how many more the check lists
    assert main(["simulate", str(path), "--heroes", "gerki,deirdre", "--games", "1"]) == 2
    assert capsys.readouterr().err.endswith("(and 2 more mistakes: run 'tales scenario "
                                            "check')\n")


# --- pictures -----------------------------------------------------------------------------

def _gl_or_skip() -> None:
    import tales.viewer  # noqa: F401  (first: it sets pyglet to draw off-screen)

    try:
        import pyglet.window

        window = pyglet.window.Window(10, 10, visible=False)
        window.close()
    except Exception as bad:  # no libEGL, no driver, ...: pyglet raises several kinds
        if os.environ.get("TALES_REQUIRE_GL"):
            pytest.fail(f"no OpenGL, and TALES_REQUIRE_GL is set: {bad}")
        pytest.skip(f"no OpenGL: {bad}")


@pytest.mark.parametrize("source", ["maps/cellar-stairs.toml", "scenarios/cellar-door.toml"])
def test_render_draws_map_and_scenario_files(source: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    _gl_or_skip()
    out = tmp_path / "picture.png"
    assert main(["render", str(ROOT / source), str(out), "--size", "600x400"]) == 0
    assert capsys.readouterr().out == f"wrote {out} (600x400)\n"
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_scenario_picture_shows_its_deployment() -> None:
    from tales.content.scenarios import load_scenario
    from tales.viewer.content_views import scenario_view

    view = scenario_view(load_scenario(CELLAR))
    board = view.position.board
    placed = {f.id: board.names[f.at] for f in view.position.figures}
    assert placed == {"bouncers-1": "F4", "p2 golems": "D5"}
    assert view.panel is not None
    assert "part 1: 2 cellar-rats by the tracker deck on numbered spaces (1, 2)" in (
        view.panel.status)
    assert view.position.closed_doors == frozenset({board.find("D4")})


def test_the_heatmap_shades_the_hottest_space_red(tmp_path: Path) -> None:
    _gl_or_skip()
    from tales.content.scenarios import load_scenario
    from tales.viewer.heatmap import HOT, heatmap_view
    from tales.viewer.picture import render_array

    board = load_scenario(CELLAR).board
    report = {"games": 2, "bot": "greedy", "win_rate": 0.5,
              "damage_by_space": {"E4": 6, "B2": 1}, "defeated_by_space": {"E4": 1}}
    view, overlay = heatmap_view(board, report)
    plain = render_array(view, 900, 600)
    shaded = render_array(view, 900, 600, overlay)
    from tales.viewer.layout import MapLayout
    from tales.viewer.scene import PANEL_WIDTH

    layout = MapLayout.fit(board, 12, 12, 900 - PANEL_WIDTH - 24, 600 - 24)  # as Scene does
    x, y = layout.centre(board.find("E4"))
    x, y = int(x - layout.size * 0.45), int(y)  # beside the Defeated mark
    red = shaded[y, x].astype(int)
    assert red[0] > red[1] + 60 and red[0] > red[2] + 60, red  # reddish
    assert abs(int(red[0]) - HOT[0]) < 60
    assert not np.array_equal(plain[y, x], shaded[y, x])


def test_simulate_heatmap_writes_a_png(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    _gl_or_skip()
    out = tmp_path / "heat.png"
    assert main(["simulate", CELLAR, "--heroes", "gerki,deirdre", "--games", "3",
                 "--heatmap", str(out)]) == 0
    assert capsys.readouterr().out.endswith(f"wrote {out}\n")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_heatmap_needs_a_png(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", CELLAR, "--heroes", "gerki,deirdre", "--games", "1",
                 "--heatmap", "heat.jpg"]) == 2
    assert capsys.readouterr().err == "tales: --heatmap heat.jpg: give a .png file to write\n"


def test_sweep_over_parties_same_columns_as_simulate(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    """Issue 41, "Sweep": parties of Heroes are rows too; a setting given twice makes no
    row twice; each row has the objectives, the damage by source and the stuck games of
    `simulate`, and its paired difference against the first row."""
    argv = ["sweep", CELLAR, "--heroes", "gerki,deirdre", "--heroes", "gerki,deirdre,zot",
            "--steps", "2,2", "--bot", "greedy,greedy", "--games", "4", "--seed", "3",
            "--json"]
    assert main(argv) == 0
    table = json.loads(capsys.readouterr().out)
    rows = table["rows"]
    assert [r["heroes"] for r in rows] == [["gerki", "deirdre"], ["gerki", "deirdre", "zot"]]
    assert rows[0]["against_first_row"] is None
    second = rows[1]["against_first_row"]
    mean, low, high = second["win_rate"]
    assert low <= mean <= high
    assert mean == pytest.approx(rows[1]["win_rate"] - rows[0]["win_rate"], abs=1e-4)
    assert set(rows[0]["objectives_met"]) == {"Open the old door", "Defeat every rat"}
    assert rows[0]["fortitude_lost_per_game"] == pytest.approx(
        sum(rows[0]["damage_per_source"].values()), abs=0.05)
    assert rows[0]["stuck"]["games"] == 0
    # the same games as simulate plays for that party
    alone = summarise(Setup(CELLAR, ("gerki", "deirdre", "zot"), power_tree_steps=2),
                      "greedy", 3, run_games(Setup(CELLAR, ("gerki", "deirdre", "zot"),
                                                   power_tree_steps=2), "greedy", 4, 3))
    assert rows[1]["wins"] == alone["wins"]
    assert rows[1]["damage_per_source"] == alone["damage_per_source"]


def test_the_sweeps_progress_line_names_its_row() -> None:
    seen: list[str] = []
    rows = combinations([None], [False, True], ["greedy"], [None], [("gerki", "deirdre")])
    sweep(Setup(CELLAR, HEROES), rows, 2, 0, progress=lambda d, t, label: seen.append(label))
    assert seen[0] == "row 1 of 2: gerki, deirdre, greedy"
    assert seen[-1] == "row 2 of 2: gerki, deirdre, Legend, greedy"


def test_paired_difference() -> None:
    from tales.engine.paired import paired_difference

    assert paired_difference([1, 1, 0, 1], [1, 0, 0, 1]) == pytest.approx(
        (0.25, 0.25 - 1.959964 * 0.5 / 2, 0.25 + 1.959964 * 0.5 / 2))
    assert paired_difference([1, 0], [1, 0]) == (0.0, 0.0, 0.0)
    assert paired_difference([], []) == (0.0, 0.0, 0.0)
