"""What the table assistant shows: a Schemer's turn in one line, and its steps in full.

Shared by ``tales schemer turn`` and ``tales table`` (and the window later): plain text,
no printing.

>>> from tales.rules.schemes import SchemerTurn
>>> schemer_line(("A1", "B1"), SchemerTurn("rat3", notes=("Stunned: skips its turn",)))
'rat3 stays: Stunned: skips its turn'
"""

from __future__ import annotations

from collections.abc import Sequence

from tales.rules.schemes import SchemerTurn


def schemer_line(names: Sequence[str], turn: SchemerTurn) -> str:
    """One line for one Schemer's turn: ``rat3 → D4, attacks fiona for 1``."""
    parts: list[str] = []
    moved = [m for m in turn.moves if m.to != m.start]
    if moved:
        last = moved[-1]
        head = f"{turn.figure} → {names[last.to]}"
        damage = sum(m.damage for m in turn.moves)
        if damage:
            head += f" (takes {damage} damage)"
    elif turn.moves:
        head = f"{turn.figure} stays on {names[turn.moves[-1].start]}"
    else:
        head = f"{turn.figure} stays"
    for plan in turn.attacks:
        if plan.targets:
            parts.append(f"attacks {', '.join(plan.targets)} for {plan.attack.damage}")
        else:
            parts.append("no one to attack")
    parts.extend(turn.effects)
    parts.extend(f"{s.name} (the table carries this out)" for s in turn.specials)
    if turn.notes:
        return f"{head}: {'; '.join(turn.notes)}"
    return ", ".join([head, *parts])


def schemer_detail(turn: SchemerTurn) -> list[str]:
    """Every step of one Schemer's turn with the rules' reasons (the lines of its log)."""
    return [line.split(": ", 1)[1] if line.startswith(f"{turn.figure}: ") else line
            for line in turn.log]
