"""The last turn drawn on the map, as data: each path as an arrow, each Attack as a line
with the damage dealt, each Trap or Hazard sprung, read from what the engine kept
(:mod:`tales.rules.happened`). The window draws a :class:`TurnDrawing`; the table
assistant draws a whole Schemer group turn with the same one. Every roll's dice faces in
words, for the log beside it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tales.rules.damage import DamageRoll
from tales.rules.decisions import Decision
from tales.rules.dice import DieKind
from tales.rules.happened import Attacked, Happened, Moved, TurnBegan
from tales.rules.schemes import SchemerTurn

#: Die names as the rulebook says them.
DIE_NAMES = {DieKind.DAMAGE: "Damage Die", DieKind.EPIC: "Epic Die",
             DieKind.DOOM: "Doom Die"}


@dataclass(frozen=True, slots=True)
class Arrow:
    """A figure's path (its start first): ``how`` it went (move, leap, rampage, push,
    pull); ``side`` whose figure it is (``hero`` or ``schemer``), for the colour."""

    figure: str
    path: tuple[int, ...]
    how: str
    side: str


@dataclass(frozen=True, slots=True)
class Strike:
    """An Attack from ``origin`` to a target on ``at``: ``label`` says the damage (what
    the target lost when the Attack was rolled, else the Attack's damage)."""

    attacker: str
    target: str
    origin: int
    at: int
    label: str
    side: str


@dataclass(frozen=True, slots=True)
class Mark:
    """A space that did something on the way: a Trap sprung, a Hazard, Wizard Fire; or
    (``kind`` ``target``) a Schemer's final target space."""

    space: int
    label: str
    kind: str = "sprung"


@dataclass(frozen=True, slots=True)
class TurnDrawing:
    """What the last turn did on the map; ``who`` names the turns drawn (a figure or a
    group id each)."""

    arrows: tuple[Arrow, ...] = ()
    strikes: tuple[Strike, ...] = ()
    marks: tuple[Mark, ...] = ()
    who: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.arrows or self.strikes or self.marks)


def turns(events: Sequence[Happened]) -> list[tuple[TurnBegan | None, list[Happened]]]:
    """The events split by turn, oldest first (what came before the first turn: None)."""
    split: list[tuple[TurnBegan | None, list[Happened]]] = [(None, [])]
    for event in events:
        if isinstance(event, TurnBegan):
            split.append((event, []))
        else:
            split[-1][1].append(event)
    return [t for t in split if t[0] is not None or t[1]]


def recent(events: Sequence[Happened], players: bool = True
           ) -> list[tuple[TurnBegan | None, list[Happened]]]:
    """The turns to draw: the current one, the Schemer turns just before it (so the
    players see what the Schemers did until their own next turn has ended), and the
    players' turn before those unless it is the acting figure's own (a Companion's Zap,
    a Hero's last Attack before its turn ended by itself, stays drawn while the turns
    after it are played); not with ``players`` False (at a physical table the players'
    turns are the table's own edits: the drawing is cut as each of them ends)."""
    split = turns(events)
    if not split:
        return []
    shown = [split[-1]]
    now = split[-1][0]
    for turn in reversed(split[:-1]):
        if turn[0] is None or (now is not None and turn[0].who == now.who):
            break  # the acting figure's own last turn: its player saw it
        if turn[0].side != "schemer" and not players:
            break
        shown.insert(0, turn)
        if turn[0].side != "schemer":
            break
    return shown


def drawing(events: Sequence[Happened], sides: Mapping[str, str],
            names: Sequence[str], players: bool = True) -> TurnDrawing:
    """The recent turns as a drawing (:func:`recent`, ``players`` as there); ``sides``:
    each figure's side by id (a figure gone since takes its turn's side); ``names``: the
    board's space names."""
    arrows: list[Arrow] = []
    strikes: list[Strike] = []
    marks: list[Mark] = []
    who: list[str] = []
    for began, happened in recent(events, players):
        default = began.side if began is not None else ""
        if began is not None:
            who.append(began.who)
        for event in happened:
            if isinstance(event, Moved):
                side = sides.get(event.figure, default)
                arrows.append(Arrow(event.figure, event.path, event.how, side))
                marks.extend(Mark(s.space, f"{s.what.replace('-', ' ')} {s.damage}")
                             for s in event.sprung)
            elif isinstance(event, Attacked) and event.origin is not None:
                side = sides.get(event.attacker, default)
                lost = dict(event.lost)
                for target, at in zip(event.targets, event.spaces, strict=True):
                    if at < 0:
                        continue
                    label = (f"-{lost[target]}" if lost.get(target) else "no damage"
                             if target in lost else f"{event.damage} damage")
                    strikes.append(Strike(event.attacker, target, event.origin, at, label,
                                          side))
    return TurnDrawing(tuple(arrows), tuple(_merged(strikes)), tuple(marks), tuple(who))


