"""Errors a user can cause: each carries one line that names the file, line or space."""

from __future__ import annotations


class TalesError(Exception):
    """A mistake in the user's input (a file, an argument, a choice).

    The command line prints ``str(error)`` on one line and exits with status 2; it never
    shows a traceback for these.
    """


def printable(text: str) -> str:
    """``text`` for a one-line message: as it is when printable, else quoted with its
    escapes (a name with a newline in it must not break the line)."""
    return text if text.isprintable() else repr(text)


class ContentError(TalesError):
    """A content file (map, position, ...) that cannot be read as written."""

    def __init__(self, source: str, message: str, line: int | None = None) -> None:
        self.source = source
        self.line = line
        self.detail = message
        where = printable(source) + (f":{line}" if line is not None else "")
        super().__init__(f"{where}: {message}")

    def __reduce__(self) -> tuple[type[ContentError], tuple[str, str, int | None]]:
        """Rebuilt whole in another process (a simulation's worker sends it back)."""
        return (type(self), (self.source, self.detail, self.line))


class IllegalChoice(TalesError):
    """An answer to a Decision that is not among its legal options."""
