"""Abilities as data: the effect steps of Hero mats, cards, Items and Power Tokens.

An :class:`Ability` has a kind (Action, Shenanigan, Reaction, Setup), a cost (Cooldown
Tokens, a Charge Token, or discarding it) and effect steps carried out in order; a step
marked ``may`` is optional (glossary: Ability). :func:`activate` pays the cost and runs the
steps as a resolution: every choice (where to move, whom to attack, whether to use a "may")
is a Decision for the Hero's player.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from tales.board.burst import BurstTemplate, Placement, covered_foes, placements
from tales.board.figures import Figure, Keyword, Role, Token, is_foe, is_friend
from tales.board.position import Position
from tales.errors import IllegalChoice, TalesError
from tales.evolve import evolve
from tales.rules.abilities import (
    AbilityState,
    Source,
    fatigue,
    invigorate,
    recharge,
    side_showing,
    spend_charge,
)
from tales.rules.attacks import (
    AttackDice,
    AttackResult,
    Battle,
    HeroAttack,
    WoundedPause,
    attack_dice,
    counter_attack,
    legal_targets,
    newly_wounded,
    player_attack,
    wounded_reactions,
)
from tales.rules.characters import (
    backstab,
    can_hold_token,
    place_trap,
    place_wizard_fire,
    summon_illusion,
    summon_zot,
)
from tales.rules.decisions import Decider, Decision, MoveDetail, Resolution
from tales.rules.dice import dice_count
from tales.rules.forced import forced_line, grab, place, pull, push
from tales.rules.happened import Moved, Sprung, hurt_on_the_way, sprung
from tales.rules.health import (
    disarm,
    give_tokens,
    heal,
    held,
    prevent_and_deal,
    remove_defeated,
    spend_tokens,
    token_holders,
)
from tales.rules.movement import move, reach
from tales.rules.reactions import Reaction, Trigger, unusable
from tales.rules.schemer_attacks import AttackKind
from tales.rules.spaces import Entry, enter


class Kind(StrEnum):
    """What using an ability takes (glossary: Action, Shenanigan, Reaction)."""

    ACTION = "action"
    SHENANIGAN = "shenanigan"
    REACTION = "reaction"
    SETUP = "setup"


class CostKind(StrEnum):
    """How an ability is paid for (glossary: Cooldown, Charge, Discard Ability)."""

    FREE = "free"
    COOLDOWN = "cooldown"
    CHARGE = "charge"
    DISCARD = "discard"


class Verb(StrEnum):
    """The effect steps the engine carries out. Anything else is a load error."""

    MOVE = "move"
    LEAP = "leap"
    ATTACK = "attack"
    COUNTER_ATTACK = "counter_attack"
    PUSH = "push"
    PULL = "pull"
    GRAB = "grab"
    PLACE = "place"
    FATIGUE = "fatigue"
    HEAL = "heal"
    GAIN = "gain"
    GIVE = "give"
    WEAKEN = "weaken"
    STUN = "stun"
    DISARM = "disarm"
    INVIGORATE = "invigorate"
    RECHARGE = "recharge"
    INSPIRE = "inspire"
    ILLUSION = "illusion"
    WIZARD_FIRE = "wizard_fire"
    TRAP = "trap"
    OPEN_DOOR = "open_door"
    AVERT_HARM = "avert_harm"
    SUMMON_ZOT = "summon_zot"
    SUMMON_ALLY = "summon_ally"
    RAMPAGE = "rampage"
    SCENARIO = "scenario"


class Whom(StrEnum):
    """Who or what an effect step picks."""

    SELF = "self"
    FOE = "foe"
    FRIEND = "friend"
    SPACE = "space"
    DOOR = "door"


@dataclass(frozen=True, slots=True)
class Aim:
    """A step's target rule: ``self``, ``adjacent foe``, ``foe within 3``, ``friend within
    2``, ``space within 3``, ``adjacent door`` (adjacent = within 1)."""

    whom: Whom = Whom.SELF
    within: int = 1

    def __str__(self) -> str:
        if self.whom is Whom.SELF:
            return "self"
        if self.within == 1:
            return f"adjacent {self.whom.value}"
        return f"{self.whom.value} within {self.within}"


_AIM = re.compile(r"^(?:(adjacent)\s+)?(foe|friend|space|door)(?:\s+within\s+(\d+))?$")


def parse_aim(text: str) -> Aim:
    """Read a target rule (see :class:`Aim`); a target that is not text (``target = 2`` in
    a file) is not understood either."""
    words = " ".join(text.lower().split()) if isinstance(text, str) else ""
    if words == "self":
        return Aim()
    match = _AIM.match(words)
    if match is None or (match.group(1) and match.group(3)):
        raise TalesError(f"target {text!r} is not understood (write self, adjacent foe, foe "
                         "within N, friend within N, space within N, adjacent door)")
    within = 1 if match.group(1) or not match.group(3) else int(match.group(3))
    return Aim(Whom(match.group(2)), within)


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect step."""

    verb: Verb
    amount: int = 0
    may: bool = False
    aim: Aim = Aim()
    attack: HeroAttack | None = None
    backstab: int = 0
    tokens: tuple[tuple[Token, int], ...] = ()
    damage: int = 0
    text: str = ""
    summon: Figure | None = None  # summon_ally: the Ally as it comes onto the map


