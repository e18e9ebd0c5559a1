"""Rule cases for Attacks (Appendix C, both pipelines) and the Epic Pool (Appendix E).

Each row drives one Attack with scripted dice and answers (:mod:`tests.cases._combat`) and
pins what the rules say must come of it, worked out by hand: targets, damage, the Decisions
asked in order, every figure's damage and tokens afterwards, the Epic Pool, the log.

Maps. ``LANE`` is one row ``A1 B1 C1 D1 E1 F1 G1``: each space touches only its left and
right neighbour, so Line of Fire distances are column differences. ``HEX`` is two rows:

    A1 B1 C1 D1 E1     A1: B1 A2           B1: A1 C1 A2 B2    C1: B1 D1 B2 C2
     A2 B2 C2 D2 E2    D1: C1 E1 C2 D2     E1: D1 D2 E2       B2: A2 C2 B1 C1
                       D2: C2 E2 D1 E1     A2: A1 B1 B2

With the Wall ``A1|B1`` on ``HEX``, Line of Fire from A1 to B1 goes A1 A2 B1: 2.

Figures. ``h`` is a Hero (Fortitude 6, Wounded side 8) on A1 unless said otherwise; ``s`` a
Schemer (Fortitude 20) on B1. The dice are the bundled ones (faces in ``_combat``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from tales.board.burst import load_bursts, placements
from tales.board.figures import Token
from tales.board.position import Position
from tales.errors import IllegalChoice
from tales.rules.attacks import (
    AttackResult,
    HeroAttack,
    counter_attack,
    parse_harm,
    player_attack,
    schemer_attack,
)
from tales.rules.damage import TAKE_DOOM, RemoveDie
from tales.rules.decisions import Decider, Resolution
from tales.rules.dice import Face
from tales.rules.schemer_attacks import AttackKind, AttackPlan, SchemerAttack
from tests.build import positioned

from ._build import Rule, case
from ._combat import (
    BLANK,
    CRIT,
    DOOM,
    EPIC_CRIT,
    EPIC_INSPIRE,
    INSPIRE,
    ONE,
    THREE,
    TWO,
    Choice,
    Script,
    battle,
    foe,
    hero_,
    run,
    space,
    state,
)

LANE = ". . . . . . ."
LANE_PILLAR = ". # . . . . ."
HEX = """
    . . . . .
     . . . . .
"""
BURSTS = load_bursts()

Expect = dict[str, Any]


# --- figures and positions ------------------------------------------------------------------



def lane(*figures: dict[str, object], walls: tuple[str, ...] = (), grid: str = LANE
         ) -> Position:
    return positioned(grid, *figures, walls=walls)


def hexes(*figures: dict[str, object], walls: tuple[str, ...] = ()) -> Position:
    return positioned(HEX, *figures, walls=walls)


def duel(h: dict[str, Any] | None = None, s: dict[str, Any] | None = None) -> Position:
    """``h`` on A1 and ``s`` on B1, adjacent, with extra keys for each."""
    return lane(hero_(**(h or {})), foe(**(s or {})))


def facing(h: dict[str, Any] | None = None, s: dict[str, Any] | None = None) -> Position:
    """A Schemer ``s`` on B1 and the Hero ``h`` on C1: room to Leap both ways."""
    return lane(foe(**(s or {})), hero_("h", "C1", **(h or {})))


# --- attacks ------------------------------------------------------------------------------

def melee(dice: int = 0, fixed: int = 0, targets: int = 1, harm: str = "", splash: int = 0
          ) -> HeroAttack:
    return HeroAttack(AttackKind.MELEE, dice, fixed, targets, None, None, parse_harm(harm),
                      splash)


def ranged(reach: int, dice: int = 0, fixed: int = 1, targets: int = 1) -> HeroAttack:
    return HeroAttack(AttackKind.RANGED, dice, fixed, targets, reach)


def burst(template: str, fixed: int = 1, harm: str = "", splash: int = 0) -> HeroAttack:
    return HeroAttack(AttackKind.BURST, 0, fixed, 1, None, BURSTS[template], parse_harm(harm),
                      splash)


def scheme(damage: int, targets: int = 1, harm: str | None = None) -> SchemerAttack:
    return SchemerAttack(AttackKind.MELEE, damage, targets, None, harm)


@dataclass(frozen=True)
class Burst:
    """Where a Burst Attack's template goes: its anchor space and rotation number."""

    anchor: str
    rotation: int = 0


@dataclass(frozen=True)
class Play:
    """A player-controlled Attack (a Counter Attack when ``counter``) and its script."""

    position: Position | None
    attack: HeroAttack
    targets: tuple[str, ...] | Burst = ("s",)
    attacker: str = "h"
    pool: int = 0
    size: int = 3
    legend: bool = False
    hitback: int = 2
    extra_dice: int = 0
    counter: bool = False
    rolls: tuple[Face, ...] = ()
    choices: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class Scheme:
    """A Schemer's Attack on ``targets`` and the players' answers."""

    position: Position | None
    attack: SchemerAttack
    targets: tuple[str, ...] = ("h",)
    attacker: str = "s"
    pool: int = 0
    choices: tuple[Choice, ...] = field(default=())


def _answers(position: Position, choices: tuple[Choice, ...]) -> list[Choice]:
    """Scripted answers, with an ``evade-leap`` space given by name turned into its index."""
    return [(k, space(position, a) if k == "evade-leap" else a) for k, a in choices]


def _start(row: Play | Scheme, position: Position) -> Resolution[AttackResult]:
    if isinstance(row, Scheme):
        plan = AttackPlan(row.attack, row.attacker, row.targets, "scripted")
        return schemer_attack(battle(position, row.pool), plan)
    fight = battle(position, row.pool, row.size, row.legend, row.hitback)
    if row.counter:
        assert isinstance(row.targets, tuple)
        return counter_attack(fight, row.attacker, row.attack, row.targets[0])
    chosen: Any = row.targets
    if isinstance(row.targets, Burst):
        template = row.attack.burst or BURSTS["line3"]  # a template even for a non-Burst
        chosen = placements(position.board, template,
                            space(position, row.targets.anchor))[row.targets.rotation]
    return player_attack(fight, row.attacker, row.attack, chosen, row.extra_dice)


def attack(row: Play | Scheme, position: Position | None = None) -> tuple[AttackResult, Script]:
    """Carry out ``row`` on ``position`` (else its own), with its rolls and answers."""
    where = position if position is not None else row.position
    assert where is not None
    rolls = row.rolls if isinstance(row, Play) else ()
    result, script = run(_start(row, where), rolls, _answers(where, row.choices))
    return result, script


def observe(result: AttackResult, script: Script, expect: Expect) -> Expect:
    """What the Attack did, for each key of ``expect``."""
    position = result.battle.position
    names = position.board.names
    got: Expect = {}
    for key, want in expect.items():
        if key == "damage":
            got[key] = result.damage
        elif key == "kinds":
            got[key] = script.kinds
        elif key == "pool":
            got[key] = result.battle.pool.dice
        elif key == "states":
            got[key] = {f: state(position, f) for f in want}
        elif key == "at":
            got[key] = {f: names[position.figure(f).at] for f in want}
        elif key == "wounded":
            got[key] = {f: (position.figure(f).wounded, position.figure(f).fortitude)
                        for f in want}
        elif key == "log":
            got[key] = result.log
        elif key in ("targets", "averted", "defeated"):
            got[key] = getattr(result, key)
        elif key == "splashed":
            got[key] = tuple(d.figure for d in result.splashed)
        elif key == "options":
            got[key] = {k: tuple(names[o] if k == "evade-leap" else o
                                 for o in script.decision(k).options) for k in want}
        elif key == "decider":
            got[key] = {k: script.decision(k).decider for k in want}
        else:
            raise KeyError(key)
    return got


# --- passages ----------------------------------------------------------------------------

APPENDIX_C = "Appendix C – Attacks"
APPENDIX_E = "Appendix E The Epic Pool"
MELEE = "Melee : Target up to X adjacent Foes."
RANGED = ("Ranged : Target up to X Foes within the specified Range. Line of Fire may twist "
          "around obstacles but is blocked by Impassable spaces and Walls.")
