"""The progress line of long simulations (issue 19): on standard error only when it is a
terminal, fed by the game runner whichever simulation it plays."""

from __future__ import annotations

import pytest

from tales.cli import main
from tales.cli.common import ProgressLine, progress_line
from tales.engine.pool import in_order, reporting


def _square(setup: int, number: int) -> int:
    return setup * number * number


def test_the_runner_reports_each_game_in_order() -> None:
    seen: list[tuple[int, int]] = []
    with reporting(lambda done, total: seen.append((done, total))):
        results = in_order(_square, 2, 5)
    assert results == [0, 2, 8, 18, 32]
    assert seen == [(n, 5) for n in range(1, 6)]
    assert in_order(_square, 2, 3) == [0, 2, 8]  # outside the block: nobody is told


def test_the_line_is_drawn_in_place_and_ended(capsys: pytest.CaptureFixture[str]) -> None:
    line = ProgressLine(after=0.0)
    line(1, 4)
    line(4, 4)
    err = capsys.readouterr().err
    assert err.startswith("\r[") and err.endswith("] 4/4\x1b[K\n")


def test_the_line_says_the_rate_and_the_time_left(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 41, item 3: from the first game, the rate and an estimate of the time left."""
    now = [100.0]
    line = ProgressLine(after=0.0)
    line._clock, line._start = (lambda: now[0]), 100.0
    now[0] = 102.0
    line(1, 31)  # one game in 2 s: 30 left, about 60 s
    assert capsys.readouterr().err.endswith("] 1/31, one every 2 s, about 60 s left\x1b[K")
    now[0] = 110.0
    line(20, 500)  # 2 a second: 480 left, 4 minutes
    assert capsys.readouterr().err.endswith("] 20/500, 2.0 a second, about 4 min left\x1b[K")


def test_a_short_run_draws_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    line = ProgressLine(after=3600.0)
    line(1, 2)
    line(2, 2)
    assert capsys.readouterr().err == ""


def test_no_line_when_standard_error_is_piped(capsys: pytest.CaptureFixture[str]) -> None:
    assert progress_line() is None  # pytest's captured stderr is not a terminal
    assert main(["tavern", "encounter", "simulate", "--games", "3", "--json"]) == 0
    assert capsys.readouterr().err == ""