@dataclass(frozen=True, slots=True)
class Cost:
    """An ability's cost: ``amount`` Cooldown Tokens, a Charge Token, or discarding it."""

    kind: CostKind = CostKind.FREE
    amount: int = 0


@dataclass(frozen=True)
class Ability:
    """An ability printed on a mat, card, Item or Ally (glossary: Ability)."""

    name: str
    kind: Kind
    effects: tuple[Effect, ...]
    cost: Cost = Cost()
    trigger: Trigger | None = None
    source: Source = Source.CARD
    charges: int | None = None  # the Setup Flag's Charge Tokens
    setup_tokens: tuple[tuple[Token, int], ...] = ()
    side: str | None = None  # mat abilities of one side only: "fresh" or "wounded"
    card: str | None = None  # the card it is printed on

    def on_side(self, figure: Figure) -> bool:
        """Printed on the side of the mat the figure shows now (glossary: Fresh, Wounded)."""
        return side_showing(self.side, figure.wounded)


def reaction(figure_id: str, ability: Ability) -> Reaction:
    """The :class:`Reaction` that lets ``figure_id``'s player use ``ability`` on its Trigger."""
    assert ability.trigger is not None

    def run(battle: Battle, _figure: str, source: str) -> Resolution[Battle]:
        return (yield from activate(battle, figure_id, ability, trigger=source))

    return Reaction(figure_id, ability.name, ability.trigger, run, ability.side)


def equip(battle: Battle, figure_id: str, abilities: tuple[Ability, ...],
          supply: str | None = None) -> Battle:
    """Give a Hero its abilities for this game: their starting Cooldown and Charge Token
    states, its Reactions, and the Power Tokens of its Setup Flags (glossary: Setup Flag),
    those to ``supply`` when given (an Ally's go to its Hero, whose tokens it spends)."""
    states = tuple(ability_state(a) for a in abilities)
    reactions = tuple(reaction(figure_id, a) for a in abilities
                      if a.kind is Kind.REACTION and a.trigger is not None)
    position = battle.position
    for ability in abilities:
        for token, count in ability.setup_tokens:
            position, _ = give_tokens(position, supply or figure_id, token, count)
    return evolve(battle.at(position),
                   abilities={**battle.abilities, figure_id: states},
                   reactions=(*battle.reactions, *reactions))


def ability_state(ability: Ability) -> AbilityState:
    """The starting state of an ability: its Setup Flag's Charge Tokens, no Cooldown."""
    pool = ability.card if ability.charges is not None else None
    return AbilityState(ability.name, ability.source, 0, ability.charges or 0, ability.charges,
                        pool)


