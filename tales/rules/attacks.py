"""Attacks, Appendix C: choose targets, determine damage, deal it, Harm, remove Defeated.

:func:`player_attack` is the player-controlled pipeline (dice, Doom, Epic Dice, Inspire,
Damage Boost, Weaken; Schemers prevent automatically and Hit back). :func:`schemer_attack`
is the Schemer pipeline (fixed damage, boosts and Weaken, Epic Dice for defence, each
target's player deciding Toughness, Shields, Evade and Hitback). Both are resolution
generators over a :class:`Battle`: the position, the Epic Pool, the difficulty, the dice.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from tales.board.burst import BurstTemplate, Placement, covered_foes
from tales.board.figures import Figure, Keyword, Role, Token, is_foe
from tales.board.position import Position
from tales.board.ranges import figure_distances
from tales.errors import IllegalChoice
from tales.evolve import evolve
from tales.journal import Log
from tales.rules.abilities import AbilityState
from tales.rules.damage import DamageRoll, determine_damage
from tales.rules.decisions import Decider, Decision, Resolution, SameOutcome
from tales.rules.dice import Dice
from tales.rules.epic_pool import EpicPool
from tales.rules.forced import forced_line, pull, push
from tales.rules.happened import Attacked, Happened, Moved, hurt_on_the_way
from tales.rules.health import (
    Damaged,
    Prevented,
    controlled_by_players,
    deal,
    disarm,
    give_tokens,
    heal,
    held,
    is_defeated,
    prevent_and_deal,
    remove_defeated,
    spend_tokens,
    take_damage,
    token_holders,
)
from tales.rules.large import DEFAULT_LARGE, LargeRules
from tales.rules.movement import move, reach
from tales.rules.reactions import Reaction, ResetReading, Trigger, react
from tales.rules.schemer_attacks import AttackKind, AttackPlan


class HarmKind(StrEnum):
    """Harm effects the engine applies itself; anything else is text for the table."""

    WEAKEN = "weaken"
    STUN = "stun"
    DISARM = "disarm"
    PUSH = "push"
    PULL = "pull"
    SPLASH = "splash"
    DAMAGE = "damage"
    HEAL = "heal"  # general: the attacker heals
    INSPIRE = "inspire"  # general: one Epic Die to the pool
    TEXT = "text"


@dataclass(frozen=True, slots=True)
class Harm:
    """A Harm effect. ``per_target``: its text says "target" (each damaged target gets it);
    otherwise it happens once (glossary: Harm)."""

    kind: HarmKind
    amount: int = 0
    per_target: bool = True
    text: str = ""


_HARM = re.compile(
    r"^(?P<verb>weaken|stun|disarm|push|pull|splash|heal|inspire|damage)"
    r"(?:\s+(?P<who>target\(?s?\)?))?(?:\s+(?P<n>\d+))?(?:\s+damage)?$")


def parse_harm(text: str | None) -> tuple[Harm, ...]:
    """Read Harm text such as ``"Push target 1. Weaken target 1."`` into effects.

    Each sentence is one effect; a sentence that is not one of the forms above is kept as
    text for the table (per target when it says "target").

    >>> [(h.kind.value, h.amount, h.per_target) for h in parse_harm("Push target 2. Inspire.")]
    [('push', 2, True), ('inspire', 0, False)]
    """
    effects: list[Harm] = []
    for sentence in re.split(r"\.\s*", text or ""):
        words = " ".join(sentence.split())
        if not words:
            continue
        match = _HARM.match(words.lower())
        says_target = "target" in words.lower()
        if match is None:
            effects.append(Harm(HarmKind.TEXT, 0, says_target, words))
            continue
        kind = HarmKind(match.group("verb"))
        amount = int(match.group("n") or (1 if kind in (HarmKind.STUN, HarmKind.INSPIRE)
                                          else 0))
        per_target = says_target or kind is HarmKind.SPLASH
        effects.append(Harm(kind, amount, per_target, words))
    return tuple(effects)


@dataclass(frozen=True, slots=True)
class CombatRules:
    """Readings of ambiguous combat rules (docs/rules-decisions.md, Combat)."""

    hitback_damage: int = 2
    reset_tokens: ResetReading = ResetReading.TURN
    large: LargeRules = DEFAULT_LARGE  # Push/Pull/Grab/Place of large figures (large_forced)
    same_outcome: SameOutcome = SameOutcome.SKIP  # a question that changes nothing


@dataclass(frozen=True)
class Battle:
    """What an Attack needs beyond the board: the Epic Pool, difficulty and dice, and the
    Heroes' abilities (their Cooldown and Charge Tokens, what was discarded, their
    Reactions, their reminder-card limits such as ``illusions``)."""

    position: Position
    pool: EpicPool
    dice: Dice
    legend: bool = False
    rules: CombatRules = CombatRules()
    abilities: Mapping[str, tuple[AbilityState, ...]] = field(default_factory=dict)
    discarded: frozenset[tuple[str, str]] = frozenset()
    reactions: tuple[Reaction, ...] = ()
    limits: Mapping[str, int] = field(default_factory=dict)
    log: Sequence[str] = ()  # a Log once a line is noted (append-only, shared)
    averting: frozenset[str] = frozenset()  # figures whose Reaction Averts Harm right now
    sealed_doors: frozenset[int] = frozenset()  # doors only the scenario's events open (Door)
    # figures whose Wounded Reactions a paused Move already resolved in the current step
    wounded_resolved: frozenset[str] = frozenset()
    # what happened on the map, as data beside the log (tales.rules.happened)
    events: tuple[Happened, ...] = ()

    def at(self, position: Position) -> Battle:
        """This battle with the board and figures of ``position``."""
        if position is self.position:  # most often: itself (an immutable value), no copy
            return self
        return evolve(self, position=position)

    def note(self, *lines: str) -> Battle:
        """This battle with ``lines`` added to its log (appended to the shared log, not
        copied: see :mod:`tales.journal`)."""
        return evolve(self, log=Log.of(self.log).add(*lines))

    def record(self, event: Happened, lines_back: int = 0) -> Battle:
        """This battle with ``event`` kept, placed beside the log line ``lines_back`` lines
        before the end (0: the last one)."""
        line = max(len(self.log) - 1 - lines_back, 0)
        return evolve(self, events=(*self.events, evolve(event, line=line)))

    def attacked(self, result: AttackResult, before: Position, lines_back: int = 0
                 ) -> Battle:
        """This battle with ``result``'s Attack kept (:class:`~tales.rules.happened.Attacked`);
        ``before``: the board as the Attack began (where attacker and targets stood)."""
        where = {f.id: f.at for f in before.figures}
        lost = tuple((d.figure, d.lost) for d in result.damaged)
        battle = self.record(Attacked(result.attacker, result.targets, result.damage, lost,
                                      result.roll, where.get(result.attacker),
                                      tuple(where.get(t, -1) for t in result.targets)),
                             lines_back)
        for figure in self.position.figures:  # moved by it: a Push or Pull, an Evade's Leap
            start = where.get(figure.id)
            if start is not None and start != figure.at:
                battle = battle.record(Moved(figure.id, (start, figure.at), "moved by the "
                                             "Attack"), lines_back)
        return battle


@dataclass(frozen=True)
class HeroAttack:
    """A player-controlled Attack: ``[Type]: Attack [Damage] [Target]`` (Appendix C)."""

    kind: AttackKind
    dice: int = 0
    fixed: int = 0
    targets: int = 1
    range: int | None = None
    burst: BurstTemplate | None = None
    harm: tuple[Harm, ...] = ()
    splash: int = 0


@dataclass(frozen=True)
class AttackResult:
    """Everything an Attack did, in order, and the battle after it."""

    battle: Battle
    attacker: str
    targets: tuple[str, ...]
    damage: int
    roll: DamageRoll | None = None
    prevented: tuple[Prevented, ...] = ()
    damaged: tuple[Damaged, ...] = ()
    averted: tuple[str, ...] = ()
    splashed: tuple[Damaged, ...] = ()
    defeated: tuple[str, ...] = ()
    log: tuple[str, ...] = field(default=())


# The kinds legal_targets tells apart, read once: in Python 3.11 a member read on its enum
# goes through the enum class's attribute hook (~70 ns a read; asked for every ability
# weighed, issue 19)
_MELEE = AttackKind.MELEE
_RANGED = AttackKind.RANGED


@dataclass(frozen=True, slots=True)
class AttackDice:
    """What a player-controlled Attack rolls and adds, worked out once for the Attack and
    for its odds (:func:`attack_dice`): Damage Dice (the printed ones and any extra, e.g.
    Backstab), Epic Dice added, fixed damage, whether the Doom Die is rolled (a Foe with
    Doom or Legend difficulty), the Damage Boost Tokens the attacker may spend and its
    Weaken Tokens. ``targets``: whom it is made against; ``extra``: the Damage Dice of
    ``yellow`` beyond the printed ones (Backstab)."""

    attacker: str
    targets: tuple[str, ...]
    yellow: int
    epic: int
    fixed: int
    doom: bool
    legend: bool
    boosts: int
    weaken: int
    extra: int = 0


def attack_dice(position: Position, attacker: Figure, attack: HeroAttack,
                targets: Sequence[Figure], extra_dice: int = 0, epic: int = 0,
                legend: bool = False) -> AttackDice:
    """The dice and tokens of ``attacker``'s Attack on ``targets`` (Appendix C, step 2)."""
    # Damage Boost Token: "Can be used by Heroes and their controlled figures": an Ally,
    # an Illusion or Pooky may discard its controller's too; Weaken is the attacker's own
    return AttackDice(attacker.id, tuple(f.id for f in targets), attack.dice + extra_dice,
                      epic, attack.fixed,
                      legend or any(Keyword.DOOM in f.keywords for f in targets), legend,
                      held(position, attacker.id, Token.DAMAGE_BOOST),
                      attacker.token(Token.WEAKEN), extra_dice)


