"""Schemer Groups, Schemes and group turns (glossary: Scheme, Scheme Block, Schemer Group).

When a Schemer Group's initiative token is drawn, "each Schemer in that group will carry
out their rolled Scheme one at a time ... in the initiative order given by the numbers on
their figures" (004, Scheme): :func:`group_turn` does that, each Schemer seeing the board as
the one before left it. A Scheme is a list of steps: Move or Leap toward a selector
(Appendix D), an Attack (Appendix C, with Harm and a Splash that is not Harm), Power or
Debuff Tokens to the figures a phrase finds (:class:`TokenStep`), Heal X
(:class:`HealStep`), Reinforce (:class:`ReinforceStep`), opening doors
(:class:`DoorStep`), or a special step: text the table applies, which only the table
assistant shows (a game the engine plays refuses a scenario holding one:
:func:`for_the_table`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import TypeVar

from tales.board.figures import Figure, Keyword, Side, Token, is_friend
from tales.board.footprint import on_spaces
from tales.board.position import Position
from tales.errors import TalesError
from tales.evolve import evolve
from tales.rules.attacks import (
    Battle,
    HarmKind,
    WoundedPause,
    newly_wounded,
    parse_harm,
    schemer_attack,
    wounded_reactions,
)
from tales.rules.decisions import Decider, Decision, Resolution, annotating, showing
from tales.rules.dice import Dice, load_dice
from tales.rules.epic_pool import EpicPool
from tales.rules.happened import Attacked, Moved, hurt_on_the_way, shoved, sprung
from tales.rules.health import (
    StunEffect,
    TurnKind,
    give_tokens,
    heal,
    remove_defeated,
    stun_at_turn,
)
from tales.rules.schemer_attacks import AttackPlan, SchemerAttack, attack_targets
from tales.rules.schemer_movement import (
    DEFAULT_SCHEMER_RULES,
    SchemerMove,
    SchemerRules,
    schemer_move,
)
from tales.rules.targets import Selector, targetable_foes

R = TypeVar("R")


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


class Whom(StrEnum):
    """Whom a Scheme's token or Heal step is for."""

    SELF = "self"
    FOES = "foes"
    FRIENDS = "friends"
    GROUP = "group"


class Only(StrEnum):
    """A condition each figure a Scheme step finds must meet (the step's ``if``)."""

    ADJACENT_TO_A_FOE = "adjacent to a foe"
    DAMAGED = "damaged"
    WOUNDED = "wounded"


_RECIPIENTS = re.compile(r"^(?:(adjacent)\s+)?(foes|friends)(?:\s+within\s+(\d+))?$")
RECIPIENT_WORDS = ("self, group, foes, adjacent foes, foes within N, friends, adjacent "
                   "friends, friends within N")


@dataclass(frozen=True, slots=True)
class Recipients:
    """The figures a step is for, seen from the Schemer carrying it out: itself; every
    Schemer of its group on the map (itself too); its Foes (never Avoided ones: "Schemers
    cannot target or interact with Avoided figures") or its other Friends among the
    Schemers, all or those within Range N (adjacent: 1); each only ``if`` it meets
    ``only``."""

    whom: Whom = Whom.SELF
    within: int | None = None
    only: Only | None = None

    def __str__(self) -> str:
        words = self.whom.value
        if self.within == 1:
            words = f"adjacent {words}"
        elif self.within is not None:
            words = f"{words} within {self.within}"
        return words + (f" if {self.only.value}" if self.only else "")

    def find(self, position: Position, actor: Figure) -> list[Figure]:
        """The figures this finds now, by id."""
        if self.whom is Whom.SELF:
            found = [actor]
        elif self.whom is Whom.GROUP:
            found = [f for f in position.figures if f.group == actor.group]
        else:
            pool = (targetable_foes(position, actor) if self.whom is Whom.FOES else
                    [f for f in position.figures if f.group and is_friend(actor, f)])
            if self.within is not None:
                sight = position.figure_field(actor)  # from the nearest of its spaces
                pool = [f for f in pool if position.adjacent(actor, f) or (
                    (d := position.figure_distance(sight, f)) is not None and d <= self.within)]
            found = pool
        return sorted((f for f in found if self._meets(position, f)), key=lambda f: f.id)

    def _meets(self, position: Position, figure: Figure) -> bool:
        if self.only is Only.ADJACENT_TO_A_FOE:
            return any(position.adjacent(figure, foe)
                       for foe in targetable_foes(position, figure))
        if self.only is Only.DAMAGED:
            return figure.damage > 0
        if self.only is Only.WOUNDED:
            return figure.wounded
        return True