def activate(
    table: Battle, hero_id: str, ability: Ability, trigger: str | None = None
) -> Resolution[Battle]:
    """Pay ``ability``'s cost and carry out its effects in order (Action: "Flip an Action
    tile, choose an Action, pay the cost, and carry out the ability"). ``trigger``: for a
    Reaction, the figure that set it off (a Counter Attack's target)."""
    states = list(table.abilities.get(hero_id, ()))
    index = next((i for i, s in enumerate(states) if s.name == ability.name), None)
    why = unusable(table, hero_id, ability.name, ability.side)
    if why:
        raise IllegalChoice(why)
    overcharge = held(table.position, hero_id, Token.OVERCHARGE)
    cost = ability.cost
    if cost.kind is CostKind.COOLDOWN and index is not None:
        states[index] = evolve(states[index], cooldown=states[index].cooldown + cost.amount)
    elif cost.kind is CostKind.CHARGE and index is not None:
        use_overcharge = states[index].charges == 0
        if not use_overcharge and overcharge:
            use_overcharge = yield Decision(
                "overcharge", f"{hero_id}: use an Overcharge Token instead of a Charge Token?",
                (False, True), Decider.PLAYER, hero_id)
        if use_overcharge:
            holders = token_holders(table.position, table.position.figure(hero_id))
            table = table.at(spend_tokens(table.position, holders, Token.OVERCHARGE, 1))
        else:
            states = list(spend_charge(tuple(states), index))
    elif cost.kind is CostKind.DISCARD:
        table = evolve(table, discarded=table.discarded | {(hero_id, ability.name)})
    table = evolve(table, abilities={**table.abilities, hero_id: tuple(states)})
    table = table.note(f"{hero_id} uses {ability.name}")
    for effect in ability.effects:
        if effect.may:
            use = yield Decision("may", f"{hero_id}, {ability.name}: {describe(effect)}?",
                                 (True, False), Decider.PLAYER, hero_id)
            if not use:
                continue
        if hero_id not in {f.id for f in table.position.figures}:
            break
        before = table.position
        table = yield from carry_out(table, hero_id, effect, trigger)
        # a Move or Forced Movement paused already for those it Wounded on the way
        flipped = [f for f in newly_wounded(before, table.position)
                   if f not in table.wounded_resolved]
        if table.wounded_resolved:  # most effects marked none: no copy
            table = evolve(table, wounded_resolved=frozenset())
        if flipped and effect.verb is not Verb.ATTACK and table.reactions:
            # Wounded 3: "If a figure becomes Wounded while resolving an ability ... Resolve
            # any Reactions that trigger upon becoming Wounded" (a Trap on the way, say)
            table = yield from wounded_reactions(table, flipped, hero_id)
        position, gone = remove_defeated(table.position)
        table = table.at(position)  # a Companion Defeated flips rather than leaving
        if gone:  # Defeated: "Figure is removed from the map if damage equals or exceeds
            table = table.note(f"Defeated and removed: {', '.join(gone)}")
    return table


def describe(effect: Effect) -> str:
    """An effect step in words."""
    attack = effect.attack
    if attack is not None:
        if effect.verb is Verb.COUNTER_ATTACK:
            return "Counter Attack on the triggering Foe, " + describe(
                evolve(effect, verb=Verb.ATTACK))
        kind = {AttackKind.MELEE: "Melee",
                AttackKind.RANGED: f"Ranged {attack.range}" if attack.range else "Ranged",
                AttackKind.BURST: f"Burst {attack.burst.name if attack.burst else ''}"}
        # "Attack 2 dice", "Attack 2 dice + 1", a fixed Attack "Attack 1 damage"
        rolled = (dice_count(attack.dice) if attack.dice
                  else "")
        fixed = (f" + {attack.fixed}" if rolled else f"{attack.fixed} damage"
                 ) if attack.fixed or not rolled else ""
        parts = [f"{kind[attack.kind]}: Attack {rolled}{fixed}"]
        if attack.targets > 1:
            parts.append(f"up to {attack.targets} targets")
        if effect.backstab:
            parts.append(f"Backstab +{effect.backstab} dice")
        if attack.splash:
            parts.append(f"Splash {attack.splash}")
        parts.extend(f"Harm: {h.text}" for h in attack.harm)
        return ", ".join(parts)
    if effect.tokens:
        tokens = ", ".join(f"{c} {t.rule_name}{'' if c == 1 else 's'}"
                           for t, c in effect.tokens)
        article = "an" if str(effect.aim)[:1] in "aeiou" else "a"
        aim = f" to {article} {effect.aim}" if effect.aim.whom is not Whom.SELF else ""
        return f"{effect.verb.value} {tokens}{aim}"
    amount = f" {effect.amount}" if effect.amount else ""
    aim = f" ({effect.aim})" if effect.aim.whom is not Whom.SELF else ""
    return f"{effect.verb.value.replace('_', ' ')}{amount}{aim}"


