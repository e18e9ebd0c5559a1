"""Temporary files beside a save (issue 44, item 4): a write that fails (a full disk) or is
interrupted (Ctrl-C) removes its own and leaves the old save as it was; those a killed
process left are removed by the next save. (A clean exit and Ctrl-C of every game that
saves, with real processes: tests/test_locks.py.)"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from tales.engine import saves
from tales.engine.saves import temporaries, write_atomic


def _fails(error: BaseException) -> object:
    def fsync(fd: int) -> None:
        raise error
    return fsync


@pytest.mark.parametrize("error", [OSError(errno.ENOSPC, "No space left on device"),
                                   KeyboardInterrupt()], ids=["disk full", "Ctrl-C"])
def test_a_write_that_fails_leaves_the_old_save_and_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: BaseException) -> None:
    save = tmp_path / "g.sav"
    write_atomic(save, b"old")
    monkeypatch.setattr(os, "fsync", _fails(error))
    with pytest.raises(type(error)):
        write_atomic(save, b"new")
    assert save.read_bytes() == b"old"
    assert temporaries(save) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.sav"]


def test_the_next_save_removes_what_a_killed_write_left(tmp_path: Path) -> None:
    save = tmp_path / "g.sav"
    left = [tmp_path / ".g.sav.ab12cd34", tmp_path / ".g.sav.k9_x0z1q"]
    for stale in left:
        stale.write_bytes(b"half a save")
    other = tmp_path / ".other.sav.ab12cd34"  # another save's: not this one's to remove
    other.write_bytes(b"x")
    assert sorted(temporaries(save)) == sorted(left)
    write_atomic(save, b"new")
    assert save.read_bytes() == b"new"
    assert temporaries(save) == [] and other.exists()


def test_a_copy_that_fails_leaves_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A campaign's backup copy (a hard link renamed into place) that cannot be renamed."""
    source, target = tmp_path / "c.tales", tmp_path / "c.tales.1"
    source.write_bytes(b"save")

    def no_rename(a: object, b: object) -> None:
        raise OSError(errno.EIO, "Input/output error")
    monkeypatch.setattr(saves.os, "replace", no_rename)
    with pytest.raises(OSError):
        saves.copy_atomic(source, target)
    assert temporaries(target) == [] and not target.exists()