BURST = ("Burst : Target any number of Foes within the Attack’s burst template, rotating the "
         "template to the desired orientation. Friends in the burst template are not "
         "affected.")
DICE_COUNT = ("Resolve any effects altering the number of Damage Dice (e.g., Gerki’s "
              "Backstab).")
FIXED = "Take the appropriate number of Damage Dice (zero for fixed-damage Attacks)."
DOOM_DIE = "At Legend difficulty or against a Foe with the Doom icon, include the Doom Die."
DOOM_ICON = ("If the Doom Die shows a Doom icon, either remove a yellow Damage Die or take 1 "
             "damage (2 at Legend difficulty).")
CRIT_STEP = "For each Critical Hit, add 1 to total damage and reroll the Critical Hit die."
INSPIRE_STEP = ("If no Epic Dice were included and the number of Inspire icons exceeds the "
                "Epic Dice in the Epic Pool, add one Epic Die to the Pool.")
TOTAL = "Calculate total damage from damage icons rolled plus any fixed damage."
BOOST = "Discard any Damage Boost Tokens to add 1 damage per token."
WEAKEN = ("Reduce total damage by the number of Weaken Tokens (minimum 0) and discard all "
          "Weaken Tokens.")
DEAL = ("Deal calculated damage to each target. Schemers use Toughness Tokens or Shield "
        "Tokens to prevent damage, as applicable.")
HARM_STEP = ("If any target took damage and the Attack includes a Harm effect, resolve it. If "
             "Harm affects “target(s)”, it applies to each damaged target that did not Ignore "
             "it. If it does not specify “target(s)”, it applies once if at least one target "
             "was damaged.")
HARM_PREVENTED = "If all damage was prevented, Harm \\ effects do not happen."
REMOVE = "Remove any figure whose accumulated damage equals or exceeds its Fortitude."
S_BOOST = "Add 1 damage per discarded Damage Boost Token."
S_WEAKEN = "Subtract 1 damage per discarded Weaken Token (minimum 0)."
S_PREVENT = "Player-controlled targets may use Toughness or Shield Tokens to prevent damage."
EMPOWER = ("Timing: When you Attack, before determining damage, you may take any number of "
           "Epic Dice from the Epic Pool and add them to your roll.")
EPIC_FIXED = ("Fixed Damage Attacks: For Attacks that deal a fixed amount of damage and don’t "
              "normally roll Damage Dice, roll only the Epic Dice and add their resulting "
              "damage to the fixed damage of your Attack.")
EPIC_DOOM = "Doom Die Interaction: Epic Dice cannot be removed from a roll by the Doom Die."
EPIC_INSPIRE_IGNORED = ("Ignoring Inspire Icons: When using Epic Dice in an Empowered Attack, "
                        "ignore any Inspire icons rolled on the Epic Dice.")
EPIC_COUNT = ("Triggering Epic Dice: Whenever you roll yellow Damage Dice and the roll does "
              "not include any Epic Dice, count the number of Inspire icons () rolled.")
EPIC_ADD = ("Adding an Epic Die: If the number of Inspire icons exceeds the current number "
            "of Epic Dice in the Epic Pool, add one Epic Die to the pool before dealing "
            "damage.")
EPIC_DEFENCE = ("Damage Reduction: For each Epic Die discarded in this way, reduce the amount "
                "of damage the Attack deals to all targets by 2.")
EPIC_MULTI = ("Multi-Target Attacks: If two or more figures are the targets of a Schemer’s "
              "Attack, each target receives the damage reduction.")
HB_ALL = ("Multiple Tokens: If a Schemer has Hitback Tokens, it will use all of them when it "
          "takes damage from an Attack.")
HB_INSTANCES = ("Multiple Instances: If multiple Hitback Tokens are discarded in response to "
                "a single Attack, the attacker takes @ damage for each token discarded as "
                "separate instances.")
HB_MITIGATE = ("Mitigation: The attacker cannot mitigate Hitback damage with an Epic Die, "
               "Evade Token, or another Hitback Token. However, they can use a Shield Token "
               "or Toughness Token to avoid the damage.")
HB_AVOIDED = ("Avoided Figures: If an Avoided figure attacks a Foe with a Hitback Token, the "
              "Foe does not hit back and retains the Hitback Token.")
HB_POOKY = ("Pooky: If Pooky attacks a Schemer with a Hitback Token, the Schemer does not hit "
            "back. It keeps its Hitback Token, and Pooky takes no damage.")
HB_NEEDS_DAMAGE = ("Damage Requirement: The figure must take damage from an Attack to use a "
                   "Hitback Token. If all the damage is prevented (e.g., with Shield or "
                   "Toughness Tokens), the figure cannot use the Hitback Token.")
HB_LETHAL = ("Lethal Damage: If a figure with a Hitback Token takes lethal damage from an "
             "Attack, it will use the Hitback Token(s) before being Defeated.")
HB_EXCEPTIONS = ("Exceptions: Weaken Tokens and Damage Boosts do not affect the damage dealt "
                 "by Hitback Tokens.")
HB_EFFECT = "Effect: You Avert Harm , and the attacker takes @ damage."
HB_NON_ATTACK = ("Non-Attack Damage: Damage from sources other than direct Attacks (e.g., "
                 "Eve’s “Sleight of Mind” or Splash) does not trigger Hitback.")
EVADE_EFFECT = "Effect: You Avert Harm \\ and may Leap ; 2."
EVADE_DAMAGE = ("Taking Damage: You must take damage from an Attack to use an Evade Token. If "
                "you prevent all of the damage with Shield or Toughness Tokens, you cannot "
                "use the Evade Token.")
EVADE_SUM = ("Multiple Tokens: If you discard multiple Evade Tokens in response to a single "
             "Attack, the Leap ; values are summed into a single Leap ; effect.")
SPLASH_EFFECT = ("Effect: Deal = damage to each Foe that is adjacent to the target(s) of the "
                 "Attack and was not itself a target of the Attack.")
SPLASH_FRIENDS = ("Friendly Fire: Splash does not affect Friends of the attacker, even if they "
                  "are adjacent to one of the Attack’s targets.")
SPLASH_HARM = ("If a Harm effect includes Splash, the Splash affects all Foes adjacent to a "
               "target that lost Fortitude and did not Ignore the Harm with an Avert Harm "
               "effect.")
SPLASH_EVADE = ("If the target of an Attack with Splash moves in response to the Attack with "
                "an Evade Token, and the Splash was not a Harm effect, the Splash targets are "
                "determined from where the target was when they were attacked, not where they "
                "ended up.")
SHIELD_SCHEMER = ("When a Schemer would be dealt damage from any source, it discards Shield "
                  "Tokens until the damage is reduced to 0 or the Shield Tokens are "
                  "exhausted.")
SHIELD_BOTH = ("If a Schemer has both Toughness Tokens and Shield Tokens, it discards a "
               "Toughness Token and keeps its Shield Tokens.")
SHIELD_PLAYER = ("When a player-controlled figure would be dealt damage, the figure’s owner "
                 "may discard any number of Shield Tokens to reduce the damage.")
SHIELD_HARM = ("If using Shield Tokens reduces the damage from an Attack to 0 or less, it "
               "prevents Harm effects from triggering.")
TOUGH_PLAYER = ("When a player-controlled figure would be dealt damage, the player may choose "
                "to discard a Toughness Token to prevent the damage.")
TOUGH_ONCE = ("Toughness Tokens prevent only one instance of damage. For example, if a Hero is "
              "being attacked by multiple Schemers in the same Schemer Group, a Toughness "
              "Token can only prevent damage from one of those Attacks.")
HARM_TARGET = ("Including “target” or “target(s)”: If the Harm effect includes the word "
               "“target” or “target(s)”, the effect applies to each target that lost "
               "Fortitude and did not Ignore the Harm with an Avert Harm effect.")
HARM_ONCE = ("Single Instance: A Harm effect of this type does not provide multiple benefits, "
             "even if the Attack damaged multiple targets.")
HARM_ORDER = ("Order of Application: If an Attack somehow gains multiple Harm effects, all of "
              "them apply in the order of the players’ choice.")
