"""One process at a time on a save: a campaign, or a game played with ``--save`` or
``--resume`` (issue 44). A second process on the same save says at once who holds it, in
one line, and plays nothing.

The lock is the operating system's, on a small file beside the save (``.NAME.lock``,
holding the process id): ``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows. The
system lets go of it when the process ends, however it ends, so the lock of a killed
process is simply taken by the next one (the file it left says nothing then). The holder
removes the file when it is done; a process that opened the file just before it was
removed sees that it holds a name no longer there and opens it again, so two processes
never both hold one save.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from tales.errors import TalesError, printable

if sys.platform == "win32":  # pragma: no cover - tested on POSIX only
    import msvcrt

    def _take(fd: int) -> bool:
        os.lseek(fd, _WINDOWS_BYTE, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _let_go(fd: int) -> None:
        os.lseek(fd, _WINDOWS_BYTE, os.SEEK_SET)
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _take(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _let_go(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

#: Windows locks bytes, and a locked byte cannot be read: the byte locked is past the
#: process id written at the start.
_WINDOWS_BYTE = 64


#: The lock files this process holds (a ``with`` inside another on the same save).
_HELD: set[str] = set()


class Held(TalesError):
    """A save another live process holds."""


def lock_path(save: Path) -> Path:
    """The lock file of ``save``: ``.NAME.lock`` beside it."""
    return save.with_name(f".{save.name}.lock")


def _holder(fd: int) -> str:
    """Who holds the lock, as the file says: ``process 1234`` (or ``another process``)."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        written = os.read(fd, 32).split(b"\n")[0].strip()
    except OSError:
        written = b""
    return f"process {int(written)}" if written.isdigit() else "another process"


@contextlib.contextmanager
def holding(save: str | Path, what: str | None = None) -> Iterator[None]:
    """Hold ``save`` for the ``with`` block: :class:`Held` at once, in one line, if
    another process does ("campaign 'C' is being played by process 1234"; ``what`` names
    the save, by default its file). A folder where no lock file can be made holds no
    lock (the save itself will say why it cannot be written)."""
    path = lock_path(Path(save))
    name = what or printable(str(save))
    key = os.path.abspath(path)
    if key in _HELD:  # this process holds it already (solo, then its campaign's play)
        yield
        return
    fd = _open(path, name)
    if fd is None:
        yield
        return
    _HELD.add(key)
    try:
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass
    try:
        yield
    finally:
        _HELD.discard(key)
        with contextlib.suppress(OSError):
            path.unlink()  # before letting go: whoever opens it next makes a new one
        _let_go(fd)
        os.close(fd)


def _open(path: Path, name: str) -> int | None:
    """The descriptor of ``path``, locked by this process; None if it cannot be made;
    :class:`Held` (naming the save ``name``) if another process holds it."""
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        except OSError:
            return None
        if not _take(fd):
            holder = _holder(fd)
            os.close(fd)
            raise Held(f"{name} is being played by {holder}")
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(path))
        except OSError:
            same = False
        if same:
            return fd
        _let_go(fd)  # removed by the holder as this one opened it: open the new one
        os.close(fd)


def holding_if(save: str | Path | None) -> contextlib.AbstractContextManager[None]:
    """:func:`holding` ``save``, if there is one (a game played without a save holds
    nothing)."""
    return holding(save) if save is not None else contextlib.nullcontext()