def legal_targets(position: Position, attacker: Figure, attack: HeroAttack) -> list[Figure]:
    """Foes a player-controlled Melee or Ranged Attack may target (Appendix C, step 1)."""
    foes = [f for f in position.figures if is_foe(attacker, f)]
    if attack.kind is _MELEE:
        return [f for f in foes if position.adjacent(attacker, f)]
    if attack.kind is _RANGED:
        reach_ = attack.range or 0
        return [f for f, d in figure_distances(position, attacker, foes) if d <= reach_]
    raise ValueError("a Burst Attack's targets come from a template placement")


def _choose_targets(
    position: Position, attacker: Figure, attack: HeroAttack,
    chosen: Sequence[str] | Placement,
) -> list[Figure]:
    if attack.kind is AttackKind.BURST:
        if not isinstance(chosen, Placement):
            raise IllegalChoice("a Burst Attack takes a template placement")
        return covered_foes(position, attacker, chosen)
    if isinstance(chosen, Placement):
        raise IllegalChoice("only a Burst Attack takes a template placement")
    legal = {f.id: f for f in legal_targets(position, attacker, attack)}
    if len(set(chosen)) != len(chosen) or not 1 <= len(chosen) <= attack.targets:
        raise IllegalChoice(f"choose 1 to {attack.targets} different targets")
    for target in chosen:
        if target not in legal:
            raise IllegalChoice(f"{target} is not a legal target of {attacker.id}'s "
                                f"{attack.kind.value} Attack (legal: "
                                f"{', '.join(sorted(legal)) or 'none'})")
    return [legal[t] for t in chosen]