AVERT_ALL = "Harm effects not using “target” do not happen if all figures Avert Harm."
WOUNDED_FLIP = ("When a figure takes damage equal to or greater than their Fortitude, they "
                "flip from their Fresh side to their Wounded side.")
WOUNDED_EXCESS = ("Any excess damage from the attack or effect that caused the figure to "
                  "become Wounded is ignored and does not carry over to the Wounded side.")


# --- rows: player-controlled Attacks --------------------------------------------------------

THREE_ROUND_B2 = hexes(hero_("h", "B2"), foe("s1", "A2"), foe("s2", "C2"), foe("s3", "B1"))
BURST_LANE = lane(hero_(), foe("s1", "B1"), hero_("h2", "C1"), foe("s2", "D1"))
DOOM_FOE = {"keywords": ["Doom"]}
PUSH_WEAKEN = parse_harm("Push target 1. Weaken target 2.")

TARGETS = [
    case("melee-adjacent-foe", "a Melee Attack targets an adjacent Foe", APPENDIX_C, MELEE,
         Play(duel(), melee(fixed=1)),
         {"targets": ("s",), "states": {"s": (1, {})}, "kinds": []}),
    case("melee-foe-not-adjacent-refused", "a Foe two spaces away is no Melee target",
         "Melee Attack", "Affects adjacent Foes.",
         Play(lane(hero_(), foe(at="C1")), melee(fixed=1)),
         {"error": "s is not a legal target of h's melee Attack (legal: none)"}),
    case("melee-up-to-x-of-three", "Melee 2 with three Foes adjacent: the player picks two",
         APPENDIX_C, MELEE,
         Play(THREE_ROUND_B2, melee(fixed=1, targets=2), ("s1", "s3")),
         {"targets": ("s1", "s3"),
          "states": {"s1": (1, {}), "s2": (0, {}), "s3": (1, {})}}),
    case("melee-more-than-x-refused", "Melee 2 cannot take three targets", APPENDIX_C, MELEE,
         Play(THREE_ROUND_B2, melee(fixed=1, targets=2), ("s1", "s2", "s3")),
         {"error": "choose 1 to 2 different targets"}),
    case("target-twice-refused", "the same Foe cannot be two of the targets", APPENDIX_C,
         MELEE,
         Play(THREE_ROUND_B2, melee(fixed=1, targets=2), ("s1", "s1")),
         {"error": "choose 1 to 2 different targets"}),
    case("melee-friend-refused", "an adjacent Friend is no target", "Attack",
         "Figures attempt to cause damage to Foes.",
         Play(lane(hero_("h2", "A1"), hero_("h", "B1"), foe("s", "C1")), melee(fixed=1),
              ("h2",)),
         {"error": "h2 is not a legal target of h's melee Attack (legal: s)"}),
    case("tiny-melee-own-space", "a Tiny Hero may attack the Foe sharing its space", "Tiny",
         "For example, a Tiny figure may attack a Foe in the space it occupies.",
         Play(lane(hero_("h", "B1", keywords=["Tiny"]), foe("s", "B1")), melee(fixed=2)),
         {"targets": ("s",), "states": {"s": (2, {})}}),
    case("ranged-at-range", "Ranged 3 reaches a Foe 3 spaces away", APPENDIX_C, RANGED,
         Play(lane(hero_(), foe(at="D1")), ranged(3)),
         {"targets": ("s",), "states": {"s": (1, {})}}),
    case("ranged-beyond-range-refused", "Ranged 3 does not reach 4 spaces", APPENDIX_C,
         RANGED,
         Play(lane(hero_(), foe(at="E1")), ranged(3)),
         {"error": "s is not a legal target of h's ranged Attack (legal: none)"}),
    case("ranged-around-wall-too-far", "around a Wall the neighbour is 2 away: not Ranged 1",
         APPENDIX_C, RANGED,
         Play(hexes(hero_("h", "A1"), foe("s", "B1"), walls=("A1|B1",)), ranged(1)),
         {"error": "s is not a legal target of h's ranged Attack (legal: none)"}),
    case("ranged-around-wall", "Line of Fire twists around the Wall: Ranged 2 reaches",
         APPENDIX_C, RANGED,
         Play(hexes(hero_("h", "A1"), foe("s", "B1"), walls=("A1|B1",)), ranged(2)),
         {"states": {"s": (1, {})}}),
    case("ranged-wall-blocks", "no Line of Fire through a Wall: no target at any Range",
         "Ranged Attack", "The Line of Fire for a Ranged ` Attack may not go through "
         "Impassable spaces, Walls, closed doors, or Map Edges.",
         Play(lane(hero_(), foe(at="C1"), walls=("B1|C1",)), ranged(6)),
         {"error": "s is not a legal target of h's ranged Attack (legal: none)"}),
    case("ranged-impassable-blocks", "no Line of Fire through an Impassable space",
         APPENDIX_C, RANGED,
         Play(lane(hero_(), foe(at="C1"), grid=LANE_PILLAR), ranged(6)),
         {"error": "s is not a legal target of h's ranged Attack (legal: none)"}),
    case("ranged-adjacent", "a Ranged Attack may target an adjacent Foe", "Ranged Attack",
         "There is no penalty for making a Ranged ` Attack against a Foe in an adjacent "
         "space.",
         Play(duel(), ranged(2)), {"states": {"s": (1, {})}}),
    case("ranged-through-figures", "the Foe the Line of Fire passes is unaffected",
         "Ranged Attack", "If a Ranged ` Attack goes through other figures, those figures "
         "are unaffected.",
         Play(lane(hero_(), foe("s1", "B1"), foe("s2", "C1")), ranged(2), ("s2",)),
         {"targets": ("s2",), "states": {"s1": (0, {}), "s2": (1, {})}}),
    case("burst-foes-not-friends", "a Burst over B1 C1 D1 hits both Foes, not the Friend",
         APPENDIX_C, BURST,
         Play(BURST_LANE, burst("line3"), Burst("B1")),
         {"targets": ("s1", "s2"),
          "states": {"s1": (1, {}), "h2": (0, {}), "s2": (1, {})}}),
    case("burst-needs-placement", "a Burst Attack is aimed by placing its template",
         APPENDIX_C, BURST,
         Play(BURST_LANE, burst("line3"), ("s1",)),
         {"error": "a Burst Attack takes a template placement"}),
    case("placement-only-for-burst", "a Melee Attack cannot be aimed with a template",
         APPENDIX_C, MELEE,
         Play(BURST_LANE, melee(fixed=1), Burst("B1")),
         {"error": "only a Burst Attack takes a template placement"}),
    case("counter-attack-ignores-range", "a Melee Counter Attack hits a trigger 6 away",
         "Counter Attack", "Ignores Range; targets the triggering figure directly.",
         Play(lane(hero_(), foe(at="G1")), melee(fixed=2), counter=True),
         {"targets": ("s",), "states": {"s": (2, {})}}),
    case("counter-attack-friend-refused", "a Counter Attack is against a Foe",
         "Counter Attack", "Reaction allowing an Attack against a triggering figure.",
         Play(lane(hero_(), hero_("h2", "G1")), melee(fixed=2), ("h2",), counter=True),
         {"error": "h2 is not a Foe of h"}),
    case("counter-attack-doom-trigger", "a Counter Attack on a Doom Foe rolls the Doom Die",
         APPENDIX_C, DOOM_DIE,
         Play(lane(hero_(), foe(at="G1", keywords=["Doom"])), melee(dice=1), counter=True,
              rolls=(TWO, BLANK)),
         {"kinds": ["roll-damage", "roll-doom"], "states": {"s": (2, {})}}),
]