def _candidates(table: Battle, actor: Figure, aim: Aim) -> list[Figure]:
    position = table.position
    # Range X (Position.within_range) read at each space of a figure (a large one has
    # several): a mask of the whole board costs more than the few spaces asked (issue 19)
    sight, x = position.line_of_fire_field(actor.at), aim.within
    pick = is_foe if aim.whom is Whom.FOE else is_friend
    return [f for f in position.figures if pick(actor, f) and
            (any(0 <= sight[s] <= x for s in position.spaces_of(f))
             or (x >= 1 and position.adjacent(actor, f)))]


def _pick_figure(table: Battle, actor: Figure, aim: Aim, why: str) -> Resolution[str | None]:
    if aim.whom is Whom.SELF:
        return actor.id
    options = tuple(sorted(f.id for f in _candidates(table, actor, aim)))
    if not options:
        return None
    chosen: str = yield Decision("effect-target", f"{actor.id}: {why}: choose the {aim}",
                                 options, Decider.PLAYER, actor.id,
                                 position=table.position, battle=table)
    return chosen


def _pick_space(table: Battle, actor: Figure, aim: Aim, why: str,
                ok: list[int]) -> Resolution[int | None]:
    inside = table.position.within_range(actor.at, aim.within)
    options = tuple(s for s in ok if inside[s])
    if not options:
        return None
    chosen: int = yield Decision("effect-space", f"{actor.id}: {why}: choose a space",
                                 options, Decider.PLAYER, actor.id,
                                 position=table.position, battle=table)
    return chosen


