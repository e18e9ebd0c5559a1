"""A table game typed from a script: lines read by the terminal as a table types them
(its commands, slips and ``u`` included), with the keys typed counted per round, for the
keystroke measure of ``tools/bench_table.py`` and its test (issue 39: at most 60 a round).
No printing: what the terminal writes is dropped."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tales.table.session import TableSession
from tales.table.terminal import TableTerminal


def script_lines(path: str | Path) -> list[str]:
    """A scripted game's entries, one a line (``#`` lines are comments)."""
    text = Path(path).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if not line.startswith("#")]


def type_lines(session: TableSession, lines: Sequence[str]) -> dict[int, int]:
    """Type ``lines`` into ``session`` at the terminal until they run out; the keys typed
    in each round (0: setup), each line's characters and its Enter."""
    queue = list(lines)
    keys: dict[int, int] = {}

    def read(prompt: str) -> str:
        if not queue:
            raise EOFError
        text = queue.pop(0)
        state = session.state
        number = state.round if state is not None else 0
        keys[number] = keys.get(number, 0) + len(text) + 1
        return text

    TableTerminal(session, None, read=read, write=lambda line: None).run()
    return keys