DAMAGE = [
    case("dice-add-up", "two Damage Dice showing 1 and 2 deal 3; no Doom Die", APPENDIX_C,
         TOTAL,
         Play(duel(), melee(dice=2), rolls=(ONE, TWO)),
         {"damage": 3, "kinds": ["roll-damage", "roll-damage"], "states": {"s": (3, {})}}),
    case("fixed-damage-rolls-nothing", "a fixed-damage Attack rolls no die", APPENDIX_C,
         FIXED,
         Play(duel(), melee(fixed=3)),
         {"damage": 3, "kinds": [], "states": {"s": (3, {})}}),
    case("extra-dice-rolled-with-the-rest", "Backstab's extra die is rolled and counted",
         APPENDIX_C, DICE_COUNT,
         Play(duel(), melee(dice=1), extra_dice=1, rolls=(TWO, ONE)),
         {"damage": 3, "kinds": ["roll-damage", "roll-damage"]}),
    case("doom-die-at-legend", "at Legend difficulty the Doom Die is rolled", APPENDIX_C,
         DOOM_DIE,
         Play(duel(), melee(dice=1), legend=True, rolls=(TWO, BLANK)),
         {"damage": 2, "kinds": ["roll-damage", "roll-doom"], "states": {"h": (0, {})}}),
    case("doom-die-against-doom-foe", "against a Doom Foe the Doom Die is rolled", "Doom",
         "Icon on some Schemers requiring Doom Die in Attack rolls.",
         Play(duel(s=DOOM_FOE), melee(dice=1), rolls=(TWO, BLANK)),
         {"damage": 2, "kinds": ["roll-damage", "roll-doom"]}),
    case("doom-removes-yellow-die", "Doom: the player removes the 2, leaving 1", APPENDIX_C,
         DOOM_ICON,
         Play(duel(s=DOOM_FOE), melee(dice=2), rolls=(TWO, ONE, DOOM),
              choices=(("doom", RemoveDie(0, TWO)),)),
         {"damage": 1, "kinds": ["roll-damage", "roll-damage", "roll-doom", "doom"],
          "states": {"h": (0, {}), "s": (1, {})}}),
    case("doom-take-one-damage", "Doom: the player keeps the dice and takes 1", APPENDIX_C,
         DOOM_ICON,
         Play(duel(s=DOOM_FOE), melee(dice=2), rolls=(TWO, ONE, DOOM),
              choices=(("doom", TAKE_DOOM),)),
         {"damage": 3, "states": {"h": (1, {}), "s": (3, {})},
          "log": ("h attacks s", "Doom: h takes 1 damage", "damage 3", "s loses 3 Fortitude")}),
    case("doom-take-two-at-legend", "Doom at Legend: the attacker takes 2", APPENDIX_C,
         DOOM_ICON,
         Play(duel(), melee(dice=2), legend=True, rolls=(TWO, ONE, DOOM),
              choices=(("doom", TAKE_DOOM),)),
         {"damage": 3, "states": {"h": (2, {}), "s": (3, {})}}),
    case("doom-cannot-remove-epic-die", "Doom offers the yellow die only, never the Epic Die",
         APPENDIX_E, EPIC_DOOM,
         Play(duel(s=DOOM_FOE), melee(dice=1), pool=1, rolls=(ONE, THREE, DOOM),
              choices=(("empower", 1), ("doom", RemoveDie(0, ONE)))),
         {"options": {"doom": (TAKE_DOOM, RemoveDie(0, ONE))}, "damage": 3, "pool": 0}),
    case("doom-fixed-damage-takes-damage", "Doom with no yellow die: the attacker takes 1",
         APPENDIX_C, DOOM_ICON,
         Play(duel(s=DOOM_FOE), melee(fixed=2), rolls=(DOOM,)),
         {"kinds": ["roll-doom"], "damage": 2, "states": {"h": (1, {}), "s": (2, {})}}),
    case("doom-damage-unavoidable", "the Doom Die's damage cannot be prevented by Toughness",
         "Doom Die", "Affects damage or causes unavoidable damage.",
         Play(duel(h={"tokens": {"toughness": 1}}, s=DOOM_FOE), melee(dice=1),
              rolls=(TWO, DOOM), choices=(("doom", TAKE_DOOM),)),
         {"states": {"h": (1, {"toughness": 1}), "s": (2, {})}}),
    case("crit-adds-one-and-rerolls", "a Critical Hit counts 1 and its reroll (2) adds",
         APPENDIX_C, CRIT_STEP,
         Play(duel(), melee(dice=1), rolls=(CRIT, TWO)),
         {"damage": 3, "kinds": ["roll-damage", "roll-damage"]}),
    case("crit-chain", "a reroll that is a Critical Hit is rerolled again: 1 + 1 + 1",
         "Critical Hit", "Contributes to Attack damage and allows rerolling.",
         Play(duel(), melee(dice=1), rolls=(CRIT, CRIT, ONE)),
         {"damage": 3, "kinds": ["roll-damage"] * 3}),
    case("doom-before-crit-removed", "Doom removes the Critical Hit die: it is not rerolled",
         "Critical Hit", "Resolve Doom Die before rerolling Critical Hits.",
         Play(duel(s=DOOM_FOE), melee(dice=2), rolls=(CRIT, ONE, DOOM),
              choices=(("doom", RemoveDie(0, CRIT)),)),
         {"damage": 1, "kinds": ["roll-damage", "roll-damage", "roll-doom", "doom"]}),
    case("doom-before-crit-kept", "Doom removes the 1; the Critical Hit is rerolled after",
         "Critical Hit", "Resolve Doom Die before rerolling Critical Hits.",
         Play(duel(s=DOOM_FOE), melee(dice=2), rolls=(CRIT, ONE, DOOM, TWO),
              choices=(("doom", RemoveDie(1, ONE)),)),
         {"damage": 3,
          "kinds": ["roll-damage", "roll-damage", "roll-doom", "doom", "roll-damage"]}),
    case("epic-crit-rerolls-epic-die", "an Epic Critical Hit (1 + 1) rerolls the Epic Die (3)",
         APPENDIX_E, "Damage Calculation: Epic Dice hit harder than normal yellow Damage Dice "
         "but otherwise behave like them.",
         Play(duel(), melee(dice=1), pool=1, rolls=(ONE, EPIC_CRIT, THREE),
              choices=(("empower", 1),)),
         {"damage": 6, "kinds": ["empower", "roll-damage", "roll-epic", "roll-epic"],
          "pool": 0}),
    case("inspire-adds-epic-die", "one Inspire icon, empty pool: an Epic Die is added",
         APPENDIX_C, INSPIRE_STEP,
         Play(duel(), melee(dice=1), rolls=(INSPIRE,)),
         {"pool": 1, "damage": 1,
          "log": ("h attacks s", "Inspire: an Epic Die is added to the Epic Pool", "damage 1",
                  "s loses 1 Fortitude")}),
    case("inspire-adds-only-one", "two Inspire icons over an empty pool still add one die",
         APPENDIX_E, EPIC_ADD,
         Play(duel(), melee(dice=2), rolls=(INSPIRE, INSPIRE)),
         {"pool": 1, "damage": 2}),
    case("inspire-must-exceed-pool", "one Inspire icon does not exceed one pooled die",
         APPENDIX_E, EPIC_ADD,
         Play(duel(), melee(dice=1), pool=1, rolls=(INSPIRE,), choices=(("empower", 0),)),
         {"pool": 1}),
    case("inspire-two-over-one", "two Inspire icons exceed one pooled die: pool 2",
         APPENDIX_C, INSPIRE_STEP,
         Play(duel(), melee(dice=2), pool=1, rolls=(INSPIRE, INSPIRE),
              choices=(("empower", 0),)),
         {"pool": 2, "damage": 2}),
    case("inspire-pool-full", "a full pool (1 of 1) takes no Epic Die", "Inspire",
         "No effect if the Epic Pool is full.",
         Play(duel(), melee(dice=2), pool=1, size=1, rolls=(INSPIRE, INSPIRE),
              choices=(("empower", 0),)),
         {"pool": 1, "damage": 2}),
    case("inspire-pool-full-not-logged", "a full pool: the log does not claim a die was added",
         "Inspire", "No effect if the Epic Pool is full.",
         Play(duel(), melee(dice=2), pool=1, size=1, rolls=(INSPIRE, INSPIRE),
              choices=(("empower", 0),)),
         {"log": ("h attacks s", "damage 2", "s loses 2 Fortitude")}),
    case("inspire-not-with-epic-dice", "Inspire on a yellow die counts for nothing in an "
         "Empowered roll", APPENDIX_C, INSPIRE_STEP,
         Play(duel(), melee(dice=1), pool=1, rolls=(INSPIRE, ONE), choices=(("empower", 1),)),
         {"pool": 0, "damage": 2}),
    case("epic-inspire-ignored", "an Epic Die's Inspire icon is ignored", APPENDIX_E,
         EPIC_INSPIRE_IGNORED,
         Play(duel(), melee(dice=1), pool=1, rolls=(BLANK, EPIC_INSPIRE),
              choices=(("empower", 1),)),
         {"pool": 0, "damage": 2}),
    case("inspire-after-doom-removal", "the die Doom removed shows no Inspire icon",
         APPENDIX_E, EPIC_COUNT,
         Play(duel(s=DOOM_FOE), melee(dice=2), rolls=(INSPIRE, TWO, DOOM),
              choices=(("doom", RemoveDie(0, INSPIRE)),)),
         {"pool": 0, "damage": 2}),
    case("inspire-on-crit-reroll", "a Critical Hit rerolled to Inspire counts: pool 1",
         APPENDIX_E, EPIC_COUNT,
         Play(duel(), melee(dice=1), rolls=(CRIT, INSPIRE)),
         {"pool": 1, "damage": 2}),
    case("empower-takes-from-pool", "two Epic Dice from the pool roll with the yellow die",
         "Empowered Attack", "Includes Epic Dice in damage rolls.",
         Play(duel(), melee(dice=1), pool=2, rolls=(ONE, TWO, THREE),
              choices=(("empower", 2),)),
         {"damage": 6, "pool": 0,
          "kinds": ["empower", "roll-damage", "roll-epic", "roll-epic"],
          "options": {"empower": (0, 1, 2)}}),
    case("empower-some", "one Epic Die of three: two stay in the pool", APPENDIX_E, EMPOWER,
         Play(duel(), melee(dice=1), pool=3, rolls=(TWO, TWO), choices=(("empower", 1),)),
         {"damage": 4, "pool": 2}),
    case("fixed-damage-empowered", "fixed 2 Empowered: only the Epic Die is rolled, +3",
         APPENDIX_E, EPIC_FIXED,
         Play(duel(), melee(fixed=2), pool=1, rolls=(THREE,), choices=(("empower", 1),)),
         {"damage": 5, "kinds": ["empower", "roll-epic"], "pool": 0}),
    case("damage-boost-player-chooses", "one of two Damage Boost Tokens spent: +1",
         APPENDIX_C, BOOST,
         Play(duel(h={"tokens": {"damage_boost": 2}}), melee(dice=1), rolls=(TWO,),
              choices=(("damage-boost", 1),)),
         {"damage": 3, "options": {"damage-boost": (0, 1, 2)},
          "states": {"h": (0, {"damage_boost": 1}), "s": (3, {})}}),
    case("damage-boost-all", "both Damage Boost Tokens spent: +2", "Damage Boost Token",
         "Increases damage of Attacks.",
         Play(duel(h={"tokens": {"damage_boost": 2}}), melee(dice=1), rolls=(TWO,),
              choices=(("damage-boost", 2),)),
         {"damage": 4, "states": {"h": (0, {})}}),
    case("weaken-subtracts", "2 Weaken Tokens take 2 off 4, and are discarded", APPENDIX_C,
         WEAKEN,
         Play(duel(h={"tokens": {"weaken": 2}}), melee(dice=2), rolls=(TWO, TWO)),
         {"damage": 2, "states": {"h": (0, {}), "s": (2, {})}}),
    case("weaken-more-than-damage", "3 Weaken Tokens on 1 damage: 0, all three discarded",
         "Weaken Token", "The attacking figure discards all of its Weaken Tokens after the "
         "Attack, even if it had more tokens than the damage the Attack would have dealt.",
         Play(duel(h={"tokens": {"weaken": 3}}), melee(dice=1), rolls=(ONE,)),
         {"damage": 0, "states": {"h": (0, {}), "s": (0, {})}}),
    case("boost-then-weaken", "2 rolled + 1 Boost - 2 Weaken = 1", APPENDIX_C, WEAKEN,
         Play(duel(h={"tokens": {"damage_boost": 1, "weaken": 2}}), melee(dice=1),
              rolls=(TWO,), choices=(("damage-boost", 1),)),
         {"damage": 1, "states": {"h": (0, {})}}),
    case("weaken-fixed-damage", "Weaken reduces fixed damage too: 2 - 1", APPENDIX_C,
         WEAKEN,
         Play(duel(h={"tokens": {"weaken": 1}}), melee(fixed=2)),
         {"damage": 1, "states": {"h": (0, {}), "s": (1, {})}}),
]