def player_attack(
    battle: Battle, attacker_id: str, attack: HeroAttack,
    targets: Sequence[str] | Placement, extra_dice: int = 0,
) -> Resolution[AttackResult]:
    """A player-controlled Attack, Appendix C steps 1-5 (``extra_dice``: e.g. Backstab)."""
    attacker = battle.position.figure(attacker_id)
    chosen = _choose_targets(battle.position, attacker, attack, targets)
    return (yield from _attack_with_dice(battle, attacker, attack, chosen, extra_dice))


def counter_attack(
    battle: Battle, defender_id: str, attack: HeroAttack, trigger_id: str
) -> Resolution[AttackResult]:
    """Counter Attack: an Attack against the triggering figure; it ignores Range."""
    defender = battle.position.figure(defender_id)
    trigger = battle.position.figure(trigger_id)
    if not is_foe(defender, trigger):
        raise IllegalChoice(f"{trigger_id} is not a Foe of {defender_id}")
    return (yield from _attack_with_dice(battle, defender, attack, [trigger], 0))


def _attack_with_dice(
    battle: Battle, attacker: Figure, attack: HeroAttack, chosen: list[Figure],
    extra_dice: int,
) -> Resolution[AttackResult]:
    position = battle.position
    against = ", ".join(f.id for f in chosen) or "nobody"
    log: list[str] = [f"{attacker.id} attacks {against}"]
    planned = attack_dice(position, attacker, attack, chosen, extra_dice,
                          legend=battle.legend)
    pool = battle.pool
    if pool.dice:
        epic = yield Decision("empower", f"{attacker.id} attacks {against}: add how many "
                              "Epic Dice from the Epic Pool?", tuple(range(pool.dice + 1)),
                              Decider.PLAYER, attacker.id, position=battle.position, battle=battle,
                              detail=planned)
        pool = pool.take(epic)
        planned = evolve(planned, epic=epic)
    rolled = yield from determine_damage(
        battle.dice, attacker.id, planned.yellow, planned.epic, planned.fixed, planned.doom,
        planned.legend, pool.dice, planned.boosts, planned.weaken, against)
    position = spend_tokens(position, token_holders(position, attacker), Token.DAMAGE_BOOST,
                            rolled.boost)
    tokens = dict(position.figure(attacker.id).tokens)
    tokens[Token.WEAKEN] = 0
    position = position.with_figure(position.figure(attacker.id).with_tokens(tokens))
    since = battle.position
    if rolled.self_damage:
        # Doom Die: "causes unavoidable damage": no Shield or Toughness against it
        log.append(f"Doom: {attacker.id} takes {rolled.self_damage} damage")
        position, hurt = deal(position, attacker.id, rolled.self_damage)
        if hurt.wounded and battle.reactions:
            # Wounded 3: the Attack pauses for the attacker's Wounded Reactions, now
            battle = yield from _wounded_reactions(evolve(battle, position=position,
                                                           pool=pool), [attacker.id],
                                                   attacker.id)
            position, pool, since = battle.position, battle.pool, battle.position
    if rolled.inspired and not pool.full:  # Inspire: "No effect if the Epic Pool is full"
        pool = pool.inspire()
        log.append("Inspire: an Epic Die is added to the Epic Pool")
    log.append(f"damage {rolled.total}")
    start = {f.id: f.at for f in position.figures}
    result = yield from _deal_to_targets(
        evolve(battle, position=position, pool=pool), attacker.id, [f.id for f in chosen],
        rolled.total, attack.harm, attack.splash, start, log, by_player=True,
        since=since)
    return evolve(result, roll=rolled)


