"""One process at a time on a campaign or a game save (issue 44, item 3), with real
processes: while one plays, a second on the same save says at once, in one line, which
process holds it, plays nothing and exits with status 2; once the first is killed
(``kill -9``: no chance to clean up), the next one takes the save over and plays."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tales.cli import main
from tales.locks import Held, holding, lock_path

ROOT = Path(__file__).resolve().parents[1]
CELLAR = str(ROOT / "scenarios" / "cellar-door.toml")
HEROES = ("--heroes", "gerki,deirdre")
TALES = [sys.executable, "-c", "import sys; from tales.cli import main; sys.exit(main())"]

#: what plays first (and waits at its first question), what comes second, the save they
#: share ({} the test's folder) and how the second names it
CASES = [
    ("campaign continue", ["campaign", "continue", "c", "--saves", "{}/saves"],
     ["campaign", "continue", "c", "--saves", "{}/saves"], "{}/saves/c.tales",
     "campaign 'c'"),
    ("play", ["play", CELLAR, *HEROES, "--save", "{}/g.sav"],
     ["play", "--resume", "{}/g.sav"], "{}/g.sav", "{}/g.sav"),
    ("table", ["table", CELLAR, *HEROES, "--save", "{}/t.table"],
     ["table", "--resume", "{}/t.table"], "{}/t.table", "{}/t.table"),
    ("tavern play", ["tavern", "play", "--save", "{}/t.tales"],
     ["tavern", "play", "--resume", "{}/t.tales"], "{}/t.tales", "{}/t.tales"),
    ("encounter play", ["tavern", "encounter", "play", "--save", "{}/e.sav"],
     ["tavern", "encounter", "play", "--resume", "{}/e.sav"], "{}/e.sav", "{}/e.sav"),
]

def ctrl_c_as_at_a_terminal() -> None:
    """In the child: Ctrl-C as a terminal gives it, even when this test run was started in
    the background (where a shell starts every child with SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)



def _in(folder: Path, words: list[str]) -> list[str]:
    return [w.replace("{}", str(folder)) for w in words]


def _holds(process: subprocess.Popen[bytes], lock: Path, save: Path,
           seconds: float = 60) -> bytes:
    """Wait until ``process`` holds ``lock`` (its id written in it) and waits for its
    player (``save`` written and unchanged for a second); what ``save`` holds then."""
    end = time.monotonic() + seconds
    last, since = b"", time.monotonic()
    while time.monotonic() < end:
        if process.poll() is not None:
            raise AssertionError(f"the first process ended: {process.communicate()}")
        try:
            held = lock.read_text().strip() == str(process.pid)
            now = save.read_bytes()
        except OSError:
            held, now = False, b""
        if now != last:
            last, since = now, time.monotonic()
        if held and now and time.monotonic() - since > 1.0:
            return now
        time.sleep(0.05)
    raise AssertionError("the first process never held the save")


@pytest.mark.parametrize(("first", "second", "save", "named"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_a_second_process_on_a_save_is_refused_until_the_first_is_gone(
        tmp_path: Path, first: list[str], second: list[str], save: str, named: str) -> None:
    if first[0] == "campaign":
        assert main(["campaign", "new", "c", "--hero", "gerki", "--companion", "pooky",
                     "--saves", str(tmp_path / "saves")]) == 0
    lock = lock_path(Path(save.replace("{}", str(tmp_path))))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    playing = subprocess.Popen([*TALES, *_in(tmp_path, first)], cwd=tmp_path, env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE,
                               preexec_fn=ctrl_c_as_at_a_terminal)
    try:
        before = _holds(playing, lock, Path(save.replace("{}", str(tmp_path))))
        start = time.monotonic()
        second_run = subprocess.run([*TALES, *_in(tmp_path, second)], cwd=tmp_path,
                                    env=env, stdin=subprocess.DEVNULL, capture_output=True,
                                    timeout=60)
        spent = time.monotonic() - start
        assert second_run.returncode == 2, second_run
        assert second_run.stderr.decode() == (
            f"tales: {named.replace('{}', str(tmp_path))} is being played by process "
            f"{playing.pid}\n")
        assert spent < 20  # at once (a Python start and a refusal), not a wait
        assert Path(save.replace("{}", str(tmp_path))).read_bytes() == before
    finally:
        playing.kill()  # kill -9: the lock file stays, the system's lock goes
        playing.communicate()
    assert lock.exists()
    taken_over = subprocess.run([*TALES, *_in(tmp_path, second)], cwd=tmp_path, env=env,
                                stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    assert taken_over.returncode == 0, taken_over.stderr
    assert not lock.exists()  # a clean exit leaves nothing beside the save
    assert _left_beside(lock.parent) == []


def _left_beside(folder: Path) -> list[str]:
    """The hidden files in a save's folder: temporary files of a write, a lock file."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


@pytest.mark.parametrize(("first", "save"), [(c[1], c[3]) for c in CASES],
                         ids=[c[0] for c in CASES])
def test_ctrl_c_leaves_the_save_and_nothing_beside_it(
        tmp_path: Path, first: list[str], save: str) -> None:
    """Issue 44 item 4: Ctrl-C at a question: exit status 130, the save there and whole,
    no temporary file and no lock file left."""
    if first[0] == "campaign":
        assert main(["campaign", "new", "c", "--hero", "gerki", "--companion", "pooky",
                     "--saves", str(tmp_path / "saves")]) == 0
    path = Path(save.replace("{}", str(tmp_path)))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    playing = subprocess.Popen([*TALES, *_in(tmp_path, first)], cwd=tmp_path, env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE,
                               preexec_fn=ctrl_c_as_at_a_terminal)
    try:
        before = _holds(playing, lock_path(path), path)
        playing.send_signal(signal.SIGINT)
        _, err = playing.communicate(timeout=60)
    finally:
        playing.kill()
    assert playing.returncode == 130, err
    assert path.read_bytes() == before
    assert _left_beside(path.parent) == []


def test_a_lock_held_in_this_process_is_held_again_and_let_go(tmp_path: Path) -> None:
    save = tmp_path / "x.sav"
    with holding(save, "x"):
        with holding(save, "x"):  # solo, then its campaign's play: the same process
            assert lock_path(save).read_text().strip() == str(os.getpid())
        assert lock_path(save).exists()
    assert not lock_path(save).exists()
    with holding(save):
        pass


def test_a_lock_file_without_a_live_holder_is_taken(tmp_path: Path) -> None:
    """What a killed process leaves: the file, with its id, and no lock on it."""
    save = tmp_path / "x.sav"
    lock_path(save).write_text("999999\n")
    with holding(save, "x"):
        assert lock_path(save).read_text().strip() == str(os.getpid())


def test_the_refusal_names_the_holder(tmp_path: Path) -> None:
    save = tmp_path / "x.sav"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    code = ("import sys, time; from tales.locks import holding\n"
            f"with holding({str(save)!r}):\n print('held', flush=True); sys.stdin.read()")
    holder = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, env=env)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"held\n"
        with pytest.raises(Held, match=rf"^campaign 'x' is being played by process "
                           rf"{holder.pid}$"), holding(save, "campaign 'x'"):
            pass
    finally:
        holder.kill()
        holder.communicate()