def carry_out(table: Battle, hero_id: str, effect: Effect, trigger: str | None = None
              ) -> Resolution[Battle]:
    """Carry out one effect step for ``hero_id`` (``trigger``: see :func:`activate`)."""
    actor = table.position.figure(hero_id)
    verb = effect.verb
    names = table.position.board.names
    if verb in (Verb.MOVE, Verb.LEAP):
        leap = verb is Verb.LEAP
        options = tuple(reach(table.position, hero_id, effect.amount, leap=leap).costs)
        to = yield Decision("move-to", f"{hero_id}: {describe(effect)}: to which space?",
                            options, Decider.PLAYER, hero_id,
                            position=table.position, battle=table,
                            detail=MoveDetail(effect.amount, leap))
        pause = WoundedPause(table, hero_id)
        moved = yield from move(table.position, hero_id, to, effect.amount, leap=leap,
                                pause=pause)
        hurt = hurt_on_the_way(names, moved.damage, moved)  # its own Trap, Hazard ...
        if moved.defeated:
            after = pause.after(moved.position).note(
                f"{hero_id} {verb.value}s onto {names[moved.path[-1]]}{hurt} and is "
                "Defeated there")
        else:
            after = pause.after(moved.position).note(
                f"{hero_id} {verb.value}s to {names[to]}{hurt}")
        return (after.record(Moved(hero_id, moved.path, verb.value, sprung(moved)))
                if len(moved.path) > 1 else after)
    if verb is Verb.ATTACK:
        assert effect.attack is not None
        result = yield from _attack(table, actor, effect)
        if result is None:
            return table.note(f"{hero_id}: {describe(effect)}: no legal target")
        return result.battle.note(*result.log).attacked(result, table.position,
                                                        len(result.log) - 1)
    if verb is Verb.COUNTER_ATTACK:
        # Counter Attack: "Reaction allowing an Attack against a triggering figure. Ignores
        # Range; targets the triggering figure directly."
        assert effect.attack is not None
        foe = next((f for f in table.position.figures if f.id == trigger), None)
        if foe is None or not is_foe(actor, foe):
            return table.note(f"{hero_id}: {describe(effect)}: no triggering Foe on the map")
        result = yield from counter_attack(table, hero_id, effect.attack, foe.id)
        return result.battle.note(*result.log).attacked(result, table.position,
                                                        len(result.log) - 1)
    if verb in (Verb.PUSH, Verb.PULL, Verb.GRAB):
        target = yield from _pick_figure(table, actor, effect.aim, describe(effect))
        if target is None:
            return table.note(f"{describe(effect)}: no target")
        pause = WoundedPause(table, hero_id)
        if verb is Verb.GRAB:
            forced = yield from grab(table.position, hero_id, target, pause, table.rules.large)
        else:
            shove = push if verb is Verb.PUSH else pull
            forced = yield from shove(table.position, hero_id, target, effect.amount, pause,
                                      table.rules.large)
        after = pause.after(forced.position).note(
            f"{hero_id}: {forced_line(forced.position, target, verb.value, forced)}")
        return (after.record(Moved(target, forced.path, verb.value, sprung(forced)))
                if forced.moved else after)
    if verb is Verb.PLACE:
        target = yield from _pick_figure(table, actor, effect.aim, describe(effect))
        if target is None:
            return table.note(f"{describe(effect)}: no target")
        board = table.position.board
        free = ~table.position.occupied(ignoring=target) & ~table.position.blocked()
        if table.position.figure(target).large:  # where all of it fits, facing kept
            from tales.rules.large_forced import place_anchors

            free = place_anchors(table.position, table.position.figure(target))
        near = table.position.within_range(actor.at, max(effect.amount, 0))
        spaces = tuple(s for s in range(board.n) if free[s] and near[s])
        if not spaces:
            return table.note(f"{describe(effect)}: no Unoccupied space")
        to = yield Decision("place-space", f"{hero_id}: Place {target} where?", spaces,
                            Decider.PLAYER, hero_id, position=table.position, battle=table)
        pause = WoundedPause(table, hero_id)
        placed = yield from place(table.position, target, to, pause, table.rules.large)
        return pause.after(placed.position).note(
            f"{hero_id}: {forced_line(placed.position, target, 'place', placed)}")
    if verb is Verb.FATIGUE:
        target = yield from _pick_figure(table, actor, effect.aim, describe(effect))
        if target is None or table.position.figure(target).kind is not Role.HERO:
            return table.note("Fatigue affects only Heroes")  # Fatigue X, Limitations
        states = yield from fatigue(table.abilities.get(target, ()), target,
                                    max(effect.amount, 1))
        return evolve(table, abilities={**table.abilities, target: states}).note(
            f"{target} is Fatigued {max(effect.amount, 1)}")
    if verb is Verb.HEAL:
        target = yield from _pick_figure(table, actor, effect.aim, describe(effect))
        if target is None:
            return table
        position, healed = heal(table.position, target, effect.amount)
        return table.at(position).note(f"{target} heals {healed}")
    if verb in (Verb.GAIN, Verb.GIVE, Verb.WEAKEN, Verb.STUN):
        target = yield from _pick_figure(table, actor, effect.aim, describe(effect))
        if target is None:
            return table
        tokens = effect.tokens or ((Token.WEAKEN if verb is Verb.WEAKEN else Token.STUN,
                                    max(effect.amount, 1)),)
        position = table.position
        for token, count in tokens:
            position, given = give_tokens(position, target, token, count)
            table = table.note(f"{target} gains {given} {token.rule_name}")
        return table.at(position)
    if verb is Verb.DISARM:
        target = yield from _pick_figure(table, actor, effect.aim, describe(effect))
        if target is None:
            return table
        position, lost = yield from disarm(table.position, target, effect.amount)
        return table.at(position).note(f"{target} discards {lost} Power Tokens")
    if verb in (Verb.INVIGORATE, Verb.RECHARGE):
        states = table.abilities.get(hero_id, ())
        change = invigorate if verb is Verb.INVIGORATE else recharge
        states = yield from change(states, hero_id, max(effect.amount, 1))
        return evolve(table, abilities={**table.abilities, hero_id: states}).note(
            f"{hero_id}: {describe(effect)}")
    if verb is Verb.INSPIRE:
        return evolve(table, pool=table.pool.inspire()).note(
            "Inspire: an Epic Die to the Epic Pool")
    if verb is Verb.ILLUSION:
        taken = {f.id for f in table.position.figures}
        new_id = next(f"illusion{n}" for n in range(1, len(taken) + 2)
                      if f"illusion{n}" not in taken)
        position = yield from summon_illusion(
            table.position, hero_id, new_id, actor.at,
            effect.aim.within, table.limits.get("illusions", 2))
        return table.at(position).note(f"{hero_id} summons an Illusion")
    if verb in (Verb.WIZARD_FIRE, Verb.TRAP):
        board = table.position.board
        ok = [s for s in range(board.n) if can_hold_token(table.position, s)
              and not table.position.is_blocked(s)]
        space = yield from _pick_space(table, actor, effect.aim, describe(effect), ok)
        if space is None:
            return table.note(f"{describe(effect)}: no space")
        if verb is Verb.TRAP:
            position = place_trap(table.position, space, effect.damage or 1)
        else:
            position = yield from place_wizard_fire(
                table.position, hero_id, space, effect.damage or
                table.limits.get("wizard_fire_damage", 1), table.limits.get("wizard_fire", 3))
        return table.at(position).note(f"{describe(effect)} on {names[space]}")
    if verb is Verb.AVERT_HARM:
        return evolve(table, averting=table.averting | {hero_id}).note(
            f"{hero_id} Averts Harm")
    if verb is Verb.RAMPAGE:
        return (yield from _rampage(table, actor, effect))
    if verb is Verb.SUMMON_ALLY:
        assert effect.summon is not None
        if effect.summon.id in {f.id for f in table.position.figures}:
            return table.note(f"{effect.summon.id} is already on the map")
        board = table.position.board
        free = ~table.position.occupied() & ~table.position.blocked()
        space = yield from _pick_space(table, actor, effect.aim, describe(effect),
                                       [s for s in range(board.n) if free[s]])
        if space is None:
            return table.note(f"{describe(effect)}: no Unoccupied space")
        ally = evolve(effect.summon, at=space, owner=hero_id, role=Role.ALLY)
        position = evolve(table.position, figures=(*table.position.figures, ally))
        return table.at(position).note(f"{hero_id} summons {ally.id} to {names[space]}")
    if verb is Verb.SUMMON_ZOT:
        zot = next((f.id for f in table.position.figures if f.id == actor.owner), "zot")
        position = yield from summon_zot(table.position, zot, hero_id)
        return table.at(position).note(f"{hero_id} summons {zot}")
    if verb is Verb.OPEN_DOOR:
        if actor.kind is Role.POOKY:
            return table.note("Pooky cannot open doors")
        inside = doors_in_reach(table, actor, effect)
        if not inside:
            return table.note("no closed door in reach")
        door = inside[0]
        if len(inside) > 1:
            door = yield Decision("open-door", f"{hero_id}: open which door?",
                                  tuple(sorted(inside)), Decider.PLAYER, hero_id,
                                  position=table.position, battle=table)
        position = evolve(table.position, closed_doors=table.position.closed_doors - {door})
        return table.at(position).note(f"{hero_id} opens the door on {names[door]}")
    return table.note(f"{hero_id}: {effect.text or describe(effect)} (for the table)")