def parse_recipients(text: str, only: str | None = None) -> Recipients:
    """Read a step's ``to`` (and ``if``) phrase; a TalesError says what is understood."""
    words = " ".join(text.lower().split())
    condition = None
    if only is not None:
        wanted = " ".join(only.lower().split())
        try:
            condition = Only(wanted)
        except ValueError:
            raise TalesError(f"'if' {only!r} is not understood (write "
                             f"{', '.join(o.value for o in Only)})") from None
    if words in (Whom.SELF.value, Whom.GROUP.value):
        return Recipients(Whom(words), None, condition)
    match = _RECIPIENTS.match(words)
    if match is None or (match.group(1) and match.group(3)):
        raise TalesError(f"'to' {text!r} is not understood (write {RECIPIENT_WORDS})")
    within = 1 if match.group(1) else (int(match.group(3)) if match.group(3) else None)
    return Recipients(Whom(match.group(2)), within, condition)


def _named(name: str, words: str) -> str:
    return f"{name}: {words}" if name else words


@dataclass(frozen=True, slots=True)
class TokenStep:
    """Power or Debuff Tokens to each figure ``to`` finds."""

    tokens: tuple[tuple[Token, int], ...]
    to: Recipients = Recipients()
    name: str = ""

    def __str__(self) -> str:
        given = ", ".join(f"{n} {t.rule_name}{'s' if n > 1 else ''}" for t, n in self.tokens)
        return _named(self.name, f"{given} to {self.to}")


@dataclass(frozen=True, slots=True)
class HealStep:
    """Heal X each figure ``to`` finds (glossary: Heal X)."""

    amount: int
    to: Recipients = Recipients()
    name: str = ""

    def __str__(self) -> str:
        return _named(self.name, f"Heal {self.amount} {self.to}")


@dataclass(frozen=True, slots=True)
class ReinforceStep:
    """Reinforce: ``count`` new Schemers of ``group`` (None: the Schemer's own) on
    Unoccupied spaces next to the Schemer, never past the group's Limit."""

    count: int
    group: str | None = None
    name: str = ""

    def __str__(self) -> str:
        return _named(self.name, f"Reinforce {self.count} {self.group or 'of its group'} "
                                 "next to it")


@dataclass(frozen=True, slots=True)
class DoorStep:
    """Open the door on a named space, or (None) every closed door next to the Schemer."""

    door: str | None = None
    name: str = ""

    def __str__(self) -> str:
        return _named(self.name, f"open the door on {self.door}" if self.door
                      else "open the doors next to it")


Step = MoveStep | AttackStep | TokenStep | HealStep | ReinforceStep | DoorStep | SpecialStep


