"""What the table reads out: the last Schemer group's turn, or the round so far, as plain
text (``tales table``: ``t FILE`` and ``t FILE round``). Built from the log and the turn
records, each line in its short form (the reasoning stays behind ``w``). No printing."""

from __future__ import annotations

from tales.present.log import short
from tales.rules.attacks import Battle
from tales.rules.happened import TurnBegan

_AFTER = ("Round ", "Initiative token drawn")

#: The end of a read-out file's first line: the only text file ``t`` writes over.
READ_OUT = "written by tales table for the table to read out"


def last_group_turn(battle: Battle) -> list[str]:
    """The log lines of the last Schemer group turn begun (to the end, or to the next
    turn); none if no group has acted yet."""
    began = [e for e in battle.events if isinstance(e, TurnBegan)]
    at = next((n for n in range(len(began) - 1, -1, -1) if began[n].side == "schemer"), None)
    if at is None:
        return []
    end = began[at + 1].line if at + 1 < len(began) else len(battle.log)
    lines = battle.log[began[at].line:end]
    over = next((n for n, line in enumerate(lines) if n and line.startswith(_AFTER)),
                len(lines))  # the turn's own lines: not the next token, nor the round's end
    return [short(line) for line in lines[:over]]


def this_round(battle: Battle) -> list[str]:
    """The log lines of the round under way, from its Ready Phase."""
    log = battle.log
    start = next((n for n in range(len(log) - 1, -1, -1)
                  if log[n].startswith("Round ") and log[n].endswith(": Ready Phase")), 0)
    return [short(line) for line in log[start:]]


def read_out(title: str, lines: list[str], what: str) -> str:
    """The file's text: a first line naming the game and what it holds, then the lines."""
    return "\n".join([f"# {title}, {what}: {READ_OUT}", *lines]) + "\n"
