"""Issue 41, "Replay any game": ``tales simulate --keep DIR`` writes the chosen games as
game saves that ``tales view --replay``, ``tales render`` and ``tales play --resume`` open,
and the report names the notable games (first loss, first stuck, longest) by seed and
number."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tales.cli import main
from tales.engine.content import load_context
from tales.engine.game import Game
from tales.engine.keep import Keep, Notable, notable_lines
from tales.engine.rounds import play_scenario
from tales.engine.saves import read_save
from tales.engine.simulate import stream_games
from tales.engine.state import Setup
from tales.viewer.control import ReplayControl

SIMULATE = ["simulate", "cellar-door", "--heroes", "gerki,deirdre"]


def simulate(capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, object]:
    assert main([*SIMULATE, *extra, "--json"]) == 0
    report: dict[str, object] = json.loads(capsys.readouterr().out)
    return report


def test_every_kept_game_replays_to_the_same_end(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The random bot loses: its losses are kept (the default), with two workers; each save
    replays to the very end the simulation reported, and opens in render, play --resume and
    the replay window's control."""
    folder = tmp_path / "kept"
    report = simulate(capsys, "--bot", "random", "--games", "4", "--seed", "3",
                      "--workers", "2", "--keep", str(folder))
    setup = Setup(scenario="cellar-door", heroes=("gerki", "deirdre"))
    games = {r.game: r for r in stream_games(setup, "random", 4, 3)}
    lost = sorted(n for n, r in games.items() if r.result != "victory")
    assert lost  # the random bot loses some
    notable = report["notable"]
    assert isinstance(notable, dict)
    assert notable["kept"]["files"] == [str(folder / f"game-{n:05d}.sav") for n in lost]
    assert sorted(p.name for p in folder.iterdir()) == [f"game-{n:05d}.sav" for n in lost]
    assert notable["first_loss"] == {"seed": 3, "game": lost[0],
                                     "rounds": games[lost[0]].rounds}
    for n in lost:
        saved = read_save(folder / f"game-{n:05d}.sav")
        assert saved.setup == setup and saved.seed == 3
        ctx = load_context(saved.setup)
        game = Game(lambda ctx=ctx: play_scenario(ctx), choices=saved.choices)
        assert game.done and game.result is not None
        assert (game.result.result.value, game.result.round) == (games[n].result,
                                                                games[n].rounds)
        replay = ReplayControl(ctx, saved)  # what tales view --replay opens
        assert replay.step == len(saved.choices)
    first = folder / f"game-{lost[0]:05d}.sav"
    kept = read_save(first)
    assert main(["render", str(first), str(tmp_path / "end.png")]) == 0
    assert (tmp_path / "end.png").read_bytes()[:4] == b"\x89PNG"
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--resume", str(first)]) == 0  # the game is over: said, saved
    assert f"DEFEAT: {games[lost[0]].reason} (round {games[lost[0]].rounds})" in (
        capsys.readouterr().out)
    assert read_save(first) == kept