def for_the_table(step: Step) -> str | None:
    """Why a game the engine plays cannot carry out ``step`` (text the table applies: a
    special step, or Harm the combat rules do not read), or None when it can."""
    if isinstance(step, SpecialStep):
        return f"{str(step)!r} is text for the table"
    if isinstance(step, AttackStep):
        words = [h.text for h in parse_harm(step.attack.harm) if h.kind is HarmKind.TEXT]
        if words:
            return f"its Harm {words[0]!r} is text for the table"
    return None


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
    size: int = 1  # spaces each of its figures takes (docs/rules-decisions.md, Large figures)
    shape: str | None = None  # a named shape of tales.board.footprint; None: the size's

    def new_schemer(self, on_map: Container[int | None], at: int,
                    standee: int | None = None,
                    footprint: tuple[tuple[int, int], ...] = ()) -> Figure:
        """A Schemer of this group coming onto the map on ``at``: standee ``standee`` if it
        is free, else the lowest-numbered one not on the map (``on_map`` holds the numbers
        of those that are); ``footprint`` for a group whose figures take several spaces."""
        free = [n for n in self.standees if n not in on_map]
        number = standee if standee in free else free[0]
        return Figure(f"{self.id}-{number}", Side.SCHEMER, at, self.id, number,
                      self.fortitude, keywords=self.keywords, immune=self.immune,
                      footprint=footprint)

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
class Roster:
    """The Scheme Blocks a Reinforce step may bring onto the map, with each group's Limit
    now (a scenario part may change it; default: the block's)."""

    blocks: Mapping[str, SchemerGroup]
    limits: Mapping[str, int] = field(default_factory=dict)

    def limit(self, group: str) -> int:
        """The group's Limit now."""
        return self.limits.get(group, self.blocks[group].limit)


@dataclass(frozen=True, slots=True)
class AttackDone:
    """What a dealt Attack did (Appendix C, Schemer Attacks, steps 2-5): its damage after
    Damage Boosts, Weaken and Epic Dice, the Fortitude each target lost, the Defeated, and
    its lines after the first (defences, Fortitude lost, every Harm and token it gave)."""

    damage: int
    lost: tuple[tuple[str, int], ...] = ()
    defeated: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class SchemerTurn:
    """What one Schemer did in a group turn, step by step: ``effects`` says what its token,
    Heal, Reinforce and door steps did; ``dealt`` (one per Attack, None for one with no
    target) what its dealt Attacks did, empty when they were only planned; ``order`` the
    Attacks, effects and special steps in the order they came (``("effect", 0)``)."""

    figure: str
    moves: tuple[SchemerMove, ...] = ()
    attacks: tuple[AttackPlan, ...] = ()
    specials: tuple[SpecialStep, ...] = ()
    notes: tuple[str, ...] = ()
    log: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    dealt: tuple[AttackDone | None, ...] = ()
    order: tuple[tuple[str, int], ...] = ()


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
    rules: SchemerRules = DEFAULT_SCHEMER_RULES, roster: Roster | None = None,
) -> Resolution[tuple[Position, SchemerTurn]]:
    """One Schemer carries out ``scheme`` (Stun: it skips the turn and discards Stun) on a
    board of its own (:func:`plan_only`), its Attacks dealt: the table assistant's view."""
    battle, turn = yield from play_schemer_turn(plan_only(position), figure_id, scheme, rules,
                                                roster=roster, told=())
    return battle.position, turn


#: Who carries out a Scheme step of printed text at its place in the turn: given the
#: battle, the acting Schemer and the step, the battle after (a physical table's edits).
Special = Callable[[Battle, str, SpecialStep], Resolution[Battle]]


