"""Hostile input at the command line (issue 16): every mistake is one escaped line with
status 2, and no size the user gives makes the tool allocate or loop without bound."""

from __future__ import annotations

import os
import pickle
import tracemalloc
from pathlib import Path

import pytest

from tales.board.position import load_position
from tales.cli import ECHO_LIMIT, main, one_line
from tales.engine.simulate import Tally, run_games, stream_games, summarise
from tales.engine.state import GameRules, Setup
from tales.errors import ContentError
from tales.rules.movement import reach

ROOT = Path(__file__).resolve().parents[1]
CELLAR = str(ROOT / "positions" / "cellar-brawl.toml")
LONG = "x" * 300


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run ``tales argv``: status 2, nothing on stdout, one line on stderr; that line."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert (status, out) == (2, ""), err
    assert err.startswith("tales: ") and err.count("\n") == 1 and "Traceback" not in err
    return err.rstrip("\n")


# --- 6: movement past the board's size ---------------------------------------------------


def test_movement_past_the_board_is_the_boards_size() -> None:
    position = load_position(CELLAR)
    whole = reach(position, "zot", 2 * position.board.n)
    huge = reach(position, "zot", 10**9)
    assert huge.costs == whole.costs and huge.points == 2 * position.board.n


def test_reach_with_a_billion_points_is_small(capsys: pytest.CaptureFixture[str]) -> None:
    tracemalloc.start()
    assert main(["reach", CELLAR, "--figure", "zot", "--move", "1000000000", "--json"]) == 0
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert '"zot"' in capsys.readouterr().out
    assert peak < 50 * 2**20


def test_schemer_move_with_a_billion_points(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schemer", "move", CELLAR, "--figure", "brute1", "--move", "1000000000",
                 "--toward", "nearest foe", "--json"]) == 0
    assert '"outcomes"' in capsys.readouterr().out


# --- 7: the odds of absurd Attacks ------------------------------------------------------


@pytest.mark.parametrize(("argv", "fragment"), [
    (["odds", "10000 damage"], "10000 dice: an Attack here rolls at most 100"),
    (["odds", "60 damage + 60 epic"], "120 dice"),
    (["odds", "9" * 40 + " damage"], "is too many"),
    (["odds", "2 damage", "--boost", "1000000000"], "boost 1000000000: at most 1000"),
    (["odds", "2 damage", "--fixed", "5000"], "fixed 5000: at most 1000"),
])
def test_odds_bounds(capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
                     ) -> None:
    assert fragment in refused(capsys, *argv)


def test_a_die_face_of_a_billion_is_refused(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    dice = (ROOT / "tales" / "data" / "dice.toml").read_text(encoding="utf-8")
    bad = tmp_path / "dice.toml"
    bad.write_text(dice.replace("damage = 3", "damage = 1000000000000000000", 1),
                   encoding="utf-8")
    assert "must be a whole number, 0 to 20" in refused(capsys, "odds", "1 epic", "--dice",
                                                        str(bad))


# --- 8 and 12: simulations ----------------------------------------------------------------

SETUP = Setup("cellar-door", ("gerki", "deirdre"), False, None, None, GameRules(), None)


def test_the_tally_is_the_summary_whatever_the_order() -> None:
    reports = run_games(SETUP, "greedy", 6, 11)
    backwards = Tally()
    for report in reversed(reports):
        backwards.add(report)
    assert backwards.summary(SETUP, "greedy", 11) == summarise(SETUP, "greedy", 11, reports)


def test_streamed_games_with_workers_are_the_same_games() -> None:
    alone = sorted(stream_games(SETUP, "greedy", 5, 4), key=lambda r: r.game)
    shared = sorted(stream_games(SETUP, "greedy", 5, 4, workers=2), key=lambda r: r.game)
    assert alone == shared


def test_more_workers_than_cores_is_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "cellar-door", "--heroes", "gerki,deirdre", "--games", "2",
                 "--workers", "1000", "--json"]) == 0
    err = capsys.readouterr().err
    assert err == (f"tales: --workers 1000: using {os.cpu_count()}, the cores of this "
                   "machine\n")