PREVENTION = [
    case("schemer-toughness-before-shields", "a Schemer spends Toughness, keeps both Shields",
         "Shield Token", SHIELD_BOTH,
         Play(duel(s={"tokens": {"toughness": 1, "shield": 2}}), melee(fixed=3)),
         {"states": {"s": (0, {"shield": 2})},
          "log": ("h attacks s", "damage 3",
                  "s discards a Toughness Token: no damage, no Harm")}),
    case("schemer-shields-until-zero", "3 damage: a Schemer spends 2 of 3 Shields",
         "Shield Token", SHIELD_SCHEMER,
         Play(duel(s={"tokens": {"shield": 3}}), melee(fixed=3)),
         {"states": {"s": (0, {"shield": 1})}}),
    case("schemer-shields-exhausted", "5 damage against 1 Shield: 3 get through",
         "Shield Token", SHIELD_SCHEMER,
         Play(duel(s={"tokens": {"shield": 1}}), melee(fixed=5)),
         {"states": {"s": (3, {})}}),
    case("boss-refreshes-toughness", "a Boss flipped to Wounded gets its Toughness back",
         "Boss", "Toughness Tokens are refreshed when flipping to Wounded.",
         Play(duel(s={"fortitude": 4, "wounded_fortitude": 10, "toughness_refresh": 2}),
              melee(fixed=5)),
         {"states": {"s": (0, {"toughness": 2})}, "wounded": {"s": (True, 10)}}),
]

