"""The files a user names: one reader for every input file (content, saves, answers,
decks, modules) and one check for every file a command writes, made before any work.

An input is read only if it is a regular file of at most :data:`READ_LIMIT` bytes: a FIFO
is opened without waiting for a writer and refused, so is a device (``/dev/zero``), a
directory or a loop of symbolic links, each in one line naming the file. An output is
written only over nothing, or a regular file that ``ours`` accepts (this game's own save,
a picture), never over a file the command reads, and only in a folder that can be
written."""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from tales.errors import ContentError, TalesError, printable

#: The largest input file read (content and saves are a few kilobytes; 16 MB is far more
#: than any, and bounds what a wrong file can make the tool allocate).
READ_LIMIT = 16 * 2**20

#: What an unreadable file is raised as: made from the file's name and what is wrong.
Problem = Callable[[str, str], TalesError]


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in a user's words."""
    if stat.S_ISDIR(mode):
        return "is a directory, not a file"
    if stat.S_ISFIFO(mode):
        return "is a FIFO (a named pipe), not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a file"
    return "is not a regular file"


def read_file(path: str | Path, problem: Problem = ContentError,
              limit: int = READ_LIMIT) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; otherwise
    ``problem(name, what is wrong)`` (a :class:`ContentError` unless told)."""
    source = str(path)
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise problem(source, "no such file") from None
    except OSError as bad:
        raise problem(source, f"cannot be read ({bad.strerror or bad})") from None
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            raise problem(source, _kind(mode))
        chunks: list[bytes] = []
        size = 0
        while size <= limit:  # st_size may lie (a file still growing, /proc): read to EOF
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as bad:
        raise problem(source, f"cannot be read ({bad.strerror or bad})") from None
    finally:
        os.close(handle)
    if size > limit:
        raise problem(source, f"is larger than {limit // 2**20} MB: not a file this "
                      "tool reads")
    return b"".join(chunks)


def read_text_file(path: str | Path, problem: Problem = ContentError) -> str:
    """The UTF-8 text of ``path`` (newlines made ``\\n``), read by :func:`read_file`."""
    data = read_file(path, problem)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise problem(str(path), "is not UTF-8 text") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def same_file(one: str | Path, other: str | Path) -> bool:
    """Whether two names are one file (both existing), or the same path."""
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):
        return Path(one).absolute() == Path(other).absolute()


def check_output(path: str | Path, option: str = "", *, suffix: str | None = None,
                 reading: Iterable[str | Path | None] = (),
                 ours: Callable[[Path], bool] | None = None, what: str = "file") -> Path:
    """``path`` if a command may write it, checked before the command does any work; a
    one-line :class:`TalesError` (``option`` first, e.g. ``--heatmap``) if not: a name
    not ending in ``suffix``; a file the command reads (``reading``); anything there but a
    regular file; a regular file ``ours`` does not accept (not this game's save, not a
    picture); a folder that is not there as a folder or cannot be written."""
    target = Path(path)
    name = f"{option} {printable(str(path))}" if option else printable(str(path))
    if suffix is not None and not target.name.lower().endswith(suffix):
        raise TalesError(f"{name}: give a {suffix} file to write")
    for source in reading:
        if source is not None and same_file(source, target):
            raise TalesError(f"{name}: is a file this command reads; it is not written "
                             "over (give another file to write)")
    try:
        mode: int | None = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as bad:
        raise TalesError(f"{name}: cannot be written ({bad.strerror or bad})") from None
    if mode is not None:
        if not stat.S_ISREG(mode):
            raise TalesError(f"{name}: {_kind(mode)}; it is not written over")
        if ours is not None and not ours(target):
            raise TalesError(f"{name}: holds something that is not {what}; it is not "
                             "written over (give another file)")
    folder = target.absolute().parent
    while not folder.exists() and folder != folder.parent:  # made as the file is written
        folder = folder.parent
    if not folder.is_dir():
        raise TalesError(f"{name}: cannot be written ({folder} is not a folder)")
    try:  # a nameless file made and gone at once (root passes os.access, not this)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as bad:
        raise TalesError(f"{name}: cannot be written in {folder} "
                         f"({bad.strerror or bad})") from None
    return target


def is_regular_or_free(path: Path) -> bool:
    """Whether ``path`` is nothing yet or a regular file: all a write may replace."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return True
    except OSError:
        return False


#: The first bytes of every PNG file.
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def is_png(path: Path) -> bool:
    """Whether ``path`` holds a PNG picture: the only file a picture is written over."""
    try:
        return read_file(path)[:len(PNG_SIGNATURE)] == PNG_SIGNATURE
    except TalesError:
        return False


def check_picture(path: str | Path, option: str = "",
                  reading: Iterable[str | Path | None] = ()) -> Path:
    """:func:`check_output` for a PNG picture (``render``, ``--heatmap``)."""
    return check_output(path, option, suffix=".png", reading=reading, ours=is_png,
                        what="a PNG picture")


def first_line_ends(path: str | Path, mark: str) -> bool:
    """Whether ``path``'s first line is a comment ending with ``mark``: a file a command
    wrote and may write over (an exported position, a text to read out)."""
    try:
        first = read_text_file(path).partition("\n")[0]
    except TalesError:
        return False
    return first.startswith("# ") and first.endswith(mark)