def schemer_attack(battle: Battle, plan: AttackPlan) -> Resolution[AttackResult]:
    """A Schemer's Attack (Appendix C, Schemer Attacks, steps 2-5) on ``plan``'s targets."""
    position = battle.position
    attacker = position.figure(plan.attacker)
    if not plan.targets:
        # no target, no Attack: "If a figure with Weaken Tokens does not attack on its turn,
        # it keeps its Weaken Tokens" (Weaken Token 2)
        return AttackResult(battle, attacker.id, (), 0, log=(f"{attacker.id} has no target",))
    boosts = attacker.token(Token.DAMAGE_BOOST)
    weaken = attacker.token(Token.WEAKEN)
    damage = max(plan.attack.damage + boosts - weaken, 0)
    tokens = dict(attacker.tokens)
    tokens[Token.DAMAGE_BOOST] = 0
    tokens[Token.WEAKEN] = 0
    position = position.with_figure(attacker.with_tokens(tokens))
    log = [f"{attacker.id} attacks {', '.join(plan.targets) or 'nobody'} for {damage}"]
    pool = battle.pool
    if plan.targets and pool.dice and damage > 0:
        spend = yield Decision(
            "epic-defence", f"{attacker.id} attacks for {damage}: discard how many Epic Dice "
            "(-2 damage to every target each)?", tuple(range(pool.dice + 1)), Decider.TABLE,
            position=position, battle=battle)
        if spend:
            pool = pool.take(spend)
            damage = max(damage - 2 * spend, 0)
            log.append(f"{spend} Epic Dice discarded: damage {damage}")
    start = {f.id: f.at for f in position.figures}
    return (yield from _deal_to_targets(
        evolve(battle, position=position, pool=pool), attacker.id, list(plan.targets), damage,
        parse_harm(plan.attack.harm), plan.attack.splash, start, log, by_player=False))