STOP = "stop"


def doors_in_reach(table: Battle, actor: Figure, effect: Effect) -> list[int]:
    """The closed doors an "open door" step of ``actor`` can open (not those only the
    scenario's events open), within the step's reach."""
    position = table.position
    doors = [d for d in position.closed_doors - table.sealed_doors
             if position.board.adjacent(actor.at, d)
             or position.line_of_fire(actor.at, d) is not None]
    return [d for d in doors if position.board.plain_distance(actor.at, d) <= effect.aim.within]


def _rampage(table: Battle, actor: Figure, effect: Effect) -> Resolution[Battle]:
    """Rampage N (Pooky's Scheme, as this engine's samples write it): a Leap of up to N
    spaces, one space at a time, the player choosing each step (backtracking allowed);
    every Foe in a space he enters takes ``damage``, once. Appendix A, Scheme Notes:
    "If Pooky starts on a Foe, the Foe takes damage only if Pooky backtracks during his
    Leap" -- the starting space counts only when he enters it again.

    Zot's Pooky cannot "trigger Traps, open doors, or enter spaces with door tokens"
    (Appendix A); Companion Pooky "triggers Traps and Hazards, and can open doors"
    (Appendix B): door spaces are open to him, and the space his Leap ends on does what a
    landing does (a Trap there springs; the spaces passed do nothing, as in any Leap)."""
    board = table.position.board
    names = board.names
    here = actor.at
    hit: set[str] = set()
    path = [here]
    position = table.position
    no_doors = actor.kind is Role.POOKY
    for _ in range(max(effect.amount, 0)):
        blocked = position.blocked() | board.door if no_doors else position.blocked()
        steps = tuple(names[s] for s in board.linked(here) if not blocked[s])
        step = yield Decision("rampage-step", f"{actor.id} rampages: next space?",
                              (*steps, STOP), Decider.PLAYER, actor.id, position=position,
                              battle=table.at(position), detail=tuple(path))
        if step == STOP:
            break
        here = board.space(step)
        path.append(here)
        position = position.with_figure(evolve(position.figure(actor.id), at=here))
        for figure in position.figures_at(here):
            if figure.id not in hit and is_foe(actor, figure):
                hit.add(figure.id)
                position, _ = yield from prevent_and_deal(position, figure.id,
                                                          effect.damage or 1, "Rampage")
    landing = position.figure(actor.id)
    if position.is_occupied(here, ignoring=actor.id) and Keyword.TINY not in landing.keywords:
        raise IllegalChoice(f"{actor.id} must end the Leap on an Unoccupied space")
    line = f"{actor.id} rampages to {names[here]}" + (
        f", hitting {', '.join(sorted(hit))}" if hit else "")
    landed: tuple[Sprung, ...] = ()
    if here != actor.at:
        pause = WoundedPause(table.at(position), actor.id)
        position, events = yield from enter(position, actor.id, here, Entry.LEAP_LAND, pause)
        table = pause.after(position)
        line += "".join(f"; the {e.what.replace('-', ' ')} on {names[e.space]} deals "
                        f"{e.damage} to {actor.id}" for e in events)
        landed = tuple(Sprung(e.what, e.figure, e.space, e.damage) for e in events)
    table = table.at(position).note(line)
    return table.record(Moved(actor.id, tuple(path), "rampage", landed)) if len(path) > 1 \
        else table