HARM = [
    case("harm-per-damaged-target", "Weaken target 1 on each damaged target, not the "
         "shielded one", "Harm", HARM_TARGET,
         Play(lane(hero_(), foe("s1", "B1"), foe("s2", "C1", tokens={"shield": 1}),
                   foe("s3", "D1")), burst("line3", fixed=2, harm="Weaken target 1."),
              Burst("B1")),
         {"states": {"s1": (2, {"weaken": 1}), "s2": (0, {}), "s3": (2, {"weaken": 1})}}),
    case("harm-general-once", "Inspire as Harm adds one die for two damaged targets",
         "Harm", HARM_ONCE,
         Play(lane(hero_(), foe("s1", "B1"), foe("s2", "C1")),
              burst("line3", fixed=2, harm="Inspire."), Burst("B1")),
         {"pool": 1,
          "log": ("h attacks s1, s2", "damage 2", "s1 loses 2 Fortitude",
                  "s2 loses 2 Fortitude", "Harm: Inspire")}),
    case("harm-none-when-all-prevented", "Toughness prevents it all: no Harm of either form",
         APPENDIX_C, HARM_PREVENTED,
         Play(duel(s={"tokens": {"toughness": 1}}),
              melee(fixed=2, harm="Weaken target 1. Inspire.")),
         {"states": {"s": (0, {})}, "pool": 0, "kinds": []}),
    case("harm-none-shields-to-zero", "Shields reduce 2 to 0: no Weaken", "Shield Token",
         SHIELD_HARM,
         Play(duel(s={"tokens": {"shield": 1}}), melee(fixed=2, harm="Weaken target 1.")),
         {"states": {"s": (0, {})}}),
    case("harm-order-players-choice", "Weaken before Push, as the player chose", "Harm",
         HARM_ORDER,
         Play(duel(), melee(fixed=1, harm="Push target 1. Weaken target 2."),
              choices=(("harm-order", tuple(reversed(PUSH_WEAKEN))),)),
         {"decider": {"harm-order": Decider.PLAYER}, "at": {"s": "C1"},
          "states": {"s": (1, {"weaken": 2})},
          "log": ("h attacks s", "damage 1", "s loses 1 Fortitude",
                  "Harm: s gains 2 Weaken Tokens", "Harm: s is pushed to C1")}),
    case("harm-before-removal", "a Defeated target gets its Harm, then is removed",
         APPENDIX_C, REMOVE,
         Play(duel(s={"fortitude": 2}), melee(fixed=3, harm="Weaken target 1.")),
         {"defeated": ("s",), "states": {"s": None},
          "log": ("h attacks s", "damage 3", "s loses 2 Fortitude and is Defeated",
                  "Harm: s gains 1 Weaken Token", "Defeated and removed: s")}),
    case("harm-heal-once", "Heal 2 as Harm heals the attacker once for two targets",
         "Harm", HARM_ONCE,
         Play(lane(hero_(damage=3), foe("s1", "B1"), foe("s2", "C1")),
              burst("line3", fixed=1, harm="Heal 2."), Burst("B1")),
         {"states": {"h": (1, {})}}),
    case("harm-big-bad", "a Big Bad gains 1 of Weaken 2 and no Stun", "Big Bad",
         "Reduces Debuff Tokens gained by one.",
         Play(duel(s={"keywords": ["Big Bad"]}),
              melee(fixed=1, harm="Weaken target 2. Stun target."),
              choices=(("harm-order", parse_harm("Weaken target 2. Stun target.")),)),
         {"states": {"s": (1, {"weaken": 1})}}),
    case("harm-disarm-players-choose", "Disarm target 1: the players pick the Schemer's token",
         "Disarm X", "Affected figure discards X Power Tokens.",
         Play(duel(s={"tokens": {"evade": 1, "reset": 1}}),
              melee(fixed=1, harm="Disarm target 1."), choices=(("disarm", Token.EVADE),)),
         {"states": {"s": (1, {"reset": 1})}, "decider": {"disarm": Decider.TABLE},
          "options": {"disarm": (Token.EVADE, Token.RESET)}}),
    case("harm-averted-by-hitback", "a Schemer that hits back Averts the Weaken",
         "Hitback Token", HB_EFFECT,
         Play(duel(s={"tokens": {"hitback": 1}}), melee(fixed=1, harm="Weaken target 1.")),
         {"states": {"s": (1, {}), "h": (2, {})}, "averted": ("s",)}),
    case("harm-general-all-avert", "both targets hit back: the Harm Inspire does not happen",
         "Avert Harm", AVERT_ALL,
         Play(lane(hero_(), foe("s1", "B1", tokens={"hitback": 1}),
                   foe("s2", "C1", tokens={"hitback": 1})),
              burst("line3", fixed=1, harm="Inspire."), Burst("B1")),
         {"pool": 0, "averted": ("s1", "s2"), "states": {"h": (4, {})}}),
    case("harm-general-one-does-not-avert", "one target hits back, one does not: Inspire",
         "Harm", "No “target” or “target(s)”: If the Harm effect does not include the word "
         "“target” or “target(s)”, the effect happens once as long as at least one target "
         "lost Fortitude and did not Ignore the Harm with an Avert Harm effect.",
         Play(lane(hero_(), foe("s1", "B1", tokens={"hitback": 1}), foe("s2", "C1")),
              burst("line3", fixed=1, harm="Inspire."), Burst("B1")),
         {"pool": 1, "averted": ("s1",), "states": {"h": (2, {})}}),
]

SPLASH_HEX = (hero_("h", "B1"), foe("s1", "C1"), hero_("h2", "C2"), foe("s3", "E1"))

SPLASH = [
    case("splash-adjacent-foes", "Splash 1 hits the Foe next to the target, not the Friend",
         "Splash", SPLASH_FRIENDS,
         Play(hexes(*SPLASH_HEX, foe("s2", "D1")), melee(fixed=2, splash=1), ("s1",)),
         {"splashed": ("s2",),
          "states": {"s1": (2, {}), "s2": (1, {}), "h2": (0, {}), "s3": (0, {})}}),
    case("splash-not-on-targets", "a target next to another target takes no Splash",
         "Splash", SPLASH_EFFECT,
         Play(hexes(hero_("h", "B1"), foe("s1", "C1"), foe("s2", "D1"), foe("s3", "D2")),
              burst("line3", fixed=2, splash=1), Burst("C1")),
         {"targets": ("s1", "s2"), "splashed": ("s3",),
          "states": {"s1": (2, {}), "s2": (2, {}), "s3": (1, {})}}),
    case("splash-no-hitback", "Splash damage does not make a Schemer hit back",
         "Hitback Token", HB_NON_ATTACK,
         Play(hexes(*SPLASH_HEX, foe("s2", "D1", tokens={"hitback": 1})),
              melee(fixed=2, splash=1), ("s1",)),
         {"states": {"s2": (1, {"hitback": 1}), "h": (0, {})}}),
    case("splash-prevented-by-shield", "a Schemer's Shield prevents Splash (any source)",
         "Shield Token", SHIELD_SCHEMER,
         Play(hexes(*SPLASH_HEX, foe("s2", "D1", tokens={"shield": 1})),
              melee(fixed=2, splash=1), ("s1",)),
         {"states": {"s2": (0, {})}}),
    case("splash-even-if-target-unhurt", "Splash (not Harm) lands though Toughness saved the "
         "target", "Splash", SPLASH_EFFECT,
         Play(hexes(hero_("h", "B1"), foe("s1", "C1", tokens={"toughness": 1}),
                    foe("s2", "D1")), melee(fixed=2, splash=1), ("s1",)),
         {"states": {"s1": (0, {}), "s2": (1, {})}, "splashed": ("s2",)}),
    case("splash-two-instances", "Harm Splash and Splash: Toughness stops one, the other "
         "lands", "Splash", "If an Attack has multiple instances of Splash, they resolve "
         "separately.",
         Play(hexes(*SPLASH_HEX, foe("s2", "D1", tokens={"toughness": 1})),
              melee(fixed=2, splash=1, harm="Splash 1."), ("s1",)),
         {"states": {"s2": (1, {})},
          "log": ("h attacks s1", "damage 2", "s1 loses 2 Fortitude",
                  "Harm, Splash: s2 takes 0", "Splash: s2 takes 1")}),
    case("splash-from-pre-evade-space", "the target Evades B1 -> F1: Splash hits C1, not G1",
         "Splash", SPLASH_EVADE,
         Play(lane(hero_("hb", "A1", keywords=["Berserk"]), hero_("h2", "B1",
                   tokens={"evade": 2}), foe("s1", "C1"), foe("s2", "G1")),
              melee(fixed=1, splash=1), ("h2",), attacker="hb",
              choices=(("evade", 2), ("evade-leap", "F1"))),
         {"at": {"h2": "F1"}, "splashed": ("s1",),
          "states": {"h2": (1, {}), "s1": (1, {}), "s2": (0, {})}}),
]