def _deal_to_targets(
    battle: Battle, attacker_id: str, targets: list[str], damage: int,
    harm: tuple[Harm, ...], splash: int, start: dict[str, int], log: list[str],
    by_player: bool, since: Position | None = None,
) -> Resolution[AttackResult]:
    """Steps 3-5: deal damage to each target, reactions, Harm, Splash, remove Defeated.

    ``since``: the position before the Attack began (a Doom Die may have Wounded the
    attacker already); every figure Wounded since then gets its Wounded Reactions."""
    since = since or battle.position
    if battle.reactions:
        battle = yield from _attacked_reactions(battle, attacker_id, targets)
    position = battle.position
    pool = battle.pool
    prevented: list[Prevented] = []
    damaged: list[Damaged] = []
    averted: list[str] = []
    for target_id in targets:
        if target_id not in {f.id for f in position.figures}:
            continue
        position, stopped, hurt, sprung = yield from take_damage(position, target_id, damage,
                                                                 "an Attack")
        prevented.append(stopped)
        log.extend(sprung)
        if not position.has_figure(target_id):  # a Trap sprung Defeated it: removed at once
            damaged.append(hurt)
            log.append(f"{target_id} is Defeated and removed")
            continue
        damaged.append(hurt)
        if stopped.toughness:
            log.append(f"{target_id} discards a Toughness Token: no damage, no Harm")
        elif stopped.shields:
            log.append(f"{target_id} discards {stopped.shields} Shield Token"
                       + ("" if stopped.shields == 1 else "s"))
        if hurt.lost > 0:
            log.append(f"{target_id} loses {hurt.lost} Fortitude"
                       + (" and is Wounded" if hurt.wounded else "")
                       + (" and is Defeated" if hurt.defeated else ""))
            position, avert = yield from _react(battle, position, attacker_id, target_id, log)
            if avert:
                averted.append(target_id)
            if battle.reactions:
                battle = yield from react(evolve(battle, position=position, pool=pool),
                                          Trigger.DAMAGED, target_id, attacker_id)
                position, pool = battle.position, battle.pool
                if target_id in battle.averting and target_id not in averted:
                    averted.append(target_id)
    wounded = [d.figure for d in damaged if d.wounded]
    if battle.reactions and wounded:
        battle = yield from _wounded_reactions(evolve(battle, position=position, pool=pool),
                                               wounded, attacker_id)
        position, pool = battle.position, battle.pool
    lost = [d.figure for d in damaged if d.lost > 0]
    harmed = [t for t in lost if t not in averted]
    pause = WoundedPause(evolve(battle, position=position, pool=pool), attacker_id)
    position, pool = yield from _apply_harm(position, pool, attacker_id, harmed, harm, start,
                                            targets, log, by_player, pause,
                                            battle.rules.large)
    battle = evolve(pause.after(position), pool=pool)
    wounded += pause.handled
    splashed: list[Damaged] = []
    if splash and attacker_id in {f.id for f in position.figures}:
        for victim in _splash_victims(position, attacker_id, targets, start, targets):
            position, hit = yield from prevent_and_deal(position, victim, splash, "Splash")
            splashed.append(hit)
            log.append(f"Splash: {victim} takes {hit.lost}")
    later = [f for f in newly_wounded(since, position) if f not in wounded]
    if battle.reactions and later:
        battle = yield from _wounded_reactions(evolve(battle, position=position, pool=pool),
                                               later, attacker_id)
        position, pool = battle.position, battle.pool
    position, gone = remove_defeated(position)
    if gone:
        log.append(f"Defeated and removed: {', '.join(gone)}")
    return AttackResult(evolve(battle, position=position, pool=pool, averting=frozenset(),
                                wounded_resolved=frozenset()),
                        attacker_id,
                        tuple(targets), damage, None, tuple(prevented), tuple(damaged),
                        tuple(averted), tuple(splashed), tuple(gone), tuple(log))


