"""Schemer Groups, Schemes and group turns (glossary: Scheme, Scheme Block, Schemer Group).

When a Schemer Group's initiative token is drawn, "each Schemer in that group will carry
out their rolled Scheme one at a time ... in the initiative order given by the numbers on
their figures" (004, Scheme): :func:`group_turn` does that, each Schemer seeing the board as
the one before left it. A Scheme is a list of steps: Move or Leap toward a selector
(Appendix D), an Attack (Appendix C, targets only), or a special step the table applies.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache

from tales.board.figures import Figure, Keyword
from tales.board.position import Position
from tales.errors import TalesError
from tales.rules.attacks import (
    Battle,
    WoundedPause,
    newly_wounded,
    schemer_attack,
    wounded_reactions,
)
from tales.rules.decisions import Resolution
from tales.rules.dice import Dice, load_dice
from tales.rules.epic_pool import EpicPool
from tales.rules.health import StunEffect, TurnKind, remove_defeated, stun_at_turn
from tales.rules.schemer_attacks import AttackPlan, SchemerAttack, attack_targets
from tales.rules.schemer_movement import (
    DEFAULT_SCHEMER_RULES,
    SchemerMove,
    SchemerRules,
    schemer_move,
)
from tales.rules.targets import Selector


@dataclass(frozen=True, slots=True)
class MoveStep:
    """Move X (or Leap X) toward a selector."""

    points: int
    toward: Selector
    leap: bool = False

    def __str__(self) -> str:
        return f"{'Leap' if self.leap else 'Move'} {self.points} toward {self.toward}"


@dataclass(frozen=True, slots=True)
class AttackStep:
    """An Attack."""

    attack: SchemerAttack

    def __str__(self) -> str:
        return str(self.attack)


@dataclass(frozen=True, slots=True)
class SpecialStep:
    """A step the engine does not carry out itself: the table reads and applies it."""

    name: str
    text: str

    def __str__(self) -> str:
        return f"{self.name}: {self.text}" if self.text else self.name


Step = MoveStep | AttackStep | SpecialStep


@dataclass(frozen=True, slots=True)
class Scheme:
    """One Scheme: its name, the Scheme Die faces that roll it, its steps in order."""

    name: str
    faces: tuple[int, ...]
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class SchemerGroup:
    """A Schemer Group's Scheme Block."""

    id: str
    name: str
    colour: str
    standees: tuple[int, ...]
    fortitude: int
    keywords: frozenset[Keyword]
    immune: frozenset[str]
    limit: int
    schemes: tuple[Scheme, ...]
    alternating: bool = False
    unpredictable: bool = False
    sample: bool = field(default=False, compare=False)

    def scheme(self, face_or_name: str) -> Scheme:
        """The Scheme rolled as die face ``N``, or named ``face_or_name``."""
        wanted = face_or_name.strip()
        if wanted.isdigit():
            for scheme in self.schemes:
                if int(wanted) in scheme.faces:
                    return scheme
        for scheme in self.schemes:
            if scheme.name.lower() == wanted.lower():
                return scheme
        faces = sorted(f for s in self.schemes for f in s.faces)
        names = ", ".join(repr(s.name) for s in self.schemes)
        raise TalesError(f"group {self.id!r} has no Scheme {face_or_name!r} (die faces: "
                         f"{', '.join(map(str, faces)) or 'none'}; schemes: {names})")




@dataclass(frozen=True)
class SchemerTurn:
    """What one Schemer did in a group turn, step by step."""

    figure: str
    moves: tuple[SchemerMove, ...] = ()
    attacks: tuple[AttackPlan, ...] = ()
    specials: tuple[SpecialStep, ...] = ()
    notes: tuple[str, ...] = ()
    log: tuple[str, ...] = ()


@dataclass(frozen=True)
class GroupTurn:
    """A whole group turn: each Schemer's turn in standee order, and the position after."""

    group: str
    scheme: str
    turns: tuple[SchemerTurn, ...]
    position: Position = field(compare=False)
    battle: Battle | None = field(default=None, compare=False)


def group_members(position: Position, group: str) -> list[Figure]:
    """The group's figures on the map, in standee-number order (unnumbered last, by id)."""
    members = [f for f in position.figures if f.group == group]
    if not members:
        groups = sorted({f.group for f in position.figures if f.group})
        raise TalesError(f"no figures of group {group!r} in this position "
                         f"(groups: {', '.join(groups) or 'none'})")
    return sorted(members, key=lambda f: (f.number is None, f.number or 0, f.id))


def schemer_turn(
    position: Position, figure_id: str, scheme: Scheme,
    rules: SchemerRules = DEFAULT_SCHEMER_RULES,
) -> Resolution[tuple[Position, SchemerTurn]]:
    """One Schemer carries out ``scheme`` (Stun: it skips the turn and discards Stun); its
    Attacks are planned (targets), not rolled: the table assistant's view."""
    battle, turn = yield from play_schemer_turn(plan_only(position), figure_id, scheme, rules,
                                                resolve=False)
    return battle.position, turn