HITBACK = [
    case("hitback-all-tokens", "a Schemer hits back with both tokens: 2 + 2, separately",
         "Hitback Token", HB_INSTANCES,
         Play(duel(s={"tokens": {"hitback": 2}}), melee(fixed=1)),
         {"states": {"s": (1, {}), "h": (4, {})},
          "log": ("h attacks s", "damage 1", "s loses 1 Fortitude", "Hitback: h takes 2",
                  "Hitback: h takes 2")}),
    case("hitback-toughness-one-instance", "Toughness stops one Hitback instance of two",
         "Hitback Token", HB_MITIGATE,
         Play(duel(h={"tokens": {"toughness": 1}}, s={"tokens": {"hitback": 2}}),
              melee(fixed=1), choices=(("toughness", True),)),
         {"kinds": ["toughness"], "states": {"h": (2, {}), "s": (1, {})}}),
    case("hitback-shields", "a Shield against each Hitback instance", "Hitback Token",
         HB_MITIGATE,
         Play(duel(h={"tokens": {"shield": 2}}, s={"tokens": {"hitback": 2}}),
              melee(fixed=1), choices=(("shields", 1), ("shields", 1))),
         {"states": {"h": (0, {})}}),
    case("hitback-avoided-attacker", "an Avoided attacker is not hit back; Harm still lands",
         "Hitback Token", HB_AVOIDED,
         Play(duel(h={"keywords": ["Avoided"]}, s={"tokens": {"hitback": 1}}),
              melee(fixed=1, harm="Weaken target 1.")),
         {"states": {"h": (0, {}), "s": (1, {"hitback": 1, "weaken": 1})}, "averted": ()}),
    case("hitback-pooky", "Pooky (Tiny, Avoided) is not hit back", "Hitback Token",
         HB_POOKY,
         Play(duel(h={"role": "pooky", "keywords": ["Tiny", "Avoided"]},
                   s={"tokens": {"hitback": 1}}), melee(fixed=1)),
         {"states": {"h": (0, {}), "s": (1, {"hitback": 1})}}),
    case("hitback-pooky-by-role", "Pooky is not hit back even without the keyword written",
         "Hitback Token", HB_POOKY,
         Play(duel(h={"role": "pooky", "keywords": ["Tiny"]}, s={"tokens": {"hitback": 1}}),
              melee(fixed=1)),
         {"states": {"h": (0, {}), "s": (1, {"hitback": 1})}}),
    case("hitback-needs-damage", "all damage prevented by Shields: no Hitback, token kept",
         "Hitback Token", HB_NEEDS_DAMAGE,
         Play(duel(s={"tokens": {"shield": 1, "hitback": 1}}), melee(fixed=2)),
         {"states": {"s": (0, {"hitback": 1}), "h": (0, {})}}),
    case("hitback-lethal", "a Schemer Defeated by the Attack still hits back first",
         "Hitback Token", HB_LETHAL,
         Play(duel(s={"fortitude": 2, "tokens": {"hitback": 1}}), melee(fixed=3)),
         {"states": {"s": None, "h": (2, {})}, "defeated": ("s",),
          "log": ("h attacks s", "damage 3", "s loses 2 Fortitude and is Defeated",
                  "Hitback: h takes 2", "Defeated and removed: s")}),
    case("hitback-not-answered-by-hitback", "the attacker's own Hitback Token does not answer",
         "Hitback Token", HB_MITIGATE,
         Play(duel(h={"tokens": {"hitback": 1}}, s={"tokens": {"hitback": 1}}),
              melee(fixed=1)),
         {"kinds": [], "states": {"h": (2, {"hitback": 1}), "s": (1, {})}}),
    case("hitback-ignores-boost-and-weaken", "the hitting-back Schemer's Weaken and Boost "
         "change nothing and stay", "Hitback Token", HB_EXCEPTIONS,
         Play(duel(s={"tokens": {"hitback": 1, "weaken": 2, "damage_boost": 1}}),
              melee(fixed=1)),
         {"states": {"h": (2, {}), "s": (1, {"damage_boost": 1, "weaken": 2})}}),
    case("hitback-damage-flag", "CombatRules(hitback_damage=1): the attacker takes 1",
         "Hitback Token", HB_EFFECT,
         Play(duel(s={"tokens": {"hitback": 1}}), melee(fixed=1), hitback=1),
         {"states": {"h": (1, {})}}),
    case("hitback-wounds-attacker", "Hitback 2 on a Hero 1 short: Wounded, excess ignored",
         "Wounded", WOUNDED_EXCESS,
         Play(duel(h={"damage": 5}, s={"tokens": {"hitback": 1}}), melee(fixed=1)),
         {"states": {"h": (0, {})}, "wounded": {"h": (True, 8)}}),
]

PLAYER_ROWS = TARGETS + DAMAGE + PREVENTION + HARM + SPLASH + HITBACK


@pytest.mark.parametrize(("rule", "row", "expect"), PLAYER_ROWS)
def test_player_attack(rule: Rule, row: Play, expect: Expect) -> None:
    if "error" in expect:
        with pytest.raises(IllegalChoice, match=re.escape(expect["error"])):
            attack(row)
        return
    result, script = attack(row)
    assert observe(result, script, expect) == expect, rule


# --- rows: Schemer Attacks -------------------------------------------------------------------

PAIR = hexes(foe("s", "B1"), hero_("h1", "A1"), hero_("h2", "C1"))
SPLASHED_HEROES = (foe("s", "B1"), hero_("h2", "D1"), foe("s2", "C2"), hero_("h3", "E1"))