def play_schemer_turn(
    battle: Battle, figure_id: str, scheme: Scheme,
    rules: SchemerRules = DEFAULT_SCHEMER_RULES, resolve: bool = True,
    roster: Roster | None = None, told: tuple[SchemerTurn, ...] | None = None,
    special: Special | None = None,
) -> Resolution[tuple[Battle, SchemerTurn]]:
    """One Schemer carries out ``scheme`` on ``battle``; with ``resolve`` its Attacks are
    dealt (Appendix C, Schemer Attacks) before its next step, and a Hero Wounded on the way
    (a Juggernaut or Overrun shove into a Trap) has its Wounded Reactions (Wounded 3).
    ``roster`` has the Scheme Blocks a Reinforce step brings in (without one, Reinforce is
    left to the table: the table assistant given no blocks). With ``told`` (the turns
    before this one), every Decision carries as its ``progress`` those turns and this
    Schemer's steps so far (:func:`telling`). A step of printed text is said for the table
    to carry out; with ``special`` it is carried out there, at its place (the table's
    edits), before the next step."""
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
    effects: list[str] = []
    log: list[str] = []
    dealt: list[AttackDone | None] = []
    order: list[tuple[str, int]] = []

    def tell(resolution: Resolution[R]) -> Resolution[R]:
        if told is None:
            return resolution
        # the table as this step begins on every Decision that has none (a Hero's defence):
        # whoever answers sees the board the turn has left so far
        return telling(showing(resolution, battle), (*told, SchemerTurn(
            figure.id, tuple(moves), tuple(attacks), tuple(specials), (), tuple(log),
            tuple(effects), tuple(dealt), tuple(order))))

    for step in scheme.steps:
        if figure.id not in {f.id for f in battle.position.figures}:
            break  # Defeated on the way (a Trap) or by a Hitback
        if isinstance(step, MoveStep):
            before = battle.position
            pause = WoundedPause(battle, figure.id) if resolve else None
            moved = yield from tell(showing(
                schemer_move(before, figure.id, step.points, step.toward, step.leap, rules,
                             pause), battle))
            moves.append(moved)
            if moved.position is not None:
                battle = (pause.after(moved.position) if pause is not None
                          else battle.at(moved.position))
            where = (f"moves to {names[moved.to]} along {' '.join(names[s] for s in moved.path)}"
                     if moved.to != moved.start else f"stays on {names[moved.start]}")
            where += on_spaces(names, moved.spaces)  # a large Schemer: every space
            log.append(f"{figure.id}: {step}: {'; '.join(moved.reasons)}; {where}"
                       + hurt_on_the_way(names, moved.damage, moved.result))
            battle = battle.note(log[-1])
            if len(moved.path) > 1:
                battle = battle.record(Moved(figure.id, moved.path,
                                             "leap" if step.leap else "move",
                                             sprung(moved.result)))
            for aside in shoved(figure.id, moved.result):  # an Overrun's displaced figures
                battle = battle.record(aside)
            flipped = [f for f in newly_wounded(before, battle.position)
                       if f not in battle.wounded_resolved]
            if battle.wounded_resolved:  # most often empty already: no copy
                battle = evolve(battle, wounded_resolved=frozenset())
            if resolve and flipped and battle.reactions:
                battle = yield from tell(wounded_reactions(battle, flipped, figure.id))
        elif isinstance(step, AttackStep):
            plan = yield from tell(showing(
                attack_targets(battle.position, figure.id, step.attack), battle))
            attacks.append(plan)
            order.append(("attack", len(attacks) - 1))
            if not plan.targets:  # one line: no Attack is made (nothing to roll or deal)
                log.append(f"{figure.id} has no target")
                battle = battle.note(log[-1])
                if resolve:
                    dealt.append(None)
                continue
            log.append(f"{figure.id}: {step}: {plan.reason}; attacks {', '.join(plan.targets)}")
            battle = battle.note(log[-1])
            if resolve:
                before = battle.position
                result = yield from tell(schemer_attack(battle, plan))
                battle = result.battle.note(*result.log).attacked(result, before,
                                                                   len(result.log) - 1)
                log.extend(result.log)
                dealt.append(AttackDone(result.damage,
                                        tuple((d.figure, d.lost) for d in result.damaged),
                                        result.defeated, result.log[1:]))
            else:  # planned, not rolled: the Attack's damage as the Scheme says it
                battle = battle.record(Attacked(
                    figure.id, plan.targets, plan.attack.damage,
                    origin=battle.position.figure(figure.id).at,
                    spaces=tuple(battle.position.figure(t).at for t in plan.targets)))
        elif isinstance(step, SpecialStep):
            specials.append(step)
            order.append(("special", len(specials) - 1))
            log.append(f"{figure.id}: {step} (the table carries this out)")
            battle = battle.note(log[-1])
            if special is not None:
                battle = yield from tell(special(battle, figure.id, step))
        else:
            battle, done = yield from tell(_carry_out(battle, figure.id, step, roster))
            effects.append(f"{step}: {done}")
            order.append(("effect", len(effects) - 1))
            log.append(f"{figure.id}: {effects[-1]}")
            battle = battle.note(log[-1])
    return battle, SchemerTurn(figure.id, tuple(moves), tuple(attacks), tuple(specials),
                               (), tuple(log), tuple(effects), tuple(dealt), tuple(order))