def play_schemer_turn(
    battle: Battle, figure_id: str, scheme: Scheme,
    rules: SchemerRules = DEFAULT_SCHEMER_RULES, resolve: bool = True,
) -> Resolution[tuple[Battle, SchemerTurn]]:
    """One Schemer carries out ``scheme`` on ``battle``; with ``resolve`` its Attacks are
    dealt (Appendix C, Schemer Attacks) before its next step, and a Hero Wounded on the way
    (a Juggernaut or Overrun shove into a Trap) has its Wounded Reactions (Wounded 3)."""
    position = battle.position
    figure = position.figure(figure_id)
    names = position.board.names
    position, stunned = stun_at_turn(position, figure.id, TurnKind.SCHEMER)
    battle = battle.at(position)
    if stunned is StunEffect.SKIP_TURN:
        note = "Stunned: skips its turn and discards its Stun Tokens (Stun Token, 1)"
        return battle.note(f"{figure.id}: {note}"), SchemerTurn(
            figure.id, notes=(note,), log=(f"{figure.id}: {note}",))
    moves: list[SchemerMove] = []
    attacks: list[AttackPlan] = []
    specials: list[SpecialStep] = []
    log: list[str] = []
    for step in scheme.steps:
        if figure.id not in {f.id for f in battle.position.figures}:
            break  # Defeated on the way (a Trap) or by a Hitback
        if isinstance(step, MoveStep):
            before = battle.position
            pause = WoundedPause(battle, figure.id) if resolve else None
            moved = yield from schemer_move(before, figure.id, step.points, step.toward,
                                            step.leap, rules, pause)
            moves.append(moved)
            if moved.position is not None:
                battle = (pause.after(moved.position) if pause is not None
                          else battle.at(moved.position))
            where = (f"moves to {names[moved.to]} along {' '.join(names[s] for s in moved.path)}"
                     if moved.to != moved.start else f"stays on {names[moved.start]}")
            log.append(f"{figure.id}: {step}: {'; '.join(moved.reasons)}; {where}"
                       + (f" (takes {moved.damage} damage)" if moved.damage else ""))
            battle = battle.note(log[-1])
            flipped = [f for f in newly_wounded(before, battle.position)
                       if f not in battle.wounded_resolved]
            battle = replace(battle, wounded_resolved=frozenset())
            if resolve and flipped and battle.reactions:
                battle = yield from wounded_reactions(battle, flipped, figure.id)
        elif isinstance(step, AttackStep):
            plan = yield from attack_targets(battle.position, figure.id, step.attack)
            attacks.append(plan)
            targets = ", ".join(plan.targets) or "no target"
            log.append(f"{figure.id}: {step}: {plan.reason}; attacks {targets}")
            battle = battle.note(log[-1])
            if resolve:
                result = yield from schemer_attack(battle, plan)
                battle = result.battle.note(*result.log)
                log.extend(result.log)
        else:
            specials.append(step)
            log.append(f"{figure.id}: {step} (the table carries this out)")
            battle = battle.note(log[-1])
    return battle, SchemerTurn(figure.id, tuple(moves), tuple(attacks), tuple(specials),
                               (), tuple(log))


def group_turn(
    position: Position, group: str, scheme: Scheme,
    rules: SchemerRules = DEFAULT_SCHEMER_RULES,
) -> Resolution[GroupTurn]:
    """Every Schemer of ``group`` carries out ``scheme``, one at a time in standee order;
    Attacks planned, not rolled (the table assistant's view)."""
    turn = yield from play_group_turn(plan_only(position), group, scheme, rules, resolve=False)
    return turn


def play_group_turn(
    battle: Battle, group: str, scheme: Scheme,
    rules: SchemerRules = DEFAULT_SCHEMER_RULES, resolve: bool = True,
) -> Resolution[GroupTurn]:
    """Every Schemer of ``group`` carries out ``scheme`` on ``battle``, one at a time in
    standee order, each seeing the board as the one before left it."""
    turns: list[SchemerTurn] = []
    if not any(f.group == group for f in battle.position.figures):
        return GroupTurn(group, scheme.name, (), battle.position, battle)  # all Defeated
    for member in group_members(battle.position, group):
        if member.id not in {f.id for f in battle.position.figures}:
            continue  # Defeated earlier in the turn
        battle, turn = yield from play_schemer_turn(battle, member.id, scheme, rules, resolve)
        position, gone = remove_defeated(battle.position)  # a Trap on the way may Defeat it
        battle = battle.at(position)
        if gone:
            battle = battle.note(f"Defeated and removed: {', '.join(gone)}")
        turns.append(turn)
    return GroupTurn(group, scheme.name, tuple(turns), battle.position, battle)


@cache
def _plan_dice() -> Dice:
    return load_dice()


def plan_only(position: Position) -> Battle:
    """A battle around ``position`` for planning a Schemer turn without rolling anything."""
    return Battle(position, EpicPool(), _plan_dice())