def _attacked_reactions(battle: Battle, attacker_id: str, targets: list[str]
                        ) -> Resolution[Battle]:
    """"Attacked" Reactions of each target, then "friend attacked" ones of their Friends."""
    for target_id in targets:
        battle = yield from react(battle, Trigger.ATTACKED, target_id, attacker_id)
    for figure in battle.position.figures:
        if figure.id in targets:
            continue
        if any(t in {f.id for f in battle.position.figures}
               and not is_foe(figure, battle.position.figure(t)) for t in targets):
            battle = yield from react(battle, Trigger.FRIEND_ATTACKED, figure.id, attacker_id)
    return battle


def newly_wounded(before: Position, after: Position) -> list[str]:
    """Figures on their Wounded side in ``after`` that were Fresh (or absent) in ``before``."""
    was = {f.id: f.wounded for f in before.figures}
    return [f.id for f in after.figures if f.wounded and not was.get(f.id, False)]


def wounded_reactions(battle: Battle, wounded: list[str], source_id: str
                      ) -> Resolution[Battle]:
    """Wounded Reactions of figures flipped by something other than an Attack's damage."""
    return (yield from _wounded_reactions(battle, wounded, source_id))


class WoundedPause:
    """Wounded 3 for whatever moves figures space by space: "If a figure becomes Wounded
    while resolving an ability or Scheme, pause the resolution process ... Resolve any
    Reactions that trigger upon becoming Wounded." Pass it as the ``pause`` of a Move or a
    Forced Movement; it resolves the Wounded Reactions where the figure flipped (before the
    next space) and keeps the battle they leave (their costs, the log) in ``battle``.
    ``handled`` lists the figures whose Reactions it has resolved."""

    def __init__(self, battle: Battle, source_id: str) -> None:
        self.battle = battle
        self.source_id = source_id
        self.handled: list[str] = []

    def __call__(self, position: Position, flipped: list[str]) -> Resolution[Position]:
        self.handled.extend(flipped)
        if not self.battle.reactions:
            return position
        self.battle = yield from _wounded_reactions(self.battle.at(position), flipped,
                                                    self.source_id)
        return self.battle.position

    def after(self, position: Position) -> Battle:
        """The battle at ``position`` with what the paused Reactions did besides moving; the
        figures they were for are in its ``wounded_resolved``."""
        return evolve(self.battle.at(position), wounded_resolved=(
            self.battle.wounded_resolved | frozenset(self.handled)))


def _wounded_reactions(battle: Battle, wounded: list[str], attacker_id: str
                       ) -> Resolution[Battle]:
    """Wounded (4): every Hero wounded by the same Attack has flipped already; their
    Wounded Reactions resolve in the order the players choose."""
    order: tuple[str, ...] = tuple(wounded)
    if len(wounded) > 1:
        order = yield Decision("wounded-order", "several Heroes were Wounded: in which order "
                               "do their Wounded Reactions resolve?",
                               tuple(itertools.permutations(wounded)), Decider.TABLE)
    for figure_id in order:
        battle = yield from react(battle, Trigger.WOUNDED, figure_id, attacker_id)
    return battle


