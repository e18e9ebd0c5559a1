"""What a table game gives out (issue 39): ``t FILE`` (the last group's turn, or the
round, as text to read out), ``x FILE`` never over another file, and a table save drawn
by ``tales render`` and stepped through by ``tales view --replay``."""

from __future__ import annotations

import io
import os

os.environ["TALES_HEADLESS"] = "1"  # before tales.viewer: pyglet must draw off-screen

from pathlib import Path

import pytest

from tales.cli import main
from tales.table.saves import read_table_save

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "data" / "table-market-riot.txt"


@pytest.fixture
def played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture[str]) -> Path:
    """The scripted market game's first round (to fiona's turn in round 2), saved."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    lines = [line for line in SCRIPT.read_text(encoding="utf-8").splitlines()
             if not line.startswith("#")]
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(lines[:28]) + "\n", encoding="utf-8")
    save = tmp_path / "game.table"
    assert main(["table", str(ROOT / "scenarios" / "market-riot.toml"), "--heroes",
                 "gerki,deirdre,fiona", "--seed", "5", "--save", str(save),
                 "--answers", str(answers)]) == 0
    capsys.readouterr()
    return save


def typed(save: Path, capsys: pytest.CaptureFixture[str], *lines: str) -> list[str]:
    answers = save.parent / "more.txt"
    answers.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["table", "--resume", str(save), "--answers", str(answers)]) == 0
    return capsys.readouterr().out.splitlines()


def test_t_writes_the_last_group_turn_and_the_round(
        played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = typed(played, capsys, "t turn.txt", "t round.txt round")
    assert "the last group's turn is written to turn.txt (6 lines)" in out
    turn = (played.parent / "turn.txt").read_text(encoding="utf-8").splitlines()
    assert turn[0] == ("# Riot in the market (sample), the last group's turn: written by "
                       "tales table for the table to read out")
    assert turn[1:] == ["Clay golems (sample)'s turn: Trample",
                        "golems-1: moves to E3 along F3 E3", "golems-1: attacks deirdre, fiona",
                        "golems-1 attacks deirdre, fiona for 2", "deirdre loses 2 Fortitude",
                        "fiona loses 2 Fortitude"]
    round_text = (played.parent / "round.txt").read_text(encoding="utf-8").splitlines()
    assert round_text[1] == "Round 2: Ready Phase"


def test_t_and_x_never_write_over_another_file(
        played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = played.parent / "notes.txt"
    other.write_text("our notes\n", encoding="utf-8")
    out = typed(played, capsys, f"t {other}", f"x {other}", f"x {played}", "t")
    assert out.count(f"{other}: holds something that is not a text tales table wrote to "
                     "read out; it is not written over (give another file)") == 1
    assert any(line.startswith(f"{other}: holds something that is not a position")
               for line in out)
    assert any(line.startswith(f"{played}: is a file this command reads") for line in out)
    assert ("t FILE: the last group's turn as text to read out; t FILE round: the round so "
            "far") in out
    assert other.read_text(encoding="utf-8") == "our notes\n"
    assert read_table_save(played).game.choices  # the save is whole


def test_render_and_replay_take_a_table_save(
        played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    picture = played.parent / "board.png"
    assert main(["render", str(played), str(picture), "--size", "900x600"]) == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    from tales.engine.content import load_context
    from tales.viewer.control import ReplayControl

    saved = read_table_save(played)
    replay = ReplayControl(load_context(saved.game.setup, table=True), saved.game,
                           table=saved, source=str(played))
    last = replay.view()
    assert last.panel is not None and last.panel.status[0].startswith(
        f"replay: entry {len(saved.game.choices)} of {len(saved.game.choices)}")
    for _ in range(len(saved.game.choices)):
        replay.back()
    first = replay.view()
    assert first.panel is not None and first.panel.status[0].startswith("replay: entry 0")
    assert not first.position.has_figure("fiona")  # not placed yet
    assert last.position.figure("fiona").damage == 6  # after round 1 and the rats' bite
