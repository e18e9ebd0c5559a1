"""Ctrl-C during a long simulation (issue 41, item 3): it stops within seconds, with the
report of the games already played marked as partial, and no worker's traceback."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

def ctrl_c_as_at_a_terminal() -> None:
    """In the child: Ctrl-C as a terminal gives it, even when this test run was started in
    the background (where a shell starts every child with SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)



@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_reports_the_games_played(workers: str) -> None:
    run = subprocess.Popen(
        [sys.executable, "-m", "tales.cli", "simulate", "scenarios/cellar-door.toml", "--heroes",
         "gerki,deirdre", "--games", "100000", "--workers", workers],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=ctrl_c_as_at_a_terminal)
    time.sleep(6)  # long enough for the first games (and the workers) to be under way
    asked = time.monotonic()
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=30)
    assert time.monotonic() - asked < 5
    assert run.returncode == 130, err
    first = out.splitlines()[0]
    assert first.startswith("PARTIAL: stopped (Ctrl-C) after ") and first.endswith(
        "of 100000 games; every figure below is of those games only")
    played = int(first.split("after ")[1].split(" of")[0])
    assert played > 0 and f"): {played} games" in out.splitlines()[1]
    assert "Traceback" not in err