def test_keep_game_keeps_those_games_only_and_again_is_fine(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "kept"
    for _ in range(2):  # the same command again writes over its own saves
        report = simulate(capsys, "--games", "3", "--keep", str(folder), "--keep-game", "1")
        assert sorted(p.name for p in folder.iterdir()) == ["game-00001.sav"]
    notable = report["notable"]
    assert isinstance(notable, dict) and notable["kept"]["games"] == 1
    assert main([*SIMULATE, "--games", "3", "--keep", str(folder), "--keep-game", "1",
                 "--keep-game", "2", "--keep-kind", "all"]) == 0
    out = capsys.readouterr().out
    assert f"  kept 3 games in {folder} (tales view --replay" in out
    assert "  notable games: first loss: none; first stuck: none; longest: seed 0, game " in out


@pytest.mark.parametrize(("extra", "message"), [
    (["--keep-game", "7"], "tales: --keep-game 7: the games are numbered 0 to 2\n"),
    (["--keep-kind", "all"], None),  # stands for: another run's save is not written over
])
def test_nothing_is_written_over_that_is_not_this_run_s(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str],
        message: str | None) -> None:
    folder = tmp_path / "kept"
    folder.mkdir()
    mine = folder / "game-00002.sav"
    mine.write_text("my notes\n", encoding="utf-8")
    assert main([*SIMULATE, "--games", "3", "--keep", str(folder), *extra]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # refused before any game
    assert err == (message or f"tales: --keep {mine}: holds something that is not a save of "
                   "this run; it is not written over (give another file)\n")
    assert mine.read_text(encoding="utf-8") == "my notes\n"
    assert sorted(p.name for p in folder.iterdir()) == ["game-00002.sav"]


def test_another_seed_s_saves_are_not_written_over(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "kept"
    simulate(capsys, "--games", "1", "--keep", str(folder), "--keep-kind", "all")
    before = (folder / "game-00000.sav").read_bytes()
    assert main([*SIMULATE, "--games", "1", "--seed", "9", "--keep", str(folder),
                 "--keep-kind", "all"]) == 2
    assert "is not a save of this run" in capsys.readouterr().err
    assert (folder / "game-00000.sav").read_bytes() == before


@pytest.mark.parametrize(("argv", "message"), [
    (["--keep-kind", "all"], "--keep-kind and --keep-game say which games --keep DIR keeps"),
    (["--keep", "FILE"], "is not a folder"),
])
def test_keep_mistakes_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    argv: list[str], message: str) -> None:
    (tmp_path / "FILE").write_text("x", encoding="utf-8")
    argv = [str(tmp_path / a) if a == "FILE" else a for a in argv]
    assert main([*SIMULATE, "--games", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_the_notable_games_do_not_depend_on_the_order_they_come_in() -> None:
    setup = Setup(scenario="cellar-door", heroes=("gerki", "deirdre"))
    reports = list(stream_games(setup, "random", 5, 1))
    forward, backward = Notable(), Notable()
    for report in reports:
        forward.add(report)
    for report in reversed(reports):
        backward.add(report)
    assert forward.summary(1) == backward.summary(1)
    longest = max(r.rounds for r in reports)
    assert forward.summary(1)["longest"] == {
        "seed": 1, "game": min(r.game for r in reports if r.rounds == longest),
        "rounds": longest}
    assert notable_lines(forward.summary(1))[0].startswith("  notable games: first loss: ")


@pytest.mark.parametrize(("keep", "game", "result", "stuck", "wanted"), [
    (Keep("all"), 4, "victory", 0, True),
    (Keep("losses"), 4, "victory", 0, False),
    (Keep("losses"), 4, "defeat", 0, True),
    (Keep("stuck"), 4, "defeat", 0, False),
    (Keep("stuck"), 4, "victory", 3, True),
    (Keep(None, frozenset({4})), 4, "victory", 0, True),
    (Keep(None, frozenset({4})), 5, "defeat", 2, False),
])
def test_which_games_are_kept(keep: Keep, game: int, result: str, stuck: int,
                              wanted: bool) -> None:
    assert keep.wants(game, result, stuck) is wanted


@pytest.mark.parametrize("kind", ["fifo", "directory", "link to a scenario"])
def test_a_kept_game_s_name_taken_by_something_else_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    import os

    folder = tmp_path / "kept"
    folder.mkdir()
    there = folder / "game-00000.sav"
    scenario = tmp_path / "mine.toml"
    scenario.write_text("title = 'mine'\n", encoding="utf-8")
    {"fifo": lambda: os.mkfifo(there), "directory": there.mkdir,
     "link to a scenario": lambda: there.symlink_to(scenario)}[kind]()
    assert main([*SIMULATE, "--games", "1", "--keep", str(folder), "--keep-kind",
                 "all"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"--keep {there}: " in err and "not written over" in err
    assert scenario.read_text(encoding="utf-8") == "title = 'mine'\n"


def test_only_the_files_of_the_games_kept_are_looked_at(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--keep-game 2 alone writes game 2: another file of the folder (game 0's name) is
    neither refused nor touched."""
    folder = tmp_path / "kept"
    folder.mkdir()
    (folder / "game-00000.sav").write_text("my notes\n", encoding="utf-8")
    simulate(capsys, "--games", "3", "--keep", str(folder), "--keep-game", "2")
    assert (folder / "game-00000.sav").read_text(encoding="utf-8") == "my notes\n"
    assert read_save(folder / "game-00002.sav").seed == 0