SCHEMER = [
    case("schemer-deals-damage", "Melee 2 on the adjacent Hero", APPENDIX_C,
         "Schemer deals calculated damage to each target.",
         Scheme(facing(), scheme(2)),
         {"damage": 2, "kinds": [], "states": {"h": (2, {})},
          "log": ("s attacks h for 2", "h loses 2 Fortitude")}),
    case("schemer-boosts-all-discarded", "2 Damage Boost Tokens: 2 + 2, both discarded",
         APPENDIX_C, S_BOOST,
         Scheme(facing(s={"tokens": {"damage_boost": 2}}), scheme(2)),
         {"damage": 4, "states": {"h": (4, {}), "s": (0, {})}}),
    case("schemer-weaken-minimum-zero", "3 Weaken Tokens on 2: 0, all discarded, nothing to "
         "defend", APPENDIX_C, S_WEAKEN,
         Scheme(facing(s={"tokens": {"weaken": 3}}), scheme(2), pool=1),
         {"damage": 0, "kinds": [], "pool": 1, "states": {"h": (0, {}), "s": (0, {})}}),
    case("schemer-boost-and-weaken", "3 + 1 Boost - 2 Weaken = 2, tokens gone", APPENDIX_C,
         S_WEAKEN,
         Scheme(facing(s={"tokens": {"damage_boost": 1, "weaken": 2}}), scheme(3)),
         {"damage": 2, "states": {"h": (2, {}), "s": (0, {})}}),
    case("hero-toughness", "the Hero's player spends Toughness: no damage, no Stun",
         "Toughness Token", TOUGH_PLAYER,
         Scheme(facing(h={"tokens": {"toughness": 1}}), scheme(3, harm="Stun target."),
                choices=(("toughness", True),)),
         {"kinds": ["toughness"], "states": {"h": (0, {})},
          "log": ("s attacks h for 3", "h discards a Toughness Token: no damage, no Harm")}),
    case("hero-declines-toughness", "the player may keep the Toughness Token", APPENDIX_C,
         S_PREVENT,
         Scheme(facing(h={"tokens": {"toughness": 1}}), scheme(3),
                choices=(("toughness", False),)),
         {"states": {"h": (3, {"toughness": 1})}}),
    case("hero-shields-chosen", "3 damage: 0-2 Shields offered, one spent, 1 gets through",
         "Shield Token", SHIELD_PLAYER,
         Scheme(facing(h={"tokens": {"shield": 3}}), scheme(3), choices=(("shields", 1),)),
         {"options": {"shields": (0, 1, 2)}, "states": {"h": (1, {"shield": 2})}}),
    case("epic-defence-every-target", "one Epic Die: 3 - 2 to each of two targets",
         APPENDIX_E, EPIC_MULTI,
         Scheme(PAIR, scheme(3, targets=2), ("h1", "h2"), pool=1,
                choices=(("epic-defence", 1),)),
         {"decider": {"epic-defence": Decider.TABLE}, "pool": 0, "damage": 1,
          "states": {"h1": (1, {}), "h2": (1, {})},
          "log": ("s attacks h1, h2 for 3", "1 Epic Dice discarded: damage 1",
                  "h1 loses 1 Fortitude", "h2 loses 1 Fortitude")}),
    case("epic-defence-to-zero", "two Epic Dice take 3 to 0: no damage, no Stun",
         APPENDIX_E, EPIC_DEFENCE,
         Scheme(PAIR, scheme(3, targets=2, harm="Stun target."), ("h1", "h2"), pool=2,
                choices=(("epic-defence", 2),)),
         {"pool": 0, "states": {"h1": (0, {}), "h2": (0, {})}}),
    case("epic-defence-before-toughness", "two Epic Dice take 3 to 0: Toughness is not asked "
         "for", APPENDIX_E, "Timing: Before a Schemer deals damage with an Attack, you may "
         "discard any number of Epic Dice from the Epic Pool to reduce that damage.",
         Scheme(hexes(foe("s", "B1"), hero_("h1", "A1", tokens={"toughness": 1}),
                      hero_("h2", "C1")), scheme(3, targets=2), ("h1", "h2"), pool=2,
                choices=(("epic-defence", 2),)),
         {"kinds": ["epic-defence"], "states": {"h1": (0, {"toughness": 1}), "h2": (0, {})}}),
    case("schemer-no-target-keeps-weaken", "an Attack with no target: the Schemer did not "
         "attack and keeps its tokens", "Weaken Token", "If a figure with Weaken Tokens does "
         "not attack on its turn, it keeps its Weaken Tokens.",
         Scheme(facing(s={"tokens": {"weaken": 2, "damage_boost": 1}}), scheme(2), ()),
         {"states": {"s": (0, {"damage_boost": 1, "weaken": 2})}}),
    case("evade-averts-harm-and-leaps", "Evade: damage taken, no Stun, Leap 2 to E1",
         "Evade Token", EVADE_EFFECT,
         Scheme(facing(h={"tokens": {"evade": 1}}), scheme(2, harm="Stun target."),
                choices=(("evade", 1), ("evade-leap", "E1"))),
         {"options": {"evade-leap": ("A1", "C1", "D1", "E1")}, "at": {"h": "E1"},
          "averted": ("h",), "states": {"h": (2, {})}}),
    case("evade-tokens-summed", "two Evade Tokens: one Leap 4", "Evade Token", EVADE_SUM,
         Scheme(facing(h={"tokens": {"evade": 2}}), scheme(2),
                choices=(("evade", 2), ("evade-leap", "G1"))),
         {"options": {"evade-leap": ("A1", "C1", "D1", "E1", "F1", "G1")}, "at": {"h": "G1"},
          "states": {"h": (2, {})}}),
    case("evade-one-of-two", "one Evade Token of two: Leap 2, one kept", "Evade Token",
         EVADE_EFFECT,
         Scheme(facing(h={"tokens": {"evade": 2}}), scheme(2),
                choices=(("evade", 1), ("evade-leap", "D1"))),
         {"options": {"evade-leap": ("A1", "C1", "D1", "E1")}, "at": {"h": "D1"},
          "states": {"h": (2, {"evade": 1})}}),
    case("evade-needs-damage", "Toughness prevented it all: no Evade offered, token kept",
         "Evade Token", EVADE_DAMAGE,
         Scheme(facing(h={"tokens": {"toughness": 1, "evade": 1}}),
                scheme(2, harm="Stun target."), choices=(("toughness", True),)),
         {"kinds": ["toughness"], "states": {"h": (0, {"evade": 1})}, "at": {"h": "C1"}}),
    case("evade-declined", "no Evade Token spent: the Stun lands", "Harm", HARM_TARGET,
         Scheme(facing(h={"tokens": {"evade": 1}}), scheme(2, harm="Stun target."),
                choices=(("evade", 0),)),
         {"states": {"h": (2, {"evade": 1, "stun": 1})}, "averted": ()}),
    case("hero-hitback", "the Hero hits back: the Schemer takes 2, no Stun", "Hitback Token",
         HB_EFFECT,
         Scheme(facing(h={"tokens": {"hitback": 1}}), scheme(2, harm="Stun target."),
                choices=(("hitback", 1),)),
         {"states": {"h": (2, {}), "s": (2, {})}, "averted": ("h",),
          "log": ("s attacks h for 2", "h loses 2 Fortitude", "Hitback: s takes 2")}),
    case("hero-hitback-schemer-shield", "the Schemer's Shield stops the Hitback damage",
         "Shield Token", SHIELD_SCHEMER,
         Scheme(facing(h={"tokens": {"hitback": 1}}, s={"tokens": {"shield": 1}}),
                scheme(2), choices=(("hitback", 1),)),
         {"states": {"s": (0, {})}}),
    case("hero-hitback-needs-damage", "Toughness used: no Hitback offered, token kept",
         "Hitback Token", HB_NEEDS_DAMAGE,
         Scheme(facing(h={"tokens": {"toughness": 1, "hitback": 1}}), scheme(2),
                choices=(("toughness", True),)),
         {"kinds": ["toughness"], "states": {"h": (0, {"hitback": 1}), "s": (0, {})}}),
    case("harm-splash-foes-only", "Splash 1 as Harm: the Hero next to the target, not the "
         "Schemer", "Splash", SPLASH_HARM,
         Scheme(hexes(*SPLASHED_HEROES, hero_("h1", "C1")), scheme(2, harm="Splash 1."),
                ("h1",)),
         {"states": {"h1": (2, {}), "h2": (1, {}), "s2": (0, {}), "h3": (0, {})}}),
    case("harm-splash-averted", "the target Evades (staying put): no Harm Splash", "Splash",
         SPLASH_HARM,
         Scheme(hexes(*SPLASHED_HEROES, hero_("h1", "C1", tokens={"evade": 1})),
                scheme(2, harm="Splash 1."), ("h1",),
                choices=(("evade", 1), ("evade-leap", "C1"))),
         {"states": {"h1": (2, {}), "h2": (0, {})}, "averted": ("h1",)}),
    case("harm-splash-not-avoided", "a Schemer's Harm Splash passes over an Avoided Hero",
         "Avoided", "Schemers cannot target or interact with Avoided figures.",
         Scheme(hexes(foe("s", "B1"), hero_("h1", "C1"), hero_("h2", "D1",
                      keywords=["Avoided"])), scheme(2, harm="Splash 1."), ("h1",)),
         {"states": {"h1": (2, {}), "h2": (0, {})}}),
    case("wounded-at-equal", "3 damage on Fortitude 3 Wounds (equal is enough)", "Wounded",
         WOUNDED_FLIP,
         Scheme(facing(h={"fortitude": 3, "wounded_fortitude": 5}), scheme(3)),
         {"states": {"h": (0, {})}, "wounded": {"h": (True, 5)}, "defeated": ()}),
    case("wounded-excess-ignored", "5 damage on Fortitude 3: Wounded with 0 damage",
         "Wounded", WOUNDED_EXCESS,
         Scheme(facing(h={"fortitude": 3, "wounded_fortitude": 5}), scheme(5)),
         {"states": {"h": (0, {})}, "wounded": {"h": (True, 5)}}),
    case("wounded-hero-defeated", "a Wounded Hero reaching Fortitude is removed", APPENDIX_C,
         REMOVE,
         Scheme(facing(h={"wounded": True, "fortitude": 4, "damage": 2}), scheme(2)),
         {"defeated": ("h",), "states": {"h": None}}),
]


@pytest.mark.parametrize(("rule", "row", "expect"), SCHEMER)
def test_schemer_attack(rule: Rule, row: Scheme, expect: Expect) -> None:
    result, script = attack(row)
    assert observe(result, script, expect) == expect, rule


# --- rows: Attacks one after another -------------------------------------------------------

SEQUENCES = [
    case("toughness-one-schemer-attack", "a Hero's Toughness stops the first of two Schemers' "
         "Attacks, not the second", "Toughness Token", TOUGH_ONCE,
         lane(foe("s1", "A1"), hero_("h", "B1", tokens={"toughness": 1}), foe("s2", "C1")),
         [Scheme(None, scheme(2), attacker="s1", choices=(("toughness", True),)),
          Scheme(None, scheme(3), attacker="s2")],
         {"h": (3, {})}),
    case("toughness-one-hero-attack", "a Schemer's Toughness stops the first of two Attacks",
         "Toughness Token", "When a Schemer would be dealt damage from any source, it "
         "discards a Toughness Token if it has one.",
         lane(hero_("h1", "A1"), foe("s", "B1", tokens={"toughness": 1}), hero_("h2", "C1")),
         [Play(None, melee(fixed=2), attacker="h1"), Play(None, melee(fixed=2), attacker="h2")],
         {"s": (2, {})}),
    case("boss-refreshed-toughness-used", "the refreshed Toughness stops the next Attack",
         "Boss", "Toughness Tokens are refreshed when flipping to Wounded.",
         duel(s={"fortitude": 4, "wounded_fortitude": 10, "toughness_refresh": 2}),
         [Play(None, melee(fixed=5)), Play(None, melee(fixed=3))],
         {"s": (0, {"toughness": 1})}),
]


@pytest.mark.parametrize(("rule", "position", "steps", "states"), SEQUENCES)
def test_attacks_in_turn(rule: Rule, position: Position, steps: list[Play | Scheme],
                         states: dict[str, Any]) -> None:
    for step in steps:
        result, _ = attack(step, position)
        position = result.battle.position
    assert {f: state(position, f) for f in states} == states, rule
