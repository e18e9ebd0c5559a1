"""What the table assistant shows: a Schemer's turn in one line, and its steps in full.

Shared by ``tales schemer turn`` and ``tales table`` (and the window later): plain text,
no printing. :func:`board_changes` says what a group turn left on the board.

>>> from tales.rules.schemes import SchemerTurn
>>> schemer_line(("A1", "B1"), SchemerTurn("rat3", notes=("Stunned: skips its turn",)))
'rat3 stays: Stunned: skips its turn'
"""

from __future__ import annotations

from collections.abc import Sequence

from tales.board.position import Position
from tales.rules.schemer_attacks import AttackPlan
from tales.rules.schemes import AttackDone, SchemerTurn


def schemer_line(names: Sequence[str], turn: SchemerTurn) -> str:
    """One line for one Schemer's turn: ``rat3 → D4, attacks fiona for 1 (fiona loses 1
    Fortitude; Harm: fiona gains 1 Weaken Token)``, what its token steps gave too."""
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
    dealt = (*turn.dealt, *(None,) * (len(turn.attacks) - len(turn.dealt)))
    said = {"attack": [_attack_part(plan, done)
                       for plan, done in zip(turn.attacks, dealt, strict=True)],
            "effect": list(turn.effects),
            "special": [f"{s.name} (the table carries this out)" for s in turn.specials]}
    order = turn.order or tuple((kind, n) for kind in ("attack", "effect", "special")
                                for n in range(len(said[kind])))
    parts.extend(said[kind][n] for kind, n in order)
    if turn.notes:
        return f"{head}: {'; '.join(turn.notes)}"
    return ", ".join([head, *parts])


def _attack_part(plan: AttackPlan, done: AttackDone | None) -> str:
    """An Attack in the one line: its targets and damage, and once dealt what it did
    (defences, Fortitude lost, every Harm and token it gave)."""
    if not plan.targets:
        return "no one to attack"
    if done is None:  # planned, not dealt
        return f"attacks {', '.join(plan.targets)} for {plan.attack.damage}"
    told = f"attacks {', '.join(plan.targets)} for {done.damage}"
    return f"{told} ({'; '.join(done.lines)})" if done.lines else told


def schemer_detail(turn: SchemerTurn) -> list[str]:
    """Every step of one Schemer's turn with the rules' reasons (the lines of its log)."""
    return [line.split(": ", 1)[1] if line.startswith(f"{turn.figure}: ") else line
            for line in turn.log]


def board_changes(before: Position, after: Position) -> list[str]:
    """What a group turn changed on the board, a line a figure, in the order of ``after``:
    ``fiona: 3 damage of 8 (5 left); tokens 1 Weaken Token``, ``rat2: on D4``; what each
    line says is what changed; the figures it removed last."""
    names = after.board.names
    was = {f.id: f for f in before.figures}
    lines = []
    for figure in after.figures:
        old = was.get(figure.id)
        said = []
        if old is None or old.at != figure.at:
            said.append(f"{'comes in ' if old is None else ''}on "
                        + " ".join(names[s] for s in after.spaces_of(figure)))
        if old is None or (old.damage, old.wounded) != (figure.damage, figure.wounded):
            said.append(f"{figure.damage} damage"
                        + (f" of {figure.fortitude} ({figure.remaining_fortitude} left)"
                           if figure.fortitude is not None else "")
                        + (", Wounded" if figure.wounded else ""))
        if old is None or old.tokens != figure.tokens:
            held = [f"{n} {t.rule_name}{'s' if n > 1 else ''}" for t, n in figure.tokens if n]
            said.append(f"tokens {', '.join(held) or 'none'}")
        if said:
            lines.append(f"{figure.id}: {'; '.join(said)}")
    here = {f.id for f in after.figures}
    lines.extend(f"{f.id}: Defeated and removed" for f in before.figures if f.id not in here)
    return lines