@pytest.mark.parametrize(("argv", "fragment"), [
    (["simulate", "cellar-door", "--heroes", "gerki,deirdre", "--workers", "0"],
     "argument --workers: 0: give a whole number, 1 or more"),
    (["simulate", "cellar-door", "--heroes", "gerki,deirdre", "--steps", "-1"],
     "argument --steps: -1: give a whole number, from 0 to 99"),
    (["campaign", "continue", "mine", "--scenarios", "-1"],
     "argument --scenarios: -1: give a whole number, 0 or more"),
    (["simulate", "cellar-door", "--heroes", "gerki,deirdre", "--games", "1e9"],
     "argument --games: '1e9': give a whole number, 1 or more"),
    # 12: four Heroes and three Hero start spaces is refused before any game, in one line
    (["simulate", "cellar-door", "--heroes", "gerki,deirdre,eve,fiona", "--workers", "2"],
     "this scenario is for 2 to 3 Heroes, not 4"),
])
def test_simulation_options(capsys: pytest.CaptureFixture[str], argv: list[str],
                            fragment: str) -> None:
    assert fragment in refused(capsys, *argv)


def test_a_content_error_survives_a_worker() -> None:
    """A one-line error raised in a worker process comes back whole (it pickles)."""
    error = ContentError("maps/x.toml", "no such space", 3)
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), str(copy), copy.line) == (ContentError, "maps/x.toml:3: no such space",
                                                 3)


# --- 10, 11, 15, 16: one line for every mistake ------------------------------------------


@pytest.mark.parametrize("argv", [
    ["simulate", LONG, "--heroes", "gerki,deirdre"],
    ["simulate", "cellar-door", "--heroes", f"{LONG},deirdre"],
    ["simulate", "cellar-door", "--heroes", "gerki", "--companion", LONG],
    ["tavern", "simulate", "--character", LONG, "--games", "1"],
    ["campaign", "show", LONG],
    ["play", LONG, "--heroes", "gerki,deirdre"],
    ["map", "show", LONG],
])
def test_names_over_255_characters(capsys: pytest.CaptureFixture[str], argv: list[str]
                                   ) -> None:
    assert len(refused(capsys, *argv)) < ECHO_LIMIT + 100


@pytest.mark.parametrize("command", [
    ["tavern", "simulate"], ["tavern", "encounter", "simulate"], ["simulate", "cellar-door",
                                                                  "--heroes", "gerki,deirdre"]])
def test_negative_seeds(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    assert "give a whole number from 0 to 2**64 - 1" in refused(capsys, *command, "--seed",
                                                                "-1")


def test_error_lines_escape_and_cut_what_they_echo(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "map", "show", "a\rb\nc.toml")
    assert "\r" not in line and "a\\rb\\nc.toml" in line
    big = refused(capsys, "map", "show", "y" * 1_000_000)
    assert len(big) < ECHO_LIMIT + 100 and "characters)" in big
    assert one_line("tab\there") == "tab\\there"


def test_argparse_mistakes_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "reach", CELLAR, "--figure", "zot")
    assert "--move" in line and "usage" not in line
    assert "invalid choice" in refused(capsys, "nonsense")


def test_view_finds_its_blocks_from_anywhere(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --blocks, the bundled sample is found from the package, not the working
    directory: the command gets as far as wanting a screen."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    line = refused(capsys, "view", CELLAR)
    assert "no screen" in line, line


def test_a_saves_folder_that_cannot_be_read(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    """13: a saves 'folder' that cannot be listed is said, not "no campaigns" (a file
    stands in for an unreadable folder: the tests run as root, who reads every folder)."""
    blocker = tmp_path / "saves"
    blocker.write_text("not a folder", encoding="utf-8")
    line = refused(capsys, "campaign", "list", "--saves", str(blocker))
    assert "cannot list the campaigns" in line
    assert "cannot" in refused(capsys, "campaign", "show", "mine", "--saves", str(blocker))


def test_the_report_counts_survival_objectives_and_heroes() -> None:
    """Issue 20, 5: survival by round adds up, objectives met and Heroes' damage are there."""
    reports = run_games(SETUP, "greedy", 8, 3)
    report = summarise(SETUP, "greedy", 3, reports)
    rows = report["survival"]
    assert [r["round"] for r in rows] == list(range(1, max(r.rounds for r in reports) + 1))
    assert rows[-1]["still_going"] == 0.0 and rows[-1]["won_by_then"] == report["win_rate"]
    going = [r["still_going"] for r in rows]
    assert going == sorted(going, reverse=True)
    assert set(report["damage_taken_per_hero"]) == {"gerki", "deirdre"}
    met = sum(len(r.objectives) for r in reports)
    assert round(sum(report["objectives_met"].values()) * 8) == met