def telling(resolution: Resolution[R], progress: tuple[SchemerTurn, ...]) -> Resolution[R]:
    """``resolution`` with ``progress`` (the Schemer turns so far, the last one the turn
    under way) on every Decision it asks: a planned turn stopped at a tie says what was
    already resolved before it."""
    return annotating(resolution, lambda d: evolve(d, progress=progress))


def _carry_out(battle: Battle, figure_id: str,
               step: TokenStep | HealStep | ReinforceStep | DoorStep, roster: Roster | None
               ) -> Resolution[tuple[Battle, str]]:
    """A token, Heal, Reinforce or door step: the battle after it, and what it did (for
    several figures, joined by commas: the log keeps the line whole, :func:`~tales.present.
    log.short` cuts a line at its last semicolon)."""
    position = battle.position
    actor = position.figure(figure_id)
    names = position.board.names
    if isinstance(step, TokenStep):
        given = []
        for figure in step.to.find(position, actor):
            for token, count in step.tokens:
                position, got = give_tokens(position, figure.id, token, count)
                if got:
                    given.append(f"{figure.id} gains {got} {token.rule_name}"
                                 + ("s" if got > 1 else ""))
        return battle.at(position), ", ".join(given) or "nobody gains a token"
    if isinstance(step, HealStep):
        healed = []
        for figure in step.to.find(position, actor):
            position, amount = heal(position, figure.id, step.amount)
            if amount:
                healed.append(f"{figure.id} heals {amount}")
        return battle.at(position), ", ".join(healed) or "nobody heals"
    if isinstance(step, DoorStep):
        board = position.board
        doors = ({board.space(step.door)} if step.door else
                 {d for d in board.linked(actor.at) if board.door[d]})
        shut = sorted(doors & position.closed_doors)
        if not shut:
            return battle, "no closed door"
        position = evolve(position, closed_doors=position.closed_doors - set(shut))
        return battle.at(position), f"the door on {', '.join(names[d] for d in shut)} opens"
    gid = step.group or actor.group
    if roster is None or gid is None or gid not in roster.blocks:
        return battle, "for the table: no Scheme Block to bring them from"
    battle, placed = yield from reinforce(battle, actor, roster.blocks[gid], step.count,
                                          roster.limit(gid))
    return battle, placed


def reinforce(battle: Battle, actor: Figure, block: SchemerGroup, count: int, limit: int
              ) -> Resolution[tuple[Battle, str]]:
    """Reinforce: ``count`` new Schemers of ``block`` come onto Unoccupied spaces next to
    ``actor`` (the table chooses the space when there are more than one), never past the
    group's ``limit``."""
    done: list[str] = []
    for _ in range(count):
        position = battle.position
        members = [f for f in position.figures if f.group == block.id]
        if len(members) >= limit:
            done.append(f"{block.name} is at its Limit of {limit}")
            break
        if block.size > 1:  # its figures take several spaces (tales.rules.large_movement)
            placed = yield from _reinforce_large(battle, actor, block, members)
            if placed is None:
                done.append("no Unoccupied place next to it")
                break
            battle, said = placed
            done.append(said)
            continue
        free = ~position.occupied() & ~position.blocked()
        spaces = tuple(s for s in position.board.linked(actor.at) if free[s])
        if not spaces:
            done.append("no Unoccupied space next to it")
            break
        newcomer = block.new_schemer({f.number for f in members}, spaces[0])
        at = spaces[0] if len(spaces) == 1 else (yield Decision(
            "reinforce-space", f"{newcomer.id} comes in next to {actor.id}: players choose "
            "the space", spaces, Decider.TABLE, actor.id, position=position, battle=battle))
        battle = battle.at(evolve(position, figures=(*position.figures,
                                                      evolve(newcomer, at=at))))
        done.append(f"{newcomer.id} comes in on {position.board.names[at]}")
    return battle, ", ".join(done)