def _attack(table: Battle, actor: Figure, effect: Effect
            ) -> Resolution[AttackResult | None]:
    attack = effect.attack
    assert attack is not None
    position = table.position
    if attack.kind is AttackKind.BURST:
        assert attack.burst is not None
        options_b = tuple(burst_placements(position, actor, attack.burst, attack.range or 1))
        if not options_b:
            return None
        placement = yield Decision("burst-placement", f"{actor.id}: place the Burst template",
                                   options_b, Decider.PLAYER, actor.id,
                                   position=table.position, battle=table, detail=effect)
        covered = covered_foes(position, actor, placement)
        extra_b = backstab_dice(position, actor, effect, covered)
        return (yield from player_attack(table, actor.id, attack, placement, extra_b))
    legal = sorted(f.id for f in legal_targets(position, actor, attack))
    if not legal:
        return None
    options = tuple(c for n in range(1, attack.targets + 1)
                    for c in itertools.combinations(legal, n))
    chosen = yield Decision("attack-targets", f"{actor.id}: choose the targets",
                            options, Decider.PLAYER, actor.id,
                            position=table.position, battle=table, detail=effect)
    extra = backstab_dice(position, actor, effect, [position.figure(t) for t in chosen])
    return (yield from player_attack(table, actor.id, attack, list(chosen), extra))


def backstab_dice(position: Position, actor: Figure, effect: Effect,
                  targets: Sequence[Figure]) -> int:
    """The Damage Dice Backstab adds to ``effect``'s Attack on ``targets``: its +N if every
    target meets a condition (Appendix A), else none."""
    if not effect.backstab:
        return 0
    return effect.backstab if backstab(position, actor, list(targets)).applies else 0


def planned_attack(position: Position, actor: Figure, effect: Effect,
                   targets: Sequence[Figure], epic: int = 0, legend: bool = False
                   ) -> AttackDice:
    """What ``effect``'s Attack on ``targets`` will roll and add, as :func:`_attack` makes
    it (Backstab's dice, then :func:`attack_dice`): the Attack's odds read it."""
    assert effect.attack is not None
    return attack_dice(position, actor, effect.attack, targets,
                       backstab_dice(position, actor, effect, targets), epic, legend)



def burst_placements(
    position: Position, actor: Figure, template: BurstTemplate, within: int
) -> list[Placement]:
    """Every placement of a Burst template anchored within ``within`` of the attacker, in
    every rotation, that covers at least one of its Foes."""
    inside = position.within_range(actor.at, within)
    found: list[Placement] = []
    for anchor in (int(s) for s in inside.nonzero()[0]):
        for placement in placements(position.board, template, anchor):
            if covered_foes(position, actor, placement) and actor.at not in placement.spaces:
                found.append(placement)
    return found
