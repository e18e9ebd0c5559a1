"""Errors a user can cause: each carries one line that names the file, line or space."""

from __future__ import annotations


class TalesError(Exception):
    """A mistake in the user's input (a file, an argument, a choice).

    The command line prints ``str(error)`` on one line and exits with status 2; it never
    shows a traceback for these.
    """


#: Longest echo of a user's value in an error line (a 1 MB argument stays one short line).
ECHO_LIMIT = 300


def one_line(text: str) -> str:
    """``text`` as one printable line: control characters escaped (a ``\\r`` in a path
    cannot rewrite the terminal line), and cut to :data:`ECHO_LIMIT` characters."""
    escaped = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    if len(escaped) > ECHO_LIMIT:
        escaped = f"{escaped[:ECHO_LIMIT]}... ({len(escaped)} characters)"
    return escaped


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