def _merged(strikes: list[Strike]) -> list[Strike]:
    """Attacks along the same line as one, their labels in order ("-1, no damage")."""
    merged: dict[tuple[str, str, int, int], Strike] = {}
    for strike in strikes:
        key = (strike.attacker, strike.target, strike.origin, strike.at)
        if key in merged:
            old = merged[key]
            strike = Strike(*key[:2], old.origin, old.at, f"{old.label}, {strike.label}",
                            old.side)
        merged[key] = strike
    return list(merged.values())


def with_pending(draw: TurnDrawing, decision: Decision[Any] | None) -> TurnDrawing:
    """``draw`` with the path a pending Rampage has taken so far (its Decision's detail:
    the spaces from his start), so the map shows where Pooky has been."""
    if decision is None or decision.kind != "rampage-step" or decision.figure is None:
        return draw
    path = decision.detail
    if not isinstance(path, tuple) or len(path) < 2:
        return draw
    arrow = Arrow(decision.figure, tuple(int(s) for s in path), "rampage", "hero")
    return TurnDrawing((*draw.arrows, arrow), draw.strikes, draw.marks, draw.who)


def with_targets(draw: TurnDrawing, done: Sequence[SchemerTurn],
                 chosen: Mapping[str, int]) -> TurnDrawing:
    """``draw`` with each Schemer's final target space marked ("cellar-rats-1 target";
    "..., players' choice" where the table broke a tie for it: ``chosen`` by figure)."""
    marks = [Mark(move.final_target, f"{turn.figure} target" + (
        ", players' choice" if chosen.get(turn.figure) == move.final_target else ""),
        "target") for turn in done for move in turn.moves if move.final_target is not None]
    return TurnDrawing(draw.arrows, draw.strikes, (*draw.marks, *marks), draw.who)


def drawing_lines(draw: TurnDrawing, names: Sequence[str]) -> list[str]:
    """The drawing in words, one line each (the terminal's and a test's view of it)."""
    lines = [f"{a.figure}: {a.how} {' > '.join(names[s] for s in a.path)}"
             for a in draw.arrows]
    lines += [f"{s.attacker} > {s.target} on {names[s.at]}: {s.label}" for s in draw.strikes]
    lines += [f"{m.label} on {names[m.space]}" for m in draw.marks]
    return lines


#: What :func:`dice_text` says of an Attack that rolled no die (fixed damage only).
NO_DICE = "no dice rolled"


def dice_text(roll: DamageRoll) -> str:
    """Every die's faces: ``Damage Die 2 damage; Damage Die Critical Hit, then 1 damage;
    Epic Die blank; Doom Die Doom``."""
    parts = [f"{DIE_NAMES.get(d.kind, d.kind.value)} "
             + ", then ".join(str(f) for f in d.faces) for d in roll.dice]
    if roll.removed is not None:
        parts.append(f"{DIE_NAMES[roll.removed.kind]} "
                     + ", ".join(str(f) for f in roll.removed.faces)
                     + " (removed by the Doom Die)")
    if roll.doom or roll.doom_face is not None:
        face = str(roll.doom_face) if roll.doom_face is not None else "Doom"
        parts.append(f"Doom Die {face}" + (f" ({roll.self_damage} damage to the attacker)"
                                           if roll.self_damage else ""))
    extra = []
    if roll.fixed:
        extra.append(f"+{roll.fixed} fixed")
    if roll.boost:
        extra.append(f"+{roll.boost} Damage Boost")
    if roll.weaken:
        extra.append(f"-{roll.weaken} Weaken")
    return "; ".join(parts or [NO_DICE]) + (f" ({', '.join(extra)})" if extra else "")


def with_dice(log: Sequence[str], events: Sequence[Happened]) -> list[str]:
    """The log with each rolled Attack's dice faces after its first line
    ("gerki attacks cellar-rats-1 [dice: Damage Die 2 damage; Epic Die blank]")."""
    lines = list(log)
    for event in events:
        if isinstance(event, Attacked) and event.roll is not None and (
                0 <= event.line < len(lines)):
            said = dice_text(event.roll)
            lines[event.line] += f" [{said}]" if said.startswith(NO_DICE) else (
                f" [dice: {said}]")
    return lines
