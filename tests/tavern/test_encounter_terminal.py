"""The encounter game at the terminal: what a person sees, bad input, saving and resuming."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tales.cli import main
from tales.engine.game import Game
from tales.tavern.encounter import saves
from tales.tavern.encounter.cards import load
from tales.tavern.encounter.simulate import SAMPLE, game
from tales.tavern.encounter.terminal import play


def answers(*lines: str) -> Iterator[str]:
    yield from lines
    while True:
        yield "1"


def test_the_screen_shows_the_matrix_and_the_cards() -> None:
    out: list[str] = []
    given = answers()
    final = play(2, 1, 5, read=lambda prompt: next(given), write=out.append)
    assert final is not None and final.winners is not None
    text = "\n".join(out)
    assert "Attack Matrix: least damage: 5" in text  # the first Encounter's matrix
    assert "tokens 1: 15 Life Points, 2: 15 Life Points" in text  # per token
    assert "; Prestige 1 a token; bonus rounds 1 (+2)" in text
    assert "Initiative: 1st seat " in text and ", 2nd seat " in text
    assert "  1) Axe Chop (sample) - Attack 15 (10/15/30/60)" in text  # a card offered
    assert "Edge Out (sample) - discard another player's set card; on your turn" in text
    assert "your Quest: " in text and "your set card: " in text
    assert "damage stack: " in text
    assert not any(line.startswith("[seat 1] seat 1") for line in out)  # named once


def test_a_wrong_answer_says_why_in_one_line() -> None:
    out: list[str] = []
    given = answers("x", "0", "q")
    assert play(2, 1, 5, read=lambda prompt: next(given), write=out.append) is None
    wrong = [line for line in out if "is not one of the choices" in line]
    assert wrong == ["'x' is not one of the choices: type a number from 1 to 2, or q quits",
                     "'0' is not one of the choices: type a number from 1 to 2, or q quits"]


def test_q_saves_and_resume_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "game.sav"
    out: list[str] = []
    given = answers(*(["1"] * 30), "q")
    assert play(3, 1, 7, read=lambda prompt: next(given), write=out.append,
                save=path) is None
    assert out[-1] == f"saved to {path}"
    saved = saves.read(path)
    assert saved.table == saves.Table(3, 1, 7) and len(saved.choices) > 30
    replayed = Game(game(load(SAMPLE), 3).start, choices=saved.choices)
    while replayed.pending is not None and replayed.pending.state is None:
        replayed.answer(replayed.pending.options[0])
    assert replayed.pending is not None
    log = [f"  {line}" for line in replayed.pending.state.log]
    assert log[-1] in out  # the first game got this far
    again: list[str] = []
    final = play(0, 0, 0, read=lambda prompt: "1", write=again.append, resume=path)
    assert final is not None and final.winners is not None
    assert again[:len(log)] == log  # and the resumed one goes on from there
    assert len(saves.read(path).choices) > len(saved.choices)


def test_a_save_never_goes_over_another_file(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("mine", encoding="utf-8")
    assert main(["tavern", "encounter", "play", "--players", "2", "--bots", "1", "--save",
                 str(other)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not written over" in err
    assert other.read_text(encoding="utf-8") == "mine"
    theirs = tmp_path / "theirs.sav"
    saves.write(theirs, saves.Saved(saves.Table(4, 1, 9), (0, 1)))
    before = theirs.read_bytes()
    assert main(["tavern", "encounter", "play", "--players", "2", "--bots", "1", "--save",
                 str(theirs)]) == 2
    assert "holds another game" in capsys.readouterr().err
    assert theirs.read_bytes() == before


@pytest.mark.parametrize(("content", "message"), [
    (b"", "empty"), (b"hello", "not a tales encounter game save"),
    (b"TALESAV1\x00\x00\x00\x00junk", "corrupt or truncated")])
def test_resuming_a_bad_file_is_one_line(tmp_path: Path, content: bytes, message: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.sav"
    bad.write_bytes(content)
    assert main(["tavern", "encounter", "play", "--resume", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