def _react(
    battle: Battle, position: Position, attacker_id: str, target_id: str, log: list[str],
) -> Resolution[tuple[Position, bool]]:
    """Reactions to "An Attack damages you": Evade and Hitback Tokens (glossary)."""
    target = position.figure(target_id)
    # the attacker may be gone already (a Counter Attack to an earlier target Defeated it)
    attacker = next((f for f in position.figures if f.id == attacker_id), None)
    averted = False
    holders = token_holders(position, target)  # its controller's tokens serve it too
    hitbacks = held(position, target_id, Token.HITBACK)
    # "Avoided Figures: If an Avoided figure attacks a Foe with a Hitback Token, the Foe does
    # not hit back"; Pooky likewise, Avoided or not (Hitback Token, Special Cases)
    hit_back = (hitbacks and attacker is not None and Keyword.AVOIDED not in attacker.keywords
                and attacker.kind is not Role.POOKY)
    if controlled_by_players(target):
        evades = held(position, target_id, Token.EVADE)
        if evades:
            use = yield Decision("evade", f"{target_id} was damaged: discard how many Evade "
                                 "Tokens (Avert Harm, Leap 2 each)?", tuple(range(evades + 1)),
                                 Decider.PLAYER, target_id)
            if use:
                position = spend_tokens(position, holders, Token.EVADE, use)
                averted = True
                position = yield from _evade_leap(position, target_id, 2 * use, log)
        use_hitback = 0
        if hit_back:
            use_hitback = yield Decision(
                "hitback", f"{target_id} was damaged: discard how many Hitback Tokens (Avert "
                f"Harm, the attacker takes {battle.rules.hitback_damage} each)?",
                tuple(range(hitbacks + 1)), Decider.PLAYER, target_id)
    else:
        use_hitback = hitbacks if hit_back else 0  # a Schemer uses all of them
    if use_hitback:
        position = spend_tokens(position, holders, Token.HITBACK, use_hitback)
        averted = True
        for _ in range(use_hitback):
            position, hurt = yield from prevent_and_deal(position, attacker_id,
                                              battle.rules.hitback_damage, "Hitback")
            log.append(f"Hitback: {attacker_id} takes {hurt.lost}")
    return position, averted


def _evade_leap(position: Position, figure_id: str, points: int, log: list[str]
                ) -> Resolution[Position]:
    """Evade: the summed Leap; where to is the figure's player's choice."""
    options = tuple(reach(position, figure_id, points, leap=True).costs)
    to = yield Decision("evade-leap", f"{figure_id} Evades: Leap {points} to which space?",
                        options, Decider.PLAYER, figure_id, position=position)
    moved = yield from move(position, figure_id, to, points, leap=True)
    names = position.board.names
    log.append(f"{figure_id} Evades to {names[to]}"
               + hurt_on_the_way(names, moved.damage, moved))  # a Trap it lands on
    return moved.position


def _splash_victims(
    position: Position, attacker_id: str, around: list[str], start: dict[str, int],
    targets: list[str],
) -> list[str]:
    """Foes of the attacker next to ``around`` (where they stood when attacked), not targets;
    a Schemer never touches Avoided figures (glossary: Avoided)."""
    attacker = position.figure(attacker_id)
    board = position.board
    spots = {s for t in around if t in start for s in _stood(position, t, start[t])}
    victims = []
    for figure in position.figures:
        if figure.id in targets or not is_foe(attacker, figure):
            continue
        if not attacker.heroic and Keyword.AVOIDED in figure.keywords:
            continue
        here = _stood(position, figure.id, start.get(figure.id, figure.at))
        if any(h == s or board.adjacent(h, s) for h in here for s in spots):
            victims.append(figure.id)
    return victims


def _stood(position: Position, figure_id: str, anchor: int) -> tuple[int, ...]:
    """The spaces a figure covered with its anchor on ``anchor`` (Large figures: all of
    them; a figure no longer on the map: the anchor)."""
    if not position.has_figure(figure_id):
        return (anchor,)
    figure = position.figure(figure_id)
    return position.spaces_of(evolve(figure, at=anchor)) if figure.footprint else (anchor,)


#: Harm effects that move their target.
MOVES_TARGET = frozenset({HarmKind.PUSH, HarmKind.PULL})

#: Harm effects that act from the attacker (its space, its Fortitude).
NEEDS_ATTACKER = frozenset({HarmKind.PUSH, HarmKind.PULL, HarmKind.SPLASH, HarmKind.HEAL})


