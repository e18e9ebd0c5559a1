"""Issue 38, item 6: with no screen, a new `tales solo` campaign asks who plays, as the
window does: a Hero, then a Companion, each said in one line, the whole card on `i N`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tales.campaign.saves import load
from tales.cli import main
from tales.present import picks
from tales.terminal import pick_who_plays


def script(*typed: str) -> tuple[list[str], object]:
    out: list[str] = []
    lines: Iterator[str] = iter(typed)

    def read(prompt: str) -> str:
        out.append(prompt)
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    return out, read


def test_the_terminal_asks_the_hero_then_the_companion() -> None:
    out: list[str] = []
    _, read = script("i 6", "6", "9", "1")
    picked = pick_who_plays(read, out.append)  # type: ignore[arg-type]
    assert picked == ("zot", picks.companions_for("zot")[0])
    assert "pooky" not in picks.companions_for("zot")  # Zot has Pooky already
    assert out[0] == "Pick your Hero:" and out[6].startswith("  6) Zot (sample): Fortitude")
    assert any(line.strip().startswith("Arc bolt (mat") for line in out)  # i 6: the mat
    assert "  a number from 1 to 4, i N to read one, or q" in out  # 9 is no Companion


@pytest.mark.parametrize("typed", [("q",), ("2", "q"), ()], ids=["q", "q-companion", "eof"])
def test_stopping_begins_nothing(typed: tuple[str, ...]) -> None:
    _, read = script(*typed)
    assert pick_who_plays(read, lambda _: None) is None  # type: ignore[arg-type]


def test_solo_with_no_screen_asks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TALES_HEADLESS", "1")
    answers = iter(["3", "2", "q"])
    monkeypatch.setattr("builtins.input", lambda _="": next(answers, "q"))
    assert main(["solo", "mine", "--saves", str(tmp_path)]) == 0
    campaign = load("mine", tmp_path)
    assert (campaign.heroes, campaign.companion) == (("fiona",), "otto-medic")
    assert "Pick your Hero:" in capsys.readouterr().out