def _reinforce_large(battle: Battle, actor: Figure, block: SchemerGroup, members: list[Figure]
                     ) -> Resolution[tuple[Battle, str] | None]:
    """A newcomer of a group whose figures take several spaces: any free facing with a space
    next to the actor (the table chooses: ``reinforce-placement``)."""
    from tales.board.footprint import shape
    from tales.rules.large_movement import places_next_to

    position = battle.position
    newcomer = block.new_schemer({f.number for f in members}, actor.at,
                                 footprint=shape(position.board.layout, block.shape, block.size))
    options = places_next_to(position, newcomer, position.spaces_of(actor))
    if not options:
        return None
    spaces = tuple(s for s, _ in options)
    chosen = spaces[0] if len(spaces) == 1 else (yield Decision(
        "reinforce-placement", f"{newcomer.id} comes in next to {actor.id}: players choose "
        "where it stands", spaces, Decider.TABLE, actor.id, position=position, battle=battle))
    placed = options[spaces.index(chosen)][1]
    battle = battle.at(evolve(position, figures=(*position.figures, placed)))
    names = position.board.names
    return battle, f"{placed.id} comes in on {' '.join(names[s] for s in chosen)}"


def group_turn(
    position: Position, group: str, scheme: Scheme,
    rules: SchemerRules = DEFAULT_SCHEMER_RULES, roster: Roster | None = None,
    epic: int = 0,
) -> Resolution[GroupTurn]:
    """Every Schemer of ``group`` carries out ``scheme`` on ``position``, one at a time in
    standee order, each Attack dealt before the next step (Appendix C, Schemer Attacks), so
    each Schemer decides on the board as the ones before left it: the table assistant's
    view (``tales schemer turn``, ``tales view``). Its Heroes' defences (Toughness, Shield,
    Evade and Hitback Tokens, ``epic`` Epic Dice in the Epic Pool) are Decisions, and every
    Decision carries the turns so far as its ``progress``. A position file knows no Hero's
    abilities: no Reaction resolves (``tales table`` knows them)."""
    turn = yield from play_group_turn(plan_only(position, epic), group, scheme, rules,
                                      roster=roster, tell=True)
    return turn


def play_group_turn(
    battle: Battle, group: str, scheme: Scheme,
    rules: SchemerRules = DEFAULT_SCHEMER_RULES, resolve: bool = True,
    roster: Roster | None = None, tell: bool | None = None, special: Special | None = None,
) -> Resolution[GroupTurn]:
    """Every Schemer of ``group`` carries out ``scheme`` on ``battle``, one at a time in
    standee order, each seeing the board as the one before left it. A Schemer a Reinforce
    step brings in does not act in this turn (Reinforce: "Newly-added Schemers may act in
    the current round or next"). With ``tell`` (default: when the Attacks are only planned)
    every Decision carries the turns so far (:func:`telling`)."""
    telling_turns = (not resolve) if tell is None else tell
    turns: list[SchemerTurn] = []
    if not any(f.group == group for f in battle.position.figures):
        return GroupTurn(group, scheme.name, (), battle.position, battle)  # all Defeated
    for member in group_members(battle.position, group):
        if member.id not in {f.id for f in battle.position.figures}:
            continue  # Defeated earlier in the turn
        battle, turn = yield from play_schemer_turn(
            battle, member.id, scheme, rules, resolve, roster,
            tuple(turns) if telling_turns else None, special)
        position, gone = remove_defeated(battle.position)  # a Trap on the way may Defeat it
        battle = battle.at(position)
        if gone:
            battle = battle.note(f"Defeated and removed: {', '.join(gone)}")
        turns.append(turn)
    return GroupTurn(group, scheme.name, tuple(turns), battle.position, battle)


@cache
def _plan_dice() -> Dice:
    return load_dice()


def plan_only(position: Position, epic: int = 0) -> Battle:
    """A battle around ``position`` for the table assistant's Schemer turn: ``epic`` Epic
    Dice in the Epic Pool (a pool of at least 3), no Hero abilities, the bundled dice (a
    Schemer's Attack rolls none)."""
    return Battle(position, EpicPool(epic, max(3, epic)), _plan_dice())