def _apply_harm(
    position: Position, pool: EpicPool, attacker_id: str, harmed: list[str],
    harm: tuple[Harm, ...], start: dict[str, int], targets: list[str], log: list[str],
    by_player: bool, pause: WoundedPause | None = None, large: LargeRules = DEFAULT_LARGE,
) -> Resolution[tuple[Position, EpicPool]]:
    """Step 4: Harm effects, each target form per harmed target, general forms once. A
    target Defeated by this Attack still takes its Harm before step 5 removes it, except a
    Push or Pull: a figure about to be removed is not moved (docs/rules-decisions.md)."""
    if not harm or not harmed:
        return position, pool
    order = harm
    if len(harm) > 1:
        order = yield Decision(
            "harm-order", "players choose the order of the Harm effects",
            tuple(itertools.permutations(harm)),
            Decider.PLAYER if by_player else Decider.TABLE, attacker_id)
    for effect in order:
        if effect.kind in NEEDS_ATTACKER and attacker_id not in {f.id for f in position.figures}:
            # a Reaction (a Counter Attack) removed the attacker: nothing to push or heal from
            log.append(f"Harm, {effect.text}: {attacker_id} is no longer on the map")
            continue
        if not effect.per_target:
            position, pool = _general_harm(position, pool, attacker_id, effect, log)
            continue
        if effect.kind is HarmKind.SPLASH:
            for victim in _splash_victims(position, attacker_id, harmed, start, targets):
                position, hit = yield from prevent_and_deal(position, victim, effect.amount,
                                                            "Splash")
                log.append(f"Harm, Splash: {victim} takes {hit.lost}")
            continue
        for target_id in harmed:
            if not position.has_figure(target_id):
                continue
            if effect.kind in MOVES_TARGET and is_defeated(position.figure(target_id)):
                log.append(f"Harm, {effect.text}: {target_id} is Defeated, nothing to move")
                continue
            position = yield from _target_harm(position, attacker_id, target_id, effect,
                                               log, pause, large)
    return position, pool


def _general_harm(position: Position, pool: EpicPool, attacker_id: str, effect: Harm,
                  log: list[str]) -> tuple[Position, EpicPool]:
    if effect.kind is HarmKind.INSPIRE:
        log.append("Harm: Inspire")
        return position, pool.inspire()
    if effect.kind is HarmKind.HEAL:
        position, healed = heal(position, attacker_id, effect.amount)
        log.append(f"Harm: {attacker_id} heals {healed}")
        return position, pool
    log.append(f"Harm (for the table): {effect.text}")
    return position, pool


def _target_harm(position: Position, attacker_id: str, target_id: str, effect: Harm,
                 log: list[str], pause: WoundedPause | None = None,
                 large: LargeRules = DEFAULT_LARGE) -> Resolution[Position]:
    kind = effect.kind
    if kind in (HarmKind.WEAKEN, HarmKind.STUN):
        token = Token.WEAKEN if kind is HarmKind.WEAKEN else Token.STUN
        position, given = give_tokens(position, target_id, token, effect.amount)
        log.append(f"Harm: {target_id} gains {given} {token.rule_name}"
                   + ("" if given == 1 else "s"))
    elif kind is HarmKind.DISARM:
        position, lost = yield from disarm(position, target_id, effect.amount)
        log.append(f"Harm: {target_id} discards {lost} Power Tokens")
    elif kind in (HarmKind.PUSH, HarmKind.PULL):
        forced = push if kind is HarmKind.PUSH else pull
        result = yield from forced(position, attacker_id, target_id, effect.amount, pause,
                                   large)
        position = result.position
        log.append(f"Harm: {forced_line(position, target_id, kind.value, result)}")
    elif kind is HarmKind.DAMAGE:
        position, hit = yield from prevent_and_deal(position, target_id, effect.amount, "Harm")
        log.append(f"Harm: {target_id} takes {hit.lost}")
    else:
        log.append(f"Harm on {target_id} (for the table): {effect.text}")
    return position
